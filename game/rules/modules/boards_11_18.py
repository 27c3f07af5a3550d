"""`boards_11_18`: four more duchies, 11-18 (SE l.713-715).

BR-1: every player receives a random duchy from 11-18 instead of 1-10, and puts the start
castle on any castle space of it (SE l.292). The box holds a set of four double-sided
boards per player (SE l.103), so two players may hold the same number: each player draws
from a full set of their own.

BR-2 / P-BR-1: the engine's board modes deal from the pool 11-18 instead of the rule set's
boards (config.offered_boards: the catalogue's board pool):
- 'random': one random board of the player's set and a random castle space;
- 'advanced': two different boards drawn from the player's set, of which the player
  chooses one, then the castle space. In the SE a player takes a random board of the set
  and chooses its side (SE l.280); which numbers share a board is not printed, so the two
  sides are two drawn numbers. (Board 1, the base game's alternative, is not in the pool.)
- 'free': any of 11-18 and any castle space;
- 'basic' (everyone board 1) is not offered with the module (config.check_modules).

The module changes no rule of play; the placement rule printed with it is the separate
module `castle_connection`. Châteauma plays its own estate and is unaffected (P-GEN-2).
"""

from __future__ import annotations

from ..extension import BoardDeal, Module, register


@register
class Boards11To18(Module):
    id = "boards_11_18"

    def board_deal(self) -> BoardDeal:
        return BoardDeal(tuple(self.config.offered_boards()), own_sets=True)
