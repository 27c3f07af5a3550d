"""Carry the client's UI strings from Python dicts into the gettext catalogues.

    python tools/strings_to_po.py          # add new keys to the .po files, compile the .mo
    python tools/strings_to_po.py --check  # only report; exit 1 if anything would change

The strings used to live in Python dicts: ``STRINGS`` in ``game/scenes/i18n.py``, ``EN`` /
``DE`` in ``game/scenes/table/strings.py`` and ``i18n.register({...})`` calls in scene
modules. Branches written before the catalogues may still add keys there; after merging
one, run this script to move the new keys into the catalogues, then delete the dicts.

The dicts are read from the source with ``ast`` (nothing is imported), so the script works
whatever ``i18n.py`` looks like. Keys already in a catalogue are kept as they are there
(translators' fixes and plural forms win); keys whose dict text differs from the catalogue
are listed so they can be reviewed by hand. Needs Babel (the ``test`` extra).
"""

from __future__ import annotations

import argparse
import ast
import datetime as dt
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
SCENES = ROOT / "game" / "scenes"
LOCALE = SCENES / "locale"
DOMAIN = "castles"
PROJECT = "The Castles of Burgundy"
HEADER = ("# The Castles of Burgundy: UI texts. The msgids are string keys, not English text;\n"
          "# the English catalogue holds the English texts. German uses the rulebook's words.")
# Module-level dicts of one language each, by the name they are assigned to.
LANGUAGE_OF_NAME = {"EN": "en", "DE": "de"}


def _literal(node: ast.AST, where: Path) -> dict:
    try:
        value = ast.literal_eval(node)
    except ValueError as exc:
        raise SystemExit(f"{where}:{node.lineno}: strings must be literals ({exc})") from None
    if not isinstance(value, dict):
        raise SystemExit(f"{where}:{node.lineno}: expected a dict")
    return value


def strings_in(path: Path) -> dict[str, dict[str, str]]:
    """{lang: {key: text}} from one module's string dicts, in source order."""
    found: dict[str, dict[str, str]] = {}

    def add(lang: str, table: dict, lineno: int) -> None:
        into = found.setdefault(lang, {})
        clash = set(into) & set(table)
        if clash:
            raise SystemExit(f"{path}:{lineno}: keys defined twice: {', '.join(sorted(clash))}")
        into.update(table)

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            if node.value is None:
                continue
            if "STRINGS" in names:
                for lang, table in _literal(node.value, path).items():
                    add(lang, table, node.lineno)
            for name in names:
                if name in LANGUAGE_OF_NAME:
                    add(LANGUAGE_OF_NAME[name], _literal(node.value, path), node.lineno)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "register" and node.args):
            if isinstance(node.args[0], ast.Dict) and any(
                    isinstance(v, ast.Name) for v in node.args[0].values):
                continue  # register({"en": EN, ...}): the dicts are read where assigned
            for lang, table in _literal(node.args[0], path).items():
                add(lang, table, node.lineno)
    return found


def all_strings() -> dict[str, dict[str, str]]:
    merged: dict[str, dict[str, str]] = {}
    for path in sorted(SCENES.rglob("*.py")):
        for lang, table in strings_in(path).items():
            into = merged.setdefault(lang, {})
            clash = set(into) & set(table)
            if clash:
                raise SystemExit(f"{path}: keys defined twice: {', '.join(sorted(clash))}")
            into.update(table)
    return merged


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def load_catalogue(lang: str) -> Catalog:
    path = po_path(lang)
    if path.exists():
        with path.open("rb") as fp:
            return read_po(fp, locale=lang, domain=DOMAIN)
    now = dt.datetime.now(dt.timezone.utc)
    return Catalog(locale=lang, domain=DOMAIN, project=PROJECT, version=None,
                   header_comment=HEADER, copyright_holder=None,
                   msgid_bugs_address=None, creation_date=now, revision_date=now,
                   last_translator="", language_team="", fuzzy=False)


def merge(catalogue: Catalog, strings: dict[str, str]) -> tuple[list[str], list[str]]:
    """Add the keys the catalogue lacks; return (added, differing) keys."""
    added, differing = [], []
    for key, text in strings.items():
        entry = catalogue.get(key)
        if entry is None:
            catalogue.add(key, text)
            added.append(key)
        elif not entry.pluralizable and entry.string != text:
            differing.append(key)
    return added, differing


def save(catalogue: Catalog, lang: str) -> None:
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fp:
        write_po(fp, catalogue, width=0, omit_header=False)
    with path.with_suffix(".mo").open("wb") as fp:
        write_mo(fp, catalogue)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="report only; exit 1 if a key is missing from a catalogue")
    args = parser.parse_args(argv)
    strings = all_strings()
    missing = False
    for lang in sorted(strings):
        catalogue = load_catalogue(lang)
        added, differing = merge(catalogue, strings[lang])
        for key in added:
            print(f"{lang}: new key {key}")
        for key in differing:
            print(f"{lang}: {key} differs between the dict and the catalogue (catalogue kept)")
        missing = missing or bool(added)
        if added and not args.check:
            save(catalogue, lang)
    if not strings:
        print("No string dicts left in game/scenes: nothing to carry over.")
    return 1 if args.check and missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
