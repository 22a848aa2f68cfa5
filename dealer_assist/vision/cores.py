"""The camera reads on one core.

A frame's work is many small steps: OpenCV calls on small images and matrix products of a few
rows (the glyph networks). Neither gains from more threads, and on the table's computer a second
thread only takes a core from the screens and the other card sources: on a busy two-core machine
numpy's BLAS pool made the glyph networks about ten times slower than one thread (docs/vision.md,
"Measured", session 5). ``one_core`` limits OpenCV's and the BLAS's thread pools to one thread
each, for the whole process (both pools are process-wide).
"""

from __future__ import annotations

import cv2
from threadpoolctl import threadpool_limits


def one_core() -> None:
    """OpenCV and numpy's BLAS each on one thread (process-wide; safe to call again)."""
    cv2.setNumThreads(1)
    threadpool_limits(limits=1, user_api="blas")
