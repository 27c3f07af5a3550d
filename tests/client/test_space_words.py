"""A space in words names one space: the choices of a start castle, and every log line
that names a space, must tell the spaces apart on the board the player sees."""

from types import SimpleNamespace

import pytest

from game.rules.boards import all_boards, get_board
from game.scenes import fonts
from game.scenes.table import geometry as g
from game.scenes.table.log import choice_label
from game.scenes.table.space_words import space_words
from game.scenes.ui import theme
from game.scenes.ui.widgets import BUTTON_PAD


def _empty_estate(board):
    return SimpleNamespace(board=board, occupied=0)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_on_an_empty_estate_no_two_spaces_are_named_alike(lang):
    """Before a tile lies, a space is named by its colour, its number and the part of the
    estate it lies in; where two spaces share all three, which of them it is is said too."""
    for board_id, board in all_boards().items():
        player = _empty_estate(board)
        words = [space_words(player, s, lang) for s in range(board.spaces)]
        assert len(set(words)) == len(words), board_id


def test_the_two_castle_spaces_with_a_2_at_the_top_left_of_board_33_are_told_apart():
    """Board 33 (the solo game's, SE l.849: the start castle on any castle space) has two
    castle spaces with a 2 at the top left, next to each other."""
    board = get_board("33")
    player = _empty_estate(board)
    named = {space_words(player, s, "en") for s in board.castle_spaces}
    assert {"the castle space with a 2 at the top left, the left one",
            "the castle space with a 2 at the top left, the right one"} <= named
    german = {space_words(player, s, "de") for s in board.castle_spaces}
    assert "das Burgfeld mit der 2 oben links, das linke" in german


def _castle_choices(board, lang):
    state = SimpleNamespace(players=[_empty_estate(board)], current_player=0)
    return [choice_label(("start_castle", s), state, lang) for s in board.castle_spaces]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_start_castle_options_are_told_apart_on_one_line_of_the_choice_box(lang):
    """The start castle goes onto any castle space (SE l.849 for the solo game's boards):
    the box's heading says so, and each option names its space by its number and where it
    lies, whole on one line of the box at the smallest type size (a line cut short would
    hide the words that tell two options apart)."""
    font = fonts.get(theme.FONT_MIN)
    room = g.CHOICE.w - 24 - 2 * BUTTON_PAD
    for board_id, board in all_boards().items():
        options = _castle_choices(board, lang)
        assert len(set(options)) == len(options), board_id
        for words in options:
            # a margin for text not scaling exactly with the window
            assert font.size(words)[0] <= 0.95 * room, (board_id, words)


def test_board_33s_castle_options_in_words():
    options = _castle_choices(get_board("33"), "en")
    assert options[:2] == ["The 2 at the top left, the left one",
                           "The 2 at the top left, the right one"]
    assert _castle_choices(get_board("33"), "de")[1] == "Feld mit der 2 oben links, das rechte"
