"""The table's sounds: each event asks for its effect as its animation starts or lands,
rolling dice click as they collide, and a whole game at the instant speed asks for
exactly the sounds of its events while the board lets only a few start at once."""

from __future__ import annotations

import pytest
from table_driver import FakeLauncher

from game.rules import GameConfig
from game.rules import events as ev
from game.scenes import synth
from game.scenes.anim.dice import DIE
from game.scenes.anim.presenter import Beside
from game.scenes.anim.timeline import Speed, Timeline
from game.scenes.context import ClientContext
from game.scenes.session import GameSession, GameSetup, SeatSpec
from game.scenes.sound import BURST, SoundBoard
from game.scenes.stack import SceneStack
from game.scenes.table import TableScene
from game.scenes.table.motion import DISCARDED, FLIGHT, REVEALED, TAKEN, Handlers

FRAME = 1 / 60
CLICKS = (synth.DIE_ON_DIE, synth.DIE_ON_WALL)


class Recorder:
    """A SoundBoard stand-in that notes every request, and passes it on to ``board``."""

    def __init__(self, board: SoundBoard | None = None):
        self.board = board
        self.calls: list[tuple[str, float]] = []
        self.prepared = 0

    def prepare(self):
        self.prepared += 1

    def set_level(self, volume, on):
        pass

    def play(self, name, volume=1.0):
        self.calls.append((name, volume))
        return self.board.play(name, volume) if self.board is not None else True

    @property
    def names(self):
        return [name for name, _ in self.calls]


def table(data_root, seats, speed="normal", recorder=None, presented=None, **config):
    """A table with a Recorder for its sound; ``presented`` collects every event the
    table presents, from the first."""
    ctx = ClientContext.load(data_root, launcher=FakeLauncher(), sound=recorder or Recorder())
    ctx.change_settings(animation_speed=speed)
    setup = GameSetup(GameConfig(players=len(seats), **config), seats, 3, False)
    stack = SceneStack()
    scene = TableScene(ctx, GameSession(setup, ai_time_budget=0.05))
    if presented is not None:
        present = scene.presenter.present

        def noting(events):
            events = list(events)
            presented.extend(events)
            present(events)
        scene.presenter.present = noting
    stack.push(scene)
    return stack, scene, ctx.sound


TWO_PEOPLE = (SeatSpec("human", "Ann", 0), SeatSpec("human", "Bob", 1))


def test_the_table_prepares_the_sounds_as_it_opens(data_root):
    _, _, recorder = table(data_root, TWO_PEOPLE)
    assert recorder.prepared == 1


def alone(answer):
    """A handler's animation played on its own (a Beside's, without the event before)."""
    return answer.animation if isinstance(answer, Beside) else answer


def run(animation, seconds):
    timeline = Timeline(Speed.NORMAL)
    timeline.play(alone(animation))
    for _ in range(round(seconds / FRAME)):
        timeline.update(FRAME)
    return timeline


@pytest.fixture
def handlers(data_root):
    _, scene, recorder = table(data_root, TWO_PEOPLE, speed="instant")
    recorder.calls.clear()
    return Handlers(scene).table(), recorder


def test_a_tile_is_heard_as_it_lands_not_as_it_leaves(handlers):
    table_handlers, recorder = handlers
    event = ev.TilePlaced(player=0, tile="castle", storage=0, space=10)
    timeline = run(table_handlers["TilePlaced"](event), FLIGHT - 2 * FRAME)
    assert recorder.calls == []
    timeline.update(3 * FRAME)
    assert recorder.calls == [(synth.TILE, 1.0)]


def test_each_coin_and_goods_tile_lands_with_its_own_sound(handlers):
    table_handlers, recorder = handlers
    run(table_handlers["SilverTaken"](ev.SilverTaken(player=0, amount=3, reason="sale")), 2)
    run(table_handlers["GoodsSold"](ev.GoodsSold(player=0, goods=4, count=2)), 2)
    assert recorder.names == [synth.SILVER] * 3 + [synth.GOODS] * 2


def test_points_chime_as_the_count_begins(handlers):
    table_handlers, recorder = handlers
    timeline = Timeline(Speed.NORMAL)
    timeline.play(alone(table_handlers["PointsScored"](ev.PointsScored(0, 10, "area"))))
    timeline.update(FRAME)
    assert recorder.calls == [(synth.POINTS, 1.0)]
    assert timeline.busy  # still counting
    run(table_handlers["PointsScored"](ev.PointsScored(0, 1, "area")), 1)
    assert recorder.calls[-1] == (synth.POINTS, pytest.approx(0.64))


def test_a_phase_and_the_game_end_with_their_cues(handlers):
    table_handlers, recorder = handlers
    timeline = Timeline(Speed.NORMAL)
    timeline.play(table_handlers["PhaseEnded"](ev.PhaseEnded(1)))
    timeline.update(FRAME)
    timeline.play(table_handlers["GameEnded"](ev.GameEnded((50, 40), (0, 1))))
    timeline.update(FRAME)
    assert recorder.names == [synth.PHASE_END, synth.GAME_END]


