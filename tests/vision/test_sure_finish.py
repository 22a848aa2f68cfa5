"""A frame read wholly surely whose card mask its sure cards cover skips ``_finished``'s steps that
only add cards (issue 28, speed, h-speed51): ``FinderSettings.sure_finish``,
``CardDetector._wholly_covered``.

On paired_vision.py's building frames read with one finding (the median frame), the steps that
lay cards where the finding has none (``_corner_cards``, ``_between_cards``, ``_bare_cards``
and ``recover``'s) are a tenth of the frame, and on a frame every shape of which reads surely
with nothing of the mask left beside the cards they add nothing. The forearm's step
(``_arm_cards``) runs even so: skipped, test_arm_cards' three cards under a forearm were lost."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision import synthetic
from dealer_assist.vision.pipeline import CardDetection, CardDetector, FrameAnalysis, _Finding
from dealer_assist.vision.quads import FinderSettings, WorkView
from tests.vision.found import tilted_coup

ON = replace(FinderSettings(), sure_finish=0.1)
OFF = replace(FinderSettings(), sure_finish=0.0)
# benchmarks/paired_vision.py's building frames (seeds from 13,660,000, designs in turn):
# ornamental, read with one finding, every card sure.
COVERED = 13_660_006
ADDING = ("_corner_cards", "_between_cards", "_bare_cards", "_recover")
ARM = "_arm_cards"  # run even so: a forearm's cards leave pieces apart on the mask


def test_it_is_on_at_a_tenth_of_a_card_by_default() -> None:
    # On since session 52 (h-speed52: the building check card for card the same, a fresh
    # building set's 47 frames it fired on the same).
    assert FinderSettings().sure_finish == 0.1
    assert CardDetector().finder.sure_finish == 0.1


def _steps_run(
    finder: FinderSettings, image: np.ndarray, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[str], str]:
    """The card-adding steps of ``_finished`` run when ``image`` is read with ``finder``, and
    the detections' ``repr``."""
    ran: list[str] = []
    for name in (*ADDING, ARM):
        original = getattr(CardDetector, name)

        def step(
            self: CardDetector, *args: Any, _o: Any = original, _n: str = name, **kwargs: Any
        ) -> Any:
            ran.append(_n)
            return _o(self, *args, **kwargs)

        monkeypatch.setattr(CardDetector, name, step)
    detections = CardDetector(layout=None, finder=finder).detect(image)
    monkeypatch.undo()
    return ran, repr(detections)


def test_a_frame_read_wholly_surely_and_covered_skips_the_adding_steps(
    check_faces: dict[str, dict[Card, np.ndarray]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """ornamental, the paired frame 13660006: six cards read surely, the mask covered; off,
    the four adding steps and the forearm's run and add nothing; on, only the forearm's runs,
    the detections the same, bit for bit."""
    image = tilted_coup(COVERED, check_faces["ornamental"])
    off_ran, off_cards = _steps_run(OFF, image, monkeypatch)
    on_ran, on_cards = _steps_run(ON, image, monkeypatch)
    assert off_ran == [*ADDING[:3], ARM, ADDING[3]]
    assert on_ran == [ARM]
    assert on_cards == off_cards
    assert off_cards.count("card=Card(") == 6


def test_a_blob_of_the_mask_no_card_explains_keeps_them(
    check_faces: dict[str, dict[Card, np.ndarray]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same frame with a patch of paper-white painted on the felt in its corner, a blob of
    its own far from the cards, about a card's size: every card still reads surely, but the mask
    has a piece no sure card explains where ``recover`` would look, so the adding steps run as
    with the lever off, and answer the same."""
    image = tilted_coup(COVERED, check_faces["ornamental"]).copy()
    height = image.shape[0]
    image[height - 90 : height - 10, 10:70] = 235  # paper-white, no index: no card read there
    off_ran, off_cards = _steps_run(OFF, image, monkeypatch)
    on_ran, on_cards = _steps_run(ON, image, monkeypatch)
    assert on_ran == off_ran
    assert "_bare_cards" in on_ran
    assert on_cards == off_cards


def _covered(mask: np.ndarray, detections: list[CardDetection], share: float = 0.1) -> bool:
    """``_wholly_covered`` of a finding in a view that is the frame (card 80 x 112 pixels)."""
    view = WorkView(np.zeros((*mask.shape, 3), np.uint8), np.eye(3), SIDES)
    found = _Finding([], SIDES, 0.0, [], view=view, mask=mask)
    analysis = FrameAnalysis(detections, [], card_px=SIDES)
    return CardDetector(layout=None, finder=ON)._wholly_covered(analysis, found, share)


SIDES = (80.0, 112.0)
CARD = ((50.0, 40.0), (130.0, 40.0), (130.0, 152.0), (50.0, 152.0))


SEVEN = parse_card("7H")


def _card(card: Card | None = SEVEN) -> CardDetection:
    return CardDetection(card, 0.99, CARD, (90.0, 96.0), candidate=SEVEN)


def _mask(*boxes: tuple[int, int, int, int]) -> np.ndarray:
    mask = np.zeros((220, 320), np.uint8)
    for x0, y0, x1, y1 in ((50, 40, 131, 153), *boxes):
        mask[y0:y1, x0:x1] = 255
    return mask


def test_the_rule_a_sure_card_covering_its_blob_is_covered() -> None:
    assert _covered(_mask(), [_card()])


def test_the_rule_a_piece_beside_a_card_of_a_tenth_of_its_area_is_not() -> None:
    """A strip 30 pixels wide beside the card (0.31 of a card left past the 5-pixel margin):
    where ``_bare_cards`` and ``_corner_cards`` lay a card; 3 pixels wide it is a sliver."""
    assert not _covered(_mask((131, 40, 161, 153)), [_card()])
    assert _covered(_mask((131, 40, 134, 153)), [_card()])


def test_the_rule_a_blob_apart_counts_from_half_a_card() -> None:
    """A blob of its own (a calibration marker, a chip) counts only from
    ``RecoverySettings.min_unexplained_cards`` (0.5) of a card, where ``recover`` looks."""
    assert _covered(_mask((200, 20, 240, 60)), [_card()])  # 0.18 of a card
    assert not _covered(_mask((200, 20, 280, 100)), [_card()])  # 0.71


def test_the_rule_an_uncertain_card_or_an_unread_shape_is_never_covered() -> None:
    assert not _covered(_mask(), [_card(None)])
    assert not _covered(_mask(), [])


def test_the_cards_under_a_forearm_are_still_read(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """test_arm_cards' anglo/harsh#11380000: the frame as it is reads its three cards in the
    clear surely and its mask shows nothing else but pieces apart under half a card each (the
    forearm's blob, which the paper test dropped, cut the 8S, 7D and TD into them): covered.
    The forearm's step still runs and reads the three, as with the lever off."""
    scene = synthetic.random_scene(11_380_000, check_faces["anglo"], style=synthetic.HARSH)
    off = CardDetector(finder=OFF).detect(scene.image)
    on = CardDetector(finder=ON).detect(scene.image)
    assert repr(on) == repr(off)
    assert sorted(d.card.code for d in on if d.card is not None) == sorted(
        ["8S", "7D", "TD", "9S", "7H", "JH"]
    )
