"""The learned evaluation: features, the value network, its training command and its use."""

from __future__ import annotations

import argparse
import json

import numpy as np
import pytest

from game.ai import make_player
from game.ai.evaluate import Evaluator, turns_left
from game.ai.features import SIZE, features, hand_margin
from game.ai.learned import HAND_TURNS_LEFT, LearnedEvaluator, load_net, trained_for
from game.ai.network import ValueNet, sidecar
from game.ai.train import (add_arguments, chunk_path, lambda_returns, run,
                           self_play_game, self_play_rows)
from game.ai.tournament import parse_seat
from game.ai.turns import plan
from game.rules import GameConfig

from .positions import midgame_positions, shuffled_supplies, swapped_face_down


@pytest.fixture(scope="module")
def data():
    """A tiny self-play data set: two games, every turn from both seats."""
    config = GameConfig(players=2)
    parts = [self_play_game(config, seed=5, index=i, explore=0.2, width=1) for i in range(2)]
    return np.concatenate([x for x, _ in parts]), np.concatenate([y for _, y in parts])


@pytest.fixture(scope="module")
def net(data):
    x, y = data
    n = ValueNet((SIZE, 16, 8, 1), seed=2)
    n.fit_scaling(x, y)
    rng = np.random.default_rng(0)
    for _ in range(5):
        n.epoch(x, y, rng, batch=32, rate=3e-3)
    return n


def test_features_have_a_fixed_length_for_every_player_count():
    for players in (2, 3, 4):
        for state in midgame_positions(3, players=players, every=41)[:3]:
            for seat in range(players):
                f = features(state, seat)
                assert f.shape == (SIZE,)
                assert np.all(np.isfinite(f))


def test_features_are_the_seats_own_view():
    state = midgame_positions(4, every=23)[-1]
    mine, theirs = features(state, 0), features(state, 1)
    assert not np.array_equal(mine, theirs)
    assert np.array_equal(features(state, 0), mine)


def test_features_ignore_the_order_of_the_supplies():
    for i, state in enumerate(midgame_positions(6, every=19)[::3]):
        shuffled = shuffled_supplies(state, seed=i)
        assert shuffled.bags != state.bags or shuffled.black_bag != state.black_bag
        for seat in range(state.n):
            assert np.array_equal(features(state, seat), features(shuffled, seat))


def test_features_ignore_chateaumas_face_down_tiles():
    positions = midgame_positions(13, chateauma="hard+A+B", every=11)[1::2]
    for i, state in enumerate(positions):
        swapped = swapped_face_down(state, seed=i)
        assert swapped.chateauma.estate != state.chateauma.estate
        for seat in range(state.n):
            assert np.array_equal(features(state, seat), features(swapped, seat))


def test_self_play_rows_carry_the_final_margin(data):
    x, y = data
    assert x.shape == (len(y), SIZE) and len(y) > 50
    # Two seats per position: their margins are opposite in a two-player game.
    assert np.allclose(y[0::2], -y[1::2])


def test_the_network_is_deterministic_and_batches_agree(net, data):
    x, _ = data
    batch = net.predict(x[:7])
    assert batch.shape == (7,)
    single = [net.predict(row) for row in x[:7]]
    assert np.allclose(batch, single)
    assert np.array_equal(net.predict(x[:7]), batch)
    assert np.ndim(net.predict(x[0])) == 0


def test_training_lowers_the_loss(data):
    x, y = data
    n = ValueNet((SIZE, 16, 8, 1), seed=1)
    n.fit_scaling(x, y)
    before = n.loss(x, y)
    rng = np.random.default_rng(1)
    for _ in range(20):
        n.epoch(x, y, rng, batch=32, rate=3e-3)
    assert n.loss(x, y) < 0.5 * before


def test_weights_survive_saving_and_loading(net, data, tmp_path):
    x, _ = data
    path = tmp_path / "value.npz"
    net.save(path, about={"seed": 2, "games": 2})
    loaded = ValueNet.load(path)
    assert np.array_equal(loaded.predict(x), net.predict(x))
    assert loaded.sizes == net.sizes and loaded.blend == net.blend
    assert json.loads(sidecar(path).read_text(encoding="utf-8")) == {"seed": 2, "games": 2}


