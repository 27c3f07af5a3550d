"""Dialogs are as tall as their text: the buttons follow the text at a fixed gap, with no
empty band between them, and the whole text is shown, in every language and window."""

from __future__ import annotations

import numpy
import pygame
import pytest

from game.scenes import i18n
from game.scenes.layout import Viewport
from game.scenes.stack import SceneStack
from game.scenes.title import AlreadyOpenOverlay, TitleScene
from game.scenes.ui import confirm, theme
from game.scenes.ui.confirm import ConfirmOverlay, MessageOverlay

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
# The most design units the text's last line may end above the buttons: the gap itself
# and a line's descent below its letters.
MOST_GAP = confirm.TEXT_GAP + 20

LONG = ("This is a long message that needs several lines in the dialog, so that the "
        "dialog grows with it and its buttons move down under the last of its lines, "
        "which must all be shown. ") * 2


def dialogs(ctx):
    return {
        "quit": lambda: ConfirmOverlay("pause.quit", lambda: i18n.tr("confirm.quit"),
                                       lambda: None),
        "one_line": lambda: ConfirmOverlay("pause.quit", lambda: "Sure?", lambda: None),
        "long_question": lambda: ConfirmOverlay("pause.quit", lambda: LONG, lambda: None),
        "message": lambda: MessageOverlay("launcher.open_failed", lambda: LONG),
        "already_open": lambda: AlreadyOpenOverlay(ctx),
    }


def _ink_rows(surface: pygame.Surface, rect: pygame.Rect) -> numpy.ndarray:
    """The window rows inside ``rect`` holding anything other than the dialog's paper."""
    pixels = pygame.surfarray.pixels3d(surface)[rect.left:rect.right, rect.top:rect.bottom]
    ink = numpy.abs(pixels.astype(int) - numpy.array(theme.PANEL)).sum(axis=2) > 90
    return numpy.nonzero(ink.any(axis=0))[0] + rect.top


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["quit", "one_line", "long_question", "message",
                                  "already_open"])
def test_the_buttons_follow_the_text_without_an_empty_band(ctx, name, size, lang):
    i18n.set_language(lang)
    stack = SceneStack()
    stack.push(TitleScene(ctx))
    dialog = stack.push(dialogs(ctx)[name]())
    dialog.focus.focus(None)
    surface = pygame.Surface(size)
    stack.draw(surface)
    view = Viewport.for_surface(surface)
    d = dialog.dialog
    buttons = list(dialog.focus.widgets)
    top = min(b.rect.top for b in buttons)
    # Every line of the text is drawn, whole, inside the dialog above the buttons.
    lines, _ = dialog.label._fitted[1]
    assert lines and not lines[-1].endswith("\u2026")
    assert d.contains(dialog.label.rect) and dialog.label.rect.bottom < top
    # Between the title and the buttons, the last row with ink is the text's last line.
    inside = view.rect_to_window((d.x + 20, d.y + confirm.TEXT_TOP, d.w - 40,
                                  top - d.y - confirm.TEXT_TOP))
    rows = _ink_rows(surface, inside)
    assert rows.size, "no text drawn"
    gap = (view.to_window(0, top)[1] - rows.max()) / view.scale
    assert gap <= MOST_GAP, f"{gap:.0f} design units between the text and the buttons"
    # The buttons sit in the dialog, above its bottom edge.
    assert all(d.contains(b.rect) for b in buttons)
