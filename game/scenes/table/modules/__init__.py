"""The table's modules, one file each beside the rules' (game/rules/modules/): importing
this package registers each in seam.TABLE_MODULES, in the order they are imported here,
which is the order their layers are painted and their hit spots laid (the castle pool
under the other modules' pieces on the board, the inn stack over them).
"""

from . import (  # noqa: F401
               castle_connection,
               border_posts,
               monastery_connections,
               shields,
               trade_routes,
               vineyards,
               white_castles,
               tiles2,
               solo,
               team,
               inns,
)
