"""The pointer sweep: no pointer position, tooltip, click or key crashes any screen.

Every screen and overlay, and the table at every kind of decision (positions.py), is
built in English and in German at 1280x720 and 1920x1080 (the load list with games in
progress and the dialogs at 1024x600 too) and driven through the App
(`App.dispatch` for the events, `App.step` for the frames), so window pixels are scaled
into design space and drawing is scaled to the window as in the real client:

- the pointer moves over a grid of points (every GRID design pixels), every widget's
  centre and corners and every table spot's centre; at each point the tooltip delay is
  let pass, so every tooltip opens. A whole frame is drawn over each widget and each
  kind of table spot with its tooltip open; every other tooltip text is drawn too;
- every widget is pressed and released with the mouse, each from the screen as built
  (built again when a press has left it or changed its widgets);
- every spot of the table is clicked in turn, as a person trying things out would;
- every key the screen answers is pressed in turn (the table's 1/2, +/-, W, B, E, D, H,
  Ctrl+Z, Tab, Space, Page Up/Down, Escape; a replay's arrows, Shift+arrows, Home, End,
  S and F1 besides; the menus' arrows, Tab, Shift+Tab, Enter, Space, Backspace, Delete,
  Page Up/Down, Home, End, Escape and hotkeys), then the wheel,
  the other mouse buttons, a drag and typed text, the screen built again when one has
  left it. A frame is drawn after each (at the table, when it changed something).

Any exception fails the test, naming the screen, the pointer position or input, the
language and the window size.

The pointer also rests on every tile of a four-player table and of Châteauma's estate and
cards with the magnifier shown, at 1024x600 besides, in English and in German.
"""

from __future__ import annotations

import itertools
import os
import traceback

import pygame
import pytest
from client_events import key, motion, press, release, wheel
import screens
from positions import KINDS, SCREENS, screen_at, table_at

import game.ai
from game.scenes import i18n
from game.scenes.app import App
from game.scenes.layout import DESIGN_HEIGHT, DESIGN_WIDTH, Canvas
from game.scenes.table import TableScene
from game.scenes.table.replay import ReplayScene
from game.scenes.table.tips import Spot
from game.scenes.ui.tooltip import HOVER_DELAY
from game.scenes.ui.widgets import Widget

SIZES = ((1280, 720), (1920, 1080))
LANGUAGES = ("en", "de")
# Design pixels between grid points. Widgets and table spots are visited at their
# centres and corners besides, so a small target between grid points is not missed.
GRID = 48
FRAME = 1 / 60
QUICK_AI = 0.02  # seconds an AI player or a hint thinks

TABLE_KEYS = [pygame.K_1, pygame.K_2, pygame.K_PLUS, pygame.K_MINUS, pygame.K_w, pygame.K_b,
              pygame.K_e, pygame.K_d, pygame.K_h, pygame.K_r, pygame.K_k,
              (pygame.K_z, pygame.KMOD_CTRL),
              pygame.K_TAB, pygame.K_SPACE, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
              pygame.K_ESCAPE]
# A replay's keys besides: play/pause, step, turn, start/end and speed.
REPLAY_KEYS = [pygame.K_LEFT, pygame.K_RIGHT, (pygame.K_LEFT, pygame.KMOD_SHIFT),
               (pygame.K_RIGHT, pygame.KMOD_SHIFT), pygame.K_HOME, pygame.K_END, pygame.K_s,
               pygame.K_F1]
MENU_KEYS = [pygame.K_DOWN, pygame.K_UP, pygame.K_TAB, (pygame.K_TAB, pygame.KMOD_SHIFT),
             pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE,
             pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
             pygame.K_HOME, pygame.K_END, pygame.K_ESCAPE]

CASES = [f"screen:{name}" for name in SCREENS] + [f"table:{kind}" for kind in KINDS]
# The load list with games in progress and the dialogs (screens.py), swept at the
# smallest window besides.
DIALOG_CASES = [f"screens:{name}" for name in (
    "load_in_progress", "load_in_progress_delete", "dialog_question", "dialog_message",
    "dialog_already_open", "dialog_end_turn")]
DIALOG_SIZES = ((1024, 600),) + SIZES


@pytest.fixture(scope="module")
def window():
    w = pygame.Window("sweep", SIZES[0])
    yield w
    w.destroy()


