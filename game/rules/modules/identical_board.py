"""`identical_board` (MODULES.md section `identical_board`)."""

from __future__ import annotations

from ..extension import Module, register


@register
class IdenticalBoard(Module):
    id = "identical_board"
