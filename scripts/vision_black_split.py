#!/usr/bin/env python3
"""The black-split reader on the building check's cards (issue 28, h-black16): building only.

Reads the files ``scripts/vision_second_look.py --all --dump FILE`` writes (every card found,
its looks, its crop of the frame) and runs the black-split reader (``black_split.BlackSplit``,
``--model`` for another file) on both index corners of each black card (truth and candidate
black), warped from the card's outline as the product warps them:

- the uncertain cards whose rank is sure and whose suit is split spade / club (h-reader14's
  group, ``scripts/vision_unsure.py``): card by card, each corner's club share, and how many
  each threshold would read right and wrong by the product's rule (``pipeline._black_split``:
  the network's two corners read the candidate's rank in the clear, the reader's two corners
  the same suit, their odds multiplied at least that sure; the card is its candidate's rank in
  that suit);
- every other black card (read surely, or uncertain in another group): the same count - the
  reader's error where the rule is not asked (a card read surely is never judged again).

``--fold PATH=FAMILIES`` reads the cards of those families with a reader trained without them
(``scripts/vision_train_black.py --validate``): the rule as it would read designs it never saw.

    python scripts/vision_black_split.py build/unsure/check.pkl build/unsure/fitting.pkl
"""

from __future__ import annotations

import argparse
import pickle
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
from vision_unsure import group, looks_of

from dealer_assist.vision import decks
from dealer_assist.vision.black_split import BlackSplit
from dealer_assist.vision.corner_model import corner_patches
from dealer_assist.vision.geometry import portrait_orders
from dealer_assist.vision.index import IndexSettings, warp_corner
from dealer_assist.vision.pipeline import _DISPUTED, _best_card

SPLIT = "rank sure, one colour (S/C)"
THRESHOLDS = (0.9, 0.95, 0.98, 0.99)


def shares(reader: BlackSplit, record: dict[str, object]) -> np.ndarray:
    crop = np.asarray(record["crop"])
    settings = IndexSettings()
    regions = [warp_corner(crop, o, settings) for o in portrait_orders(np.asarray(record["quad"]))]
    return reader.club_shares(corner_patches(regions))


def _network_rank_agreed(record: dict[str, object]) -> bool:
    """Both of the network's corners read whole, in the clear, the candidate's rank (the
    rule's condition on the looks, ``pipeline._black_settled``)."""
    looks = [r for r in looks_of(record) if r is not _DISPUTED and r.network]
    whole = [r for r in looks if r.rank is not None and r.suit is not None]
    rank = str(record["candidate"])[:-1]
    return len(whole) == 2 and all(
        not r.shadowed and _best_card(r).code[:-1] == rank for r in whole
    )


def combined(club: np.ndarray) -> float:
    """The two corners' club odds multiplied, as a share."""
    odds = float(np.prod(club / np.maximum(1 - club, 1e-6)))
    return odds / (1 + odds)


def measure(readers: dict[str, BlackSplit], default: BlackSplit, path: Path) -> None:
    data = pickle.loads(path.read_bytes())
    black = [r for r in data["cards"] if r["truth"][1] in "SC" and r["candidate"][1] in "SC"]
    tally: Counter[str] = Counter()
    print(f"== {path}: {len(black)} black cards")
    for r in black:
        design = str(r["label"]).split("/")[0]
        reader = readers.get(decks.design(design).family, default)
        club = shares(reader, r)
        agreed = _network_rank_agreed(r)
        truth = str(r["truth"])[1]
        split = r["card"] is None and group(looks_of(r)) == SPLIT
        kind = "split" if split else "others"
        if split:
            said = " ".join(f"{c:.3f}" for c in club)
            print(
                f"  {'R' if r['candidate'] == r['truth'] else 'W'} {r['label']} {r['truth']} "
                f"cand {r['candidate']} {r['width']:.0f}px: clubs {said}"
                f"{' (network: the rank)' if agreed else ''}"
            )
        right_rank = str(r["candidate"])[:-1] == str(r["truth"])[:-1]
        both = combined(club)
        if agreed and len({bool(c >= 0.5) for c in club}) == 1:
            for t in THRESHOLDS:
                if both >= t or both <= 1 - t:
                    said_suit = "C" if both >= t else "S"
                    ok = right_rank and said_suit == truth
                    tally[f"{kind} rule combined {t} {said_suit} {'right' if ok else 'WRONG'}"] += 1
                    if not ok and not split:
                        print(
                            f"  others, read {said_suit} at {t}: {r['label']} {r['truth']} "
                            f"cand {r['candidate']} answer {r['card'] or '?'} "
                            f"{r['width']:.0f}px: clubs {club[0]:.3f} {club[1]:.3f}"
                        )
        for t in THRESHOLDS:
            if all(c >= t for c in club):
                tally[f"{kind} {t} C {'right' if truth == 'C' else 'WRONG'}"] += 1
            elif all(c <= 1 - t for c in club):
                tally[f"{kind} {t} S {'right' if truth == 'S' else 'WRONG'}"] += 1
        tally[f"{kind} cards"] += 1
    for key, value in sorted(tally.items()):
        print(f"  {key}: {value}")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--model", type=Path, help="another black-split reader (ONNX)")
    parser.add_argument(
        "--fold",
        action="append",
        default=[],
        help="PATH=FAMILIES: cards of these building families read by the reader at PATH "
        "(one trained without them: scripts/vision_train_black.py --validate)",
    )
    args = parser.parse_args()
    default = BlackSplit.load(args.model)
    readers: dict[str, BlackSplit] = {}
    for fold in args.fold:
        file, _, families = fold.partition("=")
        reader = BlackSplit.load(Path(file))
        readers.update({name: reader for name in families.split(",")})
    for path in args.files:
        measure(readers, default, path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
