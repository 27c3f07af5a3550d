"""Every kind of action in one table: its fields, its text form and the decisions that
allow it; `parse_action(action_text(a)) == a` for every action.

  take 1 3/0           die 1 takes the tile in depot 3, space 0 (die c = a castle's action,
                       die w = an action with the white die's number)
  place 2 s1@17        die 2 places storage tile 1 on estate space 17
  sell 1 4             die 1 sells goods type 4
  workers 2            die 2 takes workers
  buy 0/2 silver       buy black depot (0) space 2, paying silver (or workers)
  end | decline
  discard s2 | ship 3 | ship 3+4 | keep 2,5 | pick 3/1 | warehouse 4 | city_hall s0@17
  board 4-classic | start_castle 18
Dice, depots and goods are numbered as printed (dice 1-2, depots 1-6, goods 1-6); storage
spaces, depot spaces and estate spaces count from 0.

An action is a plain tuple whose first item is its kind's name, then the kind's fields in
order (`fields_of` names them). Plain tuples, not a class per kind: the rules build tens of
thousands of them per game while listing legal moves, and a tuple is several times cheaper
to make than any tuple subclass. A module adds its kinds with `register_action`.
"""

from __future__ import annotations

from collections.abc import Container
from typing import Any, Callable

from .extension import ACTION_KINDS, ActionKind
from .state import Action

_DIE_TEXT = {0: "1", 1: "2", 2: "c", 3: "w"}
_DIE_PARSE = {v: k for k, v in _DIE_TEXT.items()}


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


def _one(args: list[str]) -> str:
    if len(args) != 1:
        raise ValueError
    return args[0]


def parse_no_args(name: str) -> Callable[[list[str]], Action]:
    """The reader of an action that is its name alone."""
    def parse(args: list[str]) -> Action:
        if args:
            raise ValueError
        return (name,)
    return parse


def parse_one_int(name: str) -> Callable[[list[str]], Action]:
    """The reader of an action that is its name and one number."""
    def parse(args: list[str]) -> Action:
        return (name, read_int(_one(args)))
    return parse


def _parse_buy(args: list[str]) -> Action:
    if len(args) != 2 or args[1] not in ("silver", "workers"):
        raise ValueError
    return ("buy", *_pair(args[0], "/"), args[1])


def _parse_discard(args: list[str]) -> Action:
    text = _one(args)
    if not text.startswith("s"):
        raise ValueError
    return ("discard", read_int(text[1:]))


def register_action(name: str, fields: tuple[str, ...], decisions: tuple[str, ...],
                    text: Callable[[Action], str], parse: Callable[[list[str]], Action],
                    module: str | None = None) -> None:
    """Add a kind of action: `decisions` are the frame kinds whose legal actions may hold
    it, `text` writes it and `parse` reads the words after its name; `module` names the
    module that adds it."""
    ACTION_KINDS[name] = ActionKind(name, fields, decisions, text, parse, module)


def allow_action(name: str, decision: str) -> None:
    """Let a decision a module adds hold a kind of action that exists already (e.g. the
    crane's choice may be declined)."""
    kind = ACTION_KINDS[name]
    if decision not in kind.decisions:
        ACTION_KINDS[name] = kind._replace(decisions=kind.decisions + (decision,))


_DIE = ("turn", "castle")
register_action("take", ("die", "depot", "slot"), _DIE,
                lambda a: f"take {_DIE_TEXT[a[1]]} {a[2]}/{a[3]}",
                lambda args: ("take", _DIE_PARSE[args[0]], *_pair(_one(args[1:]), "/")))
register_action("place", ("die", "storage", "space"), _DIE,
                lambda a: f"place {_DIE_TEXT[a[1]]} s{a[2]}@{a[3]}",
                lambda args: ("place", _DIE_PARSE[args[0]], *_storage_space(_one(args[1:]))))
