"""Frame-time benchmark of the table: `python main.py bench-client`.

Plays a seeded game between two random AI players some rounds in, then renders the table
at 1920x1080 on SDL's dummy video driver (an offscreen surface; SDL_VIDEODRIVER=x11 with
DISPLAY draws in a real X window instead, each frame put on screen) while the game goes on at
normal animation speed (dice rolls, tiles, goods and silver flying, and their sounds on
SDL's dummy audio driver unless SDL_AUDIODRIVER says otherwise), and prints the frame
times: mean, median, 95th percentile and maximum, in milliseconds, both in wall time and
in the drawing thread's CPU time (which other processes on a busy machine do not
lengthen), with the machine's load average beside them.

With ``--startup`` it measures the start instead: fresh processes (bytecode cached by a
first run that is not counted) open the window as `python main.py` does, on whatever video
driver the environment gives (a real X server under DISPLAY), and each reports the time
from the process's start to its first title frame on screen, its CPU time by then, and
whether it had imported numpy or the AI's tournament (neither is needed to show the title).

With ``--pace`` it measures the pace of play instead: a person (playing random moves)
against one Medium AI, from the person's last move of a turn (End turn) to the moment the
person's dice are live again, at each animation speed. The time is counted from the
animation queue (the seconds of animation the table plays, frame by frame, not by the
clock) plus the AI's thinking where the animations do not cover it: the AI decides on
this thread (its CPU time), and a decision waits only for what its thinking outlasts of
the animations of the move before it, as in the client, where it thinks on a worker
thread while they play.

Then it runs the real frame loop (`App.run`) for a few seconds with nothing happening, on
the title screen and at the table while a person is to move, and prints the process's CPU
time over the wall time: the share of one core an idle client uses.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .. import fonts

LARGEST_WINDOW = (7680, 4320)  # 8K; a larger surface only tests the machine's memory


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ...argtypes import NON_NEGATIVE, POSITIVE, duration, window_size
    from ..layout import MIN_WINDOW_SIZE
    parser.add_argument("--frames", type=POSITIVE, default=600,
                        help="frames to time (default 600)")
    parser.add_argument("--seed", type=int, default=7, help="game seed (default 7)")
    parser.add_argument("--decisions", type=NON_NEGATIVE, default=60,
                        help="decisions played before timing starts (default 60)")
    parser.add_argument("--size", type=window_size(MIN_WINDOW_SIZE, LARGEST_WINDOW),
                        default="1920x1080", help="window size (default 1920x1080)")
    parser.add_argument("--idle-seconds", type=duration, default=3.0,
                        help="seconds of each idle measurement (default 3; 0 skips them)")
    parser.add_argument("--pace", type=NON_NEGATIVE, default=0, metavar="TURNS",
                        help="instead: time TURNS AI turns from End turn to the person's "
                             "dice, at each animation speed")
    parser.add_argument("--startup", type=NON_NEGATIVE, default=0, metavar="RUNS",
                        help="instead: time RUNS fresh starts from the process's start to "
                             "the first title frame")


class _Launcher:
    def new_game(self) -> None: ...
    def start(self, setup) -> None: ...
    def open_save(self, save) -> None: ...
    def show_results(self, session) -> None: ...
    def to_title(self) -> None: ...


def measure(frames: int = 600, seed: int = 7, decisions: int = 60,
            size: tuple[int, int] = (1920, 1080),
            cpu: list[float] | None = None) -> list[float]:
    """Frame times in seconds (update + draw) of the table mid-game; ``cpu``, when given,
    receives each frame's CPU time of this thread."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ...rules import GameConfig
    from ..app import clear
    from ..context import ClientContext
    from ..session import GameSession, GameSetup, SeatSpec
    from ..stack import SceneStack
    from .scene import TableScene

    pygame.display.init()
    pygame.font.init()
    window = pygame.display.set_mode(size)
    setup = GameSetup(GameConfig(players=2), (SeatSpec("ai", "Amalia", 0, "random"),
                                              SeatSpec("ai", "Bertram", 1, "random")), seed)
    session = GameSession(setup)
    session.start()
    played = 0
    while played < decisions and not session.over:
        move = session.think()
        move.wait(30)
        session.play(move.result())
        played += 1
    with tempfile.TemporaryDirectory() as tmp:
        ctx = ClientContext.load(Path(tmp), launcher=_Launcher())
        ctx.change_settings(animation_speed="normal")
        stack = SceneStack()
        scene = TableScene(ctx, session)
        stack.push(scene)
        times = []
        dt = 1 / 60
        for _ in range(frames):
            start, thread = time.perf_counter(), time.thread_time()
            stack.update(dt)
            clear(window, stack)   # as the App's frame does
            stack.draw(window)
            pygame.display.flip()   # on screen (under a real X server, its copy costs)
            times.append(time.perf_counter() - start)
            if cpu is not None:
                cpu.append(time.thread_time() - thread)
            if session.over:
                break
    pygame.quit()
    fonts.clear()  # cached fonts die with pygame.font
    return times


