"""Step 13's cards laid at an index corner's edges, made cheap (issue 28, h-fast23).

``joined.outline_cards`` lays 4-8 cards on a frame whose bare card mask holds a calibration
marker or a shape read unsurely, and each was read as laid and with its sides moved to the
paper's edges - the glyph reader's cuts and re-cuts on every one - though such a card is added
only when both its index corners bear it out (``_corners_agree``, on the corner network's two
looks). Now the network reads every card laid at once first, and a card whose two corners it
already says cannot bear it out is not read again (``pipeline._corners_may_agree``): the answers
are those of reading every one in full.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from dealer_assist.cards import Card, Rank, Suit
from dealer_assist.vision import decks, pipeline, synthetic
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES
from dealer_assist.vision.pipeline import SHADOW_SHARE, CardDetection, CardDetector, _Reading
from dealer_assist.vision.quads import FinderSettings

# Step 13's offers laid again (h-merged33, on) off: with it, anglo/table#7900008's 6S read in
# full everywhere is laid again a pixel or two off the cheap reading's outline (the same card).
# The marker's pieces looked into too (``outline_markers`` off, h-speed36: it leaves the
# ornamental tilted frame's marker out before any card is laid on it).
RELAY_OFF = FinderSettings(corner_relay=(), outline_markers=None)


def _look(card: Card | None, overlap: float = 0.0) -> _Reading:
    """The network's look at a corner showing ``card`` whole (None: no index)."""
    if card is None:
        return _Reading(None, None, overlap=overlap, network=True)
    rank = np.full(len(RANK_CLASSES) - 1, 0.01)
    suit = np.full(len(SUIT_CLASSES) - 1, 0.01)
    rank[RANK_CLASSES.index(card.rank)] = 0.9
    suit[SUIT_CLASSES.index(card.suit)] = 0.9
    return _Reading(rank, suit, overlap=overlap, network=True)


CARD = np.array([[0.0, 0.0], [60.0, 0.0], [60.0, 84.0], [0.0, 84.0]])
SIX = Card(Rank.SIX, Suit.SPADES)
ACE = Card(Rank.ACE, Suit.HEARTS)


def test_corners_that_may_bear_a_card_out() -> None:
    assert pipeline._corners_may_agree(CARD, (_look(SIX), _look(SIX)), [])
    # Corners showing two cards, or one showing none, never bear a card out...
    assert not pipeline._corners_may_agree(CARD, (_look(SIX), _look(ACE)), [])
    assert not pipeline._corners_may_agree(CARD, (_look(SIX), _look(None)), [])
    assert not pipeline._corners_may_agree(CARD, (_look(None), _look(None)), [])
    # ... unless a card read surely lies over that corner (its index may be hidden): the share
    # is the full read's, measured beside the cards read surely.
    over_one_corner = CARD + np.array([0.0, 70.0])
    shares = pipeline._index_overlaps([CARD, over_one_corner], 1)[0]
    assert max(shares) >= SHADOW_SHARE > min(shares)
    hidden_first = shares[0] >= SHADOW_SHARE
    looks = (_look(None), _look(SIX)) if hidden_first else (_look(SIX), _look(None))
    assert pipeline._corners_may_agree(CARD, looks, [over_one_corner])
    assert not pipeline._corners_may_agree(CARD, looks, [])


def _answers(detections: list[CardDetection]) -> list[tuple[object, ...]]:
    return [
        (d.card, d.candidate, d.confidence, np.round(np.asarray(d.corners), 6).tolist())
        for d in detections
    ]


def _read_in_full(
    monkeypatch: pytest.MonkeyPatch, image: np.ndarray
) -> tuple[list[CardDetection], int, int]:
    """The detections, the cards ``outline_cards`` laid and how many of the outline's offers
    were read in full (``_offer_corner_cards`` given a card's corner regions)."""
    laid: list[int] = []
    full: list[int] = []
    outline_cards = pipeline.outline_cards
    offer = CardDetector._offer_corner_cards

    def counted_outline(*args: object, **kwargs: object) -> list[np.ndarray]:
        result = outline_cards(*args, **kwargs)  # type: ignore[arg-type]
        laid.append(len(result))
        return result

    def counted_offer(self: CardDetector, *args: object, **kwargs: object) -> None:
        full.append(len(args) > 7 and args[7] is not None)
        offer(self, *args, **kwargs)  # type: ignore[arg-type]

    with monkeypatch.context() as patched:
        patched.setattr(pipeline, "outline_cards", counted_outline)
        patched.setattr(CardDetector, "_offer_corner_cards", counted_offer)
        detections = CardDetector(finder=RELAY_OFF).detect(image)
    return detections, sum(laid), sum(full)


@pytest.mark.parametrize(
    ("design", "style", "seed", "code"),
    [
        ("ornamental", synthetic.TILTED, 7_900_000, None),  # a calibration marker laid as cards
        ("anglo", synthetic.TABLE, 7_900_008, "6S"),  # the 6S under the AH and fingers
    ],
)
def test_only_cards_whose_corners_may_agree_are_read_in_full(
    art_cache: Path,
    monkeypatch: pytest.MonkeyPatch,
    design: str,
    style: synthetic.SceneStyle,
    seed: int,
    code: str | None,
) -> None:
    faces = decks.render_design(decks.design(design), height=320, cache=art_cache)
    scene = synthetic.random_scene(seed, faces, style=style)
    detections, laid, full = _read_in_full(monkeypatch, scene.image)
    assert laid >= 4
    if code is None:
        # The marker's square laid as cards from its edges: no corner network look shows a
        # card whole at both corners, and none is read again.
        assert full == 0
    else:
        assert 1 <= full < laid
        assert code in {d.card.code for d in detections if d.card is not None}
    # The answers are those of reading every card laid in full.
    with monkeypatch.context() as patched:
        patched.setattr(pipeline, "_corners_may_agree", lambda *_: True)
        every = CardDetector(finder=RELAY_OFF).detect(scene.image)
    assert _answers(detections) == _answers(every)
