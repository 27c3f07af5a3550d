"""The learned evaluation: the value network's estimate of the final score margin.

`LearnedEvaluator.advantage(state, seat)` is what the search compares positions by: the
network's estimate of the seat's final score less the best opponent's, from the features
of the position (features.py), blended with the hand-tuned advantage by the weights
file's `blend` (1 = the network alone). A network trained on the residual (`train
--target residual`, the default) estimates what the hand-tuned advantage misses, and
`blend` scales that correction. Hard takes the shipped weights, `data/value.npz` (with
`data/value.json` saying how they were made and for which games), by default
(`shipped_evaluator`); Medium and Hard take another file when asked for
(`make_player(..., value=PATH)`, or a tournament seat `hard+learned`). Easy and Medium
keep the hand-tuned evaluation by default.

Weights are read once per file and process.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from ..rules import GameConfig, GameState
from .evaluate import DEFAULT, Evaluator, Weights
from .features import features
from .network import ValueNet, sidecar

SHIPPED = Path(__file__).with_name("data") / "value.npz"

_NETS: dict[str, ValueNet] = {}


def load_net(path: Path | str) -> ValueNet:
    """The network in a weights file (read once per process)."""
    key = str(Path(path).resolve())
    net = _NETS.get(key)
    if net is None:
        net = _NETS[key] = ValueNet.load(Path(path))
    return net


def trained_for(path: Path | str) -> dict | None:
    """The games a weights file was trained on, from its sidecar (`train` writes the
    player count, rule set and modules there), or None when the sidecar does not say."""
    side = sidecar(Path(path))
    try:
        about = json.loads(side.read_text(encoding="utf-8"))
        options = about["options"]
        return {"players": int(options["players"]), "rules": str(options["rules"]),
                "modules": sorted(str(m) for m in options.get("modules", ()))}
    except (OSError, ValueError, KeyError, TypeError):
        return None


class LearnedEvaluator(Evaluator):
    """The hand-tuned evaluation with `advantage` replaced by (or blended with) the
    network's value. With `games` (the player count, rule set and modules the network was
    trained on), other games are valued by the hand-tuned evaluation alone: the network
    has never seen them."""

    def __init__(self, net: ValueNet, blend: float | None = None,
                 weights: Weights = DEFAULT, games: dict | None = None) -> None:
        super().__init__(weights)
        self.net = net
        self.blend = net.blend if blend is None else blend
        self.games = games
        self._covered: dict[GameConfig, bool] = {}

    def covers(self, config: GameConfig) -> bool:
        """Whether the network values games of this configuration."""
        known = self._covered.get(config)
        if known is None:
            known = self._covered[config] = not config.has_module("team") and (
                self.games is None
                or (config.players == self.games["players"] and config.chateauma is None
                    and config.rules == self.games["rules"]
                    and sorted(config.modules) == self.games["modules"]))
        return known

    def advantage(self, state: GameState, seat: int) -> float:
        if not self.covers(state.config):
            return super().advantage(state, seat)  # e.g. the team game: no teams learned
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
    ("learned" = the shipped weights), for the games its sidecar says it was trained on."""
    if value is None:
        return Evaluator()
    path = SHIPPED if value == "learned" else Path(value)
    return LearnedEvaluator(load_net(path), games=trained_for(path))


def shipped_evaluator(weights: Weights = DEFAULT) -> Evaluator:
    """Hard's evaluation: the learned one from the shipped weights for the games they
    were trained on, the hand-tuned one otherwise (and without shipped weights, or with
    weights other than the tuned ones)."""
    if weights is not DEFAULT or not SHIPPED.exists():
        return Evaluator(weights)
    try:
        net = load_net(SHIPPED)
    except (OSError, ValueError, KeyError, TypeError, EOFError, zipfile.BadZipFile):
        return Evaluator(weights)  # a damaged install still plays, by the hand-tuned one
    return LearnedEvaluator(net, games=trained_for(SHIPPED))