def test_training_goes_on_exactly_from_a_checkpoint(data, tmp_path):
    x, y = data
    path = tmp_path / "checkpoint.npz"
    straight = ValueNet((SIZE, 8, 4, 1), seed=3)
    straight.fit_scaling(x, y)
    resumed = ValueNet((SIZE, 8, 4, 1), seed=3)
    resumed.fit_scaling(x, y)
    for e in range(2):
        resumed.epoch(x, y, np.random.default_rng(e), batch=64)
    resumed.save(path, with_optimizer=True)
    resumed = ValueNet.load(path)
    resumed.epoch(x, y, np.random.default_rng(2), batch=64)
    for e in range(3):
        straight.epoch(x, y, np.random.default_rng(e), batch=64)
    assert np.array_equal(resumed.predict(x), straight.predict(x))


def _before_the_end(states: list) -> list:
    """The positions where the seat to move has turns enough left for the network."""
    out = [s for s in states if turns_left(s, s.current_player) > HAND_TURNS_LEFT]
    assert out
    return out


def test_the_learned_evaluation_at_blend_zero_is_the_hand_tuned_one(net):
    hand = Evaluator()
    learned = LearnedEvaluator(net, blend=0.0)
    mixed = LearnedEvaluator(net, blend=0.5)
    for state in _before_the_end(midgame_positions(8, every=29)):
        seat = state.current_player
        assert learned.advantage(state, seat) == hand.advantage(state, seat)
        half = 0.5 * hand.advantage(state, seat) + 0.5 * float(
            net.predict(features(state, seat)))
        assert mixed.advantage(state, seat) == pytest.approx(half)


@pytest.mark.parametrize("tier", ["medium", "hard"])
def test_a_tier_plays_legally_with_the_learned_evaluation(net, tmp_path, tier):
    path = tmp_path / "value.npz"
    net.save(path)
    for state in midgame_positions(9, every=37)[:3]:
        before = state.clone()
        action = make_player(tier, seed=1, iterations=2, value=str(path)).choose(state)
        assert action in state.legal_actions()
        assert state.legal_actions() == before.legal_actions()
        assert action == make_player(tier, seed=1, iterations=2, value=str(path)).choose(state)


