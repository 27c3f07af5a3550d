"""Running a test in another local time zone (TZ), for the dates a save shows."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest


def switched(name: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A fixture's body: the process in time zone ``name`` until the test ends."""
    if not hasattr(time, "tzset"):
        pytest.skip("the time zone cannot be changed here")
    monkeypatch.setenv("TZ", name)
    time.tzset()
    yield name
    monkeypatch.undo()
    time.tzset()
