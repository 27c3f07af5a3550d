"""The learned evaluation: the value network's estimate of the final score margin.

`LearnedEvaluator.advantage(state, seat)` is what the search compares positions by: the
network's estimate of the seat's final score less the best opponent's, from the features
of the position (features.py), blended with the hand-tuned advantage by the weights
file's `blend` (1 = the network alone). A network trained on the residual (`train
--target residual`, the default) estimates what the hand-tuned advantage misses, and
`blend` scales that correction; one trained with `--target own` estimates what the
hand-tuned value misses of the seat's own final score, and the opponents keep their
hand-tuned values. Hard takes the shipped weights by default
(`shipped_evaluator`): every `data/value*.npz`, each with a sidecar (`value*.json`) saying
how it was made and for which games (`data/value.npz` the 2-player game; `train --write`
names others by their games, e.g. `data/value-chateauma.npz` against Châteauma); a game
none of them was trained on is valued by the hand-tuned evaluation, except where the
2-player network stands in (`fit`: one player against Châteauma, with or without
modules, and 3-4 players). Medium and
Hard take another file when asked for (`make_player(..., value=PATH)`, or a tournament seat
`hard+learned`). Easy and Medium keep the hand-tuned evaluation by default.

Weights are read once per file and process.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..rules import GameConfig, GameState
from .evaluate import DEFAULT, Evaluator, Weights, turns_left
from .features import SIZE, features, pair_features
from .network import ValueNet, WeightsError, read_regular, sidecar

# the 2-player game's weights; the others beside it are named by their games (shipped_name)
SHIPPED = Path(__file__).with_name("data") / "value.npz"
# With this many turns left or fewer, a seat is valued by the hand-tuned evaluation
# alone. Near the end it misses the final margin by little (its projections have few
# turns left to go wrong), and there the network's correction added more error than it
# took away: over 200 self-play games it raised the squared error by 8.4 ± 2.7 with no
# turn left and by 5.9 ± 1.8 with one, and lowered it from two on (docs/ai.md).
HAND_TURNS_LEFT = 1

_NETS: dict[str, ValueNet] = {}
SIDECAR_BYTES = 2 ** 20   # a sidecar says how its weights were made in about 1 kB


def load_net(path: Path | str) -> ValueNet:
    """The network in a weights file (read once per process), taking the features of a
    position; WeightsError if the file cannot serve as one (ValueNet.load)."""
    key = os.path.realpath(path)
    net = _NETS.get(key)
    if net is None:
        net = _NETS[key] = ValueNet.load(Path(path), inputs=SIZE)
    return net


def trained_for(path: Path | str) -> dict | None:
    """The games a weights file was trained on, from its sidecar (`train` writes the
    player count, rule set, modules and whether Châteauma sat at the table there), or None
    when the sidecar does not say."""
    side = sidecar(Path(path))
    try:
        about = json.loads(read_regular(side, SIDECAR_BYTES).decode("utf-8"))
        options = about["options"]
        return {"players": int(options["players"]), "rules": str(options["rules"]),
                "modules": sorted(str(m) for m in options.get("modules", ())),
                "chateauma": bool(options.get("chateauma"))}
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None


def shipped_name(games: dict) -> str:
    """The file name `train --write` installs weights for these games under: value.npz for
    the 2-player Special Edition game without modules, else named by what differs."""
    parts = []
    if games["players"] != 2:
        parts.append(f"{games['players']}p")
    if games["rules"] != "special":
        parts.append(games["rules"])
    parts += [m.replace(":", "_") for m in games["modules"]]
    if games.get("chateauma"):
        parts.append("chateauma")
    return "value.npz" if not parts else "value-" + "-".join(parts) + ".npz"


TRAINED, STANDS_IN = 2, 1  # how a network fits a game (fit)


def fit(games: dict | None, config: GameConfig) -> int:
    """How a network trained on `games` (None: not said) fits games of `config`: TRAINED
    on them, STANDS_IN, or 0 (it does not value them). Never the team game. Châteauma's
    difficulty only sets how fast its points come, the same for every move the search
    compares, so one network serves every difficulty.

    The two-player network stands in for networks not trained (or not shipped):
    - in the game of one player against Châteauma. It reads Châteauma as an opponent
      without an estate, valued by its holdings (chateauma.py), and what it knows of the
      player's own position carries over: Hard with it beats Châteauma clearly more often
      than with the hand-tuned evaluation (docs/ai.md), where the networks trained on
      games against Châteauma did not;
    - in games of three and four players, read as the seat against its best opponent
      (features.pair_features), the opponent the advantage measures it against;
    - in two-player games of its rule set with modules, against a player or Châteauma.
      The network reads the base game's holdings and the hand-tuned value, which counts
      the modules' holdings, and corrects that value by what it knows of the base game:
      Hard with it beat Medium more often than the hand-tuned Hard with duchies 11-18
      (85 games of 100 against 74), the four more tiles (94 against 70 of 100) and the
      other modules measured, and Châteauma with the vineyards (docs/ai.md, "With the
      modules")."""
    if config.has_module("team"):
        return 0
    if games is None:
        return TRAINED
    if config.rules != games["rules"]:
        return 0
    if sorted(config.modules) != games["modules"]:
        base = not games["modules"] and games["players"] == 2 and not games.get("chateauma")
        return STANDS_IN if base and config.players == 2 else 0
    against = config.chateauma is not None
    if config.players == games["players"] and against == games.get("chateauma", False):
        return TRAINED
    if games["players"] != 2 or games.get("chateauma", False):
        return 0
    if against:
        return STANDS_IN if config.deciders == 1 else 0
    return STANDS_IN


def pairwise(games: dict | None, config: GameConfig) -> bool:
    """Whether a network trained on `games` reads games of `config` as the seat against
    its best opponent (pair_features): the two-player network in a larger game."""
    return games is not None and games["players"] == 2 and config.players > 2


class LearnedEvaluator(Evaluator):
    """The hand-tuned evaluation with `advantage` replaced by (or blended with) a
    network's value. With `games` (the player count, rule set, modules and Châteauma the
    network was trained on), other games are valued by the hand-tuned evaluation alone:
    the network has never seen them (but see `fit`: the two-player network stands in
    against Châteauma and for 3-4 players). `more` adds networks for other games, as
    (network, games) pairs: each game is valued by the first network trained on it, else
    the first that stands in."""

    def __init__(self, net: ValueNet, blend: float | None = None,
                 weights: Weights = DEFAULT, games: dict | None = None,
                 more: tuple = ()) -> None:
        super().__init__(weights)
        self.net = net
        self.blend = net.blend if blend is None else blend
        self.networks = [(net, self.blend, games)] + [(n, n.blend, g) for n, g in more]
        self._chosen: dict[GameConfig, tuple | None] = {}

    def network_for(self, config: GameConfig) -> tuple | None:
        """(network, blend, pairwise) for games of this configuration, or None."""
        if config in self._chosen:
            return self._chosen[config]
        # the first network trained on these games, else the first that stands in
        best, chosen = 0, None
        for net, blend, games in self.networks:
            how = fit(games, config)
            if how > best:
                best, chosen = how, (net, blend, pairwise(games, config))
        self._chosen[config] = chosen
        return chosen

    def covers(self, config: GameConfig) -> bool:
        """Whether a network values games of this configuration."""
        return self.network_for(config) is not None

    def advantage(self, state: GameState, seat: int) -> float:
        chosen = self.network_for(state.config)
        if chosen is None:
            return super().advantage(state, seat)  # e.g. the team game: no teams learned
        if turns_left(state, seat) <= HAND_TURNS_LEFT:  # none once the game is over
            # When the game is over the hand-tuned advantage is the exact margin. The
            # network never saw a finished game (self-play stores none), and valuing
            # one by it chose a last turn a point short of the best in 5 of 12 games
            # (docs/ai.md). Just before the end it adds more error than it removes.
            return super().advantage(state, seat)
        net, blend, pair = chosen
        values = [self.value(state, s) if s == seat else self._cached_value(state, s)
                  for s in range(state.n)]
        hand = values[seat] - max((v for s, v in enumerate(values) if s != seat),
                                  default=0.0)
        if blend == 0.0:
            return hand
        read = pair_features if pair else features
        learned = float(net.predict(read(state, seat, values)))
        if net.residual:  # also a correction of the seat's own value only (net.own)
            return hand + blend * learned
        return (1.0 - blend) * hand + blend * learned


def evaluator_for(value: Path | str | None) -> Evaluator:
    """The hand-tuned evaluation for None or "hand", the shipped networks for "learned",
    else the learned one from the weights file, for the games its sidecar says it was
    trained on."""
    if value is None or value == "hand":
        return Evaluator()
    if value == "learned":
        return shipped_evaluator()
    path = Path(value)
    return LearnedEvaluator(load_net(path), games=trained_for(path))


def shipped_files() -> list[Path]:
    """The shipped weights files: the 2-player game's first, then the others by name."""
    others = sorted(SHIPPED.parent.glob("value-*.npz"))
    return ([SHIPPED] if SHIPPED.exists() else []) + others


def shipped_evaluator(weights: Weights = DEFAULT) -> Evaluator:
    """Hard's evaluation: the learned one from the shipped weights for the games they
    were trained on, the hand-tuned one otherwise (and without shipped weights, or with
    weights other than the tuned ones). A damaged weights file is passed over."""
    if weights is not DEFAULT:
        return Evaluator(weights)
    networks = []
    for path in shipped_files():
        games = trained_for(path)
        if games is None:
            continue  # shipped weights always say their games; these are not `train`'s
        try:
            networks.append((load_net(path), games))
        except WeightsError:
            continue  # a damaged install still plays, by the hand-tuned one
    if not networks:
        return Evaluator(weights)
    (net, games), *more = networks
    return LearnedEvaluator(net, games=games, more=tuple(more))
