"""The black-split reader: spade or club, from a black index corner whose rank is already known.

The corner network and the glyph reader split some small, soft black cards between spades and
clubs (issue 28: the glyph reader's suit network reads clubs as spades 0.94-1.0 sure). This
reader is the corner network (``corner_model``) with its last layer cut to two outputs - spade
and club - and trained further on small blurred black index corners alone, of building designs
(``scripts/vision_black_corners.py``, ``scripts/vision_train_black.py``). It reads the corner
network's own input (``corner_model.corner_patches``), ink only. ONNX (``model/black.onnx``), run
by OpenCV's ``cv2.dnn`` as the corner network is.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from importlib import resources
from pathlib import Path

import cv2
import numpy as np

from dealer_assist.vision.corner_model import CHANNELS, PATCH_HEIGHT, PATCH_WIDTH

MODEL_FILE = "black.onnx"

_local = threading.local()


class BlackSplit:
    """The reader, run by OpenCV (one per thread: ``shared``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._net = cv2.dnn.readNetFromONNX(str(path))

    @staticmethod
    def shared() -> BlackSplit:
        """The shipped reader, loaded once per thread."""
        reader: BlackSplit | None = getattr(_local, "reader", None)
        if reader is None:
            reader = BlackSplit.load()
            _local.reader = reader
        return reader

    @staticmethod
    def load(path: Path | None = None) -> BlackSplit:
        """The reader shipped with the package, or the one at ``path``."""
        if path is None:
            with resources.as_file(
                resources.files("dealer_assist.vision") / "model" / MODEL_FILE
            ) as shipped:
                return BlackSplit(Path(shipped))
        return BlackSplit(path)

    def club_shares(self, patches: np.ndarray) -> np.ndarray:
        """For each corner patch (N x C x H x W, ``corner_patches``), the club's share of
        spade-or-club (N)."""
        batch = np.ascontiguousarray(patches, np.float32).reshape(
            -1, CHANNELS, PATCH_HEIGHT, PATCH_WIDTH
        )
        if not len(batch):
            return np.zeros(0, np.float32)
        self._net.setInput(batch)
        z = np.asarray(self._net.forward(), np.float32).reshape(len(batch), 2)
        z = z - z.max(axis=1, keepdims=True)
        e = np.exp(z)
        shares: np.ndarray = (e[:, 1] / e.sum(axis=1)).astype(np.float32)
        return shares


def black_split_available(path: Path | None = None) -> bool:
    """Whether the black-split network is at ``path`` (None: the one shipped with the package,
    looked for once: a frame asks a dozen times, and the package's files do not come and go)."""
    if path is not None:
        return path.exists()
    return _shipped()


@lru_cache(maxsize=1)
def _shipped() -> bool:
    return (resources.files("dealer_assist.vision") / "model" / MODEL_FILE).is_file()
