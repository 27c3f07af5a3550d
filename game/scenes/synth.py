"""The sound effects, synthesised: each one is computed from a few numbers, with no
recording behind it.

Knocks and clicks are modal synthesis: a struck object rings at a few frequencies of its
own, each fading at its own rate, so an effect is a short list of (frequency, amplitude,
decay) modes plus a burst of filtered noise for the moment of contact. Wood and card ring
low and briefly, dice and coins high, and a coin's modes are inharmonic and long. The
chimes and the fanfare are notes of additive tones.

Every function is pure numpy: the same sample rate gives the same samples, as float32
mono in [-PEAK, PEAK], starting with the impact and faded to silence at the end, so an
effect never clicks when it stops. numpy is imported by the functions that compute, when
the first effect is made: the effects' names alone (what the sound board needs to start)
cost the start of the client nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

RATE = 44100
# Headroom: a few effects mixed at full volume must not clip the mixer.
PEAK = 0.8
FADE_OUT = 0.004  # seconds of linear fade at the end of every effect

DIE_ON_DIE = "die_on_die"
DIE_ON_WALL = "die_on_wall"
TILE = "tile"
GOODS = "goods"
SILVER = "silver"
POINTS = "points"
PHASE_END = "phase_end"
GAME_END = "game_end"

Mode = tuple[float, float, float]   # frequency (Hz), amplitude, decay time constant (s)


def _length(seconds: float, rate: int) -> int:
    return round(seconds * rate)


def _time(n: int, rate: int) -> np.ndarray:
    import numpy as np
    return np.arange(n, dtype=np.float64) / rate


def _modes(n: int, rate: int, modes: Sequence[Mode], start: float = 0.0) -> np.ndarray:
    """Damped sines struck at ``start`` seconds."""
    import numpy as np
    out = np.zeros(n)
    first = _length(start, rate)
    t = _time(n - first, rate)
    for freq, amp, decay in modes:
        out[first:] += amp * np.exp(-t / decay) * np.sin(2 * np.pi * freq * t)
    return out


def _smooth(x: np.ndarray, width: int) -> np.ndarray:
    """A low-pass: a moving average over a Hann window of ``width`` samples."""
    import numpy as np
    if width <= 1:
        return x
    window = np.hanning(width + 2)[1:-1]
    return np.convolve(x, window / window.sum(), mode="same")


def _burst(n: int, rate: int, seconds: float, smooth: int, seed: int) -> np.ndarray:
    """A noise burst fading over ``seconds`` (the scrape of contact), low-passed by
    ``smooth`` samples; a negative ``smooth`` high-passes instead (noise less its low-pass)."""
    import numpy as np
    noise = np.random.default_rng(seed).standard_normal(n)
    shaped = _smooth(noise, abs(smooth))
    if smooth < 0:
        shaped = noise - shaped
    return shaped * np.exp(-_time(n, rate) / seconds)


def _tone(n: int, rate: int, freq: float, start: float, seconds: float,
          partials: Sequence[tuple[float, float]], decay: float | None = None,
          attack: float = 0.004) -> np.ndarray:
    """A note at ``freq`` from ``start`` for ``seconds``: partials (ratio, amplitude),
    a short attack, then an exponential decay (a struck bar or bell) or, without
    ``decay``, held and released over its last quarter (a blown note)."""
    import numpy as np
    out = np.zeros(n)
    first = _length(start, rate)
    count = min(n - first, _length(seconds, rate))
    t = _time(count, rate)
    wave = sum(amp * np.sin(2 * np.pi * freq * ratio * t) for ratio, amp in partials)
    envelope = np.minimum(1.0, t / attack)
    if decay is not None:
        envelope *= np.exp(-t / decay)
    else:
        release = seconds * 0.25
        envelope *= np.clip((seconds - t) / release, 0.0, 1.0)
    out[first:first + count] = wave * envelope
    return out


def _finish(x: np.ndarray, rate: int, level: float) -> np.ndarray:
    """Scaled so the loudest sample is ``level`` times PEAK, with the fade at the end."""
    import numpy as np
    fade = min(len(x), _length(FADE_OUT, rate))
    if fade:
        x = x.copy()
        x[-fade:] *= np.linspace(1.0, 0.0, fade)
    loudest = float(np.max(np.abs(x)))
    scaled = x * (PEAK * level / loudest) if loudest > 0 else x
    return scaled.astype(np.float32)


def die_on_die(rate: int = RATE) -> np.ndarray:
    """Two hard dice knocking together: a bright, very short clack."""
    n = _length(0.07, rate)
    x = _modes(n, rate, [(2870.0, 1.0, 0.011), (4690.0, 0.6, 0.007), (6930.0, 0.35, 0.004)])
    x += 0.3 * _burst(n, rate, 0.0025, -6, seed=11)
    return _finish(x, rate, 0.85)


def die_on_wall(rate: int = RATE) -> np.ndarray:
    """A die striking the tray's wooden wall: a duller knock with some body."""
    n = _length(0.13, rate)
    x = _modes(n, rate, [(415.0, 1.0, 0.028), (1130.0, 0.75, 0.018), (2260.0, 0.4, 0.01)])
    x += 0.45 * _burst(n, rate, 0.004, 8, seed=12)
    return _finish(x, rate, 1.0)


