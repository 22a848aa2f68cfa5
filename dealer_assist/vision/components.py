"""Connected components with their statistics, as ``cv2.connectedComponentsWithStats`` gives
them, in a fraction of the time on the small images the reader cuts (a corner, a card's middle).

OpenCV's statistics pass costs far more with 32-bit labels than with 16-bit ones (about 100
microseconds more on a corner region of 137 x 70 pixels, where the labelling itself takes 5;
docs/vision.md, "Measured"). The labels and statistics are the same either way; so an image
whose every component fits a 16-bit label is labelled so, and its labels handed back as 32-bit
(what every caller indexes and adds to). A larger image is labelled as before.
"""

from __future__ import annotations

import cv2
import numpy as np

MOST_16BIT_LABELS = 65535


def most_components(shape: tuple[int, ...], connectivity: int) -> int:
    """An upper bound on the components (with the background) of a binary image this size: ink
    pixels 8-connected are apart only with a pixel between them each way, 4-connected in a
    checkerboard."""
    height, width = shape[:2]
    if connectivity == 8:
        return ((height + 1) // 2) * ((width + 1) // 2) + 1
    return (height * width + 1) // 2 + 1


def components_with_stats(
    binary: np.ndarray, connectivity: int = 8
) -> tuple[int, np.ndarray, np.ndarray]:
    """The count, the labels (int32) and the statistics (N x 5: x, y, width, height, area) of
    ``binary``'s connected components, as ``cv2.connectedComponentsWithStats`` gives them."""
    count, labels, stats = compact_components(binary, connectivity)
    return count, labels.astype(np.int32, copy=False), stats


def compact_components(
    binary: np.ndarray, connectivity: int = 8
) -> tuple[int, np.ndarray, np.ndarray]:
    """``components_with_stats`` with the labels left 16-bit where every component fits one
    (uint16, else int32): for a caller that only indexes or counts with them. On a view of a
    third of a megapixel, OpenCV's statistics pass costs as much again as the labelling with
    32-bit labels, next to nothing with 16-bit ones, and widening the labels to 32 bits costs
    more than either (docs/benchmarks.md, h-speed7)."""
    fits = most_components(binary.shape, connectivity) <= MOST_16BIT_LABELS
    ltype = cv2.CV_16U if fits else cv2.CV_32S
    count, labels, stats, _ = cv2.connectedComponentsWithStats(
        binary, connectivity=connectivity, ltype=ltype
    )
    return count, labels, stats
