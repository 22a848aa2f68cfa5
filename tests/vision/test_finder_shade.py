"""A card in a shadow, found on paper alone (issue 28, h-dim8).

Paper alone (``paper.paper_mask``) keeps the pixels whose darkest channel is at least 0.6 of
the mask's paper level; a card in a croupier's shadow on dark cloth is about half as bright
as the cards in the light, and its paper was thrown away. Where the cloth round it is shaded
(darker than ``shade`` of the cloth's median), paper is also what is ``cloth_contrast`` times
as light as that cloth (never under ``dim_floor`` of the paper level): ``paper._dim_floor``.
``PaperSettings(cloth_contrast=0)`` turns it off (the finder before)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision.paper import PaperSettings, paper_mask
from dealer_assist.vision.pipeline import DEFAULT_PAPER, CardDetector
from dealer_assist.vision.synthetic import WIDE, random_scene
from tests.vision.found import found_on_cards, in_view, off_partial

NO_SHADE = replace(DEFAULT_PAPER, cloth_contrast=0)


def test_a_card_in_a_shadow_is_paper_and_a_shaded_word_is_not() -> None:
    image = np.full((240, 480, 3), (40, 110, 30), np.uint8)  # green cloth, lit
    image[:, 240:] = (12, 30, 9)  # the cloth in a shadow
    cv2.rectangle(image, (40, 60), (100, 150), (225, 228, 230), -1)  # a card in the light
    cv2.rectangle(image, (300, 60), (360, 150), (105, 108, 110), -1)  # a card in the shadow
    cv2.rectangle(image, (400, 60), (440, 150), (50, 55, 52), -1)  # a word printed in grey
    mask = np.zeros(image.shape[:2], np.uint8)
    for x0, x1 in ((40, 100), (300, 360), (400, 440)):
        cv2.rectangle(mask, (x0, 60), (x1, 150), 255, -1)
    settings = PaperSettings()
    paper = paper_mask(image, mask, settings)
    assert paper is not None
    assert np.count_nonzero(paper[62:149, 42:99]) == paper[62:149, 42:99].size
    shaded = paper[62:149, 302:359]
    assert np.count_nonzero(shaded) == shaded.size  # 105 of 225: under 0.6, kept
    assert np.count_nonzero(paper[62:149, 402:439]) == 0  # the word is not paper
    before = paper_mask(image, mask, replace(settings, cloth_contrast=0))
    assert before is not None and np.count_nonzero(before[62:149, 302:359]) == 0


def test_a_card_in_a_shadow_is_found_on_paper_alone(
    ornamental_faces: dict[Card, np.ndarray],
) -> None:
    # A wide view (1920 x 1080) with a shadow over the player's side: the finder before read
    # the TS, 5C, JH and 7H exactly and found nothing on the 9C (its paper under 0.6 of the
    # paper level, left out of paper alone). With the shadow's paper the finding on paper
    # alone shows it, read exactly, and every other card as before.
    scene = random_scene(7_900_001, ornamental_faces, style=WIDE)
    whole = in_view(scene.cards, scene.image)
    nine = parse_card("9C")
    assert nine in [c.card for c in whole]
    before = CardDetector(paper=NO_SHADE).detect(scene.image)
    read_before = {d.card for d in before if d.card is not None}
    assert nine not in read_before
    # The 9S partly out of the picture counts neither way (as the benchmarks count): step 13
    # reports it uncertain since h-merged15, its right candidate.
    partial = [c for c in scene.cards if c not in whole]
    detections = off_partial(CardDetector().detect(scene.image), partial)
    counts, nowhere, wrong = found_on_cards(detections, whole)
    assert wrong == 0 and nowhere == 0 and max(counts) == 1
    read = {d.card for d in detections if d.card is not None}
    assert read == read_before | {nine}
