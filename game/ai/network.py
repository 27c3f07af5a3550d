"""A small value network in numpy: a multilayer perceptron from features to one number.

Inputs are standardized by the training data's means and deviations (stored with the
weights), hidden layers use ReLU, the output is linear and scaled back to points. It is
trained by minibatch Adam on the squared error. Inference is plain float64 matrix
arithmetic, so the same weights and input give the same value every time.

Weights are stored as an `.npz` file (arrays only, loaded without pickle) next to a JSON
sidecar of the same name that says how they were made (command, seed, data size, the
match that accepted them).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np


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
    def from_arrays(cls, data) -> "ValueNet":
        net = cls.__new__(cls)
        net.sizes = tuple(int(s) for s in data["sizes"])
        layers = len(net.sizes) - 1
        net.weights = [np.array(data[f"w{i}"], dtype=np.float64) for i in range(layers)]
        net.biases = [np.array(data[f"b{i}"], dtype=np.float64) for i in range(layers)]
        net.mean = np.array(data["mean"], dtype=np.float64)
        net.std = np.array(data["std"], dtype=np.float64)
        net.scale = float(data["scale"])
        net.blend = float(data["blend"]) if "blend" in data else 1.0
        net.residual = bool(data["residual"]) if "residual" in data else False
        net.own = bool(data["own"]) if "own" in data else False
        net.adam = Adam()
        for i, w in enumerate(net.weights):
            if w.shape != (net.sizes[i], net.sizes[i + 1]):
                raise ValueError(f"layer {i} has shape {w.shape}, not {net.sizes[i:i + 2]}")
        if "adam_step" in data:
            net.adam.step = int(data["adam_step"])
            n = 2 * layers
            net.adam.m = [np.array(data[f"adam_m{i}"]) for i in range(n)]
            net.adam.v = [np.array(data[f"adam_v{i}"]) for i in range(n)]
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
    def load(cls, path: Path) -> "ValueNet":
        with np.load(Path(path), allow_pickle=False) as data:
            return cls.from_arrays(data)


def sidecar(path: Path) -> Path:
    """The JSON file that describes a weights file."""
    return Path(path).with_suffix(".json")
