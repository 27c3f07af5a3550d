"""UI strings from gettext catalogues, switchable while the game runs.

Each language is a catalogue, ``locale/<lang>/LC_MESSAGES/castles.po``, compiled to the
``castles.mo`` beside it that the standard library's ``gettext`` reads. The msgids are
string keys such as ``"table.tip.workers"``, not English sentences, so English is a
catalogue like any other and a wording fix never changes a key. Texts with a count have
plural forms and are looked up with ``trn``; the catalogue's ``Plural-Forms`` header picks
the form, so "1 worker" / "2 workers" is right in every language by construction.

Widgets keep keys, not text, and look the text up each time they draw, so a language change
shows at once. German uses the rulebook's words (see docs/rulings.md R7). A language is added by
adding its catalogue (see the README).
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

DOMAIN = "castles"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
FALLBACK = "en"


def _installed() -> tuple[str, ...]:
    found = sorted(p.parents[1].name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    # English first: it is the fallback for a key another catalogue lacks.
    return (FALLBACK, *(code for code in found if code != FALLBACK))


@cache
def _catalogue(code: str) -> gettext.NullTranslations:
    catalogue = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    if code != FALLBACK:
        catalogue.add_fallback(_catalogue(FALLBACK))
    return catalogue


LANGUAGES = _installed()
_language = FALLBACK


def language() -> str:
    return _language


def set_language(code: str) -> None:
    global _language
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; expected one of {', '.join(LANGUAGES)}")
    _language = code


def _lookup(lang: str | None) -> gettext.NullTranslations:
    code = lang or _language
    return _catalogue(code if code in LANGUAGES else FALLBACK)


# Words of modules defined outside the game, which bring no catalogue of their own here:
# key -> text, by language (add_words); English is their fallback too.
_ADDED: dict[str, dict[str, str]] = {}


def add_words(code: str, words: dict[str, str]) -> None:
    """Texts a module defined outside the game adds, for one language ("en" first): keys
    the catalogues do not hold (a key they hold keeps the catalogue's text)."""
    _ADDED.setdefault(code, {}).update(words)


def _added(key: str, lang: str | None) -> str:
    text = _ADDED.get(lang or _language, {}).get(key) or _ADDED.get(FALLBACK, {}).get(key)
    if text is None:
        raise KeyError(key)
    return text


def tr(key: str, /, lang: str | None = None, **params: object) -> str:
    """The text for ``key`` in the current (or given) language, with ``{params}`` filled.

    A key missing from a translation falls back to English; a key missing from English is
    a programming error and raises KeyError. ``key`` is positional-only, so a text may
    itself have a ``{key}`` placeholder.
    """
    catalogue = _lookup(lang)
    text = catalogue.gettext(key)
    if text == key:  # gettext answers a missing msgid with the msgid itself
        text = _added(key, lang)
        return text.format(**params) if params else text
    # gettext also answers a msgid with plural forms, with its singular: refuse, so a
    # count can never be shown in the wrong form.
    if catalogue.ngettext(key, key, 1) != key:
        raise KeyError(f"{key} has plural forms: use trn()")
    return text.format(**params) if params else text


def trn(key: str, n: int, /, lang: str | None = None, **params: object) -> str:
    """The form of ``key`` for the count ``n`` (ngettext), with ``{params}`` filled.

    ``n`` only chooses the form; the count is shown by whichever placeholder the text
    names, so pass it in ``params`` too.
    """
    text = _lookup(lang).ngettext(key, key, n)
    if text == key:
        raise KeyError(f"{key} has no plural forms: use tr()" if has(key) else key)
    return text.format(**params) if params else text


def decimal(value: float, places: int = 1, lang: str | None = None) -> str:
    """``value`` with ``places`` decimals and the language's decimal mark (German 7,3)."""
    return f"{value:.{places}f}".replace(".", tr("number.decimal_mark", lang))


def has(key: str) -> bool:
    english = _catalogue(FALLBACK)
    return (english.gettext(key) != key or english.ngettext(key, key, 1) != key
            or key in _ADDED.get(FALLBACK, {}))


LANGUAGE_NAMES = {code: tr("language.name", code) for code in LANGUAGES}
