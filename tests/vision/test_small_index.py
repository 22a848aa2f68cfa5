"""A shape over two cards read at one card's index, its index small for its outline
(issue 28, h-wrong35).

On fresh building seeds (11,075,000+) ornamental/table#11075002 reported the 5S dealt on a QH
as the QH: one shape over both (9,440 square pixels; the cards about 5,200) read surely at the
QH's index at one corner, its centre on the 5S. Its size in the plane's view was the finding's
card size (the frame's other outlines were as large), so ``_off_card_shape`` did not hold it;
its index was 0.22 of its height, the frame's other sure cards' 0.34 and 0.35. A card reported
surely, its index read whole by the corner network at one corner only, whose index share is
under ``index_against`` of the median of the frame's other sure cards' is now uncertain
(``CardDetector._small_indices``, judged last; off by default: ``index_against`` =
``INDEX_AGAINST`` turns it on - on fresh building seeds it cost right cards).
"""

from __future__ import annotations

import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision.pipeline import INDEX_AGAINST, CardDetector, _small_share
from tests.vision.found import held_by_a_rule_only


def test_a_pile_read_at_the_lower_cards_index_is_uncertain(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    # Off by default: the 5S read as the QH. The frame's other cards, each read at one corner
    # too, stay sure.
    on = CardDetector(index_against=INDEX_AGAINST)
    assert held_by_a_rule_only(check_faces, "ornamental/table#11075002", "QH", on) == ["4D", "TD"]


def test_the_share_is_weighed_against_the_other_sure_cards() -> None:
    assert _small_share(0.22, [0.34, 0.35, None], INDEX_AGAINST)
    # Alone in its frame (or the others not measured), unmeasured, or near the others: not.
    assert not _small_share(0.22, [None], INDEX_AGAINST)
    assert not _small_share(None, [0.34, 0.35], INDEX_AGAINST)
    assert not _small_share(0.34 * INDEX_AGAINST + 0.01, [0.34, 0.35], INDEX_AGAINST)
