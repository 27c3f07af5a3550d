"""Data directory, atomic writes and the save envelope; bad files become clear errors and
are never changed by reading them."""

import datetime as dt
import json
import os
from pathlib import Path

import platformdirs
import pytest
import time_zones
from platformdirs.macos import MacOS
from platformdirs.unix import Unix
from platformdirs.windows import Windows

from game.scenes import i18n, persistence
from game.scenes.persistence import (SAVE_FORMAT, SAVE_VERSION, SaveError, atomic_write_text,
                                     data_dir, list_saves, make_envelope, read_save,
                                     write_save)

WHEN = dt.datetime(2025, 3, 1, 17, 42, 5, tzinfo=dt.timezone.utc)
PAYLOAD = {"config": {"players": 2, "rules": "special"}, "seed": 42,
           "actions": [["take", 3, 1], ["place", 0, 17]], "note": "Fürstentum"}


class TestDataDir:
    """platformdirs gives the directory; on every platform it is where earlier versions
    kept saves, whose rules the expected paths below spell out."""

    @pytest.fixture
    def home(self, tmp_path, monkeypatch):
        home = tmp_path / "home"
        home.mkdir()
        for name in ("CASTLES_DATA_DIR", "XDG_DATA_HOME", "APPDATA", "WIN_PD_OVERRIDE_APPDATA"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("HOME", str(home))
        return home

    @pytest.fixture
    def on(self, monkeypatch):
        # platformdirs.user_data_dir asks the class of the running platform.
        return lambda cls: monkeypatch.setattr(platformdirs, "PlatformDirs", cls)

    def test_override_wins_everywhere(self, home, on, monkeypatch):
        monkeypatch.setenv("CASTLES_DATA_DIR", "/tmp/x")
        monkeypatch.setenv("XDG_DATA_HOME", "/x")
        for cls, platform in ((Unix, "linux"), (MacOS, "darwin"), (Windows, "win32")):
            on(cls)
            assert data_dir(platform) == Path("/tmp/x")

    def test_linux_uses_xdg_data_home(self, home, on, monkeypatch):
        on(Unix)
        monkeypatch.setenv("XDG_DATA_HOME", "/data")
        assert data_dir("linux") == Path("/data/castles-of-burgundy")

    def test_linux_default_and_relative_xdg_ignored(self, home, on, monkeypatch):
        on(Unix)
        expected = home / ".local/share/castles-of-burgundy"
        assert data_dir("linux") == expected
        monkeypatch.setenv("XDG_DATA_HOME", "relative/dir")
        assert data_dir("linux") == expected
        monkeypatch.setenv("CASTLES_DATA_DIR", "  ")
        assert data_dir("linux") == expected

    def test_windows_uses_roaming_appdata_without_an_author_folder(self, home, on,
                                                                   monkeypatch):
        on(Windows)
        roaming = "C:\\Users\\anna\\AppData\\Roaming"
        monkeypatch.setenv("WIN_PD_OVERRIDE_APPDATA", roaming)  # the shell's roaming folder
        monkeypatch.setenv("APPDATA", roaming)
        assert data_dir("win32") == Path(roaming) / "castles-of-burgundy"

    def test_windows_keeps_saves_under_a_redirected_appdata(self, home, on, monkeypatch,
                                                            tmp_path):
        on(Windows)
        monkeypatch.setenv("WIN_PD_OVERRIDE_APPDATA", "C:\\Users\\anna\\AppData\\Roaming")
        appdata = tmp_path / "elsewhere"
        monkeypatch.setenv("APPDATA", str(appdata))
        assert data_dir("win32") != appdata / "castles-of-burgundy"
        (appdata / "castles-of-burgundy" / "saves").mkdir(parents=True)
        assert data_dir("win32") == appdata / "castles-of-burgundy"

    def test_macos_uses_application_support(self, home, on):
        on(MacOS)
        assert data_dir("darwin") == home / "Library/Application Support/castles-of-burgundy"

    def test_macos_keeps_saves_in_application_support_when_xdg_is_set(self, home, on,
                                                                       monkeypatch, tmp_path):
        # platformdirs follows XDG_DATA_HOME on macOS too; earlier versions did not.
        on(MacOS)
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
        assert data_dir("darwin") == tmp_path / "xdg/castles-of-burgundy"
        earlier = home / "Library/Application Support/castles-of-burgundy"
        (earlier / "saves").mkdir(parents=True)
        assert data_dir("darwin") == earlier
        # Once the new directory exists it is the one used.
        (tmp_path / "xdg/castles-of-burgundy").mkdir(parents=True)
        assert data_dir("darwin") == tmp_path / "xdg/castles-of-burgundy"

    def test_tests_get_their_own_directory(self, data_root):
        assert data_dir() == data_root
        assert persistence.settings_path() == data_root / "settings.json"
        assert persistence.autosave_path() == data_root / "saves" / "autosave.json"


class TestAtomicWrite:
    def test_creates_parents_and_replaces(self, tmp_path):
        target = tmp_path / "a" / "b" / "file.txt"
        atomic_write_text(target, "one")
        atomic_write_text(target, "two")
        assert target.read_text() == "two"
        assert os.listdir(target.parent) == ["file.txt"]

    def test_a_failed_write_keeps_the_old_file_and_leaves_no_temp(self, tmp_path,
                                                                  monkeypatch):
        target = tmp_path / "file.txt"
        atomic_write_text(target, "old")

        def broken_replace(src, dst):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(persistence.os, "replace", broken_replace)
        with pytest.raises(OSError):
            atomic_write_text(target, "new")
        assert target.read_text() == "old"
        assert os.listdir(tmp_path) == ["file.txt"]

    def test_data_is_flushed_to_disk_before_the_rename(self, tmp_path, monkeypatch):
        order = []
        real_fsync, real_replace = os.fsync, os.replace
        monkeypatch.setattr(persistence.os, "fsync",
                            lambda fd: (order.append("fsync"), real_fsync(fd)))
        monkeypatch.setattr(persistence.os, "replace",
                            lambda a, b: (order.append("replace"), real_replace(a, b)))
        atomic_write_text(tmp_path / "f", "x")
        assert order[:2] == ["fsync", "replace"]


class TestSaveRoundTrip:
    def test_envelope_fields(self):
        env = make_envelope(PAYLOAD, WHEN)
        assert env == {"format": SAVE_FORMAT, "version": SAVE_VERSION,
                       "saved_at": "2025-03-01T17:42:05+00:00", "payload": PAYLOAD}
        assert env["format"] == "castles-of-burgundy-save" and env["version"] == 1

    def test_write_then_read(self, tmp_path):
        path = tmp_path / "saves" / "game.json"
        write_save(path, PAYLOAD, WHEN)
        save = read_save(path)
        assert save.payload == PAYLOAD
        assert save.saved_at == WHEN
        assert save.version == 1 and save.path == path

    def test_payload_must_be_a_mapping(self, tmp_path):
        with pytest.raises(TypeError):
            write_save(tmp_path / "x.json", ["not", "a", "mapping"])

    def test_a_bad_time_does_not_make_a_save_unloadable(self, tmp_path):
        path = tmp_path / "s.json"
        doc = make_envelope(PAYLOAD)
        doc["saved_at"] = "yesterday"
        path.write_text(json.dumps(doc))
        assert read_save(path).saved_at is None


def write_bytes(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def assert_refused(path, reason, *words):
    """Reading fails with ``reason``, names the file, and leaves it exactly as it was."""
    before = path.read_bytes() if path.is_file() else None
    stat = path.stat() if path.exists() else None
    with pytest.raises(SaveError) as info:
        read_save(path)
    err = info.value
    assert err.reason == reason
    message = str(err)
    assert path.name in message
    for word in words:
        assert word in message
    if before is not None:
        assert path.read_bytes() == before
        assert path.stat().st_mtime_ns == stat.st_mtime_ns
    return err


class TestBadFiles:
    def test_missing(self, tmp_path):
        assert_refused(tmp_path / "gone.json", "missing", "does not exist")

    def test_empty_and_blank(self, tmp_path):
        assert_refused(write_bytes(tmp_path, b""), "empty", "empty")
        assert_refused(write_bytes(tmp_path, b"  \n\t "), "empty")

    def test_every_truncation_of_a_save_is_reported_as_incomplete(self, tmp_path):
        whole = json.dumps(make_envelope(PAYLOAD, WHEN), indent=1).encode()
        for cut in range(1, len(whole) - 1, 7):
            path = write_bytes(tmp_path, whole[:cut])
            err = assert_refused(path, "truncated", "incomplete")
            assert "ends too early" in str(err)

    def test_damage_in_the_middle_gives_line_and_column(self, tmp_path):
        text = json.dumps(make_envelope(PAYLOAD, WHEN), indent=1)
        broken = text.replace('"seed": 42', '"seed": 4 2')
        err = assert_refused(write_bytes(tmp_path, broken.encode()), "damaged", "line")
        assert err.params["line"] > 1

    def test_binary_and_non_utf8_files(self, tmp_path):
        assert_refused(write_bytes(tmp_path, bytes(range(256))), "not_text", "not a save file")
        assert_refused(write_bytes(tmp_path, "{\"a\": \"\xe9\"}".encode("latin-1")), "not_text")
        png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 40
        assert_refused(write_bytes(tmp_path, png), "not_text")

    def test_foreign_files(self, tmp_path):
        for content in (b"hello world", b"[1, 2, 3]", b"42", b'{"format": "chess-pgn"}',
                        json.dumps({"payload": PAYLOAD}).encode()):
            assert_refused(write_bytes(tmp_path, content), "foreign", "not a save file")

    def test_newer_version(self, tmp_path):
        doc = make_envelope(PAYLOAD, WHEN)
        doc["version"] = 7
        err = assert_refused(write_bytes(tmp_path, json.dumps(doc).encode()), "newer",
                             "newer version")
        assert "7" in str(err)

    @pytest.mark.parametrize("field, value", [("version", "1"), ("version", 0),
                                              ("version", None), ("version", 1.0),
                                              ("payload", None), ("payload", [1]),
                                              ("payload", "x")])
    def test_malformed_envelope(self, tmp_path, field, value):
        doc = make_envelope(PAYLOAD, WHEN)
        doc[field] = value
        assert_refused(write_bytes(tmp_path, json.dumps(doc).encode()), "malformed", "damaged")

    def test_a_directory_is_refused_not_a_crash(self, tmp_path):
        folder = tmp_path / "folder.json"
        folder.mkdir()
        assert_refused(folder, "folder", "is a folder")

    def test_huge_files_are_not_read_into_memory(self, tmp_path, monkeypatch):
        monkeypatch.setattr(persistence, "MAX_SAVE_BYTES", 100)
        assert_refused(write_bytes(tmp_path, b"{" + b" " * 200 + b"}"), "too_large",
                       "too large")

    def test_messages_follow_the_language(self, tmp_path):
        path = write_bytes(tmp_path, b"")
        with pytest.raises(SaveError) as info:
            read_save(path)
        assert "ist leer" in info.value.message("de")
        i18n.set_language("de")
        assert "Spielstand" in str(info.value)


class TestLimits:
    """Files that would crash a parser or the code after it are refused like any other
    damaged file."""

    @pytest.mark.parametrize("content", [
        b"[" * 100_000 + b"]" * 100_000,                      # RecursionError in json
        b'{"a": ' * 40 + b"1" + b"}" * 40,                     # parses, too deep to walk
        b'{"format": "castles-of-burgundy-save", "version": ' + b"9" * 5000 + b"}",
        b'{"format": "castles-of-burgundy-save", "version": 123456789012345678901}',
        b'{"format": "castles-of-burgundy-save", "version": NaN}',
        b'{"format": "castles-of-burgundy-save", "version": -Infinity}',
        b'{"format": "castles-of-burgundy-save", "version": 1e999}',
        b'{"format": "castles-of-burgundy-save", "payload": {"name": "\\ud800"}}',
        b'{"\\udfff": 1}',
    ])
    def test_excessive_content(self, tmp_path, content):
        assert_refused(write_bytes(tmp_path, content), "excessive", "damaged")

    def test_a_whole_surrogate_pair_is_fine(self, tmp_path):
        path = write_bytes(tmp_path, json.dumps(make_envelope({"n": "\U0001F600"})).encode())
        assert read_save(path).payload == {"n": "\U0001F600"}

    @pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
    def test_a_named_pipe_is_refused_without_blocking(self, tmp_path):
        import threading
        path = tmp_path / "autosave.json"
        os.mkfifo(path)
        outcome = []
        reader = threading.Thread(target=lambda: outcome.append(_reason(path)), daemon=True)
        reader.start()
        reader.join(10)
        if reader.is_alive():  # unblock the reader so the run can end
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
            pytest.fail("reading a named pipe blocked")
        assert outcome == ["pipe"]

    def test_a_large_file_is_refused_without_reading_it(self, tmp_path, monkeypatch):
        path = tmp_path / "big.json"
        with open(path, "wb") as f:
            f.truncate(200 * 1024 * 1024)  # sparse: no disk space used
        read = []
        real_read = os.read
        monkeypatch.setattr(persistence.os, "read",
                            lambda fd, n: read.append(n) or real_read(fd, n))
        assert_refused(path, "too_large", "too large", "32 MB")
        assert read == []

    def test_the_size_limit_is_read_when_reading(self, tmp_path, monkeypatch):
        monkeypatch.setattr(persistence, "MAX_SAVE_BYTES", 100)
        path = write_bytes(tmp_path, json.dumps(make_envelope({"n": "x" * 200})).encode())
        assert_refused(path, "too_large", "too large")

    def test_a_file_name_that_is_not_utf8_is_shown_with_a_replacement(self, tmp_path):
        name = os.fsdecode(b"caf\xe9.json")
        assert persistence.display_name(name) == "caf\ufffd.json"
        assert persistence.display_name("a\x00b\u200bc") == "a\ufffdb\ufffdc"
        shown = persistence.display_name("\ud800x")
        assert shown.endswith("x") and set(shown[:-1]) == {"\ufffd"}


def test_a_detail_quoting_the_file_is_made_drawable(tmp_path):
    err = SaveError("error.save.malformed", tmp_path / "x.json",
                    detail="unknown seat fields: \x00\ud800" + "y" * 500)
    message = str(err)
    assert all(ch.isprintable() for ch in message) and len(message) < 300


def _reason(path):
    try:
        read_save(path)
    except SaveError as exc:
        return exc.reason
    return None


class TestListSaves:
    def test_newest_first_with_broken_ones_listed_and_temp_files_ignored(self, data_root):
        saves = persistence.saves_dir()
        write_save(saves / "old.json", PAYLOAD, WHEN)
        write_save(saves / "new.json", PAYLOAD, WHEN + dt.timedelta(days=1))
        (saves / "broken.json").write_text('{"format": "castles-of-burgundy-save", "pay')
        (saves / ".new.json.abc.tmp").write_text("partial")
        (saves / "notes.txt").write_text("not a save")
        entries = list_saves()
        names = [e.name for e in entries]
        assert names.index("new") < names.index("old")
        assert set(names) == {"new", "old", "broken"}
        broken = entries[names.index("broken")]
        assert broken.save is None and broken.error.reason == "truncated"

    def test_upper_case_suffix_and_undecodable_names_are_listed(self, data_root):
        saves = persistence.saves_dir()
        write_save(saves / "UPPER.JSON", PAYLOAD, WHEN)
        odd = saves / os.fsdecode(b"caf\xe9.json")
        try:
            write_save(odd, PAYLOAD, WHEN)
        except (OSError, UnicodeEncodeError):
            pytest.skip("this file system refuses names that are not UTF-8")
        names = {e.name for e in list_saves()}
        assert names == {"UPPER", "caf\ufffd"}
        for name in names:
            name.encode("utf-8")

    @pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
    def test_anything_else_among_the_saves_is_listed_with_its_reason(self, data_root,
                                                                     tmp_path):
        """A directory, a pipe, links to devices, to nothing and in a circle: each is
        listed as unreadable with its own reason, and none is opened (a pipe or a device
        opened for reading would hang or never end)."""
        saves = persistence.saves_dir()
        write_save(saves / "good.json", PAYLOAD, WHEN)
        (saves / "folder.json").mkdir()
        os.mkfifo(saves / "pipe.json")
        (saves / "zero.json").symlink_to("/dev/zero")
        (saves / "random.json").symlink_to("/dev/urandom")
        (saves / "dangling.json").symlink_to(tmp_path / "gone.json")
        (saves / "loop.json").symlink_to(saves / "loop.json")
        (saves / "a.json").symlink_to(saves / "b.json")
        (saves / "b.json").symlink_to(saves / "a.json")
        with open(saves / "sparse.json", "wb") as f:
            f.truncate(2 * 1024 ** 3)  # 2 GB, sparse: no disk space used
        opened = []
        real_open = os.open
        monkey = pytest.MonkeyPatch()
        monkey.setattr(persistence.os, "open",
                       lambda path, *a, **k: opened.append(Path(path).name)
                       or real_open(path, *a, **k))
        try:
            entries = list_saves()
        finally:
            monkey.undo()
        reasons = {e.name: e.error.reason for e in entries if e.error is not None}
        assert reasons == {"folder": "folder", "pipe": "pipe", "zero": "device",
                           "random": "device", "dangling": "dangling", "loop": "link_loop",
                           "a": "link_loop", "b": "link_loop", "sparse": "too_large"}
        assert [e.name for e in entries if e.save is not None] == ["good"]
        assert opened == ["good.json"]
        for entry in entries:
            if entry.error is not None:
                assert entry.path.name in str(entry.error)
        links = {e.name: e.link for e in entries if e.link is not None}
        assert links["zero"] == "/dev/zero" and links["dangling"].endswith("gone.json")
        assert set(links) == {"zero", "random", "dangling", "loop", "a", "b"}

    def test_thirty_three_megabytes_of_valid_json_are_too_large(self, data_root):
        path = persistence.saves_dir() / "big.json"
        write_save(path, {"filler": "x" * (33 * 1024 * 1024)}, WHEN)
        assert_refused(path, "too_large", "too large")
        [entry] = list_saves()
        assert entry.error.reason == "too_large"
        i18n.set_language("de")
        assert "zu groß" in str(entry.error)

    def test_a_link_to_a_save_outside_the_data_directory_is_listed(self, data_root,
                                                                    tmp_path):
        outside = tmp_path / "elsewhere" / "kept.json"
        write_save(outside, PAYLOAD, WHEN)
        link = persistence.saves_dir() / "linked.json"
        link.parent.mkdir(parents=True)
        link.symlink_to(outside)
        [entry] = list_saves()
        assert entry.save is not None and entry.save.payload == PAYLOAD
        assert entry.link == str(outside)
        assert not persistence.is_own_file(link, data_root)

    def test_missing_directory_means_no_saves(self, tmp_path):
        assert list_saves(tmp_path / "nowhere") == []


TIME_ZONES = ["UTC", "Europe/Berlin", "Pacific/Kiritimati", "Etc/GMT+12",
              "America/Los_Angeles", "Asia/Kolkata"]
EDGE_TIMES = ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-12:00",
              "9999-12-31T23:59:59+00:00", "0001-01-01T00:00:00+00:00",
              "0001-01-01T00:00:00-14:00", "9999-12-31T23:59:59+14:00",
              "0001-01-01T00:00:00", "9999-12-31T23:59:59", "2025-03-01T17:42:05+00:00",
              "2025-13-01T00:00:00", "yesterday", "", "9" * 40]


@pytest.fixture(params=TIME_ZONES)
def time_zone(request, monkeypatch):
    yield from time_zones.switched(request.param, monkeypatch)


def saved_with_time(path, text):
    doc = make_envelope(PAYLOAD, WHEN)
    doc["saved_at"] = text
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))
    return path


