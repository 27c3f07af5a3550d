"""`identical_board`: every player plays the same duchy (SE l.104-106, X11 l.39-41 and l.76-78).

ID-1: the parameter is the board, 19 (championship 2013), 20 (championship 2016), 21 or 22
(SE boards; P-ID-2); the `original` rules offer 19 and 20 (P-ID-3: X11's "No. 14" is 20).
Each player has a copy of it (SE: "1 Plan für jeden Spieler"), so every player plays it.

ID-2 / P-ID-1: the start castle goes on any castle space the player chooses (SE l.292), in
`original` as well. In the board modes:
- 'advanced' and 'free': nothing is drawn and no board is chosen; each player in turn
  order chooses the castle space;
- 'random': the castle space is drawn for each player (the board is the same for all);
- 'basic' (board 1, centre castle) is not offered with the module (config.check_modules).

No rule of play or scoring changes; Châteauma plays its own estate (P-GEN-2).
"""

from __future__ import annotations

from ..extension import BoardDeal, Module, register


@register
class IdenticalBoard(Module):
    id = "identical_board"

    def board_deal(self) -> BoardDeal:
        # check_modules has written the default board into the parameter.
        assert self.param is not None
        return BoardDeal((self.param,), own_sets=True)
