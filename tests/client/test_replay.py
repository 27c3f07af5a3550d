"""Replays: the driver's positions forward and back, the replay table's controls and keys,
and the ways in and out (the results, the load list)."""

from __future__ import annotations

import copy
import random

import pytest
from client_events import click, key
from positions import finished_session, saved_games

import pygame
from game.rules import GameConfig, GameRecord
from game.scenes.context import ClientContext
from game.scenes.launcher import Launcher
from game.scenes.ui.confirm import MessageOverlay
from game.scenes.load_menu import LoadOverlay
from game.scenes.replay import SNAPSHOT_EVERY, Replay, ReplayError
from game.scenes.results import ResultsScene
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.stack import SceneStack
from game.scenes.table.replay import ReplayScene, replay_rects

FRAME = 1 / 60


@pytest.fixture(scope="module")
def game() -> GameSession:
    return finished_session()


def forward_pass(replay: Replay) -> tuple[list[str], list[list]]:
    """The state after every position and the events of every step, stepping forward."""
    replay.seek(0)
    states, events = [replay.state.to_json()], []
    while not replay.at_end:
        events.append(replay.forward())
        states.append(replay.state.to_json())
    return states, events


# --- the driver --------------------------------------------------------------------------

def test_stepping_forward_to_the_end_reaches_the_games_final_state(game):
    replay = Replay(game.match.record)
    states, events = forward_pass(replay)
    assert len(replay) == len(game.match.record.steps) > 2 * SNAPSHOT_EVERY
    assert replay.at_end and states[-1] == game.state.to_json()
    assert replay.final.to_json() == game.state.to_json()
    assert replay.events_until(len(replay)) == [e for step in events for e in step]


def test_back_then_forward_again_gives_the_same_states_and_events(game):
    replay = Replay(game.match.record)
    states, events = forward_pass(replay)
    # Every position reached backwards, one step at a time, is the one reached forwards.
    while replay.back():
        assert replay.state.to_json() == states[replay.position]
    assert replay.at_start and not replay.back()
    # Back a few steps from anywhere (across snapshots), then on again.
    for position in (len(replay), SNAPSHOT_EVERY + 3, 7):
        replay.seek(position)
        for _ in range(5):
            replay.back()
        while replay.position < position:
            i = replay.position
            assert replay.forward() == events[i] == replay.events_of(i)
            assert replay.state.to_json() == states[replay.position]


def test_a_jump_shows_the_position_and_keeps_the_snapshots_untouched(game):
    replay = Replay(game.match.record)
    states, _ = forward_pass(replay)
    for position in (0, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1, len(replay) - 1, len(replay)):
        assert replay.seek(position).to_json() == states[position]
        # The position taken on from a snapshot changes no snapshot.
        replay.forward()
        assert replay.state_at(position).to_json() == states[position]
    assert replay.seek(len(replay) + 10) is replay.state and replay.at_end
    with pytest.raises(IndexError):
        replay.state_at(-1)


def test_steps_group_into_turns_of_one_seat_with_the_chance_steps_before_them(game):
    replay = Replay(game.match.record)
    turns = replay.turns
    assert turns[0].start == 0 and turns[-1].stop == len(replay)
    assert all(a.stop == b.start for a, b in zip(turns, turns[1:]))
    for t, steps in enumerate(turns):
        infos = [replay.info(i) for i in steps]
        assert {i.turn for i in infos} == {t}
        deciders = {i.player for i in infos if not i.chance}
        assert len(deciders) <= 1, (t, deciders)
        # Chance steps only lead into a turn (or follow the last decision of the game).
        first_decision = next((k for k, i in enumerate(infos) if not i.chance), len(infos))
        assert all(not i.chance for i in infos[first_decision:]) or t == len(turns) - 1
    assert len(turns) > 20


def test_a_whole_turn_forward_and_back(game):
    replay = Replay(game.match.record)
    turn = replay.turns[5]
    replay.seek(turn.start)
    assert replay.turn_number() == 5
    assert replay.turn_end() == turn.stop
    replay.seek(turn.stop)
    assert replay.turn_start() == turn.start
    replay.seek(turn.start + 1)
    assert replay.turn_start() == turn.start
    replay.seek(0)
    assert replay.turn_start() == 0
    replay.seek(len(replay))
    assert replay.turn_end() == len(replay)