def test_every_save_time_shows_as_a_date_or_as_unknown_in_every_time_zone(time_zone,
                                                                         data_root):
    """The time only labels a save: any text there, in any time zone, is a date or
    "unknown date", in English and German, and the saves still list in order."""
    import re
    saves = persistence.saves_dir()
    for i, text in enumerate(EDGE_TIMES):
        saved_with_time(saves / f"s{i}.json", text)
    entries = list_saves()
    assert len(entries) == len(EDGE_TIMES) and all(e.save is not None for e in entries)
    for lang, unknown in (("en", "unknown date"), ("de", "unbekanntes Datum")):
        i18n.set_language(lang)
        for entry in entries:
            shown = persistence.format_saved_at(entry.save.saved_at)
            assert shown == unknown or re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", shown)
    shown = {e.name: persistence.format_saved_at(e.save.saved_at) for e in entries}
    assert shown["s8"] != "unbekanntes Datum"  # an ordinary time is a date everywhere
    assert shown["s10"] == shown["s11"] == "unbekanntes Datum"


def test_times_past_the_calendar_in_utc_are_no_time():
    assert persistence.format_saved_at(None) == "unknown date"
    for text in ("0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-12:00"):
        assert persistence._parse_time(text) is None
    edge = persistence._parse_time("9999-12-31T23:59:59+00:00")
    assert edge is not None and edge.tzinfo is not None


def test_a_new_game_is_named_once_and_its_file_is_known_as_a_game(data_root):
    when = dt.datetime(2025, 3, 1, 18, 42, 0, tzinfo=dt.timezone(dt.timedelta(hours=1)))
    names = {persistence.new_game_path(data_root, when).name for _ in range(50)}
    assert len(names) == 50
    assert all(name.startswith("game-20250301-174200-") for name in names)
    assert not persistence.saves_dir(data_root).exists()  # nothing is created
    path = persistence.new_game_path(data_root)
    assert persistence.is_game_file(path) and persistence.is_game_file(
        persistence.autosave_path(data_root))
    for name in ("evening.json", "game-1.json", "game-20250301-174200-zzzzzz.json"):
        assert not persistence.is_game_file(path.parent / name)
    assert not persistence.is_own_file(path, data_root)  # not there yet
    write_save(path, PAYLOAD, WHEN)
    assert persistence.is_own_file(path, data_root)
    assert not persistence.is_own_file(path, data_root / "elsewhere")
