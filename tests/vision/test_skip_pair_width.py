"""The pair-width finding on the plane skipped when the plane's own width reads cards surely
whose indices show no size too large (issue 28, speed, h-half18):
``CardDetector(skip_pair_width=...)``, ``pipeline._choose``.

Unless the plane is sure its outlines were cards (not pairs side by side), the card 1.41 times
narrower is tried on the plane too: 30-100 ms on a slow tilted frame. When the plane's width
read cards surely and their indices are a card's share of their shapes (``_too_large`` is
None), the narrower card is not the size, and it is not read."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.pipeline import CardDetector, FrameAnalysis, _Finding
from tests.vision.found import tilted_coup

SEED = 9_777_008  # benchmarks/paired_vision.py --tilted's frame, in a building design


def _plane_widths(
    detector: CardDetector, image: np.ndarray, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[float], list[str]]:
    """The card widths of the findings on the plane ``detector`` reads in ``image``, in
    order, and the cards it reports."""
    widths: list[float] = []
    original = CardDetector._analysis_of

    def kept(
        self: CardDetector, frame: np.ndarray, found: _Finding, **kwargs: Any
    ) -> FrameAnalysis:
        if found.planar and found.width is not None and not kwargs.get("covering"):
            widths.append(found.width)
        return original(self, frame, found, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(CardDetector, "_analysis_of", kept)
        cards = sorted(f"{d.card}" for d in detector.detect(image))
    return widths, cards


def test_the_narrower_card_is_not_read_on_the_plane_when_the_plane_width_fits(
    tango_faces: dict[Card, np.ndarray], monkeypatch: pytest.MonkeyPatch
) -> None:
    image = tilted_coup(SEED, tango_faces)
    tried, tried_cards = _plane_widths(
        CardDetector(layout=None, skip_pair_width=False), image, monkeypatch
    )
    skipped, skipped_cards = _plane_widths(CardDetector(layout=None), image, monkeypatch)
    ratio = np.sqrt(2.0)
    # Without the skip, the plane's width and then the narrower card are read.
    assert any(abs(tried[n + 1] * ratio / tried[n] - 1) < 1e-6 for n in range(len(tried) - 1))
    # With it, no narrower card follows the plane's width, and the same cards are reported.
    assert not any(
        abs(skipped[n + 1] * ratio / skipped[n] - 1) < 1e-6 for n in range(len(skipped) - 1)
    )
    assert skipped_cards == tried_cards
