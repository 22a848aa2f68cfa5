"""What a test scene's detections found: shared by the finder's scene tests."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card, Rank, parse_card
from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.enrol import EnrolledDeck
from dealer_assist.vision.evaluation import match
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.lens_scenes import Condition, TrueCard, photograph
from dealer_assist.vision.pipeline import CardDetection, CardDetector, FrameAnalysis, _Finding
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.synthetic import PlacedCard


def tilted_coup(seed: int, faces: dict[Card, np.ndarray]) -> np.ndarray:
    """A tilted six-card frame as the camera's frame-time measure draws them
    (benchmarks/paired_vision.py ``--tilted``): a coup's cards, a camera up to 30 degrees off
    vertical, no layout."""
    cards = synthetic.random_coup_cards(np.random.default_rng(seed), 6)
    return synthetic.random_scene(seed, faces, cards=cards, style=synthetic.TILTED).image


def chosen_among(
    detector: CardDetector,
    image: np.ndarray,
    monkeypatch: pytest.MonkeyPatch,
    seen: Callable[[_Finding, FrameAnalysis], None],
) -> list[CardDetection]:
    """``detector``'s detections in ``image``, ``seen`` called with each finding its choice
    (``CardDetector._choose``) reads and that finding's analysis, in the order read."""
    original = CardDetector._analysis_of
    choosing = False
    original_choose = CardDetector._choose

    def choose(self: CardDetector, *args: Any, **kwargs: Any) -> Any:
        nonlocal choosing
        choosing = True
        try:
            return original_choose(self, *args, **kwargs)
        finally:
            choosing = False

    def analysis_of(
        self: CardDetector, frame: np.ndarray, found: _Finding, **kwargs: Any
    ) -> FrameAnalysis:
        analysis = original(self, frame, found, **kwargs)
        if choosing:
            seen(found, analysis)
        return analysis

    with monkeypatch.context() as patch:
        patch.setattr(CardDetector, "_analysis_of", analysis_of)
        patch.setattr(CardDetector, "_choose", choose)
        return detector.detect(image)


def found_on_cards(
    detections: list[CardDetection], cards: list[PlacedCard]
) -> tuple[list[int], int, int]:
    """Per card, how many detections lie on it (topmost under the centre); detections on no
    card; cards read as another card."""
    counts = [0] * len(cards)
    nowhere = wrong = 0
    for detection in detections:
        point = (float(detection.center[0]), float(detection.center[1]))
        under = [
            n
            for n, card in enumerate(cards)
            if cv2.pointPolygonTest(
                np.array(card.corners, np.float32).reshape(-1, 1, 2), point, False
            )
            >= 0
        ]
        if not under:
            nowhere += 1
            continue
        counts[under[-1]] += 1
        wrong += detection.card is not None and detection.card != cards[under[-1]].card
    return counts, nowhere, wrong


def in_view(cards: list[PlacedCard], image: np.ndarray) -> list[PlacedCard]:
    """The cards lying wholly inside the picture (a card partly out of it counts neither way)."""
    height, width = image.shape[:2]
    return [c for c in cards if all(0 <= x < width and 0 <= y < height for x, y in c.corners)]


def off_partial(detections: list[CardDetection], partial: list[PlacedCard]) -> list[CardDetection]:
    """The detections but those whose centre lies on a card partly out of the picture
    (``partial``): such a detection counts neither way."""
    return [
        d
        for d in detections
        if not any(
            cv2.pointPolygonTest(
                np.array(c.corners, np.float32).reshape(-1, 1, 2),
                (float(d.center[0]), float(d.center[1])),
                False,
            )
            >= 0
            for c in partial
        )
    ]


def found_in_style(
    faces: dict[Card, np.ndarray], seed: int, style: str, detector: CardDetector
) -> tuple[list[int], int, int, list[str]]:
    """What ``detector`` finds in the scene ``seed`` of ``faces`` drawn in the check's style
    ``style`` (``synthetic.CHECK_STYLES``): ``found_on_cards`` of the cards wholly in the
    picture, and the cards it reads surely (codes, sorted)."""
    scene = synthetic.random_scene(seed, faces, style=synthetic.CHECK_STYLES[style])
    whole = in_view(scene.cards, scene.image)
    detections = detector.detect(scene.image)
    counts, nowhere, wrong = found_on_cards(detections, whole)
    return counts, nowhere, wrong, sorted(d.card.code for d in detections if d.card is not None)