def measure_idle(where: str, seconds: float = 3.0,
                 size: tuple[int, int] = (1920, 1080)) -> float:
    """CPU time over wall time of the real frame loop, idle on the title screen
    (``where="title"``) or at the table with a person to move (``"table"``)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import threading

    import pygame

    from ...rules import GameConfig
    from ..app import App
    from ..context import ClientContext
    from ..session import GameSession, GameSetup, SeatSpec
    from ..title import TitleScene
    from .scene import TableScene

    pygame.display.init()
    pygame.font.init()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            ctx = ClientContext.load(Path(tmp), launcher=_Launcher())
            window = pygame.Window("bench", size)
            app = App(window, ctx)
            if where == "title":
                app.stack.push(TitleScene(ctx))
            else:
                setup = GameSetup(GameConfig(players=2),
                                  (SeatSpec("human", "Amalia", 0),
                                   SeatSpec("ai", "Bertram", 1, "random")), 7, False)
                scene = TableScene(ctx, GameSession(setup))
                app.stack.push(scene)
                while not scene.can_act():
                    app.step(1 / 60, [])
            # Settle (the first frames paint the cached layers), then measure.
            for _ in range(10):
                app.step(1 / 60, [])
            timer = threading.Timer(seconds, ctx.request_quit)
            wall, cpu = time.perf_counter(), time.process_time()
            timer.start()
            app.run()
            share = (time.process_time() - cpu) / (time.perf_counter() - wall)
            window.destroy()
    finally:
        pygame.quit()
        fonts.clear()
    return share


def load() -> str:
    """The machine's load average over 1, 5 and 15 minutes, where the system tells it."""
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


# Run in a fresh process: the client as `python main.py --windowed` starts it, stopped after
# its first frame is on screen. Prints that moment (time.time()), the CPU time by then and
# the heavy modules already imported.
_FIRST_FRAME = """
import sys, time
from game.scenes import app
step = app.App.step
def first_frame(self, dt, events=None):
    go_on = step(self, dt, events)
    if self.draws:
        print(time.time(), time.process_time(), "numpy" in sys.modules,
              "game.ai.tournament" in sys.modules, flush=True)
        self.ctx.request_quit()
    return go_on
app.App.step = first_frame
from game.__main__ import main
sys.exit(main(["play", "--windowed"]))
"""


