"""The rules' seam holds together: every hook a module writes is one the core calls, the
configurations' hooks are cached within a bound, and every place that lists the position's
fields by hand (copies, saves, what a seat sees, the team's shared record, the AI's cache
key) names every field or says why it leaves one out."""

from __future__ import annotations

import ast
import inspect
import itertools
import textwrap
from typing import Any, Callable

import pytest

import game.rules  # noqa: F401  (registers the modules and Châteauma)
from game.ai import evaluate
from game.rules import GameConfig
from game.rules import serialize, visibility
from game.rules.extension import (ASKED_HOOKS, CALLED_HOOKS, CONTROLLER_HOOKS, CONTROLLER_TYPES,
                                  HOOK_NAMES, MODULE_TYPES, Hooks, Module, SeatController, Seating,
                                  hooks_for, register)
from game.rules.modules import team
from game.rules.state import PlayerState, Position


def _public_methods(cls: type) -> set[str]:
    return {name for name, value in vars(cls).items()
            if (callable(value) or isinstance(value, classmethod))
            and not name.startswith("_")}


# --- hooks ------------------------------------------------------------------------------

def test_the_hook_lists_are_exactly_modules_public_methods() -> None:
    assert set(CALLED_HOOKS).isdisjoint(ASKED_HOOKS)
    assert HOOK_NAMES == _public_methods(Module)
    assert CONTROLLER_HOOKS == _public_methods(SeatController) | _public_methods(Seating)


def test_every_public_method_of_a_module_or_seat_controller_is_a_hook() -> None:
    assert MODULE_TYPES and CONTROLLER_TYPES
    for module_type in MODULE_TYPES.values():
        assert _public_methods(module_type) <= HOOK_NAMES, module_type.id
    for controller_type in CONTROLLER_TYPES.values():
        assert _public_methods(controller_type) <= CONTROLLER_HOOKS, controller_type.id


def test_a_misspelt_hook_is_refused_when_the_module_registers() -> None:
    class Misspelt(Module):
        id = "misspelt"

        def tile_placd(self, state: Any, seat: int, kind: int, space: int,
                       events: list | None) -> None:
            """Meant as tile_placed: the core would never call it."""

    with pytest.raises(TypeError, match="tile_placd"):
        register(Misspelt)
    assert "misspelt" not in MODULE_TYPES


def test_every_called_hook_is_gathered_from_the_modules_that_override_it() -> None:
    """Hooks' Chain fields are the called hooks, one by one: each holds exactly the
    modules in play that override the hook of its name."""
    config = GameConfig(players=4, modules=("team", "tiles2", "inns"))
    hooks = hooks_for(config)
    assert set(CALLED_HOOKS) < {f for f in Hooks.__dataclass_fields__}
    for name in CALLED_HOOKS:
        expected = [m for m in hooks.modules
                    if getattr(type(m), name) is not getattr(Module, name)]
        assert [bound.__self__ for bound in getattr(hooks, name)] == expected, name
        assert all(bound.__name__ == name for bound in getattr(hooks, name))
    assert any(getattr(hooks, name) for name in CALLED_HOOKS)


def test_hooks_are_cached_per_configuration_within_a_bound() -> None:
    bound = hooks_for.cache_info().maxsize
    assert bound is not None
    configs = []
    for p, r, b, m, c in itertools.product(
            (2, 3, 4), ("special", "alea2019"), ("basic", "advanced", "random", "free"),
            ((), ("tiles2",), ("white_castles",), ("tiles2", "white_castles"),
             ("boards_11_18",), ("tiles2", "boards_11_18")), (None, "easy", "hard")):
        try:
            configs.append(GameConfig(players=p, rules=r, board_mode=b, modules=m,
                                      chateauma=c))
        except ValueError:
            pass  # a combination the rulebooks rule out
    assert len(configs) > bound
    for config in configs:
        assert hooks_for(config) is hooks_for(config)
    assert hooks_for.cache_info().currsize <= bound


# --- the position's fields, listed by hand --------------------------------------------------

def _fields_named(functions: tuple[Callable, ...]) -> set[str]:
    """Every attribute name and string constant the functions' code reads or writes."""
    names: set[str] = set()
    for fn in functions:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                names.add(node.attr)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                names.add(node.value)
    return names


