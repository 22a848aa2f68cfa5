"""One card, one detection (issue 28): a card is never reported twice, and no detection is
put where no card is. Cases of the building generator (``synthetic.TABLE``, ``TILTED``), each
fix shown against the detector without it where a setting turns it off:

- the same card read twice in one place, on two shapes of a card size taken wrongly, is one
  card (``duplicates.one_per_card``);
- a card cut across its middle into two card-shaped halves is one card when the two together
  read surely (``duplicates.whole_of_halves``);
- an index read through a card size far too large (a shape of felt round a card's corner or a
  printed box) is not put where no card is (``PaperSettings.max_dark_margin``);
- cards dealt touching, seen tilted, are each found once;
- an unread shape over a card read unsurely, over another unread shape, or (running into the
  picture's edge) over any card is that card again (``duplicates.unread_apart``);
- a box printed on the cloth, its face the cloth inside the box's line, is no card
  (``PaperSettings.dull_face``).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision import decks
from dealer_assist.vision.duplicates import (
    one_per_card,
    surer_inside,
    unread_apart,
    whole_of_halves,
)
from dealer_assist.vision.paper import PaperSettings
from dealer_assist.vision.pipeline import DEFAULT_PLANE, CardDetection, CardDetector
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.synthetic import NOISY, TABLE, TILTED, WIDE, random_scene
from tests.vision.found import found_on_cards


def _detection(
    corners: np.ndarray, card: str | None, confidence: float, candidate: str | None = None
) -> CardDetection:
    centre = corners.mean(axis=0)
    read = parse_card(card) if card is not None else None
    guess = parse_card(candidate) if candidate is not None else read
    return CardDetection(
        read,
        confidence,
        tuple((float(x), float(y)) for x, y in corners),
        (float(centre[0]), float(centre[1])),
        candidate=guess,
        corners_read=1,
    )


def _box(x: float, y: float, w: float, h: float) -> np.ndarray:
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float64)


def test_the_same_card_read_twice_in_one_place_is_one_card() -> None:
    # Two shapes on one king of diamonds (a card size too small), both read as the queen of
    # diamonds, unsure: one card, the surer reading.
    first = _detection(_box(100, 100, 60, 84), None, 0.50, "QD")
    second = _detection(_box(130, 120, 60, 84), None, 0.55, "QD")
    assert one_per_card([first, second]) == [second]
    # A sure reading wins over an unsure one of the same card.
    sure = _detection(_box(110, 110, 60, 84), "QD", 0.99)
    assert one_per_card([first, sure]) == [sure]


def test_two_cards_are_never_taken_for_one_read_twice() -> None:
    queen = _detection(_box(100, 100, 60, 84), "QD", 0.99)
    # Another card overlapping it: two cards.
    king = _detection(_box(130, 120, 60, 84), "KD", 0.99)
    assert one_per_card([queen, king]) == [queen, king]
    # The same card in another place (a shoe holds six or eight decks): two cards.
    again = _detection(_box(400, 100, 60, 84), "QD", 0.99)
    assert one_per_card([queen, again]) == [queen, again]


def test_two_halves_of_a_card_make_the_card() -> None:
    # A card 80 x 112 seen tilted, cut across its middle: each half is card-shaped.
    card = np.array([[0, 0], [80, 0], [80, 112], [0, 112]], np.float32)
    seen = np.array([[300, 200], [384, 206], [390, 330], [296, 322]], np.float32)
    matrix = cv2.getPerspectiveTransform(card, seen)

    def on_table(points: list[list[float]]) -> np.ndarray:
        array = np.array(points, np.float32).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(array, matrix).reshape(-1, 2).astype(np.float64)

    top = on_table([[0, 0], [80, 0], [80, 56], [0, 56]])
    bottom = on_table([[0, 57], [80, 57], [80, 112], [0, 112]])
    whole = whole_of_halves(_detection(top, None, 0.44, "2S"), _detection(bottom, None, 0.0, None))
    assert whole is not None
    assert np.abs(np.sort(whole, axis=0) - np.sort(seen, axis=0)).max() < 2.0
    # A half read surely is a card: never a half.
    assert whole_of_halves(_detection(top, "2D", 0.99), _detection(bottom, None, 0.0)) is None
    # Two shapes that overlap by much are one card's two readings, not its halves.
    assert whole_of_halves(_detection(top, None, 0.4), _detection(top + 10, None, 0.4)) is None
    # An L of two shapes leaves the quadrilateral round them half empty: no card.
    aside = on_table([[80, 0], [160, 0], [160, 56], [80, 56]])
    assert whole_of_halves(_detection(bottom, None, 0.4), _detection(aside, None, 0.4)) is None


def test_an_index_read_through_a_card_size_far_too_large_is_put_nowhere(
    building_faces: dict[Card, np.ndarray],
) -> None:
    # Dim dark grey cloth, two hands: the finding's card size is over twice the cards', and a
    # shape of it lies round a printed box and the ace of hearts' corner: the ace's index reads
    # surely in it, and it was reported where no card is. Its face is mostly felt. (Since
    # h-finder6 the card size the ace's index shows is tried too and wins this frame:
    # tests/vision/test_index_size.py; turned off here to show the paper test alone.)
    scene = random_scene(7_900_008, building_faces, style=TABLE)
    before = CardDetector(
        paper=PaperSettings(max_dark_margin=0),
        size_from_indices=False,
        finder=FinderSettings(edge_votes=False),  # step 15 finds the cards as well
        cloth_centre=0.0,  # h-false37's rule drops this shape too (on since h-pile38)
    ).detect(scene.image)
    assert found_on_cards(before, scene.cards)[1] == 1
    counts, nowhere, wrong = found_on_cards(CardDetector().detect(scene.image), scene.cards)
    assert nowhere == 0 and wrong == 0 and max(counts) <= 1


def test_a_card_found_in_two_halves_is_one_card(art_cache: Path) -> None:
    # Tilted, the Banker's cards closer than the Player's: the card size taken from the
    # Player's is too small for the two of diamonds dealt sideways, and it was cut across its
    # middle into two card-shaped halves, neither read surely (two detections on one card).
    # The plane judged by the blobs' corners (h-joined39, ``PlaneSettings.tilt_judges``) lays
    # the Banker's cards at their size and no halves are found: judged on the lone outlines'
    # plane, as the join was.
    faces = decks.render_design(decks.design("simplistic"), height=320, cache=art_cache)
    scene = random_scene(7_900_007, faces, style=TILTED)
    two = [n for n, c in enumerate(scene.cards) if c.card.code == "2D"]
    assert len(two) == 1
    lone = replace(DEFAULT_PLANE, tilt_judges=0.0)
    before = CardDetector(join_halves=False, plane=lone).detect(scene.image)
    assert found_on_cards(before, scene.cards)[0][two[0]] == 2
    after = CardDetector(plane=lone).detect(scene.image)
    counts, nowhere, wrong = found_on_cards(after, scene.cards)
    assert counts[two[0]] == 1 and max(counts) == 1 and nowhere == 0 and wrong == 0
    on_two = [d for d in after if d.card == parse_card("2D")]
    assert len(on_two) == 1  # read surely, as one card


@pytest.mark.parametrize("seed", [7_900_007, 7_900_008])
def test_cards_dealt_touching_in_a_tilted_view_are_each_found_once(
    building_faces: dict[Card, np.ndarray], seed: int
) -> None:
    # Tilted up to 30 degrees; the hands dealt touching and overlapping (three and four pairs
    # of cards touch): each card found once, on its own shape, and read.
    scene = random_scene(seed, building_faces, style=TILTED)
    outlines = [np.array(c.corners, np.float32) for c in scene.cards]
    touching = sum(
        cv2.intersectConvexConvex(outlines[i], outlines[j])[0] > 0
        for i in range(len(outlines))
        for j in range(i + 1, len(outlines))
    )
    assert touching >= 3
    detections = CardDetector().detect(scene.image)
    counts, nowhere, wrong = found_on_cards(detections, scene.cards)
    assert counts == [1] * len(scene.cards) and nowhere == 0 and wrong == 0
    assert sorted(d.card.code for d in detections if d.card is not None) == sorted(
        c.card.code for c in scene.cards
    )


def test_markers_printed_on_the_cloth_in_a_grainy_view_are_no_cards(
    building_faces: dict[Card, np.ndarray],
) -> None:
    # Grainy and dark: two of the layout's markers, their black frames blurred to 40-42% of the
    # band (a marker's test wants 44%), were found as card shapes and reported uncertain. Their
    # paper is the cloth's print, duller than the cards read surely in the frame.
    # (The square look, h-dim25, held off too: one of them is square in the picture and shows
    # its frame when looked at as a square, so it alone stops that one.)
    # The plane judged by the blobs' corners (h-joined39, ``PlaneSettings.tilt_judges``) lays
    # this scene's banker cards at their size and the markers are found as no card shapes even
    # without the two rules: judged on the lone outlines' plane, as the rules were.
    scene = random_scene(7_900_007, building_faces, style=NOISY)
    lone = replace(DEFAULT_PLANE, tilt_judges=0.0)
    square_off = PaperSettings(dull_black_frame=0, square_aspect=0)
    before = CardDetector(paper=square_off, plane=lone).detect(scene.image)
    assert found_on_cards(before, scene.cards)[1] == 2
    square_only = CardDetector(paper=PaperSettings(dull_black_frame=0), plane=lone)
    assert found_on_cards(square_only.detect(scene.image), scene.cards)[1] == 1
    counts, nowhere, wrong = found_on_cards(
        CardDetector(plane=lone).detect(scene.image), scene.cards
    )
    assert nowhere == 0 and wrong == 0 and max(counts) <= 1
    assert counts.count(1) == found_on_cards(before, scene.cards)[0].count(1)  # no card lost for it


@pytest.mark.parametrize("design", ["anglo", "ornamental", "simplistic"])
def test_a_box_printed_on_the_cloth_is_no_card(art_cache: Path, design: str) -> None:
    # Printed table (h-nocard9): a shape laid on the printed box below the king of clubs and
    # the seven of diamonds, read unsurely (a king, 0.24-0.49), was reported where no card is.
    # Its face is the cloth inside the box's line: its median grey 0.19-0.20 of the paper of
    # the cards read surely in the frame (shapes on cards 0.43 or more).
    faces = decks.render_design(decks.design(design), height=320, cache=art_cache)
    scene = random_scene(7_900_001, faces, style=TABLE)
    before = CardDetector(paper=PaperSettings(dull_face=0)).detect(scene.image)
    assert found_on_cards(before, scene.cards)[1] == 1
    counts, nowhere, wrong = found_on_cards(CardDetector().detect(scene.image), scene.cards)
    assert nowhere == 0 and wrong == 0
    assert counts == found_on_cards(before, scene.cards)[0]  # no card lost for it


def test_an_unread_shape_over_a_card_is_that_card_again() -> None:
    size = (720, 1280)
    unsure = _detection(_box(100, 100, 60, 84), None, 0.2, "AD")
    sure = _detection(_box(400, 100, 60, 84), "TH", 0.99)
    over_unsure = _detection(_box(120, 120, 60, 84), None, 0.0, None)
    over_sure = _detection(_box(420, 120, 60, 84), None, 0.0, None)
    apart = _detection(_box(700, 100, 60, 84), None, 0.0, None)
    # Over a card read unsurely: one card nobody read, found twice. Over a card read surely:
    # may be a card dealt on it whose index did not read: kept. Apart: kept.
    assert unread_apart([unsure, sure], [over_unsure, over_sure, apart], size) == [
        over_sure,
        apart,
    ]
    # Two unread shapes over each other: the first stays.
    again = _detection(_box(710, 110, 60, 84), None, 0.0, None)
    assert unread_apart([], [apart, again], size) == [apart]
    # Running into the picture's edge (a card partly out of view): over any card it goes.
    edge = _detection(_box(420, 0, 60, 150), None, 0.0, None)
    assert unread_apart([sure], [edge], size) == []
    # Read unsurely at the edge, over a surer card: the card partly out of view goes; away
    # from the edge, or read surely, it stays.
    read_at_edge = _detection(_box(420, 0, 60, 150), None, 0.12, "KH")
    assert surer_inside([sure, read_at_edge], size) == [sure]
    inside = _detection(_box(420, 30, 60, 150), None, 0.12, "KH")
    assert surer_inside([sure, inside], size) == [sure, inside]
    sure_at_edge = _detection(_box(420, 0, 60, 150), "KH", 0.99)
    assert surer_inside([sure, sure_at_edge], size) == [sure, sure_at_edge]


@pytest.mark.parametrize(("design", "code"), [("anglo", "JC"), ("ornamental", "9H")])
def test_a_card_beside_one_partly_out_of_view_is_reported_once(
    art_cache: Path, design: str, code: str
) -> None:
    # Wide view: the five of hearts runs past the picture's bottom edge and the eight of
    # hearts past its top; their shapes, laid at a card's size against the edge, reached half
    # over the jack of clubs (anglo: unread) and the nine of hearts (ornamental: read unsurely
    # as the king of hearts, 0.12), their centres on those cards: each reported twice.
    faces = decks.render_design(decks.design(design), height=320, cache=art_cache)
    scene = random_scene(7_900_008, faces, style=WIDE)
    card = [n for n, c in enumerate(scene.cards) if c.card.code == code]
    assert len(card) == 1
    counts, nowhere, wrong = found_on_cards(CardDetector().detect(scene.image), scene.cards)
    assert counts[card[0]] == 1 and max(counts) == 1 and nowhere == 0 and wrong == 0


def test_two_shapes_on_a_card_read_unsurely_are_one_card(art_cache: Path) -> None:
    # Printed table: the queen of spades found as two shapes overlapping by 0.39 of either,
    # one read unsurely (as the ace of diamonds), one unread: reported twice.
    faces = decks.render_design(decks.design("simplistic"), height=320, cache=art_cache)
    scene = random_scene(7_900_000, faces, style=TABLE)
    queen = [n for n, c in enumerate(scene.cards) if c.card.code == "QS"]
    assert len(queen) == 1
    counts, nowhere, wrong = found_on_cards(CardDetector().detect(scene.image), scene.cards)
    assert counts[queen[0]] == 1 and max(counts) == 1 and nowhere == 0 and wrong == 0
    assert counts.count(0) == 0  # every card found
