"""The learned evaluation: the value network's estimate of the final score margin.

`LearnedEvaluator.advantage(state, seat)` is what the search compares positions by: the
network's estimate of the seat's final score less the best opponent's, from the features
of the position (features.py), blended with the hand-tuned advantage by the weights
file's `blend` (1 = the network alone). A network trained on the residual (`train
--target residual`, the default) estimates what the hand-tuned advantage misses, and
`blend` scales that correction. Medium and Hard take it in place of the hand-tuned
evaluation when asked for (`make_player(..., value=PATH)`, or a tournament seat
`hard+learned`); the default tiers keep the hand-tuned one.

Weights are read once per file and process. The shipped weights, if any, are
`data/value.npz` (with `data/value.json` saying how they were made).
"""

from __future__ import annotations

from pathlib import Path

from ..rules import GameState
from .evaluate import DEFAULT, Evaluator, Weights
from .features import features
from .network import ValueNet

SHIPPED = Path(__file__).with_name("data") / "value.npz"

_NETS: dict[str, ValueNet] = {}


def load_net(path: Path | str) -> ValueNet:
    """The network in a weights file (read once per process)."""
    key = str(Path(path).resolve())
    net = _NETS.get(key)
    if net is None:
        net = _NETS[key] = ValueNet.load(Path(path))
    return net


class LearnedEvaluator(Evaluator):
    """The hand-tuned evaluation with `advantage` replaced by (or blended with) the
    network's value."""

    def __init__(self, net: ValueNet, blend: float | None = None,
                 weights: Weights = DEFAULT) -> None:
        super().__init__(weights)
        self.net = net
        self.blend = net.blend if blend is None else blend

    def advantage(self, state: GameState, seat: int) -> float:
        if state.config.modules and state.config.has_module("team"):
            return super().advantage(state, seat)  # the network knows no teams
        values = [self.value(state, s) if s == seat else self._cached_value(state, s)
                  for s in range(state.n)]
        hand = values[seat] - max((v for s, v in enumerate(values) if s != seat),
                                  default=0.0)
        if self.blend == 0.0:
            return hand
        learned = float(self.net.predict(features(state, seat, values)))
        if self.net.residual:
            return hand + self.blend * learned
        return (1.0 - self.blend) * hand + self.blend * learned


def evaluator_for(value: Path | str | None) -> Evaluator:
    """The hand-tuned evaluation for None, else the learned one from the weights file
    ("learned" = the shipped weights)."""
    if value is None:
        return Evaluator()
    path = SHIPPED if value == "learned" else Path(value)
    return LearnedEvaluator(load_net(path))
