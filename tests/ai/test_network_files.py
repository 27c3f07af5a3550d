"""Damaged, foreign and hostile weights files, generated from a seed, through the one
place a network is read (`ValueNet.load`, by way of `learned.load_net` as Hard and the
tools read it): each is refused with a `WeightsError` that names the file and says what is
wrong; no other exception escapes, nothing hangs, and the file is left as it was.

The default run tries a few hundred files; ``-m slow`` tries thousands."""

from __future__ import annotations

import io
import os
import random
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game.ai import learned
from game.ai.features import SIZE
from game.ai.learned import load_net
from game.ai.network import MOST_BYTES, ValueNet, WeightsError


def _arrays(with_optimizer: bool) -> dict[str, np.ndarray]:
    """A small trained-looking network's arrays (with the optimizer's state: a checkpoint)."""
    net = ValueNet((SIZE, 6, 3, 1), seed=7)
    if with_optimizer:
        x = np.random.default_rng(1).normal(size=(40, SIZE))
        y = x[:, 0] * 3.0
        net.fit_scaling(x, y)
        net.epoch(x, y, np.random.default_rng(2), batch=8)
    return net.arrays(with_optimizer)


def _npz(arrays: dict[str, Any]) -> bytes:
    out = io.BytesIO()
    np.savez(out, **arrays)
    return out.getvalue()


def _floats(arrays: dict) -> list[str]:
    return [k for k, v in arrays.items() if v.dtype.kind == "f"]


# Each mutation turns a valid network's arrays (or file) into the bytes of a file that must
# be refused, and names the fault the message must mention.

def _truncated(rng, arrays):
    raw = _npz(arrays)
    return raw[:rng.randrange(1, len(raw))], ("damaged or cut short", "is empty",
                                              "not an .npz")


def _empty(rng, arrays):
    return b"", ("the file is empty",)


def _not_a_zip(rng, arrays):
    choices = [b"hello", b'{"sizes": [309, 1]}', bytes(rng.randrange(256) for _ in range(300)),
               b"\x93NUMPY" + bytes(40)]
    out = io.BytesIO()
    np.save(out, np.ones(3))   # one array, not an archive of them
    choices.append(out.getvalue())
    raw = rng.choice(choices)
    return raw, ("not an .npz archive",)


def _zip_of_garbage(rng, arrays):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name in rng.sample(sorted(arrays), 3):
            archive.writestr(f"{name}.npy", b"\x93NUMPY" + bytes(rng.randrange(256)
                                                                 for _ in range(60)))
    return out.getvalue(), ("",)


def _flipped(rng, arrays):
    """A bit changed inside an array's numbers: the archive's checksum no longer fits."""
    raw = bytearray(_npz(arrays))
    with zipfile.ZipFile(io.BytesIO(bytes(raw))) as archive:
        info = archive.getinfo(rng.choice(_floats(arrays)) + ".npy")
    # the member's data: after its local header (30 bytes, its name and extra field)
    name_length = int.from_bytes(raw[info.header_offset + 26:info.header_offset + 28], "little")
    extra_length = int.from_bytes(raw[info.header_offset + 28:info.header_offset + 30],
                                  "little")
    start = info.header_offset + 30 + name_length + extra_length
    header = 10 + int.from_bytes(raw[start + 8:start + 10], "little")   # .npy version 1
    raw[start + rng.randrange(header, info.file_size)] ^= 1 << rng.randrange(8)
    return bytes(raw), ("damaged or cut short",)


def _wrong_shape(rng, arrays):
    name = rng.choice([k for k in _floats(arrays) if arrays[k].ndim >= 1])
    a = arrays[name]
    shape = list(a.shape)
    axis = rng.randrange(len(shape))
    shape[axis] += rng.choice((-1, 1, 5))
    changed = {name: np.zeros([max(0, n) for n in shape]) if rng.random() < 0.8 else a.T[None]}
    return _npz({**arrays, **changed}), (f"'{name}' has shape",)


