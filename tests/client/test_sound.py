"""Sound: the synthesised effects, the SoundBoard (volume, sound off, thinning bursts, a
missing device) and the mixer opened quietly."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.scenes import synth
from game.scenes.sound import (BURST, BURST_WINDOW, DEFAULT_GAP, MixerDevice, SoundBoard,
                               console_silenced, effect)

ROOT = Path(__file__).resolve().parents[2]
NAMES = sorted(synth.EFFECTS)
DURATIONS = {synth.DIE_ON_DIE: 0.07, synth.DIE_ON_WALL: 0.13, synth.TILE: 0.25,
             synth.GOODS: 0.15, synth.SILVER: 0.38, synth.POINTS: 0.6,
             synth.PHASE_END: 1.15, synth.GAME_END: 1.9}
NOISES = sorted(set(NAMES) - synth.CUES - {synth.POINTS})


def centroid(x, rate=synth.RATE):
    """The spectrum's centre of mass in Hz: where an effect's brightness lies."""
    spectrum = np.abs(np.fft.rfft(x))
    return float((spectrum * np.fft.rfftfreq(len(x), 1 / rate)).sum() / spectrum.sum())


# --- synthesis ---------------------------------------------------------------------------

def test_every_effect_has_a_duration_here():
    assert sorted(DURATIONS) == NAMES


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("rate", [22050, 44100, 48000])
def test_an_effect_is_mono_float_of_its_length_at_any_rate(name, rate):
    x = synth.EFFECTS[name](rate)
    assert x.dtype == np.float32 and x.ndim == 1
    assert len(x) == round(DURATIONS[name] * rate)
    assert np.all(np.isfinite(x))


@pytest.mark.parametrize("name", NAMES)
def test_no_clipping_and_clearly_audible(name):
    x = synth.EFFECTS[name](synth.RATE)
    peak = float(np.max(np.abs(x)))
    assert peak <= synth.PEAK + 1e-6
    assert peak >= 0.5 * synth.PEAK


@pytest.mark.parametrize("name", NAMES)
def test_an_effect_fades_to_silence_at_its_end(name):
    x = synth.EFFECTS[name](synth.RATE)
    assert x[-1] == 0
    assert np.max(np.abs(x[-20:])) < 0.01


@pytest.mark.parametrize("name", NAMES)
def test_the_same_rate_gives_the_same_samples(name):
    assert np.array_equal(synth.EFFECTS[name](synth.RATE), synth.EFFECTS[name](synth.RATE))
    assert effect(name, synth.RATE) is effect(name, synth.RATE)  # made once per process


@pytest.mark.parametrize("name", NOISES)
def test_knocks_and_clicks_strike_at_once_and_die_away(name):
    """The impact is the loudest moment; the last third is much quieter than the first."""
    x = np.abs(synth.EFFECTS[name](synth.RATE))
    assert np.argmax(x) < 0.01 * synth.RATE
    third = len(x) // 3
    assert x[-third:].max() < 0.25 * x[:third].max()


def test_the_cues_rise_to_a_later_peak():
    """Chimes and fanfares are notes one after another: their loudest moment is not the
    first strike."""
    for name in (synth.POINTS, synth.PHASE_END, synth.GAME_END):
        x = np.abs(synth.EFFECTS[name](synth.RATE))
        assert np.argmax(x) > 0.05 * synth.RATE, name


def test_materials_sound_as_bright_as_they_are_hard():
    """Card and wood ring low, dice higher, a coin highest."""
    c = {name: centroid(synth.EFFECTS[name](synth.RATE)) for name in NAMES}
    assert c[synth.TILE] < c[synth.DIE_ON_WALL] < c[synth.DIE_ON_DIE]
    assert c[synth.GOODS] < c[synth.SILVER]
    assert c[synth.DIE_ON_WALL] < c[synth.SILVER]


# --- the board ---------------------------------------------------------------------------

class FakeDevice:
    """Records what the board asks of an output device."""

    def __init__(self, rate=synth.RATE):
        self.rate = rate
        self.opened = 0
        self.loaded = []
        self.started = []

    def open(self):
        self.opened += 1
        return self.rate

    def load(self, samples):
        self.loaded.append(len(samples))
        return ("sound", len(self.loaded) - 1, len(samples))

    def start(self, sound, volume):
        self.started.append((sound, volume))


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def board(device=None, **kwargs):
    clock = Clock()
    return SoundBoard(device or FakeDevice(), clock=clock, **kwargs), clock


def test_nothing_is_opened_until_a_sound_is_wanted():
    device = FakeDevice()
    SoundBoard(device)
    assert device.opened == 0


def test_prepare_opens_once_and_makes_every_effect_at_the_device_rate():
    device = FakeDevice(rate=22050)
    b, _ = board(device)
    b.prepare()
    b.prepare()
    assert device.opened == 1
    assert sorted(device.loaded) == sorted(round(DURATIONS[n] * 22050) for n in NAMES)
    assert b.play(synth.TILE)
    assert device.opened == 1 and len(device.loaded) == len(NAMES)


def test_volume_is_the_request_times_the_setting():
    device = FakeDevice()
    b, clock = board(device, volume=50)
    assert b.play(synth.SILVER, 0.5)
    clock.now += 1
    b.set_level(80, True)
    assert b.play(synth.SILVER)
    clock.now += 1
    assert b.play(synth.SILVER, 3.0)  # a request above full is full
    assert [v for _, v in device.started] == pytest.approx([0.25, 0.8, 0.8])


def test_sound_off_plays_nothing_and_opens_nothing():
    device = FakeDevice()
    b, _ = board(device, on=False)
    b.prepare()
    assert not b.play(synth.GAME_END)
    assert device.opened == 0 and device.started == []
    b.set_level(70, True)
    assert b.play(synth.GAME_END)
    assert device.opened == 1


def test_a_zero_volume_request_is_not_played():
    device = FakeDevice()
    b, _ = board(device)
    assert not b.play(synth.TILE, 0.0)
    assert device.started == []


def test_an_unknown_effect_is_a_programming_error():
    b, _ = board()
    with pytest.raises(KeyError):
        b.play("trumpet")


class NoDevice(FakeDevice):
    def open(self):
        self.opened += 1
        return None


def test_without_a_device_the_board_is_silent_and_asks_only_once():
    device = NoDevice()
    b, clock = board(device)
    b.prepare()
    for name in NAMES:
        clock.now += 1
        assert not b.play(name)
    assert b.silent and not b.audible
    assert device.opened == 1 and device.loaded == [] and device.started == []


class BrokenDevice(FakeDevice):
    def start(self, sound, volume):
        raise pygame.error("mixer not initialized")


def test_a_device_that_goes_away_leaves_the_board_silent():
    b, clock = board(BrokenDevice())
    assert not b.play(synth.TILE)
    assert b.silent
    clock.now += 1
    assert not b.play(synth.TILE)


def test_the_same_effect_is_not_repeated_within_its_gap():
    device = FakeDevice()
    b, clock = board(device)
    assert b.play(synth.TILE)
    clock.now += DEFAULT_GAP / 2
    assert not b.play(synth.TILE)
    assert b.play(synth.GOODS)
    clock.now += DEFAULT_GAP
    assert b.play(synth.TILE)
    assert len(device.started) == 3


def test_a_burst_is_thinned_out_but_cues_are_always_heard():
    """The instant speed finishes a whole move in one frame: everything is asked for at
    the same moment, and only BURST effects, plus the cues, start."""
    device = FakeDevice()
    b, clock = board(device)
    for _ in range(10):
        for name in NOISES + [synth.POINTS]:
            b.play(name)
    assert len(device.started) == BURST
    assert b.play(synth.PHASE_END) and b.play(synth.GAME_END)
    clock.now += BURST_WINDOW
    assert b.play(synth.TILE)
    assert len(device.started) == BURST + 3


# --- the mixer ---------------------------------------------------------------------------

def test_the_mixer_device_plays_on_the_dummy_driver():
    """The tests' pygame.init() opened the mixer on SDL's dummy driver; the board uses it
    as it is."""
    b = SoundBoard(MixerDevice())
    b.prepare()
    assert not b.silent
    assert b.play(synth.POINTS)
    assert pygame.mixer.get_busy()
    pygame.mixer.stop()


def test_a_mixer_that_cannot_open_is_no_device(monkeypatch):
    def refuse(*args, **kwargs):
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    b = SoundBoard(MixerDevice())
    b.prepare()
    assert b.silent and not b.play(synth.TILE)


def test_console_silenced_swallows_what_c_libraries_write(capfd):
    with console_silenced():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
        os.write(1, b"noise on stdout\n")
    os.write(2, b"after\n")
    out, err = capfd.readouterr()
    assert out == "" and err == "after\n"


# Start a game at the table straight away (the title would never open the device), let
# the AI players roll dice and move pieces for a while, then note what the board did in
# a file: the console itself must stay empty.
TABLE_SCRIPT = textwrap.dedent("""
    import json, sys, threading
    sys.path.insert(0, {root!r})
    import main
    import pygame
    from game.rules import GameConfig
    from game.scenes import launcher, sound
    from game.scenes.session import GameSetup, SeatSpec

    setup = GameSetup(GameConfig(players=2), (SeatSpec("ai", "Ann", 0, "random"),
                                              SeatSpec("ai", "Bob", 1, "random")), 3, False)
    launcher.Launcher.to_title = lambda self: self.start(setup)
    asked, started, boards = [], [], set()
    play = sound.SoundBoard.play

    def counting(self, name, volume=1.0):
        boards.add(self)
        asked.append(name)
        started.append(play(self, name, volume))
        if len(asked) == 3:
            leave()
        return started[-1]

    sound.SoundBoard.play = counting
    left = []

    def leave():
        # after the table's first sounds, however slow the machine; or at the latest
        # after a minute, so that a table that never asks still ends the test
        if left:
            return
        left.append(True)
        board = next(iter(boards), None)
        with open({report!r}, "w") as f:
            json.dump({{"asked": len(asked), "started": sum(started),
                        "silent": board.silent if board else None,
                        "mixer": bool(pygame.mixer.get_init())}}, f)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    timer = threading.Timer(60.0, leave)
    timer.daemon = True
    timer.start()
    sys.exit(main.main(["--windowed"]))
