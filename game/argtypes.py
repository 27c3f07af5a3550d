"""Range-checked argument types for the command-line tools.

A number out of range is an argparse error (the usage, a message naming the argument, exit
status 2) before anything runs, rather than a traceback halfway through or a nonsense
result such as negative games per second.
"""

from __future__ import annotations

import argparse
import math
from typing import Callable


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
    """A time budget: a positive, finite number of seconds."""
    return _seconds(text, zero=False)


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
WORKERS = whole_number(1, 256)  # processes: more would only exhaust the machine