def _not_finite(rng, arrays):
    name = rng.choice(_floats(arrays))
    a = np.array(arrays[name], dtype=np.float64)
    a.flat[rng.randrange(a.size)] = rng.choice((np.nan, np.inf, -np.inf))
    return _npz({**arrays, name: a}), (f"'{name}' holds values that are not finite",)


def _no_layers(rng, arrays):
    kept = {k: v for k, v in arrays.items() if k[0] not in "wb" and not k.startswith("adam")}
    kept["sizes"] = np.array(rng.choice(([SIZE], [], [[SIZE, 1]])), dtype=np.int64)
    return _npz(kept), ("no layers",)


def _extra(rng, arrays):
    name = rng.choice(("w3", "b9", "notes", "adam_m99", "sizes2", "x"))
    return _npz({**arrays, name: np.zeros(rng.randrange(1, 5))}), (repr(name),)


def _missing(rng, arrays):
    name = rng.choice([k for k in arrays if k not in ("blend", "residual", "own")])
    return _npz({k: v for k, v in arrays.items() if k != name}), (
        f"'{name}' is missing", "has not", "'adam_step'")


def _wrong_type(rng, arrays):
    name = rng.choice(sorted(arrays))
    value = rng.choice((np.array(["a", "b"]), np.array(1 + 2j), np.array([b"xy"])))
    return _npz({**arrays, name: value}), (f"'{name}' holds",)


def _pickled(rng, arrays):
    name = rng.choice(sorted(arrays))
    return _npz({**arrays, name: np.array([{"a": 1}, None], dtype=object)}), ("pickle",)


def _bad_sizes(rng, arrays):
    sizes = rng.choice(([SIZE, 6, 3, 2], [SIZE, 0, 3, 1], [SIZE, -6, 3, 1],
                        [SIZE, 10 ** 12, 1], [SIZE, 6.0, 3.0, 1.0]))
    return _npz({**arrays, "sizes": np.array(sizes)}), ("'sizes'",)


def _bad_scalars(rng, arrays):
    name, value = rng.choice((("std", 0.0), ("std", -1.0), ("scale", 0.0), ("scale", -2.0),
                              ("blend", 1.5), ("blend", -0.1), ("residual", 2.0),
                              ("own", 0.5), ("adam_step", -3)))
    if name == "adam_step" and name not in arrays:
        name, value = "blend", 7.0
    a = np.full_like(arrays[name], value) if np.ndim(arrays[name]) else np.asarray(value)
    return _npz({**arrays, name: a}), (f"'{name}'",)


def _other_inputs(rng, arrays):
    inputs = rng.choice((1, SIZE - 1, SIZE + 1, 40))
    net = ValueNet((inputs, rng.randrange(1, 9), 1), seed=rng.randrange(100))
    return _npz(net.arrays()), (f"takes {inputs} inputs, not the {SIZE} features",)


MUTATIONS = [_truncated, _empty, _not_a_zip, _zip_of_garbage, _flipped, _wrong_shape,
             _not_finite, _no_layers, _extra, _missing, _wrong_type, _pickled, _bad_sizes,
             _bad_scalars, _other_inputs]


def _refused(path: Path, says: tuple[str, ...]) -> None:
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(WeightsError) as error:
        load_net(path)
    message = str(error.value)
    assert message.startswith(f"{path} is not a usable weights file: "), message
    assert any(s in message for s in says), (says, message)
    assert "Traceback" not in message
    if before is not None:
        assert path.read_bytes() == before


def _fuzz(tmp_path: Path, seed: int, count: int, monkeypatch) -> None:
    monkeypatch.setattr(learned, "_NETS", {})   # read each file afresh
    rng = random.Random(seed)
    bases = [_arrays(False), _arrays(True)]
    for i in range(count):
        mutation = MUTATIONS[i % len(MUTATIONS)]
        raw, says = mutation(rng, rng.choice(bases))
        path = tmp_path / f"{i:05d}-{mutation.__name__.strip('_')}.npz"
        path.write_bytes(raw)
        _refused(path, says)


