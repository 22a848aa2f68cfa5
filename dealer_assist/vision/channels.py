"""Two measures of 8-bit pictures the finder takes of every view, worked out the short way.

- Each pixel's brightest channel of a colour picture. ``cv2.split`` then ``cv2.max`` is the plain
  way; on the finder's views (a third to half a megapixel) ``cv2.split`` writes three planes out
  to be read once. Seen as one row of 8-bit values, a pixel's three channels lie side by side:
  a 1 x 3 dilation of that row puts the largest of the three at the pixel's middle channel, and
  every third value from the second is the answer - the same values.
- A percentile of an 8-bit picture's levels, as ``np.percentile`` gives it (its "linear" way:
  the two order statistics round the virtual index, interpolated as numpy does), from the
  picture's histogram: numpy's general path costs a quarter of a millisecond a call
  (docs/benchmarks.md, h-speed7).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

_ACROSS_CHANNELS = np.ones((1, 3), np.uint8)  # a value and its two neighbours along the row


def brightest_channel(image: np.ndarray) -> np.ndarray:
    """``cv2.max(cv2.max(b, g), r)`` of ``cv2.split(image)`` (``image``: height x width x 3,
    8-bit), contiguous."""
    height, width = image.shape[:2]
    row = np.ascontiguousarray(image).reshape(height, width * 3)
    spread = cv2.dilate(row, _ACROSS_CHANNELS)
    result: np.ndarray = np.ascontiguousarray(spread[:, 1::3])
    return result


def level_percentile(levels: np.ndarray, percentile: float) -> float:
    """``float(np.percentile(levels, percentile))`` of an 8-bit picture (any shape, at least
    one pixel; ``percentile`` from 0 to 100)."""
    count = levels.size
    virtual = (count - 1) * (percentile / 100)
    below = math.floor(virtual)
    # Pixels at each level or darker; the k-th smallest level is the first whose count
    # passes k (OpenCV's histogram counts exactly up to 2 ** 24 pixels).
    darker = np.cumsum(
        cv2.calcHist([np.ascontiguousarray(levels).reshape(-1, 1)], [0], None, [256], [0, 256])
        .ravel()
        .astype(np.int64)
    )
    if virtual >= count - 1:
        return float(np.searchsorted(darker, count - 1, side="right"))
    low = int(np.searchsorted(darker, below, side="right"))
    high = int(np.searchsorted(darker, below + 1, side="right"))
    # numpy's _lerp, in the same float64 steps: from the lower value up, or from the upper
    # one down when the weight is a half or more.
    gamma = virtual - below
    step = high - low
    if gamma >= 0.5:
        return high - step * (1 - gamma)
    return low + step * gamma
