"""Seeded random games stay the same games: the rules' speed work must not change which
actions are legal, in which order they are listed, or what a chance step draws. Each hash
covers a game's every chance outcome and action and its final state's JSON; they were
recorded from the rules before any of that work."""

from __future__ import annotations

import hashlib

import pytest

from game.rules import GameConfig
from game.simulate import play_random_game

# (players, rule set, board mode, Châteauma) -> the hashes of the games of seeds 0-9.
PINNED = {
    (2, "special", "advanced", None): (
        "1b0b410293c3930b", "44ebb030b4d24a6a", "e400fcc59ea663e0", "eec0e6b4557572cd",
        "bd8991acb1912a13", "cd7266d079cdc968", "87836f7be4ef4516", "63095aa4732cdf13",
        "60c1902fc8fb35cb", "41b4fc61dbfc4638",
    ),
    (3, "special", "advanced", None): (
        "bdf2dd8bfa6b32fe", "bda4bd63c025e7f3", "824dde31800ac22d", "62882a70d5a86a69",
        "9aec3b41422f3646", "20d5a9196f606fdc", "c8a455478dd8ac97", "e9bfcdef69d4e892",
        "c890ea57c0cd10b8", "1cd273e2e2f27ae0",
    ),
    (4, "special", "advanced", None): (
        "b6042ec435f9be19", "82a7d16d9427a9c4", "8fb51b9667f7efca", "5e04accb79f492c7",
        "5f1618efe17e8503", "b9488e3823130ba9", "c7d0a20d4f4ef528", "c4d3c981c43548dd",
        "e2c47340b0122883", "9a74a0805e8335af",
    ),
    (2, "original", "basic", None): (
        "219e5ecd352b3261", "c5227b5a32098ba3", "69b462c6afbaec8c", "dd797a5dfdf0627d",
        "16c184d65af1ceea", "e7d2bd413bcb2e8e", "ae85adb11e9e65a0", "c1d719f2dcdc1ae5",
        "1aa55c88f7eb7b20", "a4a0719bc57f4f99",
    ),
    (3, "alea2019", "random", None): (
        "cc15145705ac9925", "bca4bb96ce833609", "f9b4f4f7cf6d6caf", "395e9abdc8f10a01",
        "18bb84b601f1148c", "c618161b839f95a4", "4d2d42503bc1fd33", "aff8f356caaf2a82",
        "28d612d546b36c29", "550b11b4b0840942",
    ),
    (4, "yucata", "free", None): (
        "ee165b2958ed8b1d", "6195dc22bfb61216", "5829ea245d728c49", "dae3dbf20954d755",
        "e070e0ae85f4358d", "2f14c2f4e80da2b2", "c43e84aecf391243", "5bfefafee1b31a35",
        "c4816785c7909cb2", "c63149a8fb3fcfe4",
    ),
    (2, "special", "advanced", "hard+A+B+C+D"): (
        "cf9efc60a2ce5169", "6de8eee5770f8b90", "223c2e1f5f445df2", "690c017842b1ad95",
        "330bc7e7a93fb4db", "865d85308014cfd9", "2a8909d512c81ab7", "9e020c0932f7be8d",
        "947bfff0a4d9d266", "ed939f26ba04558f",
    ),
    (3, "special", "advanced", "easy"): (
        "d29fe715d800e6be", "340b3217f8555c45", "ef37d9d74670acd7", "4decb14d83f7f9df",
        "007838082f85f654", "27cdc5590f4ebdb1", "eed730a0e1da01eb", "485cc014d0abf8ea",
        "6faa8ad5e501d259", "0e5c8918ff43a0d2",
    ),
}


def game_hash(config: GameConfig, seed: int) -> str:
    game = play_random_game(config, seed)
    text = repr(game.moves) + "|" + game.state.to_json()
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("key", PINNED, ids=lambda k: "-".join(map(str, k)))
def test_seeded_random_games_are_the_pinned_games(key):
    players, rules, board_mode, chateauma = key
    config = GameConfig(players=players, rules=rules, board_mode=board_mode,
                        chateauma=chateauma)
    assert tuple(game_hash(config, seed) for seed in range(10)) == PINNED[key]
