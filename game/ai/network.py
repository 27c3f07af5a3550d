"""A small value network in numpy: a multilayer perceptron from features to one number.

Inputs are standardized by the training data's means and deviations (stored with the
weights), hidden layers use ReLU, the output is linear and scaled back to points. It is
trained by minibatch Adam on the squared error. Inference is plain float64 matrix
arithmetic, so the same weights and input give the same value every time.

Weights are stored as an `.npz` file (arrays only, loaded without pickle) next to a JSON
sidecar of the same name that says how they were made (command, seed, data size, the
match that accepted them). A file is read only through `ValueNet.load`, which refuses
anything but a regular file of at most MOST_BYTES holding exactly the arrays a network is
made of, of the shapes its `sizes` say and with finite values: a `WeightsError` says what
is wrong, so a damaged, foreign or hostile file never reaches the search.
"""

from __future__ import annotations

import io
import json
import os
import stat
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

# The largest weights file read, unpacked (the shipped ones are about 50 kB; a checkpoint
# with the optimizer's state of a 4,096-unit network is about 30 MB).
MOST_BYTES = 64 * 2 ** 20
ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")   # an .npz is a zip archive (or an empty one)


class WeightsError(ValueError):
    """A weights file that cannot be used; the message names the file and the fault."""


def read_regular(path: Path, most: int) -> bytes:
    """The bytes of a regular file of at most `most` bytes: ValueError saying why for
    anything else, OSError if it cannot be read. A directory, a pipe or a device is refused
    before it is opened, and the file is opened non-blocking, so a pipe put in its place in
    between cannot hang the reader."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise ValueError("it is not a regular file")
    if info.st_size > most:
        raise ValueError(f"it is larger than {most:,} bytes")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise ValueError("it is not a regular file")
        data = f.read(most + 1)
    if len(data) > most:
        raise ValueError(f"it is larger than {most:,} bytes")
    return data


@dataclass
class Adam:
    """The optimizer's state, kept so that training resumes exactly."""
    step: int = 0
    m: list = field(default_factory=list)
    v: list = field(default_factory=list)


