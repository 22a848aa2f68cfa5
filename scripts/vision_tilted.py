"""The finder and reader without a layout on tilted synthetic scenes of building designs.

A development check for ``vision detect`` without calibration (issue 28): scenes from
:mod:`dealer_assist.vision.synthetic` with a pinhole camera up to 30 degrees off vertical
(``synthetic.TILTED``, ``TILTED_CLOSE``), read as ``vision detect`` reads them, counted as
``benchmarks/bench_camera_scenes.py`` counts. Cards not wholly in the picture are left out of
the count (a detection on one counts neither way).

    python scripts/vision_tilted.py [--designs anglo,ornamental] [--scenes 20] [--seed 7900000]
        [--no-plane] [--no-paper] [--styles tilted,close,lens,overhead,noisy,harsh,wide,dim]
        [--why] [--looks FILE] [--keep-on-sure] [--club-one-split 0] [--black-against 0]
        [--pip-colour-against 0] [--index-against 0.75]
        [--centre-covered] [--no-on-top] [--court-picture 0] [--no-picture-sets-aside]
        [--blind-gains 0] [--no-ink-settles-suit] [--warped-plane-mask] [--no-arm]
        [--cloth-centre 0] [--net-blind] [--answers FILE] [--measured 0] [--seam 1]
        [--pictured-ranks ""] [--net-suit-least 0.5] [--tilt-judges 0.5]
        [--no-pieces-of-sure] [--join-pieces on|off] [--grow-pieces on|off] [--court-mirror 0]
        [--refit-sideways] [--frame-share on|off] [--corner-unsure-glyph on|off]
        [--relay-off on|off] [--relay-off-hope on|off] [--relay-off-overlap 0.15]
        [--outlined-under on|off] [--hand-between on|off] [--hand-index on|off]
        [--deck --deck-unsure FILE] [--deck-rank-pair 0] [--edge-support 0]
        [--black-pips off] [--black-pips-borne off] [--line-fit off] [--line-fit-overlap 0.5]
        [--court-symbols off] [--skin-unread off] [--unsure-twins off] [--shadow-cleared off]
        [--pictured-numbers off] [--pips-against off] [--pips-beyond off]
        [--deck-orient-twins] [--deck-keeps-every-sure on|off]
        [--deck-court-margin 0]

``--why`` says why each missed card was missed (``missed_why`` of ``benchmarks/camera_misses.py``,
which says what each cause means: ``nomask``, ``noquad:lone``/``:merged``, ``badquad:large``/
``:part``/``:off``, ``under``, ``dropped:paper``/``:noedge``/``:other``), counted per style;
``benchmarks/bench_camera_scenes.py --why`` counts the same causes on the second generator.

``--styles large,largetable``: cards 200-300 pixels wide (``synthetic.LARGE``); the building
designs with the most picture in them (``kde_nicu_white,tigullio,paris,atlasnye,dondorf,
kde_jolly_royal``) are worth adding to ``--designs`` there. ``--keep-on-sure`` reports shapes
not read surely on a card read surely, as the reader did before h-ghost27
(``CardDetector(drop_on_sure=False)``).

``--deck`` also reads every scene with the house's deck (each design enrolled once from one
photograph of each card, as ``scripts/vision_enrol_check.py`` enrols it, ``--photos`` the
photographs' first seed; kept in ``build/vision-cache/decks`` under a digest of
dealer_assist/vision, so a change to the reader enrols afresh): both counts are printed, then
every card the deck answered otherwise than the reader without it ("without -> deck"), those it
turned wrong or missed, and with ``--why`` why the deck's missed cards were missed
(issue 28, h-deck32).

``--looks FILE`` writes every card answered (pickle, a dict a card: ``label``, ``truth``,
``card`` or None, ``candidate``, ``confidence``, ``width`` in pixels, ``iou`` of the answer's
outline, the ``looks`` it was judged from - ``"disputed"`` for the glyph reader's dispute -
``pips``, ``pip_count``, the ``middle``'s pip count, the index corners' ``paper`` level, the
black-split reader's club share at each (``black``), the two corner regions as warped
(``regions``, BGR: about 55 KB a card) and the answer's ``outline``; for an uncertain card, the
card read alone at the true outline and at the answered one, ``at_true`` and ``at_answered``:
its code, "?" or None - h-outline38's outline oracle, ``vision_unsure.py --oracle``),
so that a rule over the looks can be replayed offline through ``CardDetector._judge``
(docs/benchmarks.md, "uncertain without a deck").

``--deck-unsure FILE`` (with ``--deck``) writes, as a pickle, every card's answer without and
with the deck (``answers``: label, truth, the two answers as ``bench_camera_scenes.answers``
says them) and, for every card left uncertain with the deck (``unsure``), what the deck's faces
had to go on: the answer's outline and its overlap with the true one, the candidate and the
looks' suits, the face warped from the answered outline and from the true one with their
covered pixels; ``scripts/vision_deck_unsure.py`` tallies why the deck did not settle each
(issue 28, h-deck42).
"""

from __future__ import annotations

import argparse
import hashlib
import pickle
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import numpy as np
from bench_camera_scenes import Count, answers, count
from camera_misses import missed, missed_why, on_cards
from vision_recording import RecordingDetector
from vision_scenes import check_scenes, on_any
from vision_twice import Tracer, _key
from vision_unsure_bench import OFF_IOU, WhyDetector
from vision_unsure_bench import reason as unsure_reason

if TYPE_CHECKING:
    from vision_outline_off_bench import TracedDetector

