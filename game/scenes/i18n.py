"""UI strings in English and German, switchable while the game runs.

Widgets keep string keys, not text, and look the text up each time they draw, so a
language change shows at once. German uses the rulebook's words (see RULINGS.md R7).
"""

from __future__ import annotations

LANGUAGES = ("en", "de")
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "app.title": "The Castles of Burgundy",
        "app.subtitle": "A board game for 2 to 4 princes",

        "title.new_game": "New game",
        "title.continue": "Continue",
        "title.load": "Load game",
        "title.settings": "Settings",
        "title.rules": "Rules reference",
        "title.quit": "Quit",
        "title.new_game.tip": "Start a new game.",
        "title.continue.tip": "Carry on with the game saved on {date}.",
        "title.continue.none": "There is no game to continue yet.",
        "title.continue.broken": "The last game cannot be continued. {error}",
        "title.load.tip": "Choose a saved game.",
        "title.settings.tip": "Language, animation speed, window and hand-off screen.",
        "title.rules.tip": "A short summary of the rules.",
        "title.quit.tip": "Close the game.",
        "title.unavailable": "Playing is not available in this build yet.",

        "common.back": "Back",
        "common.close": "Close",
        "common.on": "On",
        "common.off": "Off",

        "settings.title": "Settings",
        "settings.language": "Language",
        "settings.language.tip": "Language of the whole interface; it changes at once.",
        "settings.speed": "Animation speed",
        "settings.speed.tip": "Instant skips animations; dice and points appear at once.",
        "settings.fullscreen": "Full screen",
        "settings.fullscreen.tip": "Fill the whole screen (F11 also switches).",
        "settings.handoff": "Hand-off screen",
        "settings.handoff.tip": ("In pass-and-play games, cover the table between turns "
                                 "so players do not see each other's choices."),
        "settings.saved": "Settings saved.",
        "settings.save_failed": "Settings could not be saved: {error}",
        "speed.normal": "Normal",
        "speed.fast": "Fast",
        "speed.instant": "Instant",

        "load.title": "Load game",
        "load.empty": "There are no saved games yet.",
        "load.saved_at": "saved {date}",
        "load.damaged": "cannot be loaded",

        "rules.title": "Rules reference",
        "rules.missing": "The rules reference is missing from this installation.",

        "error.save.missing": "The save file \u201c{name}\u201d does not exist.",
        "error.save.unreadable": "The save file \u201c{name}\u201d could not be read: {detail}.",
        "error.save.empty": "The save file \u201c{name}\u201d is empty.",
        "error.save.not_text": ("The file \u201c{name}\u201d is not a save file of this game "
                                "(it does not contain text)."),
        "error.save.truncated": ("The save file \u201c{name}\u201d is incomplete: it ends too "
                                 "early, probably because saving was interrupted."),
        "error.save.damaged": ("The save file \u201c{name}\u201d is damaged (line {line}, "
                               "column {column})."),
        "error.save.foreign": "The file \u201c{name}\u201d is not a save file of this game.",
        "error.save.newer": ("The save file \u201c{name}\u201d was made by a newer version of "
                             "the game (format {version}); this version reads format "
                             "{supported}."),
        "error.save.malformed": ("The save file \u201c{name}\u201d is damaged: {detail}."),
        "error.save.not_file": ("\u201c{name}\u201d is not a save file of this game (it is "
                                "not an ordinary file)."),
        "error.save.excessive": ("The save file \u201c{name}\u201d is damaged: it holds data "
                                 "nested too deeply, numbers too large or characters no save "
                                 "contains."),
        "error.settings.damaged": ("Your settings could not be read ({detail}); the defaults "
                                   "are used."),
        "error.settings.value": "The setting \u201c{field}\u201d had an unusable value; "
                                "the default is used.",

        "reason.missing": "the file does not exist",
        "reason.unreadable": "the file cannot be opened",
        "reason.empty": "the file is empty",
        "reason.not_text": "the file does not contain text",
        "reason.truncated": "the file ends too early",
        "reason.damaged": "the file is damaged",
        "reason.foreign": "the file has an unknown format",
        "reason.newer": "the file comes from a newer version of the game",
        "reason.malformed": "the file is damaged",
        "reason.not_file": "it is not an ordinary file",
        "reason.excessive": "the file is damaged",
        "load.loading": "Reading the saved games\u2026",
        "instance.title": "The game is already open",
        "instance.text": ("Another window of this game has its saves and settings open. This "
                          "window can show saved games, but it saves nothing: no autosave, "
                          "no saved games, no settings."),
        "instance.view": "Look read-only",
        "instance.exit": "Exit",
        "title.read_only": "Read-only: another window of the game is open; nothing is saved.",

        "term.estate": "estate",
        "term.storage": "storage spaces",
        "term.depot": "depot",
        "term.black_depot": "black depot",
        "term.goods": "goods",
        "term.silver": "silver",
        "term.workers": "workers",
        "term.monastery": "monastery",
        "term.knowledge": "knowledge",
        "term.building": "building",
        "term.castle": "castle",
        "term.mine": "mine",
        "term.ship": "ship",
        "term.animal": "animal",
        "term.pasture": "pasture",
        "term.city": "city",
        "term.river": "river",
        "term.phase": "phase",
        "term.round": "round",
        "term.turn_order": "turn-order track",
        "term.bonus_tiles": "bonus tiles",
        "term.points": "points",
        "term.dice": "dice",

        "building.warehouse": "warehouse",
        "building.watchtower": "watchtower",
        "building.carpenters_workshop": "carpenter's workshop",
        "building.church": "church",
        "building.market": "market",
        "building.boarding_house": "boarding house",
        "building.bank": "bank",
        "building.city_hall": "city hall",

        "species.cow": "cows",
        "species.sheep": "sheep",
        "species.pig": "pigs",
        "species.chicken": "chickens",

        "tile.animal": "{count} {species}",
        "tile.monastery": "monastery {number}",
        "tile.goods": "goods ({value})",
        "space.empty": "empty {colour} space, die {die}",
        "phase.name": "Phase {letter}",
        "round.name": "Round {number}",
    },
    "de": {
        "app.title": "Die Burgen von Burgund",
        "app.subtitle": "Ein Brettspiel für 2 bis 4 Fürsten",

        "title.new_game": "Neues Spiel",
        "title.continue": "Fortsetzen",
        "title.load": "Spiel laden",
        "title.settings": "Einstellungen",
        "title.rules": "Spielregeln",
        "title.quit": "Beenden",
        "title.new_game.tip": "Ein neues Spiel beginnen.",
        "title.continue.tip": "Das am {date} gespeicherte Spiel fortsetzen.",
        "title.continue.none": "Es gibt noch kein Spiel zum Fortsetzen.",
        "title.continue.broken": "Das letzte Spiel kann nicht fortgesetzt werden. {error}",
        "title.load.tip": "Ein gespeichertes Spiel auswählen.",
        "title.settings.tip": "Sprache, Animationstempo, Fenster und Übergabebildschirm.",
        "title.rules.tip": "Eine kurze Zusammenfassung der Spielregeln.",
        "title.quit.tip": "Das Spiel schließen.",
        "title.unavailable": "Spielen ist in dieser Fassung noch nicht möglich.",

        "common.back": "Zurück",
        "common.close": "Schließen",
        "common.on": "An",
        "common.off": "Aus",

        "settings.title": "Einstellungen",
        "settings.language": "Sprache",
        "settings.language.tip": "Sprache der ganzen Oberfläche; sie wechselt sofort.",
        "settings.speed": "Animationstempo",
        "settings.speed.tip": ("Sofort überspringt Animationen; Würfel und Punkte "
                               "erscheinen gleich."),
        "settings.fullscreen": "Vollbild",
        "settings.fullscreen.tip": "Den ganzen Bildschirm füllen (auch mit F11).",
        "settings.handoff": "Übergabebildschirm",
        "settings.handoff.tip": ("Bei Spielen an einem Gerät den Tisch zwischen den Zügen "
                                 "verdecken, damit niemand die Wahl der anderen sieht."),
        "settings.saved": "Einstellungen gespeichert.",
        "settings.save_failed": "Die Einstellungen konnten nicht gespeichert werden: {error}",
        "speed.normal": "Normal",
        "speed.fast": "Schnell",
        "speed.instant": "Sofort",

        "load.title": "Spiel laden",
        "load.empty": "Es gibt noch keine gespeicherten Spiele.",
        "load.saved_at": "gespeichert am {date}",
        "load.damaged": "kann nicht geladen werden",

        "rules.title": "Spielregeln",
        "rules.missing": "Die Regelübersicht fehlt in dieser Installation.",

        "error.save.missing": "Die Spielstand-Datei \u201e{name}\u201c gibt es nicht.",
        "error.save.unreadable": ("Die Spielstand-Datei \u201e{name}\u201c konnte nicht gelesen "
                                  "werden: {detail}."),
        "error.save.empty": "Die Spielstand-Datei \u201e{name}\u201c ist leer.",
        "error.save.not_text": ("Die Datei \u201e{name}\u201c ist kein Spielstand dieses Spiels "
                                "(sie enthält keinen Text)."),
        "error.save.truncated": ("Die Spielstand-Datei \u201e{name}\u201c ist unvollständig: sie "
                                 "endet zu früh, wohl weil das Speichern unterbrochen wurde."),
        "error.save.damaged": ("Die Spielstand-Datei \u201e{name}\u201c ist beschädigt "
                               "(Zeile {line}, Spalte {column})."),
        "error.save.foreign": "Die Datei \u201e{name}\u201c ist kein Spielstand dieses Spiels.",
        "error.save.newer": ("Die Spielstand-Datei \u201e{name}\u201c stammt von einer neueren "
                             "Version des Spiels (Format {version}); diese Version liest "
                             "Format {supported}."),
        "error.save.malformed": "Die Spielstand-Datei \u201e{name}\u201c ist beschädigt: {detail}.",
        "error.save.not_file": ("\u201e{name}\u201c ist kein Spielstand dieses Spiels (keine "
                                "gewöhnliche Datei)."),
        "error.save.excessive": ("Die Spielstand-Datei \u201e{name}\u201c ist beschädigt: sie "
                                 "enthält zu tief verschachtelte Daten, zu große Zahlen oder "
                                 "Zeichen, die kein Spielstand enthält."),
        "error.settings.damaged": ("Die Einstellungen konnten nicht gelesen werden ({detail}); "
                                   "es gelten die Standardwerte."),
        "error.settings.value": ("Die Einstellung \u201e{field}\u201c hatte einen unbrauchbaren "
                                 "Wert; es gilt der Standardwert."),

        "reason.missing": "die Datei gibt es nicht",
        "reason.unreadable": "die Datei lässt sich nicht öffnen",
        "reason.empty": "die Datei ist leer",
        "reason.not_text": "die Datei enthält keinen Text",
        "reason.truncated": "die Datei endet zu früh",
        "reason.damaged": "die Datei ist beschädigt",
        "reason.foreign": "die Datei hat ein unbekanntes Format",
        "reason.newer": "die Datei stammt von einer neueren Version des Spiels",
        "reason.malformed": "die Datei ist beschädigt",
        "reason.not_file": "sie ist keine gewöhnliche Datei",
        "reason.excessive": "die Datei ist beschädigt",
        "load.loading": "Die gespeicherten Spiele werden gelesen\u2026",
        "instance.title": "Das Spiel ist schon geöffnet",
        "instance.text": ("Ein anderes Fenster dieses Spiels hat die Spielstände und "
                          "Einstellungen geöffnet. Dieses Fenster kann gespeicherte Spiele "
                          "zeigen, speichert aber nichts: kein automatisches Speichern, keine "
                          "Spielstände, keine Einstellungen."),
        "instance.view": "Nur ansehen",
        "instance.exit": "Beenden",
        "title.read_only": ("Nur ansehen: ein anderes Fenster des Spiels ist geöffnet; es wird "
                            "nichts gespeichert."),

        "term.estate": "Fürstentum",
        "term.storage": "Schlüsselfelder",
        "term.depot": "Depot",
        "term.black_depot": "schwarzes Depot",
        "term.goods": "Warenkärtchen",
        "term.silver": "Silbermünzen",
        "term.workers": "Arbeiterchips",
        "term.monastery": "Kloster",
        "term.knowledge": "Wissen",
        "term.building": "Gebäude",
        "term.castle": "Burg",
        "term.mine": "Mine",
        "term.ship": "Schiff",
        "term.animal": "Tier",
        "term.pasture": "Weide",
        "term.city": "Stadt",
        "term.river": "Fluss",
        "term.phase": "Durchgang",
        "term.round": "Runde",
        "term.turn_order": "Reihenfolgeleiste",
        "term.bonus_tiles": "Bonuskärtchen",
        "term.points": "Siegpunkte",
        "term.dice": "Würfel",

        "building.warehouse": "Warenhaus",
        "building.watchtower": "Wachturm",
        "building.carpenters_workshop": "Schreinerei",
        "building.church": "Kirche",
        "building.market": "Markt",
        "building.boarding_house": "Wohnhaus",
        "building.bank": "Bank",
        "building.city_hall": "Rathaus",

        "species.cow": "Kühe",
        "species.sheep": "Schafe",
        "species.pig": "Schweine",
        "species.chicken": "Hühner",

        "tile.animal": "{count} {species}",
        "tile.monastery": "Kloster {number}",
        "tile.goods": "Warenkärtchen ({value})",
        "space.empty": "leeres Feld: {colour}, Würfel {die}",
        "phase.name": "Durchgang {letter}",
        "round.name": "Runde {number}",
    },
}

