"""The expansion modules, one file each (MODULES.md, RULINGS R8).

Importing this package registers every module's class, effects, decisions, actions and
steps in extension.py's tables; the core rules then reach a module only through them.
`GameConfig(modules=...)` chooses the modules of a game (config.check_modules says which
the rule set offers and which combine).
"""

from . import boards_11_18, castle_connection, identical_board, shields, tiles2  # noqa: F401
