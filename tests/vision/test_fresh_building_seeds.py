"""Two kinds of error fresh building seeds show and the building check's fixed seeds do not
(issue 28, h-fresh50): detections where no card is on a close view of printed words, and a
wrong read made sure by a glyph look from a cut across a tall blob.

``FinderSettings.plane_unsure_kept``: when nothing reads surely on the plane, the frame as it
is decides (``CardDetector._choose``). On tableclose#13620000 (scripts/vision_tilted.py
``--seed 13620000``) the camera is close over a cloth whose printed words ("PAIR 11:1", "TIE 8
TO 1") are letters a card's height; one card lies whole in the picture (a 3D half under a 10C
running off it). The plane reads no card surely at any width, and the frame as it is, read at
the size of a letter, wins with a dozen shapes on letters: 3, 5 and 5 detections where no card
is for anglo, tango and ornamental. With the lever, the plane's finding borne out best must
be beaten by the frame as it is, and is not, where the frame as it is is borne out worse than
-2 (``_evidence``: -3.7 to -5.4 here).

``FinderSettings.merged_not_sure``: on simplistic/table#13620002 a 5H 64 pixels wide is read
surely as a 5D after the choice (the second look: the network's corners read the D, one of
them under another card's outline, and a cut across the index's blob 0.999 D). With the lever,
a card judged surely again only by such a look (judged without it: no card) stays uncertain.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision import synthetic
from dealer_assist.vision.pipeline import CardDetection, CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import found_on_cards, in_view, off_partial

LETTERS = 13_620_000  # tableclose: the close view of printed words
FIVE = 13_620_002  # table: simplistic's 5H
KEPT = 2.0  # plane_unsure_kept: the frame as it is under -2 (four unread shapes' worth)


def _detector(**levers: float) -> CardDetector:
    """Both levers off by setting (not by the default), then ``levers``."""
    off = replace(FinderSettings(), plane_unsure_kept=0.0, merged_not_sure=False)
    return CardDetector(finder=replace(off, **levers))


def _read(
    faces: dict[Card, np.ndarray], seed: int, style: str, detector: CardDetector
) -> tuple[list[CardDetection], list[synthetic.PlacedCard]]:
    """The detections of the building check's scene (those on a card partly out of the
    picture left out) and the cards wholly in it."""
    scene = synthetic.random_scene(seed, faces, style=synthetic.CHECK_STYLES[style])
    whole = in_view(scene.cards, scene.image)
    partial = [c for c in scene.cards if c not in whole]
    return off_partial(detector.detect(scene.image), partial), whole


def test_both_ship_on() -> None:
    """On since session 51 (the building check the same, the suite's failures with each on
    only premises, which read them off by setting)."""
    assert FinderSettings().plane_unsure_kept == KEPT
    assert FinderSettings().merged_not_sure is True
    assert CardDetector().finder.plane_unsure_kept == KEPT


@pytest.mark.parametrize(
    ("design", "off_nowhere", "on_nowhere", "on_card"),
    # ornamental: the plane's finding has no shape on the 3D (off, an unread one at its index
    # corner the size of a letter): uncertain -> missed.
    [("anglo", 3, 0, 1), ("tango", 5, 0, 1), ("ornamental", 5, 2, 0)],
)
def test_letters_of_the_printed_words_are_no_cards_with_the_plane_kept(
    check_faces: dict[str, dict[Card, np.ndarray]],
    design: str,
    off_nowhere: int,
    on_nowhere: int,
    on_card: int,
) -> None:
    off, whole = _read(check_faces[design], LETTERS, "tableclose", _detector())
    assert [c.card.code for c in whole] == ["3D"]
    assert found_on_cards(off, whole)[1] == off_nowhere
    on, _ = _read(check_faces[design], LETTERS, "tableclose", _detector(plane_unsure_kept=KEPT))
    counts, nowhere, wrong = found_on_cards(on, whole)
    assert nowhere == on_nowhere
    assert wrong == 0 and counts == [on_card]


def test_the_tango_three_is_read_on_the_plane_kept(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """Off, the 3D is an unread shape the size of a letter at its index corner; on, the
    plane's card width reads it surely."""
    off, whole = _read(check_faces["tango"], LETTERS, "tableclose", _detector())
    on, _ = _read(check_faces["tango"], LETTERS, "tableclose", _detector(plane_unsure_kept=KEPT))
    three = whole[0]
    assert [d.card for d in off if d.card is not None] == []
    assert [d.card for d in on if d.card is not None] == [three.card]


