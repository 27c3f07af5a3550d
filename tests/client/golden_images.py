"""Golden screenshots: compare a drawn surface with a stored PNG, within a tolerance.

Regenerate after an intended change with UPDATE_GOLDEN=1 and look at the new image before
keeping it. On a mismatch the drawn image is written beside the golden one as
`<name>.actual.png` (ignored by git) to look at.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy
import pygame
import pytest

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def compare_golden(surface: pygame.Surface, name: str) -> None:
    path = GOLDEN / name
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"{path.name} is missing; run with UPDATE_GOLDEN=1 to create it")
        path.parent.mkdir(exist_ok=True)
        pygame.image.save(surface, str(path))
        return
    expected = pygame.surfarray.array3d(pygame.image.load(str(path))).astype(int)
    actual = pygame.surfarray.array3d(surface).astype(int)
    diff = numpy.abs(expected - actual).max(axis=2) if expected.shape == actual.shape else None
    # Tolerates antialiasing and font-hinting differences, not a changed picture.
    if diff is None or diff.mean() >= 1.5 or (diff > 48).mean() >= 0.005:
        pygame.image.save(surface, str(path.with_suffix(".actual.png")))
        pytest.fail(f"the picture differs from {path.name}; see {path.stem}.actual.png beside it")
