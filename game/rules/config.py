"""Game configuration and rule sets (docs/rulings.md R1: every edition difference is data)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import cache, cached_property
from typing import Any

from .chateauma_data import parse_difficulty
from .data import load_json

RULE_SETS = ("special", "alea2019", "original", "yucata")
BOARD_MODES = ("basic", "advanced", "random", "free")


@dataclass(frozen=True)
class RuleSet:
    id: str
    name: str
    knowledge_6: str
    knowledge_15_points: int
    knowledge_26_points: int
    purchase_during_effects: bool
    board_versions: dict[str, str]
    boards_offered: tuple[str, ...]
    knowledge_scored_live: bool
    texts: dict[str, str] = field(repr=False)

    def board_id(self, number: str) -> str:
        """The board this rule set plays for a board number (old 4 and 8 outside the SE)."""
        return self.board_versions.get(number, number)


@cache
def rule_set(rule_set_id: str) -> RuleSet:
    sets = load_json("rulesets.json")["rulesets"]
    if rule_set_id not in sets:
        raise ValueError(f"unknown rule set {rule_set_id!r} (choose from {', '.join(RULE_SETS)})")
    e = sets[rule_set_id]
    return RuleSet(
        id=rule_set_id, name=e["name"], knowledge_6=e["knowledge_6"],
        knowledge_15_points=e["knowledge_15_points"], knowledge_26_points=e["knowledge_26_points"],
        purchase_during_effects=e["purchase_during_effects"],
        board_versions=dict(e["board_versions"]), boards_offered=tuple(e["boards_offered"]),
        knowledge_scored_live=e["knowledge_scored_live"],
        texts={k: v for k, v in e.items() if k.startswith("k6_")})


@dataclass(frozen=True)
class ModuleSpec:
    """What the configuration knows of a module: where it is offered and what it
    combines with (its rules live in game/rules/modules/<id>.py)."""
    id: str
    forms: dict[str, str]              # rule set -> form played under it
    params: dict[str, tuple[str, ...]]  # rule set -> allowed parameter values (default first)
    excludes: tuple[str, ...]
    needs: dict[str, tuple[str, ...]]  # rule set -> modules it requires there
    chateauma: bool
    # Rule set -> the duchies every player draws from under it (none: the rule set's).
    board_pool: dict[str, tuple[str, ...]]
    # Rule sets under which the module deals duchies of its own (the basic mode's board 1
    # then has no place), where it has no fixed board_pool.
    own_boards: tuple[str, ...] = ()
    # The only player counts it plays with (the team game: 4, the solo game: 1), or ()
    # for any the game allows.
    players: tuple[int, ...] = ()
    only_with: tuple[str, ...] | None = None  # the only modules it combines with

    def offered(self, rules: str) -> bool:
        return rules in self.forms


def _pools(pool, forms: dict[str, str]) -> dict[str, tuple[str, ...]]:
    """A board pool as the catalogue writes it: one list for every rule set that offers
    the module, or a list per rule set (castle_connection: 11-18 in the Special Edition,
    the 2011 boards 10a-10h under the original rules)."""
    if isinstance(pool, dict):
        return {r: tuple(v) for r, v in pool.items()}
    return {r: tuple(pool) for r in forms} if pool else {}


def _module_spec(mid: str, e: dict) -> ModuleSpec:
    """A module's spec from its entry (the shape of modules.json's `modules`)."""
    return ModuleSpec(
        id=mid, forms=dict(e["forms"]),
        params={r: tuple(v) for r, v in e.get("params", {}).items()},
        excludes=tuple(e.get("excludes", ())),
        needs={r: tuple(v) for r, v in e.get("needs", {}).items()},
        chateauma=e["chateauma"], board_pool=_pools(e.get("board_pool", ()), e["forms"]),
        own_boards=tuple(e.get("own_boards", ())),
        players=tuple(e.get("players", ())),
        only_with=tuple(e["only_with"]) if "only_with" in e else None)


MODULES: dict[str, ModuleSpec] = {mid: _module_spec(mid, e)
                                  for mid, e in load_json("modules.json")["modules"].items()}
"""Every module the rules know, by id (data/modules.json, then add_module's)."""


def add_module(mid: str, entry: dict) -> None:
    """Make known a module defined outside the rules' data files (its entry shaped like
    modules.json's); with its `Module` class registered (extension.register) it may be
    chosen like any other."""
    MODULES[mid] = _module_spec(mid, entry)


def modules_offered(rules: str) -> list[str]:
    """The modules a rule set offers, in catalogue order."""
    return [m for m, spec in MODULES.items() if spec.offered(rules)]


def split_module(entry: str) -> tuple[str, str | None]:
    """'identical_board:20' -> ('identical_board', '20'); 'tiles2' -> ('tiles2', None)."""
    mid, _, param = entry.partition(":")
    return mid, (param or None)


def check_modules(rules: str, modules: tuple[str, ...], board_mode: str,
                  chateauma: bool, players: int | None = None) -> tuple[str, ...]:
    """The modules as the config keeps them (sorted, every parameter written out), or a
    ValueError that says which rule of the rulebooks a combination breaks."""
    if not isinstance(modules, (tuple, list)) or not all(isinstance(m, str) for m in modules):
        raise ValueError("modules must be a list of module names")
    chosen: dict[str, str | None] = {}
    for entry in modules:
        mid, param = split_module(entry)
        spec = MODULES.get(mid)
        if spec is None:
            raise ValueError(f"unknown module {mid!r} (choose from {', '.join(MODULES)})")
        if not spec.offered(rules):
            offered = modules_offered(rules)
            raise ValueError(f"the {rule_set(rules).name} rules do not offer {mid!r} "
                             f"(they offer {', '.join(offered) if offered else 'no modules'})")
        if mid in chosen:
            raise ValueError(f"module {mid!r} is chosen twice")
        allowed = spec.params.get(rules, ())
        if param is None:
            param = allowed[0] if allowed else None
        elif param not in allowed:
            raise ValueError(f"module {mid!r} takes no parameter" if not allowed else
                             f"module {mid!r} takes one of {', '.join(allowed)}, not {param!r}")
        chosen[mid] = param
    for mid in chosen:
        spec = MODULES[mid]
        for other in spec.excludes:
            if other in chosen:
                raise ValueError(f"{mid!r} cannot be combined with {other!r}")
        if spec.only_with is not None:
            for other in chosen:
                if other != mid and other not in spec.only_with:
                    raise ValueError(f"{mid!r} cannot be combined with {other!r} (only with "
                                     f"{', '.join(spec.only_with)})")
        if players is not None and spec.players and players not in spec.players:
            counts = " or ".join(map(str, spec.players))
            raise ValueError(f"{mid!r} is played by exactly {counts} "
                             f"player{'s' if spec.players != (1,) else ''}, not {players}"
                             if len(spec.players) == 1 else
                             f"{mid!r} is played by {counts} players, not {players}")
        for need in spec.needs.get(rules, ()):
            if need not in chosen:
                raise ValueError(f"{mid!r} needs {need!r}: the rule works only when every "
                                 f"player plays a duchy 11-18")
        if chateauma and not spec.chateauma:
            raise ValueError(f"Châteauma does not play with {mid!r}")
        if board_mode == "basic" and (rules in spec.board_pool or rules in spec.own_boards
                                      or mid == "identical_board"):
            raise ValueError(f"{mid!r} gives every player another duchy than board 1: "
                             f"choose the advanced, random or free board mode")
    return tuple(sorted(m if p is None else f"{m}:{p}" for m, p in chosen.items()))


SCORING = load_json("rulesets.json")["scoring"]
START = load_json("rulesets.json")["start"]


@dataclass(frozen=True)
class GameConfig:
    """Everything fixed before the first chance step.

    board_mode follows the Yucata variants: 'basic' (everyone board 1, start castle on the
    centre 6), 'advanced' (each player chooses board 1 or a drawn board, and the start
    castle space), 'random' (a different drawn board and start castle for each player),
    'free' (any offered board, any castle space).

    chateauma adds Châteauma, the virtual opponent, at the last seat: its difficulty as
    'easy' | 'medium' | 'hard' (the column of card points) plus any of the modifiers, e.g.
    'hard+A+B+C+D' (see chateauma_data). `players` counts it, so a game against it alone
    is players=2. players=1 is the solo game, which only a module that plays with one seat
    allows (data/modules.json 'players'); its central board is laid out as for two
    (`table_players`, SE l.851).
    """

    players: int = 2
    rules: str = "special"
    board_mode: str = "advanced"
    chateauma: str | None = None
    modules: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool) \
                or not 1 <= self.players <= 4:
            raise ValueError(f"players must be 2, 3 or 4 (1 in the solo game), "
                             f"not {self.players!r}")
        # Checked before the cached look-ups, which a list or an object cannot key.
        if not isinstance(self.rules, str):
            raise ValueError(f"the rule set must be text, not {self.rules!r}")
        rule_set(self.rules)
        if not isinstance(self.board_mode, str) or self.board_mode not in BOARD_MODES:
            raise ValueError(f"unknown board mode {self.board_mode!r} "
                             f"(choose from {', '.join(BOARD_MODES)})")
        if self.chateauma is not None:
            object.__setattr__(self, "chateauma", parse_difficulty(self.chateauma).text())
        object.__setattr__(self, "modules", check_modules(
            self.rules, self.modules, self.board_mode, self.chateauma is not None,
            self.players))
        if self.players == 1 and not any(1 in MODULES[split_module(m)[0]].players
                                         for m in self.modules):
            with_one = [m for m, spec in MODULES.items() if 1 in spec.players]
            raise ValueError("players must be 2, 3 or 4 (one player plays only the solo "
                             f"game: module {' or '.join(map(repr, with_one))})")

    def has_module(self, mid: str) -> bool:
        """Whether module `mid` is in play (with any parameter)."""
        return any(split_module(entry)[0] == mid for entry in self.modules)

    def module_form(self, mid: str) -> str:
        """The form a module in play takes under this rule set ('se', 'a19', 'x11')."""
        return MODULES[mid].forms[self.rules]

    @property
    def chateauma_seat(self) -> int:
        """Châteauma's seat (the last one), or -1 without it."""
        return -1 if self.chateauma is None else self.players - 1

    @property
    def deciders(self) -> int:
        """Seats whose players make decisions, human or AI: seats 0 to deciders - 1 (every
        seat but Châteauma's)."""
        return self.players - (self.chateauma is not None)

    @cached_property  # read on every colour bonus and sale the AI's evaluation values
    def table_players(self) -> int:
        """The player count the central board is laid out for: a one-player game plays
        the two-player side, depots, black depot and goods points (SE l.851)."""
        return max(2, self.players)

    @property
    def rule_set(self) -> RuleSet:
        return rule_set(self.rules)

    def offered_boards(self) -> list[str]:
        """The duchies the board modes choose from: the rule set's, or a module's pool."""
        for entry in self.modules:
            pool = MODULES[split_module(entry)[0]].board_pool.get(self.rules)
            if pool:
                return list(pool)
        rs = self.rule_set
        return [rs.board_id(n) for n in rs.boards_offered]

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        if d["chateauma"] is None:
            del d["chateauma"]
        if d["modules"]:
            d["modules"] = list(d["modules"])
        else:
            del d["modules"]  # a base game's config reads as it did before modules
        return d

    @classmethod
    def from_dict(cls, d: Any) -> "GameConfig":
        if not isinstance(d, dict):
            raise ValueError("game config must be an object")
        unknown = set(d) - {"players", "rules", "board_mode", "chateauma", "modules"}
        if unknown:
            raise ValueError(f"unknown game config fields: {', '.join(sorted(unknown))}")
        d = dict(d)
        if "modules" in d:
            if not isinstance(d["modules"], list):
                raise ValueError("modules must be a list of module names")
            d["modules"] = tuple(d["modules"])
        return cls(**d)
