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


def test_german_names_the_main_menu_not_a_cover_picture():
    # "Titelbild" is a cover picture; the screen with the menu is the Hauptmenü.
    texts = [form for v in DE.values() for form in (v if isinstance(v, tuple) else (v,))]
    assert not [t for t in texts if "Titelbild" in t]
    assert i18n.tr("pause.quit", "de") == "Zum Hauptmenü"
    assert i18n.tr("results.to_title", "de") == "Hauptmenü"


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
    # A text with plural forms needs its count, and only such a text takes one.
    with pytest.raises(KeyError, match="use trn"):
        i18n.tr("table.cost", workers=2)
    with pytest.raises(KeyError, match="use tr"):
        i18n.trn("common.back", 2)
    assert i18n.has("table.cost")
    # An unknown language asked for explicitly reads as English.
    assert i18n.tr("title.settings", "xx") == "Settings"


_PREFIXES = sorted({key.split(".")[0] for key in EN})
_KEY = re.compile(r'"((?:%s)\.[a-z0-9_.]*[a-z0-9_])"' % "|".join(_PREFIXES))
# i18n.tr / i18n.trn, and the log's shorthands t / tn.
_CALL = re.compile(r'\b(trn?|tn?)\(\s*"([a-z0-9_.]+)"')


def scene_sources():
    return {path: path.read_text(encoding="utf-8") for path in SCENES.rglob("*.py")
            if path.name != "i18n.py"}


def test_every_key_written_in_the_client_exists():
    used = set()
    for text in scene_sources().values():
        # File names such as "settings.json.broken" share the keys' shape.
        used |= {k for k in _KEY.findall(text) if not re.search(r"\.(json|py|png|sqlite)\b", k)}
    assert len(used) > 200, "the scan should find the keys used by the scenes"
    assert sorted(k for k in used if not i18n.has(k)) == []


def test_counted_texts_are_looked_up_with_trn_and_the_others_with_tr():
    plural = {k for k, v in EN.items() if isinstance(v, tuple)}
    wrong = []
    for path, text in scene_sources().items():
        for call, key in _CALL.findall(text):
            if call.endswith("n") != (key in plural) and key in EN:
                wrong.append(f"{path.name}: {call}({key!r})")
    assert wrong == []


def test_a_text_may_have_a_placeholder_named_key():
    # The table's button tooltips name their hotkey as {key}; tr's own first parameter
    # must not swallow it.
    assert i18n.tr("table.tip.workers", key="W").endswith("(W).")
    i18n.set_language("de")
    assert i18n.tr("table.tip.workers", key="W").endswith("(W).")


PLURAL = sorted(k for k, v in EN.items() if isinstance(v, tuple))
# A count followed by a noun in the wrong number: "1 workers", "2 Siegpunkt".
WRONG_AFTER = {
    1: re.compile(r"\b1 (workers|points|tiles|players|seats|letters|spaces|animals|"
                  r"Arbeiterchips|Siegpunkte|Siegpunkten|Silbermünzen|Feldern|Tiere|"
                  r"Plätze)\b"),
    2: re.compile(r"\b2 (worker|point|tile|player|seat|letter|space|animal|Arbeiterchip|"
                  r"Siegpunkt|Silbermünze|Feld|Tier|Platz)\b"),
}


COUNTS = {"count", "points", "workers", "most", "amount", "size"}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("key", PLURAL)
def test_a_count_agrees_with_its_noun(key, lang):
    for n in (1, 2):
        params = {name: n if name in COUNTS else "x" for name in placeholders(EN[key][-1])}
        text = i18n.trn(key, n, lang, **params)
        assert not WRONG_AFTER[n].search(text), text


