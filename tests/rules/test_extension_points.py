"""The extension points a module plugs into, exercised by a module made for the test:
the core runs its winner rule, its phase-end step (which may wait on a decision) and its
added actions without naming it."""

from dataclasses import replace

import pytest

from game.rules import GameConfig, new_game
from game.rules.extension import Module, STEPS, hooks_for
from game.simulate import play_random_game


class LastWins(Module):
    """A winner rule of its own: the base game's last seat wins."""
    id = "last_wins"

    def ranking(self, state, order):
        return order[-1:] + order[:-1]


def _with(state, module):
    """The state with `module`'s hooks added to its game's."""
    hooks = state.hooks
    state.hooks = replace(hooks, modules=hooks.modules + (module,),
                          ranking=hooks.ranking + (module.ranking,))
    return state


def test_a_modules_winner_rule_reorders_the_base_ranking():
    state = play_random_game(GameConfig(players=3), seed=4).state
    base = state.ranking()
    _with(state, LastWins(state.config, "se", None))
    assert state.ranking() == base[-1:] + base[:-1]


def test_without_modules_no_winner_rule_runs():
    assert hooks_for(GameConfig()).ranking == ()


def test_a_phase_end_step_may_wait_on_a_decision_and_the_sequence_goes_on_after_it():
    """The steps run in order; one that pushes a decision stops the sequence until the
    decision is answered (engine.run_steps)."""
    from game.rules.engine import run_steps
    from game.rules.state import Frame
    ran = []
    STEPS["test.ask"] = lambda state, events: (ran.append("ask"),
                                               state.frames.append(Frame("board", 0, ("1",))))
    STEPS["test.after"] = lambda state, events: ran.append("after")
    try:
        state = new_game(GameConfig())
        state.chance = None          # as at a phase end: no chance step pending
        state.steps = ("test.ask", "test.after")
        run_steps(state, None)
        assert ran == ["ask"] and state.steps == ("test.after",)
        state.frames.pop()          # the decision answered
        run_steps(state, None)
        assert ran == ["ask", "after"] and state.steps == ()
    finally:
        del STEPS["test.ask"], STEPS["test.after"]


@pytest.mark.parametrize("players", [2, 4])
def test_the_base_sequences_are_the_named_slots_in_order(players):
    hooks = hooks_for(GameConfig(players=players))
    assert hooks.phase_end == ("mines", "next_phase")
    assert hooks.game_end == ("final_scoring", "game_over")
    with_chateauma = hooks_for(GameConfig(players=players, chateauma="medium"))
    assert with_chateauma.phase_end.index("mines") < with_chateauma.phase_end.index(
        "chateauma.mines") < with_chateauma.phase_end.index("next_phase")
    tiles = hooks_for(GameConfig(players=players, modules=("tiles2",), chateauma="easy"))
    assert tiles.game_end.index("tiles2.crane_end") < tiles.game_end.index("chateauma.end")


class MarkedCastle(Module):
    """A module that lays a castle of its own into the black depot at each phase's setup,
    and counts the setups it saw."""
    id = "marked_castle"

    def black_depot_tiles(self, state):
        return (0,)  # a castle

    def phase_setup(self, state, events):
        self.setups.append((state.phase, list(state.black)))


def test_a_modules_black_depot_tile_takes_a_drawn_ones_space_and_its_setup_runs():
    import random
    from game.rules.chance import black_depot_size
    state = new_game(GameConfig(board_mode="basic"))
    module = MarkedCastle(state.config, "se", None)
    module.setups = []
    state.hooks = replace(state.hooks, modules=state.hooks.modules + (module,),
                          black_depot_tiles=(module.black_depot_tiles,),
                          phase_setup=(module.phase_setup,))
    rng = random.Random(2)
    while state.chance != "phase":
        state.apply_chance(state.sample_chance(rng))
    depots, black, goods = state.sample_chance(rng)
    assert len(black) == black_depot_size(2) - 1
    state.apply_chance((depots, black, goods))
    assert state.black == [0, *black]
    assert module.setups == [(0, [0, *black])]  # after the depots are filled


def test_without_modules_no_phase_setup_hook_runs():
    hooks = hooks_for(GameConfig())
    assert hooks.black_depot_tiles == () and hooks.phase_setup == ()
