"""Seat names: what a name may hold, checked wherever one enters the game (typed at the
setup, read from a save, read from the last setup).

A name is drawn at the table, written into every autosave and shown in the Load menu, so
one that cannot be drawn or encoded (a NUL, a lone surrogate, a control character) would
break every later Continue; it is refused where it enters instead.
"""

from __future__ import annotations

from typing import Any

MAX_NAME_LENGTH = 16


def printable(text: str) -> str:
    """``text`` without the characters a name may not hold."""
    return "".join(ch for ch in text if ch.isprintable())


def name_problem(name: Any) -> str | None:
    """Why ``name`` cannot be a seat's name (in English, for error details), or None."""
    if not isinstance(name, str) or not name.strip():
        return "a seat needs a name"
    if len(name) > MAX_NAME_LENGTH:
        return f"a name has at most {MAX_NAME_LENGTH} characters"
    if printable(name) != name:
        return "a name may hold only printable characters"
    return None
