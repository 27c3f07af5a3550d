"""The table's modules, one file each beside the rules' (game/rules/modules/): importing
this package registers each in seam.TABLE_MODULES, in the order their layers are painted.
"""

from . import (  # noqa: F401
               border_posts,
               monastery_connections,
               shields,
               trade_routes,
               vineyards,
               white_castles,
)
