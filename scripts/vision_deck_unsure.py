"""Why each card left uncertain with the house's deck enrolled was not settled by the deck.

Reads what ``scripts/vision_tilted.py --deck --deck-unsure FILE`` wrote (the building check's
cards read with each design enrolled) and says, per card left uncertain with the deck, the
first of these that holds (issue 28, h-deck42):

- ``no candidate``: the readers named no card (nothing for the faces to settle);
- ``hidden``: more than ``faces.COVERED_MOST`` of the true face lies under cards dealt after it;
- ``covered``: as much of the answered outline's face lies under the other answers' outlines
  (the faces are not compared);
- ``outline off``: the answered outline overlaps the true one under ``--iou`` (intersection
  over union);
- ``face weak``: no enrolled face matches ``faces.MATCH_LEAST``;
- ``face names another``: the best rank and colour is not the card's;
- ``face margin``: the card's rank and colour best, but not ``faces.MARGIN`` (naming another
  than the candidate: ``CHANGE_MARGIN``) clear of the next;
- ``suit not told``: the faces settle rank and colour, the suit of that colour neither the face's
  detail (``SuitPair``) nor the looks tell (``FaceMatcher.settle`` without its guards: None);
- ``settle wrong``: ``settle`` without its guards names another card (a guard held it);
- ``guard or later step``: ``settle`` without its guards names the card, and a guard
  (``rank_read``, ``seen``, ``corners``) or a later step (the deck's vetoes, keep-sure) left it
  uncertain.

Counted per style, with each card's line (its overlap, width, the best and runner-up rank and
colour's face scores, the card's own) under ``--cards``; ``--true`` counts again as if the
answered outline were the true one (what a right outline would leave).

    python scripts/vision_tilted.py --styles tilted,close,lens,overhead,noisy,harsh,wide,dim,\\
        table,tableclose --scenes 10 --deck --deck-unsure /tmp/unsure.pkl > /tmp/check.out
    python scripts/vision_deck_unsure.py /tmp/unsure.pkl [--cards] [--true] [--iou 0.85] \\
        [--rank-pair 0] [--orient-twins]
"""

from __future__ import annotations

import argparse
import pickle
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np

from dealer_assist.cards import RED_SUITS, Card, Rank, Suit, parse_card
from dealer_assist.vision.faces import (
    CHANGE_MARGIN,
    COVERED_MOST,
    MARGIN,
    MATCH_LEAST,
    FaceMatcher,
)
from dealer_assist.vision.pipeline import SUIT_CLASSES
from dealer_assist.vision.quads import FinderSettings

CAUSES = (
    "no candidate",
    "hidden",
    "covered",
    "outline off",
    "face weak",
    "face names another",
    "face margin",
    "suit not told",
    "settle wrong",
    "guard or later step",
)


