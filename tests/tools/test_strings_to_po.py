"""tools/strings_to_po.py: keys a merged branch still adds to a string dict reach the
catalogues; what the catalogues already hold is kept."""

import gettext
import importlib.util
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def tool(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("strings_to_po",
                                                  ROOT / "tools" / "strings_to_po.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    scenes = tmp_path / "scenes"
    shutil.copytree(ROOT / "game" / "scenes" / "locale", scenes / "locale")
    monkeypatch.setattr(module, "SCENES", scenes)
    monkeypatch.setattr(module, "LOCALE", scenes / "locale")
    return module


def text(tool, lang, key):
    return gettext.translation("castles", tool.LOCALE, languages=[lang]).gettext(key)


def test_without_dicts_nothing_changes(tool, capsys):
    before = {p: p.read_bytes() for p in tool.LOCALE.rglob("*.*")}
    assert tool.main([]) == 0
    assert {p: p.read_bytes() for p in tool.LOCALE.rglob("*.*")} == before
    assert "nothing to carry over" in capsys.readouterr().out


def test_new_keys_of_every_dict_form_are_added_and_compiled(tool, capsys):
    (tool.SCENES / "i18n.py").write_text(
        'STRINGS: dict = {"en": {"demo.a": "A"}, "de": {"demo.a": "Ä"}}\n', "utf-8")
    (tool.SCENES / "table").mkdir()
    (tool.SCENES / "table" / "strings.py").write_text(
        'EN = {"demo.b": "B", "table.log": "Log"}\nDE = {"demo.b": "Bö"}\n'
        'i18n.register({"en": EN, "de": DE})\n', "utf-8")
    (tool.SCENES / "setup.py").write_text(
        'i18n.register({\n    "en": {"demo.c": ("C "\n                      "too")},\n'
        '    "de": {"demo.c": "C auch"},\n})\n', "utf-8")
    assert tool.main(["--check"]) == 1
    assert tool.main([]) == 0
    assert [text(tool, "en", k) for k in ("demo.a", "demo.b", "demo.c")] == ["A", "B", "C too"]
    assert [text(tool, "de", k) for k in ("demo.a", "demo.b", "demo.c")] == ["Ä", "Bö", "C auch"]
    # An existing entry is kept and its different dict text reported, not copied.
    assert text(tool, "en", "table.log") == "Game log"
    assert "table.log differs" in capsys.readouterr().out
    assert tool.main(["--check"]) == 0
