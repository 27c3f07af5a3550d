"""One truth on the table: one actor at a time, the same turn-order spaces in the log and
on the board, a prompt that says what is left, twin dice, and seat dice that never look
like the white die."""

from __future__ import annotations

import random

import pygame
from table_driver import (click_button, click_spot, key, last_action, make_table, perform,
                          prefer_ships, settle, step)
from test_table_chateauma import chateauma_table

from game.rules import action_text
from game.scenes import i18n
from game.scenes.table import board_view, estates_panel, painter
from game.scenes.table import geometry as g

FRAME = 1 / 60


def drawn_texts(stack, monkeypatch, layers=False):
    """Draw a frame; every (text, design position) the table (and with ``layers`` its
    cached layers, the board among them) wrote."""
    seen = []
    for module in (painter, board_view, estates_panel):
        for name in ("text", "fit_text"):
            original = getattr(module, name, None)
            if original is None:
                continue

            def recording(canvas, s, pos, *args, _original=original, **kwargs):
                seen.append((s, pos))
                return _original(canvas, s, pos, *args, **kwargs)
            monkeypatch.setattr(module, name, recording)
    scene = stack.scenes[0]
    cached = (scene.background, scene.board.layer, scene.estate_layer) if layers else ()
    for layer in (*cached, *scene.estates.cards):  # the cards say who is to move
        layer.key = None
    stack.draw(pygame.Surface((1280, 720)))
    monkeypatch.undo()
    return seen


def marked_seats(scene, texts):
    """The seats whose card says "to move"."""
    marker = i18n.tr("table.to_move")
    n = len(scene.names)
    return {seat for s, pos in texts if s == marker
            for seat in range(n) if estates_panel.card_rect(seat, n).collidepoint(pos)}


def prompt_of(texts):
    return next(s for s, pos in texts if g.PROMPT.collidepoint(pos))


def check_one_actor(stack, scene, monkeypatch):
    texts = drawn_texts(stack, monkeypatch)
    marked = marked_seats(scene, texts)
    assert len(marked) <= 1, marked
    prompt = prompt_of(texts)
    named = {seat for seat, name in enumerate(scene.names) if name in prompt}
    assert named <= marked, (prompt, marked)
    if marked and not scene.session.seats[min(marked)].is_human:
        assert not scene.action_buttons.end.enabled
        assert not scene.action_buttons.undo.enabled
        assert not scene.action_buttons.hint.enabled
    if not scene.can_act():  # animations play, or the turn has not reached the person
        a = scene.action_buttons
        assert not any(b.enabled for b in (a.workers, a.buy, a.end, a.hint))
    return marked


def test_one_actor_at_a_time_with_ai(data_root, monkeypatch):
    """Every frame of a few turns between a person and an AI, animations on."""
    stack, scene, _ = make_table(data_root, kinds=("human", "random"), speed="fast", seed=3)
    rng = random.Random(3)
    ai_frames = turns = 0
    while turns < 5:
        marked = check_one_actor(stack, scene, monkeypatch)
        if marked == {1}:
            ai_frames += 1
        if scene.can_act():
            if scene.state.decision == "turn" and ("end",) in scene.narrowing.legal:
                turns += 1
                perform(stack, scene, ("end",))
            else:
                perform(stack, scene, rng.choice(scene.narrowing.legal))
        step(stack)
    assert ai_frames > 20


def test_one_actor_at_a_time_with_chateauma(data_root, monkeypatch):
    stack, scene = chateauma_table(data_root, speed="fast")
    scene.view_seat(scene.state.current_player)
    rng = random.Random(5)
    cm_seat = len(scene.names) - 1
    cm_frames = 0
    for _ in range(900):
        marked = check_one_actor(stack, scene, monkeypatch)
        cm_frames += marked == {cm_seat}
        if scene.can_act():
            legal = scene.narrowing.legal
            perform(stack, scene, ("end",) if ("end",) in legal else rng.choice(legal))
        step(stack)
    assert cm_frames > 20


def track_texts(scene, texts):
    """The number printed on the turn-order space each seat's marker stands on."""
    markers = board_view.track_markers(scene.view)
    spaces = board_view.track_spaces(markers)
    heights = board_view.stack_heights(markers)
    out = {}
    for seat, (space, level) in markers.items():
        x, y = g.track_marker_centre(space, level, spaces, heights[space])
        assert (scene.names[seat][:1].upper(), (x, y)) in texts  # the marker is drawn there
        label = g.track_space_centre(space, spaces)
        out[seat] = next(s for s, pos in texts if pos == label)
    return out


