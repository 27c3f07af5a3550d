"""Frame-time benchmark of the table: `python main.py bench-client`.

Plays a seeded game between two random AI players some rounds in, then renders the table
at 1920x1080 on SDL's dummy video driver (an offscreen surface) while the game goes on at
normal animation speed (dice rolls, tiles, goods and silver flying), and prints the frame
times: mean, median, 95th percentile and maximum, in milliseconds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

LARGEST_WINDOW = (7680, 4320)  # 8K; a larger surface only tests the machine's memory


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ...argtypes import NON_NEGATIVE, POSITIVE, window_size
    from ..layout import MIN_WINDOW_SIZE
    parser.add_argument("--frames", type=POSITIVE, default=600,
                        help="frames to time (default 600)")
    parser.add_argument("--seed", type=int, default=7, help="game seed (default 7)")
    parser.add_argument("--decisions", type=NON_NEGATIVE, default=60,
                        help="decisions played before timing starts (default 60)")
    parser.add_argument("--size", type=window_size(MIN_WINDOW_SIZE, LARGEST_WINDOW),
                        default="1920x1080", help="window size (default 1920x1080)")


class _Launcher:
    def new_game(self) -> None: ...
    def start(self, setup) -> None: ...
    def open_save(self, save) -> None: ...
    def show_results(self, session) -> None: ...
    def to_title(self) -> None: ...


def measure(frames: int = 600, seed: int = 7, decisions: int = 60,
            size: tuple[int, int] = (1920, 1080)) -> list[float]:
    """Frame times in seconds (update + draw) of the table mid-game."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ...rules import GameConfig
    from ..context import ClientContext
    from ..session import GameSession, GameSetup, SeatSpec
    from ..stack import SceneStack
    from .scene import TableScene

    pygame.init()
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
            start = time.perf_counter()
            stack.update(dt)
            window.fill((0, 0, 0))
            stack.draw(window)
            times.append(time.perf_counter() - start)
            if session.over:
                break
    pygame.quit()
    return times


def summary(times: list[float]) -> dict[str, float]:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return {"frames": len(ms), "mean": statistics.fmean(ms), "median": statistics.median(ms),
            "p95": p95, "max": ms[-1]}


def run(args: argparse.Namespace) -> int:
    w, h = args.size
    s = summary(measure(args.frames, args.seed, args.decisions, (w, h)))
    print(f"table frames at {w}x{h}: {s['frames']}")
    print(f"frame time ms: mean {s['mean']:.2f}  median {s['median']:.2f}  "
          f"p95 {s['p95']:.2f}  max {s['max']:.2f}")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    add_arguments(parser)
    raise SystemExit(run(parser.parse_args()))