def tile(rate: int = RATE) -> np.ndarray:
    """A cardboard tile set down on the board: a soft, low slap."""
    n = _length(0.25, rate)
    x = _modes(n, rate, [(150.0, 1.0, 0.05), (385.0, 0.55, 0.032), (860.0, 0.25, 0.018)])
    x += 0.9 * _burst(n, rate, 0.015, 18, seed=13)
    return _finish(x, rate, 0.9)


def goods(rate: int = RATE) -> np.ndarray:
    """Goods tiles knocking into place: two light wooden taps."""
    n = _length(0.15, rate)
    taps = [(790.0, 1.0, 0.024), (1930.0, 0.5, 0.014), (3120.0, 0.25, 0.008)]
    x = _modes(n, rate, taps)
    x += 0.6 * _modes(n, rate, [(f * 1.06, a, d) for f, a, d in taps], start=0.045)
    x += 0.3 * _burst(n, rate, 0.003, 4, seed=14)
    return _finish(x, rate, 0.75)


def silver(rate: int = RATE) -> np.ndarray:
    """A silver coin laid on others: an inharmonic metallic ring."""
    n = _length(0.38, rate)
    x = _modes(n, rate, [(2640.0, 1.0, 0.17), (4180.0, 0.6, 0.11), (6030.0, 0.4, 0.07),
                         (8350.0, 0.2, 0.045)])
    x += 0.25 * _burst(n, rate, 0.002, -4, seed=15)
    return _finish(x, rate, 0.6)


# A struck bell: the hum below, the strike tone, and two partials above.
BELL = ((0.5, 0.25), (1.0, 1.0), (2.0, 0.45), (3.01, 0.2))
# A marimba bar: the fundamental and its tuned overtones at 4 and 10 times.
BAR = ((1.0, 1.0), (3.93, 0.28), (9.2, 0.08))
# A brass-like note: harmonics falling off with their number.
BRASS = tuple((float(k), 1.0 / k) for k in range(1, 7))


def points(rate: int = RATE) -> np.ndarray:
    """Points scored: a rising two-note bell chime."""
    n = _length(0.6, rate)
    x = _tone(n, rate, 880.0, 0.0, 0.6, BELL, decay=0.22)
    x += _tone(n, rate, 1318.5, 0.09, 0.51, BELL, decay=0.25)
    return _finish(x, rate, 0.65)


def phase_end(rate: int = RATE) -> np.ndarray:
    """A phase ends: a rising marimba arpeggio, C E G C."""
    import numpy as np
    n = _length(1.15, rate)
    notes = (523.25, 659.25, 783.99, 1046.5)
    x = sum((_tone(n, rate, f, 0.12 * i, 1.15 - 0.12 * i, BAR, decay=0.3)
             for i, f in enumerate(notes)), np.zeros(n))
    return _finish(x, rate, 0.8)


def game_end(rate: int = RATE) -> np.ndarray:
    """The game ends: a short fanfare, three rising notes into a held C major chord."""
    import numpy as np
    n = _length(1.9, rate)
    x = np.zeros(n)
    for i, f in enumerate((392.0, 523.25, 659.25)):
        x += _tone(n, rate, f, 0.16 * i, 0.2, BRASS, attack=0.015)
    for f in (523.25, 659.25, 783.99, 1046.5):
        x += 0.6 * _tone(n, rate, f, 0.48, 1.42, BRASS, attack=0.02)
    return _finish(x, rate, 0.8)


EFFECTS: dict[str, Callable[[int], np.ndarray]] = {
    DIE_ON_DIE: die_on_die,
    DIE_ON_WALL: die_on_wall,
    TILE: tile,
    GOODS: goods,
    SILVER: silver,
    POINTS: points,
    PHASE_END: phase_end,
    GAME_END: game_end,
}

# Cues rather than noises: heard whenever asked for, never dropped to thin out a burst
# (see sound.SoundBoard).
CUES = frozenset({PHASE_END, GAME_END})