def test_the_phase_and_round_of_each_step_follow_the_game(game):
    replay = Replay(game.match.record)
    # From the first step on (the game before it stands at phase A, round 1 but is not
    # set up yet).
    rounds = [(replay.info(i).phase, replay.info(i).round) for i in range(1, len(replay))]
    assert rounds == sorted(rounds) and rounds[0][0] == -1
    assert rounds[-1][0] == 4


def _record(game, change) -> GameRecord:
    record = GameRecord.from_dict(copy.deepcopy(game.match.record.to_dict()))
    change(record.steps)
    return record


@pytest.mark.parametrize("change, says", [
    (lambda steps: steps[12].update(action="take 9 9/9"), "step 13"),
    (lambda steps: steps.__setitem__(12, {"action": "fly away"}), "step 13"),
    (lambda steps: steps.__setitem__(0, {"step": "start_player", "chance": "x"}), "step 1"),
    (lambda steps: steps.__setitem__(3, {"nothing": 1}), "step 4"),
    (lambda steps: steps.insert(0, {"action": "end"}), "step 1"),
])
def test_a_corrupt_record_is_a_clear_error_naming_the_step(game, change, says):
    record = _record(game, change)
    with pytest.raises(ReplayError, match=f"does not replay: {says}"):
        Replay(record)


def test_an_unfinished_game_replays_as_far_as_it_was_played(game):
    record = _record(game, lambda steps: steps.__delitem__(slice(100, None)))
    replay = Replay(record)
    assert len(replay) == 100 and not replay.final.is_terminal()


# --- the replay table --------------------------------------------------------------------

def watching(data_root, session, language: str = "en"):
    """The results of ``session`` with its replay opened over them (playing, from the
    start)."""
    ctx = ClientContext.load(data_root)
    ctx.change_settings(animation_speed="fast", language=language)
    stack = SceneStack()
    launcher = Launcher(ctx, stack)
    launcher.show_results(session)
    results = stack.top
    click(stack, results.watch_button.rect.center)
    scene = stack.top
    assert isinstance(scene, ReplayScene)
    return ctx, stack, results, scene


def test_the_results_open_the_replay_and_leaving_returns_to_them(data_root, game):
    ctx, stack, results, scene = watching(data_root, copy.deepcopy(game))
    assert stack.scenes[-2] is results and scene.playing and scene.replay.at_start
    for _ in range(30):
        stack.update(FRAME)
    stack.handle_event(key(pygame.K_ESCAPE))
    assert stack.top is results and isinstance(results, ResultsScene)
    # And by the button too.
    click(stack, results.watch_button.rect.center)
    scene = stack.top
    click(stack, scene.b_leave.rect.center)
    assert stack.top is results


def test_a_replay_is_driven_to_the_end_with_the_keyboard(data_root, game):
    ctx, stack, results, scene = watching(data_root, copy.deepcopy(game))
    stack.handle_event(key(pygame.K_SPACE))
    assert not scene.playing
    presses = 0
    while not scene.replay.at_end:
        stack.handle_event(key(pygame.K_RIGHT))
        stack.update(FRAME)
        presses += 1
    assert presses == len(scene.replay)
    for _ in range(600):
        stack.update(FRAME)
        if not scene.animating():
            break
    # The table shows the end of the game: the final scores, and the results are not
    # jumped to (the replay stays until it is left).
    assert not scene.animating()
    assert [p.score for p in scene.view.players] == list(game.state.scores())
    assert scene.state.to_json() == game.state.to_json()
    assert stack.top is scene
    assert scene.progress().endswith(f"step {len(scene.replay)} of {len(scene.replay)}")
    assert "Game over" in scene.progress()
    # Back a step, a turn, to the start; then a turn forward and to the end.
    stack.handle_event(key(pygame.K_LEFT))
    assert scene.replay.position == len(scene.replay) - 1
    stack.handle_event(key(pygame.K_LEFT, pygame.KMOD_SHIFT))
    assert scene.replay.position == scene.replay.turns[-1].start
    stack.handle_event(key(pygame.K_HOME))
    assert scene.replay.at_start and scene.view.players[0].score == 0
    stack.handle_event(key(pygame.K_RIGHT, pygame.KMOD_SHIFT))
    assert scene.replay.position == scene.replay.turns[0].stop
    stack.handle_event(key(pygame.K_END))
    stack.update(FRAME)
    assert scene.replay.at_end
    assert [p.score for p in scene.view.players] == list(game.state.scores())