def measure_startup(runs: int) -> list[tuple[float, float, bool, bool]]:
    """(seconds from process start to the first title frame, CPU seconds by then, numpy
    imported, the AI's tournament imported) of ``runs`` fresh processes, after one
    uncounted run that fills the bytecode cache."""
    import subprocess
    import sys
    root = Path(__file__).resolve().parents[3]
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, CASTLES_DATA_DIR=tmp, PYGAME_HIDE_SUPPORT_PROMPT="1")
        for run in range(runs + 1):
            start = time.time()
            done = subprocess.run([sys.executable, "-c", _FIRST_FRAME], cwd=root, env=env,
                                  capture_output=True, text=True, timeout=120)
            words = done.stdout.split()
            if done.returncode != 0 or len(words) < 4:
                raise RuntimeError(f"the client did not start: {done.stderr.strip()}")
            if run:
                out.append((float(words[0]) - start, float(words[1]), words[2] == "True",
                            words[3] == "True"))
    return out


def print_startup(runs: int) -> None:
    results = measure_startup(runs)
    first = sorted(r[0] * 1000 for r in results)
    cpu = sorted(r[1] * 1000 for r in results)
    driver = os.environ.get("SDL_VIDEODRIVER") or \
        (f"X {os.environ['DISPLAY']}" if os.environ.get("DISPLAY") else "default")
    print(f"first title frame from process start, {len(results)} runs, video {driver} "
          f"(load average {load()})")
    print(f"  wall ms: median {statistics.median(first):.0f}  min {first[0]:.0f}  "
          f"max {first[-1]:.0f}")
    print(f"  CPU ms:  median {statistics.median(cpu):.0f}  min {cpu[0]:.0f}  "
          f"max {cpu[-1]:.0f}")
    print(f"  numpy imported: {any(r[2] for r in results)}  "
          f"game.ai.tournament imported: {any(r[3] for r in results)}")


@dataclass
class TurnPace:
    """One AI turn, from the person's End turn to the person's dice live again."""

    animation: float = 0.0   # seconds of animation played (the queue's, frame by frame)
    thinking: float = 0.0    # the AI's CPU seconds for the turn's decisions
    waiting: float = 0.0     # of that thinking, the seconds no animation covered
    decisions: int = 0
    events: list[tuple[str, float]] = field(default_factory=list)  # (event, seconds)
    # Each piece that flew: its kind and the seconds it was on the table.
    flights: dict[int, tuple[str, float]] = field(default_factory=dict)

    @property
    def total(self) -> float:
        return self.animation + self.waiting


