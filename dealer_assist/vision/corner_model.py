"""The corner network: a small convolutional network that reads a whole index corner at once.

The glyph reader (:mod:`index`) must first cut the rank and the suit apart; under blur a rank
runs into its suit or into a pip and the cut fails, and the card is missed. The corner network
needs no cut: it looks at the whole canonical corner (the same region the glyph reader warps),
shrunk to ``PATCH_WIDTH`` x ``PATCH_HEIGHT`` pixels of ink and its colour (``corner_patch``),
and answers with two heads: the rank (13
ranks and *junk*) and the suit (4 suits and *junk*). Junk is a corner that shows no whole index
(felt, a picture, a pip, a corner covered by another card).

The network is trained by ``scripts/vision_train_corners.py`` (PyTorch, training only) and
shipped as ONNX (``model/corners.onnx``); at run time OpenCV's ``cv2.dnn`` runs it, on one core,
for all the corners of a frame in one batch. The file holds weights only, no card art.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

import cv2
import numpy as np

PATCH_WIDTH = 32
PATCH_HEIGHT = 64
CHANNELS = 3  # ink, red-green, yellow-blue
CHANNEL_LOW = np.array([0.0, -1.0, -1.0], np.float32)
PAPER_SHARE = 0.92  # the paper is the brightness this share of the corner's pixels stay below
RANK_OUTPUTS = 14  # Rank order of dealer_assist.cards, then junk
SUIT_OUTPUTS = 5  # spades, hearts, diamonds, clubs, junk (classifier.SUIT_CLASSES)
MODEL_FILE = "corners.onnx"


def corner_patch(region: np.ndarray) -> np.ndarray:
    """The network's input for a warped corner region (BGR): float32, CHANNELS x H x W.

    The region is shrunk and each colour channel divided by the paper's (a white balance): the
    first channel is ink (darkness in the weakest channel, 0 paper, 1 black), the other two the
    ink's colour as red-green and yellow-blue differences (0 for black ink and for paper). Colour
    tells a small red diamond from a black spade; four-colour decks learn their own.
    """
    small = cv2.resize(region, (PATCH_WIDTH, PATCH_HEIGHT), interpolation=cv2.INTER_AREA)
    pixels = small.reshape(-1, 3)
    rank = int(PAPER_SHARE * (len(pixels) - 1))
    paper = np.partition(pixels, rank, axis=0)[rank].astype(np.float32)
    relative = small.astype(np.float32) / np.maximum(paper, 1.0)
    b, g, r = relative[:, :, 0], relative[:, :, 1], relative[:, :, 2]
    ink = 1.0 - np.minimum(np.minimum(b, g), r)
    result = np.stack([ink, r - g, 0.5 * (r + g) - b])
    clipped: np.ndarray = np.clip(result, CHANNEL_LOW[:, None, None], 1.0).astype(np.float32)
    return clipped


def corner_patches(regions: Sequence[np.ndarray]) -> np.ndarray:
    """``corner_patch`` of every region (N x CHANNELS x H x W), the arithmetic of all of them
    at once: the same numbers, without a dozen rounds of small array operations a frame."""
    if not regions:
        return np.zeros((0, CHANNELS, PATCH_HEIGHT, PATCH_WIDTH), np.float32)
    small = np.stack(
        [
            cv2.resize(region, (PATCH_WIDTH, PATCH_HEIGHT), interpolation=cv2.INTER_AREA)
            for region in regions
        ]
    )
    # Channel planes (contiguous): the same arithmetic as on the pixels' triples, faster.
    planes = np.ascontiguousarray(small.transpose(0, 3, 1, 2))  # N x 3 x H x W
    flat = planes.reshape(len(regions), 3, -1)
    rank = int(PAPER_SHARE * (flat.shape[2] - 1))
    paper = np.partition(flat, rank, axis=2)[:, :, rank].astype(np.float32)
    relative = planes.astype(np.float32) / np.maximum(paper, 1.0)[:, :, None, None]
    b, g, r = relative[:, 0], relative[:, 1], relative[:, 2]
    ink = np.clip(1.0 - np.minimum(np.minimum(b, g), r), CHANNEL_LOW[0], 1.0)
    red_green = np.clip(r - g, CHANNEL_LOW[1], 1.0)
    yellow_blue = np.clip(0.5 * (r + g) - b, CHANNEL_LOW[2], 1.0)
    clipped: np.ndarray = np.stack([ink, red_green, yellow_blue], axis=1).astype(np.float32)
    return clipped


INK_DEPTH_SHARE = 0.98  # the index's ink is the darkness this share of a patch's pixels stay below
PAPER_INK = 0.15  # a patch's pixels with less ink than this are its paper
PAPER_PIXELS = 32  # fewer paper pixels than this: no grain measured (the patch is illegible)


def legibility(patch: np.ndarray) -> float:
    """How legible a corner is (issue 28, h-black26): the depth of its ink (the darkness
    ``INK_DEPTH_SHARE`` of the patch's ink channel stays below) over the grain of its paper
    (the median absolute Laplacian of the ink channel over the paper, pixels of less than
    ``PAPER_INK`` ink). ``patch``: ``corner_patch``'s (CHANNELS x H x W). A clean index of
    deep ink scores 30 to a few hundred; a dim, noisy, blurred one under 25 (building scenes:
    the dim style's corners mostly 4-25). No paper to measure the grain on: 0."""
    ink = np.ascontiguousarray(patch[0], np.float32)
    depth = float(np.percentile(ink, 100 * INK_DEPTH_SHARE))
    paper = ink < PAPER_INK
    if int(paper.sum()) < PAPER_PIXELS:
        return 0.0
    grain = float(np.median(np.abs(cv2.Laplacian(ink, cv2.CV_32F))[paper]))
    return depth / max(grain, 1e-3)


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    result: np.ndarray = e / e.sum(axis=1, keepdims=True)
    return result


_local = threading.local()


class CornerModel:
    """The corner network, run by OpenCV (an OpenCV network is not thread-safe: ``shared``
    gives each thread its own)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._net = cv2.dnn.readNetFromONNX(str(path))

    @staticmethod
    def shared() -> CornerModel:
        """The shipped network, loaded once per thread."""
        model: CornerModel | None = getattr(_local, "model", None)
        if model is None:
            model = CornerModel.load()
            _local.model = model
        return model

    @staticmethod
    def load(path: Path | None = None) -> CornerModel:
        """The network shipped with the package, or the one at ``path``."""
        if path is None:
            with resources.as_file(
                resources.files("dealer_assist.vision") / "model" / MODEL_FILE
            ) as shipped:
                return CornerModel(Path(shipped))
        return CornerModel(path)

    def probabilities(self, patches: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Rank (N x 14) and suit (N x 5) probabilities for patches (N x C x H x W), junk last."""
        batch = np.ascontiguousarray(patches, np.float32).reshape(
            -1, CHANNELS, PATCH_HEIGHT, PATCH_WIDTH
        )
        self._net.setInput(batch)
        logits = np.asarray(self._net.forward(), np.float32).reshape(len(batch), -1)
        return _softmax(logits[:, :RANK_OUTPUTS]), _softmax(logits[:, RANK_OUTPUTS:])


def corner_model_available(path: Path | None = None) -> bool:
    if path is not None:
        return path.exists()
    return (resources.files("dealer_assist.vision") / "model" / MODEL_FILE).is_file()
