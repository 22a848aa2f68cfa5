"""The glyph classifier: two small multilayer perceptrons (rank, suit), in numpy.

The weights (``model/glyphs.npz``, a few hundred kilobytes) are learned by
``scripts/vision_train.py`` from glyphs the reader cut out of synthetic scenes of the Debian card
designs kept for building. They are numbers, not pictures: no card art is stored. Each network
has a ``junk`` class for what is not a rank or a suit (a piece of a picture, a pip, a corner
covered by another card), so a corner that shows no index is not forced into a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import numpy as np

from dealer_assist.cards import Rank, Suit
from dealer_assist.vision.index import glyph_features

RANK_CLASSES: tuple[Rank | None, ...] = (*Rank, None)  # None: junk
SUIT_CLASSES: tuple[Suit | None, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, None)
MODEL_FILE = "glyphs.npz"
# The glyph suit network tells spades from clubs far more surely than it is right to: a small
# or blurred club (its three lobes run together under a stem) reads as a spade 0.94-0.99 sure,
# and multiplied with the corner network's looks that made clubs read surely as spades
# (docs/vision.md, "Spades and clubs"). Its split of the black suits is softened to this power
# (0.5: the odds' square root); chosen on building scenes only.
BLACK_SPLIT_POWER = 0.5
_SPADES, _CLUBS = SUIT_CLASSES.index(Suit.SPADES), SUIT_CLASSES.index(Suit.CLUBS)


def soften_black_split(suits: np.ndarray, power: float = BLACK_SPLIT_POWER) -> np.ndarray:
    """Suit probabilities (``SUIT_CLASSES`` order on the last axis, junk optional) with the
    split between spades and clubs raised to ``power`` and renormalised within the black
    suits: their sum, the red suits and junk are unchanged, so the colour is as sure as before
    and only which black suit is less so.

    >>> soften_black_split(np.array([0.81, 0.0, 0.0, 0.01, 0.18])).round(3).tolist()
    [0.738, 0.0, 0.0, 0.082, 0.18]
    """
    spades, clubs = _SPADES, _CLUBS
    result = np.array(suits, dtype=np.float64, copy=True)
    if result.ndim == 1:  # one look (the reader's case): plain floats, a few microseconds
        s1, c1 = max(float(result[spades]), 0.0), max(float(result[clubs]), 0.0)
        black1, s1, c1 = s1 + c1, s1**power, c1**power
        share = s1 / (s1 + c1) if s1 + c1 > 0 else 0.5
        result[spades], result[clubs] = black1 * share, black1 * (1.0 - share)
        return result
    black = result[..., spades] + result[..., clubs]
    s = np.power(np.maximum(result[..., spades], 0.0), power)
    c = np.power(np.maximum(result[..., clubs], 0.0), power)
    total = s + c
    split = np.divide(s, total, out=np.full_like(total, 0.5), where=total > 0)
    result[..., spades] = black * split
    result[..., clubs] = black * (1.0 - split)
    return result


@dataclass(frozen=True, slots=True)
class Network:
    """input -> standardize -> hidden (ReLU) -> softmax."""

    mean: np.ndarray
    scale: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray

    def logits(self, features: np.ndarray) -> np.ndarray:
        x = (features - self.mean) * self.scale
        hidden = np.maximum(x @ self.w1 + self.b1, 0.0)
        result: np.ndarray = hidden @ self.w2 + self.b2
        return result

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        z = self.logits(np.atleast_2d(features).astype(np.float32))
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        result: np.ndarray = e / e.sum(axis=1, keepdims=True)
        return result


@dataclass(frozen=True, slots=True)
class _Ensemble:
    """The networks of one head folded together for speed (the same arithmetic as averaging
    ``Network.probabilities``): each network's standardisation is folded into its first layer,
    and the first layers of all the networks are one matrix."""

    w1: np.ndarray  # features x (networks * hidden)
    b1: np.ndarray
    w2: np.ndarray  # networks x hidden x classes
    b2: np.ndarray  # networks x classes

    @staticmethod
    def of(networks: tuple[Network, ...]) -> _Ensemble:
        w1 = [n.scale.reshape(-1, 1) * n.w1 for n in networks]
        b1 = [n.b1 - (n.mean * n.scale) @ n.w1 for n in networks]
        return _Ensemble(
            np.hstack(w1).astype(np.float32),
            np.concatenate(b1).astype(np.float32),
            np.stack([n.w2 for n in networks]).astype(np.float32),
            np.stack([n.b2 for n in networks]).astype(np.float32),
        )

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        x = np.atleast_2d(features).astype(np.float32)
        count, hidden, _ = self.w2.shape
        h = np.maximum(x @ self.w1 + self.b1, 0.0).reshape(len(x), count, hidden)
        # Each network's second layer on its own hidden units: networks x rows x classes.
        z = np.matmul(h.transpose(1, 0, 2), self.w2) + self.b2[:, None, :]
        z -= z.max(axis=2, keepdims=True)
        e = np.exp(z)
        p = e / e.sum(axis=2, keepdims=True)
        result: np.ndarray = p.mean(axis=0)
        return result


@dataclass(frozen=True, slots=True)
class GlyphModel:
    """Rank and suit networks; several of each, trained on different subsets of the card
    designs, whose probabilities are averaged: on a design unlike any they learned from they
    disagree, and the averaged confidence drops where one network alone would be sure."""

    rank: tuple[Network, ...]
    suit: tuple[Network, ...]
    info: str = ""
    _rank_ensemble: _Ensemble = field(init=False, repr=False, compare=False)
    _suit_ensemble: _Ensemble = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_rank_ensemble", _Ensemble.of(self.rank))
        object.__setattr__(self, "_suit_ensemble", _Ensemble.of(self.suit))

    def rank_probabilities(self, vectors: np.ndarray) -> np.ndarray:
        """Rows of probabilities over RANK_CLASSES for raw glyph vectors (rows)."""
        return self._rank_ensemble.probabilities(glyph_features(vectors))

    def suit_probabilities(self, vectors: np.ndarray) -> np.ndarray:
        return self._suit_ensemble.probabilities(glyph_features(vectors))

    def save(self, path: Path) -> None:
        arrays: dict[str, np.ndarray] = {"info": np.array(self.info)}
        for name, networks in (("rank", self.rank), ("suit", self.suit)):
            arrays[f"{name}_count"] = np.array(len(networks))
            for k, network in enumerate(networks):
                for part in _FIELDS:
                    arrays[f"{name}{k}_{part}"] = getattr(network, part).astype(np.float32)
        np.savez_compressed(path, allow_pickle=False, **arrays)

    @staticmethod
    def load(path: Path | None = None) -> GlyphModel:
        """The model shipped with the package, or the one at ``path``."""
        if path is None:
            with resources.as_file(
                resources.files("dealer_assist.vision") / "model" / MODEL_FILE
            ) as shipped:
                return GlyphModel.load(Path(shipped))
        with np.load(path) as data:

            def networks(name: str) -> tuple[Network, ...]:
                count = int(data[f"{name}_count"])
                return tuple(
                    Network(*(data[f"{name}{k}_{f}"] for f in _FIELDS)) for k in range(count)
                )

            return GlyphModel(networks("rank"), networks("suit"), str(data["info"]))


_FIELDS = ("mean", "scale", "w1", "b1", "w2", "b2")


def model_available(path: Path | None = None) -> bool:
    if path is not None:
        return path.exists()
    return (resources.files("dealer_assist.vision") / "model" / MODEL_FILE).is_file()


# --- training (used by scripts/vision_train.py) -----------------------------------------------


def train_network(
    features: np.ndarray,
    labels: np.ndarray,
    classes: int,
    *,
    hidden: int = 96,
    epochs: int = 40,
    batch: int = 128,
    learning_rate: float = 2e-3,
    weight_decay: float = 1e-4,
    seed: int = 0,
    class_weights: np.ndarray | None = None,
    groups: list[slice] | None = None,
) -> Network:
    """Train a one-hidden-layer network with Adam and cross-entropy.

    ``groups``: columns standardised together (one mean and spread per group). The glyph
    features use it so that the model file holds no per-pixel statistics of the training
    glyphs (an average picture of the card art would be a derivative of it).
    """
    rng = np.random.default_rng(seed)
    x = features.astype(np.float32)
    mean = x.mean(axis=0)
    std = x.std(axis=0)
    for group in groups or []:
        block = x[:, group]
        mean[group] = float(block.mean())
        std[group] = float(block.std())
    scale = (1.0 / np.maximum(std, 0.05)).astype(np.float32)
    x = (x - mean) * scale
    n, d = x.shape
    w1 = (rng.normal(0, np.sqrt(2.0 / d), (d, hidden))).astype(np.float32)
    b1 = np.zeros(hidden, np.float32)
    w2 = (rng.normal(0, np.sqrt(1.0 / hidden), (hidden, classes))).astype(np.float32)
    b2 = np.zeros(classes, np.float32)
    params = [w1, b1, w2, b2]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    weights = class_weights if class_weights is not None else np.ones(classes, np.float32)
    step = 0
    for epoch in range(epochs):
        order = rng.permutation(n)
        rate = learning_rate * (0.5 * (1 + np.cos(np.pi * epoch / epochs)))
        for start in range(0, n, batch):
            index = order[start : start + batch]
            xb, yb = x[index], labels[index]
            # A little noise on the inputs: the camera is never the same twice.
            xb = xb + rng.normal(0, 0.05, xb.shape).astype(np.float32)
            h_pre = xb @ w1 + b1
            h = np.maximum(h_pre, 0)
            z = h @ w2 + b2
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            sample_weight = weights[yb][:, None]
            grad_z = p.copy()
            grad_z[np.arange(len(yb)), yb] -= 1
            grad_z *= sample_weight / len(yb)
            grad_w2 = h.T @ grad_z + weight_decay * w2
            grad_b2 = grad_z.sum(axis=0)
            grad_h = grad_z @ w2.T
            grad_h[h_pre <= 0] = 0
            grad_w1 = xb.T @ grad_h + weight_decay * w1
            grad_b1 = grad_h.sum(axis=0)
            step += 1
            for param, grad, m, v in zip(
                params, (grad_w1, grad_b1, grad_w2, grad_b2), moments, squares, strict=True
            ):
                m *= 0.9
                m += 0.1 * grad
                v *= 0.999
                v += 0.001 * grad * grad
                m_hat = m / (1 - 0.9**step)
                v_hat = v / (1 - 0.999**step)
                param -= rate * m_hat / (np.sqrt(v_hat) + 1e-8)
    return Network(mean.astype(np.float32), scale, w1, b1, w2, b2)