def test_playing_runs_the_game_on_by_itself_faster_at_a_higher_speed(data_root, game):
    positions = {}
    for speed_presses in (0, 2):
        ctx, stack, results, scene = watching(data_root, copy.deepcopy(game))
        for _ in range(speed_presses):
            stack.handle_event(key(pygame.K_s))
        for _ in range(60 * 20):
            stack.update(FRAME)
        positions[scene.speed] = scene.replay.position
        stack.handle_event(key(pygame.K_ESCAPE))
    assert 0 < positions[1] < positions[4]
    assert scene.speed == 4


def test_playing_stops_at_the_end_and_stays_at_the_table(data_root, game):
    ctx, stack, results, scene = watching(data_root, copy.deepcopy(game))
    ctx.change_settings(animation_speed="instant")
    scene.go_to(len(scene.replay) - 3)
    scene.playing = True
    for _ in range(60 * 10):
        stack.update(FRAME)
    assert scene.replay.at_end and not scene.playing
    assert stack.top is scene and not scene.b_play.enabled and not scene.b_forward.enabled
    assert scene.b_back.enabled


def test_clicks_on_the_table_change_no_game_and_nothing_is_saved(data_root, game):
    ctx, stack, results, scene = watching(data_root, copy.deepcopy(game))
    scene.playing = False
    human = next(i for i, s in enumerate(game.seats) if s.is_human)
    # A position where a person was to decide, as at the table in play.
    while scene.state.current_player != human or scene.state.is_chance():
        scene.step_forward()
    stack.update(FRAME)
    position, state = scene.replay.position, scene.state.to_json()
    for spot in list(scene.spots.all()):
        click(stack, spot.centre)
        stack.update(FRAME)
    for k in (pygame.K_1, pygame.K_w, pygame.K_e, pygame.K_b, pygame.K_h):
        stack.handle_event(key(k))
        stack.update(FRAME)
    assert scene.replay.position == position and scene.state.to_json() == state
    assert not scene.session.match.record.steps
    assert not ctx.autosave_path.exists()