def test_rolling_dice_click_at_their_impacts_as_loud_as_they_hit(handlers, data_root):
    table_handlers, recorder = handlers
    roll_sequence = table_handlers["DiceRolled"](ev.DiceRolled(4, ((2, 5), (3, 3))))
    roll = roll_sequence.children[0]
    impacts = roll.tray.impacts
    assert len(impacts) >= 3  # the three dice land, whatever they strike afterwards
    timeline = Timeline(Speed.NORMAL)
    timeline.play(roll_sequence)
    clock, times = 0.0, []
    while timeline.busy:
        before = len(recorder.calls)
        timeline.update(FRAME)
        clock += FRAME
        times += [clock] * (len(recorder.calls) - before)
    assert recorder.calls == [(synth.DIE_ON_DIE if i.kind == DIE else synth.DIE_ON_WALL,
                               i.loudness) for i in impacts]
    for impact, t in zip(impacts, times):
        assert impact.time <= t < impact.time + FRAME + 1e-9


def test_hurried_dice_click_once(handlers):
    """A click on the table hurries the animations: the roll is heard as one click, its
    hardest impact, not as all its clicks at once."""
    table_handlers, recorder = handlers
    roll_sequence = table_handlers["DiceRolled"](ev.DiceRolled(4, ((2, 5), (3, 3))))
    hardest = max(roll_sequence.children[0].tray.impacts, key=lambda i: i.strength)
    roll_sequence.finish()
    assert recorder.calls == [(synth.DIE_ON_DIE if hardest.kind == DIE
                               else synth.DIE_ON_WALL, hardest.loudness)]


def expected_sounds(event) -> list[str]:
    """What an event is heard as at the instant speed, in order."""
    kind = type(event).__name__
    tile = {"TileTaken": TAKEN, "TilePurchased": TAKEN, "TilePlaced": 1.0,
            "TileDiscarded": DISCARDED, "BonusTileTaken": 1.0,
            "ChateaumaReserveTile": TAKEN, "ChateaumaTileMoved": 1.0}
    if kind in tile:
        return [(synth.TILE, tile[kind])]
    if kind == "ChateaumaTilePlaced":
        heard = event.depot or event.reason in ("reserve", "joker", "city_hall")
        return [(synth.TILE, 1.0)] if heard else []
    if kind == "DiceRolled":
        return ["click"]
    if kind == "ChateaumaDieRolled":
        return [(synth.DIE_ON_WALL, 0.7)]
    if kind == "GoodsTaken":
        return [(synth.GOODS, 1.0)] * len(event.goods)
    if kind == "GoodsRevealed":
        return [(synth.GOODS, REVEALED)]
    if kind == "GoodsSold":
        return [(synth.GOODS, 1.0)] * min(event.count, 5)
    if kind in ("SilverTaken", "SilverPaid"):
        return [(synth.SILVER, 1.0)] * min(event.amount, 5)
    if kind == "PointsScored":
        return [(synth.POINTS, 0.6 + 0.04 * min(10, event.points))]
    if kind == "PhaseEnded":
        return [(synth.PHASE_END, 1.0)]
    if kind == "GameEnded":
        return [(synth.GAME_END, 1.0)]
    return []


class FrameClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


class CountingDevice:
    def __init__(self):
        self.started_at: list[float] = []
        self.clock = None

    def open(self):
        return synth.RATE

    def load(self, samples):
        return len(samples)

    def start(self, sound, volume):
        self.started_at.append(self.clock())


@pytest.mark.parametrize("seats, config", [
    ((SeatSpec("ai", "Ann", 0, "random"), SeatSpec("ai", "Bob", 1, "random")), {}),
    ((SeatSpec("ai", "Ann", 0, "random"), SeatSpec("chateauma", "Châteauma", 2)),
     {"chateauma": "medium+A+B"}),
], ids=["two AI players", "Châteauma"])
def test_a_whole_game_asks_for_the_sounds_of_its_events(data_root, seats, config):
    clock, device = FrameClock(), CountingDevice()
    device.clock = clock
    recorder = Recorder(SoundBoard(device, clock=clock))
    presented = []
    stack, scene, _ = table(data_root, seats, speed="instant", recorder=recorder,
                            presented=presented, **config)
    asked = {}
    frames = 0
    while not (scene.session.over and not scene.busy):
        before = len(recorder.calls)
        stack.update(FRAME)
        asked[clock.now] = len(recorder.calls) - before
        clock.now += FRAME
        frames += 1
        assert frames < 100_000, "the game did not end"
    expected = [s for e in presented for s in expected_sounds(e)]
    assert len(recorder.calls) == len(expected)
    for i, (call, wanted) in enumerate(zip(recorder.calls, expected)):
        if wanted == "click":
            assert call[0] in CLICKS, (i, call)
        else:
            assert call == (wanted[0], pytest.approx(wanted[1])), (i, call, wanted)
    assert {type(e).__name__ for e in presented} >= {"DiceRolled", "TilePlaced",
                                                     "PhaseEnded", "GameEnded"}
    # Requests arrive a move at a time, many in one frame; a frame starts only a few.
    started = {}
    for t in device.started_at:
        started[t] = started.get(t, 0) + 1
    assert max(asked.values()) > BURST
    assert max(started.values()) <= BURST + len(synth.CUES)
    assert len(device.started_at) < len(recorder.calls)