def wrong_reads_in_scene(
    faces: dict[str, dict[Card, np.ndarray]], label: str, detector: CardDetector
) -> int:
    """How many cards wholly in the picture of the building check's scene ``design/style#seed``
    (``synthetic.CHECK_STYLES``) ``detector`` reads surely as another card (a detection counted
    on the card under its centre; one on a card partly out of the picture counts neither way)."""
    design, rest = label.split("/")
    style, seed = rest.split("#")
    scene = synthetic.random_scene(int(seed), faces[design], style=synthetic.CHECK_STYLES[style])
    whole = in_view(scene.cards, scene.image)
    partial = [c for c in scene.cards if c not in whole]
    _, _, wrong = found_on_cards(off_partial(detector.detect(scene.image), partial), whole)
    return wrong


def answer_in_scene(
    faces: dict[str, dict[Card, np.ndarray]], label: str, code: str, detector: CardDetector
) -> tuple[CardDetection, list[tuple[CardDetection, Card]]]:
    """The answer for card ``code`` of the building check's scene ``design/style#seed``
    (``synthetic.CHECK_STYLES``), and every answer matched with its card."""
    design, rest = label.split("/")
    style, seed = rest.split("#")
    scene = synthetic.random_scene(int(seed), faces[design], style=synthetic.CHECK_STYLES[style])
    detections = detector.detect(scene.image)
    matched, _ = match(detections, scene.cards)
    (where,) = [t for t, card in enumerate(scene.cards) if card.card == parse_card(code)]
    assert where in matched, f"{code} not found"
    answers = [(detections[d], scene.cards[t].card) for t, d in matched.items()]
    return detections[matched[where]], answers


def read_by_lever_alone(
    faces: dict[str, dict[Card, np.ndarray]],
    label: str,
    code: str,
    off: FinderSettings,
    on: FinderSettings,
) -> CardDetection:
    """The answer for card ``code`` of the building check's scene ``label`` read with ``off``;
    read with ``on`` the card is read exactly, one detection a card as before, every other card
    answered as before and no card read wrong."""
    was, before = answer_in_scene(faces, label, code, CardDetector(finder=off))
    now, after = answer_in_scene(faces, label, code, CardDetector(finder=on))
    assert now.card is not None and now.card.code == code
    assert len(after) == len(before)  # one detection a card, as before

    def others(answers: list[tuple[CardDetection, Card]], but: CardDetection) -> list[str]:
        return sorted(
            f"{d.card.code if d.card else '?'} {c.code}" for d, c in answers if d is not but
        )

    assert others(after, now) == others(before, was)  # every other card as before
    assert all(d.card is None or d.card == c for d, c in after)  # nothing read wrong
    return was


def uncertain_by_a_rule(
    faces: dict[str, dict[Card, np.ndarray]],
    label: str,
    code: str,
    off: CardDetector,
    on: CardDetector,
) -> tuple[CardDetection, list[tuple[CardDetection, Card]]]:
    """Scene ``label`` (``answer_in_scene``) has one wrong read ``off`` a rule and card ``code``
    answered uncertain ``on`` it; that answer and every answer matched with its card."""
    assert wrong_reads_in_scene(faces, label, off) == 1
    detection, answers = answer_in_scene(faces, label, code, on)
    assert detection.card is None
    return detection, answers


def held_by_a_rule_only(
    faces: dict[str, dict[Card, np.ndarray]], label: str, code: str, on: CardDetector
) -> list[str]:
    """Scene ``label`` has one wrong read with the default detector and none ``on`` a rule that
    leaves card ``code`` uncertain, its candidate kept (``uncertain_by_a_rule``); the codes of
    the cards ``on`` still reads surely, sorted."""
    assert wrong_reads_in_scene(faces, label, on) == 0
    detection, answers = uncertain_by_a_rule(faces, label, code, CardDetector(), on)
    assert detection.candidate == parse_card(code)
    return sorted(d.card.code for d, _ in answers if d.card is not None)


def answer_at(detector: CardDetector, image: np.ndarray, card: PlacedCard) -> str:
    """What ``detector`` answers for the card: the code of the first detection whose centre
    lies within 20 pixels of the card's, "uncertain" when it names none, or "missed"."""
    return answer_among(detector.detect(image), card)


def answer_among(detections: list[CardDetection], card: PlacedCard) -> str:
    """``answer_at`` for detections already made."""
    for d in detections:
        if np.hypot(d.center[0] - card.center[0], d.center[1] - card.center[1]) < 20:
            return d.card.code if d.card else "uncertain"
    return "missed"


