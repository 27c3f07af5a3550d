"""Text layout: word wrapping against a real font's measurements."""

from __future__ import annotations

import pygame


def wrap_text(text: str, font: pygame.font.Font, max_width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``max_width`` pixels.

    Newlines start new lines (an empty line stays empty); a word wider than a whole line
    is split between characters so nothing is cut off.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= max_width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = ""
            while font.size(word)[0] > max_width and len(word) > 1:
                cut = _fit(word, font, max_width)
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def _fit(word: str, font: pygame.font.Font, max_width: int) -> int:
    """Longest prefix length of ``word`` that fits (at least one character)."""
    lo, hi = 1, len(word)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(word[:mid])[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def elide(text: str, font: pygame.font.Font, max_width: int) -> str:
    """``text`` shortened with an ellipsis until it fits ``max_width`` pixels, for a line
    whose whole text is available elsewhere (in its tooltip)."""
    if font.size(text)[0] <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(text[:mid].rstrip() + "\u2026")[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "\u2026"
