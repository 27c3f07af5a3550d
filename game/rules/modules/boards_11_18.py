"""`boards_11_18` (MODULES.md section `boards_11_18`)."""

from __future__ import annotations

from ..extension import Module, register


@register
class Boards11To18(Module):
    id = "boards_11_18"