def test_only_searching_tiers_take_the_learned_evaluation():
    seat = parse_seat("hard+learned:0.5@8", None, None)
    assert (seat.tier, seat.time_budget, seat.iterations, seat.value) == ("hard", 0.5, 8, "learned")
    assert seat.label == "hard+learned:0.5@8"
    for text in ("easy+learned", "hard+other"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_seat(text, None, None)
    with pytest.raises(ValueError):
        make_player("random", value="learned")


def _train_args(folder, *extra):
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(["--dir", str(folder), "--games", "2", "--workers", "1",
                              "--width", "1", "--hidden", "8", "--match-games", "1",
                              "--match-iterations", "1", *extra])


def test_train_resumes_where_it_stopped(tmp_path, capsys):
    folder = tmp_path / "run"
    assert run(_train_args(folder, "--epochs", "2")) == 0
    data_file = chunk_path(folder, 0)
    written = data_file.stat().st_mtime_ns
    first = json.loads(sidecar(folder / "checkpoint.npz").read_text(encoding="utf-8"))
    assert first["epoch"] == 2
    assert len((folder / "match.jsonl").read_text(encoding="utf-8").splitlines()) == 1
    capsys.readouterr()
    # Asked for more epochs, the run keeps its games and epochs and trains on.
    assert run(_train_args(folder, "--epochs", "3")) == 0
    out = capsys.readouterr().out
    assert "2 games on disk" in out
    assert "epoch 1/3" not in out and "epoch 3/3" in out
    assert data_file.stat().st_mtime_ns == written
    log = json.loads(sidecar(folder / "checkpoint.npz").read_text(encoding="utf-8"))
    assert log["epoch"] == 3 and log["train_loss"][:2] == first["train_loss"]
    # The same run in one go ends with the same weights.
    again = tmp_path / "again"
    assert run(_train_args(again, "--epochs", "3")) == 0
    x = np.load(data_file)["x"].astype(np.float64)
    assert np.array_equal(ValueNet.load(folder / "checkpoint.npz").predict(x),
                          ValueNet.load(again / "checkpoint.npz").predict(x))


def test_a_finished_match_is_not_played_again(tmp_path, capsys):
    folder = tmp_path / "run"
    assert run(_train_args(folder, "--epochs", "1")) == 0
    capsys.readouterr()
    assert run(_train_args(folder, "--epochs", "1")) == 0
    assert "0 of 1 games to play" in capsys.readouterr().out


def test_train_refuses_a_folder_made_with_other_options(tmp_path, capsys):
    folder = tmp_path / "run"
    assert run(_train_args(folder, "--epochs", "1")) == 0
    assert run(_train_args(folder, "--epochs", "1", "--seed", "9")) == 2
    assert "other options" in capsys.readouterr().err


def test_the_hand_tuned_advantage_can_be_read_back_from_the_features():
    hand = Evaluator()
    for players in (2, 4):
        for state in midgame_positions(10, players=players, every=31)[:4]:
            for seat in range(players):
                assert hand_margin(features(state, seat))[0] == pytest.approx(
                    hand.advantage(state, seat))


def test_a_residual_network_corrects_the_hand_tuned_advantage(net):
    residual = ValueNet.from_arrays(net.arrays())
    residual.residual = True
    hand = Evaluator()
    learned = LearnedEvaluator(residual, blend=0.5)
    for state in _before_the_end(midgame_positions(8, every=29))[:5]:
        seat = state.current_player
        correction = float(residual.predict(features(state, seat)))
        assert learned.advantage(state, seat) == pytest.approx(
            hand.advantage(state, seat) + 0.5 * correction)


def test_lambda_one_is_the_final_margin_and_less_follows_the_next_positions(data):
    x, y = data
    # the fixture's two games, one after the other: where the second begins
    first = len(self_play_game(GameConfig(players=2), seed=5, index=0, explore=0.2,
                               width=1)[1])
    games = np.r_[np.zeros(first, dtype=int), np.ones(len(y) - first, dtype=int)]
    assert np.array_equal(lambda_returns(x, y, games, 1.0), y)
    h = hand_margin(x)
    g = lambda_returns(x, y, games, 0.0)
    # lam = 0: each row's target is the same seat's hand-tuned advantage one turn on
    # (rows go round the two seats), the last row of each seat its final margin
    assert g[0] == pytest.approx(h[2]) and g[1] == pytest.approx(h[3])
    assert g[first - 1] == y[first - 1] and g[first - 2] == y[first - 2]
    assert g[first] == pytest.approx(h[first + 2])
    half = lambda_returns(x, y, games, 0.5)
    last = first - 2  # seat 0's last row of the first game
    assert half[last] == y[last]
    assert half[last - 2] == pytest.approx(0.5 * h[last] + 0.5 * y[last])
    assert half[last - 4] == pytest.approx(0.5 * h[last - 2] + 0.5 * half[last - 2])


def test_train_plays_its_games_with_a_module_set(tmp_path):
    folder = tmp_path / "run"
    assert run(_train_args(folder, "--epochs", "1", "--modules", "trade_routes,tiles2",
                           "--td-lambda", "0.8")) == 0
    options = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    assert options["modules"] == ["trade_routes", "tiles2"]
    about = json.loads(sidecar(folder / "checkpoint.npz").read_text(encoding="utf-8"))
    assert about["options"]["targets"]  # a digest of the lambda-returns trained on


@pytest.mark.parametrize("modules,says", [("team", "not trained for team"),
                                          ("solo", "not trained for solo"),
                                          ("vineyards", "vineyards")])
def test_train_refuses_module_sets_it_cannot_play(tmp_path, capsys, modules, says):
    extra = ("--modules", modules) + (("--rules", "original") if modules == "vineyards" else ())
    assert run(_train_args(tmp_path / "run", *extra)) == 2
    assert says in capsys.readouterr().err
    assert not (tmp_path / "run" / "data").exists()


def _with_sidecar(net, path, players=2, rules="special", modules=(), chateauma=None):
    net.save(path, about={"options": {"players": players, "rules": rules,
                                      "modules": list(modules), "boards": "advanced",
                                      "chateauma": chateauma}})
    return path


def _last_turns(seed: int) -> list:
    """The ends of a two-player game's complete last turns (from the last mover's
    first decision of it), the game played by Easy players."""
    last = next(s for s in midgame_positions(seed, every=1)
                if (s.phase, s.round, s.turn_index) == (4, 4, 1) and not s.bought
                and s.players[s.current_player].used == [False, False])
    return [line.state for line in plan(last, Evaluator().advantage, 4)]


def test_a_finished_game_is_valued_by_its_scores_not_by_the_network(net, tmp_path):
    """When the game is over the margin is known: the network's correction there would
    only be its error, and could make the last turn take fewer points than it could."""
    path = _with_sidecar(net, tmp_path / "value.npz")
    learned = LearnedEvaluator(load_net(path), games=trained_for(path))
    hand = Evaluator()
    corrections = []
    for seed in (3, 4):
        ends = _last_turns(seed)
        assert ends and all(end.terminal for end in ends)
        for end in ends:
            for seat in range(2):
                scores = [p.score for p in end.players]
                assert learned.advantage(end, seat) == scores[seat] - scores[1 - seat]
                values = [hand.value(end, s) for s in range(2)]
                corrections.append(float(learned.net.predict(features(end, seat, values))))
    # the network alone would not have said so
    assert max(abs(c) for c in corrections) > 0.1


def test_the_last_turns_are_valued_by_the_hand_tuned_evaluation_alone(net):
    """With one turn left or none the network adds more error than it removes: the
    seat is valued as the hand-tuned evaluation values it; with more, it is not."""
    learned = LearnedEvaluator(net)
    hand = Evaluator()
    states = midgame_positions(8, every=1)
    late = [(s, seat) for s in states for seat in range(2)
            if not s.terminal and turns_left(s, seat) <= HAND_TURNS_LEFT]
    earlier = [(s, seat) for s in states for seat in range(2)
               if turns_left(s, seat) == HAND_TURNS_LEFT + 1]
    assert late and earlier
    assert {turns_left(s, seat) for s, seat in late} == set(range(HAND_TURNS_LEFT + 1))
    for s, seat in late:
        assert learned.advantage(s, seat) == hand.advantage(s, seat)
    assert any(learned.advantage(s, seat) != hand.advantage(s, seat) for s, seat in earlier)


def test_the_learned_evaluation_values_only_the_games_it_was_trained_on(net, tmp_path):
    from game.ai.learned import evaluator_for, trained_for
    path = _with_sidecar(net, tmp_path / "value.npz")
    assert trained_for(path) == {"players": 2, "rules": "special", "modules": [],
                                 "chateauma": False}
    learned = evaluator_for(str(path))
    assert learned.covers(GameConfig(players=2))
    for other in (GameConfig(players=2, rules="alea2019"),
                  GameConfig(players=3, rules="alea2019"),
                  GameConfig(players=2, rules="alea2019", modules=("tiles2",)),
                  GameConfig(players=2, rules="alea2019", chateauma="medium",
                             modules=("tiles2",)),
                  GameConfig(players=3, modules=("tiles2",)),
                  GameConfig(players=3, chateauma="medium", modules=("tiles2",)),
                  GameConfig(players=3, chateauma="medium"),
                  GameConfig(players=4, modules=("team",))):
        assert not learned.covers(other), other
    # it stands in for networks not trained: one player against Châteauma, 3-4 players
    # read as the seat against its best opponent, and two-player games of its rule set
    # with modules, against a player or Châteauma
    for stand_in in (GameConfig(players=2, chateauma="medium"),
                     GameConfig(players=2, chateauma="hard+A+D"),
                     GameConfig(players=3), GameConfig(players=4),
                     GameConfig(players=2, modules=("tiles2",)),
                     GameConfig(players=2, modules=("vineyards", "shields")),
                     GameConfig(players=2, modules=("boards_11_18", "castle_connection")),
                     GameConfig(players=2, chateauma="medium", modules=("vineyards",)),
                     GameConfig(players=2, modules=("trade_routes",)),
                     GameConfig(players=2, chateauma="medium", modules=("trade_routes",)),
                     GameConfig(players=2, chateauma="medium", modules=("tiles2", "shields"))):
        assert learned.covers(stand_in), stand_in
        assert learned.network_for(stand_in)[2] == (stand_in.players > 2)
    hand = Evaluator()
    two = midgame_positions(9, every=41)[:2]
    against = midgame_positions(9, every=41, chateauma="medium")[:1]
    three = midgame_positions(9, players=3, every=41)[:2]
    for state in two + against + three:
        seat = state.current_player
        assert learned.advantage(state, seat) != hand.advantage(state, seat)
    not_covered = midgame_positions(9, players=3, rules="alea2019", every=41)[:1]
    for state in not_covered:
        seat = state.current_player
        assert learned.advantage(state, seat) == hand.advantage(state, seat)
    # a weights file without a sidecar is taken for every game but the team game
    bare = tmp_path / "bare.npz"
    net.save(bare)
    assert trained_for(bare) is None
    assert evaluator_for(str(bare)).covers(GameConfig(players=3, rules="yucata"))


def test_a_larger_game_is_read_as_the_seat_against_its_best_opponent():
    from game.ai.features import PLAYERS, SLOT_SIZE, SLOTS, pair_features
    for players in (3, 4):
        for state in midgame_positions(4, players=players, every=53)[:3]:
            seat = state.current_player
            values = [Evaluator().value(state, s) for s in range(state.n)]
            full, pair = features(state, seat, values), pair_features(state, seat, values)
            best = max((s for s in range(state.n) if s != seat), key=lambda s: values[s])
            slot = (best - seat) % state.n
            assert np.array_equal(pair[:SLOT_SIZE], full[:SLOT_SIZE])
            assert np.array_equal(pair[SLOT_SIZE:2 * SLOT_SIZE],
                                  full[slot * SLOT_SIZE:(slot + 1) * SLOT_SIZE])
            assert not pair[2 * SLOT_SIZE:SLOTS * SLOT_SIZE].any()
            assert list(pair[PLAYERS:PLAYERS + 3]) == [1.0, 0.0, 0.0]
            assert np.array_equal(pair[PLAYERS + 3:], full[PLAYERS + 3:])
            # the hand-tuned advantage read back is the one against the best opponent
            assert hand_margin(pair)[0] == pytest.approx(
                values[seat] - values[best], abs=1e-6)


def test_hard_values_with_the_shipped_weights_and_plays_its_continuations_by_hand(
        net, tmp_path, monkeypatch):
    import game.ai.learned as learned_module
    from game.ai.hard import HardPlayer
    monkeypatch.setattr(learned_module, "SHIPPED", tmp_path / "none.npz")
    plain = HardPlayer(iterations=2)
    assert type(plain.evaluator) is Evaluator and plain.rollout_evaluator is plain.evaluator
    shipped = _with_sidecar(net, tmp_path / "value.npz")
    monkeypatch.setattr(learned_module, "SHIPPED", shipped)
    hard = HardPlayer(iterations=2)
    assert isinstance(hard.evaluator, LearnedEvaluator) and hard.evaluator.covers(GameConfig())
    assert type(hard.rollout_evaluator) is Evaluator
    # tuning weights other than the shipped ones keep the hand-tuned evaluation
    from game.ai.evaluate import Weights
    assert type(HardPlayer(iterations=2, weights=Weights(action=2.5)).evaluator) is Evaluator
    # Medium and Easy keep the hand-tuned evaluation
    assert type(make_player("medium").evaluator) is Evaluator
    # damaged shipped weights leave Hard on the hand-tuned evaluation
    damaged = tmp_path / "damaged.npz"
    damaged.write_bytes(b"PK\x03\x04 not a weights file")
    monkeypatch.setattr(learned_module, "SHIPPED", damaged)
    assert type(HardPlayer(iterations=2).evaluator) is Evaluator


def test_weights_are_installed_under_the_name_of_their_games():
    from game.ai.learned import shipped_name
    plain = {"players": 2, "rules": "special", "modules": [], "chateauma": False}
    assert shipped_name(plain) == "value.npz"
    assert shipped_name({**plain, "chateauma": True}) == "value-chateauma.npz"
    assert shipped_name({"players": 3, "rules": "yucata", "modules": ["tiles2", "shields:4"],
                         "chateauma": False}) == "value-3p-yucata-tiles2-shields_4.npz"


def _other_net(net):
    other = ValueNet.from_arrays(net.arrays())
    other.residual = True
    other.biases[-1] = other.biases[-1] + 25.0  # another correction than the first
    return other


def test_each_game_is_valued_by_the_shipped_network_trained_on_it(net, tmp_path, monkeypatch):
    import game.ai.learned as learned_module
    from game.ai.learned import shipped_evaluator, trained_for
    two = _with_sidecar(net, tmp_path / "value.npz")
    automa = _with_sidecar(_other_net(net), tmp_path / "value-chateauma.npz",
                           chateauma="medium")
    assert trained_for(automa)["chateauma"] is True
    monkeypatch.setattr(learned_module, "SHIPPED", two)
    both = shipped_evaluator()
    hand = Evaluator()
    plain = midgame_positions(9, every=41)[0]
    seat = plain.current_player
    # the 2-player game by the 2-player network, as if it were shipped alone
    alone = LearnedEvaluator(net, games=trained_for(two))
    assert both.advantage(plain, seat) == alone.advantage(plain, seat)
    # games against Châteauma at any difficulty by the network trained against it, not
    # by the 2-player network that stands in for it when it is not there
    for difficulty in ("medium", "hard+A+D", "easy"):
        config = GameConfig(players=2, chateauma=difficulty)
        assert alone.network_for(config)[0] is net
        assert both.network_for(config)[0] is not both.net
    game = midgame_positions(9, every=41, chateauma="medium")[0]
    seat = game.current_player
    separate = LearnedEvaluator(learned_module.load_net(automa), games=trained_for(automa))
    assert both.advantage(game, seat) == separate.advantage(game, seat)
    assert both.advantage(game, seat) != hand.advantage(game, seat)
    # 3 players were trained on by neither: the 2-player network stands in
    assert both.network_for(GameConfig(players=3))[0] is both.net
    # without the 2-player weights the Châteauma ones still serve their games
    monkeypatch.setattr(learned_module, "SHIPPED", tmp_path / "gone" / "value.npz")
    assert type(shipped_evaluator()) is Evaluator
    (tmp_path / "gone").mkdir()
    automa.rename(tmp_path / "gone" / automa.name)
    sidecar(automa).rename(tmp_path / "gone" / sidecar(automa).name)
    only = shipped_evaluator()
    assert only.covers(GameConfig(players=2, chateauma="hard"))
    assert not only.covers(GameConfig(players=2))


def test_self_play_against_chateauma_stores_the_players_seat_only():
    config = GameConfig(players=2, chateauma="medium")
    x, y = self_play_game(config, seed=3, index=0, explore=0.0, width=1)
    # one row after each of the player's 25 turns, but not after one that ends the game
    assert len(y) in (24, 25)
    assert len(set(y.tolist())) == 1  # the player's margin over Châteauma
    h = hand_margin(x)
    lam0 = lambda_returns(x, y, np.zeros(len(y), dtype=int), 0.0, deciders=1)
    assert lam0[0] == pytest.approx(h[1]) and lam0[-1] == y[-1]


def test_the_match_against_chateauma_plays_each_game_twice_on_the_same_dice():
    from game.ai.train import _paired_job
    from game.ai.tournament import Seat
    config = GameConfig(players=2, chateauma="medium")
    same = [Seat("medium", iterations=1, value="hand")] * 2
    entry = _paired_job((config, same, 4, 0))
    assert entry["scores"][0] == entry["scores"][1]  # the same player on the same dice
    assert entry["won"] == 0.5
    sides = [Seat("medium", iterations=1, value="hand"), Seat("random")]
    entry = _paired_job((config, sides, 4, 0))
    assert entry["automa_scores"][0] != entry["automa_scores"][1] or \
        entry["scores"][0] != entry["scores"][1]
    margins = [s[0] - s[1] for s in entry["scores"]]
    assert entry["won"] == (1.0 if margins[0] > margins[1] else 0.0)


def test_train_against_chateauma_with_more_data_installs_its_weights_apart(
        tmp_path, monkeypatch, capsys):
    import game.ai.learned as learned_module
    import game.ai.train as train_module
    two = tmp_path / "two"
    assert run(_train_args(two, "--epochs", "1")) == 0
    shipped = tmp_path / "data" / "value.npz"
    monkeypatch.setattr(learned_module, "SHIPPED", shipped)
    monkeypatch.setattr(train_module, "SHIPPED", shipped)
    # the candidate is accepted whatever one match game says: the install is checked here
    monkeypatch.setattr(train_module, "match", lambda *a: {
        "games": 1, "candidate_wins": 1, "win_rate": 1.0, "win_rate_95ci": [0.2, 1.0],
        "candidate_mean": 0.0, "current_mean": 0.0})
    capsys.readouterr()
    folder = tmp_path / "automa"
    assert run(_train_args(folder, "--epochs", "1", "--chateauma", "hard+D+A",
                           "--td-lambda", "0.5", "--more-data", str(two), "--write")) == 0
    out = capsys.readouterr().out
    assert f"also {len(np.load(chunk_path(two, 0))['y'])} positions from 2 games in {two}" in out
    assert json.loads((folder / "run.json").read_text(encoding="utf-8"))["chateauma"] == "hard+A+D"
    own = np.load(chunk_path(folder, 0))
    rows = len(own["y"])
    assert 2 * 24 <= rows <= 2 * 25  # the player's seat only
    log = json.loads(sidecar(folder / "checkpoint.npz").read_text(encoding="utf-8"))
    assert log["options"]["positions"] == rows + len(np.load(chunk_path(two, 0))["y"])
    installed = shipped.with_name("value-chateauma.npz")
    assert installed.exists() and not shipped.exists()
    about = json.loads(sidecar(installed).read_text(encoding="utf-8"))
    assert about["more_data"] == [{"dir": str(two), "games": 2,
                                   "positions": int(log["options"]["positions"] - rows)}]
    assert learned_module.shipped_evaluator().covers(GameConfig(players=2, chateauma="hard"))


def test_train_refuses_more_data_that_is_not_a_training_folder(tmp_path, capsys):
    assert run(_train_args(tmp_path / "run", "--more-data", str(tmp_path / "nothing"))) == 2
    assert "not a training folder" in capsys.readouterr().err


def test_the_match_side_without_a_network_is_hand_tuned_even_with_shipped_weights():
    for tier in ("medium", "hard"):
        assert type(make_player(tier, value="hand").evaluator) is Evaluator


def test_self_play_rows_carry_each_seats_own_final_score_too():
    config = GameConfig(players=3)
    x, y, own = self_play_rows(config, seed=6, index=0, explore=0.0, width=1)
    finals = [float(own[s]) for s in range(3)]  # rows go round the seats
    assert np.array_equal(own, np.asarray([finals[i % 3] for i in range(len(own))]))
    for s in range(3):
        assert y[s] == finals[s] - max(f for o, f in enumerate(finals) if o != s)


def test_the_pair_goes_to_the_side_that_beats_chateauma_then_to_the_margin(monkeypatch):
    import game.ai.tournament as tournament
    from game.ai.train import _paired_job
    config = GameConfig(players=2, chateauma="medium")
    games = {}

    def play(config, seats, seed, index):
        mine, automa = games[seats[0]]
        return tournament.GameResult(index, ["x", "c"], [mine, automa],
                                     0 if mine > automa else 1, [[], []], [[], []])
    monkeypatch.setattr(tournament, "play_game", play)
    for first, second, won in [((190, 185), (230, 232), 1.0),   # only the first beats it
                               ((180, 200), (150, 151), 0.0),   # only the second does
                               ((200, 190), (220, 200), 0.0),   # both: the larger margin
                               ((180, 190), (170, 200), 1.0),   # neither: the same
                               ((180, 190), (170, 180), 0.5)]:  # a tie
        games.update({"a": first, "b": second})
        assert _paired_job((config, ["a", "b"], 1, 0))["won"] == won, (first, second)


def test_train_learns_the_players_own_score_against_chateauma(tmp_path, capsys):
    folder = tmp_path / "run"
    assert run(_train_args(folder, "--epochs", "1", "--chateauma", "medium",
                           "--target", "own")) == 0
    out = capsys.readouterr().out
    assert "the hand-tuned value alone misses the held-out final scores" in out
    assert "mean own score" in out
    data = np.load(chunk_path(folder, 0))
    assert np.all(data["own"] - data["y"] > 0)  # own score less Châteauma's is the margin
    net = ValueNet.load(folder / "candidate.npz")
    assert net.own and net.residual
    learned = LearnedEvaluator(net)
    hand = Evaluator()
    for state in midgame_positions(7, every=37, chateauma="medium")[:3]:
        seat = state.current_player
        assert learned.advantage(state, seat) == pytest.approx(
            hand.advantage(state, seat) + float(net.predict(features(state, seat))))
    # lambda-returns are made of advantages, not own scores
    assert run(_train_args(tmp_path / "other", "--target", "own", "--td-lambda", "0.9")) == 2
    assert "--td-lambda 1" in capsys.readouterr().err


def test_train_refuses_to_learn_own_scores_from_games_stored_without_them(tmp_path, capsys):
    folder = tmp_path / "run"
    assert run(_train_args(folder, "--epochs", "1")) == 0
    path = chunk_path(folder, 0)
    with np.load(path) as data:
        old = {k: data[k] for k in data.files if k != "own"}
    np.savez(path, **old)
    capsys.readouterr()
    assert run(_train_args(folder, "--epochs", "1", "--target", "own")) == 2
    assert "made before" in capsys.readouterr().err


def test_a_four_player_match_plays_each_side_among_medium_players_on_the_same_dice():
    """A network for four players is judged where it will play: Hard (here Medium at one
    continuation) as the one seat of its tier against three Medium players."""
    from game.ai.train import _match_job
    from game.ai.tournament import Seat
    config = GameConfig(players=4)
    same = [Seat("medium", iterations=1, value="hand")] * 2
    entry = _match_job((config, same, 4, 1))
    assert len(entry["scores"]) == 2 and len(entry["scores"][0]) == 4
    assert entry["scores"][0] == entry["scores"][1]  # the same players on the same dice
    assert entry["won"] == 0.5 and entry["candidate"] == 3   # game 1 puts the side last
    sides = [Seat("medium", iterations=1, value="hand"), Seat("random")]
    entry = _match_job((config, sides, 4, 1))
    mine = entry["candidate"]
    assert entry["scores"][0][mine] != entry["scores"][1][mine]
    assert entry["won"] == 1.0 and entry["beaten"][1] is False  # random never wins


def test_the_pair_among_medium_players_goes_to_the_winner_then_to_the_margin(monkeypatch):
    import game.ai.tournament as tournament
    from game.ai.train import _paired_job
    config = GameConfig(players=3)
    games = {}

    def play(config, seats, seed, index):
        assert [s.tier for s in seats[1:]] == ["medium", "medium"]
        scores = games[seats[0]]
        ranked = sorted(range(3), key=lambda s: -scores[s])
        return tournament.GameResult(index, ["x", "m", "m"], scores, ranked[0],
                                     [[], [], []], [[], [], []])
    monkeypatch.setattr(tournament, "play_game", play)
    # game 1 puts the side in seat 2; the margin is over the best other seat
    for first, second, won in [([190, 185, 200], [230, 232, 200], 1.0),  # only the first wins
                               ([200, 180, 190], [150, 151, 160], 0.0),  # only the second
                               ([210, 190, 220], [220, 180, 240], 0.0),  # both: 20 > 10
                               ([150, 140, 130], [200, 170, 160], 1.0),  # neither: -20 > -40
                               ([170, 180, 160], [190, 200, 180], 0.5)]:  # a tie
        games.update({"a": first, "b": second})
        assert _paired_job((config, ["a", "b"], 1, 1))["won"] == won, (first, second)


def test_a_four_player_run_holds_its_match_in_four_player_games(tmp_path, monkeypatch,
                                                                  capsys):
    import game.ai.train as train_module
    played = []

    def job(job):
        config, seats, seed, index = job
        played.append(config.players)
        return {"index": index, "scores": [[200] * 4] * 2, "candidate": 0, "won": 1.0,
                "candidate_score": 200, "other_score": 200, "beaten": [True, False]}
    monkeypatch.setattr(train_module, "_match_job", job)
    folder = tmp_path / "run"
    assert run(_train_args(folder, "--epochs", "1", "--players", "4")) == 0
    out = capsys.readouterr().out
    assert played == [4]  # --match-games 1
    assert "each side against 3 medium players on the same dice" in out
    about = json.loads(sidecar(folder / "best.npz").read_text(encoding="utf-8"))
    assert about["match"]["paired_against"] == "3 medium" and about["match"]["won"] == [1, 0]
