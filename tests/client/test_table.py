"""The table scene: clicks narrow the legal actions to the one the player means, every
sub-choice is reachable, events animate, AI players think off the UI thread, games are
saved after every turn, and a whole game can be played through the table."""

from __future__ import annotations

import random
import threading
import time

import pygame
from client_events import click, key, motion, press, release
from table_driver import (
    click_button,
    click_spot,
    last_action,
    make_table,
    perform,
    play_by_clicks,
    prefer_ships,
    settle,
    spot_centre,
    step,
)

from game.rules import action_text
from game.rules.events import EVENT_TYPES
from game.scenes.session import GameSession
from game.scenes.table import geometry as g
from game.scenes.table.interaction import Narrowing, used_as, worker_cost
from game.scenes import i18n
from game.scenes.table.overlays import ConfirmOverlay, HandoffScene, PauseMenu
from game.scenes.ui.widgets import Label


def ready_with(data_root, want, seeds=range(1, 40), kinds=("human", "random")):
    """A table at a human decision where some legal action satisfies ``want``; plays
    random human moves until one turns up."""
    for seed in seeds:
        stack, scene, _launcher = make_table(data_root / str(seed), kinds, seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            settle(stack, scene)
            if scene.session.over:
                break
            found = [a for a in scene.state.legal_actions() if want(a, scene.state)]
            if found:
                return stack, scene, found[0]
            scene.submit(rng.choice(scene.state.legal_actions()))
    raise AssertionError("no position with such an action")


def free(op):
    return lambda a, s: (a[0] == op and s.decision == "turn" and a[1] < 2
                         and worker_cost(a, s) == 0)


def test_die_then_depot_tile_takes_that_tile(data_root):
    stack, scene, action = ready_with(data_root, free("take"))
    click_spot(stack, scene, "die", action[1])
    assert scene.narrowing.die == action[1]
    assert (action[2], action[3]) in scene.narrowing.highlights().depot_slots
    click_spot(stack, scene, "depot", (action[2], action[3]))
    assert last_action(scene) == action_text(action)


def test_storage_tile_then_estate_space_places_it(data_root):
    stack, scene, action = ready_with(data_root, free("place"))
    click_spot(stack, scene, "die", action[1])
    click_spot(stack, scene, "storage", action[2])
    assert action[3] in scene.narrowing.highlights().spaces
    click_spot(stack, scene, "space", action[3])
    assert last_action(scene) == action_text(action)


def test_die_then_goods_sells_them(data_root):
    stack, scene, action = ready_with(data_root, free("sell"))
    click_spot(stack, scene, "die", action[1])
    click_spot(stack, scene, "goods", action[2])
    assert last_action(scene) == action_text(action)


def test_die_then_workers_button_takes_workers(data_root):
    stack, scene, action = ready_with(data_root, free("workers"))
    click_spot(stack, scene, "die", action[1])
    click_button(stack, scene.action_buttons.workers)
    assert last_action(scene) == action_text(action)


def test_plus_and_minus_change_the_number_and_show_the_cost(data_root):
    stack, scene, action = ready_with(
        data_root, lambda a, s: a[0] == "take" and a[1] < 2 and s.decision == "turn"
        and worker_cost(a, s) == 1)
    die = action[1]
    click_spot(stack, scene, "die", die)
    n = scene.narrowing
    face = n.player.dice[die]
    assert n.value == face
    assert (action[2], action[3]) not in n.highlights().depot_slots
    target = action[2]
    # Step towards the depot's number the short way round (1 and 6 wrap).
    delta = 1 if (target - face) % 6 == 1 else -1
    for _ in range(6):
        if n.value == target:
            break
        click_button(stack, scene.dice.plus if delta > 0 else scene.dice.minus)
    assert n.value == target
    assert n.cost_range()[0] >= 1
    assert (action[2], action[3]) in n.highlights().depot_slots
    click_spot(stack, scene, "depot", (action[2], action[3]))
    assert last_action(scene) == action_text(action)


def test_keyboard_selects_a_die_and_steps_the_number(data_root):
    stack, scene, action = ready_with(data_root, free("take"))
    n = scene.narrowing
    k = pygame.K_1 if action[1] == 0 else pygame.K_2
    stack.handle_event(key(k))
    assert n.die == action[1]
    values = n.values()
    stack.handle_event(key(pygame.K_PLUS))
    if len(values) > 1:
        assert n.value != n.player.dice[action[1]]


def test_escape_and_right_click_cancel_then_escape_pauses(data_root):
    stack, scene, action = ready_with(data_root, free("take"))
    click_spot(stack, scene, "die", action[1])
    stack.handle_event(key(pygame.K_ESCAPE))
    assert scene.narrowing.die is None and stack.top is scene
    click_spot(stack, scene, "die", action[1])
    pos = spot_centre(scene, "die", action[1])
    stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    assert scene.narrowing.die is None
    stack.handle_event(key(pygame.K_ESCAPE))
    assert isinstance(stack.top, PauseMenu)


def test_clicks_never_play_an_illegal_action(data_root):
    """Clicking everywhere in any order either plays a legal action or nothing."""
    stack, scene, _ = ready_with(data_root, free("take"))
    rng = random.Random(3)
    for _ in range(300):
        settle(stack, scene)
        if scene.session.over:
            break
        legal = {action_text(a) for a in scene.state.legal_actions()}
        before = len(scene.session.match.record.steps)
        spot = rng.choice(scene.spots.all())
        click(stack, spot.centre)
        stack.update(1 / 60)
        steps = scene.session.match.record.steps
        if len(steps) > before:
            played = next(s["action"] for s in steps[before:] if "action" in s)
            assert played in legal


def test_ending_with_an_unused_die_asks_first(data_root):
    stack, scene, _ = ready_with(data_root, lambda a, s: s.decision == "turn"
                                 and not s.players[s.current_player].used[0]
                                 and not s.players[s.current_player].used[1])
    before = len(scene.session.match.record.steps)
    stack.handle_event(key(pygame.K_e))
    assert isinstance(stack.top, ConfirmOverlay)
    click(stack, stack.top.yes.rect.center)
    texts = [s["action"] for s in scene.session.match.record.steps[before:] if "action" in s]
    assert texts[:3] == ["workers 1", "workers 2", "end"]


def test_ending_with_two_dice_of_one_number_asks_once_and_ends_the_turn(data_root):
    """Two dice showing one number list only the first die's actions: the question still
    names both dice, and Yes takes workers with both and ends the turn. A turn "besteht
    darin, genau zwei Aktionen zu machen, eine pro Würfel" (SE l.330), so no die may lapse."""
    def same_numbers(a, s):
        p = s.players[s.current_player]
        return s.decision == "turn" and not any(p.used) and p.dice[0] == p.dice[1]
    stack, scene, _ = ready_with(data_root, same_numbers, seeds=range(1, 80))
    face = scene.state.players[scene.state.current_player].dice[0]
    seat = scene.state.current_player
    before = len(scene.session.match.record.steps)
    stack.handle_event(key(pygame.K_e))
    assert isinstance(stack.top, ConfirmOverlay)
    question = [p.text() for p in stack.top.panels._panels if isinstance(p, Label)]
    assert question == [i18n.tr("confirm.end_unused.both", first=face, second=face)]
    click(stack, stack.top.yes.rect.center)
    assert stack.top is scene
    texts = [s["action"] for s in scene.session.match.record.steps[before:] if "action" in s]
    assert texts[:3] == ["workers 1", "workers 2", "end"]
    assert scene.state.current_player != seat or scene.state.round > 0


def test_undo_takes_back_a_move_within_the_turn(data_root):
    stack, scene, action = ready_with(data_root, free("workers"))
    steps = len(scene.session.match.record.steps)
    perform(stack, scene, action)
    assert scene.can_undo()
    stack.handle_event(key(pygame.K_z, pygame.KMOD_CTRL))
    assert len(scene.session.match.record.steps) == steps
    settle(stack, scene)
    assert scene.view.players[scene.state.current_player].used == \
        scene.state.players[scene.state.current_player].used


def test_every_sub_choice_is_offered_and_answered_by_clicks(data_root):
    """Two people (no hand-off) play whole games by clicks; every kind of decision the
    engine asks comes up and each is answered through the table."""
    seen = set()
    listed_seen = set()

    def note(scene, action):
        decision = scene.state.decision
        seen.add(decision)
        if decision in ("discard", "ship", "keep_goods", "warehouse", "board",
                        "start_castle", "pick"):
            assert set(scene.choices.actions) == set(scene.narrowing.legal)
            listed_seen.add(decision)

    for seed in (0, 1):
        stack, scene, launcher = make_table(data_root / str(seed), ("human", "human"),
                                            seed=seed, board_mode="advanced")
        play_by_clicks(stack, scene, prefer_ships(random.Random(seed)), on_decision=note)
        assert launcher.results is scene.session
    assert seen >= {"turn", "discard", "ship", "keep_goods", "pick", "warehouse", "city_hall",
                    "castle", "board", "start_castle"}
    assert listed_seen >= {"discard", "ship", "keep_goods", "warehouse", "board",
                           "start_castle"}


def test_a_complete_game_through_the_table_against_a_random_ai(data_root):
    stack, scene, launcher = make_table(data_root, ("human", "random"), seed=5)
    play_by_clicks(stack, scene, prefer_ships(random.Random(5)))
    step(stack, 3)
    assert scene.session.over
    assert launcher.results is scene.session
    assert scene.view.over and scene.log.entries


def test_every_event_type_has_a_presenter_handler(data_root):
    _stack, scene, _ = make_table(data_root)
    assert scene.presenter.handled >= set(EVENT_TYPES)


def test_instant_speed_shows_events_at_once_and_normal_speed_animates(data_root):
    _stack, scene, _ = make_table(data_root, ("random", "random"), speed="instant")
    assert not scene.busy
    stack2, scene2, _ = make_table(data_root / "b", ("random", "random"), speed="normal")
    assert scene2.busy  # the start's events are still playing
    before = scene2.view.players[0].board
    assert before is None
    for _ in range(600):
        stack2.update(1 / 60)
        if scene2.dice_roll is not None or scene2.flyers:
            break
    assert scene2.dice_roll is not None or scene2.flyers
    stack2.draw(pygame.Surface((1280, 720)))
    scene2.presenter.skip()
    assert not scene2.busy


def test_hand_off_between_two_people_and_not_with_one(data_root):
    stack, scene, _ = make_table(data_root, ("human", "human"), handoff=True)
    for _ in range(50):
        stack.update(1 / 60)
        if isinstance(stack.top, HandoffScene):
            break
    assert isinstance(stack.top, HandoffScene)
    first = scene.state.current_player
    stack.handle_event(key(pygame.K_RETURN))
    assert stack.top is scene
    settle(stack, scene)
    # Play a whole turn; the other person gets the hand-off screen before theirs.
    rng = random.Random(1)
    shown = 0
    for _ in range(40):
        if isinstance(stack.top, HandoffScene):
            shown += 1
            assert scene.state.current_player != first or shown > 1
            stack.top.close()
        if scene.can_act():
            scene.submit(rng.choice(scene.state.legal_actions()))
        stack.update(1 / 60)
    assert shown >= 1

    stack, scene, _ = make_table(data_root / "one", ("human", "random"), handoff=True)
    for _ in range(400):
        stack.update(1 / 60)
        assert not isinstance(stack.top, HandoffScene)
        if scene.can_act():
            scene.submit(random.Random(2).choice(scene.state.legal_actions()))


def test_the_ai_thinks_off_the_ui_thread(data_root, monkeypatch):
    import game.ai

    release = threading.Event()
    real = game.ai.make_player

    class Slow:
        def __init__(self, inner):
            self.inner = inner

        def choose(self, state):
            release.wait(10)
            return self.inner.choose(state)

    monkeypatch.setattr(game.ai, "make_player", lambda *a, **k: Slow(real(*a, **k)))
    stack, scene, _ = make_table(data_root, ("random", "human"), seed=2)
    assert scene.session.is_ai_turn() or scene.session.is_human_turn()
    # Get to an AI decision.
    rng = random.Random(0)
    for _ in range(500):
        if scene.session.is_ai_turn() and not scene.busy:
            break
        if scene.can_act():
            scene.submit(rng.choice(scene.state.legal_actions()))
        stack.update(1 / 60)
    assert scene.session.is_ai_turn()
    steps = len(scene.session.match.record.steps)
    clock = scene.clock
    start = time.perf_counter()
    for _ in range(30):
        stack.update(1 / 60)
    assert time.perf_counter() - start < 2.0  # frames go on while the AI thinks
    assert scene.clock > clock
    assert len(scene.session.match.record.steps) == steps
    assert "thinking" in scene.prompt()
    release.set()
    for _ in range(300):
        stack.update(1 / 60)
        if len(scene.session.match.record.steps) > steps:
            break
        time.sleep(0.005)
    assert len(scene.session.match.record.steps) > steps


def test_the_game_is_saved_after_every_turn(data_root):
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=4)
    path = scene.ctx.autosave_path
    assert path.exists()  # saved at the start
    settle(stack, scene)
    saves = scene.autosaves
    player = scene.state.current_player
    rng = random.Random(4)
    while scene.state.current_player == player:
        settle(stack, scene)
        scene.submit(rng.choice(scene.state.legal_actions()))
    assert scene.autosaves > saves
    loaded = GameSession.load(path)
    assert loaded.match.record.steps == scene.session.match.record.steps