from dealer_assist.cards import parse_card
from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.black_split import BlackSplit
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.corner_model import PAPER_SHARE, CornerModel, corner_patches
from dealer_assist.vision.enrol import EnrolledDeck
from dealer_assist.vision.faces import covered, warp_face
from dealer_assist.vision.joined import DEFAULT_ARM
from dealer_assist.vision.middle import pip_count, shows_pips
from dealer_assist.vision.pipeline import (
    _DISPUTED,
    BLACK_AGAINST,
    BLIND_GAINS,
    CENTRE_COVERED,
    CLOTH_CENTRE,
    CLUB_ONE_SPLIT,
    COURT_MIRROR,
    COURT_PICTURE,
    COURT_PIPS,
    COURT_PIPS_MIRROR,
    DECK_SUIT_LEANS,
    DECK_VETO_LEAST,
    DECK_WEAK_OTHER,
    DEFAULT_PAPER,
    DEFAULT_PLANE,
    DEFAULT_REFIT,
    FRAME_SHARE,
    GROW_PIECES,
    GROWN_CROSSING,
    GROWN_EDGE,
    INDEX_AGAINST,
    JOIN_PIECES,
    NET_SUIT_LEAST,
    PICTURED_FEW,
    PICTURED_MIRROR,
    PICTURED_PIPS,
    PIP_COLOUR_AGAINST,
    CardDetection,
    CardDetector,
    _Finding,
)
from dealer_assist.vision.quads import FinderSettings

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
STYLES = synthetic.CHECK_STYLES


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,ornamental,tango,simplistic")
    parser.add_argument("--scenes", type=int, default=20, help="scenes per design and style")
    parser.add_argument("--seed", type=int, default=7_900_000)
    parser.add_argument("--examples", type=int, default=20)
    parser.add_argument("--styles", default="tilted,close,lens", help="of " + ", ".join(STYLES))
    parser.add_argument(
        "--no-plane", action="store_true", help="the frame as it is (the finder before issue 28)"
    )
    parser.add_argument(
        "--no-paper", action="store_true", help="no paper test (the finder before it)"
    )
    parser.add_argument("--why", action="store_true", help="say why each missed card was missed")
    parser.add_argument(
        "--keep-on-sure",
        action="store_true",
        help="report shapes not read surely on a card read surely (the reader before h-ghost27)",
    )
    parser.add_argument("--corners", type=Path, help="corner network (default: the shipped one)")
    parser.add_argument(
        "--deck",
        action="store_true",
        help="also read with each design enrolled (the house's deck), card for card",
    )
    parser.add_argument(
        "--photos",
        type=int,
        default=None,
        help="with --deck: the enrolment photographs' first seed (default: the enrol check's)",
    )
    parser.add_argument(
        "--deck-unsure",
        type=Path,
        help="with --deck: write every card's answers and what the deck's faces had to go on "
        "for each card left uncertain with it (pickle), for scripts/vision_deck_unsure.py",
    )
    parser.add_argument(
        "--looks",
        type=Path,
        help="write every card answered here (pickle: truth, answer, width, the looks it was "
        "judged from, the middle's pip count), for scripts/vision_unsure.py",
    )
    parser.add_argument(
        "--unsure",
        action="store_true",
        help="name why each card answered uncertain is uncertain (scripts/vision_unsure_bench.py's "
        "reason tags), one a line, and count them by reason, style and design (h-unsure50)",
    )
    parser.add_argument(
        "--outline-off",
        action="store_true",
        help="for each card answered uncertain at an outline off the card (IoU under 0.85), "
        "scripts/vision_outline_off_bench.py's line (how the outline is off, what lies there, "
        "what the refits laid, what it reads at its true outline) and the step of "
        "CardDetector._finished that first reported the outline (vision_twice.py's tracer; "
        "h-outline51)",
    )
    parser.add_argument(
        "--labels",
        type=Path,
        help="read only the scenes whose label (design/style#seed) begins a line of this file "
        "(e.g. an --answers file's uncertain lines); the counts are then of those scenes only",
    )
    parser.add_argument(
        "--club-one-split",
        type=float,
        default=CLUB_ONE_SPLIT,
        help="CardDetector's club_one_split (h-wrong34's lever; 0: off)",
    )
    parser.add_argument(
        "--black-against",
        type=float,
        default=BLACK_AGAINST,
        help="CardDetector's black_against (h-wrong34's lever; 0: off)",
    )
    parser.add_argument(
        "--pip-colour-against",
        type=float,
        default=PIP_COLOUR_AGAINST,
        help="CardDetector's pip_colour_against (h-wrong35's lever; 0: off)",
    )
    parser.add_argument(
        "--index-against",
        type=float,
        default=0.0,
        help=f"CardDetector's index_against (h-wrong35's lever, off; {INDEX_AGAINST} turns it on)",
    )
    parser.add_argument(
        "--court-picture",
        type=float,
        default=COURT_PICTURE,
        help="CardDetector's court_picture (h-court36's lever; 0: off)",
    )
    parser.add_argument(
        "--no-picture-sets-aside",
        action="store_true",
        help="CardDetector's picture_sets_aside off (h-court36's second lever, on)",
    )
    parser.add_argument(
        "--no-ink-settles-suit",
        action="store_true",
        help="CardDetector's ink_settles_suit off (h-court37's lever, on)",
    )
    parser.add_argument(
        "--centre-covered",
        action="store_true",
        help="CardDetector's centre_covered at CENTRE_COVERED (h-pile35's lever, off)",
    )
    parser.add_argument(
        "--blind-gains",
        type=int,
        default=BLIND_GAINS,
        help="CardDetector's blind_gains (h-weak37's lever; 0: off, main before it)",
    )
    parser.add_argument(
        "--no-arm",
        action="store_true",
        help="CardDetector's arm None (h-arm37's lever, on: cards half under a forearm; "
        "main before it)",
    )
    parser.add_argument(
        "--cloth-centre",
        type=float,
        default=CLOTH_CENTRE,
        help="CardDetector's cloth_centre (h-false37's lever, on since h-pile38; 0: off)",
    )
    parser.add_argument(
        "--net-blind",
        action="store_true",
        help="CardDetector's net_blind (h-pile38's lever, off: an uncertain shape the corner "
        "network sees no index on is dropped)",
    )
    parser.add_argument(
        "--pictured-ranks",
        default="T",
        help="CardDetector's pictured_ranks (h-wrong39's lever, on since h-court40): the ranks, "
        "as card codes write them (T for the ten), a card read surely as which is uncertain "
        "when its middle lies in the clear and shows no pips; empty: off",
    )
    parser.add_argument(
        "--pictured-few",
        type=int,
        default=PICTURED_FEW,
        help="CardDetector's pictured_few (h-court40): a pip count under this is no pips for "
        "--pictured-ranks; 0: None only (h-wrong39's rule)",
    )
    parser.add_argument(
        "--pictured-mirror",
        type=float,
        default=PICTURED_MIRROR,
        help="CardDetector's pictured_mirror (h-court40's second guard on --pictured-ranks): a "
        "ten is judged only when its middle's ink is less alike to its mirror image than this; "
        "0: not asked",
    )
    parser.add_argument(
        "--pictured-pips",
        type=int,
        default=PICTURED_PIPS,
        help="CardDetector's pictured_pips (h-court40's guard on --pictured-ranks): a ten is "
        "judged only when its middle shows fewer pip-like blobs than this; 0: pip_count None "
        "alone (h-wrong39's rule)",
    )
    parser.add_argument(
        "--court-mirror",
        type=float,
        default=COURT_MIRROR,
        help="CardDetector's court_mirror (h-framed41): a court read surely whose middle lies "
        "in the clear and whose ink is this alike to its mirror image is uncertain; 0: off",
    )
    parser.add_argument(
        "--court-pips-mirror",
        type=float,
        default=COURT_PIPS_MIRROR,
        help="CardDetector's court_pips_mirror (h-framed41): ... or this alike and showing "
        "--court-pips pip-like blobs; 0: not asked",
    )
    parser.add_argument("--court-pips", type=int, default=COURT_PIPS)
    parser.add_argument(
        "--net-suit-least",
        type=float,
        default=0.0,
        help="CardDetector's net_suit_least (h-wrong39's lever, off: 0; "
        f"on at {NET_SUIT_LEAST}): a card read surely whose suit the corner network gives "
        "less than this at every corner it reads is uncertain",
    )
    parser.add_argument(
        "--answers",
        type=Path,
        help="write every whole card's answer (exact, uncertain, wrong:XX, missed), one a line, "
        "with each scene's detections where no card is and cards found twice",
    )
    parser.add_argument(
        "--no-on-top",
        action="store_true",
        help="FinderSettings.on_top None (h-pile36's lever off; main before it)",
    )
    parser.add_argument(
        "--deck-suit-leans",
        type=float,
        default=DECK_SUIT_LEANS,
        help="with --deck: CardDetector's deck_suit_leans (h-deck38's lever, off: 0; on: "
        "0.6, with deck_leans_borne since h-deckguard39)",
    )
    parser.add_argument(
        "--no-deck-leans-borne",
        action="store_true",
        help="with --deck: CardDetector's deck_leans_borne off (h-deckguard39's guard on "
        "deck_suit_leans: the suit's lean alone, h-deck38's rule)",
    )
    parser.add_argument(
        "--no-deck-leans-faced",
        action="store_true",
        help="with --deck: CardDetector's deck_leans_faced off (h-twin39's guard on "
        "deck_suit_leans: the suit's own face must match where its twin's does)",
    )
    parser.add_argument(
        "--no-deck-leans-paired",
        action="store_true",
        help="with --deck: CardDetector's deck_leans_paired off (h-lean40's guard on "
        "deck_suit_leans: the looks must lean past what the network makes of the deck's own "
        "photograph of the twin)",
    )
    parser.add_argument(
        "--deck-veto-least",
        type=float,
        default=DECK_VETO_LEAST,
        help="with --deck: CardDetector's deck_veto_least (h-deckdim38's lever, on; 0: off)",
    )
    parser.add_argument(
        "--deck-weak-other",
        type=float,
        default=DECK_WEAK_OTHER,
        help="with --deck: CardDetector's deck_weak_other (h-deckdim38's lever, on; 0: off)",
    )
    parser.add_argument(
        "--warped-plane-mask",
        action="store_true",
        help="FinderSettings.warped_plane_mask on (h-floor37's lever, off)",
    )
    parser.add_argument(
        "--half-plane-mask",
        action="store_true",
        help="FinderSettings.half_plane_mask on (h-speed40's lever, off)",
    )
    parser.add_argument(
        "--deck-orient-twins",
        action="store_true",
        help="with --deck: FinderSettings.deck_orient_twins on (h-twin43's lever, off)",
    )
    parser.add_argument(
        "--deck-keeps-every-sure",
        choices=("on", "off"),
        default="on" if FinderSettings().deck_keeps_every_sure else "off",
        help="with --deck: FinderSettings.deck_keeps_every_sure (h-deck47's lever)",
    )
    parser.add_argument(
        "--deck-court-margin",
        type=float,
        default=FinderSettings().deck_court_margin,
        help="with --deck: FinderSettings.deck_court_margin (h-deck47's lever; 0: off)",
    )
    parser.add_argument(
        "--quick-plane-mask",
        default="",
        choices=("", "warped", "half"),
        help="FinderSettings.quick_plane_mask (h-speed41's lever, off)",
    )
    parser.add_argument(
        "--no-relay-doubted-first",
        action="store_true",
        help="FinderSettings.relay_doubted_first off (h-corners40's cut, on: the same answers)",
    )
    parser.add_argument(
        "--measured",
        type=int,
        default=1,
        help="h-outline38's levers: 0 off (main before it), 1 RefitSettings.unsure_measured (as "
        "shipped), 2 measured_other too, 3 unsure_other too (both off by default)",
    )
    parser.add_argument(
        "--seam",
        type=int,
        default=0,
        help="h-seam39's levers (off by default): 1 RefitSettings.measure_seam (each side "
        "measured to the first seam), 2 measured_index too (laid from the index corners), "
        "3 measured_index alone",
    )
    parser.add_argument(
        "--tilt-judges",
        type=float,
        default=DEFAULT_PLANE.tilt_judges,
        help="PlaneSettings.tilt_judges (h-joined39's lever; 0: off, main before it): the lone "
        "outlines' plane judged by the blobs' corners against the tilt that squares them",
    )
    parser.add_argument(
        "--lone-tilt-aspect",
        action="store_true",
        help="PlaneSettings.lone_tilt_aspect on (h-size45's lever, off): a lone outline in "
        "proportions no card or pair takes at any tilt the plane allows (a hand of three) is "
        "no outline of the plane",
    )
    parser.add_argument(
        "--no-pieces-of-sure",
        action="store_true",
        help="CardDetector(pieces_of_sure=False) (h-halves40's lever, on; off: main before it): "
        "shapes not read surely that tile one card-shaped whole with a card read surely are "
        "reported",
    )
    for flag, default, what in (
        (
            "join-pieces",
            JOIN_PIECES,
            "a card's diagonal pieces, or pieces tiling it all guessing one card, become the "
            "card read again",
        ),
        (
            "grow-pieces",
            GROW_PIECES,
            "a card read surely lying on paper its shape grown from a corner covers is replaced "
            "by the grown shape read again",
        ),
        (
            "grown-crossing",
            GROWN_CROSSING is not None,
            "a grown shape a straight edge crosses is refused (h-gate42's lever: GROWN_EDGE)",
        ),
        (
            "frame-share",
            FRAME_SHARE,
            "a finding's cards read surely agreeing on one index share lower the share that "
            "fits (h-share41's lever)",
        ),
    ):
        parser.add_argument(
            f"--{flag}",
            choices=("on", "off"),
            default="on" if default else "off",
            help=f"CardDetector({flag.replace('-', '_')}=...) (h-size41's lever): {what}",
        )
    parser.add_argument(
        "--refit-sideways",
        action="store_true",
        help="RefitSettings(unsure_upright=False, unsure_upright_unread=False): an uncertain "
        "card laid again sideways too (h-unsure41: an outline laid across the card)",
    )
    for flag, what in (
        (
            "corner-unsure-glyph",
            "(h-glyph41): an offered card kept uncertain when the glyph reader's look shows it, "
            "no network corner another card",
        ),
        (
            "relay-off",
            "(h-relay42): an uncertain card laid again at the frame's sure card size from the "
            "index corner the network reads",
        ),
        (
            "relay-off-hope",
            "(h-speed43): relay_off's outlines read only where the corner network sees a whole "
            "index",
        ),
        (
            "outlined-under",
            "(h-merged42): a card laid at its index corner's edges read at one corner kept "
            "uncertain when its other index area lies under a card read surely",
        ),
        (
            "hand-between",
            "(h-merged43): the middle card of a hand dealt overlapping laid between two cards "
            "of one blob read surely",
        ),
        (
            "hand-index",
            "(h-beside43): with hand-between, cards laid from an index corner the network reads "
            "in the bare part of a blob holding cards read surely",
        ),
        (
            "hand-index-apart",
            "(h-twice46): with hand-index, a card it laid that meets another shape reported "
            "more than a dealt neighbour can (a centre on it, or overlapping by more than "
            "MAX_HAND_OVERLAP) not reported",
        ),
        (
            "black-pips",
            "(h-dim44): an uncertain black number card judged again by its pips' suit, the "
            "index's spade-or-club split set aside",
        ),
        (
            "black-pips-borne",
            "(h-dim44): with black-pips, a card the pips read kept from the black-split "
            "reader's doubt",
        ),
        (
            "line-fit",
            "(h-outline45): an uncertain card laid again with its sides on the straight edges "
            "near them, at the frame's sure card size",
        ),
        (
            "skin-unread",
            "(h-nocard45): an unread shape whose margin is skin-coloured and whose paper is "
            "dull against the sure cards' dropped",
        ),
        (
            "unsure-twins",
            "(h-nocard45): of two shapes not read surely overlapping, the one showing less "
            "paper dropped",
        ),
        (
            "court-symbols",
            "(h-court45): an uncertain court whose looks all read its rank judged again by the "
            "suit symbols printed beyond its index, the looks' split of its colour set aside",
        ),
        (
            "pictured-numbers",
            "(h-courts46): a two to nine read surely whose middle shows a picture, not pips, "
            "made uncertain",
        ),
        (
            "pips-beyond",
            "(h-courts46): a two to nine read surely whose middle shows four or more pip-like "
            "blobs than its rank made uncertain",
        ),
        (
            "pips-against",
            "(h-courts46): a two to ten read surely whose pips, read upright, name another "
            "suit made uncertain",
        ),
        (
            "shadow-cleared",
            "(h-unsure47): an uncertain card kept so by the shadowed rule alone, judged again "
            "in the clear when every shape meeting it reads another rank and another suit",
        ),
        (
            "blind-share",
            "(h-nocard46): cards step 13 read surely in a finding that read none, whose index "
            "shares say its card size is too large, taken out and the blind sizes tried",
        ),
    ):
        name = flag.replace("-", "_")
        parser.add_argument(
            f"--{flag}",
            choices=("on", "off"),
            default="on" if getattr(FinderSettings(), name) else "off",
            help=f"FinderSettings({name}=...) {what}",
        )
    parser.add_argument(
        "--edge-support",
        type=float,
        default=FinderSettings().edge_support,
        help="FinderSettings(edge_support=...) (h-glare43's lever, 0: off; 0.15 since session "
        "48): a shape reported uncertain whose weakest side shows an edge along less than this "
        "share is dropped",
    )
    parser.add_argument(
        "--edge-blank-ink",
        type=float,
        default=FinderSettings().edge_blank_ink,
        help="FinderSettings(edge_blank_ink=...) (h-nocard46, 0: off, 0.005 since session 48; "
        "with --edge-support): a shape whose face shows less ink than this is dropped whatever "
        "the network reads",
    )
    parser.add_argument(
        "--relay-off-overlap",
        type=float,
        default=FinderSettings().relay_off_overlap,
        help="FinderSettings(relay_off_overlap=...) (h-relay42's limit; h-overlap43): the share "
        "of the smaller a card re-laid by --relay-off may overlap a card reported by",
    )
    parser.add_argument(
        "--line-fit-overlap",
        type=float,
        default=FinderSettings().line_fit_overlap,
        help="FinderSettings(line_fit_overlap=...) (h-outline45): with --line-fit on, the share "
        "of the smaller a card laid on the straight edges may overlap a card reported by",
    )
    parser.add_argument(
        "--deck-rank-pair",
        type=float,
        default=FinderSettings().deck_rank_pair,
        help="with --deck: FinderSettings(deck_rank_pair=...) (h-deck42's lever, off: 0; on: "
        "faces.RANK_PAIR_SHARE 0.5, as shipped since h-on42)",
    )
    parser.add_argument(
        "--finder",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="a FinderSettings field set after the flags above (on/off, a number), e.g. "
        "bare_cards=on (h-merged47)",
    )
    args = parser.parse_args()
    one_core()
    plane = replace(
        DEFAULT_PLANE, tilt_judges=args.tilt_judges, lone_tilt_aspect=args.lone_tilt_aspect
    )
    refit = replace(
        DEFAULT_REFIT,
        unsure_measured=args.measured >= 1,
        measured_other=args.measured >= 2,
        unsure_other=args.measured >= 3,
        measure_seam=args.seam in (1, 2),
        measured_index=args.seam >= 2,
        unsure_upright=not args.refit_sideways,
        unsure_upright_unread=not args.refit_sideways,
    )
    finder = FinderSettings(
        warped_plane_mask=args.warped_plane_mask,
        half_plane_mask=args.half_plane_mask,
        quick_plane_mask=args.quick_plane_mask,
        relay_doubted_first=not args.no_relay_doubted_first,
        corner_unsure_glyph=args.corner_unsure_glyph == "on",
        relay_off=args.relay_off == "on",
        relay_off_hope=args.relay_off_hope == "on",
        relay_off_overlap=args.relay_off_overlap,
        deck_rank_pair=args.deck_rank_pair,
        deck_orient_twins=args.deck_orient_twins,
        deck_keeps_every_sure=args.deck_keeps_every_sure == "on",
        deck_court_margin=args.deck_court_margin,
        outlined_under=args.outlined_under == "on",
        hand_between=args.hand_between == "on",
        hand_index=args.hand_index == "on",
        hand_index_apart=args.hand_index_apart == "on",
        black_pips=args.black_pips == "on",
        black_pips_borne=args.black_pips_borne == "on",
        line_fit=args.line_fit == "on",
        line_fit_overlap=args.line_fit_overlap,
        court_symbols=args.court_symbols == "on",
        pictured_numbers=args.pictured_numbers == "on",
        pips_against=args.pips_against == "on",
        pips_beyond=args.pips_beyond == "on",
        edge_support=args.edge_support,
        edge_blank_ink=args.edge_blank_ink,
        skin_unread=args.skin_unread == "on",
        unsure_twins=args.unsure_twins == "on",
        blind_share=args.blind_share == "on",
        shadow_cleared=args.shadow_cleared == "on",
    )
    for pair in args.finder:
        key, value = pair.split("=", 1)
        was = getattr(finder, key)
        finder = replace(
            finder, **{key: value == "on" if value in ("on", "off") else type(was)(value)}
        )
    if args.no_on_top:
        finder = replace(finder, on_top=None)
    corners = CornerModel.load(args.corners)
    why: dict[str, Counter[str]] = defaultdict(Counter)
    model = GlyphModel.load()
    totals: dict[str, Count] = defaultdict(Count)
    total = Count()
    times: list[float] = []
    records: list[dict[str, object]] = []
    deck_totals: dict[str, Count] = defaultdict(Count)
    deck_why: dict[str, Counter[str]] = defaultdict(Counter)
    deck_examples: list[str] = []
    changed: list[str] = []
    turned: Counter[tuple[str, str]] = Counter()
    enrolled: dict[str, EnrolledDeck] = {}
    lines: list[str] = []
    deck_answers: list[tuple[str, str, str, str]] = []
    deck_unsure: list[dict[str, object]] = []
    chosen_labels: set[str] | None = None
    if args.labels:
        chosen_labels = {
            line.split()[0].rstrip(":")
            for line in args.labels.read_text().splitlines()
            if line.strip()
        }
    off_lines: list[str] = []
    if args.outline_off:
        # (imported here: vision_outline_off_bench reads cards alone with this module's read_alone)
        from vision_outline_off_bench import TracedDetector
    unsure_lines: list[str] = []
    unsure_by: Counter[tuple[str, str]] = Counter()
    for checked in check_scenes(args.designs, args.styles, args.scenes, args.seed, CACHE, STYLES):
        name, style_name, seed = checked.design, checked.style, checked.seed
        scene, whole, partial = checked.scene, checked.whole, checked.partial
        if chosen_labels is not None and checked.label not in chosen_labels:
            continue
        if args.deck and name not in enrolled:
            enrolled[name] = _deck(name, args.photos)
        detector = (
            TracedDetector
            if args.outline_off
            else _Recording
            if args.looks
            else WhyDetector
            if args.unsure
            else CardDetector
        )(
            model=model,
            corner_model=corners,
            plane=None if args.no_plane else plane,
            paper=None if args.no_paper else DEFAULT_PAPER,
            drop_on_sure=not args.keep_on_sure,
            pieces_of_sure=not args.no_pieces_of_sure,
            join_pieces=args.join_pieces == "on",
            grow_pieces=args.grow_pieces == "on",
            grown_crossing=GROWN_EDGE if args.grown_crossing == "on" else None,
            frame_share=args.frame_share == "on",
            club_one_split=args.club_one_split,
            black_against=args.black_against,
            pip_colour_against=args.pip_colour_against,
            index_against=args.index_against,
            centre_covered=CENTRE_COVERED if args.centre_covered else None,
            finder=finder,
            court_picture=args.court_picture,
            picture_sets_aside=not args.no_picture_sets_aside,
            blind_gains=args.blind_gains,
            ink_settles_suit=not args.no_ink_settles_suit,
            arm=None if args.no_arm else DEFAULT_ARM,
            cloth_centre=args.cloth_centre,
            net_blind=args.net_blind,
            pictured_ranks=tuple(parse_card(f"{r}S").rank for r in args.pictured_ranks),
            pictured_pips=args.pictured_pips,
            pictured_mirror=args.pictured_mirror,
            pictured_few=args.pictured_few,
            net_suit_least=args.net_suit_least,
            court_mirror=args.court_mirror,
            court_pips_mirror=args.court_pips_mirror,
            court_pips=args.court_pips,
            refit=refit,
        )
        started = time.thread_time()
        tracer = Tracer() if args.outline_off else None
        if tracer is not None:
            sys.settrace(tracer._global)
        try:
            analysis = detector.analyse(scene.image)
        finally:
            if tracer is not None:
                sys.settrace(None)
        detections = analysis.reported
        times.append(time.thread_time() - started)
        # Detections on a card partly out of the picture count neither way.
        ignored = count(detections, partial, "") if partial else None
        kept = detections
        if ignored is not None:
            kept = [d for d in detections if not on_any(d.center, partial)]
        label = f"{name}/{style_name}#{seed}"
        if args.answers:
            lines += [
                f"{label} {card.card.code} {said}"
                for card, said in zip(whole, answers(kept, whole), strict=True)
            ]
            lines += count(kept, whole, label).examples  # no card, twice, read as (labelled)
        totals[f"{name}"].add(count(kept, whole, label))
        totals[f"*{style_name}*"].add(count(kept, whole, label))
        if args.looks:
            assert isinstance(detector, _Recording)
            records += detector.answered(scene.image, kept, whole, label)
        if tracer is not None:
            assert isinstance(detector, TracedDetector)
            off_lines += outline_off_of(
                detector, scene.image, kept, whole, scene.cards, tracer, label
            )
        if args.unsure:
            assert isinstance(detector, WhyDetector)
            for line, why_tag in unsure_of(detector, kept, whole, scene.cards, label):
                unsure_lines.append(line)
                unsure_by[(why_tag, style_name)] += 1
                unsure_by[(why_tag, name)] += 1
        if args.why:
            for card in missed(kept, whole):
                if count(kept, [card], "").missed:
                    cause = missed_why(detector, scene.image, analysis.quads, card, kept)
                else:
                    cause = "under"  # its detection's centre lies on a card on top
                why[style_name][cause] += 1
                total.examples.append(f"{label}: {card.card.code} missed: {cause}")
        if args.deck:
            with_deck = CardDetector(
                model=cast(GlyphModel, enrolled[name]),
                corner_model=corners,
                plane=None if args.no_plane else plane,
                paper=None if args.no_paper else DEFAULT_PAPER,
                drop_on_sure=not args.keep_on_sure,
                pieces_of_sure=not args.no_pieces_of_sure,
                join_pieces=args.join_pieces == "on",
                grow_pieces=args.grow_pieces == "on",
                grown_crossing=GROWN_EDGE if args.grown_crossing == "on" else None,
                frame_share=args.frame_share == "on",
                finder=finder,
                ink_settles_suit=not args.no_ink_settles_suit,
                deck_suit_leans=args.deck_suit_leans,
                deck_leans_borne=not args.no_deck_leans_borne,
                deck_leans_faced=not args.no_deck_leans_faced,
                deck_leans_paired=not args.no_deck_leans_paired,
                deck_veto_least=args.deck_veto_least,
                deck_weak_other=args.deck_weak_other,
            )
            deck_analysis = with_deck.analyse(scene.image)
            deck_kept = deck_analysis.reported
            if partial:
                deck_kept = [d for d in deck_kept if not on_any(d.center, partial)]
            counted = count(deck_kept, whole, label)
            deck_totals[name].add(counted)
            deck_totals[f"*{style_name}*"].add(counted)
            before, after = answers(kept, whole), answers(deck_kept, whole)
            for card, was, now in zip(whole, before, after, strict=True):
                turned[(was.split(":")[0], now.split(":")[0])] += 1
                if was != now:
                    changed.append(f"{label}: {card.card.code} {was} -> {now}")
                deck_answers.append((label, card.card.code, was, now))
            if args.deck_unsure:
                deck_unsure += unsure_with_deck(
                    scene.image, deck_kept, whole, after, label, scene.cards
                )
            if args.why:
                for card in missed(deck_kept, whole):
                    if count(deck_kept, [card], "").missed:
                        cause = missed_why(
                            with_deck, scene.image, deck_analysis.quads, card, deck_kept
                        )
                    else:
                        cause = "under"
                    deck_why[style_name][cause] += 1
                    deck_examples.append(f"{label}: {card.card.code} missed with the deck: {cause}")
    for key, c in totals.items():
        if not key.startswith("*"):
            total.add(c)
    header = ["", "cards", "exact", "uncertain", "wrong", "missed", "no card", "twice"]
    print(" | ".join(header))
    for key, c in [*totals.items(), ("all", total)]:
        print(" | ".join(str(v) for v in c.row(key)))
    print(f"median {1000 * float(np.median(times)):.0f} ms CPU a scene")
    for line in total.examples[: args.examples]:
        print(" ", line)
    if args.answers:
        args.answers.write_text("".join(f"{line}\n" for line in lines))
    if args.outline_off:
        print(f"outline off, uncertain ({len(off_lines)}):")
        print("\n".join(off_lines))
    if args.unsure:
        print(unsure_table(unsure_lines, unsure_by, args.styles, args.designs))
    if args.looks:
        args.looks.parent.mkdir(parents=True, exist_ok=True)
        args.looks.write_bytes(pickle.dumps(records))
    if args.deck_unsure:
        args.deck_unsure.parent.mkdir(parents=True, exist_ok=True)
        args.deck_unsure.write_bytes(pickle.dumps({"answers": deck_answers, "unsure": deck_unsure}))
    if args.deck:
        deck_total = Count()
        for key, c in deck_totals.items():
            if not key.startswith("*"):
                deck_total.add(c)
        print("with the deck:")
        print(" | ".join(header))
        for key, c in [*deck_totals.items(), ("all", deck_total)]:
            print(" | ".join(str(v) for v in c.row(key)))
        for line in deck_total.examples[: args.examples]:
            print(" ", line)
        print(
            "without the deck -> deck: "
            + ", ".join(f"{a} -> {b} {n}" for (a, b), n in sorted(turned.items()) if a != b)
        )
        worse = [
            line
            for line in changed
            if "-> wrong" in line or "-> missed" in line or ("exact ->" in line)
        ]
        print(f"made worse by the deck ({len(worse)}):")
        print("\n".join(worse))
        print(f"every card the deck changed ({len(changed)}):")
        print("\n".join(changed))
        for line in deck_examples:
            print(" ", line)
    if args.why:
        causes = sorted({c for counter in why.values() for c in counter})
        print(" | ".join(["missed, why", *causes]))
        for key, counter in [*why.items(), ("all", sum(why.values(), Counter()))]:
            print(" | ".join([key, *(str(counter[c]) for c in causes)]))
        if args.deck:
            causes = sorted({c for counter in deck_why.values() for c in counter})
            print(" | ".join(["missed with the deck, why", *causes]))
            for key, counter in [
                *deck_why.items(),
                ("all", sum(deck_why.values(), Counter())),
            ]:
                print(" | ".join([key, *(str(counter[c]) for c in causes)]))
    return 0


