"""The forearm pass's cheap path (issue 28, h-armspeed38; ``ArmSettings.min_rough_cards``).

When the chosen finding lies in another view than the rough stage's (a tilted camera: the
plane's), the forearm pass makes that view's card mask and paper test again; it now does so
only when a blob the rough stage's paper test dropped is, laid in that view, a card or more.
Both paths find the same cards: on kde_dondorf/LENS #11380000 (h-arm37's traced layout: a
forearm across three cards, the chosen finding on the plane) the forearm's blob passes and a
card half under it is added either way; on the paired benchmark's tilted frame #9777013 (the
rough stage dropped blobs under a card each, laid in the plane's view) the cheap path skips
the remaking, and the detections are the full path's.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np

from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.joined import DEFAULT_ARM
from dealer_assist.vision.pipeline import CardDetector

_FULL = replace(DEFAULT_ARM, min_rough_cards=0.0)  # main's path: always made again


def test_the_cheap_path_is_on() -> None:
    assert CardDetector().arm is not None
    assert CardDetector().arm == DEFAULT_ARM
    assert DEFAULT_ARM.min_rough_cards == 1.0


def test_a_forearm_on_the_plane_adds_the_same_card(art_cache: Path) -> None:
    design = decks.design("kde_dondorf")  # a building design
    assert design.family not in decks.HELD_OUT_FAMILIES
    faces = decks.render_design(design, height=320, cache=art_cache)
    scene = synthetic.random_scene(11_380_000, faces, style=synthetic.CHECK_STYLES["lens"])
    cheap = CardDetector().detect(scene.image)
    full = CardDetector(arm=_FULL).detect(scene.image)
    off = CardDetector(arm=None).detect(scene.image)
    assert repr(cheap) == repr(full)
    sure = {d.card for d in cheap if d.card is not None}
    sure_off = {d.card for d in off if d.card is not None}
    assert len(sure - sure_off) == 1  # the card half under the forearm, read surely
    assert sure_off <= sure
    assert sure <= {c.card for c in scene.cards}  # every card read surely was dealt


def test_a_tilted_frame_without_a_forearm_reads_the_same(art_cache: Path) -> None:
    faces = decks.render_design(decks.design("kde_standard"), height=320, cache=art_cache)
    seed = 9_777_013  # benchmarks/paired_vision.py's frame 13
    cards = synthetic.random_coup_cards(np.random.default_rng(seed), 6)
    scene = synthetic.random_scene(seed, faces, cards=cards, style=synthetic.TILTED)
    cheap = CardDetector().detect(scene.image)
    full = CardDetector(arm=_FULL).detect(scene.image)
    assert repr(cheap) == repr(full)
    assert sum(d.card is not None for d in cheap) == 6  # every card read surely