def test_pause_menu_saves_a_named_game_and_quits_to_title(data_root):
    stack, scene, launcher = make_table(data_root, ("human", "random"), seed=4)
    settle(stack, scene)
    scene.open_menu()
    menu = stack.top
    assert isinstance(menu, PauseMenu)
    click_button(stack, menu.buttons["pause.save"])
    saves = [p for p in scene.ctx.saves_dir.glob("*.json") if p != scene.ctx.autosave_path]
    assert len(saves) == 1 and "Player 1" in saves[0].name
    GameSession.load(saves[0])
    click_button(stack, menu.buttons["pause.quit"])
    assert isinstance(stack.top, ConfirmOverlay)
    click_button(stack, stack.top.yes)
    assert launcher.titles == 1


def test_hint_runs_on_a_thread_and_highlights_its_suggestion(data_root):
    stack, scene, _ = ready_with(data_root, free("take"))
    stack.handle_event(key(pygame.K_h))
    assert scene.hint_move is not None
    assert "hint" in scene.prompt().lower() or "tipp" in scene.prompt().lower()
    assert scene.hint_move.wait(30)
    stack.update(1 / 60)
    assert scene.hint_action in scene.state.legal_actions()
    assert scene.message[0] == "table.msg.hint"
    # Why, in the log's place, until the move is played.
    assert scene.hint_shown is not None and scene.hint_shown.explanation.action == \
        scene.hint_action