# Per place: the functions that list the fields, and the fields they leave out with why.
DERIVED_FROM_PLACEMENTS = "rebuilt from the placements (PlayerState.lay_tile)"
PLACEABLE_CACHE = "a cache of the placeable masks, rebuilt when it is asked again"
PLAYER_PLACES: dict[str, tuple[tuple[Callable, ...], dict[str, str]]] = {
    "PlayerState.copy": ((PlayerState.copy,), {}),
    "the save (player to JSON)": ((serialize._player_to_dict,), {
        "estate": DERIVED_FROM_PLACEMENTS, "occupied": DERIVED_FROM_PLACEMENTS,
        "frontier": DERIVED_FROM_PLACEMENTS, "colour_count": DERIVED_FROM_PLACEMENTS,
        "built_areas": DERIVED_FROM_PLACEMENTS,
        "place_rule": "the modules' filter, set again from the configuration's hooks",
        "placeable": PLACEABLE_CACHE}),
    "the save (player from JSON)": ((serialize._player_from_dict,), {
        "placements": DERIVED_FROM_PLACEMENTS, "colour_count": DERIVED_FROM_PLACEMENTS,
        "built_areas": DERIVED_FROM_PLACEMENTS,
        "place_rule": "set by state_from_dict from the configuration's hooks",
        "placeable": PLACEABLE_CACHE}),
    "what a seat sees (public_key)": ((visibility.public_key,), {
        "occupied": "follows from the estate", "frontier": "follows from the estate",
        "colour_count": "follows from the estate",
        "built_areas": "follows from the estate",
        "placements": "the estate shows what lies where",
        "breakdown": "the sum of the points it splits (score)",
        "live_knowledge": "follows from the monasteries placed and the phase",
        "place_rule": "follows from the configuration",
        "anywhere": "follows from the shields held (the modules' public state)",
        "placeable": PLACEABLE_CACHE}),
    "the team's shared record (team.share)": ((team.share,), {
        f: "each partner's own record (TM: dice, points, turn-order marker, colour bonus "
           "tiles, goods sold)" for f in ("sold", "dice", "used", "score", "breakdown",
                                          "bonus_tiles", "track_pos", "track_stamp",
                                          "live_knowledge")} | {
        "place_rule": "the same for every seat of a configuration",
        "anywhere": "a seat's own shield 18", "placeable": PLACEABLE_CACHE}),
    "the AI's value cache key (Evaluator._cached_value)": ((evaluate.Evaluator._cached_value,), {
        "frontier": "follows from the estate", "colour_count": "follows from the estate",
        "built_areas": "follows from the estate",
        "placements": "the estate shows what lies where",
        "dice": "an opponent's value is asked outside its turn, when its dice are spent",
        "used": "an opponent's value is asked outside its turn, when its dice are spent",
        "breakdown": "the sum of the points it splits (score)",
        "bonus_tiles": "the bonus tiles taken are in the key (bonus_taken)",
        "live_knowledge": "follows from the monasteries placed and the phase",
        "place_rule": "the same for every seat of a configuration",
        "anywhere": "follows from the estate's shields, the same within one search",
        "placeable": PLACEABLE_CACHE}),
}

FROM_CONFIG = "follows from the configuration"
SAMPLED = "the outcome this position drew itself, trusted once; never carried over"
POSITION_PLACES: dict[str, tuple[tuple[Callable, ...], dict[str, str]]] = {
    "Position.clone": ((Position.clone,), {}),
    "the save (to JSON)": ((serialize.state_to_dict,), {
        "rs": FROM_CONFIG, "n": FROM_CONFIG, "hooks": FROM_CONFIG,
        "_legal": "a cache of the legal actions", "_sampled": SAMPLED}),
    "the save (from JSON)": ((serialize.state_from_dict,), {
        "rs": FROM_CONFIG, "n": FROM_CONFIG, "config": "the new position's own",
        "hooks": FROM_CONFIG, "_legal": "a cache of the legal actions", "_sampled": SAMPLED}),
    "what a seat sees (public_key)": ((visibility.public_key, visibility._unseen_black,
                                       visibility._chateauma_key, visibility.module_state), {
        "rs": FROM_CONFIG, "n": FROM_CONFIG, "hooks": FROM_CONFIG,
        "depot_colours": "follows from the number of players and the phase",
        "start_player": "its consequences are in the turn order and the track",
        "drawn_boards": "offered in the board decision's frame once drawn",
        "stamp": "the track's stack order is in the players' track stamps",
        "ext": "the modules' parts as every seat sees them (Module.public, module_state)",
        "_legal": "a cache of the legal actions", "_sampled": SAMPLED}),
}


@pytest.mark.parametrize("cls, places", [(PlayerState, PLAYER_PLACES),
                                         (Position, POSITION_PLACES)],
                         ids=["PlayerState", "Position"])
def test_every_place_that_lists_the_fields_names_each_or_says_why_not(
        cls: type, places: dict[str, tuple[tuple[Callable, ...], dict[str, str]]]) -> None:
    slots = set(cls.__slots__)  # type: ignore[attr-defined]
    for place, (functions, left_out) in places.items():
        assert set(left_out) <= slots, f"{place}: no such field {set(left_out) - slots}"
        named = _fields_named(functions)
        missing = slots - named - set(left_out)
        assert not missing, (f"{place} does not name {sorted(missing)}: add the field there, "
                             "or to the fields it leaves out here with the reason")


def test_the_field_check_sees_a_field_left_out() -> None:
    def copy_without_silver(p: PlayerState) -> None:
        c = PlayerState()
        c.workers = p.workers

    assert "silver" not in _fields_named((copy_without_silver,))
    assert {"workers", "copy_without_silver"} - _fields_named((copy_without_silver,)) == {
        "copy_without_silver"}
