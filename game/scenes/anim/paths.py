"""Paths that pieces travel along, parameterised by distance so speed looks even.

An ArcPath passes through its waypoints (depot -> storage space -> estate space), each leg a
quadratic Bezier curve bowed to one side, like a tile lifted and carried by hand.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Sequence

Point = tuple[float, float]

_SAMPLES_PER_LEG = 24


class Path:
    """A polyline approximation with an arc-length table; at(u) for u in [0, 1]."""

    def __init__(self, points: Sequence[Point]) -> None:
        if len(points) < 2:
            raise ValueError("a path needs at least two points")
        self._points = [(float(x), float(y)) for x, y in points]
        self._lengths = [0.0]
        for (x0, y0), (x1, y1) in zip(self._points, self._points[1:]):
            self._lengths.append(self._lengths[-1] + math.hypot(x1 - x0, y1 - y0))

    @property
    def length(self) -> float:
        return self._lengths[-1]

    @property
    def start(self) -> Point:
        return self._points[0]

    @property
    def end(self) -> Point:
        return self._points[-1]

    def at(self, u: float) -> Point:
        if u <= 0 or self.length == 0:
            return self._points[0] if u <= 0 else self._points[-1]
        if u >= 1:
            return self._points[-1]
        target = u * self.length
        i = max(1, bisect_left(self._lengths, target))
        seg = self._lengths[i] - self._lengths[i - 1]
        f = 0.0 if seg == 0 else (target - self._lengths[i - 1]) / seg
        (x0, y0), (x1, y1) = self._points[i - 1], self._points[i]
        return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f


class LinePath(Path):
    """Straight legs through the waypoints."""


class ArcPath(Path):
    """Curved legs through the waypoints; ``bow`` is the sideways bulge as a fraction of
    each leg's length (positive bows to the left of the direction of travel)."""

    def __init__(self, waypoints: Sequence[Point], bow: float = 0.2) -> None:
        if len(waypoints) < 2:
            raise ValueError("a path needs at least two points")
        points: list[Point] = [waypoints[0]]
        for (x0, y0), (x1, y1) in zip(waypoints, waypoints[1:]):
            dx, dy = x1 - x0, y1 - y0
            cx = (x0 + x1) / 2 + dy * bow
            cy = (y0 + y1) / 2 - dx * bow
            for k in range(1, _SAMPLES_PER_LEG + 1):
                t = k / _SAMPLES_PER_LEG
                a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
                points.append((a * x0 + b * cx + c * x1, a * y0 + b * cy + c * y1))
        super().__init__(points)
