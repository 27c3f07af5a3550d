"""Files shipped with the game in game/assets/ (package data: a checkout and an installed
wheel find them the same way)."""

from __future__ import annotations

from pathlib import Path

ASSETS_DIR = Path(__file__).resolve().parents[1] / "assets"


def asset_path(*parts: str) -> Path:
    return ASSETS_DIR.joinpath(*parts)


def read_text(*parts: str) -> str | None:
    """The UTF-8 text of an asset, or None when it is missing or unreadable."""
    try:
        return asset_path(*parts).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
