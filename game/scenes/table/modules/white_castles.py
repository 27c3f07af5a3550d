"""The white castles (module white_castles) at the table: the die action a white castle
gives is played by clicks, as a die's, with the white die's number (the prompt names it);
its log line."""

from __future__ import annotations

from typing import ClassVar

from ....rules import WHITE_CASTLE_DECISION
from ... import i18n
from ..interaction import WHITE_DIE
from ..seam import TableModule, Words, register


@register
class WhiteCastles(TableModule):
    id = "white_castles"
    clicked: ClassVar[tuple[str, ...]] = (WHITE_CASTLE_DECISION,)
    # Its action uses the white die.
    decision_dice: ClassVar[dict[str, int]] = {WHITE_CASTLE_DECISION: WHITE_DIE}
    quiet: ClassVar[tuple[str, ...]] = ("WhiteDieAction",)   # the die's use follows
    words: ClassVar[dict[str, Words]] = {
        "WhiteDieAction": lambda e, who, lang: i18n.tr("log.white_die_action", lang, who=who,
                                                       value=e.value)}
