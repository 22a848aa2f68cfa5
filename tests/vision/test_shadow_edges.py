"""Cards in a lamp's shadow are no glare (issue 28, h-dim24).

The card mask takes out the pieces bounded by no sharp edge (``quads._clear_soft``: glare on
grey or dull felt fades out, paper ends in an edge). In a lamp's shadow a card's edge rises as
many times less as its light is: dim#7900000's QS, 5H and AC lie at 0.43 of the lit felt's
level and their edges rise 5-9 levels a pixel where ``soft_gradient`` asks 12, so the whole
cards left the finding's mask and were missed in every design. Where the felt lies in a deep
shadow, a near-grey border counts as an edge at that share of the steepness
(``FinderSettings.soft_shade_floor``; 0: off, the finder before). Off by default since session
24: on 30 dim seeds it found 17 more cards but two of them were read wrongly and it made a
detection where no card is (docs/benchmarks.md, h-dim24), so these tests turn it on."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.synthetic import DIM_NOISY
from tests.vision.found import found_once_now

OFF = replace(FinderSettings(), soft_shade_floor=0)
ON = replace(FinderSettings(), soft_shade_floor=0.4)


@pytest.mark.parametrize(
    ("design", "code"),
    [("anglo", "QS"), ("anglo", "5H"), ("ornamental", "AC"), ("simplistic", "QS")],
)
def test_a_card_in_a_lamps_shadow_is_found(art_cache: Path, design: str, code: str) -> None:
    # Missed with the rule off (the default); found once with it, nothing twice, where no
    # card is or read wrongly, and no card found before lost. Read uncertain in that light
    # (None) or exactly.
    read = found_once_now(art_cache, design, DIM_NOISY, 7_900_000, code, OFF, ON)
    assert read in (None, code)
