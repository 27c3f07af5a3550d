"""Text is readable in the window the game opens with, measured as drawn.

Every line the client renders is recorded with the font it was rendered in, at the
window's own resolution, and the ink of a capital "H" in that very font is measured: the
cap height of the text in window pixels, not a size in design units. In the window the
game opens with on a 1280x720 or a 1366x768 screen no text may have capitals under 9 px,
on a 1024x600 screen none under 8 px.
"""

from __future__ import annotations

import functools
import sys

import numpy
import pygame
import pytest
import screens

from game.scenes import fonts, i18n
from game.scenes.app import default_window_size

# The least cap height in window pixels on each screen.
LEAST_CAP_HEIGHT = {(1024, 600): 8, (1280, 720): 9, (1366, 768): 9}
# What a window manager leaves a maximised window: the screen less a title bar (19 px
# under openbox) or less a title bar and a taskbar (30 and 48 px on a typical desktop).
TITLE_BAR, TITLE_BAR_AND_TASKBAR = 19, 30 + 48


def opening_windows(screen: tuple[int, int]) -> list[tuple[int, int]]:
    """The windows the game opens with on ``screen``: maximised under a window manager
    with or without a taskbar, and where it cannot be maximised, its default size."""
    w, h = screen
    return sorted({(w, h - TITLE_BAR), (w, h - TITLE_BAR_AND_TASKBAR),
                   default_window_size(screen)})


def cap_height(font: pygame.font.Font) -> int:
    """The height of a capital H's ink in ``font``, in pixels at least half covered."""
    image = font.render("H", True, (255, 255, 255), (0, 0, 0))
    inked = numpy.nonzero((pygame.surfarray.array_red(image) >= 128).any(axis=0))[0]
    return int(inked[-1] - inked[0] + 1)


def _clear_caches() -> None:
    """Rendered text and fonts are cached in several places; a recording must see every
    line rendered afresh."""
    for name, module in list(sys.modules.items()):
        if name.startswith("game.scenes"):
            for value in vars(module).values():
                if isinstance(value, functools._lru_cache_wrapper):
                    value.cache_clear()


@pytest.fixture
def drawn_caps(monkeypatch):
    """``drawn_caps(stack, size)`` draws the stack once in a window of ``size`` and
    returns (cap height in px, text) for every line rendered. The game's own fonts.get
    picks the pixel size; only the font class is replaced, to see each render."""
    real_font = pygame.font.Font

    def draw(stack, size):
        rendered: list[tuple[int, str]] = []

        class RecordingFont(real_font):  # type: ignore[misc, valid-type]
            def render(self, text, *args, **kwargs):
                if str(text).strip():
                    if not hasattr(self, "cap"):
                        self.cap = cap_height(real_font(fonts.FONT_PATH, self.point_size))
                    rendered.append((self.cap, str(text)))
                return super().render(text, *args, **kwargs)

        monkeypatch.setattr(pygame.font, "Font", RecordingFont)
        _clear_caches()
        screens.forget_painted_layers(stack)
        stack.draw(pygame.Surface(size))
        monkeypatch.setattr(pygame.font, "Font", real_font)
        _clear_caches()
        return rendered
    return draw


def test_the_cap_height_is_measured_in_pixels_of_the_font():
    assert [cap_height(pygame.font.Font(fonts.FONT_PATH, px)) for px in (11, 12, 24)] \
        == [8, 9, 17]


def test_a_window_manager_gives_less_than_the_screen():
    for screen in LEAST_CAP_HEIGHT:
        assert all(w <= screen[0] and h < screen[1] for w, h in opening_windows(screen))


@pytest.mark.parametrize("name", ["table", "table_four", "title", "settings", "setup_four",
                                  "results", "rules"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_text_is_too_small_in_the_window_the_game_opens_with(data_root, drawn_caps,
                                                                 name, lang):
    """The table with two and four players and the main screens, on the screens of
    small laptops: every text (log, labels, tile numbers, counts, hints) as drawn."""
    stack, _scene = screens.SCREENS[name](data_root)
    i18n.set_language(lang)
    stack.update(1 / 60)
    too_small = []
    for screen, least in LEAST_CAP_HEIGHT.items():
        for window in opening_windows(screen):
            rendered = drawn_caps(stack, window)
            assert len(rendered) > 5, "nothing was drawn"
            too_small += [(screen, window, cap, text) for cap, text in sorted(set(rendered))
                          if cap < least][:3]
    assert not too_small, "\n".join(map(str, too_small))