def unsure_of(
    detector: WhyDetector,
    detections: list[CardDetection],
    cards: list[synthetic.PlacedCard],
    dealt: list[synthetic.PlacedCard],
    label: str,
) -> list[tuple[str, str]]:
    """Per card answered uncertain (as ``answers`` says): a line (label, card, candidate, the
    answer's IoU, the reason tag of ``vision_unsure_bench.reason``, the judge's rules, the
    card's short side in pixels, the share of it under cards dealt after it) and the tag."""
    said = answers(detections, cards)
    on_card, _ = on_cards(detections, cards)
    found: list[tuple[str, str]] = []
    for n, card in enumerate(cards):
        if said[n] != "uncertain" or n not in on_card:
            continue
        unsure = [(iou, k) for iou, k in on_card[n] if detections[k].card is None]
        iou, k = max(unsure or on_card[n], key=lambda pair: pair[0])
        detection = detections[k]
        tag = unsure_reason(detector, detection, iou)
        verdict = detector.verdict_of(detection)
        rules = "+".join(verdict.rules) if verdict is not None else "-"
        truth = np.asarray(card.corners, np.float32).reshape(4, 2)
        sides = np.hypot(*(np.roll(truth, -1, axis=0) - truth).T)
        later = [np.asarray(c.corners, np.float32) for c in dealt[dealt.index(card) + 1 :]]
        under = covered(truth, later)
        rows, cols = under.shape
        corner = (slice(0, rows // 4), slice(0, cols // 5))
        opposite = (slice(rows - rows // 4, rows), slice(cols - cols // 5, cols))
        # The share of the face under later cards, and of each index corner's area.
        shares = f"{under.mean():.2f}/{under[corner].mean():.2f}/{under[opposite].mean():.2f}"
        candidate = detection.candidate.code if detection.candidate is not None else "-"
        found.append(
            (
                f"{label} {card.card.code} cand {candidate} iou {iou:.2f} [{tag}] rules {rules} "
                f"side {float(sides.min()):.0f} under {shares}",
                tag,
            )
        )
    return found


def outline_off_of(
    detector: TracedDetector,
    image: np.ndarray,
    detections: list[CardDetection],
    cards: list[synthetic.PlacedCard],
    dealt: list[synthetic.PlacedCard],
    tracer: Tracer,
    label: str,
) -> list[str]:
    """``--outline-off``'s lines: each card of ``cards`` answered uncertain (as ``answers``
    says) at an outline under ``OFF_IOU`` with it, described by ``describe_off`` over the
    scene's cards ``dealt`` (in dealing order), with the step that first reported the outline."""
    from vision_outline_off_bench import describe_off

    said = answers(detections, cards)
    on_card, _ = on_cards(detections, cards)
    trues = [np.asarray(c.corners, np.float64).reshape(4, 2) for c in dealt]
    found: list[str] = []
    for n, card in enumerate(cards):
        if said[n] != "uncertain" or n not in on_card:
            continue
        unsure = [(iou, k) for iou, k in on_card[n] if detections[k].card is None]
        iou, k = max(unsure or on_card[n], key=lambda pair: pair[0])
        if iou >= OFF_IOU:
            continue
        step = tracer.first.get(_key(detections[k]), "?")
        line, _ = describe_off(
            detector, image, detections, k, trues, dealt.index(card), card.card.code, iou, step
        )
        found.append(f"{label} {line}")
    return found


def unsure_table(lines: list[str], by: Counter[tuple[str, str]], styles: str, designs: str) -> str:
    """``--unsure``'s output: the cards one a line, then the counts by reason (rows) and by
    style and design (columns)."""
    columns = [*styles.split(","), *designs.split(",")]
    reasons = Counter(line.split("[", 1)[1].split("]", 1)[0] for line in lines)
    table = [*lines, "", "| reason | all | " + " | ".join(columns) + " |"]
    table.append("|---|---|" + "---|" * len(columns))
    for tag, n in reasons.most_common():
        table.append(f"| {tag} | {n} | " + " | ".join(str(by[(tag, c)]) for c in columns) + " |")
    every = " | ".join(str(sum(by[(t, c)] for t in reasons)) for c in columns)
    table.append(f"| **uncertain** | {len(lines)} | {every} |")
    return "\n".join(table)


def unsure_with_deck(
    frame: np.ndarray,
    detections: list[CardDetection],
    cards: list[synthetic.PlacedCard],
    said: list[str],
    label: str,
    dealt: list[synthetic.PlacedCard],
) -> list[dict[str, object]]:
    """Per card left uncertain with the deck (``said``: ``answers``): what its faces had to go
    on (``--deck-unsure``): the answer's outline and overlap with the true outline, candidate,
    the looks' suits, and the face warped from the answered and the true outline with their
    pixels covered by the other answers' outlines (``faces.warp_face``, ``faces.covered``), and
    the true face's pixels under cards dealt after it (``dealt``: the scene's cards in order)."""
    outlines = [np.asarray(d.corners, np.float32).reshape(-1, 2) for d in detections]
    on_card, _ = on_cards(detections, cards)
    records: list[dict[str, object]] = []
    for n, found in on_card.items():
        if said[n] != "uncertain":
            continue
        uncertain = [(iou, k) for iou, k in found if detections[k].card is None]
        iou, k = max(uncertain or found, key=lambda pair: pair[0])
        detection = detections[k]
        truth = np.asarray(cards[n].corners, np.float32).reshape(4, 2)
        others = [o for m, o in enumerate(outlines) if m != k]
        sides = np.hypot(*(np.roll(truth, -1, axis=0) - truth).T)
        records.append(
            {
                "label": label,
                "truth": cards[n].card.code,
                "candidate": detection.candidate.code if detection.candidate else None,
                "suits": tuple(detection.suits),
                "confidence": detection.confidence,
                "width": float(sides.min()),
                "iou": iou,
                "outline": outlines[k],
                "true_outline": truth,
                "face": warp_face(frame, outlines[k]),
                "mask": covered(outlines[k], others, frame.shape[:2]),
                "true_face": warp_face(frame, truth),
                "true_mask": covered(truth, others, frame.shape[:2]),
                # The true outlines of the cards lying over it (the scene's later cards).
                "under": covered(
                    truth,
                    [np.asarray(c.corners, np.float32) for c in dealt[dealt.index(cards[n]) + 1 :]],
                    frame.shape[:2],
                ),
            }
        )
    return records


def _vision_digest() -> str:
    """A digest of the reader's code and models (dealer_assist/vision): a deck kept under it is
    one these enrolled, never one an earlier revision's enrolment made."""
    digest = hashlib.sha256()
    vision = Path(__file__).resolve().parent.parent / "dealer_assist" / "vision"
    for path in sorted(p for p in vision.rglob("*") if p.is_file() and p.suffix != ".pyc"):
        digest.update(path.relative_to(vision).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _deck(name: str, photos: int | None) -> EnrolledDeck:
    """``name`` enrolled as ``scripts/vision_enrol_check.py`` enrols it (``--photos``), kept in
    ``build/vision-cache/decks`` (a generated file, not committed) under the reader's code and
    models (``_vision_digest``)."""
    from vision_enrol_check import _enrolled

    which = photos if photos is not None else "check"
    path = CACHE / "decks" / f"{name}-{which}-{_vision_digest()}.npz"
    if path.exists():
        return EnrolledDeck.load(path)
    faces = decks.render_design(decks.design(name), height=320, cache=CACHE)
    with tempfile.TemporaryDirectory(prefix="tilted-deck-") as work:
        deck = _enrolled(name, faces, Path(work), photos)
    path.parent.mkdir(parents=True, exist_ok=True)
    deck.save(path)
    return EnrolledDeck.load(path)


class _Recording(RecordingDetector):
    """The detector, keeping the looks each detection was judged from (``--looks``)."""

    def answered(
        self,
        frame: np.ndarray,
        detections: list[CardDetection],
        cards: list[synthetic.PlacedCard],
        label: str,
    ) -> list[dict[str, object]]:
        """Per card answered (as ``count`` matches them): truth, answer and the looks."""

        outlines = [np.asarray(d.corners, np.float32).reshape(-1, 2) for d in detections]
        on_card, _ = on_cards(detections, cards)
        records: list[dict[str, object]] = []
        for n, found in on_card.items():
            iou, k = max(found, key=lambda pair: pair[0])
            detection = detections[k]
            truth = np.asarray(cards[n].corners, np.float64)
            sides = np.hypot(*(np.roll(truth, -1, axis=0) - truth).T)
            middle = self._clear_middle(frame, outlines, k)
            judged = self.judged.get(id(detection))
            regions = self.warp_corners(frame, outlines[k])
            records.append(
                {
                    "label": label,
                    "truth": cards[n].card.code,
                    "card": detection.card.code if detection.card is not None else None,
                    "candidate": detection.candidate.code if detection.candidate else None,
                    "confidence": detection.confidence,
                    "width": float(sides.min()),
                    "iou": iou,
                    # The glyph reader's dispute as the string "disputed" (a marker object).
                    "looks": None
                    if judged is None
                    else ["disputed" if r is _DISPUTED else r for r in judged.readings],
                    "pips": None if judged is None else judged.pips,
                    "pip_count": None if judged is None else judged.pip_count,
                    "middle": None if middle is None else pip_count(middle, self.middle),
                    "shows_pips": None if middle is None else shows_pips(middle, self.middle),
                    # The light of the index corners at the answered outline (h-diag24): each
                    # corner's paper level as the corner network's white balance takes it.
                    "paper": [
                        float(np.percentile(region.min(axis=2), 100 * PAPER_SHARE))
                        for region in regions
                    ],
                    # The black-split reader's club share at each index corner (issue 28,
                    # h-black26), and the two corner regions as warped (BGR), for rules replayed
                    # on the corners' pixels.
                    "black": BlackSplit.shared().club_shares(corner_patches(regions)).tolist(),
                    "regions": [np.asarray(region, np.uint8) for region in regions],
                    "outline": outlines[k],
                    # The index's share of the outline as the chosen finding was read and the
                    # frame's sure cards' (h-wrong35's ``_small_index``).
                    "share": self.shares.get(id(detection)),
                    "sure_shares": list(self.sure_shares),
                    # An uncertain card read alone (the judge's looks, no step after it) at the
                    # true outline and, to compare, at the answered one, beside the other
                    # answers: its code, "?" uncertain, None nothing (``--oracle``'s outline).
                    "at_true": None
                    if detection.card is not None
                    else self._read_alone(frame, truth, outlines, k),
                    "at_answered": None
                    if detection.card is not None
                    else self._read_alone(frame, outlines[k], outlines, k),
                }
            )
        return records

    def _read_alone(
        self, frame: np.ndarray, quad: np.ndarray, outlines: list[np.ndarray], k: int
    ) -> str | None:
        return read_alone(self, frame, quad, [o for n, o in enumerate(outlines) if n != k])


def read_alone(
    detector: CardDetector, frame: np.ndarray, quad: np.ndarray, covering: list[np.ndarray]
) -> str | None:
    """The card read at ``quad`` alone (the judge's looks, no step after it), the outlines
    ``covering`` lying over it: its code, "?" uncertain, None nothing read (h-outline38)."""
    alone = _Finding([np.asarray(quad, np.float64).reshape(4, 2)], None, 0.0, [False])
    read = detector._analysis_of(frame, alone, with_deck=False, covering=covering)
    if not read.detections:
        return None
    card = read.detections[0].card
    return "?" if card is None else card.code


if __name__ == "__main__":
    raise SystemExit(main())
