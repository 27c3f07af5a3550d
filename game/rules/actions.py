"""The short text form of actions; `parse_action(action_text(a)) == a` for every action.

  take 1 3/0           die 1 takes the tile in depot 3, space 0 (die c = a castle's action)
  place 2 s1@17        die 2 places storage tile 1 on estate space 17
  sell 1 4             die 1 sells goods type 4
  workers 2            die 2 takes workers
  buy 0/2 silver       buy black depot (0) space 2, paying silver (or workers)
  end | decline
  discard s2 | ship 3 | ship 3+4 | keep 2,5 | pick 3/1 | warehouse 4 | city_hall s0@17
  board 4-classic | start_castle 18
Dice, depots and goods are numbered as printed (dice 1-2, depots 1-6, goods 1-6); storage
spaces, depot spaces and estate spaces count from 0.
"""

from __future__ import annotations

from .extension import TEXT_FORMS
from .state import Action

_DIE_TEXT = {0: "1", 1: "2", 2: "c"}
_DIE_PARSE = {v: k for k, v in _DIE_TEXT.items()}


def action_text(a: Action) -> str:
    op = a[0]
    if op == "take":
        return f"take {_DIE_TEXT[a[1]]} {a[2]}/{a[3]}"
    if op == "place":
        return f"place {_DIE_TEXT[a[1]]} s{a[2]}@{a[3]}"
    if op == "sell":
        return f"sell {_DIE_TEXT[a[1]]} {a[2]}"
    if op == "workers":
        return f"workers {_DIE_TEXT[a[1]]}"
    if op == "buy":
        return f"buy {a[1]}/{a[2]} {a[3]}"
    if op in ("end", "decline"):
        return op
    if op == "discard":
        return f"discard s{a[1]}"
    if op == "ship":
        return "ship " + "+".join(str(d) for d in a[1:])
    if op == "keep":
        return "keep " + ",".join(str(t) for t in a[1])
    if op == "pick":
        return f"pick {a[1]}/{a[2]}"
    if op == "warehouse":
        return f"warehouse {a[1]}"
    if op == "city_hall":
        return f"city_hall s{a[1]}@{a[2]}"
    if op == "board":
        return f"board {a[1]}"
    if op == "start_castle":
        return f"start_castle {a[1]}"
    if op in TEXT_FORMS:
        return TEXT_FORMS[op][0](a)
    raise ValueError(f"not an action: {a!r}")


def read_int(text: str) -> int:
    """A number as action_text writes it: ASCII digits without sign, separators or leading
    zeros (int() would also read '-1', '+3', '3_0' and other scripts' digits)."""
    if not (text.isascii() and text.isdigit()) or (text[0] == "0" and len(text) > 1):
        raise ValueError(f"not a number: {text!r}")
    return int(text)


def _pair(text: str, sep: str) -> tuple[int, int]:
    left, right = text.split(sep)
    return read_int(left), read_int(right)


def _storage_space(text: str) -> tuple[int, int]:
    if not text.startswith("s"):
        raise ValueError
    return _pair(text[1:], "@")


def parse_action(text: str) -> Action:
    """Read an action's text form; raises ValueError naming what could not be read."""
    if not isinstance(text, str):
        raise ValueError(f"an action's text is a string, not {type(text).__name__}")
    parts = text.split()
    if not parts:
        raise ValueError("empty action")
    op, args = parts[0], parts[1:]
    try:
        if op in ("end", "decline") and not args:
            return (op,)
        if op == "take" and len(args) == 2:
            return ("take", _DIE_PARSE[args[0]], *_pair(args[1], "/"))
        if op == "place" and len(args) == 2:
            return ("place", _DIE_PARSE[args[0]], *_storage_space(args[1]))
        if op == "sell" and len(args) == 2:
            return ("sell", _DIE_PARSE[args[0]], read_int(args[1]))
        if op == "workers" and len(args) == 1:
            return ("workers", _DIE_PARSE[args[0]])
        if op == "buy" and len(args) == 2 and args[1] in ("silver", "workers"):
            return ("buy", *_pair(args[0], "/"), args[1])
        if op == "discard" and len(args) == 1 and args[0].startswith("s"):
            return ("discard", read_int(args[0][1:]))
        if op == "ship" and len(args) == 1:
            return ("ship", *(read_int(d) for d in args[0].split("+")))
        if op == "keep" and len(args) == 1:
            return ("keep", tuple(read_int(t) for t in args[0].split(",")))
        if op == "pick" and len(args) == 1:
            return ("pick", *_pair(args[0], "/"))
        if op == "warehouse" and len(args) == 1:
            return ("warehouse", read_int(args[0]))
        if op == "city_hall" and len(args) == 1:
            return ("city_hall", *_storage_space(args[0]))
        if op == "board" and len(args) == 1:
            return ("board", args[0])
        if op == "start_castle" and len(args) == 1:
            return ("start_castle", read_int(args[0]))
        if op in TEXT_FORMS:
            return TEXT_FORMS[op][1](args)
    except (KeyError, ValueError):
        pass
    raise ValueError(f"cannot read action {text!r}")
