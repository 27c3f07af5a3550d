"""Game configuration and rule sets (RULINGS R1: every edition difference is data)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import cache
from typing import Any

from .boards import get_board
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
    'hard+A+B+C+D' (see chateauma_data). `players` counts it, so a solo game is players=2.
    """

    players: int = 2
    rules: str = "special"
    board_mode: str = "advanced"
    chateauma: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise ValueError(f"players must be 2, 3 or 4, not {self.players!r}")
        rule_set(self.rules)
        if self.board_mode not in BOARD_MODES:
            raise ValueError(f"unknown board mode {self.board_mode!r} "
                             f"(choose from {', '.join(BOARD_MODES)})")
        if self.chateauma is not None:
            object.__setattr__(self, "chateauma", parse_difficulty(self.chateauma).text())

    @property
    def chateauma_seat(self) -> int:
        """Châteauma's seat (the last one), or -1 without it."""
        return -1 if self.chateauma is None else self.players - 1

    @property
    def deciders(self) -> int:
        """Seats whose players make decisions, human or AI: seats 0 to deciders - 1 (every
        seat but Châteauma's)."""
        return self.players - (self.chateauma is not None)

    @property
    def rule_set(self) -> RuleSet:
        return rule_set(self.rules)

    def offered_boards(self) -> list[str]:
        rs = self.rule_set
        return [rs.board_id(n) for n in rs.boards_offered]

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        if d["chateauma"] is None:
            del d["chateauma"]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "GameConfig":
        if not isinstance(d, dict):
            raise ValueError("game config must be an object")
        unknown = set(d) - {"players", "rules", "board_mode", "chateauma"}
        if unknown:
            raise ValueError(f"unknown game config fields: {', '.join(sorted(unknown))}")
        return cls(**d)


def check_boards() -> None:
    """Every offered board exists (a data-file consistency check used by the tests)."""
    for rs_id in RULE_SETS:
        rs = rule_set(rs_id)
        for n in rs.boards_offered:
            get_board(rs.board_id(n))
