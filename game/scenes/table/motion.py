"""The table's presenter handlers: every rule event becomes motion on the table.

Tiles, goods, silver, workers and bonus tiles fly along eased arcs from where they come
from to where they go; dice tumble in the tray and settle on the rolled faces; scores
count up; a completed area flashes. A piece is lifted off its place while it flies and
lands when its event is shown, so it is never drawn twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...rules import EVENT_TYPES
from ..anim.dice import DiceRoll, DiceTray
from ..anim.easing import in_out_cubic, out_cubic
from ..anim.paths import ArcPath
from ..anim.timeline import Animation, Counter, Flash, Move, Parallel, Sequence, Wait
from . import geometry as g

if TYPE_CHECKING:
    from .scene import TableScene

FLIGHT = 0.55
SHORT = 0.18
BANK = (g.STRIP.centerx, g.STRIP.bottom - 20)   # where silver and workers come from
BOX = (g.BOARD.x + 30, g.BOARD.bottom - 30)     # where discarded tiles go


@dataclass
class Flyer:
    """A piece in flight: what it is, where it is, how far along."""

    kind: str            # tile | goods | silver | worker | bonus
    what: Any            # tile name, goods value, bonus colour
    pos: tuple[float, float]
    size: float
    t: float = 0.0


class Flight(Move):
    """A Move that shows a flyer and lifts the piece off its starting place meanwhile."""

    def __init__(self, scene: TableScene, flyer: Flyer, path: ArcPath, duration: float,
                 lift: tuple | None = None, delay: float = 0.0) -> None:
        super().__init__(path, self._moved, duration, in_out_cubic)
        self.scene = scene
        self.flyer = flyer
        self.lift = lift

    def _moved(self, pos) -> None:
        self.flyer.pos = pos
        self.flyer.t = self.progress

    def _begin(self) -> None:
        self.scene.flyers.append(self.flyer)
        if self.lift is not None:
            self.scene.view.lift(self.lift)

    def _end(self) -> None:
        if self.flyer in self.scene.flyers:
            self.scene.flyers.remove(self.flyer)
        if self.lift is not None:
            self.scene.view.drop(self.lift)
        super()._end()


class Handlers:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    def table(self) -> dict[str, Any]:
        """A handler for every event type the rules define."""
        handlers = {name: self._plain(name) for name in EVENT_TYPES}
        for name in EVENT_TYPES:
            method = getattr(self, "on_" + name, None)
            if method is not None:
                handlers[name] = method
        return handlers

    def _plain(self, name: str):
        pause = {"PhaseStarted": 0.6, "DepotsCleared": 0.3, "RoundStarted": 0.3,
                 "TurnStarted": SHORT, "TurnOrderMoved": 0.25, "PhaseEnded": 0.3,
                 "GameEnded": 0.6, "BoardChosen": 0.3, "StartCastlePlaced": 0.3,
                 "ChateaumaCardRevealed": 0.4, "ChateaumaDieRolled": 0.4,
                 "ChateaumaCardShifted": 0.3, "ChateaumaSaleTriggered": 0.3,
                 "ChateaumaExtraTurn": 0.3, "ChateaumaSetUp": 0.3}.get(name)
        return lambda event: Wait(pause) if pause else None

    # --- helpers ---------------------------------------------------------------------------

    def _fly(self, kind: str, what: Any, start, end, size: float, lift: tuple | None = None,
             duration: float = FLIGHT) -> Flight:
        return Flight(self.scene, Flyer(kind, what, start, size), ArcPath([start, end], 0.18),
                      duration, lift)

    def _stagger(self, flights: list[Animation], gap: float = 0.08) -> Animation:
        return Parallel([Sequence([Wait(i * gap), f]) for i, f in enumerate(flights)])

    # --- handlers --------------------------------------------------------------------------

    def on_DiceRolled(self, e) -> Animation:
        scene = self.scene
        seat = scene.shown_seat
        faces = list(e.dice[seat]) if seat < len(e.dice) else []
        targets = [f for f in faces if f] + [e.white]
        colour = scene.seat_colour(seat)
        tray = DiceTray((g.DICE.w, g.DICE.h - 40), targets,
                        seed=hash((e.white, e.dice)) & 0xFFFF, die_size=56)
        roll = DiceRoll(tray)
        scene.dice_roll = (roll, [colour] * (len(targets) - 1) + [None])
        return Sequence([roll, Wait(0.25)], on_finish=lambda: setattr(scene, "dice_roll", None))

    def on_TileTaken(self, e) -> Animation:
        start = self.scene.depot_pos(e.depot, e.slot)
        end = self.scene.storage_pos(e.player, e.storage)
        return self._fly("tile", e.tile, start, end, g.STORAGE_HEX, ("depot", e.depot, e.slot))

    on_TilePurchased = on_TileTaken

    def on_TilePlaced(self, e) -> Animation:
        start = self.scene.storage_pos(e.player, e.storage)
        end = self.scene.space_pos(e.player, e.space)
        return self._fly("tile", e.tile, start, end, g.ESTATE_HEX * 0.95,
                         ("storage", e.player, e.storage))

    def on_TileDiscarded(self, e) -> Animation:
        start = self.scene.storage_pos(e.player, e.storage)
        return self._fly("tile", e.tile, start, BOX, g.STORAGE_HEX,
                         ("storage", e.player, e.storage), duration=0.4)

    def on_GoodsTaken(self, e) -> Animation:
        start = self.scene.depot_goods_pos(e.depot)
        flights = [self._fly("goods", v, start, self.scene.goods_pos(e.player, v), 36,
                             ("goods", e.depot) if i == 0 else None)
                   for i, v in enumerate(e.goods)]
        return self._stagger(flights)

    def on_GoodsRevealed(self, e) -> Animation:
        start = (g.STRIP.x + 20, g.STRIP.y + 146)
        return self._fly("goods", e.goods, start, self.scene.depot_goods_pos(e.depot), 24,
                         duration=0.45)

    def on_GoodsSold(self, e) -> Animation:
        start = self.scene.goods_pos(e.player, e.goods)
        return self._stagger([self._fly("goods", e.goods, start, BANK, 36, duration=0.45)
                              for _ in range(min(e.count, 5))])

    def on_SilverTaken(self, e) -> Animation:
        end = self.scene.silver_pos(e.player)
        return self._stagger([self._fly("silver", 1, BANK, end, 40, duration=0.45)
                              for _ in range(min(e.amount, 5))])

    def on_SilverPaid(self, e) -> Animation:
        start = self.scene.silver_pos(e.player)
        return self._stagger([self._fly("silver", 1, start, BANK, 40, duration=0.45)
                              for _ in range(min(e.amount, 5))])

    def on_WorkersTaken(self, e) -> Animation:
        end = self.scene.workers_pos(e.player)
        return self._stagger([self._fly("worker", 1, BANK, end, 40, duration=0.45)
                              for _ in range(min(e.amount, 5))])

    def on_WorkersPaid(self, e) -> Animation:
        start = self.scene.workers_pos(e.player)
        return self._stagger([self._fly("worker", 1, start, BANK, 40, duration=0.4)
                              for _ in range(min(e.amount, 5))])

    def on_DieUsed(self, e) -> Animation | None:
        if not e.workers:
            return Wait(0.12)
        start = self.scene.workers_pos(e.player)
        return self._stagger([self._fly("worker", 1, start, BANK, 40, duration=0.4)
                              for _ in range(min(e.workers, 5))])

    def on_BonusTileTaken(self, e) -> Animation:
        from .view import COLOURS
        start = g.bonus_centre(COLOURS.index(e.colour), e.rank)
        return self._fly("bonus", (e.colour, e.rank), start, self.scene.silver_pos(e.player),
                         40)

    def on_PointsScored(self, e) -> Animation:
        scene = self.scene
        base = scene.view.players[e.player].score

        def show(value: int, seat=e.player) -> None:
            scene.counting[seat] = value

        def done(seat=e.player) -> None:
            scene.counting.pop(seat, None)
        return Counter(base, base + e.points, min(0.9, 0.25 + 0.06 * e.points), show,
                       out_cubic, on_finish=done)

    def on_AreaCompleted(self, e) -> Animation:
        scene = self.scene

        def glow(value: float, seat=e.player, spaces=e.spaces) -> None:
            scene.flash = (seat, spaces, value)

        return Flash(0.9, 2, on_finish=lambda: setattr(scene, "flash", None),
                     on_intensity=glow)

    def on_ChateaumaTilePlaced(self, e) -> Animation:
        scene = self.scene
        end = scene.card_space_pos(e.player, e.card, e.space)
        tile = None if e.face_down else e.tile
        if e.depot:
            return self._fly("tile", tile, scene.depot_pos(e.depot, e.depot_slot), end,
                             g.CM_CARD_HEX, ("depot", e.depot, e.depot_slot))
        if e.reason in ("reserve", "joker", "city_hall"):
            return self._fly("tile", tile, scene.reserve_pos(e.player, tile), end,
                             g.CM_CARD_HEX, duration=0.45)
        return Wait(0.3)

    def on_ChateaumaReserveTile(self, e) -> Animation:
        tile = None if e.face_down else e.tile
        return self._fly("tile", tile, self.scene.depot_pos(e.depot, e.depot_slot),
                         self.scene.reserve_pos(e.player, tile), g.DEPOT_HEX,
                         ("depot", e.depot, e.depot_slot))

    def on_ChateaumaTileMoved(self, e) -> Animation:
        scene = self.scene
        return self._fly("tile", e.tile, scene.card_space_pos(e.player, e.card, e.card_space),
                         scene.space_pos(e.player, e.estate_space), g.CM_ESTATE_HEX,
                         duration=0.35)
