"""A scrollable summary of the rules, in the current language."""

from __future__ import annotations

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

PAGE = pygame.Rect(260, 150, 1400, 770)
BACK = pygame.Rect(800, 960, 320, 76)
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


class RulesReferenceScene(PageScene):
    PAGE = PAGE
    TITLE = "rules.title"
    BACK_KEY: int | None = pygame.K_BACKSPACE

    def __init__(self, ctx: ClientContext) -> None:
        super().__init__()
        self.ctx = ctx
        self._layout_key: tuple | None = None
        self._lines: list[Line] = []
        self.add(Button(BACK, "common.back", self.close, hotkey=self.BACK_KEY))

    def blocks(self) -> list[Block]:
        return reference_blocks()

    def layout_key(self, canvas: Canvas) -> tuple:
        return (i18n.language(), canvas.length(1000))

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
