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


# --- the plug points the shields module added, exercised by a module of the test's own ---

class Recorder(Module):
    """Sees every worker gain and turn start; doubles mine silver, takes a sale's worker,
    lets storage grow."""
    id = "recorder"

    def __init__(self, config, form, param):
        super().__init__(config, form, param)
        self.gains: list[tuple[int, int]] = []
        self.turns: list[int] = []

    def workers_gained(self, state, seat, amount, events):
        self.gains.append((seat, amount))

    def turn_started(self, state, seat, events):
        self.turns.append(seat)

    def mine_income(self, state, seat, mines, silver, workers):
        return silver * 2, workers

    def sale(self, state, seat, count, silver, workers, points):
        return silver, workers + 1, points + 1

    def storage_room(self, state, seat):
        return True


def _recording(state):
    m = Recorder(state.config, "se", None)
    state.hooks = replace(state.hooks, modules=state.hooks.modules + (m,),
                          workers_gained=(m.workers_gained,), turn_started=(m.turn_started,),
                          mine_income=(m.mine_income,), sale=(m.sale,),
                          storage_room=(m.storage_room,))
    state._legal = None
    return m


def test_every_worker_gain_passes_one_function_a_module_sees():
    from .builders import game, monasteries, set_goods
    s = game()
    m = _recording(s)
    seat = s.current_player
    monasteries(s, 4)
    set_goods(s, {2: 1})
    s.apply(("workers", 0))
    s.apply(("sell", 1, 2))
    assert m.gains == [(seat, 2), (seat, 2)]  # the die action; the sale's (1 + the test's 1)
    s.apply(("end",))
    assert m.turns == [s.current_player]


def test_mine_income_and_a_sale_are_chained_through_the_modules():
    from .builders import at_last_turn, build, game
    s = game()
    _recording(s)
    build(s, 24, "mine", seat=1)
    silver = s.players[1].silver
    at_last_turn(s, 0)
    s.apply(("end",))
    assert s.players[1].silver == silver + 2


def test_a_storage_may_grow_where_a_module_says_so():
    from .builders import game, store
    s = game(dice=[(1, 1), (1, 1)])
    _recording(s)
    store(s, "bank", "bank", "bank")
    slot = next(i for i, k in enumerate(s.depots[0]) if k >= 0)
    s.apply(("take", 0, 1, slot))
    assert s.decision == "turn" and len(s.players[s.current_player].storage) == 4


def test_lifting_the_adjacency_rule_widens_the_placements():
    from game.rules.engine import placeable_mask
    from game.rules.tiles import kind_from_name
    from .builders import game
    s = game()
    p = s.players[s.current_player]
    mine = kind_from_name("mine")
    near = placeable_mask(p, mine)
    p.anywhere = True
    wide = placeable_mask(p, mine)
    assert near and wide & near == near and wide != near
    assert all(p.board.colour[sp] == 1 and p.estate[sp] < 0
               for sp in range(37) if wide >> sp & 1)


def test_setup_chance_steps_run_in_order_then_the_first_phase():
    hooks = hooks_for(GameConfig(modules=("shields",), chateauma="medium"))
    assert hooks.setup_chances == ("shields_deal", "chateauma_setup")
    assert hooks.after_setup(None) == "shields_deal"
    assert hooks.after_setup("shields_deal") == "chateauma_setup"
    assert hooks.after_setup("chateauma_setup") == "phase"
    assert hooks_for(GameConfig()).after_setup(None) == "phase"
