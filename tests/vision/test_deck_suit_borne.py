"""The house's deck settles the suit of a card uncertain without it only where the index
corners bear it out (issue 28, h-deck28): on a held-out set an ace of diamonds that the readers
left uncertain without the deck was read as the house's ace of hearts twice. A suit the face's
detail does not name by ``SUIT_SHARE_AGAINST`` is settled only when no corner's own look finds
the other suit of its colour likelier. Enrolled from photographs of the building generator of a
building design, and read on other photographs of it."""

from __future__ import annotations

import numpy as np

from dealer_assist.cards import Card, Suit, parse_card
from dealer_assist.vision.enrol import EnrolledDeck
from dealer_assist.vision.faces import borne_out, covered, warp_face
from dealer_assist.vision.pipeline import _Reading, _twin_looks
from dealer_assist.vision.synthetic import HARSH, OVERHEAD_CLUTTER, random_scene

# The deck: conftest's building_deck (as test_enrol_suits photographs the house's cards).
SCENE_SEED = 10_549_000  # h-deck28's seeds: 10,500,000-10,549,999
TWIN = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)  # the readers' order


def _leaning(suit: Suit, share: float) -> dict[Suit, float]:
    """A look giving ``suit`` ``share`` and the other three the rest alike."""
    return {s: share if s is suit else (1 - share) / 3 for s in Suit}


def test_borne_out() -> None:
    """Borne out: no corner finds the other suit of the card's colour likelier (a corner's
    other colour does not count: the faces settle the colour)."""
    assert borne_out(Suit.HEARTS, [])
    assert borne_out(Suit.HEARTS, [_leaning(Suit.HEARTS, 0.6), _leaning(Suit.SPADES, 0.7)])
    assert not borne_out(Suit.HEARTS, [_leaning(Suit.HEARTS, 0.9), _leaning(Suit.DIAMONDS, 0.5)])
    assert not borne_out(Suit.CLUBS, [_leaning(Suit.SPADES, 0.4)])


def test_twin_looks_are_the_networks_in_the_open() -> None:
    """The pipeline asks the corner network's looks at corners in the open: a glyph reader's
    look, or a corner under another card's outline (it may show that card's index), does not
    count."""

    def look(suit: Suit, *, network: bool = True, overlap: float = 0.0) -> _Reading:
        probabilities = np.array([_leaning(suit, 0.7)[s] for s in SUITS])
        return _Reading(None, probabilities, network=network, overlap=overlap)

    assert _twin_looks([look(Suit.HEARTS), look(Suit.DIAMONDS)], Suit.HEARTS)
    assert not _twin_looks([look(Suit.HEARTS), look(Suit.DIAMONDS, network=False)], Suit.HEARTS)
    assert not _twin_looks([look(Suit.HEARTS), look(Suit.DIAMONDS, overlap=0.5)], Suit.HEARTS)
    assert not _twin_looks([look(Suit.HEARTS), look(Suit.SPADES)], Suit.HEARTS)


def test_a_suit_one_corner_reads_otherwise_is_not_settled(
    building_deck: EnrolledDeck, building_faces: dict[Card, np.ndarray]
) -> None:
    """Red aces and the other pairs of one rank and colour, in harsh light and from overhead
    (the conditions of the held-out wrong reads), their faces as the reader warps them: the
    looks sure of the other suit of the card's colour, as a glyph reader misled would make
    them, the network's two corners split between the two suits. Without the corners the
    faces settle some of them as the wrong card; with them none (the face's detail still
    decides where it names the card by ``SUIT_SHARE_AGAINST``)."""
    before: list[str] = []
    after: list[str] = []
    for k in range(8):
        seed = SCENE_SEED + k
        style = HARSH if k % 2 == 0 else OVERHEAD_CLUTTER
        rng = np.random.default_rng(seed)
        ranks = rng.choice(range(2, 14), size=2, replace=False)
        dealt = [parse_card("AD"), parse_card("AH")] + [
            parse_card(f"{'23456789TJQK'[int(rank) - 2]}{suit}")
            for rank, suits in zip(ranks, ("HD", "SC"), strict=True)
            for suit in suits
        ]
        scene = random_scene(seed, building_faces, style=style, cards=dealt)
        quads = [np.array(c.corners, np.float32) for c in scene.cards]
        for n, placed in enumerate(scene.cards):
            card = placed.card
            face = warp_face(scene.image, quads[n])
            mask = covered(quads[n], quads[:n] + quads[n + 1 :], scene.image.shape[:2])
            looks = _leaning(TWIN[card.suit], 0.98)
            corners = [_leaning(card.suit, 0.6), _leaning(TWIN[card.suit], 0.6)]
            faces = building_deck.faces
            without = faces.settle(face, card, looks, mask)
            with_corners = faces.settle(face, card, looks, mask, corners=corners)
            if without not in (None, card):
                before.append(f"{card.code} as {without.code}")
            if with_corners not in (None, card):
                after.append(f"{card.code} as {with_corners.code}")
    assert before, "the case: without the corners the faces settle some cards wrongly"
    assert not after, f"settled wrongly: {after} (before: {before})"
