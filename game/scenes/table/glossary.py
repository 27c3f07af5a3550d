"""The rules reference at the table: a searchable glossary of every rule, tile and
building the game in play uses: its rule set's own rules, its monastery tiles worded by
that rule set, and Châteauma with its modifiers when it plays.

Typing filters the entries (every word typed must occur in an entry's name or text,
case and accents aside);
Backspace deletes a letter, Escape clears the search and then closes. The page scrolls
with the wheel and the arrow and page keys, as the title's rules reference does, whose
page it shares.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

import pygame

from ...rules import KINDS, GameConfig, rule_set, split_module
from ...rules import parse_chateauma_difficulty as parse_difficulty
from .. import i18n
from ..art import faces
from ..context import ClientContext
from ..layout import Canvas
from ..modules_text import module_about, module_name
from ..rules_reference import Block, RulesReferenceScene, reference_blocks
from ..ui import theme
from ..ui.widgets import Button
from .estate_view import white_die_range
from .tips import knowledge_text, tile_tip
from .view import face_of

# Each module tile's face, to find the kind (and so the module) it belongs to.
KIND_BY_FACE = {face_of(k.id): k for k in KINDS if k.module is not None}

SEARCH = pygame.Rect(260, 126, 1400, 64)
CLEAR = pygame.Rect(1480, 134, 170, 48)


def fold(text: str) -> str:
    """Text as a search compares it: without case or accents, so "chateauma" finds
    Châteauma and "schlussel" Schlüsselfelder."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@dataclass(frozen=True)
class Entry:
    title: str
    blocks: tuple[Block, ...]
    tile: faces.TileFace | None = None  # the tile the entry is about, shown beside it

    def shown(self, words: list[str]) -> tuple[Block, ...]:
        """What the entry shows for a search: all of it when its name or all its text
        matches, else only the lines that match; nothing when no line does."""
        if not words:
            return self.blocks
        def has(text: str) -> bool:
            text = fold(text)
            return all(w in text for w in words)
        if has(" ".join([self.title] + [b.text for b in self.blocks])):
            if has(self.title):
                return self.blocks
            lines = tuple(b for b in self.blocks if has(self.title + " " + b.text))
            return lines or self.blocks
        return ()


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _paragraphs(*texts: str) -> tuple[Block, ...]:
    return tuple(Block("paragraph", text) for text in texts)


def entries(config: GameConfig) -> list[Entry]:
    """Every glossary entry in the current language: the rules reference by section, the
    rule set's own rules, Châteauma when it plays, the tiles, the buildings and monastery
    tiles 1-26 as the rule set words them."""
    rules = config.rules
    found: list[Entry] = []
    title, body = "", []
    for block in reference_blocks():
        if block.kind == "heading":
            if title or body:
                found.append(Entry(title, tuple(body)))
            title, body = block.text, []
        else:
            body.append(block)
    if title or body:
        found.append(Entry(title, tuple(body)))
    purchase = "during" if rule_set(rules).purchase_during_effects else "between"
    modules = ", ".join(module_name(m) for m in config.modules) or i18n.tr("setup.modules.none")
    found.append(Entry(i18n.tr("glossary.rule_set", name=i18n.tr(f"setup.rules.{rules}")),
                       _paragraphs(i18n.tr(f"setup.rules.about.{rules}"),
                                   i18n.tr(f"glossary.purchase.{purchase}"),
                                   i18n.tr("glossary.modules", modules=modules))))
    for entry in config.modules:
        mid = split_module(entry)[0]
        found.append(Entry(module_name(entry), _paragraphs(module_about(mid, rules))))
        if mid == "shields":  # each shield's effect, and the tribute
            from .modules.shields import shield_name, shield_tip
            found.append(Entry(module_name(entry) + ": " + i18n.tr("category.shields"),
                               _paragraphs(i18n.tr("glossary.shields.tribute"))))
            found += [Entry(shield_name(n), _paragraphs(shield_tip(n)))
                      for n in range(1, 19)]
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
        if kind is None or not config.has_module(kind.module) or \
                face not in faces.fronts_in_form(config.module_form(kind.module), config.rules,
                                                 kind.module):
            continue
        if face.category == "monastery":
            text = knowledge_text(face.knowledge, config.rules)
        else:
            text = tile_tip(kind.name, config.rules).split(": ", 1)[1]
        found.append(Entry(_sentence(face.label()), _paragraphs(_sentence(text)), face))
    return found


class GlossaryScene(RulesReferenceScene):
    """The glossary over the table (F1, or Rules in the pause menu)."""

    PAGE = pygame.Rect(260, 206, 1400, 730)
    TITLE = "glossary.title"
    BACK_KEY = None  # Backspace edits the search

    def __init__(self, ctx: ClientContext, config: GameConfig) -> None:
        super().__init__(ctx)
        self.config = config
        self.query = ""
        self._entries: tuple[str, list[Entry]] | None = None
        self.clear = self.add(Button(CLEAR, "glossary.clear", self.clear_query,
                                     tooltip="glossary.clear.tip"))

    def enter(self) -> None:
        super().enter()
        if pygame.display.get_init():
            pygame.key.start_text_input()

    def all_entries(self) -> list[Entry]:
        if self._entries is None or self._entries[0] != i18n.language():
            self._entries = (i18n.language(), entries(self.config))
        return self._entries[1]

    def blocks(self) -> list[Block]:
        words = fold(self.query).split()
        blocks: list[Block] = []
        for entry in self.all_entries():
            shown = entry.shown(words)
            if shown:
                blocks.append(Block("heading", entry.title, entry.tile))
                blocks.extend(shown)
        return blocks or [Block("paragraph", i18n.tr("glossary.none", query=self.query))]

    def layout_key(self, canvas: Canvas) -> tuple:
        return super().layout_key(canvas) + (self.query,)

    def set_query(self, query: str) -> None:
        self.query = query[:40]
        self.scroll = 0.0

    def clear_query(self) -> None:
        self.set_query("")

    def on_escape(self) -> None:
        if self.query:
            self.clear_query()
        else:
            self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            typed = "".join(ch for ch in event.text if ch.isprintable())
            if typed:
                self.set_query(self.query + typed)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.set_query(self.query[:-1])
                return True
            if getattr(event, "unicode", "") and event.unicode.isprintable():
                # Letters arrive as TEXTINPUT; their key presses must not press buttons.
                return True
        return super().handle_event(event)

    def draw_background(self, canvas: Canvas) -> None:
        super().draw_background(canvas)
        canvas.fill_rect(SEARCH, theme.PANEL, radius=12)
        canvas.fill_rect(SEARCH, theme.FOCUS, radius=12, width=3)
        x = SEARCH.x + 24
        if self.query:
            end = canvas.text(self.query, (x, SEARCH.centery), theme.FONT_BODY, theme.TEXT,
                              anchor="midleft")
            x = (end.right - canvas.px(0, 0)[0]) / canvas.scale + 3
        else:
            canvas.text(i18n.tr("glossary.search"), (x + 8, SEARCH.centery), theme.FONT_BODY,
                        theme.TEXT_MUTED, anchor="midleft")
        # A steady caret: typing goes here (a blinking one would redraw the idle window).
        canvas.fill_rect((x, SEARCH.y + 16, 3, SEARCH.h - 32), theme.TEXT)
