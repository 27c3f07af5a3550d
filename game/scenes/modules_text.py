"""The expansion modules in words: their names, what each is (in the form the rule set
plays it), and why a combination cannot be chosen. No pygame.

Whether modules combine is the rules' decision (`check_modules`); the reason shown is found
by asking the rules about smaller combinations, so nothing here repeats a rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import MODULES, check_modules, modules_offered, split_module
from . import i18n
from .persistence import display_name


def rules_name(rules: str) -> str:
    key = f"setup.rules.{rules}"
    return i18n.tr(key) if i18n.has(key) else rules


def module_name(entry: str, lang: str | None = None) -> str:
    """A module as a player reads it: 'identical_board:20' -> 'Identical duchy 20'."""
    mid, param = split_module(entry)
    key = f"module.{mid}"
    if not i18n.has(key):
        return display_name(entry)
    if param and i18n.has(f"{key}.{param}"):  # its own words: 'Trade routes, arranged'
        return i18n.tr(f"{key}.{param}", lang)
    name = i18n.tr(key, lang)
    if param and i18n.has(f"{key}.param"):  # 'solo:target=45' -> 'Solo game, target 45'
        return i18n.tr(f"{key}.param", lang, name=name, value=param.partition("=")[2])
    return f"{name} {display_name(param)}" if param else name


def _in_form(key: str, mid: str, rules: str, lang: str | None) -> str:
    """``key`` for the form the rule set plays the module in, where that form has its own
    words (the 2011 sheets' park and goats, alea 2019's bridge), else the Special
    Edition's."""
    form = MODULES[mid].forms.get(rules, "se")
    return i18n.tr(f"{key}.{form}" if i18n.has(f"{key}.{form}") else key, lang)


def module_about(mid: str, rules: str, lang: str | None = None) -> str:
    """What a module is, in the form the rule set ``rules`` plays it."""
    return _in_form(f"setup.module.tip.{mid}", mid, rules, lang)


def module_summary(mid: str, rules: str, lang: str | None = None) -> str:
    """A module in one short line."""
    return _in_form(f"setup.module.about.{mid}", mid, rules, lang)


class ModuleReason(ValueError):
    """Why a set of modules cannot be played, as a message in the player's language."""

    def __init__(self, key: str, rules_message: str, **params: str) -> None:
        self.key = key
        self.params = params
        self.rules_message = rules_message
        super().__init__(rules_message)

    def message(self, lang: str | None = None) -> str:
        if self.key == "setup.module.why.other":
            return i18n.tr(self.key, lang, message=self.rules_message)
        names = {k: module_name(v, lang) for k, v in self.params.items()}
        return i18n.tr(self.key, lang, **names)


def modules_reason(rules: str, modules: Sequence[str], board_mode: str, chateauma: bool,
                   focus: str | None = None) -> ModuleReason | None:
    """None when the rules accept these modules; else the reason, named by the modules it
    concerns (``focus`` first, the module being switched). The rules' own message is kept
    for any case the wording here lacks."""
    def fails(mods: Sequence[str], mode: str = board_mode, cm: bool = chateauma) -> str | None:
        try:
            check_modules(rules, tuple(mods), mode, cm)
        except ValueError as exc:
            return str(exc)
        return None

    message = fails(modules)
    if message is None:
        return None
    entries = sorted(modules, key=lambda e: split_module(e)[0] != focus)
    ids = [split_module(e)[0] for e in entries]
    if any(m not in MODULES or m not in modules_offered(rules) for m in ids):
        return ModuleReason("setup.module.why.other", message)

    def need(entry: str) -> str | None:
        """The module another needs to be played at all (with a board mode and seats
        that restrict nothing), or None when it plays alone."""
        if not fails([entry], "free", False):
            return None
        mid = split_module(entry)[0]
        return next((o for o in modules_offered(rules)
                     if o != mid and not fails([entry, o], "free", False)), "")

    def with_needs(entry: str) -> list[str]:
        needed = need(entry)
        return [entry] + ([needed] if needed else [])

    # Pairs that exclude each other, each with what it needs.
    for i, a in enumerate(entries):
        for b in entries[i + 1:]:
            both = {split_module(e)[0]: e for e in with_needs(a) + with_needs(b)}
            if fails(list(both.values()), "free", False):
                return ModuleReason("setup.module.why.excludes", message,
                                    module=split_module(a)[0], other=split_module(b)[0])
    for entry, mid in zip(entries, ids):
        wanted = need(entry)
        if wanted:
            return ModuleReason("setup.module.why.needs", message, module=mid, other=wanted)
        if wanted == "":
            return ModuleReason("setup.module.why.other", message)
    for entry, mid in zip(entries, ids):
        if fails([entry], board_mode, False):
            return ModuleReason("setup.module.why.basic", message, module=mid)
        if fails([entry], "free", chateauma):
            return ModuleReason("setup.module.why.chateauma", message, module=mid)
    return ModuleReason("setup.module.why.other", message)