register_action("sell", ("die", "goods"), _DIE,
                lambda a: f"sell {_DIE_TEXT[a[1]]} {a[2]}",
                lambda args: ("sell", _DIE_PARSE[args[0]], read_int(_one(args[1:]))))
register_action("workers", ("die",), _DIE,
                lambda a: f"workers {_DIE_TEXT[a[1]]}",
                lambda args: ("workers", _DIE_PARSE[_one(args)]))
register_action("buy", ("depot", "slot", "payment"), ("turn", "castle", "city_hall"),
                lambda a: f"buy {a[1]}/{a[2]} {a[3]}", _parse_buy)
register_action("end", (), ("turn",), lambda a: "end", parse_no_args("end"))
register_action("decline", (), ("castle", "pick", "warehouse", "city_hall"),
                lambda a: "decline", parse_no_args("decline"))
register_action("discard", ("storage",), ("discard",), lambda a: f"discard s{a[1]}",
                _parse_discard)
register_action("ship", ("depot", "depot2"), ("ship",),
                lambda a: "ship " + "+".join(str(d) for d in a[1:]),
                lambda args: ("ship", *(read_int(d) for d in _one(args).split("+"))))
register_action("keep", ("goods_types",), ("keep_goods",),
                lambda a: "keep " + ",".join(str(t) for t in a[1]),
                lambda args: ("keep", tuple(read_int(t) for t in _one(args).split(","))))
register_action("pick", ("depot", "slot"), ("pick",), lambda a: f"pick {a[1]}/{a[2]}",
                lambda args: ("pick", *_pair(_one(args), "/")))
register_action("warehouse", ("goods",), ("warehouse",), lambda a: f"warehouse {a[1]}",
                lambda args: ("warehouse", read_int(_one(args))))
register_action("city_hall", ("storage", "space"), ("city_hall",),
                lambda a: f"city_hall s{a[1]}@{a[2]}",
                lambda args: ("city_hall", *_storage_space(_one(args))))
register_action("board", ("board",), ("board",), lambda a: f"board {a[1]}",
                lambda args: ("board", _one(args)))
register_action("start_castle", ("space",), ("start_castle",),
                lambda a: f"start_castle {a[1]}",
                lambda args: ("start_castle", read_int(_one(args))))


def action_text(a: Action) -> str:
    """An action's text form; raises ValueError naming the problem when `a` is no
    well-formed action (its text must read back as exactly `a`)."""
    kind = ACTION_KINDS.get(a[0]) if isinstance(a, tuple) and a else None
    if kind is None:
        raise ValueError(f"not an action: {a!r}")
    fields = ", ".join(kind.fields) or "no fields"
    try:
        text = kind.text(a)
        back = parse_action(text)
    except (IndexError, KeyError, TypeError, ValueError):
        back = None
    if repr(back) != repr(a):  # repr: a 1.0 or True is not the 1 it equals
        raise ValueError(f"malformed {a[0]!r} action {a!r}: it takes {fields}")
    return text


def parse_action(text: str) -> Action:
    """Read an action's text form; raises ValueError naming what could not be read."""
    if not isinstance(text, str):
        raise ValueError(f"an action's text is a string, not {type(text).__name__}")
    parts = text.split()
    if not parts:
        raise ValueError("empty action")
    kind = ACTION_KINDS.get(parts[0])
    if kind is not None:
        try:
            return kind.parse(parts[1:])
        except (IndexError, KeyError, ValueError):
            pass
    raise ValueError(f"cannot read action {text!r}")


def fields_of(action: Action) -> dict[str, Any]:
    """An action's fields by name, e.g. {'die': 0, 'depot': 3, 'slot': 1} for a take."""
    return dict(zip(ACTION_KINDS[action[0]].fields, action[1:]))


def allowed_in(decision: str, modules: Container[str] = ()) -> tuple[str, ...]:
    """The kinds of action a decision may allow in a game with `modules`, in table
    order."""
    return tuple(k.name for k in ACTION_KINDS.values()
                 if decision in k.decisions and (k.module is None or k.module in modules))
