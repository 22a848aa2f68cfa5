"""The size a merged card has in the finding that was chosen, against that finding's card size
(issue 28, h-split44), on the second generator's building photographs.

For each card given as ``design/condition#seed:CODE`` (a card ``scripts/vision_lens_merged.py``
lists as ``noquad:merged``, or one of the building check's, ``scripts/vision_tilted.py``), reads
the photograph with the default ``CardDetector``, takes the
finding whose shapes are the ones reported (``FrameAnalysis.quads``) and says: the finding's
card size in its view, the card's sides in that view (shortest and second longest: a card
squeezed across shows e.g. 38 and 72 in a plane view of 50 x 70), the finder's proposals in its
blob (``quads._proposals``) and the best of them on it (IoU), and the best shape chosen on it. A
card the finder cannot lay at the finding's size is no case for a split at that size.

    python scripts/vision_merged_sizes.py tango/clutter#12071306:6H anglo/small#12070019:8C

Building designs only: a held-out design is refused.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2
import numpy as np

from dealer_assist.vision import decks, synthetic
from dealer_assist.vision import quads as finder
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.lens_scenes import photograph
from dealer_assist.vision.pipeline import CardDetector

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"


class _Kept(CardDetector):
    """The default detector keeping every finding it makes."""

    def __init__(self) -> None:
        super().__init__()
        self.findings: list[Any] = []

    def _plane_finding(self, *args: Any, **kwargs: Any) -> Any:
        found = super()._plane_finding(*args, **kwargs)
        self.findings.append(found)
        return found

    def _finding_at(self, *args: Any, **kwargs: Any) -> Any:
        found = super()._finding_at(*args, **kwargs)
        self.findings.append(found)
        return found


def _in_view(points: np.ndarray, to_view: np.ndarray) -> np.ndarray:
    shown: np.ndarray = cv2.perspectiveTransform(
        np.asarray(points, np.float64).reshape(-1, 1, 2), to_view
    ).reshape(-1, 2)
    return shown


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cards", nargs="+", help="design/condition#seed:CODE")
    args = parser.parse_args()
    one_core()
    held = {d.name for d in decks.held_out_designs()}
    for given in args.cards:
        label, code = given.split(":")
        design, rest = label.split("/")
        condition, seed = rest.split("#")
        if design in held:
            parser.error("held-out designs are for the coordinator's counts only")
        faces = decks.render_design(decks.design(design), height=320, cache=CACHE)
        if condition in synthetic.CHECK_STYLES:  # the building check's (vision_tilted.py)
            scene = synthetic.random_scene(
                int(seed), faces, style=synthetic.CHECK_STYLES[condition]
            )
            image, cards = scene.image, list(scene.cards)
        else:
            photo = photograph(int(seed), faces, condition)
            image, cards = photo.image, list(photo.cards)
        detector = _Kept()
        analysis = detector.analyse(image)
        card = next(c for c in cards if c.card.code == code)
        reported = [np.asarray(q, np.float64) for q in analysis.quads]
        for found in detector.findings:
            if found.view is None or found.mask is None or found.card_px is None:
                continue
            if not found.quads or not all(
                any(q.shape == r.shape and np.allclose(q, r) for r in reported)
                for q in (np.asarray(q, np.float64) for q in found.quads)
            ):
                continue  # not the finding chosen
            to_view = np.linalg.inv(found.view.to_image)
            truth = _in_view(np.asarray(card.corners, np.float64), to_view)
            sides = sorted(np.hypot(*np.diff(np.vstack([truth, truth[:1]]), axis=0).T))
            best_proposal, count = 0.0, 0
            contours, _ = cv2.findContours(found.mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
            centre = (float(truth[:, 0].mean()), float(truth[:, 1].mean()))
            for contour in contours:
                if cv2.pointPolygonTest(contour, centre, False) < 0:
                    continue
                blob = finder._Blob(contour, found.mask.shape[:2], pad=3)
                proposals = finder._proposals(
                    blob, found.card_px, found.mask.shape[:2], detector.finder
                )
                count = len(proposals)
                best_proposal = max([polygon_iou(truth, p.corners) for p in proposals] or [0.0])
            best_shape = max(
                [polygon_iou(truth, _in_view(q, to_view)) for q in found.quads] or [0.0]
            )
            print(
                f"{given}: {'plane' if found.planar else 'frame'} view, card "
                f"{found.card_px[0]:.0f} x {found.card_px[1]:.0f}, the card {sides[0]:.0f} x "
                f"{sides[2]:.0f}, {count} proposals in its blob, best {best_proposal:.2f}, "
                f"best shape {best_shape:.2f}"
            )
            break
        else:
            print(f"{given}: no finding chosen with shapes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
