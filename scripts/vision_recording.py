"""The detector, keeping what each detection was judged from: for the development scripts that
replay or sort the judgement (``vision_tilted.py --looks``, ``vision_diagnose.py``,
``vision_looks.py``). Building scenes only, as those scripts are."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision.pipeline import (
    CardDetection,
    CardDetector,
    FrameAnalysis,
    _Finding,
    _Reading,
)


@dataclass(frozen=True, slots=True)
class Judged:
    """What ``CardDetector._judge`` made a detection from."""

    detection: CardDetection  # kept alive with the record, so that no other takes its id
    readings: list[_Reading]  # the looks (a copy of the list judged)
    quad: np.ndarray  # the outline (frame pixels, float64)
    pips: bool
    pip_count: int | None


class RecordingDetector(CardDetector):
    """``CardDetector``, recording each detection's looks (``judged``, by ``id`` of the
    detection) and every pip look made (``pip_looks``, alive so that their ids stay theirs)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.judged: dict[int, Judged] = {}
        self.pip_looks: list[_Reading] = []
        # Each sure card's index share (``index_share``) as the chosen finding was read, by
        # ``id`` of the detection, and the frame's sure cards' shares (``_small_index``).
        self.shares: dict[int, float | None] = {}
        self.sure_shares: list[float | None] = []
        self._kept_alive: list[CardDetection] = []  # so that no later detection takes an id

    def _read_where_printed(
        self, frame: np.ndarray, analysis: FrameAnalysis, chosen: _Finding | None = None
    ) -> None:
        shares = [
            analysis.shares[k] if k < len(analysis.shares) else None
            for k in range(len(analysis.detections))
        ]
        self.shares = {id(d): s for d, s in zip(analysis.detections, shares, strict=True)}
        self.sure_shares = [
            s for d, s in zip(analysis.detections, shares, strict=True) if d.card is not None
        ]
        self._kept_alive = list(analysis.detections)
        super()._read_where_printed(frame, analysis, chosen)

    def _pip_look(
        self,
        frame: np.ndarray,
        outlines: list[np.ndarray],
        n: int,
        middle: np.ndarray | None = None,
    ) -> _Reading | None:
        look = super()._pip_look(frame, outlines, n, middle)
        if look is not None:
            self.pip_looks.append(look)
        return look

    def _judge(
        self,
        quad: np.ndarray,
        readings: list[_Reading],
        *,
        pips: bool = False,
        pip_count: int | None = None,
        glyph_split: bool = False,
        clubs_by_network: bool = False,
        black: Card | None = None,
        why: list[str] | None = None,
        printed: bool = True,
        black_share: Callable[[], float] | None = None,
        by_index: list[bool] | None = None,
    ) -> CardDetection | None:
        detection = super()._judge(
            quad,
            readings,
            pips=pips,
            pip_count=pip_count,
            glyph_split=glyph_split,
            clubs_by_network=clubs_by_network,
            black=black,
            why=why,
            printed=printed,
            black_share=black_share,
            by_index=by_index,
        )
        if detection is not None:
            self.judged[id(detection)] = Judged(
                detection, list(readings), np.asarray(quad, np.float64), pips, pip_count
            )
        return detection

    def is_pip_look(self, reading: _Reading) -> bool:
        """Whether a look is one of the pip looks made (by identity)."""
        return any(reading is p for p in self.pip_looks)
