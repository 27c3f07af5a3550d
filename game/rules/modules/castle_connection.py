"""`castle_connection` (MODULES.md section `castle_connection`)."""

from __future__ import annotations

from ..extension import Module, register


@register
class CastleConnection(Module):
    id = "castle_connection"
