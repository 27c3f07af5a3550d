"""Where training's self-play games run: this process, a pool of processes, or Ray; the
games are the same wherever they are played."""

from __future__ import annotations

import argparse
import importlib.util

import numpy as np
import pytest

from game.ai import parallel, train
from game.ai.features import SIZE
from game.ai.network import ValueNet, sidecar
from game.ai.train import _chunk_job, add_arguments, chunk_path, run
from game.rules import GameConfig


def _self_play_args(folder, *extra):
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    # 12 games: two chunks, the second one short.
    return parser.parse_args(["--dir", str(folder), "--games", "12", "--width", "1",
                              *extra])


def _stored(folder) -> list[dict[str, np.ndarray]]:
    chunks = []
    for chunk in range(2):
        with np.load(chunk_path(folder, chunk)) as data:
            chunks.append({name: data[name] for name in ("x", "y", "own", "game")})
    return chunks


def _same(a: list[dict[str, np.ndarray]], b: list[dict[str, np.ndarray]]) -> bool:
    return all(np.array_equal(x[name], y[name]) for x, y in zip(a, b, strict=True)
               for name in ("x", "y", "own", "game"))


def test_jobs_give_the_same_results_in_this_process_and_in_a_pool():
    jobs = list(range(7))
    alone = sorted(parallel.run_jobs(abs, [-j for j in jobs], workers=1))
    pooled = sorted(parallel.run_jobs(abs, [-j for j in jobs], workers=2))
    assert alone == pooled == jobs


def test_self_play_stores_the_same_games_with_one_process_and_with_two(tmp_path):
    for workers in ("1", "2"):
        args = _self_play_args(tmp_path / workers, "--workers", workers)
        args.workers = int(workers)
        train.generate(args, tmp_path / workers, None)
    one, two = _stored(tmp_path / "1"), _stored(tmp_path / "2")
    assert sorted(set(one[1]["game"].tolist())) == [10, 11]
    assert _same(one, two)


def test_a_job_sent_with_its_weights_plays_as_with_the_file_at_hand(tmp_path):
    """A Ray cluster's computers do not share the run's folder: the self-play players'
    weights travel with the job, and the games are the ones the file itself gives."""
    net = ValueNet((SIZE, 8, 4, 1), seed=3)
    net.scale = 40.0  # large enough to change the players' choices
    weights = tmp_path / "best.npz"
    net.save(weights, about={"options": {"players": 2, "rules": "special", "modules": []}})
    contents = {p.name: p.read_bytes() for p in (weights, sidecar(weights)) if p.exists()}
    config = GameConfig(players=2)
    here = _chunk_job((config, 5, 1, 11, 0.1, 1, str(weights), None))
    travelled = _chunk_job((config, 5, 1, 11, 0.1, 1, "/nowhere/best.npz", contents))
    assert here[0] == travelled[0] == 1
    assert all(np.array_equal(here[1][k], travelled[1][k]) for k in here[1])
    by_hand = _chunk_job((config, 5, 1, 11, 0.1, 1, None, None))
    assert not np.array_equal(here[1]["x"], by_hand[1]["x"])  # the weights were played


def test_ray_without_ray_installed_is_refused_clearly(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(train, "ray_installed", lambda: False)
    assert run(_self_play_args(tmp_path / "run", "--ray", "local")) == 2
    err = capsys.readouterr().err
    assert "--ray needs Ray" in err and "pip install" in err
    assert not (tmp_path / "run").exists()


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed")
def test_self_play_on_a_local_ray_instance_stores_the_same_games(tmp_path):
    args = _self_play_args(tmp_path / "alone", "--workers", "1")
    args.workers = 1
    train.generate(args, tmp_path / "alone", None)
    args = _self_play_args(tmp_path / "ray", "--workers", "2", "--ray", parallel.LOCAL)
    args.workers = 2
    train.generate(args, tmp_path / "ray", None)
    assert _same(_stored(tmp_path / "alone"), _stored(tmp_path / "ray"))


def test_an_empty_ray_address_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit):
        _self_play_args(tmp_path / "run", "--ray", " ")
    assert "a Ray address" in capsys.readouterr().err
