"""A scrollable summary of the rules, in the current language, searched by typing.

Typing filters the sections (every word typed must occur in a section's heading or
text, case and accents aside); Backspace deletes a letter, Escape clears the search and
then closes. The table's glossary (table/glossary.py) is this page and search over more
entries: the game's own rules, tiles and buildings.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

import pygame

from . import assets, i18n
from .art import pieces
from .art.faces import TileFace
from .context import ClientContext
from .layout import DESIGN_RECT, Canvas
from .ui import theme
from .ui.screen import PageScene
from .ui.text import wrap_text
from .ui.widgets import Button

PAGE = pygame.Rect(260, 206, 1400, 730)
BACK = pygame.Rect(800, 960, 320, 76)
SEARCH = pygame.Rect(260, 126, 1400, 64)
CLEAR = pygame.Rect(1480, 134, 170, 48)
HEADING_GAP = 24
BULLET_INDENT = 34
# A heading about a tile shows the tile beside it, at this radius.
TILE_HEX = 40


@dataclass(frozen=True)
class Block:
    kind: str  # "heading", "paragraph" or "bullet"
    text: str
    tile: TileFace | None = None  # a heading's tile, drawn beside it


def parse(text: str) -> list[Block]:
    """"# " starts a heading, "- " a bullet; other non-empty lines are paragraphs."""
    blocks = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("# "):
            blocks.append(Block("heading", line[2:].strip()))
        elif line.startswith("- "):
            blocks.append(Block("bullet", line[2:].strip()))
        elif line:
            blocks.append(Block("paragraph", line))
    return blocks


@dataclass(frozen=True)
class Line:
    y: float
    x: float
    text: str
    size: float
    colour: tuple[int, int, int]
    tile: TileFace | None = None  # drawn centred on (x, y) instead of text

    def height(self, canvas: Canvas) -> float:
        if self.tile is not None:
            return 2 * TILE_HEX
        return canvas.font(self.size).get_linesize() / canvas.scale


def reference_blocks() -> list[Block]:
    """The rules reference in the current language."""
    text = assets.read_text("text", f"rules_reference.{i18n.language()}.txt")
    return parse(text) if text else [Block("paragraph", i18n.tr("rules.missing"))]


def fold(text: str) -> str:
    """Text as a search compares it: without case or accents, so "chateauma" finds
    Châteauma and "schlussel" Schlüsselfelder."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@dataclass(frozen=True)
class Entry:
    title: str
    blocks: tuple[Block, ...]
    tile: TileFace | None = None  # the tile the entry is about, shown beside it

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


def reference_entries() -> list[Entry]:
    """The rules reference's sections, each heading with the text under it."""
    found: list[Entry] = []
    title = ""
    body: list[Block] = []
    for block in reference_blocks():
        if block.kind == "heading":
            if title or body:
                found.append(Entry(title, tuple(body)))
            title, body = block.text, []
        else:
            body.append(block)
    if title or body:
        found.append(Entry(title, tuple(body)))
    return found


