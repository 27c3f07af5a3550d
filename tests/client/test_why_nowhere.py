"""A stored tile with no space for it says why: no empty space of its colour next to the
estate, its building already in every such city, the castle connection, or no number
the dice reach."""

from game.rules import MINE
from game.scenes.table.interaction import Narrowing
from tests.rules.builders import build, game, give, me, store


def _click(state, j=0):
    """The message a click on storage space `j` gives, no die chosen yet."""
    return Narrowing(state).click_storage(j).message


def test_a_tile_with_no_empty_space_of_its_colour_next_to_the_estate():
    s = game()
    store(s, "mine")
    me(s).frontier &= ~me(s).board.colour_mask[MINE]
    assert _click(s) == "table.msg.no_space_colour"


def test_a_pasture_the_castle_connection_closes_everywhere():
    # Board 11, castle on 6, buildings on 2 and 3: pasture 8 touches only building 3,
    # so no chain of pastures joins it to a castle (the rulebook scenario). Pasture 7,
    # the castle's own neighbour, is taken out of the estate's reach.
    s = game(mode="free", boards=["11", "11"], castles=[6, 6], dice=[(4, 4), (1, 2)],
             modules=("boards_11_18", "castle_connection"))
    give(s, workers=0)
    build(s, 2, "warehouse")
    build(s, 3, "bank")
    store(s, "cow3")
    p = me(s)
    p.frontier &= ~(1 << 7)  # only pasture 8 is next to the estate
    assert _click(s) == "table.msg.no_space_rule"


def test_the_same_pasture_without_the_module_waits_for_another_number():
    s = game(mode="free", boards=["11", "11"], castles=[6, 6], dice=[(1, 1), (1, 2)],
             modules=("boards_11_18",))
    give(s, workers=0)
    build(s, 2, "warehouse")
    build(s, 3, "bank")
    store(s, "cow3")
    me(s).frontier &= ~(1 << 7)
    assert _click(s) == "table.msg.no_space_dice"


def test_a_building_whose_kind_every_neighbouring_city_has():
    s = game(mode="free", boards=["11", "11"], castles=[6, 6], dice=[(4, 4), (1, 2)],
             modules=("boards_11_18",))
    give(s, workers=0)
    build(s, 2, "warehouse")
    p = me(s)
    city = p.board.area_of[2]
    # Only spaces of that city are open to buildings next to the estate.
    p.frontier &= ~p.board.colour_mask[p.board.colour[2]] | p.board.area_mask[city]
    store(s, "warehouse")
    assert _click(s) == "table.msg.no_space_city"
