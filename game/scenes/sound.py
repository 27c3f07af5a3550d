"""Playing the sound effects: scenes ask the `SoundBoard` for an effect by name.

The board opens the audio device only when a sound is first wanted (the table calls
`prepare` as a game appears), never at start, and quietly: a machine without an audio
device plays silently and the console stays empty. Audio libraries print their complaints
straight to the process's stderr (ALSA's "cannot find card '0'" lines), below Python, so
the descriptors themselves are pointed at the null device while the mixer opens.

The effects are synthesised (`synth`) once per sample rate and kept as the device's
sounds. Requests come from animations, which at the instant speed finish dozens at once;
the board thins such bursts out (`GAP`, `BURST`) rather than stacking them.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from . import synth

if TYPE_CHECKING:
    import numpy as np

# The same effect at most once per GAP seconds (dice clicks may come closer together).
GAP = {synth.DIE_ON_DIE: 0.03, synth.DIE_ON_WALL: 0.03}
DEFAULT_GAP = 0.06
# At most BURST effects within BURST_WINDOW seconds, cues not counted (synth.CUES).
BURST = 4
BURST_WINDOW = 0.12
VOICES = 16      # mixer channels: effects that may sound at once
BUFFER = 512     # samples per mixer buffer: about 12 ms of latency at 44.1 kHz


class Device(Protocol):
    """Where the board's sounds go (MixerDevice; tests record instead)."""

    def open(self) -> int | None:
        """Open the output; its sample rate, or None when there is none."""

    def load(self, samples: np.ndarray) -> Any:
        """A playable sound of mono float samples at the opened rate."""

    def start(self, sound: Any, volume: float) -> None:
        """Start a loaded sound at ``volume`` (0-1)."""


@contextlib.contextmanager
def console_silenced() -> Iterator[None]:
    """Points the process's stdout and stderr at the null device for the duration, so
    messages written by C libraries below Python disappear. Where the descriptors cannot
    be redirected (no console at all), nothing is done."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
    saved: list[tuple[int, int]] = []
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        for fd in (1, 2):
            with contextlib.suppress(OSError):
                saved.append((fd, os.dup(fd)))
                os.dup2(null, fd)
        yield
    finally:
        for fd, copy in saved:
            os.dup2(copy, fd)
            os.close(copy)
        os.close(null)


class MixerDevice:
    """pygame's mixer, opened on first use with the format the effects are made in."""

    def __init__(self) -> None:
        self.channels = 0

    def open(self) -> int | None:
        if pygame.mixer.get_init() is None:
            try:
                with console_silenced():
                    pygame.mixer.init(synth.RATE, -16, 2, BUFFER, allowedchanges=0)
            except pygame.error:
                return None
        spec = pygame.mixer.get_init()
        if spec is None or spec[1] != -16:
            return None  # opened elsewhere in a format the board does not write
        rate, _, self.channels = spec
        pygame.mixer.set_num_channels(VOICES)
        return rate

    def load(self, samples: np.ndarray) -> pygame.mixer.Sound:
        import numpy as np   # with the first effect made, not at start
        pcm = np.round(samples * 32767).astype(np.int16)
        if self.channels > 1:
            pcm = np.repeat(pcm[:, None], self.channels, axis=1)
        return pygame.mixer.Sound(buffer=pcm.tobytes())

    def start(self, sound: pygame.mixer.Sound, volume: float) -> None:
        # The volume is set before the sound starts: set afterwards, the mixer thread
        # could play its first buffer at the channel's previous volume.
        channel = pygame.mixer.find_channel()
        if channel is not None:
            channel.set_volume(volume)
            channel.play(sound)


@functools.lru_cache(maxsize=None)
def effect(name: str, rate: int) -> np.ndarray:
    """The effect's samples at ``rate``, synthesised once per process."""
    return synth.EFFECTS[name](rate)


class SoundBoard:
    """Plays effects by name at the player's volume; silent while sound is off, and for
    good once the device could not be opened."""

    def __init__(self, device: Device, volume: int = 70, on: bool = True,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.device = device
        self.volume = volume
        self.on = on
        self.clock = clock
        self.silent = False        # the device could not be opened
        self._rate: int | None = None
        self._sounds: dict[str, Any] = {}
        self._last: dict[str, float] = {}
        self._recent: deque[float] = deque()

    def set_level(self, volume: int, on: bool) -> None:
        self.volume = volume
        self.on = on

    @property
    def audible(self) -> bool:
        return self.on and self.volume > 0 and not self.silent

    def prepare(self) -> None:
        """Open the device and make every effect now, so the first throw does not wait
        for them. Does nothing while sound is off."""
        if not self._open():
            return
        try:
            for name in synth.EFFECTS:
                self._sound(name)
        except pygame.error:
            self.silent = True

    def play(self, name: str, volume: float = 1.0) -> bool:
        """Start effect ``name`` at ``volume`` (0-1) times the player's volume; returns
        whether it was started (not when sound is off or silent, or the burst is full)."""
        if name not in synth.EFFECTS:
            raise KeyError(f"no sound effect {name!r}")
        if not self.audible or volume <= 0:
            return False
        now = self.clock()
        if not self._allowed(name, now) or not self._open():
            return False
        level = min(1.0, volume) * self.volume / 100
        try:
            self.device.start(self._sound(name), level)
        except pygame.error:
            self.silent = True   # the device went away (the mixer was closed)
            return False
        return True

    def _allowed(self, name: str, now: float) -> bool:
        if now - self._last.get(name, float("-inf")) < GAP.get(name, DEFAULT_GAP):
            return False
        if name not in synth.CUES:
            while self._recent and now - self._recent[0] >= BURST_WINDOW:
                self._recent.popleft()
            if len(self._recent) >= BURST:
                return False
            self._recent.append(now)
        self._last[name] = now
        return True

    def _open(self) -> bool:
        if self._rate is None and self.audible:
            self._rate = self.device.open()
            self.silent = self._rate is None
        return self._rate is not None and self.audible

    def _sound(self, name: str) -> Any:
        sound = self._sounds.get(name)
        if sound is None:
            assert self._rate is not None
            sound = self._sounds[name] = self.device.load(effect(name, self._rate))
        return sound
