"""Jumbo-index decks and tens (issue 28): frames of decks drawn in fonts kept out of building.

A jumbo index (a rank a fifth of the card tall, as casino decks made for cameras print it)
and the two digits of a ten are what the reader found hardest. The decks here are drawn by
:mod:`dealer_assist.vision.drawn_decks` in ``TEST_FONTS``, which no model was built with; the
frames are rendered for the session from seeded scenes (as the other camera tests do) and read
with and without a layout by the corner network checked by the glyph reader
(``reader=corners-check``): the glyph reader alone reads 1 card of 16 of the jumbo deck.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dealer_assist.cards import Card, Suit, parse_card
from dealer_assist.vision.drawn_decks import FONTS, TEST_FONTS, random_style, render_drawn
from dealer_assist.vision.evaluation import match
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.synthetic import EASY, SceneStyle, random_scene

TENS = [parse_card(code) for code in ("TS", "TH", "TD", "TC")]
# A dealt coup's worth of each kind of card: tens, court cards, and the ranks most alike.
COUPS = [
    [parse_card(c) for c in ("TS", "KD", "3H", "JC", "TH")],
    [parse_card(c) for c in ("TD", "8S", "QC", "TC", "6H")],
    [parse_card(c) for c in ("9D", "TS", "AS", "5C", "TH", "2D")],
]
TILTED = SceneStyle(tilt=0.12, rotation_deg=6.0, glare=0.0, touching=0.5, blur=0.8, noise=4.0)


def _read(
    faces: dict[Card, np.ndarray],
    seed: int,
    cards: list[Card],
    style: SceneStyle,
    *,
    layout: bool,
    standard_colours: bool = True,
) -> tuple[int, int, int, list[str]]:
    """(exact, wrong, cards not read exactly, what went wrong) for one frame."""
    scene = random_scene(seed, faces, style=style, cards=cards)
    detector = CardDetector(
        layout=scene.calibrated_layout if layout else None,
        use_corner_model=True,
        combine="check",
        standard_colours=standard_colours,
    )
    detections = detector.detect(scene.image)
    matched, _ = match(detections, scene.cards)
    exact = wrong = 0
    problems = []
    for t, card in enumerate(scene.cards):
        d = matched.get(t)
        found = detections[d].card if d is not None else None
        if found == card.card:
            exact += 1
        else:
            if found is not None:
                wrong += 1
            problems.append(f"{card.card.code} -> {found.code if found else None}")
    return exact, wrong, len(scene.cards) - exact, problems


@pytest.fixture(scope="module")
def jumbo_faces() -> dict[Card, np.ndarray]:
    style = random_style(np.random.default_rng(2801), jumbo=True, fonts=TEST_FONTS)
    assert style.jumbo and style.font in TEST_FONTS and style.font not in FONTS
    assert style.rank_height >= 0.15  # a rank at least 15% of the card tall
    return render_drawn(style, seed=2801)


@pytest.fixture(scope="module")
def tight_tens_faces() -> dict[Card, np.ndarray]:
    """A small-index deck whose ten's two digits touch."""
    rng = np.random.default_rng(2802)
    while (style := random_style(rng, jumbo=False, fonts=TEST_FONTS)).ten != "10-tight":
        pass
    return render_drawn(style, seed=2802)


@pytest.mark.parametrize("layout", [True, False], ids=["layout", "no-layout"])
def test_a_jumbo_index_deck_reads_exactly(
    jumbo_faces: dict[Card, np.ndarray], layout: bool
) -> None:
    exact = wrong = cards = 0
    problems: list[str] = []
    for n, coup in enumerate(COUPS):
        e, w, _, p = _read(jumbo_faces, 28_100 + n, coup, EASY, layout=layout)
        exact, wrong, cards, problems = exact + e, wrong + w, cards + len(coup), problems + p
    # Measured: 15 of 16 exact (a QC left uncertain), none wrong; the glyph reader alone
    # (before issue 28) read 1 of 16 and 1-2 wrongly (6H -> AH, JC -> JH).
    assert wrong == 0, problems
    assert exact >= cards - 1, problems