def test_tooltips_describe_tiles_spaces_and_monastery_tiles(data_root):
    _stack, scene, _ = ready_with(data_root, free("take"))
    tips = [s.tooltip_text() for s in scene.spots.all()]
    assert all(t for t in tips)
    depot_tips = [s.tooltip_text() for s in scene.spots.all() if s.kind == "depot"]
    assert depot_tips and all(":" in t for t in depot_tips)
    from game.scenes.table.tips import knowledge_text, tile_tip
    assert "worker" in knowledge_text(8, "special")
    assert "Arbeiter" in knowledge_text(8, "special", "de")
    assert "2" in knowledge_text(15, "special") and "3" in knowledge_text(15, "original")
    assert tile_tip("monastery26", "special").startswith("Monastery 26")


def test_the_table_draws_at_any_window_size(data_root):
    stack, _scene, _ = ready_with(data_root, free("take"))
    for size in ((1280, 720), (1920, 1080), (3840, 2160), (1000, 1000)):
        stack.draw(pygame.Surface(size))


def test_narrowing_only_offers_legal_actions():
    from game.rules import GameConfig, Match
    m = Match(GameConfig(players=2, board_mode="basic"), 3)
    m.resolve_chance()
    rng = random.Random(3)
    for _ in range(300):
        if m.state.is_terminal():
            break
        n = Narrowing(m.state)
        legal = set(m.state.legal_actions())
        assert set(n.candidates()) <= legal
        for die in n.dice_available():
            n.select_die(die)
            for a in n.candidates():
                assert a in legal
                v = used_as(a, m.state)
                assert v is None or v == n.value
            n.cancel()
        m.play(rng.choice(m.state.legal_actions()))