def test_the_unchanged_files_load(tmp_path) -> None:
    for i, arrays in enumerate((_arrays(False), _arrays(True))):
        path = tmp_path / f"value{i}.npz"
        path.write_bytes(_npz(arrays))
        assert load_net(path).sizes == (SIZE, 6, 3, 1)


def test_every_damaged_weights_file_is_refused_with_a_message(tmp_path, monkeypatch) -> None:
    _fuzz(tmp_path, seed=1, count=15 * 20, monkeypatch=monkeypatch)


@pytest.mark.slow
def test_many_damaged_weights_files_are_refused_with_a_message(tmp_path, monkeypatch) -> None:
    _fuzz(tmp_path, seed=2, count=15 * 300, monkeypatch=monkeypatch)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_refused_without_being_opened(tmp_path) -> None:
    path = tmp_path / "value.npz"
    os.mkfifo(path)   # opening it to read would wait for a writer for ever
    _refused(path, ("not a regular file",))


def test_a_folder_a_device_and_a_missing_file_are_refused(tmp_path) -> None:
    (tmp_path / "folder.npz").mkdir()
    _refused(tmp_path / "folder.npz", ("not a regular file",))
    _refused(tmp_path / "missing.npz", ("cannot be read",))
    if os.path.exists("/dev/zero"):
        _refused(Path("/dev/zero"), ("not a regular file",))


def test_a_file_larger_than_any_network_is_refused_unread(tmp_path) -> None:
    path = tmp_path / "value.npz"
    with open(path, "wb") as f:
        f.truncate(MOST_BYTES + 1)   # sparse: no disk used
    _refused(path, ("larger than",))


def test_an_archive_that_unpacks_past_the_limit_is_refused(tmp_path) -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("w0.npy", bytes(MOST_BYTES + 1))   # compresses to about 64 kB
    path = tmp_path / "value.npz"
    path.write_bytes(out.getvalue())
    _refused(path, ("unpacks to more than",))


def test_a_damaged_shipped_file_leaves_hard_with_the_hand_tuned_evaluation(
        tmp_path, monkeypatch) -> None:
    shipped = tmp_path / "value.npz"
    shipped.write_bytes(_npz(_arrays(False))[:500])
    shipped.with_suffix(".json").write_text(
        '{"options": {"players": 2, "rules": "special", "modules": []}}', encoding="utf-8")
    monkeypatch.setattr(learned, "SHIPPED", shipped)
    monkeypatch.setattr(learned, "_NETS", {})
    assert type(learned.shipped_evaluator()) is learned.Evaluator


@pytest.mark.parametrize("damage", ["checkpoint.npz", "checkpoint.json"])
def test_a_damaged_checkpoint_is_trained_afresh(tmp_path, capsys, damage) -> None:
    """`train` resumes from its checkpoint; one it cannot read is replaced by training
    from the start, as a checkpoint made with other options is."""
    from game.ai.train import train
    rng = np.random.default_rng(3)
    x, y = rng.normal(size=(60, SIZE)), rng.normal(size=60) * 10
    games = np.arange(60) // 6

    def run(epochs: int) -> ValueNet:
        return train(x, y, games, tmp_path, epochs, hidden=4, batch=16, step=1e-3, seed=5,
                     blend=1.0)

    run(1)
    (tmp_path / damage).write_bytes(b"{" if damage.endswith(".json") else b"PK\x03\x04")
    capsys.readouterr()
    again = run(2)
    said = capsys.readouterr().out
    assert "starting afresh" in said
    assert "epoch 1/2" in said   # from the first epoch again
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    expected = train(x, y, games, fresh, 2, hidden=4, batch=16, step=1e-3, seed=5, blend=1.0,
                     quiet=True)
    assert np.array_equal(again.predict(x), expected.predict(x))
