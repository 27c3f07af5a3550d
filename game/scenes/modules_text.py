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


def module_name(entry: str, lang: str | None = None) -> str:
    """A module as a player reads it: 'identical_board:20' -> 'Identical duchy 20'."""
    mid, param = split_module(entry)
    key = f"module.{mid}"
    if not i18n.has(key):
        return display_name(entry)
    name = i18n.tr(key, lang)
    return f"{name} {display_name(param)}" if param else name


def module_about(mid: str, rules: str, lang: str | None = None) -> str:
    """What a module is, in the form the rule set ``rules`` plays it."""
    form = MODULES[mid].forms.get(rules, "se")
    key = f"setup.module.tip.{mid}.{form}"
    return i18n.tr(key if i18n.has(key) else f"setup.module.tip.{mid}", lang)


def module_summary(mid: str, lang: str | None = None) -> str:
    """A module in one short line."""
    return i18n.tr(f"setup.module.about.{mid}", lang)


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
    # Each module alone, with a board mode and seats that restrict nothing: what it needs.
    for entry, mid in zip(entries, ids):
        if fails([entry], "free", False):
            need = next((o for o in modules_offered(rules)
                         if o != mid and not fails([entry, o], "free", False)), None)
            if need is not None:
                return ModuleReason("setup.module.why.needs", message, module=mid, other=need)
            return ModuleReason("setup.module.why.other", message)
    # Pairs that exclude each other.
    for i, a in enumerate(entries):
        for b in entries[i + 1:]:
            if fails([a, b], "free", False):
                return ModuleReason("setup.module.why.excludes", message,
                                    module=split_module(a)[0], other=split_module(b)[0])
    for entry, mid in zip(entries, ids):
        if fails([entry], board_mode, False):
            return ModuleReason("setup.module.why.basic", message, module=mid)
        if fails([entry], "free", chateauma):
            return ModuleReason("setup.module.why.chateauma", message, module=mid)
    return ModuleReason("setup.module.why.other", message)
