"""A card dealt on top of a card read surely, found at its blob's corners and read with the card
beneath covering nothing of it (issue 28, h-pile36; ``FinderSettings.on_top``,
``joined.on_top_cards``, ``CardDetector._on_top_cards``).

The card on top of a pile shows its whole outline, but its paper's edge over the card beneath
is no edge of the card mask: the two make one blob. Step 13 looks into a blob of 1.5 cards or
more only, and there keeps out any card laid with its centre or most of it on the card read
surely beneath; read beside that card, whose outline runs on under the card on top, its index
corner counts as covered. So the card on top was missed (``noquad:merged``). On by default:
measured, it found missed cards on the building check and fresh seeds and changed no other
(docs/benchmarks.md, h-pile36)."""

from __future__ import annotations

from pathlib import Path

from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings, OnTopSettings
from tests.vision.found import found_on_cards, found_once_now, in_view, off_partial

OFF = FinderSettings(on_top=None)
ON = FinderSettings()  # on by default


def test_a_card_dealt_over_a_card_read_surely_is_found_and_read(art_cache: Path) -> None:
    # anglo/table#11320006 (the building `table` style, a seed of h-pile36's): the 4S lies
    # over the 9D's corner (0.16 of the 4S), the 9D read surely at its own outline. Their blob
    # (1.2-1.5 cards) is no joined blob step 13 looks into; the 4S was missed. On top, it is
    # found once and read 4S surely (IoU 0.91 with its outline); nothing found twice, where
    # no card is or read as another, no card lost.
    assert found_once_now(art_cache, "anglo", synthetic.TABLE, 11_320_006, "4S", OFF, ON) == "4S"


def test_the_frames_other_cards_are_unchanged(art_cache: Path) -> None:
    # The same frame: every card read before is read the same, at the same outline.
    faces = decks.render_design(decks.design("anglo"), height=320, cache=art_cache)
    scene = synthetic.random_scene(11_320_006, faces, style=synthetic.TABLE)
    cards = in_view(scene.cards, scene.image)
    partial = [c for c in scene.cards if c not in cards]
    was = off_partial(CardDetector(finder=OFF).detect(scene.image), partial)
    now = off_partial(CardDetector(finder=ON).detect(scene.image), partial)
    added = [d for d in now if not any(d.corners == w.corners for w in was)]
    assert [d.card.code for d in added if d.card is not None] == ["4S"]
    assert len(now) == len(was) + 1
    kept = [(d.card, d.candidate, d.corners) for d in now if d not in added]
    assert kept == [(d.card, d.candidate, d.corners) for d in was]
    counts, nowhere, wrong = found_on_cards(now, cards)
    assert max(counts) == 1 and nowhere == 0 and wrong == 0


def test_on_by_default() -> None:
    assert FinderSettings().on_top == OnTopSettings()


def test_a_card_dealt_between_two_read_surely_is_found(art_cache: Path) -> None:
    # anglo/joined#11320000 (the building `joined` style, a seed of h-pile36's): the 7H lies
    # over the 3H (0.23 of the 7H) with the 6S dealt over its corner (0.16), both read surely;
    # missed before (the counting script's `nomask`: under half of it in the rough card mask
    # as it judges it). Laid at its blob's corners partly on both (IoU 0.89), it is found once
    # and read 7H surely; nothing found twice, where no card is or read as another.
    assert found_once_now(art_cache, "anglo", synthetic.JOINED, 11_320_000, "7H", OFF, ON) == "7H"
