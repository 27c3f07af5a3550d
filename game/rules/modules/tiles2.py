"""`tiles2` (MODULES.md section `tiles2`)."""

from __future__ import annotations

from ..extension import Module, register


@register
class Tiles2(Module):
    id = "tiles2"