def test_a_hard_seat_plans_once_per_turn_as_in_the_tournaments(data_root, monkeypatch):
    from game.ai.hard import HardPlayer

    searches = []
    search = HardPlayer._search
    monkeypatch.setattr(HardPlayer, "_search",
                        lambda self, *a: (searches.append(self), search(self, *a))[1])
    stack, scene, _ = make_table(data_root, ("hard", "human"), seed=3)
    session = scene.session
    rng = random.Random(3)
    turns = []   # (searches, decisions) of each of the Hard seat's turns in phase A
    decisions = 0
    for _ in range(20000):
        if session.over or session.state.phase >= 1:
            break
        if scene.can_act():
            scene.submit(rng.choice(scene.state.legal_actions()))
        before = len(session.match.record.steps)
        seat = session.state.current_player
        stack.update(1 / 60)
        if seat == 0 and session.state.phase >= 0 and len(session.match.record.steps) > before:
            decisions += 1
            if session.state.current_player != 0:  # the turn ended
                turns.append((len(searches), decisions))
                searches.clear()
                decisions = 0
        time.sleep(0.001)
    assert len(turns) >= 4
    # One search per turn, however many decisions the turn has, and always one player.
    assert all(found <= 1 for found, _ in turns), turns
    assert any(made > 2 for _, made in turns)
    player, _lock = session.ai_player(0)
    assert isinstance(player, HardPlayer) and session.ai_player(0)[0] is player


