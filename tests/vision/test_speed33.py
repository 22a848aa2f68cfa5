"""The repair of outlines made cheaper (issue 28, h-speed33; ``CardDetector._refit``).

``_refit_choice`` stops reading a shape's outlines once the answer can only be no repair (the
same answer, fewer reads); ``RefitSettings.unsure_upright`` lays an uncertain card of a frame
with no unread shape again only upright from each corner - the sideways and doubled outlines
are for shapes no index was read in (on by default). On the building check, 30 dim seeds and
fresh seeds 11,050,000 it decided every shape as all the outlines did (docs/benchmarks.md,
h-speed33); ``unsure_upright_unread`` (on) does the same in a frame with an unread shape
(h-upright33)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.pipeline import CardDetection, CardDetector, FrameAnalysis, _Finding
from dealer_assist.vision.refit import RefitSettings, candidates
from tests.vision.found import answer_in_scene
from tests.vision.test_refit import _box, _frame_with, _Scripted
from tests.vision.test_refit_measured import OFF


def test_an_uncertain_card_is_laid_again_upright_only_when_asked() -> None:
    # A card 40 x 56 whose outline is 36 x 50 (too small, its top-left corner right).
    small = _box(100, 100, 36, 50)
    every = candidates(small, (40.0, 56.0), RefitSettings())
    upright = candidates(small, (40.0, 56.0), RefitSettings(), upright=True)
    card = _box(100, 100, 40, 56)
    assert any(polygon_iou(s, card) > 0.99 for s in upright)
    # One a corner, each with its longer side along the shape's longer side (upright).
    assert len(upright) == 4
    for shape in upright:
        assert np.allclose(np.ptp(shape, axis=0), (40.0, 56.0))
    # Without it, sideways too (56 wide), each upright one among them.
    assert len(every) == 8
    assert all(any(polygon_iou(s, e) > 0.99 for e in every) for s in upright)


class _Counted(_Scripted):
    """The scripted reader, counting the outlines it reads."""

    def __init__(self, read: object) -> None:
        super().__init__(read)
        self.reads = 0

    def _analysis_of(self, frame, found, *, with_deck, covering=(), **kw):  # type: ignore[no-untyped-def]
        self.reads += 1
        return super()._analysis_of(frame, found, with_deck=with_deck, covering=covering, **kw)


def test_a_repair_stops_reading_once_it_cannot_be_taken() -> None:
    frame = np.zeros((400, 400, 3), np.uint8)
    sideways = _box(100, 100, 56, 40)
    # The first outline laid reads the five of hearts, the next the nine of spades: two cards,
    # no repair - whatever the rest read, so they are not read.
    read = iter(["5H", "9S"])
    analysis, found = _frame_with(sideways, None)
    reader = _Counted(lambda q: next(read, "9S"))
    reader._refit(frame, analysis, found, RefitSettings())
    assert analysis.detections == [] and len(analysis.unread_cards) == 1
    assert reader.reads == 2
    # Every outline reading the same card is read (the one on most edges is chosen).
    analysis, found = _frame_with(sideways, None)
    reader = _Counted(lambda q: "5H")
    reader._refit(frame, analysis, found, RefitSettings())
    assert [d.card for d in analysis.detections] == [parse_card("5H")]
    assert reader.reads > 2


def _recording(detector: CardDetector) -> list[tuple[bool, int]]:
    """The outlines ``detector``'s repair lays for each shape, as (the shape unread, how
    many), recorded as it goes."""
    laid: list[tuple[bool, int]] = []
    choose = detector._refit_choice

    def record(
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        shape: CardDetection,
        outlines: list[tuple[np.ndarray, float]],
        settings: RefitSettings,
        *,
        first_measured: int | None = None,
    ) -> CardDetection | None:
        laid.append((shape.candidate is None, len(outlines)))
        return choose(
            frame, analysis, found, shape, outlines, settings, first_measured=first_measured
        )

    detector._refit_choice = record  # type: ignore[method-assign, assignment]
    return laid


def test_an_uncertain_card_laid_upright_is_read_as_before(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    # The building check's noisy five of hearts (test_refit_unsure.py), uncertain at an outline
    # a tenth too small and laid again in a frame with no unread shape: read exactly from an
    # upright outline at the same corners. The frame's two uncertain cards (the 5H and a 3C
    # the repair leaves uncertain) are laid again at 2 and 0 outlines instead of 8 and 6.
    label, code = "tango/noisy#7900002", "5H"
    # The outlines laid along the paper (h-outline38) off in both: they add outlines to count.
    every_reader = CardDetector(refit=replace(OFF, unsure_upright=False))
    every_laid = _recording(every_reader)
    read, _ = answer_in_scene(check_faces, label, code, every_reader)
    assert read.card == parse_card(code)
    upright_reader = CardDetector(refit=OFF)  # upright on by default
    upright_laid = _recording(upright_reader)
    after, answers = answer_in_scene(check_faces, label, code, upright_reader)
    assert after.card == parse_card(code)
    assert np.allclose(np.asarray(after.corners), np.asarray(read.corners))
    every, upright = [n for _, n in every_laid], [n for _, n in upright_laid]
    assert len(upright) == len(every) == 2
    assert all(up < all_ for up, all_ in zip(upright, every, strict=True))
    assert sum(upright) <= 4 and sum(every) >= 10
    for detection, card in answers:
        assert detection.card in (None, card)


def test_an_uncertain_card_beside_an_unread_shape_is_laid_again_upright_only() -> None:
    # A frame with an unread shape (a card 40 x 56 laid sideways) and an uncertain five of
    # hearts whose outline is 36 x 50 (too small): the unread shape is laid at every outline,
    # the uncertain card only upright from each corner (issue 28, h-upright33).
    frame = np.zeros((400, 400, 3), np.uint8)
    small = _box(250, 250, 36, 50)
    corners = tuple((float(x), float(y)) for x, y in small)
    unsure = CardDetection(None, 0.5, corners, (268.0, 275.0), candidate=parse_card("5H"))

    def laid(settings: RefitSettings) -> list[tuple[bool, int]]:
        analysis, found = _frame_with(_box(100, 100, 56, 40), unsure)
        reader = _Scripted(lambda q: None)
        recorded = _recording(reader)
        reader._refit(frame, analysis, found, settings)
        return recorded

    on = laid(RefitSettings())  # on by default
    off = laid(RefitSettings(unsure_upright_unread=False))
    assert [unread for unread, _ in on] == [unread for unread, _ in off] == [True, False]
    assert on[0] == off[0] == (True, 6)  # the unread shape: every outline either way
    assert on[1][1] == 4  # the uncertain card: one upright outline a corner
    assert off[1][1] >= 8  # ... upright and sideways (and doubled) without the setting
