"""The table's presenter handlers: every rule event becomes motion on the table.

Tiles, goods, silver, workers and bonus tiles fly along eased arcs from where they come
from to where they go; dice tumble in the tray and settle on the rolled faces; scores
count up; a completed area flashes. A piece is lifted off its place while it flies and
lands when its event is shown, so it is never drawn twice.

Sounds belong to the same moments: a click for each impact of the rolling dice, a tile,
goods or a coin as it lands, a chime as points begin to count, a cue as a phase or the
game ends. They are steps in the animations (played through the context's SoundBoard),
so they follow the animation speed, and hurried animations are heard once, not stacked.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from ...rules import EVENT_TYPES
from .. import synth
from ..anim.dice import DIE, DiceRoll, DiceTray, Impact
from ..anim.easing import in_out_cubic, out_cubic
from ..anim.paths import ArcPath
from ..anim.presenter import Beside
from ..anim.timeline import (Animation, Call, Counter, Flash, Later, Move, Parallel, Sequence,
                             Wait)
from . import geometry as g
from .banner import SHOWN_FOR
from .seam import TABLE_MODULES

if TYPE_CHECKING:
    from .seam import Table

# Seconds at the normal speed. A turn of an AI player is a handful of these one after
# another, and a person waits through them: each piece's flight is long enough to follow
# from where it leaves to where it lands, and no longer (bench-client --pace).
FLIGHT = 0.45       # a tile
PIECE = 0.36        # a goods tile, a coin or a worker
STAGGER = 0.06      # between the pieces of one payment
SHORT = 0.12
BANK = (g.STRIP.centerx, g.STRIP.bottom - 20)   # where silver and workers come from
BOX = (g.BOARD.x + 30, g.BOARD.bottom - 30)     # where discarded tiles go
# Loudness of the landing sounds, relative to a tile placed on an estate (1).
TAKEN = 0.5         # a tile taken into storage, or into Châteauma's reserve
DISCARDED = 0.35
REVEALED = 0.5      # goods laid out on the depots at a phase's start
# The events of a sale, which happen at once (anim.presenter.Beside).
SALE = ("GoodsSold", "SilverTaken")
DICE_SHOWN = 0.15   # the thrown dice lie still this long before play goes on


def counting_time(points: int) -> float:
    """Seconds a score takes to count up: longer for more points, never long."""
    return min(0.5, 0.2 + 0.03 * points)


@dataclass
class Flyer:
    """A piece in flight: what it is, where it is, how far along."""

    kind: str            # tile | goods | silver | worker | bonus | grape
    what: Any            # tile name, goods value, bonus colour, grape variety
    pos: tuple[float, float]
    size: float
    t: float = 0.0
    fade: bool = False   # leaving the game: it fades out as it goes


class Flight(Move):
    """A Move that shows a flyer and lifts the piece off its starting place meanwhile."""

    def __init__(self, scene: Table, flyer: Flyer, path: ArcPath, duration: float,
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
    """The animation of every event: the base game's here, each module's from its table
    module (`TableModule.animations`), which builds it with the flights, staggers and
    sounds offered here."""

    def __init__(self, scene: Table) -> None:
        self.scene = scene
        # Where the tile placed next straight into the duchy, not from storage, comes
        # from (a module's event names it first: shield 14's depot space, an inn from
        # the inn stack): its flight's start and the piece lifted meanwhile, or None.
        self.next_placed_from: tuple[tuple[float, float], tuple | None] | None = None

    def table(self) -> dict[str, Any]:
        """A handler for every event type the rules define."""
        handlers = {name: self._plain(name) for name in EVENT_TYPES}
        for name in EVENT_TYPES:
            method = getattr(self, "on_" + name, None)
            if method is not None:
                handlers[name] = method
        for module in TABLE_MODULES.values():
            for name, animate in module.animations.items():
                handlers[name] = partial(animate, self)
        return handlers

    def place_next_from(self, start: tuple[float, float], lift: tuple | None = None) -> None:
        """The tile placed next straight into the duchy flies from ``start`` (lifting the
        piece ``lift`` off its place while it flies)."""
        self.next_placed_from = (start, lift)

    def _plain(self, name: str):
        # Châteauma's die is not thrown in the tray: one knock stands for it.
        sound = {"GameEnded": (synth.GAME_END, 1.0),
                 "ChateaumaDieRolled": (synth.DIE_ON_WALL, 0.7)}.get(name)
        pause = {"PhaseStarted": 0.5, "DepotsCleared": 0.3, "RoundStarted": 0.2,
                 "TurnStarted": SHORT, "TurnOrderMoved": 0.25,
                 "GameEnded": 0.6, "BoardChosen": 0.3, "StartCastlePlaced": 0.3,
                 "ChateaumaCardRevealed": 0.4, "ChateaumaDieRolled": 0.4,
                 "ChateaumaCardShifted": 0.3, "ChateaumaSaleTriggered": 0.3,
                 "ChateaumaExtraTurn": 0.3, "ChateaumaSetUp": 0.3}.get(name)
        if sound is not None:
            return lambda event: Sequence([self.sound(*sound), Wait(pause or 0.0)])
        return lambda event: Wait(pause) if pause else None

    # --- helpers ---------------------------------------------------------------------------

    def sound(self, name: str, volume: float = 1.0) -> Call:
        """A step that plays effect ``name`` at its moment."""
        return Call(lambda: self.scene.ctx.sound.play(name, volume))

    def fly(self, kind: str, what: Any, start, end, size: float, lift: tuple | None = None,
            duration: float = FLIGHT, sound: str | None = None,
            volume: float = 1.0, fade: bool = False) -> Animation:
        """A flight from ``start`` to ``end``; ``sound`` plays as it lands."""
        flight = Flight(self.scene, Flyer(kind, what, start, size, fade=fade),
                        ArcPath([start, end], 0.18), duration, lift)
        return flight if sound is None else Sequence([flight, self.sound(sound, volume)])

    def stagger(self, flights: list[Animation], gap: float = STAGGER) -> Animation:
        return Parallel([Sequence([Wait(i * gap), f]) for i, f in enumerate(flights)])

    # --- handlers --------------------------------------------------------------------------

    def on_PhaseEnded(self, e) -> Animation:
        return Sequence([self.sound(synth.PHASE_END, 1.0),
                         Call(lambda: self.scene.show_phase_end(e.phase)), Wait(SHOWN_FOR)])

    def on_DiceRolled(self, e) -> Animation:
        scene = self.scene
        seat = scene.shown_seat
        faces = list(e.dice[seat]) if seat < len(e.dice) else []
        targets = [f for f in faces if f] + [e.white]
        colour = scene.seat_colour(seat)
        tray = DiceTray((g.DICE.w, g.DICE.h - 40), targets,
                        seed=hash((e.white, e.dice)) & 0xFFFF, die_size=56)
        roll = DiceRoll(tray, on_impact=self._click)
        scene.dice_roll = (roll, [colour] * (len(targets) - 1) + [None])
        return Sequence([roll, Wait(DICE_SHOWN)],
                        on_finish=lambda: setattr(scene, "dice_roll", None))

    def _click(self, impact: Impact) -> None:
        name = synth.DIE_ON_DIE if impact.kind == DIE else synth.DIE_ON_WALL
        self.scene.ctx.sound.play(name, impact.loudness)

    def on_TileTaken(self, e) -> Animation:
        start = self.scene.places.depot_pos(e.depot, e.slot)
        end = self.scene.places.storage_pos(e.player, e.storage)
        return self.fly("tile", e.tile, start, end, g.STORAGE_HEX, ("depot", e.depot, e.slot),
                        sound=synth.TILE, volume=TAKEN)

    def on_TilePurchased(self, e) -> Beside:
        """A tile bought from the black depot comes as its price goes to the bank."""
        return Beside(self.on_TileTaken(e), ("SilverPaid",))

    def on_TilePlaced(self, e) -> Animation:
        end = self.scene.places.space_pos(e.player, e.space)
        if e.storage < 0 and self.next_placed_from is not None:   # not from storage
            (start, lift), self.next_placed_from = self.next_placed_from, None
            return self.fly("tile", e.tile, start, end, g.ESTATE_HEX * 0.95, lift,
                            sound=synth.TILE)
        start = self.scene.places.storage_pos(e.player, e.storage)
        return self.fly("tile", e.tile, start, end, g.ESTATE_HEX * 0.95,
                        ("storage", e.player, e.storage), sound=synth.TILE)

    def on_TileDiscarded(self, e) -> Animation:
        start = self.scene.places.storage_pos(e.player, e.storage)
        return self.fly("tile", e.tile, start, BOX, g.STORAGE_HEX,
                        ("storage", e.player, e.storage), duration=0.4, sound=synth.TILE,
                        volume=DISCARDED)

    def on_GoodsTaken(self, e) -> Beside:
        """A ship's goods: they leave their depot as the ship's marker moves."""
        start = self.scene.places.depot_goods_pos(e.depot)
        flights = [self.fly("goods", v, start, self.scene.places.goods_pos(e.player, v), 36,
                            ("goods", e.depot) if i == 0 else None, duration=PIECE,
                            sound=synth.GOODS)
                   for i, v in enumerate(e.goods)]
        return Beside(self.stagger(flights), ("TurnOrderMoved",))

    def on_GoodsRevealed(self, e) -> Beside:
        """A round's goods are laid out while the dice roll, all at once."""
        start = (g.STRIP.x + 20, g.STRIP.y + 146)
        return Beside(self.fly("goods", e.goods, start, self.scene.places.depot_goods_pos(e.depot),
                               24, duration=PIECE, sound=synth.GOODS, volume=REVEALED),
                      ("DiceRolled", "GoodsRevealed"))

    def on_GoodsSold(self, e) -> Animation:
        start = self.scene.places.goods_pos(e.player, e.goods)
        return self.stagger([self.fly("goods", e.goods, start, BANK, 36, duration=PIECE,
                                        sound=synth.GOODS)
                             for _ in range(min(e.count, 5))])

    def on_SilverTaken(self, e) -> Beside:
        """Silver from the bank; what a sale pays comes as the goods go."""
        end = self.scene.places.silver_pos(e.player)
        return Beside(self.stagger([self.fly("silver", 1, BANK, end, 40, duration=PIECE,
                                               sound=synth.SILVER)
                                    for _ in range(min(e.amount, 5))]), SALE)

    def on_SilverPaid(self, e) -> Animation:
        start = self.scene.places.silver_pos(e.player)
        return self.stagger([self.fly("silver", 1, start, BANK, 40, duration=PIECE,
                                        sound=synth.SILVER)
                             for _ in range(min(e.amount, 5))])

    def on_WorkersTaken(self, e) -> Beside:
        """Workers from the bank; for a die given up for them, as the die is used."""
        end = self.scene.places.workers_pos(e.player)
        return Beside(self.stagger([self.fly("worker", 1, BANK, end, 40, duration=PIECE)
                                    for _ in range(min(e.amount, 5))]), ("DieUsed",))

    def on_WorkersPaid(self, e) -> Animation:
        start = self.scene.places.workers_pos(e.player)
        return self.stagger([self.fly("worker", 1, start, BANK, 40, duration=PIECE)
                             for _ in range(min(e.amount, 5))])

    def on_DieUsed(self, e) -> Animation | None:
        if not e.workers:
            return Wait(SHORT)
        start = self.scene.places.workers_pos(e.player)
        return self.stagger([self.fly("worker", 1, start, BANK, 40, duration=PIECE)
                             for _ in range(min(e.workers, 5))])

    def on_BonusTileTaken(self, e) -> Animation:
        from .view import COLOURS
        start = g.bonus_centre(COLOURS.index(e.colour), e.rank)
        return self.fly("bonus", (e.colour, e.rank), start, self.scene.places.silver_pos(e.player),
                        40, sound=synth.TILE)

    def on_PointsScored(self, e) -> Beside:
        scene = self.scene
        base = scene.view.players[e.player].score

        def show(value: int, seat=e.player) -> None:
            scene.counting[seat] = value

        def done(seat=e.player) -> None:
            scene.counting.pop(seat, None)
        count = Counter(base, base + e.points, counting_time(e.points), show, out_cubic,
                        on_finish=done)
        # A bigger score rings louder: from 0.6 for a point to full from 10 points. A
        # sale's points count as its goods and silver fly, a bonus tile's as it flies
        # (never beside another count: the seat's score counts one scoring at a time).
        return Beside(Sequence([self.sound(synth.POINTS, 0.6 + 0.04 * min(10, e.points)),
                                count]), (*SALE, "BonusTileTaken"))

    def on_AreaCompleted(self, e) -> Animation:
        """The area lights up while what follows (the points it scores) goes on: the
        flash runs beside the queue instead of holding it."""
        scene = self.scene

        def glow(value: float, seat=e.player, spaces=e.spaces) -> None:
            scene.flash = (seat, spaces, value)

        flash = Flash(0.75, 2, on_finish=lambda: setattr(scene, "flash", None),
                      on_intensity=glow)
        return Call(lambda: scene.timeline.play(flash))

    def on_ChateaumaTilePlaced(self, e) -> Animation:
        scene = self.scene
        end = scene.places.card_space_pos(e.player, e.card, e.space)
        tile = None if e.face_down else e.tile
        if e.depot:
            return self.fly("tile", tile, scene.places.depot_pos(e.depot, e.depot_slot), end,
                            g.CM_CARD_HEX, ("depot", e.depot, e.depot_slot), sound=synth.TILE)
        if e.reason in ("reserve", "joker", "city_hall"):
            return self.fly("tile", tile, scene.places.reserve_pos(e.player, tile), end,
                            g.CM_CARD_HEX, duration=0.45, sound=synth.TILE)
        return Wait(0.3)

    def on_ChateaumaReserveTile(self, e) -> Animation:
        tile = None if e.face_down else e.tile
        return self.fly("tile", tile, self.scene.places.depot_pos(e.depot, e.depot_slot),
                        self.scene.places.reserve_pos(e.player, tile), g.DEPOT_HEX,
                        ("depot", e.depot, e.depot_slot), sound=synth.TILE, volume=TAKEN)

    def on_ChateaumaTileMoved(self, e) -> Animation:
        places = self.scene.places
        return self.fly("tile", e.tile, places.card_space_pos(e.player, e.card, e.card_space),
                        places.space_pos(e.player, e.estate_space), g.CM_ESTATE_HEX,
                        duration=0.35, sound=synth.TILE)

    # --- the depots cleared at a phase's end ----------------------------------------------

    def on_DepotsCleared(self, e) -> Animation:
        """A phase's end: the tiles left in the depots fade out where they lie (found when
        the moment comes, as the turns before left the depots)."""
        def fade() -> Animation | None:
            view = self.scene.view
            flights = []
            for depot in range(7):
                row = view.black if depot == 0 else view.depots[depot - 1]
                for slot, tile in enumerate(row):
                    if tile is None:
                        continue
                    at = g.depot_slot_centre(depot, slot, len(row))
                    flights.append(self.fly("tile", tile, at, at,
                                            g.BLACK_HEX if depot == 0 else g.DEPOT_HEX,
                                            ("depot", depot, slot), duration=0.35,
                                            fade=True))
            return Parallel(flights) if flights else Wait(0.3)
        return Later(fade)