def why(
    record: dict[str, object],
    faces: FaceMatcher,
    iou_least: float,
    at_true: bool = False,
    rank_pair: float = 0.0,
) -> tuple[str, str]:
    """The cause (``CAUSES``) the deck did not settle ``record``'s card, and a line of figures;
    ``at_true``: the face warped from the true outline; ``rank_pair``: ``settle``'s (a margin
    the two best faces' difference makes up is no cause)."""
    truth = parse_card(cast(str, record["truth"]))
    iou = cast(float, record["iou"])
    face = cast(np.ndarray, record["true_face" if at_true else "face"])
    mask = cast(np.ndarray, record["true_mask" if at_true else "mask"])
    under = cast(np.ndarray, record["under"])
    figures = f"iou {iou:.2f} width {cast(float, record['width']):.0f}"
    candidate_code = cast("str | None", record["candidate"])
    suits = cast(tuple[float, ...], record["suits"])
    if candidate_code is None or not suits:
        return "no candidate", figures
    if float(under.mean()) > COVERED_MOST:
        return "hidden", f"{figures} under {float(under.mean()):.2f}"
    scores = faces.scores(face, mask)
    if scores is None:
        return "covered", f"{figures} covered {float(mask.mean()):.2f}"
    ranked = faces._ranked(scores)
    (best, key), (runner_up, other) = ranked[:2]
    own = float(scores[faces.cards.index(truth)])
    candidate = parse_card(candidate_code)
    figures += (
        f" candidate {candidate.code} best {_key(key)} {best:.2f} next {_key(other)} "
        f"{runner_up:.2f} own {own:.2f}"
    )
    if not at_true and iou < iou_least:
        return "outline off", figures
    if best < MATCH_LEAST:
        return "face weak", figures
    if key != (truth.rank, truth.suit in RED_SUITS):
        return "face names another", figures
    same = key == (candidate.rank, candidate.suit in RED_SUITS)
    if best - runner_up < (MARGIN if same else CHANGE_MARGIN) and not (
        rank_pair > 0 and faces._pair_names(face, mask, scores, ranked, rank_pair)
    ):
        return "face margin", figures
    settled = faces.settle(
        face,
        candidate,
        dict(zip(SUIT_CLASSES, suits, strict=False)),  # type: ignore[arg-type]
        mask,
        rank_pair=rank_pair,
    )
    if settled is None:
        return "suit not told", figures
    if settled != truth:
        return "settle wrong", f"{figures} settled {settled.code}"
    return "guard or later step", figures


def _key(key: object) -> str:
    """A rank and colour (``FaceMatcher._ranked``'s key) as, say, ``Q red``."""
    rank, red = cast(tuple[Rank, bool], key)
    return f"{Card(rank, Suit.HEARTS).code[:-1]} {'red' if red else 'black'}"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("unsure", type=Path, help="vision_tilted.py --deck-unsure's pickle")
    parser.add_argument("--iou", type=float, default=0.85, help="an outline off under this")
    parser.add_argument("--cards", action="store_true", help="each card's cause and figures")
    parser.add_argument(
        "--rank-pair",
        type=float,
        default=FinderSettings().deck_rank_pair,
        help="as the run's --deck-rank-pair (FinderSettings.deck_rank_pair, on: 0.5; 0: off)",
    )
    parser.add_argument(
        "--true", action="store_true", help="count again at the true outline (an oracle)"
    )
    parser.add_argument(
        "--orient-twins",
        action="store_true",
        help="as the run's --deck-orient-twins (FinderSettings.deck_orient_twins, h-twin43, off)",
    )
    args = parser.parse_args()
    from vision_tilted import _deck

    data = pickle.loads(args.unsure.read_bytes())
    records = cast(list[dict[str, object]], data["unsure"])
    matchers: dict[str, FaceMatcher] = {}
    for at_true in (False, True) if args.true else (False,):
        tally: dict[str, Counter[str]] = defaultdict(Counter)
        lines = []
        for record in records:
            label = cast(str, record["label"])
            design, style = label.split("#")[0].split("/")
            if design not in matchers:
                matchers[design] = _deck(design, None).faces
                if args.orient_twins:
                    matchers[design] = matchers[design].oriented()
            cause, figures = why(record, matchers[design], args.iou, at_true, args.rank_pair)
            tally[style][cause] += 1
            tally["all"][cause] += 1
            lines.append(f"  {label}: {record['truth']} {cause}: {figures}")
        print(
            f"uncertain with the deck ({len(records)})"
            + (", the faces warped from the true outline" if at_true else "")
        )
        causes = [c for c in CAUSES if tally["all"][c]]
        print(" | ".join(["style", "cards", *causes]))
        for style in sorted(tally, key=lambda s: (s == "all", s)):
            counter = tally[style]
            print(
                " | ".join([style, str(sum(counter.values())), *(str(counter[c]) for c in causes)])
            )
        if args.cards:
            print("\n".join(sorted(lines)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
