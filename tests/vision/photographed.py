"""A deck photographed one card a photograph by the building generator and enrolled, as
scripts/vision_enrol_check.py does: shared by test_enrol_looks and test_enrol_suits.

A photograph the enrolment refuses is taken again (the next attempt's seed: another placement
and light), as a croupier would. Enrolment looks at all 52 photographs each time (some 10-30 s
on the test machine), so the photographs each module's enrolment is known to refuse at their
first take (``taken_again``, measured) are taken again before the first enrolment: the folder
enrolled is the very one the loop of retakes ends with, and the deck is enrolled once instead
of twice. Should the enrolment refuse another photograph (or one of these at its next take),
it is taken again as before, up to the third take.

A deck so enrolled is kept for the rest of the run (:func:`_run_shelf`): a module, or the other
worker, that asks for the same photographs (the same design's faces, seeds, style and retakes)
loads it (``EnrolledDeck.save``, ``EnrolledDeck.load``: what ``vision enroll --deck`` writes and
the detector reads) instead of enrolling it again. Nothing is kept from one run to the next.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision.drawn_decks import TEST_FONTS, random_style, render_drawn
from dealer_assist.vision.enrol import ALL_CARDS, EnrolledDeck, EnrolmentError, enrol
from dealer_assist.vision.synthetic import NOISY, SceneStyle, random_scene

TAKES = 3
# The house photographs each card alone, face up, the camera where it always is (as
# scripts/vision_enrol_check.py does): shared by test_enrol_suits and test_deck_suit_borne.
PHOTO_STYLE = SceneStyle(camera_tilt_deg=(0.0, 20.0), rotation_deg=180.0, glare=0.2)
ENROL_CHECK_SEED = 9_100_000  # scripts/vision_enrol_check.py's photographs (and drawn styles)
# scripts/vision_enrol_check.py's blurred view (its STYLES["blurred"]).
ENROL_CHECK_BLURRED = replace(NOISY, blur=3.0, noise=6.0)


def enrol_check_drawn(k: int) -> dict[Card, np.ndarray]:
    """scripts/vision_enrol_check.py's drawn deck ``k`` (jumbo when ``k`` is odd), drawn in the
    fonts kept out of building."""
    style = random_style(
        np.random.default_rng(ENROL_CHECK_SEED + k), jumbo=k % 2 == 1, fonts=TEST_FONTS
    )
    return render_drawn(style, seed=k)


def _run_shelf(folder: Path) -> Path:
    """Where this run keeps its enrolled decks: beside the workers' own temporary folders
    (``folder`` is one of them, from ``tmp_path_factory.mktemp``), named by xdist's id of the
    run; without xdist, inside the run's own temporary folder."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    shelf = folder.parent.parent / f"enrolled-{run}" if run else folder.parent / "enrolled"
    shelf.mkdir(exist_ok=True)
    return shelf


@contextmanager
def _held(lock: Path) -> Iterator[None]:
    """``lock`` held (the other worker waits on it, in the kernel, until it is let go)."""
    with lock.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def enrolled_from_photographs(
    folder: Path,
    faces: dict[Card, np.ndarray],
    *,
    seed: int,
    attempt_step: int,
    style: SceneStyle,
    taken_again: Mapping[str, int],
) -> EnrolledDeck:
    """The deck enrolled from one photograph of each card in ``folder``: the card's ``k``-th
    take is ``random_scene(seed + attempt_step * k + its index in ALL_CARDS)``; a card named in
    ``taken_again`` starts at that take. The same photographs enrolled before in this run are
    not enrolled again: the deck kept then is loaded (and ``folder`` left empty). Every caller
    is given the deck as loaded from where it is kept, the first one too."""
    key = hashlib.sha256(repr((seed, attempt_step, style, sorted(taken_again.items()))).encode())
    for card in ALL_CARDS:
        key.update(card.code.encode())
        key.update(np.ascontiguousarray(faces[card]).tobytes())
    shelf = _run_shelf(folder)
    kept = shelf / f"{key.hexdigest()}.npz"
    with _held(shelf / f"{key.hexdigest()}.lock"):
        if not kept.exists():

            def take(card: Card, k: int) -> np.ndarray:
                index = ALL_CARDS.index(card)
                scene = random_scene(
                    seed + attempt_step * k + index, faces, style=style, cards=[card]
                )
                return scene.image

            deck = _photographed_and_enrolled(folder, take, taken_again)
            written = kept.with_suffix(".part")
            with written.open("wb") as handle:
                deck.save(handle)
            written.rename(kept)
    # Loaded whoever enrolled it, so that no test's deck depends on the order modules ran in.
    return EnrolledDeck.load(kept)


def _photographed_and_enrolled(
    folder: Path, take: Callable[[Card, int], np.ndarray], taken_again: Mapping[str, int]
) -> EnrolledDeck:
    """The deck enrolled from one photograph of each card in ``folder``, the card's ``k``-th
    take ``take(card, k)``, from the take ``taken_again`` names (else the first) on; a
    photograph the enrolment refuses is taken again, up to the third take."""
    takes = {card: taken_again.get(card.code, 0) for card in ALL_CARDS}
    retake = list(ALL_CARDS)
    while True:
        for card in retake:
            path = folder / f"{card.code}.jpg"
            cv2.imwrite(str(path), take(card, takes[card]), [cv2.IMWRITE_JPEG_QUALITY, 90])
        try:
            return enrol(folder)
        except EnrolmentError as error:
            retake = [c for c in ALL_CARDS if any(f"{c.code}.jpg" in p for p in error.problems)]
            if not retake or any(takes[c] + 1 >= TAKES for c in retake):
                raise
            for card in retake:
                takes[card] += 1


def enrolled_as_checked(
    folder: Path, faces: dict[Card, np.ndarray], taken_again: Mapping[str, int]
) -> EnrolledDeck:
    """A design enrolled as ``scripts/vision_enrol_check.py`` enrols it (its photographs from
    seed 9,100,000, each retake 100,000 on; ``taken_again``: the cards it took again, and how
    often), as ``vision_tilted.py --deck``."""
    return enrolled_from_photographs(
        folder,
        faces,
        seed=ENROL_CHECK_SEED,
        attempt_step=100_000,
        style=PHOTO_STYLE,
        taken_again=taken_again,
    )