def test_the_controls_fit_where_the_action_buttons_were(data_root, game):
    from game.scenes.table import geometry as g
    rects = replay_rects()
    assert all(g.BUTTONS.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    ctx, stack, results, scene = watching(data_root, copy.deepcopy(game))
    buttons = (scene.b_turn_back, scene.b_turn_forward, scene.b_back, scene.b_forward,
               scene.b_play, scene.b_speed, scene.b_leave)
    for lang in ("en", "de"):
        ctx.change_settings(language=lang)
        for b in buttons:
            assert b.tooltip_text(), b.name
    assert not scene.b_back.enabled and scene.b_forward.enabled


def test_the_progress_line_says_phase_round_and_step(data_root, game):
    ctx, stack, results, scene = watching(data_root, copy.deepcopy(game))
    assert scene.progress() == f"Replay · Setting up — step 0 of {len(scene.replay)}"
    turn = next(t for t in scene.replay.turns if scene.replay.info(t.start).phase == 1)
    scene.go_to(turn.stop)
    phase, rnd = scene.state.phase, scene.state.round
    assert scene.progress().startswith(f"Replay · Phase {'ABCDE'[phase]}, round {rnd + 1} — "
                                       f"step {turn.stop} of")
    ctx.change_settings(language="de")
    assert f"Schritt {turn.stop} von {len(scene.replay)}" in scene.progress()


# --- the load list -----------------------------------------------------------------------

def _load_list(data_root):
    ctx = ClientContext.load(data_root)
    saved_games(ctx.saves_dir)
    stack = SceneStack()
    launcher = Launcher(ctx, stack)
    launcher.to_title()
    overlay = stack.push(LoadOverlay(ctx))
    assert overlay.wait_listed(10)
    return ctx, stack, overlay


def _entry(overlay, name):
    i = next(i for i, e in enumerate(overlay.entries) if e.name == name)
    return i, overlay.entries[i]


def test_the_load_list_watches_a_save_and_leaving_returns_to_the_list(data_root):
    ctx, stack, overlay = _load_list(data_root)
    i, finished = _entry(overlay, "finished")
    overlay._ensure_visible(i)
    click(stack, overlay.watches[i].rect.center)
    scene = stack.top
    assert isinstance(scene, ReplayScene)
    assert scene.replay.final.is_terminal()
    stack.handle_event(key(pygame.K_ESCAPE))
    assert stack.top is overlay
    # The save is untouched and still opens as a game.
    assert finished.path.exists()


def test_an_unfinished_save_replays_up_to_where_it_stopped(data_root):
    ctx, stack, overlay = _load_list(data_root)
    i, started = _entry(overlay, "game 1")
    overlay.watch(started)
    scene = stack.top
    assert isinstance(scene, ReplayScene)
    session = GameSession.load(started.path)
    assert len(scene.replay) == len(session.match.record.steps)
    assert scene.replay.final.to_json() == session.state.to_json()


def test_a_damaged_save_has_no_watch_button_and_a_bad_record_is_explained(data_root):
    ctx, stack, overlay = _load_list(data_root)
    i, damaged = _entry(overlay, "damaged")
    assert not overlay.watches[i].enabled
    # A save whose record stops replaying partway is explained, not watched.
    _, finished = _entry(overlay, "finished")
    save = finished.entry.save
    save.payload["record"]["steps"][20] = {"action": "take 9 9/9"}
    dialog = ctx.launcher.watch_save(save)
    assert dialog is None and isinstance(stack.top, MessageOverlay)
    assert "step 21" in stack.top.message()


def test_left_and_right_move_between_a_rows_buttons(data_root):
    ctx, stack, overlay = _load_list(data_root)
    i, _ = _entry(overlay, "finished")
    overlay._move_to(overlay.rows[i])
    stack.handle_event(key(pygame.K_RIGHT))
    assert overlay.focus.focused is overlay.watches[i]
    stack.handle_event(key(pygame.K_RIGHT))
    assert overlay.focus.focused is overlay.deletes[i]
    stack.handle_event(key(pygame.K_LEFT))
    stack.handle_event(key(pygame.K_LEFT))
    assert overlay.focus.focused is overlay.rows[i]


def test_a_replay_of_a_game_with_chateauma(data_root):
    session = GameSession(GameSetup(GameConfig(players=2, chateauma="medium"),
                                    (SeatSpec("human", "Anna", 0),
                                     SeatSpec("chateauma", "Châteauma", 1)), seed=4))
    session.start()
    rng = random.Random(4)
    for _ in range(120):
        if session.over:
            break
        session.play(rng.choice(session.legal_actions()))
    replay = Replay(session.match.record)
    states, _ = forward_pass(replay)
    assert states[-1] == session.state.to_json()
    ctx, stack, results, scene = watching(data_root, finished_session("medium+C"))
    scene.playing = False
    for _ in range(80):
        scene.step_forward()
        stack.update(FRAME)
    scene.go_to(10)
    assert scene.state.to_json() == scene.replay.state_at(10).to_json()


def test_a_record_without_steps_is_a_replay_at_its_only_position():
    replay = Replay(GameRecord(GameConfig(players=2), 1, []))
    assert len(replay) == 0 and replay.at_start and replay.at_end
    assert replay.forward() == [] and not replay.back()
    assert replay.turns == [] and replay.turn_end() == replay.turn_start() == 0


def test_the_progress_line_says_setting_up_while_trade_routes_are_arranged(data_root):
    config = GameConfig(players=2, modules=("trade_routes:arranged",))
    seats = (SeatSpec("human", "Anna", 0), SeatSpec("human", "Ben", 1))
    session = GameSession(GameSetup(config, seats, seed=5))
    session.start()
    rng = random.Random(5)
    while not session.over and session.state.phase < 1:
        session.play(rng.choice(session.legal_actions()))
    ctx = ClientContext.load(data_root)
    stack = SceneStack()
    Launcher(ctx, stack).watch(session)
    scene = stack.top
    assert isinstance(scene, ReplayScene)
    scene.playing = False

    def first(condition, start=0):
        for i in range(start, len(scene.replay)):
            scene.go_to(i)
            if condition(scene.state):
                return i
        raise AssertionError("no such step")

    arranging = first(lambda s: s.in_module_setup)
    assert scene.state.phase == 0
    assert scene.progress().startswith("Replay \u00b7 Setting up \u2014 step")
    first(lambda s: not s.in_module_setup and s.current_player >= 0, arranging)
    assert scene.progress().startswith("Replay \u00b7 Phase A, round 1 \u2014 step")
