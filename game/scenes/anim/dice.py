"""Dice tumbling in a tray, landing on faces the rules already chose.

The rules decide the faces; this module only makes them look thrown. pymunk moves the
dice at a fixed time step, driven by a cosmetic seed, and nothing here feeds back into the
rules. The tray is seen from above, so each die is a square showing its top face; the face
changes each time the die rolls over by one side length, in the direction it travels, the
way a real die turns. After the throw is simulated, the die's starting orientation is
chosen among the 24 so that the same sequence of roll-overs ends on the required face:
every visible change stays a legal quarter turn of a real die.

The simulation also notes every impact, so the roll can click as the dice are seen to
collide: each die landing in the tray as it is thrown (the throw comes from above, which
the simulation seen from above does not model, so landings are spaced by LANDING_GAP at
the start), then every die striking another or the tray's wall, and how hard.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
import pymunk

from ..art import palette, pieces
from ..layout import Canvas
from .timeline import Animation, Callback

STEP = 1 / 120
MAX_SECONDS = 3.5
REST_SPEED = 6.0          # design units per second
REST_SPIN = 0.25          # radians per second
# Sliding friction on the felt, as a constant deceleration: unlike damping alone it brings
# a die to a full stop in a believable time.
FELT_DECELERATION = 700.0     # design units per second squared
FELT_SPIN_DECELERATION = 14.0  # radians per second squared
TUMBLE_MIN_SPEED = 140.0  # below this a die slides instead of rolling over
TUMBLE_LENGTH = 0.9       # roll-over distance as a fraction of the die's side

# Impacts are measured by the impulse of first contact (the change of speed, in design
# units per second, of a die of unit mass). Below SOFT_IMPACT a touch is not heard; from
# LOUD_IMPACT up a click is at full volume. A throw's hardest hits measure about 200.
SOFT_IMPACT = 10.0
LOUD_IMPACT = 180.0
QUIETEST_CLICK = 0.12
# Impacts closer together than this are one click, as loud as the harder one.
CLICK_GAP = 0.025
LANDING_GAP = 0.035
# A die thrown at the mean speed lands this hard; faster ones harder.
LANDING = 0.6 * LOUD_IMPACT
FLOOR, WALL, DIE = "floor", "wall", "die"

NORTH, SOUTH, EAST, WEST = "N", "S", "E", "W"


@dataclass(frozen=True)
class Orientation:
    """The faces on top, towards the top of the screen (north) and to the right (east)."""

    top: int
    north: int
    east: int

    def roll(self, direction: str) -> Orientation:
        """The orientation after tipping over one edge while moving in ``direction``."""
        t, n, e = self.top, self.north, self.east
        if direction == NORTH:
            return Orientation(7 - n, t, e)
        if direction == SOUTH:
            return Orientation(n, 7 - t, e)
        if direction == EAST:
            return Orientation(7 - e, n, t)
        if direction == WEST:
            return Orientation(e, n, 7 - t)
        raise ValueError(f"unknown direction {direction!r}")


def _all_orientations() -> tuple[Orientation, ...]:
    seen = {Orientation(1, 2, 3)}
    frontier = list(seen)
    while frontier:
        o = frontier.pop()
        for d in (NORTH, SOUTH, EAST, WEST):
            nxt = o.roll(d)
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return tuple(sorted(seen, key=lambda o: (o.top, o.north, o.east)))


ORIENTATIONS = _all_orientations()


@dataclass(frozen=True)
class DieFrame:
    """One die at one moment: centre, spin (radians), top face, and ``squash`` in
    (0, 1] (how far the square is foreshortened while it tips over)."""

    x: float
    y: float
    angle: float
    face: int
    squash: float
    roll_direction: str | None


@dataclass(frozen=True)
class Impact:
    """A die landing on the tray's floor, striking its wall or another die (``kind``),
    ``time`` seconds into the throw, with the impulse ``strength``."""

    time: float
    strength: float
    kind: str

    @property
    def loudness(self) -> float:
        """0-1: how loud its click is."""
        return max(QUIETEST_CLICK, min(1.0, self.strength / LOUD_IMPACT) ** 0.7)


def _thin(impacts: Sequence[Impact]) -> list[Impact]:
    """Drops touches too soft to hear and merges impacts closer than CLICK_GAP, keeping
    the harder one (a die rattling along a wall is a few clicks, not dozens)."""
    kept: list[Impact] = []
    for impact in impacts:
        if impact.strength < SOFT_IMPACT:
            continue
        if kept and impact.time - kept[-1].time < CLICK_GAP:
            if impact.strength > kept[-1].strength:
                kept[-1] = Impact(kept[-1].time, impact.strength, impact.kind)
            continue
        kept.append(impact)
    return kept


class DiceTray:
    """Simulates one throw of len(targets) dice into a tray of ``size`` design units."""

    def __init__(self, size: tuple[float, float], targets: Sequence[int], seed: int,
                 die_size: float = 64.0) -> None:
        if not targets:
            raise ValueError("throw at least one die")
        for face in targets:
            if face not in range(1, 7):
                raise ValueError(f"a die face is 1-6, not {face!r}")
        self.size = size
        self.targets = tuple(targets)
        self.seed = seed
        self.die_size = die_size
        self.frames: list[tuple[DieFrame, ...]] = []
        self.impacts: list[Impact] = []
        self._simulate()

    @property
    def duration(self) -> float:
        return (len(self.frames) - 1) * STEP

    @property
    def final(self) -> tuple[DieFrame, ...]:
        return self.frames[-1]

    def frame_at(self, t: float) -> tuple[DieFrame, ...]:
        index = min(len(self.frames) - 1, max(0, int(t / STEP)))
        return self.frames[index]

    def _simulate(self) -> None:
        rng = random.Random(self.seed)
        w, h = self.size
        s = self.die_size
        space = pymunk.Space()
        space.damping = 0.6  # fraction of velocity kept per second: air and felt drag
        wall = s * 0.5
        corners = [(0, 0), (w, 0), (w, h), (0, h)]
        for a, b in zip(corners, corners[1:] + corners[:1]):
            seg = pymunk.Segment(space.static_body, a, b, wall)
            seg.elasticity = 0.55
            seg.friction = 0.5
            space.add(seg)
        # Seen from inside, the walls' thickness pushes the usable area in by ``wall``.
        inner = wall + s * 0.75
        bodies = []
        impacts: list[Impact] = []
        lane = (h - 2 * inner) / len(self.targets)
        for i in range(len(self.targets)):
            body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (s, s)))
            body.position = (inner + rng.uniform(0, w * 0.12),
                             inner + lane * (i + rng.uniform(0.2, 0.8)))
            heading = rng.uniform(-0.45, 0.45)
            speed = rng.uniform(1.0, 1.5) * w
            impacts.append(Impact(i * LANDING_GAP, LANDING * speed / (1.25 * w), FLOOR))
            body.velocity = (speed * math.cos(heading), speed * math.sin(heading))
            body.angle = rng.uniform(0, 2 * math.pi)
            body.angular_velocity = rng.uniform(-9, 9)
            box = pymunk.Poly.create_box(body, (s, s), radius=s * 0.08)
            box.elasticity = 0.45
            box.friction = 0.6
            space.add(body, box)
            bodies.append(body)

        travelled = [0.0] * len(bodies)
        rolls: list[list[tuple[int, str]]] = [[] for _ in bodies]
        raw: list[list[tuple[float, float, float, float, str | None]]] = []
        step = 0
        max_steps = int(MAX_SECONDS / STEP)
        while True:
            row = []
            for i, body in enumerate(bodies):
                vx, vy = body.velocity
                speed = math.hypot(vx, vy)
                direction = None
                frac = 0.0
                if speed >= TUMBLE_MIN_SPEED:
                    direction = (EAST if vx > 0 else WEST) if abs(vx) >= abs(vy) else (
                        SOUTH if vy > 0 else NORTH)
                    travelled[i] += speed * STEP
                    if travelled[i] >= s * TUMBLE_LENGTH:
                        travelled[i] -= s * TUMBLE_LENGTH
                        rolls[i].append((step, direction))
                    frac = travelled[i] / (s * TUMBLE_LENGTH)
                else:
                    travelled[i] = 0.0
                x, y = body.position
                row.append((x, y, body.angle, frac, direction))
            raw.append(row)
            if step >= max_steps or (step > 0 and all(
                    b.velocity.length < REST_SPEED and abs(b.angular_velocity) < REST_SPIN
                    for b in bodies)):
                break
            space.step(STEP)
            # Contacts in the first step are dice placed touching in the hand, not hits.
            if step > 0:
                impacts.extend(_first_contacts(bodies, (step + 1) * STEP))
            for body in bodies:
                _apply_felt(body)
            step += 1

        self.frames = self._label(raw, rolls, rng)
        self.impacts = _thin(impacts)

    def _label(self, raw, rolls, rng: random.Random) -> list[tuple[DieFrame, ...]]:
        per_die_faces = []
        for i, target in enumerate(self.targets):
            directions = [d for _, d in rolls[i]]
            starts = [o for o in ORIENTATIONS if _end_top(o, directions) == target]
            start = starts[rng.randrange(len(starts))]
            faces = []
            orientation = start
            pending = iter(rolls[i])
            next_roll = next(pending, None)
            for step in range(len(raw)):
                while next_roll is not None and next_roll[0] == step:
                    orientation = orientation.roll(next_roll[1])
                    next_roll = next(pending, None)
                faces.append(orientation.top)
            per_die_faces.append(faces)
        frames = []
        for step, row in enumerate(raw):
            frames.append(tuple(
                DieFrame(x, y, angle, per_die_faces[i][step],
                         1.0 - 0.35 * math.sin(math.pi * frac), direction)
                for i, (x, y, angle, frac, direction) in enumerate(row)))
        last = frames[-1]
        frames[-1] = tuple(DieFrame(f.x, f.y, f.angle, f.face, 1.0, None) for f in last)
        return frames


def _first_contacts(bodies: Sequence[pymunk.Body], time: float) -> list[Impact]:
    """The contacts that began in the step just taken. Read after the step, through each
    body's arbiters, which works alike in every pymunk version (collision handler
    registration does not)."""
    found: dict[frozenset[int], Impact] = {}

    def note(arbiter: pymunk.Arbiter) -> None:
        if not arbiter.is_first_contact:
            return  # most contacts persist from earlier steps: a die resting on a wall
        shapes = arbiter.shapes
        key = frozenset(id(shape) for shape in shapes)
        if key not in found:
            wall = any(shape.body is not None and shape.body.body_type == pymunk.Body.STATIC
                       for shape in shapes)
            found[key] = Impact(time, arbiter.total_impulse.length, WALL if wall else DIE)

    for body in bodies:
        body.each_arbiter(note)
    return sorted(found.values(), key=lambda i: -i.strength)


def _apply_felt(body: pymunk.Body) -> None:
    speed = body.velocity.length
    if speed > 0:
        body.velocity = body.velocity * (max(0.0, speed - FELT_DECELERATION * STEP) / speed)
    spin = body.angular_velocity
    slower = max(0.0, abs(spin) - FELT_SPIN_DECELERATION * STEP)
    body.angular_velocity = math.copysign(slower, spin)


def _end_top(start: Orientation, directions: Sequence[str]) -> int:
    o = start
    for d in directions:
        o = o.roll(d)
    return o.top


class DiceRoll(Animation):
    """Plays a DiceTray throw; ``frames`` holds what to draw now. ``on_impact`` hears each
    of the tray's impacts as the roll passes its moment. A roll finished early (hurried,
    or at the instant speed) is heard as its hardest impact still to come, if none was
    heard yet, so a throw is never silent and never a burst of clicks."""

    def __init__(self, tray: DiceTray, on_finish: Callback = None,
                 on_impact: Callable[[Impact], None] | None = None) -> None:
        super().__init__(on_finish)
        self.tray = tray
        self.duration = tray.duration
        self.frames = tray.frames[0]
        self.on_impact = on_impact
        self._heard = 0   # impacts passed so far

    def _apply(self, t: float) -> None:
        self.frames = self.tray.final if t >= 1 else self.tray.frame_at(self.elapsed)

    def _step(self, dt: float) -> float | None:
        leftover = super()._step(dt)
        impacts = self.tray.impacts
        while self._heard < len(impacts) and impacts[self._heard].time <= self.elapsed:
            self._impact(impacts[self._heard])
            self._heard += 1
        return leftover

    def _complete(self) -> None:
        super()._complete()
        ahead = self.tray.impacts[self._heard:]
        if ahead and self._heard == 0:
            self._impact(max(ahead, key=lambda i: i.strength))
        self._heard = len(self.tray.impacts)

    def _impact(self, impact: Impact) -> None:
        if self.on_impact is not None:
            self.on_impact(impact)

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(f.face for f in self.frames)


def draw_dice(canvas: Canvas, tray_origin: tuple[float, float], frames: Sequence[DieFrame],
              die_size: float, colours: Sequence[palette.Colour | None] = ()) -> None:
    """Draw dice at their frame positions; the tray's top left is ``tray_origin`` (design
    units). A die tipping over is drawn foreshortened along its direction of travel.
    ``colours`` are the seats' colours, die by die; None (or none given) is the white die."""
    side = canvas.length(die_size)
    for i, die in enumerate(frames):
        colour = colours[i] if i < len(colours) else None
        image = (pieces.white_die(die.face, side) if colour is None
                 else pieces.seat_die(die.face, side, colour))
        if die.squash < 1.0:
            w, h = image.get_size()
            if die.roll_direction in (EAST, WEST):
                w = max(1, round(w * die.squash))
            else:
                h = max(1, round(h * die.squash))
            image = pygame.transform.smoothscale(image, (w, h))
        image = pygame.transform.rotate(image, -math.degrees(die.angle))
        canvas.blit_centred(image, (tray_origin[0] + die.x, tray_origin[1] + die.y))