class Sweep:
    """One screen in one language at one window size, built afresh on demand."""

    def __init__(self, case: str, lang: str, size: tuple[int, int], window, data_root):
        self.case, self.lang, self.size = case, lang, size
        self.window = window
        self.data_root = data_root
        self.builds = itertools.count()
        self.failures: dict[tuple, str] = {}
        self.app: App | None = None

    # --- building ----------------------------------------------------------------------

    def build(self) -> App:
        root = self.data_root / str(next(self.builds))
        kind, name = self.case.split(":")
        if kind == "table":
            t = table_at(name, root, language=self.lang)
            ctx, stack = t.ctx, t.stack
        elif kind == "screens":
            stack, _ = screens.SCREENS[name](root)
            ctx = next(scene.ctx for scene in stack.scenes if hasattr(scene, "ctx"))
            ctx.change_settings(language=self.lang)
        else:
            ctx, stack = screen_at(name, root, language=self.lang)
        self.window.set_windowed()
        self.window.size = self.size
        self.app = App(self.window, ctx, stack)
        self.built = self.screen()
        return self.app

    def fresh(self, same=lambda: True) -> App:
        """The screen as built, again if a press has left it (another scene, language or
        window size) or ``same()`` is False."""
        if self.app is None or self.screen() != self.built or not same():
            self.build()
        return self.app

    def screen(self) -> tuple:
        app = self.app
        return (tuple(map(id, app.stack.scenes)), i18n.language(), self.window.size,
                app.ctx.quit_requested)

    # --- reporting ---------------------------------------------------------------------

    def where(self, what: str) -> str:
        w, h = self.size
        return f"{self.case} [{self.lang}, {w}x{h}] {what}"

    def attempt(self, what: str, step) -> bool:
        try:
            step()
        except Exception as exc:  # noqa: BLE001 - any exception is what the sweep reports
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            # One report per distinct crash, at the first place it happened.
            self.failures.setdefault(
                (type(exc).__name__, str(exc), frame.filename, frame.lineno),
                f"{self.where(what)}: {type(exc).__name__}: {exc}\n"
                + "".join(traceback.format_exception(exc)[-4:]))
            self.app = None  # the screen may be half-changed: build it again
            return False
        return True

    # --- the pointer ---------------------------------------------------------------------

    def points(self) -> list[tuple[float, float]]:
        pts = [(x, y) for y in range(GRID // 2, DESIGN_HEIGHT, GRID)
               for x in range(GRID // 2, DESIGN_WIDTH, GRID)]
        pts += [(0, 0), (DESIGN_WIDTH - 1, 0), (0, DESIGN_HEIGHT - 1),
                (DESIGN_WIDTH - 1, DESIGN_HEIGHT - 1)]
        for scene in self.app.stack.visible():
            for panel in panels(scene):
                r = panel.rect
                pts += [r.center, (r.left + 1, r.top + 1), (r.right - 2, r.top + 1),
                        (r.left + 1, r.bottom - 2), (r.right - 2, r.bottom - 2)]
            if isinstance(scene, TableScene):
                pts += [spot.centre for spot in scene.spots.all()]
        return pts

    def sweep_pointer(self) -> None:
        app = self.fresh()
        self.attempt("first frame", lambda: app.step(0, []))
        framed: set = set()      # what a whole frame was drawn over
        tips_drawn: set = set()  # tooltip texts drawn
        for pos in self.points():
            app = self.fresh()
            window_pos = app.viewport.to_window(*pos)

            def rest(window_pos=window_pos):
                app.dispatch(motion(window_pos))
                for scene in app.stack.visible():
                    tips = getattr(scene, "tooltips", None)
                    if tips is not None:
                        tips.update(HOVER_DELAY)  # the pointer rests until it opens
                tips = app.stack.top.tooltips
                text = tips.text
                # A whole frame for each widget and each kind of table spot, with its
                # tooltip open; every other tooltip text is drawn as the frame draws it
                # last, onto the window (a whole frame for each of the table's hundreds of
                # spots would take minutes).
                target = tips.target
                under = (getattr(target, "kind", None) if isinstance(target, Spot)
                         else id(target), bool(text))
                if under not in framed:
                    app.step(0, [])
                    framed.add(under)
                    tips_drawn.add(text)
                elif text not in tips_drawn:
                    tips.draw(Canvas(self.window.get_surface()))
                    tips_drawn.add(text)

            self.attempt(f"pointer at {pos} (window {window_pos})", rest)
        # The sweep is worth something only if the tooltips did open.
        top = self.fresh().stack.top
        offered = isinstance(top, TableScene) or any(
            getattr(w, "tooltip", None) is not None for w in widgets(top))
        if offered and not any(tips_drawn):
            self.failures.setdefault(("no tooltip",), self.where("no tooltip opened"))

    # --- presses -------------------------------------------------------------------------

    def press_widgets(self) -> None:
        """Each widget pressed from the screen as built: built again when the press took
        the screen elsewhere or changed its widgets (a choice played, a seat added)."""
        initial = [id(w) for w in widgets(self.fresh().stack.top)]
        for i in range(len(initial)):
            app = self.fresh(lambda: [id(w) for w in widgets(self.app.stack.top)] == initial)
            initial = [id(w) for w in widgets(app.stack.top)]
            widget = widgets(app.stack.top)[i]
            centre = app.viewport.to_window(*widget.rect.center)
            self.attempt(f"click on {widget.name!r} at {widget.rect.center}",
                         lambda: self.frames([motion(centre), press(centre),
                                              release(centre)]))

    def press_keys(self) -> None:
        top = self.fresh().stack.top
        if isinstance(top, ReplayScene):
            keys = TABLE_KEYS + REPLAY_KEYS
        elif isinstance(top, TableScene):
            keys = list(TABLE_KEYS)
        else:
            keys = MENU_KEYS + [w.hotkey for w in widgets(top) if w.hotkey is not None]
        centre = self.fresh().viewport.to_window(DESIGN_WIDTH / 2, DESIGN_HEIGHT / 2)
        events = [[key(*k) if isinstance(k, tuple) else key(k)] for k in keys]
        corner = (0, 0)
        events += [[motion(centre), wheel(1)], [motion(centre), wheel(-1)],
                   # The middle button, and the wheel as buttons 4 and 5 (as SDL also
                   # reports it), and a right click (drops a half-made choice).
                   *([motion(centre), press(centre, b), release(centre, b)]
                     for b in (2, 4, 5, 3)),
                   # A drag: pressed in the middle, let go in a corner.
                   [motion(centre), press(centre), motion(corner), release(corner)],
                   [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x",
                                       scancode=0),
                    pygame.event.Event(pygame.TEXTINPUT, text="ß")]]
        for batch in events:
            self.fresh()
            self.attempt(f"input {describe(batch)}", lambda batch=batch: self.frames(batch))

    def click_spots(self) -> None:
        """Click every place on the table in turn, as a person trying things would: a die,
        a tile, a space, goods... A frame is drawn whenever a click changed the table."""
        top = self.fresh().stack.top
        if not isinstance(top, TableScene):
            return
        for spot in list(top.spots.all()):
            app = self.fresh()
            if not isinstance(app.stack.top, TableScene):
                continue
            centre = app.viewport.to_window(*spot.centre)
            self.attempt(f"click on the {spot.kind} {spot.key} at {spot.centre}",
                         lambda: self.frames([motion(centre), press(centre),
                                              release(centre)]))

    def frames(self, events: list) -> None:
        """The events in one frame. At the table, whose frames cost the most, the frame
        is drawn only when the events changed something (the same picture was drawn
        while the pointer swept); other screens always draw."""
        app = self.app
        table = app.stack.top if isinstance(app.stack.top, TableScene) else None
        before = self.screen(), table and table_state(table)
        for event in events:
            app.dispatch(event)
        app.stack.update(FRAME)
        if table is None or (self.screen(), table_state(table)) != before:
            app.step(0, [])


def table_state(table: TableScene) -> tuple:
    """What a click on the table may change."""
    n = table.narrowing
    return (table.moves, table.shown_seat, table.choices.page, tuple(table.options),
            table.message, n and (n.die, n.value, n.storage, n.buying))


def panels(scene) -> list:
    """The visible panels of a scene (widgets, labels, the table's option list)."""
    found = [p for p in getattr(scene, "panels", ()) if p.visible]
    if isinstance(scene, TableScene):
        found += [p for p in scene.choices.panels if p.visible]
    return found


def widgets(scene) -> list[Widget]:
    """The widgets a person can press on a scene, in a fixed order."""
    return [p for p in panels(scene) if isinstance(p, Widget)]


def describe(events: list) -> str:
    names = []
    for e in events:
        if e.type == pygame.KEYDOWN:
            names.append(("Ctrl+" if e.mod & pygame.KMOD_CTRL else "")
                         + ("Shift+" if e.mod & pygame.KMOD_SHIFT else "")
                         + pygame.key.name(e.key))
        elif e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            names.append(f"{pygame.event.event_name(e.type)}({e.button}) at {e.pos}")
        elif e.type != pygame.MOUSEMOTION:
            names.append(pygame.event.event_name(e.type))
    return " ".join(names)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", CASES)
def test_no_pointer_position_click_or_key_crashes(case, lang, size, window, tmp_path,
                                                  monkeypatch):
    # Screens are built again and again, and each build saves settings and the autosave;
    # flushing each file to the disk is not under test here and would take most of the time.
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    # AI players and hints think for a second on threads that outlive the screen that
    # started them; here they only need to answer, so they think briefly.
    make_player = game.ai.make_player
    monkeypatch.setattr(game.ai, "make_player", lambda tier, seed=0, time_budget=None,
                        iterations=None: make_player(tier, seed, QUICK_AI, iterations))
    # The results' review looks at a few turns, once per game, for the same reason.
    from positions import quick_review_turns

    from game.scenes import review_screen
    monkeypatch.setattr(review_screen, "review_turns", quick_review_turns)
    sweep = Sweep(case, lang, size, window, tmp_path)
    sweep.sweep_pointer()
    sweep.press_widgets()
    sweep.click_spots()
    sweep.press_keys()
    if sweep.failures:
        pytest.fail("\n\n".join(sweep.failures.values()), pytrace=False)


# The magnifier, at the smallest window the layout is tested at besides: the pointer
# rests on every tile of a four-player table (depots, black depot, storage, estate,
# monastery tiles, every seat's miniature) and of Châteauma's estate and area cards.
MAGNIFIER_SIZES = ((1024, 600), *SIZES)
MAGNIFIED = {"table_four": {"depot", "black", "storage", "space", "knowledge", "seat"},
             "table_chateauma_magnified": {"depot", "space", "card_space", "seat"}}


@pytest.mark.parametrize("size", MAGNIFIER_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", list(MAGNIFIED))
def test_resting_on_every_tile_shows_the_magnifier(name, lang, size, window, tmp_path):
    """A whole frame with the magnifier shown over each kind of place a tile lies; the
    magnifier alone drawn over every other tile; each inside the window."""
    import screens
    from test_magnifier import tile_places

    stack, scene = screens.SCREENS[name](tmp_path)
    scene.ctx.change_settings(language=lang)
    window.set_windowed()
    window.size = size
    app = App(window, scene.ctx, stack)
    app.step(0, [])
    framed: set[str] = set()
    failures: list[str] = []
    for where, pos, tile in tile_places(scene):
        window_pos = app.viewport.to_window(*pos)
        try:
            app.dispatch(motion(window_pos))
            scene.tooltips.update(HOVER_DELAY)   # the pointer rests until it opens
            lens = scene.magnifier.lens()
            assert lens is not None and lens.tile == tile, (lens, tile)
            if where not in framed:
                app.step(0, [])
                framed.add(where)
            else:
                scene.magnifier.draw(Canvas(window.get_surface()))
            box = app.viewport.rect_to_window(scene.magnifier.drawn)
            assert pygame.Rect((0, 0), size).contains(box), box
        except Exception as exc:  # noqa: BLE001 - every place is reported
            failures.append(f"{name} [{lang}, {size[0]}x{size[1]}] {where} {tile} at "
                            f"{pos}: {type(exc).__name__}: {exc}")
    assert framed >= MAGNIFIED[name]
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("size", DIALOG_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", DIALOG_CASES)
def test_the_load_list_and_the_dialogs_at_every_window_size(case, lang, size, window,
                                                            tmp_path, monkeypatch):
    test_no_pointer_position_click_or_key_crashes(case, lang, size, window, tmp_path,
                                                  monkeypatch)