def test_a_jumbo_index_deck_reads_in_a_tilted_view(jumbo_faces: dict[Card, np.ndarray]) -> None:
    exact = wrong = cards = 0
    problems: list[str] = []
    for n, coup in enumerate(COUPS):
        e, w, _, p = _read(jumbo_faces, 28_200 + n, coup, TILTED, layout=True)
        exact, wrong, cards, problems = exact + e, wrong + w, cards + len(coup), problems + p
    assert wrong == 0, problems
    assert exact >= cards - 1, problems


def test_tens_whose_digits_touch_read_as_tens(tight_tens_faces: dict[Card, np.ndarray]) -> None:
    exact = wrong = 0
    problems: list[str] = []
    for n in range(3):
        e, w, _, p = _read(tight_tens_faces, 28_300 + n, TENS, EASY, layout=n != 1)
        exact, wrong, problems = exact + e, wrong + w, problems + p
    assert wrong == 0, problems
    assert exact == 3 * len(TENS), problems


@pytest.fixture(scope="module")
def swapped_jumbo_faces() -> dict[Card, np.ndarray]:
    """The jumbo deck printed with red spades and clubs, black hearts and diamonds."""
    style = random_style(np.random.default_rng(2801), jumbo=True, fonts=TEST_FONTS)
    red, black = style.colours[Suit.HEARTS], style.colours[Suit.SPADES]
    inks = {Suit.SPADES: red, Suit.HEARTS: black, Suit.DIAMONDS: black, Suit.CLUBS: red}
    return render_drawn(replace(style, colours=inks), seed=2801)


def test_a_deck_printing_its_suits_in_other_colours_reads_by_their_shape(
    swapped_jumbo_faces: dict[Card, np.ndarray],
) -> None:
    """The network reads the suit from its shape, not its ink (colours=any, a novelty deck).

    Measured: 15 of 16 exact (a QC missed), none wrong; the network before (its colour input
    had learned red for hearts and diamonds) read 2 of 16 exactly and 8 wrongly (TS -> TD).
    ``FinderSettings.pips_against`` (on since h-on47) judges no pips' suit by their ink with
    ``standard_colours=False``: it did, and left the 8S, TS and TH uncertain (12 of 16).
    """
    exact = wrong = cards = 0
    problems: list[str] = []
    for n, coup in enumerate(COUPS):
        e, w, _, p = _read(
            swapped_jumbo_faces, 28_100 + n, coup, EASY, layout=False, standard_colours=False
        )
        exact, wrong, cards, problems = exact + e, wrong + w, cards + len(coup), problems + p
    assert wrong == 0, problems
    assert exact >= cards - 2, problems


def test_wide_decks_draw_more_shapes_and_leave_the_default_decks_alone() -> None:
    """``random_style(wide=True)`` (h-net18's crops): more rank and suit fonts, bold suits,
    heavier ranks and suit curves beyond the default proportions, never a test font's family;
    without it the same seed draws the same deck as before (the shipped network's crops)."""
    test_families = {family for family, _, _ in TEST_FONTS} - {f for f, _, _ in FONTS}
    wide = [random_style(np.random.default_rng(seed), wide=True) for seed in range(200)]
    plain = [random_style(np.random.default_rng(seed)) for seed in range(200)]
    assert all(style.font[0] not in test_families for style in wide)
    assert all(style.suit_font not in test_families for style in wide)
    assert any(style.font not in FONTS for style in wide)
    assert {"bold"} <= {style.suit_weight for style in wide}
    assert any(style.rank_stroke > 0 for style in wide)
    assert (
        min(min(style.suit_shapes) for style in wide)
        < 0
        < max(max(s.suit_shapes) for s in wide) - 1
    )
    # The default decks: the first draws unchanged, the new fields at their defaults.
    for before, after in zip(plain, wide, strict=True):
        assert (before.jumbo, before.rank_height, before.ten) == (
            after.jumbo,
            after.rank_height,
            after.ten,
        )
        assert before.suit_weight == "normal" and before.rank_stroke == 0.0
        assert min(before.suit_shapes) >= 0 and max(before.suit_shapes) <= 1
    assert random_style(np.random.default_rng(7)) == plain[7]
    faces = render_drawn(wide[int(np.argmin([min(s.suit_shapes) for s in wide]))], seed=1)
    assert len(faces) == 52
    for face in faces.values():  # every face drawn, its index inked
        corner = face[: face.shape[0] // 5, : face.shape[1] // 4, :3]
        assert corner.min() < 120
