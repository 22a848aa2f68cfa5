"""Shared fixtures for the camera tests: card faces rendered from the Debian packages.

The packages (gnome-cards-data, kdegames-card-data-kf5, librsvg2-bin) are listed in
scripts/system-packages.txt and installed by scripts/bootstrap.sh; the tests do not skip when
they are missing, they fail and say what to install. The art is rendered into a temporary
folder for the session: no card image is stored in the repository.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision import decks
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.enrol import EnrolledDeck
from tests.vision.photographed import PHOTO_STYLE, enrolled_as_checked, enrolled_from_photographs

# GNOME designs (one sheet each: fast to render). The recogniser was built from the first; the
# second was held out of building and tuning (docs/vision.md).
BUILDING_DESIGN = "anglo"
HELD_OUT_DESIGN = "bellot"


def _require_art() -> None:
    missing = []
    if not decks.renderer_available():
        missing.append("librsvg2-bin")
    if not decks.GNOME_DIR.exists():
        missing.append("gnome-cards-data")
    if not decks.KDE_DIR.exists():
        missing.append("kdegames-card-data-kf5")
    if missing:
        pytest.fail(
            "the camera tests need " + ", ".join(missing) + ": run scripts/bootstrap.sh "
            "(it installs scripts/system-packages.txt) or apt-get install them",
            pytrace=False,
        )


@pytest.fixture(scope="session", autouse=True)
def _one_opencv_thread() -> None:
    # The machine is shared: the tests need no more than one core each.
    one_core()


@pytest.fixture(scope="session")
def art_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    _require_art()
    return tmp_path_factory.mktemp("card-art")


@pytest.fixture(scope="session")
def building_faces(art_cache: Path) -> dict[Card, np.ndarray]:
    assert decks.design(BUILDING_DESIGN).family not in decks.HELD_OUT_FAMILIES
    return decks.render_design(decks.design(BUILDING_DESIGN), height=320, cache=art_cache)


@pytest.fixture(scope="session")
def held_out_faces(art_cache: Path) -> dict[Card, np.ndarray]:
    assert decks.design(HELD_OUT_DESIGN).family in decks.HELD_OUT_FAMILIES
    return decks.render_design(decks.design(HELD_OUT_DESIGN), height=320, cache=art_cache)


@pytest.fixture(scope="session")
def tango_faces(art_cache: Path) -> dict[Card, np.ndarray]:
    """A building design: the tilted frames of the size search's stops (test_sure_plane_stops,
    test_skip_pair_width)."""
    assert decks.design("tango").family not in decks.HELD_OUT_FAMILIES
    return decks.render_design(decks.design("tango"), height=320, cache=art_cache)


@pytest.fixture(scope="session")
def ornamental_faces(art_cache: Path) -> dict[Card, np.ndarray]:
    """A second building design (GNOME, one sheet): the finder's cases in test_hard_cases."""
    assert decks.design("ornamental").family not in decks.HELD_OUT_FAMILIES
    return decks.render_design(decks.design("ornamental"), height=320, cache=art_cache)


@pytest.fixture(scope="session")
def gnomangelo_faces(art_cache: Path) -> dict[Card, np.ndarray]:
    """A building design outside the check's four: h-false37's fresh set's no-cards
    (test_cloth_centre, test_net_blind)."""
    assert decks.design("gnomangelo").family not in decks.HELD_OUT_FAMILIES
    return decks.render_design(decks.design("gnomangelo"), height=320, cache=art_cache)


@pytest.fixture(scope="session")
def check_faces(art_cache: Path) -> dict[str, dict[Card, np.ndarray]]:
    """The four building designs of scripts/vision_tilted.py's building check."""
    faces = {}
    for name in ("anglo", "ornamental", "tango", "simplistic"):
        design = decks.design(name)
        assert design.family not in decks.HELD_OUT_FAMILIES
        faces[name] = decks.render_design(design, height=320, cache=art_cache)
    return faces


PHOTO_SEED = 28_600


@pytest.fixture(scope="session")
def building_deck(
    building_faces: dict[Card, np.ndarray], tmp_path_factory: pytest.TempPathFactory
) -> EnrolledDeck:
    """The building design enrolled once a session; a photograph refused is taken again
    (another placement and light), as a croupier would (its 3H and KH at the first take: no
    index cut)."""
    folder = tmp_path_factory.mktemp("building-photos")
    return enrolled_from_photographs(
        folder,
        building_faces,
        seed=PHOTO_SEED,
        attempt_step=100,
        style=PHOTO_STYLE,
        taken_again={"3H": 1, "KH": 1},
    )


@pytest.fixture(scope="session")
def tango_deck(
    tango_faces: dict[Card, np.ndarray], tmp_path_factory: pytest.TempPathFactory
) -> EnrolledDeck:
    """tango enrolled as ``scripts/vision_enrol_check.py`` enrols it (its photographs from seed
    9,100,000, each retake 100,000 on; the AH taken again), as ``vision_tilted.py --deck``
    (test_deck_suit_leans, test_deck_rank_pair)."""
    return enrolled_as_checked(tmp_path_factory.mktemp("tango-photos"), tango_faces, {"AH": 1})
