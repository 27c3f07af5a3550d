"""The client's own artwork, drawn procedurally: hex tiles, estate boards, goods, silver,
workers, dice, bonus tiles and icons. Every kind carries an icon, number or pips besides
its colour, so colour is never the only cue."""
