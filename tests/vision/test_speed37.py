"""Speed, the same answers (issue 28, h-speed37).

A shape read alone that only a card both index corners bear out could add (the refit's and the
joined-blob offers' outlines laid again, ``CardDetector._sure_alone``; a card laid on top of a
card read surely, ``_on_top_cards``) is read by the glyph reader and judged only when its corner
network's looks may bear a card out (``CardDetector._cannot_agree``): the same answers as reading
every one in full."""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.pipeline import AloneWork, CardDetector, _Finding
from tests.vision.found import tilted_coup

SEED = 11_400_000  # a tilted six-card frame (anglo) with a shape laid again that cannot agree


def test_shapes_whose_network_looks_cannot_agree_are_not_read_and_nothing_changes(
    building_faces: dict[Card, np.ndarray], monkeypatch: pytest.MonkeyPatch
) -> None:
    image = tilted_coup(SEED, building_faces)
    first = CardDetector(layout=None)
    passed: list[tuple[_Finding, list[np.ndarray], bool]] = []
    cannot_agree = CardDetector._cannot_agree

    def recorded(
        self: CardDetector,
        frame: np.ndarray,
        alone: _Finding,
        with_deck: bool,
        covering: list[np.ndarray],
    ) -> bool:
        result = cannot_agree(self, frame, alone, with_deck, covering)
        if result:
            passed.append((alone, list(covering), with_deck))
        return result

    with monkeypatch.context() as patch:
        patch.setattr(CardDetector, "_cannot_agree", recorded)
        found = first.detect(image)
    assert first.alone_work.passed > 0
    assert len(passed) == first.alone_work.passed
    # Every shape left unread, read in full, is not borne out by both its index corners: it
    # could add nothing.
    for alone, covering, with_deck in passed:
        read = first._analysis_of(image, alone, with_deck=with_deck, covering=covering)
        assert not read.detections or not read.corners_agree[0]
    every = CardDetector(layout=None)
    every.looks_first = False  # every such shape read in full, as before h-speed37
    assert repr(every.detect(image)) == repr(found)
    assert every.alone_work == AloneWork()
