"""Work that could take a while (reading a folder of saves, a large file) done on a daemon
thread, so a scene opens at once and polls for the answer each frame."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Background(Generic[T]):
    """``work()`` on a daemon thread; ``fallback`` is the answer if it raises."""

    def __init__(self, work: Callable[[], T], fallback: T, name: str) -> None:
        self._result = fallback
        self._done = threading.Event()
        threading.Thread(target=self._run, args=(work,), name=name, daemon=True).start()

    def _run(self, work: Callable[[], T]) -> None:
        try:
            self._result = work()
        except Exception:  # noqa: BLE001 - the fallback says "nothing could be read"
            pass
        finally:
            self._done.set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def result(self) -> T | None:
        """The answer once there; None while the thread is still working."""
        return self._result if self._done.is_set() else None
