"""UI strings: gettext catalogues, both languages complete, rulebook vocabulary, plural forms
and switching at run time."""

import re
import string
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from game.scenes import i18n

SCENES = Path(__file__).resolve().parents[2] / "game" / "scenes"


def placeholders(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def read_catalogue(lang, suffix=".po"):
    path = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}{suffix}"
    with path.open("rb") as fp:
        return read_po(fp, locale=lang) if suffix == ".po" else read_mo(fp)


def entries(catalogue):
    """{key: text, or tuple of plural forms}, without the header."""
    return {m.id if isinstance(m.id, str) else m.id[0]:
            tuple(m.string) if isinstance(m.string, (tuple, list)) else m.string
            for m in catalogue if m.id}


CATALOGUES = {lang: entries(read_catalogue(lang)) for lang in i18n.LANGUAGES}
EN, DE = CATALOGUES["en"], CATALOGUES["de"]


def test_the_languages_are_the_installed_catalogues():
    assert i18n.LANGUAGES == ("en", "de")
    assert i18n.LANGUAGE_NAMES == {"en": "English", "de": "Deutsch"}
    for lang in i18n.LANGUAGES:
        header = read_catalogue(lang).plural_forms
        assert header == "nplurals=2; plural=(n != 1);", lang


@pytest.mark.parametrize("lang", ["en", "de"])
def test_compiled_catalogue_matches_its_source(lang):
    # The game reads the .mo; a .po edited without compiling would be silently ignored.
    # Fix with: pybabel compile -d game/scenes/locale -D castles
    assert entries(read_catalogue(lang, ".mo")) == CATALOGUES[lang]


def test_both_languages_have_the_same_keys_and_kinds():
    assert set(EN) == set(DE)
    plural = {k for k, v in EN.items() if isinstance(v, tuple)}
    assert plural == {k for k, v in DE.items() if isinstance(v, tuple)}
    assert all(i18n.has(key) for key in EN)


@pytest.mark.parametrize("key", sorted(EN))
def test_translations_take_the_same_placeholders(key):
    en, de = EN[key], DE[key]
    if isinstance(en, tuple):
        # The last form is the general one; the others may leave out what they imply.
        assert placeholders(en[-1]) == placeholders(de[-1])
        for form in en + de:
            assert form.strip() and placeholders(form) <= placeholders(en[-1])
    else:
        assert placeholders(en) == placeholders(de)
        assert de.strip()


def test_german_uses_the_rulebook_words():
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
        assert i18n.tr(key, "de") == word, key


def test_english_uses_the_project_vocabulary():
    assert i18n.tr("term.estate", "en") == "estate"
    assert i18n.tr("term.storage", "en") == "storage spaces"
    assert i18n.tr("term.black_depot", "en") == "black depot"
    assert i18n.tr("building.carpenters_workshop", "en") == "carpenter's workshop"


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
    with pytest.raises(KeyError):
        i18n.trn("no.such.key", 2)
    assert not i18n.has("no.such.key") and i18n.has("common.back")
    # An unknown language asked for explicitly reads as English.
    assert i18n.tr("title.settings", "xx") == "Settings"


_PREFIXES = sorted({key.split(".")[0] for key in EN})
_KEY = re.compile(r'"((?:%s)\.[a-z0-9_.]*[a-z0-9_])"' % "|".join(_PREFIXES))
_CALL = re.compile(r'\b(trn?|t)\(\s*"([a-z0-9_.]+)"')


def scene_sources():
    return {path: path.read_text(encoding="utf-8") for path in SCENES.rglob("*.py")
            if path.name != "i18n.py"}


def test_every_key_written_in_the_client_exists():
    used = set()
    for text in scene_sources().values():
        # File names such as "settings.json.broken" share the keys' shape.
        used |= {k for k in _KEY.findall(text) if not re.search(r"\.(json|py|png)\b", k)}
    assert len(used) > 200, "the scan should find the keys used by the scenes"
    assert sorted(k for k in used if not i18n.has(k)) == []


def test_counted_texts_are_looked_up_with_trn_and_the_others_with_tr():
    plural = {k for k, v in EN.items() if isinstance(v, tuple)}
    wrong = []
    for path, text in scene_sources().items():
        for call, key in _CALL.findall(text):
            if (call == "trn") != (key in plural) and key in EN:
                wrong.append(f"{path.name}: {call}({key!r})")
    assert wrong == []


def test_a_text_may_have_a_placeholder_named_key():
    # The table's button tooltips name their hotkey as {key}; tr's own first parameter
    # must not swallow it.
    assert i18n.tr("table.tip.workers", key="W").endswith("(W).")
    i18n.set_language("de")
    assert i18n.tr("table.tip.workers", key="W").endswith("(W).")