def read_on_a_later_look(
    faces: dict[str, dict[Card, np.ndarray]],
    label: str,
    code: str,
    without: CardDetector,
    with_it: CardDetector,
) -> None:
    """Card ``code`` of scene ``label`` is uncertain (its candidate the card) ``without`` a
    later look at the chosen finding's cards, and read exactly ``with_it``, at the same outline;
    no card of the scene is read as another."""
    before, _ = answer_in_scene(faces, label, code, without)
    assert before.card is None and before.candidate == parse_card(code)
    after, answers = answer_in_scene(faces, label, code, with_it)
    assert after.card == parse_card(code)
    assert after.corners == before.corners  # the same card, only judged again
    for detection, truth in answers:
        assert detection.card in (None, truth)


def court_with_a_ten_index(
    faces: dict[Card, np.ndarray], court: str, columns: tuple[float, float]
) -> dict[Card, np.ndarray]:
    """``faces`` with the ``court`` drawn as the ten of its suit's face round the court's
    middle (its picture: rows 0.15-0.85 of the face, ``columns`` shares of its width): a court
    whose index reads as a ten (a court read as a ten, issue 28)."""
    card = parse_card(court)
    face = faces[Card(Rank.TEN, card.suit)].copy()
    height, width = face.shape[:2]
    rows = slice(int(0.15 * height), int(0.85 * height))
    across = slice(int(columns[0] * width), int(columns[1] * width))
    face[rows, across] = faces[card][rows, across]
    return {**faces, card: face}


