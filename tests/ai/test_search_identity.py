"""Hard's search chooses what it chose before a change meant only to make it cheaper.

`data/hard_turns.json` holds the whole turns Hard chose on seeded positions, recorded
when the search was last changed on purpose. A speed-up that keeps every value and every
order of the search (a cache, a look-up) chooses the same turns; a change that is meant
to change the moves re-records them:

    python -m tests.ai.test_search_identity
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai.hard import HardPlayer

from .positions import midgame_positions

RECORD = Path(__file__).with_name("data") / "hard_turns.json"
SAMPLES = 12   # sampled continuations a turn: enough for challengers to overturn the beam


def positions():
    """Turn starts and turn middles of two seeded games, the busiest first."""
    states = midgame_positions(13, every=7) + midgame_positions(17, every=7)
    return sorted(states, key=lambda s: -len(s.legal_actions()))[:6]


def hard_turns(**options) -> list[str]:
    """Hard's whole turn on each position, as text."""
    out = []
    for i, state in enumerate(positions()):
        player = HardPlayer(seed=i, iterations=SAMPLES, **options)
        first = player.choose(state)
        out.append(repr([first] + [a for _, a in player._script]))
    return out


@pytest.mark.parametrize("rollout", HardPlayer.ROLLOUTS)
def test_hard_chooses_the_recorded_turns(rollout):
    """The same positions, seeds and budgets give the turns recorded, with each way of
    playing the continuations."""
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))
    assert hard_turns(rollout=rollout) == recorded[rollout]


if __name__ == "__main__":
    RECORD.write_text(json.dumps({r: hard_turns(rollout=r) for r in HardPlayer.ROLLOUTS},
                                 indent=1) + "\n", encoding="utf-8")
