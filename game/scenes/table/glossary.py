"""The rules reference at the table: a searchable glossary of every rule, tile and
building the game in play uses: its rule set's own rules, its monastery tiles worded by
that rule set, and Châteauma with its modifiers when it plays.

It is the title's rules reference (rules_reference.py), its page and its search, over
more entries: typing filters them (every word typed must occur in an entry's name or
text, case and accents aside); Backspace deletes a letter, Escape clears the search and
then closes.
"""

from __future__ import annotations

from ...rules import KINDS, GameConfig, rule_set, split_module
from ...rules import parse_chateauma_difficulty as parse_difficulty
from .. import i18n
from ..art import faces
from ..context import ClientContext
from ..modules_text import module_about, module_name
from ..rules_reference import Block, Entry, RulesReferenceScene, reference_entries
from .estate_view import white_die_range
from .seam import TABLE_MODULES
from .tips import knowledge_text, tile_tip
from .view import face_of

# Each module tile's face, to find the kind (and so the module) it belongs to.
KIND_BY_FACE = {face_of(k.id): k for k in KINDS if k.module is not None}


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _paragraphs(*texts: str) -> tuple[Block, ...]:
    return tuple(Block("paragraph", text) for text in texts)


def entries(config: GameConfig) -> list[Entry]:
    """Every glossary entry in the current language: the rules reference by section, the
    rule set's own rules, Châteauma when it plays, the tiles, the buildings and monastery
    tiles 1-26 as the rule set words them."""
    rules = config.rules
    found = reference_entries()
    purchase = "during" if rule_set(rules).purchase_during_effects else "between"
    modules = ", ".join(module_name(m) for m in config.modules) or i18n.tr("setup.modules.none")
    found.append(Entry(i18n.tr("glossary.rule_set", name=i18n.tr(f"setup.rules.{rules}")),
                       _paragraphs(i18n.tr(f"setup.rules.about.{rules}"),
                                   i18n.tr(f"glossary.purchase.{purchase}"),
                                   i18n.tr("glossary.modules", modules=modules))))
    for entry in config.modules:
        mid = split_module(entry)[0]
        found.append(Entry(module_name(entry), _paragraphs(module_about(mid, rules))))
        table_module = TABLE_MODULES.get(mid)
        if table_module is not None:
            found += [Entry(name, _paragraphs(text))
                      for name, text in table_module.glossary(module_name(entry))]
    if config.chateauma is not None:
        found.append(Entry("Châteauma", _paragraphs(
            i18n.tr("setup.chateauma.tip"),
            i18n.tr("glossary.chateauma.turn", left=white_die_range(0),
                    right=white_die_range(1)),
            i18n.tr("glossary.chateauma.end"),
            *(i18n.tr(f"setup.modifier.tip.{m}")
              for m in parse_difficulty(config.chateauma).modifiers))))
    for category in ("castle", "mine", "ship"):
        found.append(Entry(i18n.tr(f"term.{category}"),
                           _paragraphs(_sentence(i18n.tr(f"tip.{category}"))),
                           faces.TileFace(category)))
    found.append(Entry(i18n.tr("term.animal"), _paragraphs(i18n.tr("glossary.animal")),
                       faces.animal("cow", 3)))
    for building in faces.BUILDINGS:
        found.append(Entry(i18n.tr(f"building.{building}"),
                           _paragraphs(_sentence(i18n.tr(f"tip.building.{building}"))),
                           faces.building(building)))
    for number in faces.KNOWLEDGE_NUMBERS:
        tile = faces.monastery(number, rules)
        found.append(Entry(_sentence(tile.label()), _paragraphs(knowledge_text(number, rules)),
                           tile))
    found.extend(_module_tiles(config))
    return found


def _module_tiles(config: GameConfig) -> list[Entry]:
    """The tiles the modules in play add, as the rule set prints them."""
    found = []
    for face in faces.module_faces(config.rules):
        kind = KIND_BY_FACE.get(face)
        if kind is None or kind.module is None or not config.has_module(kind.module) or \
                face not in faces.fronts_in_form(config.module_form(kind.module), config.rules,
                                                 kind.module):
            continue
        if face.category == "monastery":
            text = knowledge_text(face.knowledge, config.rules)
        else:
            text = (tile_tip(kind.name, config.rules) or "").partition(": ")[2]
        found.append(Entry(_sentence(face.label()), _paragraphs(_sentence(text)), face))
    return found


class GlossaryScene(RulesReferenceScene):
    """The glossary over the table (F1, or Rules in the pause menu)."""

    TITLE = "glossary.title"
    SEARCH_HINT = "glossary.search"

    def __init__(self, ctx: ClientContext, config: GameConfig) -> None:
        super().__init__(ctx)
        self.config = config

    def entries(self) -> list[Entry]:
        return entries(self.config)