def measure_pace(speed: str = "normal", turns: int = 5, seed: int = 11,
                 tier: str = "medium", frame: float = 1 / 60) -> list[TurnPace]:
    """The pace of ``turns`` AI turns of a game between a person playing random moves
    (seat 0) and one AI player of ``tier``, at animation ``speed``; time is counted in
    frames of ``frame`` seconds while animations play, and the AI decides on this thread
    between them (see the module's docstring)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import random

    import pygame

    from ...rules import GameConfig
    from ..context import ClientContext
    from ..session import GameSession, GameSetup, SeatSpec
    from ..stack import SceneStack
    from .scene import TableScene

    pygame.display.init()
    pygame.font.init()
    setup = GameSetup(GameConfig(players=2), (SeatSpec("human", "Amalia", 0),
                                              SeatSpec("ai", "Bertram", 1, tier)), seed, False)
    session = GameSession(setup)
    session.think = lambda: None  # type: ignore[method-assign]  # decided below, in turn
    rng = random.Random(seed)
    out: list[TurnPace] = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            ctx = ClientContext.load(Path(tmp), launcher=_Launcher())
            ctx.change_settings(animation_speed=speed)
            stack = SceneStack()
            scene = TableScene(ctx, session)
            stack.push(scene)
            pace = TurnPace()
            clock = 0.0
            shown = scene.presenter.on_shown

            def note(event) -> None:
                pace.events.append((type(event).__name__, round(clock, 3)))
                if shown is not None:
                    shown(event)
            scene.presenter.on_shown = note
            covered = 0.0      # animation played since the AI's last decision
            while len(out) < turns and not session.over:
                if scene.busy:
                    stack.update(frame)
                    clock += frame
                    pace.animation += frame
                    covered += frame
                    for flyer in scene.flyers:
                        kind, seconds = pace.flights.get(id(flyer), (flyer.kind, 0.0))
                        pace.flights[id(flyer)] = (kind, seconds + frame)
                elif session.is_ai_turn() and scene.synced == scene.moves:
                    player, _ = session.ai_player(session.state.current_player)
                    start = time.thread_time()
                    action = player.choose(session.state.clone())
                    think = time.thread_time() - start
                    pace.thinking += think
                    pace.waiting += max(0.0, think - covered)
                    clock += max(0.0, think - covered)
                    pace.decisions += 1
                    covered = 0.0
                    scene._play(action, by_ai=True)
                elif scene.can_act():
                    if pace.decisions:   # the person's dice are live: the AI's turn is over
                        out.append(pace)
                        pace = TurnPace()   # the person's own moves are not counted
                    me, shown_before = session.state.current_player, len(pace.events)
                    scene.submit(rng.choice(session.legal_actions()))
                    if session.state.current_player != me:   # the person's turn ended
                        # (at the instant speed its events are shown already)
                        pace = TurnPace(events=pace.events[shown_before:])
                        clock, covered = 0.0, 0.0
                else:
                    stack.update(frame)
    finally:
        pygame.quit()
        fonts.clear()
    return out


def print_pace(turns: int) -> None:
    from ..anim.timeline import Speed
    print(f"pace of play against one Medium AI, {turns} AI turns, from End turn to the "
          f"person's dice (load average {load()})")
    for speed in Speed:
        paces = measure_pace(speed.value, turns)
        totals = [p.total for p in paces]
        # A phase's end shows its banner (banner.SHOWN_FOR), to be read: apart.
        plain = [p.total for p in paces if all(e != "PhaseEnded" for e, _ in p.events)]
        print(f"  {speed.value:8s} {len(totals)} turns, seconds: mean "
              f"{statistics.fmean(totals):.2f}  max {max(totals):.2f}; the "
              f"{len(plain)} not ending a phase: mean {statistics.fmean(plain):.2f}  "
              f"median {statistics.median(plain):.2f}  max {max(plain):.2f}  "
              f"over 5 s {sum(t > 5 for t in plain)}")
        print(f"           (animation mean {statistics.fmean(p.animation for p in paces):.2f},"
              f" AI thinking mean {statistics.fmean(p.thinking for p in paces):.2f} of "
              f"which uncovered {statistics.fmean(p.waiting for p in paces):.2f})")


def summary(times: list[float]) -> dict[str, float]:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return {"frames": len(ms), "mean": statistics.fmean(ms), "median": statistics.median(ms),
            "p95": p95, "max": ms[-1]}


def run(args: argparse.Namespace) -> int:
    if args.startup:
        print_startup(args.startup)
        return 0
    if args.pace:
        print_pace(args.pace)
        return 0
    w, h = args.size
    cpu: list[float] = []
    s = summary(measure(args.frames, args.seed, args.decisions, (w, h), cpu))
    c = summary(cpu)
    print(f"table frames at {w}x{h}: {s['frames']}  (load average {load()})")
    print(f"frame time ms: mean {s['mean']:.2f}  median {s['median']:.2f}  "
          f"p95 {s['p95']:.2f}  max {s['max']:.2f}")
    print(f"frame CPU ms:  mean {c['mean']:.2f}  median {c['median']:.2f}  "
          f"p95 {c['p95']:.2f}  max {c['max']:.2f}")
    if args.idle_seconds > 0:
        for where, label in (("title", "title screen"), ("table", "table, a person to move")):
            share = measure_idle(where, args.idle_seconds, (w, h))
            print(f"idle CPU, {label}: {share * 100:.1f}% of one core "
                  f"over {args.idle_seconds:g} s")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    add_arguments(parser)
    raise SystemExit(run(parser.parse_args()))