def test_counted_texts_read_right_for_one_and_for_many():
    assert PLURAL, "texts with a count have plural forms"
    cases = [
        ("table.cost", {"workers": 1}, "1 worker", "1 Arbeiterchip"),
        ("table.cost", {"workers": 2}, "2 workers", "2 Arbeiterchips"),
        ("table.cost", {"workers": 0}, "0 workers", "0 Arbeiterchips"),
        ("results.points", {"points": 1}, "1 point", "1 Siegpunkt"),
        ("results.points", {"points": 12}, "12 points", "12 Siegpunkte"),
        ("table.cm.card_points", {"points": 1}, "1 point", "1 Siegpunkt"),
    ]
    for key, params, en, de in cases:
        (n,) = params.values()
        assert i18n.trn(key, n, "en", **params) == en
        assert i18n.trn(key, n, "de", **params) == de
    assert i18n.trn("results.winner", 1, "de", name="Anna", points=1) == (
        "Anna gewinnt mit 1 Siegpunkt!")
    assert i18n.trn("results.winner", 5, "de", name="Anna", points=5) == (
        "Anna gewinnt mit 5 Siegpunkten!")


def test_the_log_words_counts_in_the_right_number():
    from game.rules.events import GoodsSold, PointsScored, SilverPaid, WorkersTaken
    from game.scenes.table.log import describe_event

    names = ("Anna", "Ben")
    lines = {lang: [describe_event(e, names, lang) for e in (
        WorkersTaken(0, 1, "die"), WorkersTaken(0, 2, "die"), SilverPaid(1, 1),
        PointsScored(0, 1, "animals"), PointsScored(0, 3, "animals"), GoodsSold(1, 4, 1))]
        for lang in ("en", "de")}
    assert lines["en"] == [
        "Anna takes 1 worker.", "Anna takes 2 workers.", "Ben pays 1 silver.",
        "Anna scores 1 point for animals.", "Anna scores 3 points for animals.",
        "Ben sells 1 goods tile: purple (4)."]
    assert lines["de"] == [
        "Anna nimmt 1 Arbeiterchip.", "Anna nimmt 2 Arbeiterchips.",
        "Ben bezahlt 1 Silbermünze.", "Anna erhält 1 Siegpunkt für Tiere.",
        "Anna erhält 3 Siegpunkte für Tiere.", "Ben verkauft 1 Warenkärtchen: Lila (4)."]


def test_an_animal_tile_names_its_species_in_the_right_number():
    from game.scenes.art.faces import TileFace

    assert TileFace("animal", species="cow", animals=3).label("en") == "3 cows"
    assert TileFace("animal", species="chicken", animals=2).label("de") == "2 Hühner"
    # Printed animal tiles show 2 to 4 animals; the singular is there for completeness.
    assert i18n.trn("species.cow", 1, "en") == "cow"
    assert i18n.trn("species.chicken", 1, "de") == "Huhn"


def test_a_deferred_message_with_a_count_takes_the_right_form():
    # Setup problems are worded when shown, in the language of the moment.
    from game.scenes.setup import SetupProblem

    problem = SetupProblem("setup.error.name_long", number=2, count=1)
    assert problem.message("en") == "The name of seat 2 is longer than 1 letter."
    assert SetupProblem("setup.error.name_long", number=2, count=12).message("en") == (
        "The name of seat 2 is longer than 12 letters.")


def test_a_decimal_takes_the_language_s_decimal_mark():
    assert i18n.decimal(7.25, 1, "en") == "7.2"
    assert i18n.decimal(7.3, 1, "de") == "7,3"
    assert i18n.decimal(-12.0, 1, "de") == "-12,0"


def test_the_black_depot_reads_as_where_a_tile_comes_from():
    from game.scenes.table.log import depot_label
    # German needs the dative after "aus": "aus dem schwarzen Depot", never "aus schwarzes".
    assert i18n.tr("log.take", "de", who="Anna", tile="Schiff",
                   depot=depot_label(0, "de")) == "Anna nimmt Schiff aus dem schwarzen Depot."
    assert depot_label(0, "en") == "the black depot"
    assert depot_label(3, "de") == "Depot 3"
