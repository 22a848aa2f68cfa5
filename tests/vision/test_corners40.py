"""A corner offer laid again is not read where its answer would be let go (issue 28, h-corners40).

Step 13 offers cards at the corners of the joined blobs (``CardDetector._corner_cards``); one
read unsurely, or at one index corner, is laid again (``CardDetector._relaid_offer``: the
shapes laid from its corners, the corner network's looks at them all, then the shapes that may
read its card read in turn). A card read there at about the outline of a card reported
uncertain with a candidate is that card read again, and its caller keeps the offer as read
(``_doubted_there``). A card read at a shape keeps the shape as its outline, so
``FinderSettings.relay_doubted_first`` (on) lets the offer go without the network's looks when
every shape laid lies so, and without reading on when every shape left that may be chosen does:
the same detections (on the paired frames of benchmarks/paired_vision.py the relays that end so
cost 13-35 ms each)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision import synthetic
from dealer_assist.vision.pipeline import CardDetector, _doubted_at, _doubted_there
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import square_detection, tilted_coup

# ``black_pips`` (on since session 44) reads 11,740,007's AC by its one pip, rightly: off in
# both, so the offers are what is compared.
CUT = FinderSettings(black_pips=False)
EVERY = replace(CUT, relay_doubted_first=False)  # every shape read, as before

# Tilted six-card tango frames of this helper's seeds (``found.tilted_coup``) with an offer laid
# again where a card is reported uncertain: 11,740,003's six read surely, 11,740,007's AC
# uncertain.
SEEDS = [11_740_003, 11_740_007]


def test_relay_doubted_first_ships_on() -> None:
    assert FinderSettings().relay_doubted_first
    assert not EVERY.relay_doubted_first


def test_a_shape_is_doubted_as_the_card_read_at_it() -> None:
    # The card read at a shape laid again keeps the shape as its outline: the shape judged
    # before it is read answers as the card read there.
    uncertain = square_detection(None, (102.0, 101.0), "2S")
    shifted = square_detection(None, (130.0, 100.0), "2S")
    unread = square_detection(None, (100.0, 100.0), None)
    relaid = square_detection("2S", (100.0, 100.0), "2S")
    outline = np.asarray(relaid.corners, np.float64)
    for reported in ([uncertain], [shifted], [unread], [shifted, uncertain], []):
        assert _doubted_at(outline, reported) == _doubted_there(relaid, reported)
    assert _doubted_at(outline, [uncertain])
    assert not _doubted_at(outline, [shifted, unread])


@pytest.mark.parametrize("seed", SEEDS)
def test_offers_let_go_where_a_card_is_reported_uncertain_answer_the_same(
    tango_faces: dict[Card, np.ndarray], seed: int
) -> None:
    image = tilted_coup(seed, tango_faces)
    cut = CardDetector(layout=None, finder=CUT)
    every = CardDetector(layout=None, finder=EVERY)
    found, found_every = cut.detect(image), every.detect(image)
    assert repr(found) == repr(found_every)  # every card, outline and confidence
    # The offers laid again and the shapes laid are the same; the cut let one go unread.
    assert cut.relay_work.offers == every.relay_work.offers > 0
    assert cut.relay_work.laid == every.relay_work.laid
    assert cut.relay_work.doubted >= 1
    assert every.relay_work.doubted == 0
    assert cut.relay_work.read <= every.relay_work.read
    # Every card of the coup found once, none read as another.
    dealt = synthetic.random_coup_cards(np.random.default_rng(seed), 6)
    read = [d.card if d.card is not None else d.candidate for d in found]
    assert sorted(map(str, read)) == sorted(map(str, dealt))
    assert all(d.card in (None, d.candidate) for d in found)
    if seed == 11_740_007:
        ace = parse_card("AC")
        assert [d.card for d in found if d.candidate == ace] == [None]  # uncertain, as before
    else:
        assert all(d.card is not None for d in found)