def test_turn_order_spaces_read_the_same_in_the_log_and_on_the_board(data_root, monkeypatch):
    stack, scene, _ = make_table(data_root, kinds=("human", "human"), seed=2)
    settle(stack, scene)
    start = track_texts(scene, drawn_texts(stack, monkeypatch, layers=True))
    assert set(start.values()) == {"1"}  # as printed: 1 first
    policy = prefer_ships(random.Random(2))
    while not any(type(e).__name__ == "TurnOrderMoved" for e in scene.log.entries):
        settle(stack, scene)
        scene.submit(policy(scene.state))
    settle(stack, scene)
    moved = next(e for e in scene.log.entries if type(e).__name__ == "TurnOrderMoved")
    line = scene.log.lines()[scene.log.entries.index(moved)]
    board = track_texts(scene, drawn_texts(stack, monkeypatch, layers=True))
    assert scene.state.players[moved.player].track_pos == 1  # one ship so far
    assert board[moved.player] == "2"
    assert "space 2 " in line


def test_the_prompt_says_what_is_left_after_both_dice(data_root, monkeypatch):
    stack, scene, _ = make_table(data_root, kinds=("human", "human"), seed=4)
    rng = random.Random(4)
    seen = set()
    for _ in range(400):
        settle(stack, scene)
        legal = scene.narrowing.legal
        if scene.state.decision == "turn" and ("end",) in legal:
            prompt = prompt_of(drawn_texts(stack, monkeypatch))
            name = scene.names[scene.state.current_player]
            if any(a[0] == "buy" for a in legal):
                assert prompt == i18n.tr("table.prompt.turn_done_buy", name=name)
                seen.add("buy")
            else:
                assert prompt == i18n.tr("table.prompt.turn_done", name=name)
                seen.add("end")
            if seen == {"buy", "end"}:
                return
            scene.submit(("end",))
        else:
            scene.submit(rng.choice([a for a in legal if a[0] != "buy"]))
    raise AssertionError(f"only saw {seen}")


def twin_dice_turn(data_root):
    """A person's turn with both dice unused and showing the same number."""
    for seed in range(40):
        stack, scene, _ = make_table(data_root / str(seed), kinds=("human", "human"),
                                     seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            settle(stack, scene)
            p = scene.state.players[scene.state.current_player]
            if (scene.state.decision == "turn" and p.dice[0] == p.dice[1]
                    and not any(p.used)):
                return stack, scene
            scene.submit(rng.choice(scene.narrowing.legal))
    raise AssertionError("no equal dice found")


def test_either_of_two_equal_dice_can_be_chosen(data_root):
    stack, scene = twin_dice_turn(data_root)
    assert scene.narrowing.highlights().dice == {0, 1}
    click_spot(stack, scene, "die", 1)
    assert scene.narrowing.chosen_die == 1  # framed as the chosen die
    assert scene.message == ("table.msg.die_selected", {})
    click_button(stack, scene.action_buttons.workers)
    # The rules name one of two equal dice; that action is the one played.
    assert last_action(scene) == action_text(("workers", 0))


def test_the_second_of_two_equal_dice_answers_its_key(data_root):
    stack, scene = twin_dice_turn(data_root)
    stack.handle_event(key(pygame.K_2))
    stack.update(FRAME)
    assert scene.narrowing.chosen_die == 1
    stack.handle_event(key(pygame.K_w))
    stack.update(FRAME)
    assert last_action(scene) == action_text(("workers", 0))


def die_colour(surface, centre, size, viewport):
    """The average colour of the square a die of side ``size`` (design units) covers."""
    x, y = viewport.to_window(*centre)
    side = round(size * viewport.scale)
    square = pygame.Rect(0, 0, side, side)
    square.center = (round(x), round(y))
    return pygame.transform.average_color(surface, square)[:3]


def distance(a, b):
    return sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5


def test_the_white_seats_dice_do_not_look_like_the_white_die(data_root):
    """Seat 2 plays white: its dice in the tray, still and rolling, differ from the white
    die at a glance (their rims), not only by the label beneath."""
    from game.scenes.anim.dice import DiceTray, draw_dice
    from game.scenes.art import palette
    from game.scenes.layout import Canvas, Viewport
    stack, scene, _ = make_table(data_root, kinds=("human", "human", "human"), seed=1)
    assert scene.session.seats[2].colour == 2 and palette.PLAYERS[2] == (236, 236, 230)
    rng = random.Random(1)
    settle(stack, scene)
    while scene.state.current_player != 2 or scene.state.decision != "turn":
        scene.submit(rng.choice(scene.narrowing.legal))
        settle(stack, scene)
    surface = pygame.Surface((1280, 720))
    viewport = Viewport(surface.get_size())
    stack.draw(surface)
    seat_die = die_colour(surface, g.die_centre(0), g.DIE_SIZE, viewport)
    white_die = die_colour(surface, g.die_centre(2), g.WHITE_DIE_SIZE, viewport)
    assert distance(seat_die, white_die) > 40

    tray = DiceTray((700, 420), [3, 3, 3], seed=2)
    surface = pygame.Surface((1920, 1080))
    draw_dice(Canvas(surface), (100, 200), tray.final, 64,
              [palette.PLAYERS[2], palette.PLAYERS[2], None])
    full = Viewport(surface.get_size())
    seat, _, white = (die_colour(surface, (100 + d.x, 200 + d.y), 64, full)
                      for d in tray.final)
    assert distance(seat, white) > 40
