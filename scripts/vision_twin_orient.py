"""Each enrolled pair of twin faces (a rank's two suits of a colour) measured as enrolled and
with the second face turned the way up it agrees with the first (``SuitPair``'s ``orient``,
``FinderSettings.deck_orient_twins``; issue 28, h-twin43): whether it was turned, and the
pair's separation (``SuitPair.separation``, the unit a live face's margin is measured in; under
``faces.SEPARATION_LEAST`` the deck cannot tell the twins apart) both ways.

    python scripts/vision_twin_orient.py [--designs anglo,ornamental,tango,simplistic]
        [--photos SEED] [--all]

The decks are enrolled as ``scripts/vision_tilted.py --deck`` enrols them (kept in
build/vision-cache/decks). ``--all``: every pair's line, not only those turned.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from dealer_assist.cards import Card, Rank, Suit
from dealer_assist.vision.faces import SEPARATION_LEAST


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,ornamental,tango,simplistic")
    parser.add_argument("--photos", type=int, default=None, help="the enrolment photos' seed")
    parser.add_argument("--all", action="store_true", help="every pair's line")
    args = parser.parse_args()
    from vision_tilted import _deck

    print("design | pairs | turned | separated before | separated after | mean before | after")
    for design in args.designs.split(","):
        matcher = _deck(design, args.photos).faces
        oriented = matcher.oriented()
        lines = []
        turned = told_before = told_after = 0
        total_before = total_after = 0.0
        for key, pair in matcher.pairs.items():
            after = oriented.pairs[key]
            turned += after.turned
            told_before += pair.separation >= SEPARATION_LEAST
            told_after += after.separation >= SEPARATION_LEAST
            total_before += pair.separation
            total_after += after.separation
            if args.all or after.turned:
                rank, red = key
                code = Card(cast(Rank, rank), Suit.HEARTS).code[:-1]
                lines.append(
                    f"  {design} {code} {'red' if red else 'black'}: "
                    f"{'turned ' if after.turned else ''}"
                    f"{pair.separation:.3f} -> {after.separation:.3f}"
                )
        count = len(matcher.pairs)
        print(
            f"{design} | {count} | {turned} | {told_before} | {told_after} | "
            f"{total_before / count:.3f} | {total_after / count:.3f}"
        )
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