class RulesReferenceScene(PageScene):
    """The title's rules reference (F1 there): the reference's sections, with a search
    box over them."""

    PAGE = PAGE
    TITLE = "rules.title"
    SEARCH_HINT = "rules.search"   # what the empty search box says

    def __init__(self, ctx: ClientContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.query = ""
        self._entries: tuple[str, list[Entry]] | None = None
        self._layout_key: tuple | None = None
        self._lines: list[Line] = []
        self.add(Button(BACK, "common.back", self.close))
        self.clear = self.add(Button(CLEAR, "glossary.clear", self.clear_query,
                                     tooltip="glossary.clear.tip"))

    def enter(self) -> None:
        super().enter()
        if pygame.display.get_init():
            pygame.key.start_text_input()

    def entries(self) -> list[Entry]:
        """What the page shows and the search looks through, in the current language."""
        return reference_entries()

    def all_entries(self) -> list[Entry]:
        if self._entries is None or self._entries[0] != i18n.language():
            self._entries = (i18n.language(), self.entries())
        return self._entries[1]

    def blocks(self) -> list[Block]:
        words = fold(self.query).split()
        blocks: list[Block] = []
        for entry in self.all_entries():
            shown = entry.shown(words)
            if shown:
                if entry.title:
                    blocks.append(Block("heading", entry.title, entry.tile))
                blocks.extend(shown)
        return blocks or [Block("paragraph", i18n.tr("glossary.none", query=self.query))]

    def layout_key(self, canvas: Canvas) -> tuple:
        return (i18n.language(), canvas.length(1000), self.query)

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

    def layout(self, canvas: Canvas) -> list[Line]:
        """Lines in page coordinates (design units), wrapped for the current font scale."""
        key = self.layout_key(canvas)
        if key == self._layout_key:
            return self._lines
        lines: list[Line] = []
        y = 0.0
        for block in self.blocks():
            heading = block.kind == "heading"
            size = theme.FONT_HEADING * 0.8 if heading else theme.FONT_BODY
            colour = theme.BUTTON if heading else theme.TEXT
            indent: float = BULLET_INDENT if block.kind == "bullet" else 0
            if heading and lines:
                y += HEADING_GAP
            font = canvas.font(size)
            step = font.get_linesize() / canvas.scale
            if block.tile is not None:
                y += max(0.0, TILE_HEX - step / 2)
                lines.append(Line(y + step / 2 - TILE_HEX, 40 + TILE_HEX * 0.9, "", size,
                                  colour, block.tile))
                indent = TILE_HEX * 1.8 + 16
            wrapped = wrap_text(block.text, font, canvas.length(self.PAGE.w - 80 - indent))
            for i, text in enumerate(wrapped):
                if block.kind == "bullet" and i == 0:
                    lines.append(Line(y, 40, "\u2022", size, colour))
                lines.append(Line(y, 40 + indent, text, size, colour))
                y += step
            if block.tile is not None:
                y += max(0.0, TILE_HEX - step / 2)
            y += step * 0.35
        self._layout_key, self._lines, self._height = key, lines, y
        return lines


    def draw_background(self, canvas: Canvas) -> None:
        canvas.surface.fill(theme.LETTERBOX)
        canvas.fill_rect(DESIGN_RECT, theme.BACKGROUND)
        canvas.text(i18n.tr(self.TITLE), (DESIGN_RECT.centerx, 84), theme.FONT_HEADING,
                    theme.TEXT_ON_DARK, anchor="center")
        PAGE = self.PAGE
        canvas.fill_rect(PAGE, theme.PANEL, radius=16)
        lines = self.layout(canvas)
        self.scroll_by(0)  # the wrapped height changes with the language and window size
        page = canvas.child(PAGE)
        with canvas.clipped(PAGE.inflate(0, -30)):
            top = 30 - self.scroll
            for line in lines:
                y = top + line.y
                # Only whole lines: a line cut in half by the page's edge reads as nothing.
                if not (15 <= y and y + line.height(canvas) <= PAGE.h - 15):
                    continue
                if line.tile is not None:
                    image = pieces.hex_tile(line.tile, page.length(TILE_HEX))
                    page.surface.blit(image, image.get_rect(
                        center=page.px(line.x, y + TILE_HEX)))
                else:
                    page.text(line.text, (line.x, y), line.size, line.colour)
        self.draw_scrollbar(page)
        self.draw_search(canvas)

    def draw_search(self, canvas: Canvas) -> None:
        """The search box above the page: what is typed, or what typing does."""
        canvas.fill_rect(SEARCH, theme.PANEL, radius=12)
        canvas.fill_rect(SEARCH, theme.FOCUS, radius=12, width=3)
        x: float = SEARCH.x + 24
        if self.query:
            end = canvas.text(self.query, (x, SEARCH.centery), theme.FONT_BODY, theme.TEXT,
                              anchor="midleft")
            x = (end.right - canvas.px(0, 0)[0]) / canvas.scale + 3
        else:
            canvas.text(i18n.tr(self.SEARCH_HINT), (x + 8, SEARCH.centery), theme.FONT_BODY,
                        theme.TEXT_MUTED, anchor="midleft")
        # A steady caret: typing goes here (a blinking one would redraw the idle window).
        canvas.fill_rect((x, SEARCH.y + 16, 3, SEARCH.h - 32), theme.TEXT)