def test_a_frame_with_a_card_read_surely_on_the_plane_is_the_same(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """simplistic's frame of the same seed reads the 3D surely on the plane: the lever does
    not come into it, the same single detection on and off."""
    off, _ = _read(check_faces["simplistic"], LETTERS, "tableclose", _detector())
    on, _ = _read(
        check_faces["simplistic"], LETTERS, "tableclose", _detector(plane_unsure_kept=KEPT)
    )
    assert [(d.card, d.corners) for d in on] == [(d.card, d.corners) for d in off]
    assert [d.card for d in on] == [parse_card("3D")]


def _five(detections: list[CardDetection], whole: list[synthetic.PlacedCard]) -> CardDetection:
    (five,) = [c for c in whole if c.card == parse_card("5H")]
    outline = np.asarray(five.corners, np.float32)
    (on_it,) = [d for d in detections if _inside(outline, (float(d.center[0]), float(d.center[1])))]
    return on_it


def _inside(outline: np.ndarray, point: tuple[float, float]) -> bool:
    return cv2.pointPolygonTest(outline.reshape(-1, 1, 2), point, False) >= 0


def test_a_five_of_hearts_made_sure_by_a_cut_across_its_index_stays_uncertain(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    off, whole = _read(check_faces["simplistic"], FIVE, "table", _detector())
    assert _five(off, whole).card == parse_card("5D")  # the wrong read the lever mends
    assert found_on_cards(off, whole)[2] == 1
    on, _ = _read(check_faces["simplistic"], FIVE, "table", _detector(merged_not_sure=True))
    five = _five(on, whole)
    assert five.card is None and five.candidate == parse_card("5D")
    assert found_on_cards(on, whole)[2] == 0
    # The frame's other cards read as before.
    assert sorted(d.card.code for d in on if d.card is not None) == ["4S", "TC"]
    assert sorted(d.card.code for d in off if d.card is not None) == ["4S", "5D", "TC"]


def test_a_dim_frame_read_on_neither_surely_keeps_the_frame_as_it_is(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """simplistic/dim#13620003: neither the plane's finding (evidence 0.72) nor the frame's
    (0.56) reads a card surely before the finish, each reads its four shapes; the frame's,
    chosen, reads three of them surely once finished. Kept whenever the plane's is borne out
    better, the plane's outlines left them uncertain (h-fresh50's first try); the frame as it
    is, borne out better than -2, still decides, and the lever changes nothing."""
    off, whole = _read(check_faces["simplistic"], 13_620_003, "dim", _detector())
    on, _ = _read(check_faces["simplistic"], 13_620_003, "dim", _detector(plane_unsure_kept=KEPT))
    assert [(d.card, d.corners) for d in on] == [(d.card, d.corners) for d in off]
    assert sorted(d.card.code for d in on if d.card is not None) == ["2H", "6C", "AC"]
    assert len(whole) == 4


def test_a_dim_frame_borne_out_a_little_under_nothing_keeps_the_frame_as_it_is(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """The building check's simplistic/dim#7900007: the frame as it is (evidence -1.49, three
    of its six shapes unread) reads the 6D exactly once finished; the plane's finding (0.02)
    read it uncertain. At -2 the frame as it is decides, as with the lever off; at any evidence
    under 0 (h-fresh50's second try) the plane was chosen."""
    off, _ = _read(check_faces["simplistic"], 7_900_007, "dim", _detector())
    on, _ = _read(check_faces["simplistic"], 7_900_007, "dim", _detector(plane_unsure_kept=KEPT))
    assert [(d.card, d.corners) for d in on] == [(d.card, d.corners) for d in off]
    assert parse_card("6D") in [d.card for d in on]
    low, _ = _read(check_faces["simplistic"], 7_900_007, "dim", _detector(plane_unsure_kept=0.5))
    assert parse_card("6D") not in [d.card for d in low]