def test_a_loaded_game_shows_the_log_of_the_game_so_far(data_root):
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=6)
    rng = random.Random(6)
    for _ in range(30):
        settle(stack, scene)
        scene.submit(rng.choice(scene.state.legal_actions()))
    settle(stack, scene)
    path = data_root / "mid.json"
    scene.session.save(path)
    from game.scenes.table import TableScene
    loaded = TableScene(scene.ctx, GameSession.load(path))
    assert len(scene.log.lines()) > 20
    assert loaded.log.lines() == scene.log.lines()


def test_a_duchy_chosen_without_moving_the_pointer_is_no_longer_previewed(data_root):
    """The pointer resting on a duchy's choice shows that duchy empty in place of the
    estate; clicked without moving the pointer again, the choice is made and the estate
    shows what is placed on it, not the preview."""
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=2, board_mode="advanced")
    settle(stack, scene)
    assert scene.state.decision == "board"
    button = next(b for b in scene.choices.buttons if b.action[0] == "board")
    stack.handle_event(motion(button.rect.center))
    assert scene.preview_board == button.action[1]
    for event in (press(button.rect.center), release(button.rect.center)):
        stack.handle_event(event)
    settle(stack, scene)
    assert scene.view.players[0].board == button.action[1]
    assert scene.preview_board is None


def test_a_die_under_the_choice_box_or_not_yet_rolled_has_no_tooltip_and_takes_no_click(
        data_root):
    """While a decision's options are listed, the choice box lies over the dice tray:
    the pointer between two options finds no die there (it once showed "Die 2 shows 0"
    while the estates were chosen, before any roll)."""
    stack, scene, _ = make_table(data_root, ("human", "random"), seed=2, board_mode="advanced")
    settle(stack, scene)
    assert scene.state.decision == "board" and scene.choices.buttons
    for die in range(2):
        centre = g.die_centre(die)
        assert scene.spots.at(centre) is None or scene.spots.at(centre).kind != "die"
    # once the dice are rolled and shown, they have their tooltips again
    while scene.state.decision != "turn":
        perform(stack, scene, scene.state.legal_actions()[0])
        settle(stack, scene)
    spot = scene.spots.at(g.die_centre(0))
    assert spot is not None and spot.kind == "die"
    assert spot.tooltip_text().startswith("Die 1 shows")