def lying_on_felt(face: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A rendered card face (BGRA) filling a frame of grey felt, and its outline (float64)."""
    alpha = face[:, :, 3:4].astype(np.float32) / 255.0
    frame = (face[:, :, :3] * alpha + 60.0 * (1 - alpha)).astype(np.uint8)
    h, w = frame.shape[:2]
    return frame, np.array([[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]])


def found_on_joined(
    art_cache: Path,
    design: str,
    seed: int,
    codes: tuple[str, ...],
    without: CardDetector,
    with_it: CardDetector,
) -> tuple[list[int], list[int], list[CardDetection]]:
    """The cards ``codes`` of the style ``JOINED``'s scene ``design#seed`` are all missed
    ``without`` a step and each found once ``with_it``, no card found twice, none where no card
    is, none read as another; the counts before and after (``found_on_cards``) and the
    detections after."""
    faces = decks.render_design(decks.design(design), height=320, cache=art_cache)
    scene = synthetic.random_scene(seed, faces, style=synthetic.JOINED)
    cards = in_view(scene.cards, scene.image)
    wanted = [n for n, c in enumerate(cards) if c.card.code in codes]
    assert len(wanted) == len(codes)
    before, _, _ = found_on_cards(without.detect(scene.image), cards)
    assert all(before[n] == 0 for n in wanted)
    detections = with_it.detect(scene.image)
    counts, nowhere, wrong = found_on_cards(detections, cards)
    assert all(counts[n] == 1 for n in wanted)
    assert max(counts) == 1 and nowhere == 0 and wrong == 0
    return before, counts, detections


def found_once_now(
    art_cache: Path,
    design: str,
    style: synthetic.SceneStyle,
    seed: int,
    code: str,
    off: FinderSettings,
    on: FinderSettings | None = None,
) -> str | None:
    """The card ``code`` of the scene is missed with the settings ``off`` (the step turned
    off) and found once with the settings ``on`` (default: the defaults), nothing found
    twice, where no card is or read as another, no card found before lost; what it is read
    as (None: uncertain)."""
    faces = decks.render_design(decks.design(design), height=320, cache=art_cache)
    scene = synthetic.random_scene(seed, faces, style=style)
    cards = in_view(scene.cards, scene.image)
    partial = [c for c in scene.cards if c not in cards]  # a detection there counts neither way
    wanted = next(n for n, c in enumerate(cards) if c.card.code == code)
    was = off_partial(CardDetector(finder=off).detect(scene.image), partial)
    before, _, _ = found_on_cards(was, cards)
    detections = off_partial(CardDetector(finder=on).detect(scene.image), partial)
    counts, nowhere, wrong = found_on_cards(detections, cards)
    assert before[wanted] == 0 and counts[wanted] == 1
    assert max(counts) == 1 and nowhere == 0 and wrong == 0
    assert all(after >= was for after, was in zip(counts, before, strict=True))
    on_it = [d.card.code for d in detections if d.card is not None and d.card.code == code]
    return on_it[0] if on_it else None


def made_sure_now(
    art_cache: Path,
    design: str,
    style: synthetic.SceneStyle,
    seed: int,
    codes: set[str],
    off: FinderSettings,
    on: FinderSettings | None = None,
) -> None:
    """The cards ``codes`` of the scene are read surely with the settings ``on`` (default: the
    defaults) and not with ``off`` (the step turned off); no card read surely before is lost,
    nothing is found twice, where no card is or read as another."""
    faces = decks.render_design(decks.design(design), height=320, cache=art_cache)
    scene = synthetic.random_scene(seed, faces, style=style)
    cards = in_view(scene.cards, scene.image)
    partial = [c for c in scene.cards if c not in cards]
    before = off_partial(CardDetector(finder=off).detect(scene.image), partial)
    after = off_partial(CardDetector(finder=on).detect(scene.image), partial)
    sure_before = {d.card.code for d in before if d.card is not None}
    sure_after = {d.card.code for d in after if d.card is not None}
    assert not codes & sure_before
    assert codes <= sure_after
    assert sure_before <= sure_after
    counts, nowhere, wrong = found_on_cards(after, cards)
    assert max(counts) == 1 and nowhere == 0 and wrong == 0


def square_detection(
    card: str | None, centre: tuple[float, float], candidate: str | None
) -> CardDetection:
    """A made-up detection, 60 x 80 pixels about ``centre``: ``card`` read surely (0.99), or
    uncertain (0.5) when None, with ``candidate`` its best guess."""
    x, y = centre
    corners = ((x - 30, y - 40), (x + 30, y - 40), (x + 30, y + 40), (x - 30, y + 40))
    return CardDetection(
        parse_card(card) if card else None,
        0.99 if card else 0.5,
        corners,
        centre,
        candidate=parse_card(candidate) if candidate else None,
    )


def on_card_in_scene(
    detector: CardDetector, scene: synthetic.Scene, code: str
) -> tuple[list[CardDetection], int, int]:
    """The detections whose centre lies on card ``code`` of ``scene`` (wholly in view), those
    where no card is, and the wrong reads (``found_on_cards``)."""
    whole = in_view(scene.cards, scene.image)
    (card,) = [c for c in whole if c.card == parse_card(code)]
    outline = np.array(card.corners, np.float32).reshape(-1, 1, 2)
    detections = detector.detect(scene.image)
    on_card = [
        d
        for d in detections
        if cv2.pointPolygonTest(outline, (float(d.center[0]), float(d.center[1])), False) >= 0
    ]
    _, nowhere, wrong = found_on_cards(detections, whole)
    return on_card, nowhere, wrong


def answer_pairs(detections: list[CardDetection]) -> list[tuple[str | None, str | None]]:
    """Each detection's (card, candidate) codes, sorted: what a frame answered, to compare
    two readers' answers without their outlines."""
    return sorted(
        (
            (
                None if d.card is None else d.card.code,
                None if d.candidate is None else d.candidate.code,
            )
            for d in detections
        ),
        key=str,
    )


def read_with(image: np.ndarray, **changed: object) -> list[CardDetection]:
    """``image`` read by a detector whose finder settings are the defaults but ``changed``
    (a lever's tests read a scene with it off and on)."""
    return CardDetector(finder=replace(FinderSettings(), **changed)).detect(image)


def card_signature(found: list[CardDetection]) -> list[tuple[str, str]]:
    """Each detection's (card, candidate) codes, "?" for none, sorted."""
    return sorted(
        (d.card.code if d.card else "?", d.candidate.code if d.candidate else "?") for d in found
    )


def turned_exact_alone(
    art_cache: Path,
    design: str,
    style: str,
    seed: int,
    code: str,
    before: FinderSettings,
    after: FinderSettings,
) -> float:
    """Assert that in the scene ``seed`` of ``design`` drawn in the check's style ``style`` the
    card ``code`` is answered uncertain with the finder ``before`` and read exactly at an
    outline on it (IoU over 0.85) with ``after``, and that nothing else is answered otherwise:
    no card added, none lost, none read as another (``relay_off``'s tests, issue 28, h-relay42
    and h-overlap43). Returns the IoU of ``before``'s answer with the card."""
    faces = decks.render_design(decks.design(design), height=320, cache=art_cache)
    scene = synthetic.random_scene(seed, faces, style=synthetic.CHECK_STYLES[style])
    cards = in_view(scene.cards, scene.image)
    partial = [c for c in scene.cards if c not in cards]
    (card,) = [c for c in cards if c.card.code == code]
    true = np.asarray(card.corners, np.float64)
    found = [
        off_partial(CardDetector(finder=finder).detect(scene.image), partial)
        for finder in (before, after)
    ]
    old, new = (
        max(found[n], key=lambda d: polygon_iou(np.asarray(d.corners), true)) for n in (0, 1)
    )
    assert old.card is None
    assert new.card == card.card and polygon_iou(np.asarray(new.corners), true) > 0.85
    counts, nowhere, wrong = found_on_cards(found[1], cards)
    assert (counts, nowhere, wrong) == found_on_cards(found[0], cards)
    assert wrong == 0
    assert len(found[1]) == len(found[0])
    assert {d.card for d in found[0] if d.card is not None} | {card.card} == {
        d.card for d in found[1] if d.card is not None
    }
    return polygon_iou(np.asarray(old.corners), true)


def on_true_card(card: TrueCard, detections: list[CardDetection]) -> list[CardDetection]:
    """The detections whose centre lies on the second generator's card ``card``."""
    true = np.asarray(card.corners, np.float32)
    return [d for d in detections if cv2.pointPolygonTest(true, d.center, False) >= 0]


def found_by_lever(
    faces: dict[Card, np.ndarray],
    seed: int,
    condition: str,
    code: str,
    off: FinderSettings,
    on: FinderSettings,
) -> CardDetection:
    """The one detection on the card ``code`` of the second generator's photograph, missed
    with ``off`` and found with ``on``, every other detection answering the same."""
    photo = photograph(seed, faces, condition)
    middle = next(c for c in photo.cards if c.card.code == code)
    before = CardDetector(finder=off).detect(photo.image)
    after = CardDetector(finder=on).detect(photo.image)
    assert on_true_card(middle, before) == []  # missed without the lever
    found = on_true_card(middle, after)
    assert len(found) == 1
    assert middle.card in (found[0].card, found[0].candidate)  # never wrong
    # Nothing else changes: the other detections are the same answers, one more.
    assert len(after) == len(before) + 1
    rest = [d for d in after if d is not found[0]]
    assert answer_pairs(rest) == answer_pairs(before)
    for detection in after:  # each detection lies on a card
        assert any(
            cv2.pointPolygonTest(np.asarray(c.corners, np.float32), detection.center, False) >= 0
            for c in photo.cards
        )
    return found[0]


def put_back_alone(
    before: list[CardDetection], after: list[CardDetection], placed: PlacedCard, code: str
) -> None:
    """Assert that the card ``placed`` is answered uncertain among ``before`` and read as
    ``code`` among ``after`` (``answer_among``), every other card read surely the same (the
    deck's levers that put a sure reading back)."""
    assert answer_among(before, placed) == "uncertain"
    assert answer_among(after, placed) == code
    read_before = [d.card.code for d in before if d.card is not None]
    read_after = [d.card.code for d in after if d.card is not None]
    assert sorted(read_after) == sorted([*read_before, code])


def kept_alone(
    deck: EnrolledDeck,
    faces: dict[Card, np.ndarray],
    seed: int,
    style: str,
    code: str,
    finder: FinderSettings,
) -> None:
    """Card ``code`` of the building check's scene ``seed`` in ``style`` (``CHECK_STYLES``),
    read surely by the reader alone, is uncertain with the deck and neither lever that keeps
    a sure card on (``deck_keeps_every_sure``, off; ``deck_doubts_when_leaning``, on since
    session 49) and read as ``code`` with the deck and ``finder`` (``put_back_alone``); every
    answer names a card dealt, and the detections are as many."""
    scene = synthetic.random_scene(seed, faces, style=synthetic.CHECK_STYLES[style])
    placed = next(c for c in scene.cards if c.card.code == code)
    model = cast(GlyphModel, deck)
    assert answer_at(CardDetector(), scene.image, placed) == code
    doubting = replace(FinderSettings(), deck_keeps_every_sure=False, deck_doubts_when_leaning=0.0)
    before = CardDetector(model=model, finder=doubting).detect(scene.image)
    after = CardDetector(model=model, finder=finder).detect(scene.image)
    put_back_alone(before, after, placed, code)
    assert {d.card.code for d in after if d.card is not None} <= {c.card.code for c in scene.cards}
    assert len(after) == len(before)


def answers_on_cards(
    faces: dict[Card, np.ndarray], seed: int, condition: Condition | str, finder: FinderSettings
) -> dict[str, list[str]]:
    """Per true card of the second generator's photograph, the answers of the detections on it
    ("?": uncertain, with its candidate after it)."""
    photo = photograph(seed, faces, condition)
    detections = CardDetector(model=GlyphModel.load(), finder=finder).analyse(photo.image).reported
    return {
        true.card.code: [
            d.card.code if d.card is not None else f"?{d.candidate.code if d.candidate else ''}"
            for d in on_true_card(true, detections)
        ]
        for true in photo.cards
    }
