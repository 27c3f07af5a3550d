"""Range-checked argument types for the command-line tools.

A number out of range is an argparse error (the usage, a message naming the argument, exit
status 2) before anything runs, rather than a traceback halfway through or a nonsense
result such as negative games per second.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """A type for a whole number from `low` (to `high`)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            bounds = f"at least {low}" if high is None else f"{low} to {high}"
            raise argparse.ArgumentTypeError(f"{value} is out of range ({bounds})")
        return value
    return parse


# A time budget per decision longer than an hour is a mistake, not a search.
MOST_SECONDS = 3600.0


def _seconds(text: str, zero: bool) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and (value >= 0 if zero else value > 0)):
        wanted = "a number of seconds of 0 or more" if zero else "a positive number of seconds"
        raise argparse.ArgumentTypeError(f"{text} is not {wanted}")
    return value


def seconds(text: str) -> float:
    """A time budget: a positive number of seconds, at most MOST_SECONDS."""
    value = _seconds(text, zero=False)
    if value > MOST_SECONDS:
        raise argparse.ArgumentTypeError(
            f"{text} is out of range (more than 0 to {MOST_SECONDS:g} seconds)")
    return value


def duration(text: str) -> float:
    """A length of time that may be zero: a non-negative, finite number of seconds."""
    return _seconds(text, zero=True)


def _real(text: str, low: float, high: float, low_open: bool) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not (math.isfinite(value) and (value > low if low_open else value >= low)
            and value <= high):
        bounds = f"{'more than' if low_open else 'from'} {low:g} to {high:g}"
        raise argparse.ArgumentTypeError(f"{text} is out of range ({bounds})")
    return value


def share(text: str) -> float:
    """A share of something: a number from 0 to 1."""
    return _real(text, 0.0, 1.0, low_open=False)


def rate(text: str) -> float:
    """A step size such as a learning rate: more than 0, at most 1."""
    return _real(text, 0.0, 1.0, low_open=True)


def window_size(smallest: tuple[int, int],
                largest: tuple[int, int]) -> Callable[[str], tuple[int, int]]:
    """A type for a window size written WIDTHxHEIGHT, within the given bounds."""
    def parse(text: str) -> tuple[int, int]:
        parts = text.lower().split("x")
        if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
            raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1920x1080")
        w, h = int(parts[0]), int(parts[1])
        if not (smallest[0] <= w <= largest[0] and smallest[1] <= h <= largest[1]):
            raise argparse.ArgumentTypeError(
                f"{w}x{h} is out of range ({smallest[0]}x{smallest[1]} to "
                f"{largest[0]}x{largest[1]})")
        return w, h
    return parse


def module_list(text: str) -> tuple[str, ...]:
    """A comma-separated list of expansion modules, e.g. `boards_11_18,tiles2` or
    `identical_board:20` (an empty text: none). The names are checked here; whether the
    rule set offers them and they combine is checked with the rest of the game's options
    (config_error)."""
    from .rules import MODULES, split_module
    if not text.strip():
        return ()
    entries = tuple(e.strip() for e in text.split(","))
    for entry in entries:
        if not entry:
            raise argparse.ArgumentTypeError(f"{text!r} is not a list of module names "
                                             "(an empty name between commas)")
        mid, _ = split_module(entry)
        if mid not in MODULES:
            raise argparse.ArgumentTypeError(
                f"{mid!r} is not a module (choose from {', '.join(MODULES)})")
    return entries


def config_error(parser: argparse.ArgumentParser, make_config: Callable[[], object]) -> None:
    """A game configuration the rules refuse (a module the rule set does not offer, two
    that exclude each other, a board mode a module cannot play) is an argparse error on
    --modules, with the rules' own reason."""
    try:
        make_config()
    except ValueError as e:
        parser.error(f"argument --modules: {e}")


POSITIVE = whole_number(1)
NON_NEGATIVE = whole_number(0)
# The tools' counts have upper bounds well past any useful run, so that a slip of the
# keyboard (`--games 100000000000`) is refused at once instead of running for ever.
WORKERS = whole_number(1, 256)          # processes: more would only exhaust the machine
GAMES = whole_number(1, 1_000_000)      # games in a run (simulate, bench, tournament, train)
ITERATIONS = whole_number(1, 10_000)    # a search budget per decision (Hard: 70 by default)
SAMPLES = whole_number(1, 1_000)        # continuations a reviewed turn is valued on
EPOCHS = whole_number(1, 10_000)        # passes over the training data
HIDDEN = whole_number(1, 4_096)         # units of a network's first hidden layer
BATCH = whole_number(1, 65_536)         # training rows per step
WIDTH = whole_number(1, 64)             # a beam's width (Medium searches with 4)
SEED = whole_number(0, 2 ** 63 - 1)     # a seed numpy's generators take


def directory(text: str) -> str:
    """A folder to work in: a non-empty path (an empty one would be the current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name is not a folder")
    return text