class ValueNet:
    """`sizes` = (inputs, hidden..., 1)."""

    def __init__(self, sizes: tuple[int, ...], seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.sizes = tuple(int(s) for s in sizes)
        self.weights = [rng.normal(0.0, np.sqrt(2.0 / a), (a, b))
                        for a, b in zip(self.sizes, self.sizes[1:])]
        self.biases = [np.zeros(b) for b in self.sizes[1:]]
        self.mean = np.zeros(self.sizes[0])
        self.std = np.ones(self.sizes[0])
        self.scale = 1.0          # target units per output unit
        self.blend = 1.0          # share of the network in the learned evaluation (learned.py)
        self.residual = False     # the target is the final margin less the hand-tuned advantage
        self.own = False          # ... or the seat's own final score less its hand-tuned value
        self.adam = Adam()

    # --- inference ----------------------------------------------------------------------

    def predict(self, x: np.ndarray) -> np.ndarray:
        """Values of a batch of feature rows (or one row), in target units."""
        single = x.ndim == 1
        h = (np.atleast_2d(np.asarray(x, dtype=np.float64)) - self.mean) / self.std
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            h = h @ w + b
            if i < last:
                np.maximum(h, 0.0, out=h)
        out = h[:, 0] * self.scale
        return out[0] if single else out

    # --- training -----------------------------------------------------------------------

    def fit_scaling(self, x: np.ndarray, y: np.ndarray) -> None:
        """Standardize inputs and target by the training data (before the first epoch)."""
        x = np.asarray(x, dtype=np.float64)
        self.mean = x.mean(axis=0)
        std = x.std(axis=0)
        self.std = np.where(std > 1e-6, std, 1.0)
        self.scale = float(max(np.std(y), 1e-6))

    def loss(self, x: np.ndarray, y: np.ndarray) -> float:
        """Mean squared error in standardized target units."""
        return float(np.mean(((self.predict(x) - y) / self.scale) ** 2))

    def _gradients(self, x: np.ndarray, y: np.ndarray) -> tuple[list, list]:
        h = (np.asarray(x, dtype=np.float64) - self.mean) / self.std
        acts = [h]
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            h = h @ w + b
            if i < last:
                h = np.maximum(h, 0.0)
            acts.append(h)
        delta = (acts[-1][:, 0] - y / self.scale)[:, None] * (2.0 / len(y))
        gw: list = [None] * len(self.weights)
        gb: list = [None] * len(self.weights)
        for i in range(last, -1, -1):
            gw[i] = acts[i].T @ delta
            gb[i] = delta.sum(axis=0)
            if i:
                delta = (delta @ self.weights[i].T) * (acts[i] > 0)
        return gw, gb

    def epoch(self, x: np.ndarray, y: np.ndarray, rng: np.random.Generator,
              batch: int = 256, rate: float = 1e-3, decay: float = 1e-4) -> None:
        """One pass of minibatch Adam over the data, in an order drawn from `rng`."""
        params = self.weights + self.biases
        a = self.adam
        if not a.m:
            a.m = [np.zeros_like(p) for p in params]
            a.v = [np.zeros_like(p) for p in params]
        b1, b2, eps = 0.9, 0.999, 1e-8
        order = rng.permutation(len(y))
        for start in range(0, len(y), batch):
            idx = order[start:start + batch]
            gw, gb = self._gradients(x[idx], y[idx])
            grads = [g + decay * w for g, w in zip(gw, self.weights)] + gb
            a.step += 1
            for p, g, m, v in zip(params, grads, a.m, a.v):
                m *= b1
                m += (1 - b1) * g
                v *= b2
                v += (1 - b2) * g * g
                mh = m / (1 - b1 ** a.step)
                vh = v / (1 - b2 ** a.step)
                p -= rate * mh / (np.sqrt(vh) + eps)

    # --- files --------------------------------------------------------------------------

    def arrays(self, with_optimizer: bool = False) -> dict[str, np.ndarray]:
        out = {"sizes": np.asarray(self.sizes), "mean": self.mean, "std": self.std,
               "scale": np.asarray(self.scale), "blend": np.asarray(self.blend),
               "residual": np.asarray(self.residual), "own": np.asarray(self.own)}
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            out[f"w{i}"] = w
            out[f"b{i}"] = b
        if with_optimizer and self.adam.m:
            out["adam_step"] = np.asarray(self.adam.step)
            n = len(self.adam.m)
            for i in range(n):
                out[f"adam_m{i}"] = self.adam.m[i]
                out[f"adam_v{i}"] = self.adam.v[i]
        return out

    @classmethod
    def from_arrays(cls, data) -> ValueNet:
        """The network in a mapping of arrays (an open .npz file or `arrays()`), checked
        whole: WeightsError names the first array that is missing, unexpected, of the
        wrong type or shape, or not finite."""
        sizes = _array(data, "sizes", integral=True)
        if sizes.ndim != 1 or len(sizes) < 2:
            raise WeightsError("the network has no layers ('sizes' lists fewer than two)")
        if (sizes < 1).any() or (sizes > MOST_BYTES // 8).any() or sizes[-1] != 1:
            raise WeightsError(f"'sizes' {sizes.tolist()} is not a network's: every layer "
                               "needs at least one unit and the output is one number")
        net = cls.__new__(cls)
        net.sizes = tuple(int(s) for s in sizes)
        layers = len(net.sizes) - 1
        net.weights = [_array(data, f"w{i}", net.sizes[i:i + 2]) for i in range(layers)]
        net.biases = [_array(data, f"b{i}", net.sizes[i + 1:i + 2]) for i in range(layers)]
        net.mean = _array(data, "mean", net.sizes[:1])
        net.std = _array(data, "std", net.sizes[:1])
        if (net.std <= 0).any():
            raise WeightsError("'std' holds a deviation of 0 or less")
        net.scale = float(_array(data, "scale", ()))
        if net.scale <= 0:
            raise WeightsError("'scale' is 0 or less")
        net.blend = float(_array(data, "blend", ())) if "blend" in data else 1.0
        if not 0.0 <= net.blend <= 1.0:
            raise WeightsError("'blend' is not a share from 0 to 1")
        net.residual = _flag(data, "residual")
        net.own = _flag(data, "own")
        net.adam = Adam()
        known = {"sizes", "mean", "std", "scale", "blend", "residual", "own",
                 *(f"{k}{i}" for k in "wb" for i in range(layers))}
        if "adam_step" in data:
            step = _array(data, "adam_step", (), integral=True)
            net.adam.step = int(step)
            if net.adam.step < 0:
                raise WeightsError("'adam_step' is negative")
            shapes = [w.shape for w in net.weights] + [b.shape for b in net.biases]
            net.adam.m = [_array(data, f"adam_m{i}", shape) for i, shape in enumerate(shapes)]
            net.adam.v = [_array(data, f"adam_v{i}", shape) for i, shape in enumerate(shapes)]
            if any((v < 0).any() for v in net.adam.v):
                raise WeightsError("an 'adam_v' array holds a negative second moment")
            known |= {"adam_step", *(f"adam_{k}{i}" for k in "mv" for i in range(len(shapes)))}
        unexpected = sorted(set(data) - known)
        if unexpected:
            raise WeightsError(f"it holds arrays a network of {layers} layers has not: "
                               f"{', '.join(map(repr, unexpected[:5]))}")
        return net

    def save(self, path: Path, about: dict | None = None, with_optimizer: bool = False) -> None:
        """Write the weights (and the sidecar `about`, if given) atomically."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.stem + ".tmp.npz")
        # numpy's stub types the keywords as savez's own options, not as the arrays.
        np.savez(tmp, **self.arrays(with_optimizer))  # type: ignore[arg-type]
        tmp.replace(path)
        if about is not None:
            side = sidecar(path)
            tmp_side = side.with_suffix(".tmp")
            tmp_side.write_text(json.dumps(about, indent=1, sort_keys=True) + "\n",
                                encoding="utf-8")
            tmp_side.replace(side)

    @classmethod
    def load(cls, path: Path, inputs: int | None = None) -> ValueNet:
        """The network in a weights file, checked whole (from_arrays), and taking `inputs`
        features if given; WeightsError if the file cannot be used as one."""
        path = Path(path)
        try:
            raw = read_regular(path, MOST_BYTES)
            if not raw:
                raise WeightsError("the file is empty")
            if not raw.startswith(ZIP_MAGIC):
                raise WeightsError("it is not an .npz archive of arrays")
            with zipfile.ZipFile(io.BytesIO(raw)) as archive:
                if sum(member.file_size for member in archive.infolist()) > MOST_BYTES:
                    raise WeightsError(f"it unpacks to more than {MOST_BYTES:,} bytes")
            with np.load(io.BytesIO(raw), allow_pickle=False) as data:
                net = cls.from_arrays(data)
        except WeightsError as e:
            raise WeightsError(f"{path} is not a usable weights file: {e}") from None
        except (zipfile.BadZipFile, EOFError, zlib.error):
            raise WeightsError(f"{path} is not a usable weights file: the archive is "
                               "damaged or cut short") from None
        except OSError as e:
            raise WeightsError(f"{path} is not a usable weights file: it cannot be read "
                               f"({e.strerror or e})") from None
        except (ValueError, KeyError, NotImplementedError) as e:
            raise WeightsError(f"{path} is not a usable weights file: {e}") from None
        if inputs is not None and net.sizes[0] != inputs:
            raise WeightsError(f"{path} is not a usable weights file: its network takes "
                               f"{net.sizes[0]} inputs, not the {inputs} features of a "
                               "position")
        return net


def _array(data, name: str, shape: tuple[int, ...] | None = None,
           integral: bool = False) -> np.ndarray:
    """Array `name` of `data` as float64 (int64 if `integral`), checked for its presence,
    type, shape and finite values."""
    if name not in data:
        raise WeightsError(f"the array {name!r} is missing")
    array = np.asarray(data[name])
    kinds = "iub" if integral else "iubf"
    if array.dtype.kind not in kinds:
        wanted = "whole numbers" if integral else "numbers"
        raise WeightsError(f"the array {name!r} holds {array.dtype} values, not {wanted}")
    if shape is not None and array.shape != tuple(shape):
        raise WeightsError(f"the array {name!r} has shape {array.shape}, not {tuple(shape)}")
    if integral:
        return array.astype(np.int64)
    array = array.astype(np.float64)
    if not np.isfinite(array).all():
        raise WeightsError(f"the array {name!r} holds values that are not finite (NaN or "
                           "infinite)")
    return array


def _flag(data, name: str) -> bool:
    """A yes/no array (False when absent: files from before it)."""
    if name not in data:
        return False
    value = _array(data, name, ())
    if value not in (0.0, 1.0):
        raise WeightsError(f"the array {name!r} is neither true nor false")
    return bool(value)


def sidecar(path: Path) -> Path:
    """The JSON file that describes a weights file."""
    return Path(path).with_suffix(".json")
