"""Settings: defaults, round trip, and robustness against damaged files."""

import json
import os

import pytest

from game.scenes.persistence import settings_path
from game.scenes.preferences import (SETTINGS_FORMAT, SETTINGS_VERSION, Settings,
                                     SettingsStore, system_language)


@pytest.fixture
def path(data_root):
    return settings_path(data_root)


def test_missing_file_gives_defaults_quietly_and_creates_nothing(path):
    store = SettingsStore(path, default_language="en")
    assert store.load() == Settings()
    assert store.notices == []
    assert not path.exists()


def test_defaults():
    s = Settings()
    assert (s.language, s.animation_speed, s.fullscreen, s.handoff_screen, s.sound,
            s.sound_volume) == ("en", "normal", False, True, True, 70)


def test_round_trip(path):
    store = SettingsStore(path)
    wanted = Settings(language="de", animation_speed="instant", fullscreen=True,
                      handoff_screen=False, sound=False, sound_volume=30)
    store.save(wanted)
    assert SettingsStore(path).load() == wanted
    doc = json.loads(path.read_text())
    assert doc["format"] == SETTINGS_FORMAT and doc["version"] == SETTINGS_VERSION


@pytest.mark.parametrize("content", [b"", b"{\"format\": \"castles-of-burgundy-sett",
                                     b"\x00\x01\x02", b"[1, 2]", b'{"format": "other"}',
                                     b'{"format": "castles-of-burgundy-settings"}'])
def test_damaged_file_gives_defaults_a_notice_and_is_left_alone(path, content):
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    store = SettingsStore(path, default_language="de")
    assert store.load() == Settings(language="de")
    assert len(store.notices) == 1
    message = store.notices[0].message("en")
    assert "settings could not be read" in message and "defaults" in message
    assert "Einstellungen" in store.notices[0].message("de")
    assert path.read_bytes() == content


def test_saving_over_a_damaged_file_keeps_a_copy_of_it(path):
    path.parent.mkdir(parents=True)
    path.write_bytes(b"{garbage")
    store = SettingsStore(path)
    store.load()
    store.save(Settings(language="de"))
    assert (path.parent / "settings.json.broken").read_bytes() == b"{garbage"
    assert SettingsStore(path).load().language == "de"


def test_usable_values_survive_next_to_bad_ones(path):
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": SETTINGS_FORMAT, "version": 1, "settings": {
        "language": "fr", "animation_speed": "fast", "fullscreen": "yes",
        "handoff_screen": False}}))
    store = SettingsStore(path, default_language="en")
    s = store.load()
    assert s == Settings(language="en", animation_speed="fast", fullscreen=False,
                         handoff_screen=False)
    fields = sorted(n.params["field"] for n in store.notices)
    assert fields == ["fullscreen", "language"]


@pytest.mark.parametrize("values, bad", [
    ({"sound": "off", "sound_volume": 40}, {"sound"}),
    ({"sound": 0, "sound_volume": 40}, {"sound"}),
    ({"sound": False, "sound_volume": 55}, {"sound_volume"}),
    ({"sound": False, "sound_volume": 0}, {"sound_volume"}),
    ({"sound": False, "sound_volume": 110}, {"sound_volume"}),
    ({"sound": False, "sound_volume": True}, {"sound_volume"}),
    ({"sound": False, "sound_volume": 50.0}, {"sound_volume"}),
    ({"sound": "yes", "sound_volume": "50"}, {"sound", "sound_volume"}),
])
def test_a_bad_sound_setting_falls_back_alone(path, values, bad):
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": SETTINGS_FORMAT, "version": 1, "settings": {
        "language": "de", **values}}))
    store = SettingsStore(path)
    s = store.load()
    assert s.language == "de"
    assert {n.params["field"] for n in store.notices} == bad
    assert s.sound == (True if "sound" in bad else values["sound"])
    assert s.sound_volume == (70 if "sound_volume" in bad else values["sound_volume"])


def test_a_newer_file_is_read_for_what_this_version_knows(path):
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": SETTINGS_FORMAT, "version": 3, "settings": {
        "language": "de", "volume": 0.5}}))
    store = SettingsStore(path)
    assert store.load().language == "de"
    assert store.notices == []


def test_invalid_settings_cannot_be_built():
    with pytest.raises(ValueError):
        Settings(language="fr")
    with pytest.raises(ValueError):
        Settings(animation_speed="slow")
    with pytest.raises(ValueError):
        Settings(fullscreen=1)
    with pytest.raises(ValueError):
        Settings(sound_volume=75)
    assert Settings().with_changes(language="de").language == "de"


def test_system_language():
    assert system_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert system_language({"LANG": "de_AT.UTF-8", "LC_ALL": "en_US.UTF-8"}) == "en"
    assert system_language({"LANG": "fr_FR.UTF-8"}) == "en"
    assert system_language({}) == "en"


def test_a_second_damaged_file_never_replaces_the_first_kept(path):
    path.parent.mkdir(parents=True)
    for garbage in (b"{first", b"{second"):
        path.write_bytes(garbage)
        store = SettingsStore(path)
        store.load()
        store.save(Settings(language="de"))
    assert (path.parent / "settings.json.broken").read_bytes() == b"{first"
    assert (path.parent / "settings.json.2.broken").read_bytes() == b"{second"


def test_a_pipe_in_place_of_the_settings_is_never_read(path):
    """Reading a pipe would wait for a writer for ever: it is replaced, never read."""
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    store = SettingsStore(path)
    assert store.load() == store.defaults and store.notices
    store.save(Settings(language="de"))
    assert SettingsStore(path).load().language == "de"
    assert not (path.parent / "settings.json.broken").exists()


@pytest.mark.parametrize("version, stored, read", [
    (1, 85, 100),   # version 1's default, stored by every save: now a maximised window
    (1, 70, 70),
    (1, 100, 100),
    (2, 85, 85),    # chosen under version 2
])
def test_an_earlier_files_default_interface_size_opens_the_window_filling_the_screen(
        path, version, stored, read):
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": SETTINGS_FORMAT, "version": version, "settings": {
        "language": "de", "interface_size": stored}}))
    store = SettingsStore(path)
    s = store.load()
    assert (s.language, s.interface_size) == ("de", read)
    assert store.notices == []


def test_a_chosen_interface_size_is_kept(path):
    SettingsStore(path).save(Settings(interface_size=85))
    assert json.loads(path.read_text())["version"] == SETTINGS_VERSION == 2
    assert SettingsStore(path).load().interface_size == 85