_language = "en"


def language() -> str:
    return _language


def set_language(code: str) -> None:
    global _language
    if code not in STRINGS:
        raise ValueError(f"unknown language {code!r}; expected one of {', '.join(LANGUAGES)}")
    _language = code


def tr(key: str, /, lang: str | None = None, **params: object) -> str:
    """The text for ``key`` in the current (or given) language, with ``{params}`` filled.

    A key missing from a translation falls back to English; a key missing from English is
    a programming error and raises KeyError. ``key`` is positional-only, so a text may
    itself have a ``{key}`` placeholder.
    """
    table = STRINGS.get(lang or _language, STRINGS["en"])
    text = table.get(key)
    if text is None:
        text = STRINGS["en"][key]
    return text.format(**params) if params else text


def has(key: str) -> bool:
    return key in STRINGS["en"]


def register(strings: dict[str, dict[str, str]]) -> None:
    """Add a module's own strings ({"en": {...}, "de": {...}}), so each scene keeps its
    texts beside its code. A key may be registered only once."""
    for lang, table in strings.items():
        if lang not in STRINGS:
            raise ValueError(f"unknown language {lang!r}")
        clash = set(table) & set(STRINGS[lang])
        if clash:
            raise ValueError(f"strings registered twice: {', '.join(sorted(clash))}")
        STRINGS[lang].update(table)
