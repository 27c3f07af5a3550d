"""UI strings: both languages complete, rulebook vocabulary, switchable at run time."""

import re
import string
from pathlib import Path

import pytest

from game.scenes import i18n

SCENES = Path(__file__).resolve().parents[2] / "game" / "scenes"


def placeholders(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_languages_have_the_same_keys():
    assert set(i18n.STRINGS["en"]) == set(i18n.STRINGS["de"])
    assert set(i18n.STRINGS) == set(i18n.LANGUAGES) == {"en", "de"}


@pytest.mark.parametrize("key", sorted(i18n.STRINGS["en"]))
def test_translations_take_the_same_placeholders(key):
    assert placeholders(i18n.STRINGS["en"][key]) == placeholders(i18n.STRINGS["de"][key])
    assert i18n.STRINGS["de"][key].strip()


def test_german_uses_the_rulebook_words():
    de = i18n.STRINGS["de"]
    expected = {
        "term.estate": "Fürstentum", "term.storage": "Schlüsselfelder", "term.depot": "Depot",
        "term.black_depot": "schwarzes Depot", "term.goods": "Warenkärtchen",
        "term.silver": "Silbermünzen", "term.workers": "Arbeiterchips",
        "term.monastery": "Kloster", "term.building": "Gebäude", "term.castle": "Burg",
        "term.mine": "Mine", "term.ship": "Schiff", "term.animal": "Tier",
        "term.pasture": "Weide", "term.city": "Stadt", "term.phase": "Durchgang",
        "term.round": "Runde", "term.turn_order": "Reihenfolgeleiste",
        "term.bonus_tiles": "Bonuskärtchen", "building.market": "Markt",
        "building.carpenters_workshop": "Schreinerei", "building.church": "Kirche",
        "building.warehouse": "Warenhaus", "building.boarding_house": "Wohnhaus",
        "building.bank": "Bank", "building.city_hall": "Rathaus",
        "building.watchtower": "Wachturm",
    }
    for key, word in expected.items():
        assert de[key] == word, key


def test_english_uses_the_project_vocabulary():
    en = i18n.STRINGS["en"]
    assert en["term.estate"] == "estate"
    assert en["term.storage"] == "storage spaces"
    assert en["term.black_depot"] == "black depot"
    assert en["building.carpenters_workshop"] == "carpenter's workshop"


def test_switching_language_at_run_time():
    assert i18n.tr("title.settings") == "Settings"
    i18n.set_language("de")
    assert i18n.language() == "de"
    assert i18n.tr("title.settings") == "Einstellungen"
    assert i18n.tr("phase.name", letter="B") == "Durchgang B"
    assert i18n.tr("title.settings", "en") == "Settings"


def test_unknown_language_and_key():
    with pytest.raises(ValueError):
        i18n.set_language("fr")
    with pytest.raises(KeyError):
        i18n.tr("no.such.key")
    assert not i18n.has("no.such.key") and i18n.has("common.back")


_KEY = re.compile(r'"((?:app|title|common|settings|speed|load|rules|error|reason|term|'
                  r'building|species|tile|space|phase|round)\.[a-z_.]+)"')


def test_every_key_written_in_the_client_exists():
    used = set()
    for path in SCENES.rglob("*.py"):
        if path.name == "i18n.py":
            continue
        found = _KEY.findall(path.read_text(encoding="utf-8"))
        used |= {k for k in found if ".json" not in k}  # file names, not keys
    assert used, "the scan should find the keys used by the scenes"
    missing = sorted(k for k in used if not i18n.has(k))
    assert missing == []


def test_a_text_may_have_a_placeholder_named_key():
    # The table's button tooltips name their hotkey as {key}; tr's own first parameter
    # must not swallow it.
    import game.scenes.table  # noqa: F401  (registers the table's strings)
    assert i18n.tr("table.tip.workers", key="W").endswith("(W).")
    i18n.set_language("de")
    assert i18n.tr("table.tip.workers", key="W").endswith("(W).")
