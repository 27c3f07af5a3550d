"""The expansion modules, one file each (docs/rulings.md R8).

Importing this package registers every module's class, effects, decisions, actions and
steps in extension.py's tables; the core rules then reach a module only through them.
`GameConfig(modules=...)` chooses the modules of a game (config.check_modules says which
the rule set offers and which combine).
"""

from . import (black_depot_monasteries, boards_11_18, border_posts,  # noqa: F401
               castle_connection, identical_board, inns, monastery_connections, shields,
               solo, team, tiles2, vineyards, white_castles)
from . import trade_routes  # noqa: F401
from ..extension import MODULE_TYPES


def decisions(module_id: str) -> tuple[str, ...]:
    """The decisions a module adds (Frame.kind): on a turn (an effect's sub-choice), in the
    phase or game end's steps, and at the setup."""
    kind = MODULE_TYPES[module_id]
    return kind.effect_frames + kind.step_frames + kind.setup_frames