""")


def run_table(tmp_path, **audio):
    report = tmp_path / "report.json"
    script = TABLE_SCRIPT.format(root=str(ROOT), report=str(report))
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_AUDIODRIVER", "AUDIODEV", "PYGAME_HIDE_SUPPORT_PROMPT")}
    env.update(SDL_VIDEODRIVER="dummy", CASTLES_DATA_DIR=str(tmp_path / "data"), **audio)
    done = subprocess.run([sys.executable, "-c", script], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done, json.loads(report.read_text())


def test_without_an_audio_device_the_game_plays_silently_and_says_nothing(tmp_path):
    """ALSA pointed at a device that does not exist prints its complaints to stderr as
    the mixer opens (where SDL has no ALSA, the driver is simply missing): the table asks
    for its sounds, none is played, and the console stays empty."""
    done, report = run_table(tmp_path, SDL_AUDIODRIVER="alsa", AUDIODEV="castles_no_device")
    assert done.stdout == "" and done.stderr == ""
    assert report["asked"] > 0
    assert report == {"asked": report["asked"], "started": 0, "silent": True,
                      "mixer": False}


def test_with_an_audio_device_the_table_is_heard(tmp_path):
    done, report = run_table(tmp_path, SDL_AUDIODRIVER="dummy")
    assert done.stdout == "" and done.stderr == ""
    assert report["started"] > 0 and report["silent"] is False and report["mixer"] is True
