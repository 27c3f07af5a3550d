"""The opening: which estate board to take and where its start castle goes.

Before a tile lies, the evaluation cannot tell one board or castle space from another: it
sees an empty estate either way, and left to itself it took the basic board with the
castle on space 6 every time. Yet they differ by many points. Self-play measures what the
evaluation cannot foresee: `opening_table.measure` plays games in `free` board mode in which every
player takes a random board and a random castle space and then plays as Medium does, and
records each player's final score by (board, castle space). Those means, in
`data/openings.json`, are the opening book; Medium and Hard take the board and castle
space with the best estimate among those on offer.

An estimate shrinks each mean towards the one above it (a cell towards its board, a board
towards all games) by its number of games, so a cell seen a few times with a lucky
result does not win on luck: estimate = all + (board - all) * n_b / (n_b + K)
+ (cell - board) * n_c / (n_c + K).

Regenerate a table with `python main.py openings --rules special --games 1600 --write`.
The Special Edition's boards 4 and 8 differ from the older ones, so the Special Edition
has its table and the older rule sets share another ("classic", measured with alea2019).
The tables are measured with two players and used for every player count, except the
solo game's (`--solo`): solo games at the default target with a random board (33 or 34)
and castle space, then Medium, by the spaces filled.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..rules import Action, GameConfig, GameState, get_board

BOOK_FILE = Path(__file__).with_name("data") / "openings.json"
SHRINK = 25          # K above: games at which a mean counts half
SETUP = ("board", "start_castle")
TABLE_FOR = {"special": "special", "alea2019": "classic", "original": "classic",
             "yucata": "classic"}
# The solo game has a table of its own, measured in solo games at the default target:
# its boards 33 and 34 are in no two-player table, and what it counts is spaces filled.
SOLO_TABLE = "solo"
SOLO_MODULE = "solo:target=50"
# Modules that deal duchies of their own have a table of their own, measured with the
# module in play (`openings --modules M`): the border posts' boards 23-30 are in no base
# table, and without one every tier took the first board dealt, though their means differ
# by up to 34 points (docs/ai.md, "The opening"); nor are duchies 11-18, whose table is
# measured alone and, for the castle connection, which changes where an estate can grow
# from its castles, with it. The first module of this order in play names the table.
MODULE_TABLES = ("border_posts", "castle_connection", "boards_11_18")


def table_name(config: GameConfig) -> str:
    """The name of the table that serves a configuration's openings."""
    if config.has_module("solo"):
        return SOLO_TABLE
    name = TABLE_FOR.get(config.rules, "")
    for module in MODULE_TABLES:
        if config.modules and config.has_module(module):
            return f"{name}+{module}"
    return name


def load_book(path: Path = BOOK_FILE) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))["tables"]
    except (OSError, ValueError, KeyError):
        return {}


_BOOK: dict | None = None


def book() -> dict:
    global _BOOK
    if _BOOK is None:
        _BOOK = load_book()
    return _BOOK


def estimate(table: dict, board: str, castle: int) -> float | None:
    """The shrunk estimate of a player's final score with this board and castle space,
    or None if the table has not seen the board."""
    entry = table.get("boards", {}).get(board)
    if entry is None:
        return None
    overall = table["mean"]
    board_mean, board_n = entry["mean"], entry["games"]
    value = overall + (board_mean - overall) * board_n / (board_n + SHRINK)
    cell = entry["castles"].get(str(castle))
    if cell is not None:
        value += (cell["mean"] - board_mean) * cell["games"] / (cell["games"] + SHRINK)
    return value


def opening_choice(state: GameState, table: dict | None = None) -> Action | None:
    """The book's choice of board or castle space, or None when the decision is another
    one or the book does not know every option."""
    if state.decision not in SETUP:
        return None
    if table is None:
        table = book().get(table_name(state.config), {})
    legal = state.legal_actions()
    p = state.players[state.current_player]
    scored: list[tuple[float, Action]] = []
    for action in legal:
        if action[0] == "board":
            castles = get_board(action[1]).castle_spaces
            values = [estimate(table, action[1], c) for c in castles]
        else:
            values = [estimate(table, p.board.id, action[1])]
        known = [v for v in values if v is not None]
        if len(known) < len(values):
            return None
        scored.append((max(known), action))
    # Ties keep the rules' order of the options, so the choice is deterministic.
    return max(scored, key=lambda e: e[0])[1] if scored else None
