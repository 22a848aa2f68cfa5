"""The whole recogniser for one frame: find the cards, read their indices, say how sure it is.

:class:`CardDetector` chains the pure stages (:mod:`quads`, :mod:`index`, :mod:`classifier`;
optionally :mod:`corner_model`, see ``use_corner_model``). Both corner indices of a card are
read; their probabilities are multiplied (two independent looks at the same card) and the card
is reported only when the product's best rank times best suit reaches the confidence
threshold. Below it the detection is *uncertain*: ``card`` is None
and ``candidate`` says what it looked most like, for the croupier to confirm. A quadrilateral in
which neither corner shows an index is not a card (a glare patch, a chip's insert, a printed
marker) and is not reported at all.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import chain, combinations, product
from typing import Any, Literal, Protocol, TypeVar

import cv2
import numpy as np

from dealer_assist.cards import BLACK_SUITS, RED_SUITS, Card, Rank, Suit
from dealer_assist.rules.coup import Hand
from dealer_assist.vision.black_split import BlackSplit, black_split_available
from dealer_assist.vision.classifier import (
    RANK_CLASSES,
    SUIT_CLASSES,
    GlyphModel,
    soften_black_split,
)
from dealer_assist.vision.components import compact_components
from dealer_assist.vision.corner_model import (
    CornerModel,
    corner_model_available,
    corner_patches,
    legibility,
)
from dealer_assist.vision.court_suits import SymbolSettings, court_symbols, symbols_suit
from dealer_assist.vision.crossing import CrossingSettings, centre_cut_off, edge_across
from dealer_assist.vision.duplicates import (
    MAX_UNREAD_OVERLAP,
    TWIN_FELT,
    at_edge,
    diagonal_pieces,
    laid_apart,
    laid_over,
    one_per_card,
    pieces_of_sure,
    pieces_whole,
    runs_into_edge,
    surer_inside,
    unread_apart,
    unsure_apart,
    unsure_on_sure,
    unsure_twins,
    whole_of_halves,
)
from dealer_assist.vision.edge_support import brightness, edge_grey, face_ink, side_support
from dealer_assist.vision.enrol import EnrolledDeck, suit_log_odds
from dealer_assist.vision.faces import SUIT_SURE, covered, twin_of, warp_face
from dealer_assist.vision.geometry import (
    CANONICAL_HEIGHT,
    centre_of,
    following,
    polygon_iou,
    portrait_orders,
    shared_area,
    signed_area,
    transform_points,
)
from dealer_assist.vision.index import (
    CornerGlyphs,
    IndexSettings,
    merged_index_cuts,
    segment_corner,
    warp_corner,
)
from dealer_assist.vision.joined import (
    DEFAULT_ARM,
    ArmSettings,
    BlobProposals,
    arm_cards,
    corner_cards,
    index_cards,
    on_top_cards,
    outline_cards,
)
from dealer_assist.vision.layout import Layout
from dealer_assist.vision.middle import (
    COURT_RANKS,
    MiddleSettings,
    ink_share,
    middle_area,
    mirror_alike,
    mirrored_pip_count,
    pip_count,
    pip_glyphs,
    pips_colour,
    pips_seen,
    pips_turn_alike,
    warp_middle,
)
from dealer_assist.vision.paper import (
    Gains,
    PaperSettings,
    cloth_at_centre,
    dull_marker,
    face_median,
    mask_gains,
    paper_blobs,
    paper_gains,
    paper_level,
    paper_mask,
    shows_paper,
    skin_shape,
)
from dealer_assist.vision.plane import (
    Plane,
    PlaneSettings,
    find_plane,
    in_frame,
    lone_outlines,
    rectified_view,
)
from dealer_assist.vision.quads import (
    CardQuad,
    FinderSettings,
    JoinedBlob,
    ViewMaps,
    WorkView,
    card_mask,
    edge_card_px,
    edge_share,
    estimate_card_px,
    exchanges,
    far_past_view,
    find_quads,
    half_card_mask,
    make_view,
    opened_rough,
    paper_rough,
    unfilled_and_felt,
    unfilled_mask,
    warped_card_mask,
)
from dealer_assist.vision.recover import (
    RecoverySettings,
    apart,
    new_cards,
    paper_window,
    unexplained,
)
from dealer_assist.vision.refit import (
    LineFit,
    RefitSettings,
    SeamCut,
    bare_piece_cards,
    candidates,
    centre_inside,
    doubled,
    from_index_corner,
    hand_middle,
    lines_quad,
    lines_quads,
    measured,
    overlap_share,
    seam_cuts,
    side_lines,
    snapped,
)
from dealer_assist.vision.second_look import (
    looked_probabilities,
    outline_probabilities,
    refine_outline,
    searched_outlines,
    second_probabilities,
)

DEFAULT_THRESHOLD = 0.98
DEFAULT_PLANE = PlaneSettings()  # without a layout, the plane from the cards (None: off)
DEFAULT_PAPER = PaperSettings()  # an unread card shape must show paper (None: off)
# Paper alone: the size its blobs vote for is tried, and divided by these (a pair of cards
# side by side, and a pair of pairs, vote for one card too large).
PAPER_SIZE_DIVISORS = (1.4, 2.0)
# ... and then by these, while the best finding so far reads fewer than ``PAPER_BETWEEN_SURE``
# cards surely (two cards side by side with a third crosswise, or overlapping in a printed
# panel, vote for one card 1.5-1.75 times too large: no size tried fitted them; h-plane10).
PAPER_BETWEEN_DIVISORS = (1.57, 1.76)
PAPER_BETWEEN_SURE = 2
# The paper's edges in the picture vote a card size (``quads.edge_card_px``): it, and it times
# the square root of two (a card's short side beside a pair's), are tried last on the frame as
# it is while the best finding reads under ``EDGE_SURE_SHARE`` of its shapes surely.
EDGE_SIZE_DIVISORS = (1 / math.sqrt(2),)
EDGE_SURE_SHARE = 0.75
# ... tried only when the rough mask's blobs that hold paper hold this many times as much.
PAPER_DIFFERS = 1.25
DEFAULT_RECOVERY = RecoverySettings()  # missed cards looked for on paper alone (None: off)
DEFAULT_REFIT = RefitSettings()  # unread shapes laid again from their corners (None: off)
LINE_FIT = LineFit()  # an uncertain card's sides on the straight edges near them (``line_fit``)
# A detection whose outline overlaps a card the finder chose this much (IoU) is that card
# (``_exchange``: the same outline, found again).
SAME_SHAPE = 0.9
# A card found at a joined blob's corner (``_corner_cards``) takes the place of a shape read
# unsurely or unread that it lies on when they overlap by this much (the same card placed
# otherwise); less, that shape's centre is another card's.
CORNER_SAME = 0.3
# A card laid again from a corner offer lying on an uncertain card at this IoU or more is that
# card read again, not a new outline: the offer stays as read (``_doubted_there``, h-merged33).
RELAID_SAME = 0.8
# ``FinderSettings.sure_finish``: each sure card's outline widened by this share of a card's
# width before the mask's pieces left beside the cards are measured (an outline a pixel or two
# off the paper's edge leaves slivers along it; h-speed51).
SURE_FINISH_MARGIN = 0.06
_SQUARE3 = np.ones((3, 3), np.uint8)


@dataclass(frozen=True, slots=True)
class Recut:
    """One more way to cut a corner that showed no whole index (``segment_corner``'s options)."""

    hysteresis: bool = True
    split: int = 0
    cut_spills: bool = False
    waist: float = 0.15
    gutter: bool = False
    floor: bool = False

    def cut(self, corner: CornerGlyphs, settings: IndexSettings) -> CornerGlyphs:
        """Cut again the region ``corner`` was cut from (its ink, if found, is reused)."""
        assert corner.region is not None, "a corner not looked at is not cut again"
        return segment_corner(
            corner.region,
            settings,
            hysteresis=self.hysteresis,
            split=self.split,
            cut_spills=self.cut_spills,
            waist=self.waist,
            gutter=self.gutter,
            floor=self.floor,
            prepared=corner.ink,
        )


RECUTS: tuple[Recut, ...] = (
    Recut(hysteresis=False),
    Recut(cut_spills=True),
    Recut(waist=0.35),
    Recut(hysteresis=False, split=2),
    Recut(gutter=True),
    Recut(hysteresis=False, gutter=True),
    Recut(hysteresis=False, waist=0.35),
    Recut(floor=True),
    Recut(gutter=True, floor=True),
    Recut(hysteresis=False, floor=True),
)
# Then, for a corner still without a whole index, a rank run into its suit is cut across every
# row (``merged_index_cuts``): (hysteresis, gutter) for each pass.
MERGED_CUTS: tuple[tuple[bool, bool], ...] = ((True, False), (True, True))
# Two looks at a card each at least this sure of a different card make it uncertain.
DISAGREEING_SURENESS = 0.5
# ... unless the network's two corners agree this surely and the glyph reader as a whole did not
# dispute them: then a glyph look of another card is only multiplied in (chosen on building
# scenes, docs/vision.md).
NETWORK_AGREEING = 0.9
NOISE_SURENESS = 0.5  # a whole look less sure than this of any card is noise beside a surer one
PIP_SURE = 0.9  # the pips' suit is a look at the card when this sure (an uncertain card's)
# Once the finding is chosen, the pips' suit read again, upright and at the frame's scale, is a
# look at an uncertain card when at least ``PIP_LOOKS`` whole pips read the same suit, each at
# least ``UPRIGHT_PIP_SURE`` sure of it (``_middle_look``; chosen on building scenes,
# docs/vision.md).
UPRIGHT_PIP_SURE = 0.98
# ``CardDetector._black_by_pips``'s pips cut from a middle so much nearer the card's ends (a
# share of its height; half as much of its width nearer its sides): the middle as
# ``MiddleSettings`` cuts it (0.17-0.83 of the height) cuts a two's and a three's end pips
# (the building check's anglo/overhead#7900003 2C: no whole pip; at 0.11 two clubs, 1.0 sure).
BLACK_PIPS_WINDOW = 0.11
# Where a court's suit symbols are looked for and what one is (``FinderSettings.court_symbols``;
# issue 28, h-court45).
COURT_SYMBOLS = SymbolSettings()
# ... settling a court only when each whole look at least this sure of its rank reads the
# candidate's (and one does).
COURT_RANK_SEEN = 0.5
PIP_LOOKS = 2
# ``FinderSettings.ace_pip_against``: each reading of a black ace's one pip must be at least this
# sure of its suit to count (issue 28, h-wrong51).
ACE_PIP_SURE = 0.9
# ``FinderSettings.black_pip_against``: each whole pip of a black two to ten read upright must be at
# least this sure of the other black suit to count against the index (issue 28, h-wrong52).
BLACK_PIP_SURE = 0.98
SUITS_READ = tuple(suit for suit in SUIT_CLASSES if suit is not None)
# A number card whose middle shows as many pips as its rank is sure when its looks are this
# sure of its suit and of its rank (chosen on building scenes, docs/vision.md).
PIP_COUNT_SUIT = 0.97
PIP_COUNT_RANK = 0.5
# A spade or club the pips' count alone would make sure (its looks' product under the
# threshold) needs the black-split reader's two index corners (odds multiplied) to give its
# suit at least this share of the black suits (issue 28, h-pip29; ``_judge``'s ``black_share``;
# fresh building seeds: a noisy 8S whose corners split read as the 8C, the black-split reader
# 0.04 club).
PIP_BLACK = 0.5
# A card the pips' count alone would make sure is not when a corner network look of its index
# (whole, in the clear of other cards) gives the other colour's suits at least this much
# (issue 28, h-wrong35; ``_judge``, ``CardDetector.pip_colour_against``; fresh building seeds:
# simplistic/dim#11000001's 2D read as the 2C, one network corner 0.93 red; right cards sure by
# the count gave the other colour up to 0.76 - ornamental/dim#11270003's 8D - and 0.64).
PIP_COLOUR_AGAINST = 0.85
# A card uncertain by the looks' product alone, read by the corner network at one index corner
# this surely and at the other as no index, is read as that card (``_lone_corner_look``).
LONE_CORNER = 0.9
# The fewest shapes whose margins tell the light's colour to the paper test when no card of a
# finding reads surely (``CardDetector.blind_gains``; a magenta lamp in a dim view tinted all
# six cards' margins past ``PaperSettings.max_margin_colour``, and every card was dropped).
BLIND_GAINS = 3
# A shape reported uncertain whose middle is this much the cloth round it, running on past its
# outline (``cloth_at_centre``: the smaller share of two discs round its centre of pixels within
# ``CLOTH_ALIKE`` of the cloth's brightest channel from the cloth's colour and joined to the
# cloth outside the shape, the cloth read out to ``CLOTH_REACH`` card widths past its outline,
# off the frame's other shapes) is no card: dropped (issue 28, h-false37;
# ``CardDetector.cloth_centre``, on since h-pile38; fresh building seeds:
# gnomangelo/harsh#11384001's shape
# across a 3D and a KD, its centre on the felt between them, 0.52; uncertain shapes on cards
# under 0.1 on the building check and the fresh set - a jack's blue picture on blue felt is
# inside its paper).
CLOTH_CENTRE = 0.3
CLOTH_REACH = 0.5
CLOTH_ALIKE = 0.25
# A spade read surely whose index the corner network reads whole at one corner only, that
# corner's spade under ``SPADE_ONE_NET`` of the black suits, needs the black-split reader's
# spade at that corner to be at least ``SPADE_ONE_SPLIT`` of them (issue 28, h-pip29;
# ``_one_corner_spade``; fresh building seeds: a blurred 2C read as the 2S at one corner).
SPADE_ONE_NET = 0.9
SPADE_ONE_SPLIT = 0.8
# A club read surely whose index the corner network reads whole at one corner only needs the
# black-split reader's club at that corner to be at least ``CLUB_ONE_SPLIT`` of the black suits
# (issue 28, h-wrong34; ``_one_corner_club``; fresh building seeds: a spade read as a club at
# one corner, the black-split reader 0.64-0.66 club there; ``CardDetector.club_one_split``).
CLUB_ONE_SPLIT = 0.7
# A court card both of whose index corners the corner network reads as the same court, whose
# middle lies in the clear and shows no pips (a picture), is judged with the middle as one more
# look: the ranks ace to nine keep this share of their probability, the ten and the courts all of
# it, and a glyph look reading an ace to a nine (a fragment of the court's index) is left out
# (issue 28, h-court36; ``_court_by_picture``; ``CardDetector.court_picture``; 0: off).
COURT_PICTURE = 0.02
# The ranks a court or ten index (and a 4 or a 9) is read as when its glyph is hard to make out
# (issue 28, session 32: the fresh held-out set 475's six wrong reads, all sure - a KD read as
# QD, QC as TC, QS as TS, a 4H as 9H), and how much of a lone network corner's rank may go to
# such a neighbour (``NEIGHBOUR_ONE``) for a card read surely at that one corner
# (``_one_corner_neighbour``).
NEIGHBOUR_RANKS: dict[Rank, tuple[Rank, ...]] = {
    Rank.KING: (Rank.QUEEN,),
    Rank.QUEEN: (Rank.KING, Rank.TEN),
    Rank.TEN: (Rank.QUEEN,),
    Rank.FOUR: (Rank.NINE,),
    Rank.NINE: (Rank.FOUR,),
}
NEIGHBOUR_ONE = 0.1
# The card sizes ``FinderSettings.neighbour_relaid`` lays such a card at, as shares of the
# frame's sure card size (``_sure_sides``: the median of the frame's; in a wide or tilted view
# a card nearer the camera is larger).
NEIGHBOUR_RELAID_SCALES = (1.0, 1.1, 1.2)
# The card sizes ``FinderSettings.unread_relaid`` lays an unread shape at, as shares of the
# frame's sure card size (as ``NEIGHBOUR_RELAID_SCALES``; h-outline51: the building check's
# lens#7900007 2C and 2D, near the camera, are 1.24 times the frame's sure cards).
UNREAD_RELAID_SCALES = (1.0, 0.9, 1.1, 1.2, 1.3)
# Where ``FinderSettings.seam_relaid`` cuts an uncertain card's outline (``refit.seam_cuts``),
# and the card sizes it lays from the cut's own corners, as shares of the frame's sure card
# size (a card nearer the camera is larger: h-seam52's across-a-seam cards are 1.0-1.27 times
# their frame's sure cards).
SEAM_CUT = SeamCut()
SEAM_RELAID_SCALES = (1.0, 1.1, 1.2)
# A ten read surely whose middle lies in the clear and shows no pips (a picture, or plain paper)
# is a court's index read as a ten (issue 28, h-wrong39; ``CardDetector._pictured_ten``): the
# held-out sets' sure wrong reads a JS as TS and a QC as TC. The ranks so judged
# (``CardDetector.pictured_ranks``; empty: off).
PICTURED_RANKS: tuple[Rank, ...] = (Rank.TEN,)
# ... and shows fewer than this many pip-like blobs at any ink level (``pips_seen``; issue 28,
# h-court40): the building check's five sure tens whose ``pip_count`` is None (a chip over
# four TCs' middles, a TH's blurred pips run together) show 5-10, its courts' pictures 0-4
# (98% 0-3). 0: ``pip_count`` None alone (h-wrong39's rule).
PICTURED_PIPS = 4
# ... where "shows no pips" is a ``pip_count`` None or under this (h-court40): a court drawn in
# fine lines, small and blurred, shows its two half-pictures as two pip-sized clumps (count 2);
# the building check's sure tens in the clear count 5 or more. 0: None alone (h-wrong39's).
PICTURED_FEW = 5
# ... and whose ink is less alike than this to its mirror image (``mirror_alike``; issue 28,
# h-court40): a ten's pips run together under blur, or large pips touching, show few pip-like
# blobs but stay laid out symmetrically (fresh building seeds 11,660,000+: 32 sure right tens,
# plastic's and two drawn decks', doubted by the pips alone, 2 with this), a court's picture
# is not mirrored (76% of fresh building courts read surely are under it). 0: not asked.
PICTURED_MIRROR = 0.85
# A two to nine read surely whose middle lies in the clear and shows a picture - no pips
# (``pip_count`` None), fewer than ``PICTURED_PIPS`` pip-like blobs, ink less alike than
# ``PICTURED_MIRROR`` to its mirror image and at least ``PICTURED_NUMBER_INK`` of it ink - is a
# court's index read as a number (issue 28, h-courts46; ``FinderSettings.pictured_numbers``;
# ``_shows_a_picture``): the bench's simplistic/blurred#30492804 QD and #30492876 QH read as
# fours, 0.99 sure, their middles a large letter (no pips, one blob, mirror 0.83, ink 0.30).
PICTURED_NUMBERS: tuple[Rank, ...] = tuple(Rank(r) for r in range(2, 10))
PICTURED_NUMBER_INK = 0.15
# ... and the corner network, at its reported outline, gives the three courts together at least
# this at one index corner at least (``CardDetector._net_court_share``): the index leaves room
# for a court (the QD 0.51 and 0.24, the QH 0.30). Without it an arm or a chip over a number
# card's middle (the building check's table style: an 8D and a 6S under a forearm, a 4H under
# a chip) shows no pips and no mirror image either.
PICTURED_NUMBER_COURT = 0.2
# ... and its ink more alike than this to its mirror image (``mirror_alike``): the building
# check's number cards under a forearm or chips whose network gave a court 0.2 or more
# (simplistic/tableclose#7900006's 4S under two chips, 0.21) are 0.000, of about 230 courts
# read rightly on fresh building seeds two.
PICTURED_NUMBER_MIRROR = 0.01
# ``FinderSettings.rank_pips_against`` (``CardDetector._rank_pips_against``; issue 28,
# h-rank52): pips counted by their mirror images fewer than this say nothing against a rank
# (a three's and a four's pips lie at the middle's ends and corners, cut there: the building
# check's and fresh seeds' threes and fours read rightly count two), and a card showing at
# least this many fewer pip-like blobs (``pips_seen``) than its rank, neither count its rank,
# is read too high.
RANK_PIPS_LEAST = 5
RANK_PIPS_UNDER = 6
# A two to nine read surely whose middle lies in the clear and shows at least this many more
# pip-like blobs (``pips_seen``) than its rank is another card's index read as that rank (issue
# 28, h-courts46; ``FinderSettings.pips_beyond``): a fresh building set's ornamental/overhead
# #33904312 8S, the left of one index's 8 under the card dealt over it, read as the 3S (the
# network 0.80 three there, 0.97 eight at the other corner, the glyph reader 1.00 three at the
# covered corner), nine pip-like blobs in its middle. The 583 twos to nines read rightly in
# the clear in that set and on fresh seeds 13,270,000+ showed at most three more than their
# rank (one 8), most none.
PIPS_BEYOND = 4
# A court read surely whose middle lies in the clear and whose ink is at least this alike to its
# mirror image left to right (``mirror_alike``) is uncertain, its candidate kept (issue 28,
# h-framed41; ``CardDetector._pipped_courts``): a number card's index read as a court. A heavy
# frame printed round the pips (``DrawnStyle.framed``) lies beside the index in the corner crop,
# and the corner network reads the small index and the frame's corner as a J, Q or K, both
# corners, 0.98-0.99 sure (fresh building seeds 11,780,000+: a 9H and an AH read QH). A number
# card's pips lie symmetrically about the card's long axis (an ace's one pip too); a court's
# picture is turned half round, not mirrored: the fresh framed decks' sure right courts 0-0.66,
# the building designs' courts 0-0.95 (h-court40), the 9H and AH 0.99 and 1.00. The frame's
# line is one blob larger than any pip, so ``pip_count`` is None there and ``_judged``'s court
# rule (pips in the middle) does not see them. 0: off.
COURT_MIRROR = 0.97
# ... or at least this alike (0: not asked) and showing ``COURT_PIPS`` or more pip-like blobs
# (``pips_seen``): a middle the outline cuts a little off (a tilted view) is less alike (the
# tilted 9H: 0.77, nine blobs); the drawn decks' courts' pictures show 2-8 pip-like blobs, but
# never so alike (0.39 at most where 5 or more), the building designs' courts 0-4 (h-court40).
COURT_PIPS_MIRROR = 0.7
COURT_PIPS = 5
# ... and only a middle at least this much of which is ink (``ink_share``): a jumbo deck's court
# printed without a picture has a middle of plain paper, as alike to its mirror image as pips
# (fresh drawn jumbo KS and JH read surely right: ink 0.003 and 0, mirror 0.99 and 0.98); the
# numbers read as courts 0.11-0.38 (an ace's pip, a frame's lines).
COURT_INK = 0.02
# A card read surely whose suit the corner network, at its reported outline, gives less than
# this at every index corner where it reads an index is uncertain: its suit was the glyph
# reader's (or the pips') alone (issue 28, h-wrong39; ``CardDetector._net_suit_against``;
# fresh building seeds 11,600,000+: a 4C and a 5S read as diamonds in dim light, the network's
# diamond 0.36-0.48, the glyph reader's 0.99-1.00; a 2D as 2H, the network's hearts under 0.5).
NET_SUIT_LEAST = 0.5  # ``CardDetector.net_suit_least`` when on; ships off (0): held-out set 50
# lost 3-4 exact cards to it (orell's large cards) and it took off none of that set's wrong reads
JUNK_LIMIT = 0.5  # a corner whose glyph is junk with at least this probability shows no index
# A card of the chosen finding read surely but not shown at both of its index corners (one
# corner read, the other showing no index, another card, or lying under another shape) whose
# outline, taken back to the finding's work view (the table's plane when found on it, where
# every card is the finding's card size), is this much wider or narrower, or longer or
# shorter, than the finding's card size is not a card's shape: uncertain (issue 28, h-wrong25;
# ``_off_size``; fresh building seeds: a shape 1.3 times the card size over two cards read at
# one card's index).
OFF_SIZE = 0.25
# A card reported surely whose index the corner network reads whole at one corner only and
# whose index is under this share of its outline's height beside the median of the frame's other
# sure cards' (``index_share``) is a shape too long for its index: uncertain (issue 28,
# h-wrong35; ``CardDetector._small_indices``; fresh building seeds: a shape over a QH and the
# 5S dealt on it read at the QH's index, its share 0.64 of the others').
INDEX_AGAINST = 0.75  # as tried; off by default (``CardDetector.index_against`` = 0)
# A card reported surely whose index the corner network reads whole at one corner only, a
# straight edge crossing its reported outline near its centre (``crossing.centre_cut_off`` with
# a shadowed edge's paper alike and an edge a little past the centre counted): its centre lies on
# a card dealt over it (issue 28, h-pile35; ``CardDetector._covered_centre``; fresh building
# seeds tango/table#11260001: the 5C read at its own outline, its centre 1 px inside the 7D on
# it, the 7D's edge 0.045 from the centre with its paper either side 0.70 alike). As tried; off
# by default (``CardDetector.centre_covered`` = None).
CENTRE_COVERED = CrossingSettings(alike=0.7, beyond=0.05)
CLUB_LEGIBLE = 25.0  # the network's club settles a split only where both corners are this legible
BLACK_LEGIBLE = 30.0  # a black card whose corners are both less legible: the black-split reader too
BLACK_AGAINST = 0.5  # h-wrong34's share at any legibility (``CardDetector.black_against``)
BLACK_DARK_SHARE = 0.8  # its suit's share of the black-split reader's two corners (odds multiplied)
# A card of the chosen finding read surely at one index corner only, a straight edge crossing it
# between that corner and its centre lies under the card whose edge it is:
# its centre on that card, or about - uncertain (issue 28, h-under26; ``crossing.centre_cut_off``;
# fresh building seeds: cards half under another read at their index, the one on top missed).
DEFAULT_CROSSING: CrossingSettings | None = CrossingSettings()


@dataclass(frozen=True, slots=True)
class CardDetection:
    """One card found in a frame (pixel coordinates of the frame)."""

    card: Card | None  # None: uncertain, the croupier confirms
    confidence: float
    corners: tuple[tuple[float, float], ...]
    center: tuple[float, float]
    zone: Hand | None = None
    candidate: Card | None = None  # the best reading, even when uncertain
    corners_read: int = 0  # looks (network or glyph reader, per corner) that saw a whole index
    # The looks' probabilities of spades, hearts, diamonds and clubs (``SUIT_CLASSES``): the
    # house's faces tell a card's rank and colour, and the looks which suit of that colour.
    suits: tuple[float, ...] = ()

    @property
    def uncertain(self) -> bool:
        return self.card is None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "card": self.card.code if self.card is not None else None,
            "center": [round(self.center[0], 1), round(self.center[1], 1)],
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
            "confidence": round(self.confidence, 3),
        }
        if self.card is None:
            data["uncertain"] = True
            data["candidate"] = self.candidate.code if self.candidate is not None else None
        if self.zone is not None:
            data["zone"] = self.zone.value
        return data


@dataclass(slots=True)
class FrameAnalysis:
    """Everything a frame gave, for annotation, training and debugging."""

    detections: list[CardDetection]
    quads: list[np.ndarray]  # every quadrilateral found (frame pixels), cards or not
    corners: list[tuple[CornerGlyphs, CornerGlyphs]] = field(default_factory=list)
    card_px: tuple[float, float] | None = None
    foreground: float = 0.0  # share of the view that is not felt (cards, hands, chips...)
    # Card shapes in which no corner showed a whole index (rank over suit): uncertain, with no
    # candidate. A still frame reports them (``reported``); the camera source only once such a
    # shape has lain still for a while (a hand passing over the layout is not a card).
    unread_cards: list[CardDetection] = field(default_factory=list)
    # Per detection as read (before ``analyse``'s checks drop any): the index's height (rank
    # top to suit bottom) over the card's, on the corner read, or None (``index_share``).
    shares: list[float | None] = field(default_factory=list)
    # Per detection as read: whether its two index corners bear its shape out, each showing
    # the card read or lying under another shape of the finding (``_corners_agree``).
    corners_agree: list[bool] = field(default_factory=list)
    # Whether its cards read surely agreeing on one index share lower the share that fits
    # (``_frame_share_low``; ``CardDetector(frame_share=...)``).
    frame_share: bool = False
    # What each uncertain detection with a candidate was judged from (by ``id`` of the
    # detection), for a second look at it once the finding is chosen (``_second_look``).
    unsure: dict[int, _Unsure] = field(default_factory=dict, repr=False)
    # What each sure detection of a finding read for the choice was judged from (by ``id``):
    # judged again where its index is printed once the finding is chosen
    # (``_read_where_printed``).
    unprinted: dict[int, _Unsure] = field(default_factory=dict, repr=False)
    # The detections read by their pips' suit (``_black_by_pips``; by ``id``; the detections
    # are kept alive by ``detections``), which ``FinderSettings.black_pips_borne`` keeps from
    # the black-split reader's doubt (``_black_in_the_dark``).
    by_pips: dict[int, CardDetection] = field(default_factory=dict, repr=False)
    # The outlines of the cards ``FinderSettings.hand_index`` laid from an index corner and
    # added or kept uncertain (``CardDetector._between_cards``), which
    # ``FinderSettings.hand_index_apart`` judges once every step has placed its cards.
    laid_from_index: set[tuple[tuple[float, float], ...]] = field(default_factory=set, repr=False)
    # What each card offered at a corner and kept uncertain was read from (by ``id``; only with
    # ``FinderSettings.corner_relaid``), for ``CardDetector._corner_relaid``.
    offered: dict[int, _Unsure] = field(default_factory=dict, repr=False)

    @property
    def unread(self) -> list[tuple[float, float]]:
        """The centres of the unread card shapes."""
        return [d.center for d in self.unread_cards]

    @property
    def reported(self) -> list[CardDetection]:
        """Every card of a frame taken as lying still: the cards read (surely or not) and the
        card shapes no index was read in, for the croupier to key in."""
        return [*self.detections, *self.unread_cards]


# ``_relaid_look``'s reasons for an outline ``_relaid_choice`` passes over whatever else it reads.
RELAID_PASSED_OVER = (
    "out of the frame",
    "overlap",
    "no index seen",
    "nothing found",
    "unsure",
    "share",
    "paper",
    "other corner",
)


@dataclass(frozen=True, slots=True)
class _RelaidLook:
    """What one outline ``_relaid_off`` laid reads alone (``CardDetector._relaid_look``): the
    first of ``_relaid_choice``'s tests it fails ("taken" when none), the detection read there
    (None when nothing was read) and the looks at its corners (read surely, past its paper)."""

    why: str
    read: CardDetection | None = None
    looks: list[_Reading] = field(default_factory=list)


def relaid_settled(record: _Unsure, look: _RelaidLook) -> str:
    """ "ink" when a whole glyph look at ``look``'s outline measured ink its card's suit is never
    printed in, "dispute" when the uncertain card's first reading (``record``) was disputed and
    the glyph reader does not read the card there (``_refit_corroborated``); else "taken". An
    outline one of ``_relaid_look``'s own tests refuses keeps that test's name."""
    if look.why != "taken" or look.read is None or look.read.card is None:
        return look.why
    if _ink_not_of(look.looks, look.read.card):
        return "ink"
    if not _refit_corroborated(
        [r for r in record.looks if r is _DISPUTED], look.looks, look.read.card
    ):
        return "dispute"
    return "taken"


@dataclass(frozen=True, slots=True)
class _Unsure:
    """An uncertain detection and what it was judged from (``_analysis_of``)."""

    detection: CardDetection  # kept alive with the record, so that no other takes its id
    quad: np.ndarray
    looks: list[_Reading]  # the network's two corners, then the glyph reader's looks
    outlines: list[np.ndarray]  # the finding's outlines (and those covering it)
    n: int  # the card's place among them
    # A sure card judged without ``printed`` whose judgement with it is the same
    # (``CardDetector._judged``'s ``printed_same``): ``_read_where_printed`` judges it no again.
    printed_same: bool = False

    @property
    def worth_a_second_look(self) -> bool:
        """Not disputed (a second look never overrules a dispute), and the network's first
        look at least ``SECOND_LOOK_FROM`` sure of the card: a network that hardly knew what it
        saw is no surer of it a pixel over (on the building scenes no such card became sure)."""
        if any(r is _DISPUTED for r in self.looks):
            return False
        network = [r for r in self.looks[:2] if r.network]
        return _complete(network) and _confidence(network)[0] >= SECOND_LOOK_FROM


class CornerPair(Protocol):
    """A card's two index corner regions, in portrait order: ``pair[0]``, ``pair[1]``."""

    def __getitem__(self, side: int, /) -> np.ndarray: ...


class _CornerRegions:
    """A card's two index corners, each warped from the frame the first time it is asked for:
    most cards are read surely from one corner, and the other is never looked at."""

    def __init__(self, frame: np.ndarray, quad: np.ndarray, settings: IndexSettings) -> None:
        self._frame = frame
        self._orders = portrait_orders(quad)
        self._settings = settings
        self._warped: list[np.ndarray | None] = [None, None]
        self._cut: list[CornerGlyphs | None] = [None, None]
        # Each corner's network patch and the network's probabilities for it (rank, suit),
        # found the first time: the network reads a corner the same alone as in any batch.
        self.patches: list[np.ndarray | None] = [None, None]
        self.net: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}

    def __getitem__(self, side: int, /) -> np.ndarray:
        region = self._warped[side]
        if region is None:
            region = warp_corner(self._frame, self._orders[side], self._settings)
            self._warped[side] = region
        return region

    def glyphs(self, side: int, settings: IndexSettings) -> CornerGlyphs:
        """``segment_corner`` of one corner, cut the first time it is asked for (the same
        settings): a finding read again (with the house's deck) cuts no corner again."""
        if settings is not self._settings:
            return segment_corner(self[side], settings)
        glyphs = self._cut[side]
        if glyphs is None:
            glyphs = segment_corner(self[side], settings)
            self._cut[side] = glyphs
        return glyphs


def _corner_glyphs(pair: CornerPair, side: int, settings: IndexSettings) -> CornerGlyphs:
    """``segment_corner`` of a pair's corner (kept by a ``_CornerRegions``)."""
    if isinstance(pair, _CornerRegions):
        return pair.glyphs(side, settings)
    return segment_corner(pair[side], settings)


@dataclass(frozen=True, slots=True)
class _Finding:
    quads: list[np.ndarray]
    card_px: tuple[float, float] | None
    foreground: float
    # Cards found by the part of them in the view only (further past its edge than a lone
    # card may be cut): reported only when an index is read, never as an unread shape.
    far: list[bool]
    planar: bool = False  # found on the table's plane (no layout: the plane from the cards)
    width: float | None = None  # on the plane: the card's width there (``_plane_findings``)
    wider: bool = False  # on the plane: found on the rough mask opened wider
    papered: bool = False  # on the plane: found on the rough mask's paper alone
    # The frame as it is at a card size the paper's edges in the picture vote for
    # (``quads.edge_card_px``): wins only as paper alone does.
    edged: bool = False
    # On the plane: found on a cheap mask (``FinderSettings.quick_plane_mask``), chosen only
    # when every shape of it reads surely; the finding on the full mask comes next.
    quick: bool = False
    # The view the quads were found in and its card mask (``recover``: the blobs they leave
    # unexplained are looked into again); None for a finding made of given quads.
    view: WorkView | None = None
    mask: np.ndarray | None = None
    # Its blobs of several cards as the finder chose their cards (``quads.exchanges``).
    joined: list[JoinedBlob] = field(default_factory=list, compare=False, repr=False)

    # Its cards' corner regions, kept when it is read for the next time it is (``_analysis_of``).
    regions: list[_CornerRegions] = field(default_factory=list, compare=False, repr=False)
    # The corner network's looks at those regions (``_read_net``), by ``with_deck``: found once,
    # for the choice's hope (``_hope``) and the full read after it.
    nets: dict[bool, _NetLooks] = field(default_factory=dict, compare=False, repr=False)


_Kept = TypeVar("_Kept")


@dataclass(slots=True)
class RelayWork:
    """What ``CardDetector._relaid_offer`` (``FinderSettings.corner_relay``) has done, summed
    over a detector's frames: the corner offers it laid again, the shapes laid, those read
    in full (``CardDetector._sure_alone``) and those whose looks alone were read, which could
    not bear the offer's card out (h-speed36); and the offers let go unread further because
    every shape left that could be chosen lies where a card is reported uncertain
    (``FinderSettings.relay_doubted_first``, h-corners40)."""

    offers: int = 0
    laid: int = 0
    read: int = 0
    looked: int = 0
    doubted: int = 0


@dataclass(slots=True)
class AloneWork:
    """The shapes read alone that only a card both index corners bear out could add
    (``CardDetector._sure_alone``: the refit's and the joined-blob offers' outlines laid again;
    ``_on_top_cards``), summed over a detector's frames: those read in full, and those whose
    corner network's looks alone already said their corners cannot bear a card out
    (``_looks_may_agree``), not read further (issue 28, h-speed37)."""

    read: int = 0
    passed: int = 0


@dataclass(slots=True)
class _FrameKept:
    """What the analysis of one frame finds once and looks up after (``CardDetector.analyse``
    makes it, and drops it when done): each outline's corner regions (``_regions_for``) and
    middle (``_middle``), each middle's pip count and pips' colour (by the middle kept).
    Outlines are told apart bit for bit: the same numbers warp, cut and read the same."""

    frames: dict[int, np.ndarray] = field(default_factory=dict)
    regions: dict[tuple[int, str, bytes], _CornerRegions] = field(default_factory=dict)
    middles: dict[tuple[int, str, bytes], np.ndarray] = field(default_factory=dict)
    counts: dict[int, tuple[np.ndarray, int | None]] = field(default_factory=dict)
    colours: dict[int, tuple[np.ndarray, tuple[float, float, float] | None]] = field(
        default_factory=dict
    )
    grays: dict[int, np.ndarray] = field(default_factory=dict)  # ``CardDetector._snap_gray``

    def key(self, frame: np.ndarray, quad: np.ndarray) -> tuple[int, str, bytes]:
        """An outline of ``frame`` (kept alive meanwhile) told apart bit for bit."""
        self.frames[id(frame)] = frame
        outline = np.asarray(quad)
        return id(frame), f"{outline.dtype.str}{outline.shape}", outline.tobytes()

    def once(
        self,
        store: dict[tuple[int, str, bytes], _Kept],
        frame: np.ndarray,
        quad: np.ndarray,
        make: Callable[[], _Kept],
    ) -> _Kept:
        """What ``make`` gives for this outline of ``frame``, made the first time only."""
        key = self.key(frame, quad)
        found = store.get(key)
        if found is None:
            found = store[key] = make()
        return found

    @staticmethod
    def by_middle(
        store: dict[int, tuple[np.ndarray, _Kept]], middle: np.ndarray, make: Callable[[], _Kept]
    ) -> _Kept:
        """What ``make`` gives for this kept middle (``CardDetector._middle``), made the first
        time only (told apart by identity, the middle kept alive beside it)."""
        found = store.get(id(middle))
        if found is None or found[0] is not middle:
            found = store[id(middle)] = (middle, make())
        return found[1]


@dataclass(slots=True)
class _RoughStage:
    """What ``_findings`` made of a frame without a layout before any card size (the work view,
    the rough mask, the mask opened wider when made, the paper alone when made (``unfilled``
    and ``raw``, the rough mask before its paper test, make it), the lone outlines, the plane
    of each mask when found), kept for the same frame asked again (``_choose``'s finding at
    the size the indices show): each is a pure function of the frame and the settings, so it
    is found once."""

    view: WorkView
    rough: np.ndarray
    opened: list[np.ndarray | None]
    lone: list[np.ndarray]
    unfilled: np.ndarray
    raw: np.ndarray
    papered: list[np.ndarray | None]
    felt: np.ndarray  # the felt ``unfilled`` was found against (``unfilled_and_felt``)
    # By the mask's kind (``_mask_kind``): the rough mask, opened wider, its paper alone.
    planes: dict[str, Plane | None] = field(default_factory=dict)


def _mask_kind(*, wider: bool, papered: bool) -> str:
    """Which of a frame's masks without a layout a plane was found on (``_RoughStage.planes``)."""
    return "paper" if papered else "wider" if wider else "rough"


def _sure_count(analysis: FrameAnalysis) -> int:
    return sum(1 for d in analysis.detections if d.card is not None)


def _sizes_worth_trying(
    guesses: list[tuple[float, float] | None], divisors: tuple[float, ...]
) -> list[tuple[float, float]]:
    """Each card size guessed and it divided by each of ``divisors`` (two cards side by side
    vote for one card too large), leaving out sizes within 10% of one already listed."""
    tried: list[tuple[float, float]] = []
    for guess in guesses:
        if guess is None:
            continue
        for each in (guess, *((guess[0] / d, guess[1] / d) for d in divisors)):
            if all(abs(each[0] / other[0] - 1) > 0.1 for other in tried):
                tried.append(each)
    return tried


def _sure_share(analysis: FrameAnalysis, *, geometry: bool = True) -> float:
    """The share of a finding's shapes (cards and unread shapes) read surely, with ``geometry``
    their shapes bearing the readings out (``_sure_cards``); 0 without a shape."""
    shapes = len(analysis.detections) + len(analysis.unread_cards)
    return sum(_sure_cards(analysis, geometry=geometry)) / shapes if shapes else 0.0


def _mostly_sure(
    analysis: FrameAnalysis, settings: PlaneSettings | None, *, geometry: bool = True
) -> bool:
    """Whether most shapes of a finding read surely (a card twice as large as the true one is
    read sideways at its corners, half a card between the indices: neither reads surely), and
    with ``geometry`` their shapes bear the readings out (``_sure_cards``)."""
    shapes = len(analysis.detections) + len(analysis.unread_cards)
    sure = sum(_sure_cards(analysis, geometry=geometry))
    return settings is not None and shapes > 0 and sure >= settings.sure_share * shapes


def index_share(pair: tuple[CornerGlyphs, CornerGlyphs], settings: IndexSettings) -> float | None:
    """The index's height, from the rank's top to the suit's bottom, over the card's height, on
    the corner that shows the taller whole index (None: neither shows rank over suit).

    Within one design it is tight (0.18-0.22 on anglo, 0.36-0.41 ornamental) and every card of
    a frame shows about the same share: a card shape too large shows less."""
    best: float | None = None
    for glyphs in pair:
        if glyphs.rank is None or glyphs.suit is None:
            continue
        top = glyphs.rank.box[1]
        bottom = glyphs.suit.box[1] + glyphs.suit.box[3]
        if bottom <= top:
            continue
        share = (bottom - top) / settings.scale / CANONICAL_HEIGHT
        best = share if best is None else max(best, share)
    return best


# A card read surely whose index share is under this of the frame's largest is too large.
SHARE_FITS = 0.88
# No design measured shows a share under this on a card that fits (anglo 0.182 at the 5th
# percentile); a frame whose cards read surely show a median under it has shapes too large.
SHARE_LOW = 0.165
SHARE_TYPICAL = 0.195  # the narrow-index designs' median share (anglo 0.193, simplistic 0.196)


def _too_large(analysis: FrameAnalysis) -> float | None:
    """How much smaller the card size of a finding should be (a ratio under 1), by the index
    shares of its cards read surely (``index_share``); None when they show it fits.

    When at least half of them show a share under ``SHARE_FITS`` of the largest, the largest's
    card is the one that fits; when their median is under ``SHARE_LOW``, none does."""
    shares = sorted(
        share
        for d, share in zip(analysis.detections, analysis.shares, strict=False)
        if d.card is not None and share is not None
    )
    if not shares:
        return None
    top = shares[-1]
    small = [share for share in shares if share < SHARE_FITS * top]
    if len(shares) >= 2 and 2 * len(small) >= len(shares):
        return float(np.median(small)) / top
    median = float(np.median(shares))
    if median < SHARE_LOW:
        return median / SHARE_TYPICAL
    return None


# No building design shows more on a card that fits (ornamental 0.44 at most, 0.425 at the
# 99th percentile): a shape whose index is a larger share of its height is too small for it.
SHARE_HIGH = 0.46


def _drop_detections(analysis: FrameAnalysis, these: Sequence[CardDetection]) -> None:
    """``these`` (by identity) taken out of ``analysis.detections``, with their entries in
    ``analysis.shares`` and ``analysis.corners_agree`` (where those reach them)."""
    gone = [n for n, d in enumerate(analysis.detections) if any(d is x for x in these)]
    for n in reversed(gone):
        del analysis.detections[n]
        for kept in (analysis.shares, analysis.corners_agree):
            if len(kept) > n:
                del kept[n]


def _unsized_out(
    analysis: FrameAnalysis, added: list[CardDetection], unsure: list[CardDetection]
) -> bool:
    """Whether the cards read surely that step 13 added to a finding that read none
    (``added``, laid at its card size) are all there is and their index shares say that size is
    too large (their median under ``SHARE_LOW``): the finding's size was voted by printed boxes,
    not by a card. Then they are taken out again (from ``analysis`` and ``added``), and so are
    the cards kept uncertain at that size (``unsure``), for the blind sizes to be tried
    (``FinderSettings.blind_share``)."""
    if not added:
        return False
    shares = [
        share
        for d, share in zip(analysis.detections, analysis.shares, strict=False)
        if any(d is x for x in added)
    ]
    if len(shares) < len(added) or any(share is None for share in shares):
        return False
    if float(np.median([s for s in shares if s is not None])) >= SHARE_LOW:
        return False
    _drop_detections(analysis, added)
    analysis.quads = [
        q
        for q in analysis.quads
        if not any(np.array_equal(q, np.asarray(d.corners)) for d in added)
    ]
    added.clear()
    unsure.clear()
    return True


def _share_fits(share: float | None, low: float = SHARE_LOW) -> bool:
    """Whether an index is a share of its shape's height that some card design shows
    (``low``-``SHARE_HIGH``; None: not measured, no evidence against)."""
    return share is None or low <= share <= SHARE_HIGH


# ``_frame_share_low``: the cards of a finding read surely agree on one index share when the
# largest is at most this times the smallest; no share under ``FRAME_SHARE_FLOOR`` fits even
# then (drawn decks' smallest index, rank height 0.06 of the card: about 0.115).
FRAME_SHARE_SPREAD = 1.1
FRAME_SHARE_FLOOR = 0.11
# Whether a finding's own agreeing shares lower ``_share_fits``' bound (issue 28, h-share41).
FRAME_SHARE = False


def _frame_share_low(analysis: FrameAnalysis) -> float:
    """The lowest index share (``index_share``) that fits a card of ``analysis``: ``SHARE_LOW``
    (measured on the Debian designs), or less when its cards read surely show one share - at
    least two of them within ``FRAME_SHARE_SPREAD`` of each other, or one whose two corners
    both show it (``_corners_agree``) - a small-index deck's own (drawn decks: 0.115-0.25)."""
    sure = [
        (share, agree)
        for d, share, agree in zip(
            analysis.detections, analysis.shares, analysis.corners_agree, strict=False
        )
        if d.card is not None and share is not None
    ]
    if not sure:
        return SHARE_LOW
    shares = [share for share, _ in sure]
    if max(shares) > FRAME_SHARE_SPREAD * min(shares):
        return SHARE_LOW
    if len(sure) < 2 and not sure[0][1]:
        return SHARE_LOW
    return max(FRAME_SHARE_FLOOR, min(SHARE_LOW, min(shares)))


# The two corners of a card's diagonal pieces' whole that neither lies at
# (``CardDetector._join_pieces``): this share of each of its sides round the corner, at least
# ``PAPER_AT_CORNER`` of it on the rough mask (two cards dealt overlapping leave felt there).
CORNER_PATCH = 0.2
PAPER_AT_CORNER = 0.8
# Whether ``CardDetector._join_pieces`` joins a card's diagonal pieces (h-size41).
JOIN_PIECES = True


# ``CardDetector._grow_pieces``: the scales (of a side) a card read surely is grown by from one of
# its corners, the share of the grown shape that must lie on paper, and the most of another
# shape reported it may cover. A card's piece 0.45-0.75 of it grows back to 0.95-1.0 of it.
GROW_SCALES = (1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2.0, 2.1, 2.2)
GROWN_PAPER = 0.95
GROWN_OVER = 0.1
GROWN_EDGES = (
    0.5  # the grown shape snapped onto edges (``refit.snapped``) found this share at least
)
GROW_PIECES = True
# ``CardDetector._grow_pieces``: a grown shape that a straight edge crosses
# (``crossing.edge_across`` with these settings: any edge, of paper against paper or against
# the cloth, within ``reach`` of its centre) covers the edge of a card or of the cloth, not a
# card's own paper: a card read surely beside a card dealt over it and not found grew over that
# card (ornamental/joined#7900004's 8H over the TH with ``crossing`` off; issue 28, h-gate42).
GROWN_EDGE = CrossingSettings(reach=0.2, alike=0.0)
GROWN_CROSSING: CrossingSettings | None = None  # ``CardDetector.grown_crossing`` (None: off)


def _paper_share(mask: np.ndarray, shape: np.ndarray) -> float:
    """The share of ``shape`` (work pixels) that lies on ``mask``."""
    points = np.round(shape).astype(np.int32)
    low = np.maximum(points.min(axis=0), 0)
    high = np.minimum(points.max(axis=0) + 1, (mask.shape[1], mask.shape[0]))
    if np.any(high <= low):
        return 0.0
    drawn = np.zeros((int(high[1] - low[1]), int(high[0] - low[0])), np.uint8)
    cv2.fillConvexPoly(drawn, points - low, 255)
    inside = cv2.countNonZero(drawn)
    under = mask[low[1] : high[1], low[0] : high[0]]
    return cv2.countNonZero(cv2.bitwise_and(drawn, under)) / inside if inside else 0.0


def _paper_at(mask: np.ndarray, whole: np.ndarray, corner: int, inset: float = 0.0) -> bool:
    """Whether the patch at ``whole``'s corner ``corner`` (work pixels, ``CORNER_PATCH`` of its
    two sides, ``inset`` of them in from the corner along both:
    ``FinderSettings.pieces_corner_inset``) lies on ``mask`` (at least ``PAPER_AT_CORNER`` of
    it)."""
    before = whole[(corner - 1) % 4] - whole[corner]
    after = whole[(corner + 1) % 4] - whole[corner]
    at = whole[corner] + inset * (after + before)
    patch = np.array(
        [
            at,
            at + CORNER_PATCH * after,
            at + CORNER_PATCH * (after + before),
            at + CORNER_PATCH * before,
        ]
    )
    return _paper_share(mask, patch) >= PAPER_AT_CORNER


# ``CardDetector._between_indices`` tests the shapes it lays in a blob at once, as arrays
# (``_index_shapes``, h-cheap45): the centre's test, and a bound on the share on paper that turns
# away only shapes ``_paper_share`` would turn away, before it tests each shape left one at a
# time as before (``_index_shapes_each``): the same shapes pass, in the same order. False: every
# shape one at a time (the old path, kept for tests/vision/test_index_shapes.py).
QUICK_INDEX_SHAPES = True
# Within this (frame pixels) of ``hand_clear``'s limit, the array test of a shape's centre leaves
# it to ``cv2.pointPolygonTest`` (float32 points: the two differ by far less).
_CENTRE_SLACK = 0.01
# ``cv2.fillConvexPoly`` draws every pixel strictly inside the shape its rounded corners make,
# and none more than 1.42 pixels from it: ``_shares_may_reach`` counts mask pixels this near.
_DRAWN_REACH = 2.0
# At least the shape's area less this many pixels per pixel of its perimeter lie strictly
# inside it (a pixel's centre lies within 0.71 of any point).
_DRAWN_SHORT = 0.75


@dataclass(frozen=True)
class _IndexCells:
    """What ``CardDetector._between_indices`` lays its shapes from in one blob: its cells
    (``hand_index_step`` of a short side of the frame, as column and row, sorted), the turns
    (unit vectors across a card read surely there), a cell's side and the sure card's sides
    (frame pixels), the cards reported's outlines (float32 contours) and index areas, and the
    finding's mask, its rows' running counts (``_row_counts``; None: not counted) and the
    frame-to-mask matrix."""

    cells: np.ndarray
    turns: list[np.ndarray]
    step_px: float
    sides: tuple[float, float]
    outlines: list[np.ndarray]
    theirs: list[np.ndarray]
    mask: np.ndarray
    counts: np.ndarray | None
    to_view: np.ndarray


def _centre_clear(quad: np.ndarray, outlines: list[np.ndarray], clear: float) -> bool:
    """Whether a shape laid (frame pixels) has its centre outside every one of ``outlines``
    (float32 contours of the cards reported) by more than ``clear`` pixels
    (``cv2.pointPolygonTest``'s signed distance), as ``_between_cards`` and ``_bare_cards`` lay
    cards only clear of those reported."""
    centre = quad.mean(axis=0)
    point = (float(centre[0]), float(centre[1]))
    return all(cv2.pointPolygonTest(outline, point, True) <= -clear for outline in outlines)


def _component_pixels(
    labels: np.ndarray, stats: np.ndarray, label: int
) -> tuple[np.ndarray, np.ndarray]:
    """The rows and columns of component ``label``'s pixels, as ``np.nonzero(labels == label)``
    gives them (row by row), looked for only in its box (``stats``: OpenCV's x, y, width,
    height, area rows): on a plane view of a third of a megapixel, a dozen pieces each compared
    over the whole view took 7 ms a frame (h-speed49)."""
    x, y, width, height = (int(v) for v in stats[label, :4])
    ys, xs = np.nonzero(labels[y : y + height, x : x + width] == label)
    return ys + y, xs + x


def _row_counts(mask: np.ndarray) -> np.ndarray:
    """How many of ``mask``'s pixels are set: [0] in each row before each column (from row 1:
    row 0 and column 0 zeros, the row's total last), [1] above and before each pixel (the
    integral image, one more row and column than the mask)."""
    counts = np.empty((2, mask.shape[0] + 1, mask.shape[1] + 1), np.int32)
    counts[1] = cv2.integral((mask > 0).astype(np.uint8), sdepth=cv2.CV_32S)
    counts[0, 0] = 0
    np.subtract(counts[1, 1:], counts[1, :-1], out=counts[0, 1:])
    return counts


def _cells_of(points: np.ndarray, step: float) -> np.ndarray:
    """The cells of side ``step`` ``points`` (N x 2) lie in, as (column, row) rows sorted by
    column then row, once each (``int(x // step)``, ``int(y // step)``)."""
    cells: np.ndarray = np.unique(np.floor_divide(points, step).astype(np.int64), axis=0)
    return cells


def _index_shape(at: np.ndarray, u: np.ndarray, sides: tuple[float, float]) -> np.ndarray:
    """A card of ``sides`` laid from ``at`` as its index corner, ``u`` across it."""
    short, long = sides
    v = np.array([-u[1], u[0]])
    return np.array([at, at + short * u, at + short * u + long * v, at + long * v])


def _centre_near(outlines: list[np.ndarray], shape: np.ndarray, limit: float) -> bool:
    """Whether ``shape``'s centre lies on an outline or within ``limit`` of one."""
    point = tuple(float(c) for c in shape.mean(axis=0))
    return any(cv2.pointPolygonTest(outline, point, True) > -limit for outline in outlines)


def _index_shape_passes(laying: _IndexCells, shape: np.ndarray, clear: float, least: float) -> bool:
    """Whether a shape laid from a cell passes ``CardDetector._between_indices``'s pure filters:
    its centre clear of the outlines (``clear`` of a short side), ``least`` of it on the mask
    and its index area on none of the index areas."""
    if _centre_near(laying.outlines, shape, clear * laying.sides[0]):
        return False
    if _paper_share(laying.mask, transform_points(laying.to_view, shape)) < least:
        return False
    area = _index_areas(shape)[0]
    return not any(cv2.intersectConvexConvex(area, other)[0] > 0 for other in laying.theirs)


def _index_shapes_each(
    laying: _IndexCells, *, clear: float, least: float
) -> list[tuple[np.ndarray, np.ndarray]]:
    """The shapes (with their index corners, frame pixels) laid from ``laying``'s cells, each
    turned each way, that pass the filters (``_index_shape_passes``), tested one at a time."""
    laid = []
    for cx, cy in laying.cells.tolist():
        at = np.array([(cx + 0.5) * laying.step_px, (cy + 0.5) * laying.step_px])
        for u in laying.turns:
            shape = _index_shape(at, u, laying.sides)
            if _index_shape_passes(laying, shape, clear, least):
                laid.append((shape, at))
    return laid


def _index_shapes(
    laying: _IndexCells, *, clear: float, least: float
) -> list[tuple[np.ndarray, np.ndarray]]:
    """``_index_shapes_each``'s shapes, in its order, with the shapes whose centre lies near an
    outline, or whose share on the mask is surely short (``_shares_may_reach``), turned away
    at once as arrays (``QUICK_INDEX_SHAPES``)."""
    turns = len(laying.turns)
    if not QUICK_INDEX_SHAPES or laying.counts is None or not len(laying.cells) or not turns:
        return _index_shapes_each(laying, clear=clear, least=least)
    short, long = laying.sides
    ats = np.repeat((laying.cells.astype(np.float64) + 0.5) * laying.step_px, turns, axis=0)
    us = np.tile(np.array(laying.turns, np.float64), (len(laying.cells), 1))
    vs = np.stack([-us[:, 1], us[:, 0]], axis=1)
    shapes = np.stack(
        [ats, ats + short * us, ats + short * us + long * vs, ats + long * vs], axis=1
    )
    left = np.arange(len(shapes))
    if laying.outlines:
        outlines = np.stack([o.reshape(-1, 2) for o in laying.outlines]).astype(np.float64)
        near = _signed_distances(outlines, shapes.mean(axis=1)) > _CENTRE_SLACK - clear * short
        left = left[~near.any(axis=1)]
    if len(left):
        views = transform_points(laying.to_view, shapes[left].reshape(-1, 2)).reshape(-1, 4, 2)
        left = left[_shares_may_reach(laying.counts, views, least)]
    laid = []
    for n in left.tolist():
        cx, cy = laying.cells[n // turns].tolist()
        at = np.array([(cx + 0.5) * laying.step_px, (cy + 0.5) * laying.step_px])
        shape = _index_shape(at, laying.turns[n % turns], laying.sides)
        if _index_shape_passes(laying, shape, clear, least):
            laid.append((shape, at))
    return laid


def _signed_distances(polygons: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Per point and polygon (P x K x 2, K corners each), the point's distance to the polygon's
    outline, positive inside it, negative outside (as ``cv2.pointPolygonTest`` measures it;
    points on the outline either way): N x P."""
    starts = polygons[None]  # 1 x P x K x 2
    edges = np.roll(polygons, -1, axis=1)[None] - starts
    to_point = points[:, None, None, :] - starts  # N x P x K x 2
    lengths = np.maximum((edges**2).sum(axis=3), 1e-12)
    along = np.clip((to_point * edges).sum(axis=3) / lengths, 0.0, 1.0)
    off = to_point - along[..., None] * edges
    distance = np.sqrt((off**2).sum(axis=3)).min(axis=2)
    py = to_point[..., 1]  # from each edge's start
    dy = edges[..., 1]
    spans = (py < 0) != (py < dy)  # the edge's start and end on either side of the point
    crosses = spans & (to_point[..., 0] < py * edges[..., 0] / np.where(dy == 0, 1.0, dy))
    inside = (crosses.sum(axis=2) % 2) == 1
    result: np.ndarray = np.where(inside, distance, -distance)
    return result


def _shares_may_reach(counts: np.ndarray, quads: np.ndarray, least: float) -> np.ndarray:
    """Per quad (mask pixels, N x 4 x 2), False when the share on the mask ``_paper_share``
    finds for it is surely below ``least``: fewer mask pixels lie within ``_DRAWN_REACH`` of the
    quad its rounded corners make (each row's span, from the mask's running counts
    ``_row_counts``; first the box around it) than ``least`` of the pixels strictly inside it
    in the mask's bounds (``cv2.fillConvexPoly`` draws those and more). True when it may not
    be, or a corner's rounding is in doubt or the rounded quad is not convex."""
    height, width = counts.shape[1] - 1, counts.shape[2] - 1
    reach = _DRAWN_REACH
    result = np.ones(len(quads), bool)
    rows_of, whole = counts[0, 1:], counts[1]
    rounded = np.round(quads)
    doubt = np.any(np.abs(np.abs(quads - np.floor(quads)) - 0.5) < 1e-6, axis=(1, 2))
    xs, ys = rounded[..., 0], rounded[..., 1]
    nx, ny = np.roll(xs, -1, axis=1), np.roll(ys, -1, axis=1)
    turns = (nx - xs) * (np.roll(ny, -1, axis=1) - ny) - (ny - ys) * (np.roll(nx, -1, axis=1) - nx)
    convex = np.all(turns >= 0, axis=1) | np.all(turns <= 0, axis=1)
    low, high = rounded.min(axis=1), rounded.max(axis=1)
    bounded = np.flatnonzero(convex & ~doubt & (high[:, 1] - low[:, 1] >= 2))
    # First the mask pixels in the box around each quad's reach (the integral image), against
    # the quad's area less ``_DRAWN_SHORT`` a pixel of its perimeter, for quads in the bounds.
    inner = (
        (low[bounded, 0] >= 0)
        & (low[bounded, 1] >= 0)
        & (high[bounded, 0] <= width - 1)
        & (high[bounded, 1] <= height - 1)
    )
    boxed = bounded[inner]
    top = np.maximum(low[boxed] - reach, 0).astype(np.int64)
    bottom = np.minimum(high[boxed] + reach + 1, (width, height)).astype(np.int64)
    inside = (
        whole[bottom[:, 1], bottom[:, 0]]
        - whole[top[:, 1], bottom[:, 0]]
        - whole[bottom[:, 1], top[:, 0]]
        + whole[top[:, 1], top[:, 0]]
    )
    area = 0.5 * np.abs((xs * ny - nx * ys)[boxed].sum(axis=1))
    fewest = area - _DRAWN_SHORT * np.hypot(nx - xs, ny - ys)[boxed].sum(axis=1)
    short = (fewest > 0) & (inside < least * fewest)
    result[boxed[short]] = False
    bounded = np.setdiff1d(bounded, boxed[short])
    if not len(bounded):
        return result
    # Then row by row: the mask pixels in each row's span within reach, against the pixels
    # strictly inside the quad in that row.
    first = np.maximum(low[bounded, 1] - reach, 0).astype(np.int64)
    last = np.minimum(high[bounded, 1] + reach, height - 1).astype(np.int64)
    rows = first[:, None] + np.arange(int((last - first).max()) + 1)[None]  # n x R
    in_rows = rows <= last[:, None]
    rows = np.minimum(rows, height - 1)
    bx, by = xs[bounded][:, None, :], ys[bounded][:, None, :]  # n x 1 x 4
    ex, ey = nx[bounded][:, None, :], ny[bounded][:, None, :]
    level = by != ey
    slope = (ex - bx) / np.where(level, ey - by, 1.0)

    def crossings(at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Where the quad's edges cross the rows' lines at ``at`` (n x R): least and most x."""
        line = at[..., None]
        on = (np.minimum(by, ey) <= line) & (line <= np.maximum(by, ey)) & level
        x = bx + (line - by) * slope
        return np.where(on, x, np.inf).min(axis=2), np.where(on, x, -np.inf).max(axis=2)

    lowest, highest = crossings(rows.astype(np.float64))
    # Rows strictly between the quad's top and bottom (on those, a level edge's pixels lie on
    # the outline, not inside it).
    between = (rows > low[bounded, 1:2]) & (rows < high[bounded, 1:2])
    within = in_rows & between & np.isfinite(lowest)
    start = np.maximum(np.floor(np.where(within, lowest, 0.0)) + 1, 0)
    end = np.minimum(np.ceil(np.where(within, highest, 0.0)) - 1, width - 1)
    strictly = (np.where(within, np.maximum(end - start + 1, 0), 0)).sum(axis=1)
    for line in (rows - reach, rows + reach):
        far_low, far_high = crossings(line.astype(np.float64))
        lowest, highest = np.minimum(lowest, far_low), np.maximum(highest, far_high)
    corners = (by >= (rows - reach)[..., None]) & (by <= (rows + reach)[..., None])
    lowest = np.minimum(lowest, np.where(corners, bx, np.inf).min(axis=2))
    highest = np.maximum(highest, np.where(corners, bx, -np.inf).max(axis=2))
    found = in_rows & np.isfinite(lowest)
    left = np.clip(np.floor(np.where(found, lowest, 0.0) - reach), 0, width).astype(np.int64)
    right = np.clip(np.ceil(np.where(found, highest, 0.0) + reach) + 1, 0, width).astype(np.int64)
    right = np.maximum(right, left)
    near = np.where(found, rows_of[rows, right] - rows_of[rows, left], 0).sum(axis=1)
    result[bounded] = (strictly < 1) | (near >= least * strictly)
    return result


def _geometry(analysis: FrameAnalysis) -> list[tuple[bool, bool]]:
    """Per detection: whether its shape bears its reading out (both index corners agree,
    ``corners_agree``, and its index's share of the shape's height is a card's,
    ``_share_fits``), and whether it contradicts it (neither)."""
    agree = [*analysis.corners_agree, *[True] * len(analysis.detections)]
    shares = [*analysis.shares, *[None] * len(analysis.detections)]
    low = _frame_share_low(analysis) if analysis.frame_share else SHARE_LOW
    result = []
    for _, share, both in zip(analysis.detections, shares, agree, strict=False):
        fits = _share_fits(share, low)
        result.append((both and fits, not both and not fits))
    return result


def _weights(analysis: FrameAnalysis, *, geometry: bool) -> list[float]:
    """What each detection of a finding says for the finding's outlines and card size.

    Without ``geometry``, how surely it reads: a card read surely its confidence, an uncertain
    one its confidence less 0.5 (a shape between the indices of cards twice its size reads
    unsure). With it, the same, but a card read surely whose shape contradicts it
    (``_geometry``: its index on one corner only, the other in the clear showing no index or
    another card, and a share of the shape's height no design shows) counts as an uncertain
    card read at even odds (0). A surer network reads a card and a half surely as well; its
    shape must not choose the card size by that."""
    weights = []
    for d, (_, contradicted) in zip(analysis.detections, _geometry(analysis), strict=True):
        if d.card is None:
            weights.append(d.confidence - 0.5)
        elif geometry and contradicted:
            weights.append(0.0)
        else:
            weights.append(d.confidence)
    return weights


def _sure_cards(analysis: FrameAnalysis, *, geometry: bool) -> list[bool]:
    """Per detection: read surely, and with ``geometry`` its shape bearing it out too
    (``_geometry``): only such cards stop the search for a better card size."""
    return [
        d.card is not None and (not geometry or borne_out)
        for d, (borne_out, _) in zip(analysis.detections, _geometry(analysis), strict=True)
    ]


def _evidence(analysis: FrameAnalysis, *, geometry: bool = True) -> float:
    """How well a finding is borne out by the indices read in it (cards of the wrong size
    put their corners where no index is): its detections' ``_weights``, less 0.5 for each
    card shape in which no index reads (cards half their size are shapes between the
    indices)."""
    return sum(_weights(analysis, geometry=geometry)) - 0.5 * len(analysis.unread_cards)


# A finding on the plane read wholly surely stops the size search only with this many shapes
# (``_all_sure_fitting``): one or two shapes read surely at a wrong card size on a printed
# table lost the cards found at other sizes (building check, h-speed16).
SURE_PLANE_SHAPES = 4


def _all_sure_fitting(analysis: FrameAnalysis) -> bool:
    """Whether every shape of a finding reads surely (no unread shape, no uncertain card), at
    least ``SURE_PLANE_SHAPES`` of them, and every index measured is a share of its shape's
    height some card design shows (``_share_fits``: a card size too large or too small puts
    the index at another share)."""
    return (
        len(analysis.detections) >= SURE_PLANE_SHAPES
        and not analysis.unread_cards
        and all(d.card is not None for d in analysis.detections)
        and all(_share_fits(share) for share in analysis.shares)
    )


def _cannot_win(found: _Finding, best: FrameAnalysis | float, *, geometry: bool = True) -> bool:
    """Whether ``found``, however it reads, has no more ``_evidence`` than ``best`` (a finding
    read, or evidence; ``geometry`` as for it): each shape adds its card's confidence at most
    (1), so a finding of no more shapes than ``best``'s evidence cannot be borne out better."""
    bar = _evidence(best, geometry=geometry) if isinstance(best, FrameAnalysis) else best
    return len(found.quads) <= bar


@dataclass(frozen=True, slots=True)
class _Reading:
    rank: np.ndarray | None  # probabilities over ranks (junk removed), or None
    suit: np.ndarray | None
    unlike: frozenset[Suit] = frozenset()  # suits the index's ink colour rules out
    overlap: float = 0.0  # share of the corner's index area inside other cards' outlines
    network: bool = False  # a look by the corner network (else the glyph reader or the pips)
    junk: bool = False  # the corner network's look at a corner it calls junk (``junk_limit``)
    # The glyph reader's look whose ink ruled the black suits out only marginally red
    # (``_warm_black``): a warm black print's, maybe (``FinderSettings.warm_black``).
    warm: bool = False
    # The glyph reader's look's ink, its red past green's and blue's (``red_excess``; None:
    # not measured, or not the glyph reader's look) (``FinderSettings.black_by_network``).
    red: float | None = None
    # A glyph look read from one of a dozen cuts across a tall blob (``_read_merged``: a rank
    # run into its suit), not from the corner's ink as cut (``FinderSettings.merged_set_aside``).
    merged: bool = False

    @property
    def shadowed(self) -> bool:
        """The corner lies under another card's outline: it may show that card's index."""
        return self.overlap >= SHADOW_SHARE


# Every deck prints hearts in red and spades in black (four-colour decks too: their diamonds
# are blue or orange and their clubs green); diamonds are never black, clubs never red.
NEUTRAL_INK_SPREAD = 0.08  # ink whose channels (over the paper's) differ less than this is black
RED_INK = 0.2  # ink whose red (over the paper's) exceeds green and blue by this much is red
# A glyph look whose ink rules the black suits out under this is warm (``_Reading.warm``): a
# warm black print's ink measures 0.15-0.25 (scripts/vision_ink_tint.py's brown and red-grey
# tints under a warm light), true red ink mostly 0.4-0.9 (``FinderSettings.warm_black``).
WARM_BLACK_RED = 0.3
# ``FinderSettings.black_by_network`` sets aside a glyph look whose ink ruled the black suits
# out when its red past green and blue is under this (issue 28, h-ink49).
BLACK_BY_NETWORK_RED = 0.65
COLOUR_PRIOR = 0.02  # a suit the ink's colour rules out keeps this much of its probability


def suits_unlike(colour: tuple[float, float, float] | None) -> frozenset[Suit]:
    """The suits an index printed in ``colour`` (B, G, R over the paper's) cannot be."""
    if colour is None:
        return frozenset()
    b, g, r = colour
    if max(colour) - min(colour) <= NEUTRAL_INK_SPREAD:
        return RED_SUITS
    if r - max(g, b) >= RED_INK:
        return BLACK_SUITS
    return frozenset()


def red_excess(colour: tuple[float, float, float] | None) -> float | None:
    """How much an index's ink (B, G, R over the paper's) keeps red past green and blue (the
    measure ``suits_unlike``'s ``RED_INK`` and ``WARM_BLACK_RED`` are lines on), or None."""
    if colour is None:
        return None
    b, g, r = colour
    return r - max(g, b)


def _warm_black(colour: tuple[float, float, float] | None) -> bool:
    """Whether an index's ink (B, G, R over the paper's) is only marginally red: its red past
    green's and blue's by at least ``RED_INK`` and under ``WARM_BLACK_RED`` (a warm black
    print's, or a red one's faded by blur or glare)."""
    if colour is None:
        return False
    b, g, r = colour
    return RED_INK <= r - max(g, b) < WARM_BLACK_RED


Combine = Literal["unsure", "product", "veto", "check"]
# With the house's deck, which looks again at the cards still uncertain are made
# (``deck_looks``): none (the deck's faces settle uncertain cards), the middle look alone after
# the faces (the default: the second look read a club as a spade there, issue 28, h-deck15),
# or the second, middle and split looks before the faces or after them.
DeckLooks = Literal["off", "middle", "before", "after"]
DECK_LOOKS: DeckLooks = "middle"
# A card left uncertain is looked at again (``_second_look``) when the network's first look was
# at least this sure of it (chosen on the building check's and another seed set's uncertain
# cards: every card a second look made sure was 0.57 or more; docs/vision.md).
SECOND_LOOK_FROM = 0.5
# With the house's deck: the faces never name another rank than the one a look reads this
# surely (``face_keeps_rank``).
RANK_READ = 0.9
DISPUTED_CONFIDENCE = 0.5  # a card the two readers read differently is at most this sure
# With the house's deck: a card read surely without it that the deck leaves uncertain naming
# it is answered as without the deck when the corner network's looks lean to its suit over its
# twin's at least this much (``deck_suit_leans``, ``_suit_leans``; h-deck38: the building
# check's least such card 0.64, h-deck29's 5C read 5S 0.49). ``SUIT_LEANS`` is the lever's
# share when on. It shipped off in session 38: on the fresh held-out set 975 it put back a wrong
# read the deck had left uncertain (neoclassical_4_color/blurred#33952980's QS, read TC surely
# without the deck, the deck's own guess TC unsure). With the rank guard below it still ships
# off (h-deckguard39): on a fresh drawn jumbo deck (building seeds) it put back a KS read
# surely without the deck where the card is the KC (the suit's lean wrong, the rank right);
# with the faces' guard (``deck_leans_faced``, h-twin39) that KS is refused and no wrong read
# was put back on the fresh sets measured, but the lean is still off (docs/benchmarks.md).
SUIT_LEANS = 0.6
DECK_SUIT_LEANS = 0.0
# With ``deck_suit_leans``: such a card is put back only when its rank is borne out too
# (``deck_leans_borne``, ``_rank_borne``): the deck's faces name its rank and colour, or, where
# they have no say, every look at an index corner (two at least) reads its rank likeliest
# (h-deckguard39: the held-out QS read TC surely was put back by the suit's lean alone).
DECK_LEANS_BORNE = True
# ``_rank_borne`` without the faces: this many looks at index corners at least.
BORNE_LOOKS = 2
# With ``deck_suit_leans``: such a card is put back only when the deck's faces do not disown
# its suit (``deck_leans_faced``, ``FaceMatcher.disowns``): its enrolled face matching the card
# under ``MATCH_LEAST`` where its twin's matches at least that (h-twin39: a fresh drawn jumbo
# deck's KC read KS surely without the deck, both corners and both readers leaning to the
# spade, rank borne out; the deck's KS face 0.39 there, its KC face 0.86).
DECK_LEANS_FACED = True
# With ``deck_suit_leans``: such a card is put back only when the corner network's looks lean
# to its suit past what the network made of the deck's own photograph of its twin, read as
# softer views would show it (``deck_leans_paired``, ``EnrolledDeck.twins_fooled``), by
# ``PAIR_MARGIN`` in log-odds (h-lean40: the drawn jumbo KC read KS, its looks 4.44 for the
# spade where the deck's own KC, shrunk, reads spade by 3.64; the building check's 10 cards
# clear their twins by 1.43 or more). Not enough to turn the lean on: with the KC photographed
# again (sharper) the KS is put back, and a fresh blurred drawn jumbo 6C read 6S passes all
# three guards (docs/benchmarks.md, h-lean40).
DECK_LEANS_PAIRED = True
PAIR_MARGIN = 1.0
# With the house's deck: the least match of the other colour's face that leaves a card put back
# as read without the deck uncertain (``deck_veto_least``; h-deckdim38: tango/dim#11441000's
# KH, its face 0.57 like KS; on the check's seeds and fresh ones no card put back matched the
# other colour above 0.33).
DECK_VETO_LEAST = 0.7
# With the house's deck: a card read surely without it is put back where the deck's nearest
# shape on it names another card under this sure (``deck_weak_other``; h-deckdim38: the
# building check's tango/noisy#7900008 TS, the deck's shape there 8C at 0.26).
DECK_WEAK_OTHER = 1 / 3
# With the house's deck: a shape read with it stands for a card shape the reader without it
# reports when it lies on that shape's centre and overlaps it at least this much (or its own
# centre lies on it; ``keep_found``).
KEPT_OVERLAP = 0.3
CHECK_SURENESS = 0.5  # the glyph reader disputes the network only when at least this sure
NET_NO_INDEX = 0.2  # a network look less sure of any card than this shows no index
# A side's points on or within this many pixels of another reported shape are not judged for an
# edge (``_unedged_unsure``): a card's side along or under another card shows that card's edge.
EDGE_NEAR = 8.0


_DISPUTED = _Reading(None, None)  # a marker among a card's looks: the two readers disagree
# The corner network's looks at a batch of cards (``CardDetector._read_net``): with the house's
# deck (if any), without it, and the cards the deck alone made sure.
_NetLooks = tuple[list[tuple[_Reading, _Reading]], list[tuple[_Reading, _Reading]], set[int]]
# Every look at each shape of a finding and the glyph reader's cuts of its two corners
# (``CardDetector._read_looks``).
_Looks = tuple[list[list[_Reading]], list[tuple[CornerGlyphs, CornerGlyphs]]]
# A shape the corner network reads a whole index in less surely than this (at either corner) is
# not counted as one that may read surely when the choice between findings weighs a finding
# before reading it fully (``CardDetector._hope``).
NET_HOPE = 0.3


def _lay_apart(
    outline: np.ndarray, quad: np.ndarray, laid: list[np.ndarray], settings: RefitSettings
) -> None:
    """``outline`` added to ``laid`` unless it is the card's own shape ``quad`` or one laid
    already (``RefitSettings.same_shape``): the refits' outlines, each read once."""
    if polygon_iou(outline, quad) < settings.same_shape and all(
        polygon_iou(outline, other) < settings.same_shape for other in laid
    ):
        laid.append(outline)


class CardDetector:
    """Finds and reads the cards in frames. Stateless between frames; safe to reuse.

    ``use_corner_model`` (on by default since the network became colour-blind, reading the
    suit from its shape: on the second generator's held-out scenes it read 61.0% of the cards
    exactly against the glyph reader's 56.0%, see docs/vision.md; off, the glyph reader alone)
    reads every card with the corner
    network first. ``combine`` then says
    how the glyph reader's looks join it. A card the
    network is not sure of always has both its corners read by the glyph reader too, and those
    looks are multiplied in. For a card the network is sure of: ``unsure``, nothing more;
    ``product``, the same as for the others; ``veto``, the same, and a card the two readers
    read as different cards is uncertain; ``check``, the glyph reader reads the corner the
    network is surest of (the other one if that shows it no whole index), and a different card
    there makes the card uncertain. With ``veto`` and ``check`` the glyph reader disputes only
    when at least ``check_sureness`` sure of its card. The choice among them was made on
    building families left out of training (scripts/vision_validate.py).
    """

    def __init__(
        self,
        *,
        layout: Layout | None = None,
        model: GlyphModel | None = None,
        threshold: float = DEFAULT_THRESHOLD,
        finder: FinderSettings | None = None,
        index: IndexSettings | None = None,
        junk_limit: float = JUNK_LIMIT,
        corner_model: CornerModel | None = None,
        use_corner_model: bool = True,
        combine: Combine = "check",
        standard_colours: bool = True,
        read_middles: bool = True,
        middle: MiddleSettings | None = None,
        noise_sureness: float = NOISE_SURENESS,
        plane: PlaneSettings | None = DEFAULT_PLANE,
        paper: PaperSettings | None = DEFAULT_PAPER,
        check_sureness: float = CHECK_SURENESS,
        read_faces: bool = True,
        deck_suit_borne: bool = False,
        deck_keeps_sure: bool = True,
        face_keeps_rank: bool = True,
        face_rank_seen: bool = True,
        deck_twins_apart: bool = True,
        deck_suit_kept: bool = True,
        deck_colour_kept: bool = False,
        deck_keeps_found: bool = True,
        deck_keeps_agreed: bool = True,
        deck_suit_leans: float = DECK_SUIT_LEANS,
        deck_leans_borne: bool = DECK_LEANS_BORNE,
        deck_leans_faced: bool = DECK_LEANS_FACED,
        deck_leans_paired: bool = DECK_LEANS_PAIRED,
        deck_veto_least: float = DECK_VETO_LEAST,
        deck_weak_other: float = DECK_WEAK_OTHER,
        join_halves: bool = True,
        drop_on_sure: bool = True,
        pieces_of_sure: bool = True,
        join_pieces: bool = JOIN_PIECES,
        grow_pieces: bool = GROW_PIECES,
        grown_crossing: CrossingSettings | None = GROWN_CROSSING,
        frame_share: bool = FRAME_SHARE,
        size_from_indices: bool = True,
        geometry_evidence: bool = True,
        sure_plane_stops: bool = True,
        skip_pair_width: bool = True,
        recovery: RecoverySettings | None = DEFAULT_RECOVERY,
        second_look: bool = True,
        refit: RefitSettings | None = DEFAULT_REFIT,
        middle_look: bool = True,
        settle_splits: bool = True,
        black_split: bool = False,
        search_outline: bool = True,
        deck_looks: DeckLooks = DECK_LOOKS,
        off_size: float = OFF_SIZE,
        index_against: float = 0.0,
        centre_covered: CrossingSettings | None = None,
        cheap_choice: bool = True,
        club_legible: float = CLUB_LEGIBLE,
        black_legible: float = BLACK_LEGIBLE,
        pip_black: float = PIP_BLACK,
        pip_colour_against: float = PIP_COLOUR_AGAINST,
        spade_one_split: float = SPADE_ONE_SPLIT,
        club_one_split: float = CLUB_ONE_SPLIT,
        black_against: float = BLACK_AGAINST,
        neighbour_one: float = NEIGHBOUR_ONE,
        court_picture: float = COURT_PICTURE,
        picture_sets_aside: bool = True,
        ink_settles_suit: bool = True,
        crossing: CrossingSettings | None = DEFAULT_CROSSING,
        blank_no_recut: bool = False,
        lone_corner: float = LONE_CORNER,
        blind_gains: int = BLIND_GAINS,
        arm: ArmSettings | None = DEFAULT_ARM,
        cloth_centre: float = CLOTH_CENTRE,
        net_blind: bool = False,
        pictured_ranks: tuple[Rank, ...] = PICTURED_RANKS,
        pictured_pips: int = PICTURED_PIPS,
        pictured_few: int = PICTURED_FEW,
        pictured_mirror: float = PICTURED_MIRROR,
        net_suit_least: float = 0.0,
        court_mirror: float = COURT_MIRROR,
        court_pips_mirror: float = COURT_PIPS_MIRROR,
        court_pips: int = COURT_PIPS,
    ) -> None:
        # A court read surely whose middle lies in the clear and whose ink is at least this
        # alike to its mirror image is uncertain (``_pipped_courts``; 0: off; issue 28,
        # h-framed41) ...
        self.court_mirror = court_mirror
        # ... or at least this alike (0: not asked) while showing ``court_pips`` or more
        # pip-like blobs.
        self.court_pips_mirror = court_pips_mirror
        self.court_pips = court_pips
        # A card read surely whose suit the corner network gives less than this at every index
        # corner it reads is uncertain (``_net_suit_against``; off: 0; on at ``NET_SUIT_LEAST``;
        # issue 28, h-wrong39).
        self.net_suit_least = net_suit_least
        # A card of these ranks read surely whose middle lies in the clear and shows no pips is
        # uncertain (``_pictured_numbers``; ``PICTURED_RANKS``, on since h-court40 with
        # ``pictured_pips`` and ``pictured_mirror``; empty: off; issue 28, h-wrong39).
        self.pictured_ranks = pictured_ranks
        # ... and fewer than this many pip-like blobs at any ink level (``pips_seen``; 0: no
        # such test; issue 28, h-court40).
        self.pictured_pips = pictured_pips
        # ... a pip count under this counting as none (0: None only; issue 28, h-court40).
        self.pictured_few = pictured_few
        # ... and whose ink is less alike than this to its mirror image (``mirror_alike``; 0:
        # not asked; issue 28, h-court40).
        self.pictured_mirror = pictured_mirror
        # A shape reported uncertain with a candidate at neither of whose index corners the
        # corner network sees an index (junk or no index at both, at its reported outline) is
        # dropped: the glyph reader alone named it (``_net_blind``; off; issue 28, h-pile38).
        self.net_blind = net_blind
        # A shape reported uncertain whose middle is at least this much the cloth round it is
        # dropped (``_off_cloth``; ``CLOTH_CENTRE``, on; 0: off; issue 28, h-false37, turned on
        # by h-pile38).
        self.cloth_centre = cloth_centre
        self.layout = layout
        # Cards half under a forearm: laid at the paper pieces of a blob the paper test
        # dropped whole, added when read surely with the index corner under the arm counted
        # as under another card (``_arm_cards``; on; None: off; issue 28, h-arm37).
        self.arm = arm
        # No card of the chosen finding read surely: the paper test judges its shapes under
        # the light's gains from their own margins (``paper_gains``) when there are at least
        # this many (0: off, each judged without gains as before; issue 28, h-weak37).
        self.blind_gains = blind_gains
        # A shape both of whose index corners the corner network calls junk (``junk_limit``,
        # ``_net_readings``) has its corners cut by the glyph reader once, not again
        # (``RECUTS``, ``_read_merged``; issue 28, h-speed28; off: cut again as any).
        self.blank_no_recut = blank_no_recut
        # Without a layout: a finding off the plane (or read again at the size its indices
        # show) in fewer of whose shapes the corner network alone reads an index than the best
        # finding's evidence is not read fully (``_hope``; off: every such finding is read).
        self.cheap_choice = cheap_choice
        # The network's two corners' club settles the glyph reader's spade (``_settle_splits``)
        # only where both corners are at least this legible (``legibility``; 0: everywhere).
        self.club_legible = club_legible
        # A spade or club read surely whose two index corners are both less legible than this
        # must be the black-split reader's suit too (``_black_in_the_dark``; 0: off).
        self.black_legible = black_legible
        # A spade or club of the chosen finding the pips' count alone would make sure needs the
        # black-split reader to give its suit at least this share of the black suits
        # (``_judge``'s ``black_share``; 0: off).
        self.pip_black = pip_black
        # A card the pips' count alone would make sure is not when a corner network look of
        # its index, whole and in the clear, gives the other colour at least this much
        # (``_judge``, ``_other_colour``; 0: off).
        self.pip_colour_against = pip_colour_against
        # A spade read surely at one network corner only, the network's spade there under
        # ``SPADE_ONE_NET`` of the black suits, needs the black-split reader's spade at that
        # corner to be at least this share (``_one_corner_spade``; 0: off).
        self.spade_one_split = spade_one_split
        # A club read surely at one network corner only needs the black-split reader's club at
        # that corner to be at least this share (``_one_corner_club``; 0: off).
        self.club_one_split = club_one_split
        # A spade or club read surely to which the black-split reader's two corners (odds
        # multiplied) give less than this share of the black suits, at any legibility, is
        # uncertain (``_black_in_the_dark``; 0: off).
        self.black_against = black_against
        # A king, queen, ten, four or nine read surely whose index the network reads whole at
        # one corner only, that corner giving a neighbouring rank (``NEIGHBOUR_RANKS``) at
        # least this probability, is uncertain (``_one_corner_neighbour``; 0: off).
        self.neighbour_one = neighbour_one
        # A court card both network corners read as the same court, its middle in the clear and
        # showing no pips, is judged with the middle's picture as a look: the ranks ace to nine
        # keep this share of their probability (``_court_by_picture``; 0: off).
        self.court_picture = court_picture
        # ... and so is one whose network corners read a court and an ace to a nine, the glyph
        # reader that court: the network's ace-to-nine rank set aside (``_court_by_picture``'s
        # ``aside``; False: off).
        self.picture_sets_aside = picture_sets_aside
        # The glyph reader does not dispute the network over the suit alone where the index's
        # ink, as its whole looks in the clear measured it, rules out the network's suit and one
        # network corner reads the glyph reader's card (``_suit_by_ink``; False: off; issue 28,
        # h-court37).
        self.ink_settles_suit = ink_settles_suit
        # A card of the chosen finding read surely at fewer than both index corners with an edge
        # of a card crossing it between the read corner and its centre is uncertain
        # (``crossing.centre_cut_off``; None: off).
        self.crossing = crossing
        # A card of the chosen finding read surely at fewer than both index corners whose
        # outline is this much off the finding's card size (in its work view) is uncertain
        # (``_off_size``; 0: off).
        self.off_size = off_size
        # A card reported surely, its index read whole by the corner network at one corner
        # only, whose index is under this share of its outline beside the median of the
        # frame's other sure cards' (``index_share``) is uncertain (``_small_indices``; 0:
        # off, the default: at ``INDEX_AGAINST`` it cost right cards on fresh building seeds).
        self.index_against = index_against
        # A card reported surely, its index read whole by the corner network at one corner
        # only, with an edge across its outline by its centre as these settings find one, is
        # uncertain (``_covered_centre``; None: off, the default, ``CENTRE_COVERED`` as tried).
        self.centre_covered = centre_covered
        # A card the corner network left uncertain is looked at again once the finding is
        # chosen: its outline refined to the paper's edges, its corners read at a few shifts
        # and scales and averaged (``second_look``; off: as read the first time).
        self.second_look = second_look
        # Then a number card still uncertain is judged again by its middle: its pips counted by
        # their mirror images, their suit read upright at the frame's scale and their ink's
        # colour (``middle_look``; off: as judged before).
        self.middle_look = middle_look
        # Then a card still uncertain is judged again with two readers' splits settled
        # (``_settle_splits``: the glyph reader's spade beside the network's two corners' club,
        # the glyph reader's two corners reading two cards; off: as judged before).
        self.settle_splits = settle_splits
        # With them settled, a card still uncertain whose rank is sure and whose suit is split
        # between spades and clubs is read by the black-split reader's two corners, when it is
        # sure (``_black_split``). Off by default: on the building sets it read 13 cards more
        # and none wrongly, but held out it added a wrong read (a club read as a spade), issue
        # 28, h-black16 (docs/benchmarks.md).
        self.black_split = black_split
        # Last, a card still uncertain, not disputed, is read again at the outline about its
        # corners whose two index corners read one card most surely (``_searched_look``: the
        # finder's outline of a card touching others can be a tenth or more off, its far index
        # corner showing the felt; off: as judged before).
        self.search_outline = search_outline
        # Without the house's deck, after every look again: a card still uncertain only by the
        # looks' product, read by the corner network at one index corner at least this surely
        # (its rank's and suit's odds multiplied), the other corner showing no index, is read
        # as that card (``_lone_corner_look``; 0: off).
        self.lone_corner = lone_corner
        # With the house's deck: after the deck's faces settle what they can, a number card
        # still uncertain judged again by its middle (``_middle_look``); the second and split
        # looks too, before the faces or after them (``DeckLooks``; off: the faces alone).
        self.deck_looks = deck_looks
        # A shape no index reads in is laid again at the card size from each of its corners,
        # and replaced by the one that reads surely, borne out (``refit``; None: off).
        self.refit = refit
        # A blob the chosen finding leaves unexplained is looked into again on paper alone
        # (``recover``; None: off).
        self.recovery = recovery
        # With the house's deck: an uncertain card read again by its whole face (off: the
        # enrolled deck's corners alone, as before the faces; for comparisons).
        self.read_faces = read_faces
        # With the house's deck: a card uncertain without it that the deck's faces or its
        # middle look make sure keeps its suit only when no look of the corner network at an
        # index corner finds the other suit of its colour likelier, or the face's detail names
        # it by ``faces.SUIT_SHARE_AGAINST`` (``_twin_looks``, ``FaceMatcher.settle``'s
        # ``corners``). Off by default: on building decks it made 4-8 exact cards a set
        # uncertain and no wrong read uncertain (docs/vision.md).
        self.deck_suit_borne = deck_suit_borne
        # With the house's deck: the chosen finding is read to the end without the deck too,
        # and no card read surely there is read surely as another card with the deck
        # (``keep_sure``: the deck never changes a sure reading; issue 28, h-deck29: the
        # faces, which come before the looks again, read an 8H the middle look reads surely
        # as TH). Off: the deck's reading alone (for comparisons). ``deck_twins_apart`` asks
        # the reading without the deck too, so it needs this on.
        self.deck_keeps_sure = deck_keeps_sure
        # With the house's deck: the faces name no other rank than an uncertain card's
        # candidate when a look in the open reads that rank at least ``RANK_READ`` surely,
        # unless the best face matches ``faces.RANK_CHANGE_LEAST`` (``_rank_read``; h-deck29:
        # a small 2H read as 3H, an 8H as TH, by faces matching 0.59 and 0.61, 0.12 and 0.10
        # better; off: the faces' ``CHANGE_MARGIN`` alone).
        self.face_keeps_rank = face_keeps_rank
        # With the house's deck: the faces name a rank no look at an index corner in the open
        # gives ``faces.RANK_SEEN`` of its belief (instead of an uncertain card's candidate)
        # only when the best face matches ``faces.UNSEEN_CHANGE_LEAST`` (``_ranks_seen``;
        # h-wrong30, building seeds: a 9C whose one index read 3D 0.34 settled as 9D by a face
        # matching 0.74, a QH read 6H and Q at its two corners settled as TH by one matching
        # 0.85; off: ``CHANGE_MARGIN`` and ``face_keeps_rank`` alone).
        self.face_rank_seen = face_rank_seen
        # With the house's deck: a card it alone made sure (not read surely without it) whose
        # face the deck cannot tell from its twin's (``FaceMatcher.told_apart``: the same rank,
        # the other suit of its colour) is sure only when every look of the corner network at
        # an index corner in the open holds ``SUIT_SURE`` of its colour's belief for its suit
        # (``_suit_told``; h-deck29: a jumbo KH read as KD, the deck sure of the king, the
        # looks leaning to diamonds; off: as judged).
        self.deck_twins_apart = deck_twins_apart
        # With the house's deck: a card it alone made sure is left uncertain when the reading
        # without the deck, there, names the other suit of the card's colour (its candidate: an
        # AD the deck reads as AH; ``_suit_kept``; issue 28, h-deck32). Needs
        # ``deck_keeps_sure`` (the reading without the deck). Off: as judged.
        self.deck_suit_kept = deck_suit_kept
        # With ``deck_suit_kept``: also when the reading without the deck names a suit of the
        # other colour (fresh building seeds: ornamental/harsh#10946001's 2C, uncertain without
        # the deck, candidate 2C, read surely as 2D by the deck's corner examples). Off: measured
        # on that one card only (h-deck32).
        self.deck_colour_kept = deck_colour_kept
        # With the house's deck: a card shape the reading without the deck reports (read or
        # not) that no shape read with the deck lies on is reported as without the deck
        # (``keep_found``: the deck adds evidence to reading a card, it never loses one;
        # h-deck32). Needs ``deck_keeps_sure``. Off: the deck's reading alone.
        self.deck_keeps_found = deck_keeps_found
        # With the house's deck: a card read surely without it that the deck leaves uncertain
        # naming that same card (its candidate) is answered as without the deck too
        # (``keep_sure``'s ``agreed``), when the deck tells its face from its twin's or the
        # corner network's looks tell its suit (``_twin_told``): the reading without the deck
        # makes it sure by a look the deck's reading does not make (the looks again, the lone
        # corner's look, two halves joined), and the deck's own evidence names the card it
        # read. Put back, it is checked by the faces' ink, and an unsure shape lying on it is
        # dropped as on any sure card (issue 28, h-deck33: on the building check the deck made
        # 28 exact cards uncertain, 25 naming the card, 13 of them put back; without the twin
        # check h-deck29's 5C read as 5S came back). Needs ``deck_keeps_sure``. Off: a card the
        # deck leaves uncertain stays so.
        self.deck_keeps_agreed = deck_keeps_agreed
        # With ``deck_keeps_agreed``: such a card is put back too when the deck cannot tell its
        # face from its twin's and the corner network's looks at it (the reading without the
        # deck's, as shipped) do not tell its suit surely but lean to it: its suit over its
        # twin's, the looks in the open taken together, at least this share (``_suit_leans``;
        # no look in the open: nothing leans against it). The deck has no evidence between the
        # twins there, so its doubt changes nothing the reader alone read surely (issue 28,
        # h-deck38: 10 of the building check's 11 exact cards the deck turned uncertain: 2C, 3C
        # and AC settled by the looks again without the deck, two 7S found at a corner). A
        # suit the looks lean against stays uncertain: h-deck29's drawn-3-jumbo/table#10627724
        # 5C, read 5S without the deck, the network's one corner 0.49 of its colour for the
        # spade. 0: off (h-deck33's rule alone).
        self.deck_suit_leans = deck_suit_leans
        # With ``deck_suit_leans``: a card its suit's lean would put back is put back only when
        # its rank is borne out as well (``_rank_borne``): the deck's faces, warped from its
        # outline, name its rank and colour (``FaceMatcher.named``), or, where they have no say
        # (covered, matching no face well, two ranks alike), every look at an index corner (not
        # junk; ``BORNE_LOOKS`` at least) reads its rank likeliest. A suit's lean says nothing of
        # the rank: on the fresh held-out set 975 the lean alone put back a QS read TC surely
        # without the deck (session 38). The building check's 10 cards the lean puts back are
        # all borne out (h-deckguard39). False: the lean alone (h-deck38's rule).
        self.deck_leans_borne = deck_leans_borne
        # With ``deck_suit_leans``: such a card is put back only when the deck's faces do not
        # disown its suit (``FaceMatcher.disowns``): where its twin's enrolled face matches the
        # card at least ``MATCH_LEAST``, its own must too. The rank guard cannot refuse a suit
        # error between twins, and the looks leaning to the suit can all be wrong alike: a
        # fresh drawn jumbo deck's blurred KC, read KS surely without the deck, both corners'
        # looks (either reader) and the deck's corner examples for the spade, the deck's KS
        # face 0.39 there and its KC face 0.86 (issue 28, h-twin39). The building check's 10
        # cards the lean puts back all pass (their own faces 0.65 or more, or no face
        # matching). False: the lean and the rank guard alone (h-deckguard39's rule).
        self.deck_leans_faced = deck_leans_faced
        # With ``deck_suit_leans``: such a card is put back only when its looks lean to its
        # suit past what the corner network makes of the deck's own photograph of its twin
        # (``EnrolledDeck.twins_fooled``: the twin's corners as photographed and as softer
        # views would show them), by ``PAIR_MARGIN``. The faces' guard rests on the twin's
        # photograph matching the card better than the card's own; with a clean photograph of
        # the KS (the one enrolled was warped) the lean and both guards put back the drawn
        # jumbo KC read KS (its looks 4.44 for the spade), where the deck's own KC, shrunk,
        # reads spade by 3.64 (issue 28, h-lean40). False: h-twin39's rule.
        self.deck_leans_paired = deck_leans_paired
        # With ``deck_keeps_sure``: a card put back as read surely without the deck is left
        # uncertain by its face's ink (``FaceMatcher.contradicts``) only when the face of the
        # other colour it matches better matches at least this well: a face warped from a
        # slightly wrong outline, matching no enrolled face well, is no evidence against a
        # sure reading (issue 28, h-deckdim38: tango/dim#11441000's KH, its face 0.57 like KS,
        # 0.41 like KH, the two corners reading KH surely). ``faces.MATCH_LEAST`` or less: off.
        self.deck_veto_least = deck_veto_least
        # With ``deck_keeps_agreed``: a card read surely without the deck is put back too where
        # the deck's nearest shape on it is uncertain naming another card at under this
        # confidence: its doubt is too weak to stand against a sure reading (issue 28,
        # h-deckdim38: the building check's tango/noisy#7900008 TS, where the deck's reading
        # keeps a shape read 8C at 0.26 and never finds the TS; no card read wrongly without the
        # deck was put back on the check's seeds, fresh ones or a drawn jumbo deck). 0: off.
        self.deck_weak_other = deck_weak_other
        # Without a layout: the table's plane from the lone cards (None: the frame as it is).
        self.plane = plane
        # A card shape no index reads in is reported only when it shows paper (None: always).
        self.paper = paper
        # Hearts red and spades black (any deck a casino deals; four-colour decks too): the
        # ink's colour rules suits out. Off for a novelty deck that colours its suits otherwise.
        self.standard_colours = standard_colours
        # Pips in the card's middle rule out a court card (a second look that shares nothing
        # with the index reader). Off for a deck whose court cards show pips.
        self.read_middles = read_middles
        self.middle = middle if middle is not None else MiddleSettings()
        self._corner_model = corner_model
        self.use_corner_model = use_corner_model and (
            corner_model is not None or corner_model_available()
        )
        self.combine = combine
        self.threshold = threshold
        self.finder = finder if finder is not None else FinderSettings()
        self._model = self._deck_as_set(model)
        self.index = index if index is not None else IndexSettings()
        self.junk_limit = junk_limit
        self._view_maps: ViewMaps = {}  # the work view's remapping, kept from frame to frame
        # The frame's rough stage, for ``_arm_cards``: its rough mask before and after the paper
        # test of its blobs, found once. Set at the end of every ``_choose``, which each frame
        # runs before ``_finished`` (the deck's twin shares it): never a previous frame's.
        self._rough_stage: _RoughStage | None = None
        # While a frame is analysed: what is found once for it (``_FrameKept``).
        self._kept: _FrameKept | None = None
        self.relay_work = RelayWork()  # the joined-blob offers laid again (``_relaid_offer``)
        # A shape read alone that only a card both index corners bear out could add is read in
        # full only when its corner network's looks may bear one out (``_cannot_agree``; the
        # same answers: off, every such shape is read in full); ``alone_work`` counts them.
        self.looks_first = True
        self.alone_work = AloneWork()
        # A whole look less sure of any card than this is left out when another one is not.
        self.noise_sureness = noise_sureness
        # The glyph reader's looks dispute the network's card (``veto``, ``check``) only when
        # at least this sure of another card.
        self.check_sureness = check_sureness
        # Two unsure card-shaped halves of one card become the card when it reads surely
        # (``duplicates.whole_of_halves``; off: reported as found).
        self.join_halves = join_halves
        # A shape not read surely whose centre lies on a card read surely, overlapping it, is
        # that card again and not reported (``duplicates.unsure_on_sure``; off: reported).
        self.drop_on_sure = drop_on_sure
        # Shapes not read surely that tile one card-shaped whole with a card read surely are
        # its other pieces, cut at a card size too small, and not reported
        # (``duplicates.pieces_of_sure``, issue 28, h-halves40; off: reported).
        self.pieces_of_sure = pieces_of_sure
        # Two shapes that are one card's diagonal pieces (``duplicates.diagonal_pieces``, the
        # whole's other two corners on paper), reading no two cards, are the whole, read again
        # (``_join_pieces``, issue 28, h-size41; off: reported as found).
        self.join_pieces = join_pieces
        # A card read surely whose shape lies on paper this shape grown from one of its corners
        # would cover is a piece of a larger card: the grown shape reading the same card takes
        # its place (``_grow_pieces``, issue 28, h-size41; off: reported as found).
        self.grow_pieces = grow_pieces
        # A grown shape a straight edge crosses is refused (``crossing.edge_across``, issue 28,
        # h-gate42; None: off).
        self.grown_crossing = grown_crossing
        # A finding's cards read surely agreeing on one index share lower the share that fits
        # its shapes (``_frame_share_low``, issue 28, h-share41; off: ``SHARE_LOW``).
        self.frame_share = frame_share
        # Without a layout: a finding whose cards read surely show by their index shares that
        # its card size is too large is read again at the size they show (``_too_large``;
        # off: the finder's card sizes alone).
        self.size_from_indices = size_from_indices
        # Without a layout: a card read surely counts for its finding's outline and card size
        # fully only when its shape bears it out (``_weights``: both index corners show it, its
        # index a share of the shape's height a card design shows); off: how surely it reads.
        self.geometry_evidence = geometry_evidence
        # Without a layout: a finding on the plane that reads every shape surely, each index
        # a share of its shape's height some design shows (``_all_sure_fitting``), stops the
        # search for another card size even when its corners do not bear it out (a tilted
        # view's far corner reads no index); off: only shapes borne out stop it (slower).
        self.sure_plane_stops = sure_plane_stops
        # On the plane, the narrower card width (a pair's taken for a card's) is not tried when
        # the plane's own width read cards surely whose indices show no size too large
        # (``_too_large``; off: tried whenever the plane is not sure; issue 28, h-half18).
        self.skip_pair_width = skip_pair_width

    @property
    def model(self) -> GlyphModel:
        """The glyph classifier, loaded on first use (finding cards alone does not need it)."""
        if self._model is None:
            self._model = GlyphModel.load()
        return self._model

    @property
    def _glyphs(self) -> GlyphModel | EnrolledDeck:
        """What reads the glyphs of an index. With the corner network the glyph reader checks
        it and reads as shipped: the deck sharpens the network only, so that the check stays a
        second look the deck did not touch (a deck-sharpened glyph reading also chooses among a
        corner's re-cuts by its sureness). Alone, the glyph reader reads with the deck."""
        model = self.model
        if isinstance(model, EnrolledDeck) and self.use_corner_model:
            return model.base
        return model

    def use_model(self, model: GlyphModel) -> None:
        """Read with ``model`` from now on (an enrolled deck answers as a glyph model does)."""
        self._model = self._deck_as_set(model)

    def _deck_as_set(self, model: GlyphModel | None) -> GlyphModel | None:
        """``model``, an enrolled deck's faces with their twins oriented when the finder asks
        (``FinderSettings.deck_orient_twins``: ``FaceMatcher.oriented``)."""
        if isinstance(model, EnrolledDeck) and self.finder.deck_orient_twins:
            return replace(model, faces=model.faces.oriented())
        return model

    @property
    def corner_model(self) -> CornerModel:
        """The corner network, loaded on first use (shared by the detectors of a thread)."""
        if self._corner_model is None:
            self._corner_model = CornerModel.shared()
        return self._corner_model

    def detect(self, frame: np.ndarray) -> list[CardDetection]:
        """Every card in a still frame: read, uncertain, or a card shape whose index no corner
        shows (uncertain, no candidate; ``FrameAnalysis.reported``)."""
        return self.analyse(frame).reported

    def find(self, frame: np.ndarray) -> tuple[list[np.ndarray], tuple[float, float] | None]:
        """Card quadrilaterals in frame pixels (the finding stage alone; first size tried)."""
        found = next(f for f in self._findings(frame) if f is not None)
        return found.quads, found.card_px

    def _findings(
        self,
        frame: np.ndarray,
        resized: tuple[_Finding, float] | None = None,
        kept: list[_RoughStage] | None = None,
        between: Callable[[], bool] | None = None,
        edged: Callable[[], bool] | None = None,
        unwanted: Callable[[float], bool] | None = None,
    ) -> Iterator[_Finding | None]:
        """What the finder sees; without a layout, one finding per card size worth trying. With
        ``resized`` (a finding without a layout and a ratio), only that finding again with its
        card size times the ratio (``_choose``). ``kept``: the frame's ``_RoughStage``, put
        there when empty (the first time), taken from it after (the same frame only).
        ``between``: asked last, whether paper alone's sizes between a pair and a pair of pairs
        (``PAPER_BETWEEN_DIVISORS``) are wanted too (None: never). ``unwanted``: asked of each
        card width on the plane just before its finding is made, whether it is not wanted (not
        made, not yielded)."""
        if resized is not None and kept:
            yield from self._resized_findings(frame, kept[0], *resized)
            return
        view = make_view(frame, self.layout, self.finder, self._view_maps)
        sizes: list[tuple[float, float] | None]
        papered_sizes: list[tuple[float, float]] = []
        between_sizes: list[tuple[float, float]] = []
        lone: list[np.ndarray] = []
        if view.card_px is not None:
            sizes = [view.card_px]
        else:
            # Found once for the rough mask with its holes filled and with them left open.
            unfilled, felt = unfilled_and_felt(view.image, None, self.finder)
            rough = card_mask(view.image, None, self.finder, unfilled=unfilled)
            raw = rough
            if self.paper is not None:
                # A forearm's long straight sides are no card's (nor a chip's, nor a printed
                # line's): the blobs that are no paper show neither the plane nor the size.
                rough = self._paper_blobs(view.image, rough)
            # Paper alone (a zone printed in another shade of the cloth, a hand joined with
            # the cards): tried after the rough mask and the one opened wider (``_paper_rough``).
            papered: list[np.ndarray | None] = []

            def paper_only() -> np.ndarray | None:
                if not papered:
                    papered.append(self._paper_rough(view.image, unfilled, raw))
                return papered[0]

            # Printed lines wider than the rough mask's opening join the cards into one blob
            # (a layout seen close): the mask opened wider is tried after it (made when
            # wanted: most frames read surely before).
            opened: list[np.ndarray | None] = []

            def opened_mask() -> np.ndarray | None:
                if not opened:
                    opened.append(opened_rough(rough, self.finder))
                return opened[0]

            if self.finder.lone_size_error > 0:
                # The rough mask's lone card-shaped blobs, in frame pixels (``_lone_cards``).
                outlines = lone_outlines(rough, self.plane or PlaneSettings())
                lone = [transform_points(view.to_image, q) for q in outlines]
            stage = _RoughStage(view, rough, opened, lone, unfilled, raw, papered, felt)
            if kept is not None and not kept:
                kept.append(stage)
            if resized is not None:
                yield from self._resized_findings(frame, stage, *resized)
                return
            if self.plane is not None:
                # The frame as it is comes after, read only when nothing on the plane reads
                # surely (``analyse``): the plane of a frame of printed words and no lone card
                # may be no plane at all.
                planar = False
                for found in self._plane_findings(
                    frame,
                    view,
                    rough,
                    self.plane,
                    lone,
                    planes=stage.planes,
                    unwanted=unwanted,
                    unfilled=(unfilled, felt),
                ):
                    planar = True
                    yield found
                if (wider := opened_mask()) is not None:
                    for found in self._plane_findings(
                        frame,
                        view,
                        wider,
                        self.plane,
                        lone,
                        planes=stage.planes,
                        wider=True,
                        unwanted=unwanted,
                        unfilled=(unfilled, felt),
                    ):
                        planar = True
                        yield replace(found, wider=True, regions=[], nets={})
                if (paper := paper_only()) is not None:
                    for found in self._plane_findings(
                        frame,
                        view,
                        paper,
                        self.plane,
                        lone,
                        planes=stage.planes,
                        papered=True,
                        unwanted=unwanted,
                    ):
                        planar = True
                        yield found
                if planar:
                    yield None  # ``analyse`` stops here when a card was read surely
            # No calibrated layout: the card size is guessed from the blobs. Two cards side by
            # side look like one larger card, so the size a long side suggests is tried too.
            # The blobs' edges vote first as they were tuned to, holes left open, then with
            # them filled (either can be fooled by the long straight sides of touching cards).
            guesses: list[tuple[float, float] | None] = []
            if self.finder.rough_hole_paper is not None:
                open_holes = replace(self.finder, rough_hole_paper=None)
                holey = card_mask(view.image, None, open_holes, unfilled=unfilled)
                if self.paper is not None:
                    holey = self._paper_blobs(view.image, holey)
                guesses.append(estimate_card_px(holey, self.finder))
            guesses.append(estimate_card_px(rough, self.finder))
            if (wider := opened_mask()) is not None:
                guesses.append(estimate_card_px(wider, self.finder))
            tried = _sizes_worth_trying(guesses, self.finder.size_divisors)
            sizes = [*tried] if tried else [None]
            # Then the sizes the paper alone votes for, each found on paper alone.
            if (paper := paper_only()) is not None:
                vote = estimate_card_px(paper, self.finder)
                papered_sizes = _sizes_worth_trying([vote], PAPER_SIZE_DIVISORS)
                if between is not None:
                    every = _sizes_worth_trying(
                        [vote], (*PAPER_SIZE_DIVISORS, *PAPER_BETWEEN_DIVISORS)
                    )
                    between_sizes = [size for size in every if size not in papered_sizes]
        for size in sizes:
            yield self._finding_at(view, size, lone)
        for size in papered_sizes:
            yield self._finding_at(view, size, lone, papered=True)
        if between_sizes and between is not None and between():
            for size in between_sizes:
                yield self._finding_at(view, size, lone, papered=True)
        if view.card_px is None and self.finder.edge_votes and edged is not None and edged():
            vote = edge_card_px(view.image, stage.rough, self.finder)
            for size in _sizes_worth_trying([vote], EDGE_SIZE_DIVISORS):
                if any(abs(size[0] / other[0] - 1) <= 0.1 for other in sizes if other is not None):
                    continue
                found = self._finding_at(view, size, lone)
                # A shape running into the picture's edge at a size voted so is reported only
                # when an index reads in it (a forearm's end at the edge, at the size of the
                # cards, made an unread shape where no card is).
                far = [
                    f or runs_into_edge(q, (frame.shape[0], frame.shape[1]))
                    for f, q in zip(found.far, found.quads, strict=True)
                ]
                yield replace(found, edged=True, far=far)

    def _resized_findings(
        self, frame: np.ndarray, stage: _RoughStage, again: _Finding, ratio: float
    ) -> Iterator[_Finding]:
        """``again`` (a finding without a layout) with its card size times ``ratio``, from the
        frame's rough stage (``_findings`` with ``resized``)."""
        if again.planar and again.width is not None and self.plane is not None:
            mask: np.ndarray | None
            if again.papered:
                if not stage.papered:
                    stage.papered.append(
                        self._paper_rough(stage.view.image, stage.unfilled, stage.raw)
                    )
                mask = stage.papered[0]
            elif again.wider:
                if not stage.opened:
                    stage.opened.append(opened_rough(stage.rough, self.finder))
                mask = stage.opened[0]
            else:
                mask = stage.rough
            if mask is not None:
                yield from self._plane_findings(
                    frame,
                    stage.view,
                    mask,
                    self.plane,
                    stage.lone,
                    [again.width * ratio],
                    planes=stage.planes,
                    wider=again.wider,
                    papered=again.papered,
                    unfilled=(stage.unfilled, stage.felt),
                    cheap_first=False,
                )
        elif not again.planar and again.card_px is not None:
            smaller = (again.card_px[0] * ratio, again.card_px[1] * ratio)
            yield self._finding_at(stage.view, smaller, stage.lone, papered=again.papered)

    def _finding_at(
        self,
        view: WorkView,
        size: tuple[float, float] | None,
        lone: list[np.ndarray],
        *,
        papered: bool = False,
    ) -> _Finding:
        """The cards in ``view`` at one card size (None: the finder's own guess); on the
        card mask's paper alone when ``papered``."""
        mask = self._card_mask(view.image, size, papered=papered)
        joined: list[JoinedBlob] = []
        quads, card_px = find_quads(mask, size, self.finder, joined)
        foreground = cv2.countNonZero(mask) / float(mask.shape[0] * mask.shape[1])
        far = [
            card_px is not None and far_past_view(q.corners, mask.shape[:2], card_px, self.finder)
            for q in quads
        ]
        in_frame_quads = [transform_points(view.to_image, q.corners) for q in quads]
        if view.card_px is None and card_px is not None:
            rescued = self._lone_cards(lone, in_frame_quads, view.to_image, card_px)
            in_frame_quads += rescued
            far += [False] * len(rescued)
        return _Finding(
            in_frame_quads,
            card_px,
            foreground,
            far,
            papered=papered,
            view=view,
            mask=mask,
            joined=joined,
        )

    def _card_mask(
        self, image: np.ndarray, size: tuple[float, float] | None, *, papered: bool
    ) -> np.ndarray:
        """``card_mask``, or with ``papered`` its paper alone (``paper.paper_mask``, filled
        and opened as the card mask is; the card mask itself when there is no paper)."""
        if not papered or self.paper is None:
            return card_mask(image, size, self.finder)
        unfilled = unfilled_mask(image, size, self.finder)
        paper = paper_mask(image, unfilled, self.paper, mask_gains(image, unfilled, self.paper))
        if paper is None:
            return card_mask(image, size, self.finder, unfilled=unfilled)
        return paper_rough(paper, self.finder, size)

    def _paper_blobs(self, image: np.ndarray, rough: np.ndarray) -> np.ndarray:
        """``rough`` without the blobs that are no paper, the light's colour undone first."""
        assert self.paper is not None
        return paper_blobs(image, rough, self.paper, mask_gains(image, rough, self.paper))

    def _paper_rough(
        self, image: np.ndarray, unfilled: np.ndarray, rough: np.ndarray
    ) -> np.ndarray | None:
        """The rough mask's paper alone (``paper.paper_mask``), its ink's gaps closed, its
        holes filled and opened as the rough mask (``rough``, before the paper test of its
        blobs) is; None when off, or when it is nearly what the rough mask's blobs holding
        paper hold (most frames: nothing but cards differs from the felt there, and paper
        alone would find what was found).

        Only a frame that did not read surely on the rough mask's plane looks at it: a zone
        printed in another shade of the cloth, a hand or gold lines seen close joined its
        cards into blobs whose straight sides voted a card size far too large."""
        if self.paper is None:
            return None
        paper = paper_mask(
            image, unfilled, self.paper, mask_gains(image, unfilled, self.paper), dim=False
        )
        if paper is None:
            return None
        only = paper_rough(paper, self.finder, None)
        area = cv2.countNonZero(only)
        if area == 0:
            return None
        # The rough mask's blobs that hold paper (a hand alone, a chip, holds none).
        count, labels = cv2.connectedComponents(rough, connectivity=8)
        holding = np.bincount(labels[only > 0], minlength=count) > 0
        holding[0] = False
        held = int(np.bincount(labels.ravel(), minlength=count)[holding].sum())
        if area * PAPER_DIFFERS >= held:
            return None
        return only

    def _plane_findings(
        self,
        frame: np.ndarray,
        view: WorkView,
        rough: np.ndarray,
        settings: PlaneSettings,
        lone: list[np.ndarray] = [],  # noqa: B006 - read only
        widths: list[float] | None = None,
        *,
        planes: dict[str, Plane | None] | None = None,
        wider: bool = False,
        papered: bool = False,
        unwanted: Callable[[float], bool] | None = None,
        unfilled: tuple[np.ndarray, np.ndarray] | None = None,
        cheap_first: bool = True,
    ) -> Iterator[_Finding]:
        """Without a layout: the frame rectified onto the table's plane as the lone cards show
        it (``plane``), then found as with a calibrated layout. Nothing when no card lies alone.
        ``planes``: the planes of this frame's masks found already (``rough`` is the rough mask,
        with ``wider`` opened wider, with ``papered`` its paper alone), by ``_mask_kind``; the
        plane found is put there. ``unwanted``: asked of each width just before its finding is
        made (the caller has done with the finding before): true, none is made. ``unfilled``:
        ``view``'s ``unfilled_and_felt``, warped onto the plane for its card mask when the finder's
        ``warped_plane_mask`` is on (not for paper alone). ``cheap_first``: with
        ``quick_plane_mask``, each width's finding on the cheap mask first (``quick``)."""
        kind = _mask_kind(wider=wider, papered=papered)
        if planes is not None and kind in planes:
            plane = planes[kind]
        else:
            plane = find_plane(rough, settings)
            if planes is not None:
                planes[kind] = plane
        if plane is None:
            return
        if widths is None:
            widths = [plane.card_width]
            if settings.try_pairs and not plane.sure:
                widths.append(plane.card_width / settings.pair_ratio)
            if settings.try_pairs and plane.guessed:
                widths.append(plane.card_width * settings.pair_ratio)
        for width in widths:
            if unwanted is not None and unwanted(width):
                continue
            rectified = rectified_view(frame, view.to_image, plane, width, settings)
            if rectified is None or rectified.card_px is None:
                continue
            size = rectified.card_px
            shown = in_frame(rectified, frame.shape[:2])
            quick = self.finder.quick_plane_mask
            if cheap_first and quick and not papered and (quick == "half" or unfilled is not None):
                # A cheap mask first (``quick_plane_mask``): ``_choose`` chooses its finding
                # only where it ends the search (the full mask then never made), else lets it go.
                cheap = self._cheap_mask(rectified, view, quick, unfilled)
                yield replace(
                    self._plane_finding(rectified, cheap, shown, lone), width=width, quick=True
                )
            if self.finder.warped_plane_mask and unfilled is not None and not papered:
                mask = self._cheap_mask(rectified, view, "warped", unfilled)
            elif self.finder.half_plane_mask and not papered:
                mask = self._cheap_mask(rectified, view, "half", unfilled)
            else:
                mask = self._card_mask(rectified.image, size, papered=papered)
            yield replace(
                self._plane_finding(rectified, mask, shown, lone), width=width, papered=papered
            )

    def _cheap_mask(
        self,
        rectified: WorkView,
        view: WorkView,
        kind: str,
        unfilled: tuple[np.ndarray, np.ndarray] | None,
    ) -> np.ndarray:
        """A plane view's card mask made cheaply: ``warped_card_mask`` of the rough view's
        ``unfilled`` (``kind`` "warped") or ``half_card_mask`` (else)."""
        assert rectified.card_px is not None
        if kind == "warped":
            if unfilled is None:
                raise ValueError("the warped mask needs the rough view's unfilled mask")
            to_work = np.linalg.inv(rectified.to_image) @ view.to_image
            return warped_card_mask(
                unfilled, to_work, rectified.image, rectified.card_px, self.finder
            )
        if kind != "half":
            raise ValueError(f"no such cheap plane mask: {kind!r}")
        return half_card_mask(rectified.image, rectified.card_px, self.finder)

    def _plane_finding(
        self,
        rectified: WorkView,
        mask: np.ndarray,
        shown: np.ndarray,
        lone: list[np.ndarray],
    ) -> _Finding:
        """The cards found on the plane view ``rectified`` by its card ``mask`` (cut to the
        view's pixels that show the frame, ``shown``, in place), the lone outlines added."""
        assert rectified.card_px is not None
        cv2.bitwise_and(mask, shown, mask)
        joined: list[JoinedBlob] = []
        quads, card_px = find_quads(mask, rectified.card_px, self.finder, joined)
        foreground = cv2.countNonZero(mask) / float(mask.shape[0] * mask.shape[1])
        in_frame_quads = [transform_points(rectified.to_image, q.corners) for q in quads]
        if card_px is not None:
            in_frame_quads += self._lone_cards(lone, in_frame_quads, rectified.to_image, card_px)
        return _Finding(
            in_frame_quads,
            card_px,
            foreground,
            [False] * len(in_frame_quads),
            planar=True,
            view=rectified,
            mask=mask,
            joined=joined,
        )

    def _lone_cards(
        self,
        lone: list[np.ndarray],
        quads: list[np.ndarray],
        to_image: np.ndarray,
        card_px: tuple[float, float],
    ) -> list[np.ndarray]:
        """The rough mask's lone card-shaped outlines (frame pixels) that no shape of a finding
        lies on and whose sides, in the finding's view (``to_image``: view -> frame), are the
        card's within ``lone_size_error``: cards too.

        A card alone on the cloth is a convex four-sided blob of the rough mask; in a dark or
        shadowed view the finder's own mask (a threshold over the whole view) can lose part of
        it, and it was missed though the rough mask showed it whole."""
        if not lone:
            return []
        to_view = np.linalg.inv(to_image)
        error = self.finder.lone_size_error
        found: list[np.ndarray] = []
        for outline in lone:
            if any(polygon_iou(outline, q) > 0.1 for q in [*quads, *found]):
                continue
            width, length = _size_in_view(outline, to_view, card_px)
            if abs(width - 1) <= error and abs(length - 1) <= error:
                found.append(outline)
        return found

    def warp_corners(self, frame: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Both index corner regions, in portrait order (see ``portrait_orders``)."""
        pair = _CornerRegions(frame, quad, self.index)
        return pair[0], pair[1]

    def read_corners(
        self, frame: np.ndarray, quad: np.ndarray, *, with_others: bool = False
    ) -> tuple[CornerGlyphs, CornerGlyphs]:
        """The glyphs of both index corners, in portrait order (see ``portrait_orders``)."""
        first, second = self.warp_corners(frame, quad)
        return (
            segment_corner(first, self.index, with_others=with_others),
            segment_corner(second, self.index, with_others=with_others),
        )

    def analyse(self, frame: np.ndarray) -> FrameAnalysis:
        """Every card of ``frame`` (``FrameAnalysis``)."""
        self._kept = _FrameKept()
        try:
            return self._analysed(frame)
        finally:
            self._kept = None

    def _regions_for(self, frame: np.ndarray, quad: np.ndarray) -> _CornerRegions:
        """A shape's corner regions (``_CornerRegions``), made once for each outline of the
        frame being analysed: findings sharing a shape (a lone card added to each, the same
        card found on two masks of one view) and the steps after the choice warp, cut and show
        the network its corners once. The same outline (its numbers bit for bit) warps, cuts
        and reads the same."""
        kept = self._kept
        if kept is None:
            return _CornerRegions(frame, quad, self.index)
        return kept.once(kept.regions, frame, quad, lambda: _CornerRegions(frame, quad, self.index))

    def _middle(self, frame: np.ndarray, outline: np.ndarray) -> np.ndarray:
        """``warp_middle`` of a card's outline, warped once for each outline of the frame being
        analysed (the choice's reading and ``_read_where_printed``'s look at a card's middle
        alike), read-only."""
        kept = self._kept
        if kept is None:
            return warp_middle(frame, outline, self.middle)

        def read_only() -> np.ndarray:
            middle = warp_middle(frame, outline, self.middle)
            middle.flags.writeable = False
            return middle

        return kept.once(kept.middles, frame, outline, read_only)

    def _pip_count(self, middle: np.ndarray) -> int | None:
        """``pip_count`` of a middle, counted once for each middle ``_middle`` kept."""
        kept = self._kept
        if kept is None or middle.flags.writeable:
            return pip_count(middle, self.middle)
        return kept.by_middle(kept.counts, middle, lambda: pip_count(middle, self.middle))

    def _pips_colour(self, middle: np.ndarray) -> tuple[float, float, float] | None:
        """``pips_colour`` of a middle, found once for each middle ``_middle`` kept."""
        kept = self._kept
        if kept is None or middle.flags.writeable:
            return pips_colour(middle, self.middle)
        return kept.by_middle(kept.colours, middle, lambda: pips_colour(middle, self.middle))

    def _analysed(self, frame: np.ndarray) -> FrameAnalysis:
        best, chosen = self._choose(frame, with_deck=False)
        plain: FrameAnalysis | None = None
        deck = self._model if isinstance(self._model, EnrolledDeck) else None
        if deck is not None and chosen is not None:
            # The house's deck reads the cards of the finding chosen as without it: the card
            # size and the plane never depend on how sure the deck made a reading (a finding
            # more sure of one card won over one that read another surely).
            plain = best if self.deck_keeps_sure else None
            best = self._analysis_of(frame, chosen, with_deck=True, printed=False)
        assert best is not None
        if deck is not None and plain is not None and chosen is not None:
            # The same finding read to the end as without the deck (a twin reading with the
            # shipped readers: its looks again after the choice, which the deck's faces come
            # before), so that no card it reads surely reads otherwise with the deck.
            twin = copy.copy(self)
            twin._model = deck.base
            twin._finished(frame, plain, chosen)
        self._finished(frame, best, chosen)
        if deck is not None and plain is not None:
            best.detections, restored = keep_sure(
                best.detections,
                plain.detections,
                weak=self.deck_weak_other,
                agreed=(
                    _twin_told(
                        best,
                        plain,
                        deck,
                        leans=self.deck_suit_leans,
                        frame=frame if self.deck_leans_borne else None,
                        faced=self.deck_leans_faced,
                        paired=self.corner_model if self.deck_leans_paired else None,
                    )
                    if self.deck_keeps_agreed
                    else None
                ),
            )
            if self.read_faces and restored:
                # A card put back is checked against the faces' ink as every sure card is.
                best.detections = self._colour_checked(
                    frame, best, deck, restored, least=self.deck_veto_least
                )
            if self.deck_keeps_agreed and self.drop_on_sure and restored:
                # An unsure shape lying on a card put back is that card again (``unsure_on_sure``,
                # as for the cards read surely when the finding was finished).
                best.detections, best.unread_cards = _off_restored(best, restored)
            if self.deck_twins_apart:
                best.detections = _twins_told(best, plain, deck)
            if self.deck_suit_kept:
                best.detections = _suit_kept(
                    best.detections, plain.detections, colour=self.deck_colour_kept
                )
            if self.deck_keeps_found:
                best.detections, best.unread_cards = keep_found(best, plain)
            if self.finder.deck_keeps_every_sure or self.finder.deck_doubts_when_leaning > 0:
                best.detections, best.unread_cards = keep_every_sure(
                    best,
                    plain,
                    frame=frame,
                    deck=deck,
                    leaning=self.finder.deck_doubts_when_leaning,
                )
        return best

    def _finished(
        self, frame: np.ndarray, best: FrameAnalysis, chosen: _Finding | None
    ) -> FrameAnalysis:
        """``best`` (the chosen finding read) finished: cards read where their indices are
        printed, exchanged, found at corners, recovered, refitted, looked at again (with the
        house's deck: by its faces and middle look)."""
        self._read_where_printed(frame, best, chosen)
        cornered: list[CardDetection] = []
        unsure_cornered: list[CardDetection] = []
        if chosen is not None and self.finder.exchange_min_cards > 0:
            self._exchange(frame, best, chosen)
        # Every shape read surely and nothing of the mask left beside them: the steps that only
        # add cards have nothing to lay one on (``FinderSettings.sure_finish``).
        covered = (
            chosen is not None
            and self.finder.sure_finish > 0
            and self._wholly_covered(best, chosen, self.finder.sure_finish)
        )
        if (
            chosen is not None
            and self.finder.exchange_min_cards > 0
            and self.finder.corner_left > 0
            and not covered
        ):
            proposals = BlobProposals()  # the blobs' proposals, laid once for both
            none_sure = not any(d.card is not None for d in best.detections)
            cornered, unsure_cornered = self._corner_cards(frame, best, chosen, proposals=proposals)
            unsized = (
                self.finder.blind_share
                and none_sure
                and self.layout is None
                and bool(self.finder.blind_ratios)
                and _unsized_out(best, cornered, unsure_cornered)
            )
            if self.finder.on_top is not None:
                self._on_top_cards(frame, best, chosen, cornered, proposals)
            if self.finder.sure_size_off > 0:
                self._sure_sized_cards(frame, best, chosen, cornered, unsure_cornered)
            if self.finder.blind_ratios and self.layout is None:
                self._blind_sized_cards(
                    frame, best, chosen, cornered, unsure_cornered, bounded=not unsized
                )
        if chosen is not None and self.finder.hand_between and not covered:
            self._between_cards(frame, best, chosen, cornered, unsure_cornered)
        if chosen is not None and self.finder.bare_cards and not covered:
            self._bare_cards(frame, best, chosen, cornered, unsure_cornered)
        armed: list[CardDetection] = []
        # The forearm's cards are looked for even so: the blob of arm and cards the paper test
        # dropped leaves pieces of them apart on the mask, each under half a card (test_arm_cards).
        if chosen is not None and self.arm is not None and self.paper is not None:
            armed = self._arm_cards(frame, best, chosen, self.arm, self.paper)
        if (
            chosen is not None
            and self.recovery is not None
            and self.paper is not None
            and not covered
        ):
            self._recover(frame, best, chosen, self.recovery, self.paper)
        if self.paper is not None:
            # A marker and a forearm are sharp-edged too, but no paper (``paper``). Judged once
            # the finding is chosen: as a shape no index reads in, each still counts against
            # the card size that found it.
            # The light's colour from the paper of the cards read surely (a lamp's cast tints
            # paper as much as the rest).
            paper = self.paper
            shapes = [*best.unread_cards, *best.detections]
            if not all(shows_paper(frame, np.asarray(d.corners), paper) for d in shapes):
                gains = paper_gains(
                    frame,
                    [
                        np.asarray(d.corners)
                        for d in best.detections
                        if d.card is not None and not any(d is x for x in [*cornered, *armed])
                    ],
                    paper,
                )
                blind: Gains | None = None
                if (
                    gains is None
                    and 0 < self.blind_gains <= len(shapes)
                    and all(d.card is None for d in best.detections)
                ):
                    # No card read surely to tell the light's colour (a dim view under a
                    # coloured lamp): the shapes' own margins tell it, when there are enough;
                    # a shape showing paper without it still does.
                    blind = paper_gains(frame, [np.asarray(d.corners) for d in shapes], paper)

                def shown(d: CardDetection) -> bool:
                    corners = np.asarray(d.corners)
                    # A card half under a forearm has skin in its margin (``_arm_cards``).
                    colour = not any(d is x for x in armed)
                    return shows_paper(frame, corners, paper, gains, margin_colour=colour) or (
                        blind is not None
                        and shows_paper(frame, corners, paper, blind, margin_colour=colour)
                    )

                best.unread_cards = [d for d in best.unread_cards if shown(d)]
                best.detections = [d for d in best.detections if shown(d)]
            sure = [np.asarray(d.corners) for d in best.detections if d.card is not None]
            if sure and any(d.card is None for d in best.reported):
                cards_paper = float(np.median([paper_level(frame, c, paper) for c in sure]))
                best.unread_cards = [
                    d
                    for d in best.unread_cards
                    if not dull_marker(frame, np.asarray(d.corners), paper, cards_paper)
                ]
                best.detections = [
                    d
                    for d in best.detections
                    if d.card is not None
                    or not dull_marker(frame, np.asarray(d.corners), paper, cards_paper)
                ]
        best.detections = one_per_card(best.detections)
        if chosen is not None and chosen.papered and self.recovery is not None:
            # Paper alone can cut one card into two crossing shapes: an unread one lying
            # over a card read (surely or not) or another unread shape is not reported.
            first = len(best.detections)
            kept = apart(
                [np.asarray(d.corners) for d in [*best.detections, *best.unread_cards]],
                self.recovery,
            )
            best.unread_cards = [best.unread_cards[n - first] for n in kept if n >= first]
        elif chosen is not None:
            # Without paper alone too: an unread shape over a card read unsurely or another
            # unread shape (or over any card, at the picture's edge) is that card again, and
            # so is a card read unsurely at the picture's edge over a surer one.
            best.detections = surer_inside(best.detections, (frame.shape[0], frame.shape[1]))
            best.unread_cards = unread_apart(
                best.detections, best.unread_cards, (frame.shape[0], frame.shape[1])
            )
        self._join_halves(frame, best)
        if self.join_pieces:
            self._join_pieces(frame, best)
        if chosen is not None and self.refit is not None and _refit_wanted(best, self.refit):
            self._refit(frame, best, chosen, self.refit)
        if self.drop_on_sure:
            once = unsure_on_sure(best.reported)
            if self.pieces_of_sure:
                once = pieces_of_sure(once)
            best.detections = [d for d in best.detections if any(d is k for k in once)]
            best.unread_cards = [d for d in best.unread_cards if any(d is k for k in once)]
        if self.grow_pieces:
            self._grow_pieces(frame, best)
        enrolled = isinstance(self._model, EnrolledDeck)
        if not enrolled or self.deck_looks == "before":
            self._looks_again(frame, best)
        if not enrolled and chosen is not None:
            self._lone_corner_look(frame, best, chosen)
        if not enrolled and chosen is not None and self.finder.black_pips:
            self._black_by_pips(frame, best, chosen)
        if not enrolled and chosen is not None and self.finder.court_symbols:
            self._court_by_symbols(frame, best, chosen)
        if chosen is not None and self.finder.relay_off:
            self._relaid_off(frame, best, chosen)
        if chosen is not None and self.finder.line_fit:
            self._line_refit(frame, best, chosen)
        if chosen is not None and self.finder.unread_relaid:
            self._unread_relaid(frame, best, chosen)
        if chosen is not None and self.finder.seam_relaid:
            self._seam_relaid(frame, best, chosen)
        if isinstance(self._model, EnrolledDeck) and self.read_faces:
            best.detections = self._settled_by_faces(frame, best, self._model)
        if enrolled and self.deck_looks == "after":
            self._looks_again(frame, best)
        if enrolled and self.deck_looks == "middle" and self.use_corner_model:
            self._middle_look(frame, best)
        if unsure_cornered:
            self._unsure_corners(frame, best, unsure_cornered)
            if chosen is not None and self.finder.corner_relaid:
                self._corner_relaid(frame, best, chosen)
        if not enrolled and chosen is not None and self.finder.shadow_cleared:
            self._shadow_cleared(frame, best, chosen)
        if (self.black_legible > 0 or self.black_against > 0) and self.use_corner_model:
            best.detections = [
                d
                if self.finder.black_pips_borne and best.by_pips.get(id(d)) is d
                else self._black_in_the_dark(frame, d)
                for d in best.detections
            ]
        if self.spade_one_split > 0 and self.use_corner_model:
            best.detections = [self._one_corner_spade(frame, d) for d in best.detections]
        if self.club_one_split > 0 and self.use_corner_model:
            best.detections = [self._one_corner_club(frame, d) for d in best.detections]
        if self.neighbour_one > 0 and self.use_corner_model:
            sides = _sure_sides(best) if self.finder.neighbour_relaid else None
            best.detections = [self._one_corner_neighbour(frame, d, sides) for d in best.detections]
        if self.finder.small_sureness > 0 or self.finder.small_rank_sureness > 0:
            best.detections = self._small_unsure(frame, best)
        if self.index_against > 0 and self.use_corner_model:
            best.detections = self._small_indices(frame, best.detections)
        if self.centre_covered is not None and self.use_corner_model:
            best.detections = [self._covered_centre(frame, d) for d in best.detections]
        if self.pictured_ranks or self.finder.pictured_numbers or self.finder.pips_beyond:
            best.detections = self._pictured_numbers(frame, best)
        if self.court_mirror > 0:
            best.detections = self._pipped_courts(frame, best)
        if self.finder.pips_against and self.use_corner_model:
            best.detections = self._pips_against(frame, best)
        if self.finder.ace_pip_against and self.use_corner_model and self.standard_colours:
            best.detections = self._ace_pip_against(frame, best)
        if (
            self.finder.rank_pips_against > 0 or self.finder.rank_pips_few > 0
        ) and self.use_corner_model:
            best.detections = self._rank_pips_against(frame, best)
        if self.finder.black_pip_against and self.use_corner_model and self.standard_colours:
            best.detections = self._black_pip_against(frame, best)
        if self.net_suit_least > 0 and self.use_corner_model:
            best.detections = [self._net_suit_against(frame, d) for d in best.detections]
        if self.cloth_centre > 0:
            best.detections, best.unread_cards = self._off_cloth(frame, best)
        if self.net_blind and self.use_corner_model:
            best.detections = [d for d in best.detections if not self._net_blind(frame, d)]
        if self.finder.edge_support > 0 and self.use_corner_model:
            best.detections, best.unread_cards = self._unedged_unsure(frame, best)
        if self.paper is not None and (self.finder.skin_unread or self.finder.unsure_twins):
            self._not_cards(frame, best, self.paper)
        if self.finder.corner_cards_apart and cornered:
            # By outline: the steps after this one replace a detection with one read again.
            from_steps = {d.corners for d in cornered}
            standing = laid_over(best.reported, lambda d: d.corners in from_steps)
            best.detections = [d for d in best.detections if any(d is k for k in standing)]
            best.unread_cards = [d for d in best.unread_cards if any(d is k for k in standing)]
        if self.finder.unsure_apart:
            standing = unsure_apart(best.reported)
            best.detections = [d for d in best.detections if any(d is k for k in standing)]
            best.unread_cards = [d for d in best.unread_cards if any(d is k for k in standing)]
        if self.finder.hand_index_apart and best.laid_from_index:
            from_index = best.laid_from_index
            standing = laid_apart(best.reported, lambda d: d.corners in from_index)
            best.detections = [d for d in best.detections if any(d is k for k in standing)]
            best.unread_cards = [d for d in best.unread_cards if any(d is k for k in standing)]
        return best

    def _not_cards(self, frame: np.ndarray, best: FrameAnalysis, paper: PaperSettings) -> None:
        """``best``'s shapes less those no card makes (issue 28, h-nocard45): with
        ``FinderSettings.skin_unread`` an unread shape of skin (``paper.skin_shape``, judged
        against the paper of the cards read surely: none judged without one); with
        ``FinderSettings.unsure_twins`` the halves of one card laid as two shapes, neither read
        surely (``duplicates.unsure_twins``: the one showing more paper stays, the other
        dropped only when its face is under ``TWIN_FELT`` of the sure cards' paper). A frame
        without a card read surely is not judged."""
        sure = [np.asarray(d.corners) for d in best.detections if d.card is not None]
        if not sure:
            return
        cards_paper = float(np.median([paper_level(frame, c, paper) for c in sure]))
        if self.finder.skin_unread and best.unread_cards:
            best.unread_cards = [
                d
                for d in best.unread_cards
                if not skin_shape(frame, np.asarray(d.corners), paper, cards_paper)
            ]
        if self.finder.unsure_twins:
            kept = unsure_twins(
                best.reported,
                lambda d: face_median(frame, np.asarray(d.corners), paper),
                TWIN_FELT * cards_paper,
            )
            best.detections = [d for d in best.detections if any(d is k for k in kept)]
            best.unread_cards = [d for d in best.unread_cards if any(d is k for k in kept)]

    def _pictured_numbers(self, frame: np.ndarray, best: FrameAnalysis) -> list[CardDetection]:
        """``best``'s detections, each read surely as a rank of ``pictured_ranks`` whose middle
        lies in the clear (no other reported shape over it) and shows no pips
        (``pip_count`` None: a picture, or paper with nothing pip-sized) made uncertain, its
        candidate kept (issue 28, h-wrong39). A ten's middle holds ten pips; a court's, a
        picture: the held-out sets read a JS as TS and a QC as TC surely, the two index corners
        alike in the T's shape. A pip count under ``pictured_few`` counts as none (a fine line
        court's two half-pictures counted as two pips). With ``pictured_pips``, only a middle
        that also shows fewer than that many pip-like blobs at any ink level (``pips_seen``):
        ``pip_count`` is None
        for a ten's middle a chip lies over, or whose pips blur together, and those still
        show five or more pips; with ``pictured_mirror``, only one whose ink is also less
        alike to its mirror image than that (``mirror_alike``): a ten's pips that blur into a
        few blobs stay laid out symmetrically, a court's picture is not mirrored (issue 28,
        h-court40). Judged last, on the cards the frame
        reports: it only takes sureness away."""
        reported = best.reported
        outlines = [np.asarray(d.corners, np.float32) for d in reported]
        doubted: set[int] = set()
        for n, d in enumerate(reported):
            if (
                d.card is not None
                and d.card.rank in PICTURED_NUMBERS
                and (self.finder.pictured_numbers or self.finder.pips_beyond)
                and (middle := self._clear_middle(frame, outlines, n)) is not None
                and (
                    (
                        self.finder.pictured_numbers
                        and self._shows_a_picture(middle)
                        and self._net_court_share(frame, d) >= PICTURED_NUMBER_COURT
                    )
                    or (
                        self.finder.pips_beyond
                        and pips_seen(middle, self.middle) >= d.card.rank + PIPS_BEYOND
                    )
                )
            ):
                doubted.add(id(d))
                continue
            if d.card is None or d.card.rank not in self.pictured_ranks:
                continue
            middle = self._clear_middle(frame, outlines, n)
            if (
                middle is not None
                and ((count := self._pip_count(middle)) is None or count < self.pictured_few)
                and (self.pictured_pips <= 0 or pips_seen(middle, self.middle) < self.pictured_pips)
                and (
                    self.pictured_mirror <= 0
                    or mirror_alike(middle, self.middle) < self.pictured_mirror
                )
            ):
                doubted.add(id(d))
        return [_doubted(d) if id(d) in doubted else d for d in best.detections]

    def _net_court_share(self, frame: np.ndarray, detection: CardDetection) -> float:
        """The most the corner network, at ``detection``'s reported outline, gives the three
        courts together at an index corner where it reads a rank (0: none;
        ``FinderSettings.pictured_numbers``)."""
        looks = self._net_looks_at(frame, detection)
        courts = [RANK_CLASSES.index(rank) for rank in COURT_RANKS]
        return max(
            (float(look.rank[courts].sum()) for look in looks if look.rank is not None),
            default=0.0,
        )

    def _shows_a_picture(self, middle: np.ndarray) -> bool:
        """Whether a card's middle (in the clear) shows a picture, not a number card's pips
        (``FinderSettings.pictured_numbers``; issue 28, h-courts46): no pips (``pip_count``
        None), fewer than ``pictured_pips`` pip-like blobs at any ink level (``pips_seen``; a
        number card's pips run together under blur still show them), ink less alike than
        ``pictured_mirror`` to its mirror image (``mirror_alike``; pips lie symmetrically) but
        more than ``PICTURED_NUMBER_MIRROR`` (a picture drawn about the card's middle is a
        little alike; a forearm or chips lying over a number card's middle not at all) and at
        least ``PICTURED_NUMBER_INK`` of the middle ink (a two's or three's few pips, one of
        them cut by the middle's edge, are little ink)."""
        if (
            self._pip_count(middle) is not None
            or ink_share(middle, self.middle) < PICTURED_NUMBER_INK
            or (0 < self.pictured_pips <= pips_seen(middle, self.middle))
        ):
            return False
        alike = mirror_alike(middle, self.middle)
        return alike > PICTURED_NUMBER_MIRROR and (
            self.pictured_mirror <= 0 or alike < self.pictured_mirror
        )

    def _suits_unlike(self, colour: tuple[float, float, float] | None) -> frozenset[Suit]:
        """``suits_unlike`` for this reader: the suits an ink's colour rules out, none where the
        deck's inks are not the standard two (``standard_colours`` False: a novelty deck
        printing clubs red names no suit by its ink). Every rule that weighs ink asks this."""
        return suits_unlike(colour) if self.standard_colours else frozenset()

    def _pips_against(self, frame: np.ndarray, best: FrameAnalysis) -> list[CardDetection]:
        """``best``'s detections, each a two to ten read surely whose middle lies in the clear,
        its pips counted as its rank (``_counted_as``), and whose pips, read upright
        (``_upright_pip_look``, the middle cut ``BLACK_PIPS_WINDOW`` nearer the card's ends),
        name another suit than the one read, made uncertain, its candidate kept
        (``FinderSettings.pips_against``; issue 28, h-courts46). The bench's
        tango/clutter#34247895 7C, its one index the corner network reads whole half under the
        2S dealt over it (0.80 spade there), the glyph reader club at one corner and spade at
        the other, was uncertain until ``_middle_look`` counted its seven pips and read it as
        the 7S, 0.98 sure (the pips' own suit only seconds the index's there, never overrules
        it); its pips read upright are clubs, 1.00. Only a middle whose pips' ink tells their
        colour (``_suits_unlike``) is judged: in the building check's tango/harsh#7900003 the
        3S's pips, their colour untold, read as diamonds (0.997). Judged last, on the cards the
        frame reports: it only takes sureness away. A reader told the deck's inks are not
        the standard two (``standard_colours`` False: a novelty deck printing clubs red) does
        not judge: the pips' colour names no suit there (test_drawn_decks' swapped deck's 8S,
        TS and TH, read rightly, had their pips read as hearts and diamonds)."""

        def doubts(
            outlines: list[np.ndarray], n: int, _: CardDetection, card: Card, middle: np.ndarray
        ) -> bool:
            if self._counted_as(middle, card.rank) is None:
                return False  # not this card's pips in the clear: their suit tells nothing
            unlike = self._suits_unlike(self._pips_colour(middle))
            if not unlike:
                return False  # the pips' ink tells no colour (harsh light): a spade read a diamond
            look = self._upright_pip_look(
                frame, outlines, n, middle, unlike, window=BLACK_PIPS_WINDOW
            )
            suit = None if look is None else _best_suit(look)
            return suit is not None and suit is not card.suit

        return self._numbers_doubted(frame, best, doubts)

    def _ace_pip_against(self, frame: np.ndarray, best: FrameAnalysis) -> list[CardDetection]:
        """``best``'s detections, each a black ace read surely whose one pip names another
        black suit (``ace_pip_suits``), made uncertain, its candidate kept
        (``FinderSettings.ace_pip_against``; issue 28, h-wrong51): read as a club while no
        reading of its pip is a club, or as a spade while every reading is a club. A spade's
        pip turned upside down reads as a heart, never as a club, so a heart counts against a
        club. Fresh building seeds' anglo/{lens,harsh}#13650003 AS (58 px) were read surely as
        the AC, both network corners and the black-split reader club; its pip read a heart
        upright (0.98-0.99) and a spade or a heart as warped. Judged last, on the cards the
        frame reports: it only takes sureness away."""
        reported = best.reported
        outlines = [np.asarray(d.corners, np.float32) for d in reported]
        doubted: set[int] = set()
        for n, d in enumerate(reported):
            card = d.card
            if card is None or card.rank is not Rank.ACE or card.suit not in BLACK_SUITS:
                continue
            if self._clear_middle(frame, outlines, n) is None:
                continue
            read = self._ace_pip_suits(frame, outlines[n])
            if not read:
                continue
            clubs = [s is Suit.CLUBS for s in read]
            if (card.suit is Suit.CLUBS and not any(clubs)) or (
                card.suit is Suit.SPADES and all(clubs)
            ):
                doubted.add(id(d))
        return [_doubted(d) if id(d) in doubted else d for d in best.detections]

    def _rank_pips_against(self, frame: np.ndarray, best: FrameAnalysis) -> list[CardDetection]:
        """``best``'s detections, each a two to ten read surely whose middle lies in the clear,
        whose weakest whole corner network look at its reported outline (``_net_looks_at``)
        gives its rank under a bar (0 when the network reads no whole index there), and whose
        pips say another number, made uncertain, its candidate kept (issue 28, h-rank52). The
        pips say another number when, counted by their mirror images (``mirrored_pip_count``:
        each pip only with its partner across the card's long axis), they are
        ``RANK_PIPS_LEAST`` or more and not the rank (the bar ``FinderSettings.
        rank_pips_against``), or when neither count (``pip_count``, ``mirrored_pip_count``)
        is the rank and the pip-like blobs at any ink level (``pips_seen``) are
        ``RANK_PIPS_UNDER`` or more fewer than it (the bar ``FinderSettings.rank_pips_few``).
        The pips are a look at the rank that shares
        nothing with the index: on fresh building seeds tango/dim#13680000's 8S was read as
        the TC (network 0.97 and 0.67 ten; eight pips mirrored), ornamental/dim#13683001's 6H
        as the 8H (0.67 and 0.66 eight; six mirrored), anglo/harsh#13661001's 8D as the TD
        (0.77 and 0.46 ten; four seen) and tango/dim#13683003's 2D as the 8D (0.57 eight at
        one corner; two seen). Judged last, on the cards the frame reports: it only takes
        sureness away."""
        against, under = self.finder.rank_pips_against, self.finder.rank_pips_few

        def doubts(
            _: list[np.ndarray], __: int, d: CardDetection, card: Card, middle: np.ndarray
        ) -> bool:
            counted = mirrored_pip_count(middle, self.middle)
            many = (
                against > 0
                and counted is not None
                and counted >= RANK_PIPS_LEAST
                and counted != card.rank
            )
            few = (
                under > 0
                and counted != card.rank
                and self._pip_count(middle) != card.rank
                and pips_seen(middle, self.middle) <= card.rank - RANK_PIPS_UNDER
            )
            if not many and not few:
                return False
            column = RANK_CLASSES.index(card.rank)
            shares = [
                float(look.rank[column])
                for look in self._net_looks_at(frame, d)
                if look.rank is not None and look.suit is not None
            ]
            weakest = min(shares, default=0.0)  # no whole look: nothing reads the rank surely
            return (many and weakest < against) or (few and weakest < under)

        return self._numbers_doubted(frame, best, doubts)

    def _black_pip_against(self, frame: np.ndarray, best: FrameAnalysis) -> list[CardDetection]:
        """``best``'s detections, each a black two to ten read surely whose middle lies in the
        clear, its pips counted as its rank (``_counted_as``) in black ink, and whose whole
        pips read upright (``_black_pip_suit``) name the other black suit, made uncertain, its
        candidate kept (``FinderSettings.black_pip_against``; issue 28, h-wrong52). One pip is
        enough: fresh building seeds' anglo/overhead#13683004 2S (57 px) was read surely as the
        2C, every index look club; its second pip was cut by the middle's edge, so
        ``_pips_against`` (two pips) did not judge it, and its one whole pip reads a spade
        upright, 1.00 sure. Judged last, on the cards the frame reports: it only takes
        sureness away."""

        def doubts(
            outlines: list[np.ndarray], n: int, _: CardDetection, card: Card, middle: np.ndarray
        ) -> bool:
            if self._counted_as(middle, card.rank) is None:
                return False  # not this card's pips in the clear: their suit tells nothing
            if self._suits_unlike(self._pips_colour(middle)) != RED_SUITS:
                return False  # the pips' ink is not told black
            suit = self._black_pip_suit(frame, outlines[n])
            return suit is not None and suit is not card.suit

        return self._numbers_doubted(frame, best, doubts, suits=BLACK_SUITS)

    def _numbers_doubted(
        self,
        frame: np.ndarray,
        best: FrameAnalysis,
        doubts: Callable[[list[np.ndarray], int, CardDetection, Card, np.ndarray], bool],
        *,
        suits: Collection[Suit] = tuple(Suit),
    ) -> list[CardDetection]:
        """``best``'s detections, each a two to ten of ``suits`` read surely whose middle lies
        in the clear (``_clear_middle``) and which ``doubts`` (the outlines reported, the
        card's place among them, the detection, its card and its middle) doubts, made
        uncertain, its candidate kept: what the pips' judges (``_pips_against``,
        ``_rank_pips_against``, ``_black_pip_against``) share."""
        reported = best.reported
        outlines = [np.asarray(d.corners, np.float32) for d in reported]
        doubted: set[int] = set()
        for n, d in enumerate(reported):
            card = d.card
            if card is None or not Rank.TWO <= card.rank <= Rank.TEN or card.suit not in suits:
                continue
            middle = self._clear_middle(frame, outlines, n)
            if middle is not None and doubts(outlines, n, d, card, middle):
                doubted.add(id(d))
        return [_doubted(d) if id(d) in doubted else d for d in best.detections]

    def _black_pip_suit(self, frame: np.ndarray, outline: np.ndarray) -> Suit | None:
        """The black suit a card's whole pips name read upright by the glyph model (the middle
        cut ``BLACK_PIPS_WINDOW`` nearer the card's ends, at the frame's own scale, as
        ``_black_by_pips`` cuts it): each pip not read as junk (``junk_limit``) read as that
        suit, of all four, at least ``BLACK_PIP_SURE`` sure, one pip at least; else None (a pip
        read red or the two black suits named)."""
        fine = self._pip_window(BLACK_PIPS_WINDOW)
        vectors = pip_glyphs(warp_middle(frame, outline, fine), fine, upright=True)
        if not vectors:
            return None
        p = self.model.suit_probabilities(np.array(vectors))
        p = p[p[:, -1] < self.junk_limit]  # a pip cut by another pip or the edge is junk
        if not len(p):
            return None
        named = {SUIT_CLASSES[int(np.argmax(row[:-1]))] for row in p}
        if len(named) != 1:
            return None
        (suit,) = named
        if suit not in BLACK_SUITS or float(p[:, SUIT_CLASSES.index(suit)].min()) < BLACK_PIP_SURE:
            return None
        return suit

    def _pip_window(self, window: float) -> MiddleSettings:
        """The middle as the pips are read in it: at the frame's own scale
        (``MiddleSettings.glyph_scale``), cut ``window`` (a share of the card's height, half
        of it of its width) nearer the card's ends and sides, so that end pips lie whole in it."""
        return replace(
            self.middle,
            scale=self.middle.glyph_scale,
            left=self.middle.left - window / 2,
            right=self.middle.right + window / 2,
            top=self.middle.top - window,
            bottom=self.middle.bottom + window,
        )

    def _ace_pip_suits(self, frame: np.ndarray, outline: np.ndarray) -> list[Suit]:
        """An ace's one pip read by the glyph model turned upright and as warped (the middle
        cut ``BLACK_PIPS_WINDOW`` nearer the card's ends, at the frame's own scale, as
        ``_upright_pip_look`` cuts an ace's): each reading's suit, when both find exactly one
        pip and each reads a suit at least ``ACE_PIP_SURE`` sure and not junk; else []."""
        fine = self._pip_window(BLACK_PIPS_WINDOW)
        warped = warp_middle(frame, outline, fine)
        read: list[Suit] = []
        for upright in (True, False):
            vectors = pip_glyphs(warped, fine, upright=upright)
            if len(vectors) != 1:
                return []
            p = self.model.suit_probabilities(np.array(vectors))[0]
            best = int(np.argmax(p[:-1]))
            suit = SUIT_CLASSES[best]
            if float(p[-1]) >= self.junk_limit or float(p[best]) < ACE_PIP_SURE or suit is None:
                return []
            read.append(suit)
        return read

    def _pipped_courts(self, frame: np.ndarray, best: FrameAnalysis) -> list[CardDetection]:
        """``best``'s detections, each read surely as a court whose middle lies in the clear
        (no other reported shape over it) and whose ink is at least ``court_mirror`` alike to
        its mirror image (``mirror_alike``), or at least ``court_pips_mirror`` alike while
        showing ``court_pips`` or more pip-like blobs (``pips_seen``), made uncertain, its
        candidate kept (issue 28, h-framed41): a number card's index beside a frame printed
        round its pips, read as a court by the corner network. Pips lie symmetrically about
        the card's long axis; a court's picture is turned half round, not mirrored.
        ``_judged`` doubts a court whose ``pip_count`` is not None already; a frame line in the
        middle is one blob larger than any pip, so ``pip_count`` is None there. A middle of
        plain paper (under ``COURT_INK`` ink: a court printed without a picture) is not judged.
        Judged last, on the cards the frame reports: it only takes sureness away."""
        reported = best.reported
        outlines = [np.asarray(d.corners, np.float32) for d in reported]
        doubted: set[int] = set()
        for n, d in enumerate(reported):
            if d.card is None or d.card.rank not in COURT_RANKS:
                continue
            middle = self._clear_middle(frame, outlines, n)
            if middle is None or ink_share(middle, self.middle) < COURT_INK:
                continue  # plain paper: a court printed without a picture
            alike = mirror_alike(middle, self.middle)
            if alike >= self.court_mirror or (
                0 < self.court_pips_mirror <= alike
                and pips_seen(middle, self.middle) >= self.court_pips
            ):
                doubted.add(id(d))
        return [_doubted(d) if id(d) in doubted else d for d in best.detections]

    def _net_suit_against(self, frame: np.ndarray, detection: CardDetection) -> CardDetection:
        """``detection``, uncertain when it is read surely and the corner network, at its
        reported outline, reads an index at one corner at least and gives the suit read less
        than ``net_suit_least`` at every such corner (issue 28, h-wrong39): the suit is the
        glyph reader's or the pips' alone, against a network that does not bear it out. On fresh
        building seeds (11,600,000-11,600,019) three sure wrong reads were so (tango/dim's 4C
        and simplistic/dim's 5S read as diamonds, tango/noisy's 2D as hearts), and three cards
        read rightly. Judged last, on the cards the frame reports: it only takes sureness
        away."""
        card = detection.card
        if card is None:
            return detection
        looks = self._net_looks_at(frame, detection)
        suits = [look.suit for look in looks if look.suit is not None]
        where = SUIT_CLASSES.index(card.suit)
        if not suits or max(float(suit[where]) for suit in suits) >= self.net_suit_least:
            return detection
        return _doubted(detection)

    def _net_looks_at(
        self, frame: np.ndarray, detection: CardDetection
    ) -> tuple[_Reading, _Reading]:
        """The corner network's looks at the two index corners of ``detection``'s reported
        outline (as ``_regions_for`` orders them)."""
        regions = self._regions_for(frame, np.asarray(detection.corners, np.float32))
        patches = self._patches([regions])
        return self._net_readings(*self._net_probabilities([regions], patches))[0]

    def _net_blind(self, frame: np.ndarray, detection: CardDetection) -> bool:
        """Whether ``detection`` is reported uncertain with a candidate and the corner network,
        at its reported outline, sees no index at either corner (junk or no index at both): the
        candidate is the glyph reader's alone (issue 28, h-pile38). A printed marker in a lamp's
        hot spot (gnomangelo/harsh#11384002 of the fresh building seeds) was read QC, 1.0, by
        the glyph reader at one corner of the shape round it; the network called both corners
        junk. Judged last, on the cards the frame reports: a card read surely is never judged."""
        if detection.card is not None or detection.candidate is None:
            return False
        looks = self._net_looks_at(frame, detection)
        return all(look.rank is None for look in looks)

    def _off_cloth(
        self, frame: np.ndarray, best: FrameAnalysis
    ) -> tuple[list[CardDetection], list[CardDetection]]:
        """``best``'s detections and unread cards but the shapes reported uncertain whose middle
        is at least ``cloth_centre`` the cloth round them (``cloth_at_centre``; issue 28,
        h-false37). A card's middle is paper, pips or a picture inside its paper; a shape laid
        across two cards (gnomangelo/harsh#11384001 of the fresh building seeds: over a 3D and
        a KD, its centre on the felt between them) or half off a card has the cloth there, and
        the count takes a detection's centre for where it is. Judged last, on the shapes the
        frame reports; a card read surely is never judged."""
        reported = best.reported
        outlines = [np.asarray(d.corners, np.float32) for d in reported]

        def on_cloth(k: int) -> bool:
            others = outlines[:k] + outlines[k + 1 :]
            share = cloth_at_centre(
                frame, outlines[k], others, reach=CLOTH_REACH, alike=CLOTH_ALIKE
            )
            return share >= self.cloth_centre

        dropped = {id(d) for k, d in enumerate(reported) if d.card is None and on_cloth(k)}
        return (
            [d for d in best.detections if id(d) not in dropped],
            [d for d in best.unread_cards if id(d) not in dropped],
        )

    def _unedged_unsure(
        self, frame: np.ndarray, best: FrameAnalysis
    ) -> tuple[list[CardDetection], list[CardDetection]]:
        """``best``'s detections and unread cards but the shapes reported uncertain that no
        edge and no index bear out (issue 28, h-glare43): the weakest side judged shows an edge
        in the frame along less than ``FinderSettings.edge_support`` of its length
        (``edge_support.side_support``, the points on or near another reported shape left out)
        and the corner network, at the shape's outline, reads neither index corner as surely as
        ``FinderSettings.edge_net_least`` (rank times suit; junk: not at all) and less than
        ``FinderSettings.edge_ink_most`` of its inside shows ink (``edge_support.face_ink``);
        only a shape as bright as glare is judged (``edge_support.brightness`` at least
        ``FinderSettings.edge_bright``: in dim light a card's sides, index and ink are faint).
        A card lying on the felt shows a step across each side, or the sharp line of its edge
        against another card; a glare spot that blows the felt out to white, bounded by printed
        ink or another card's edge (h-large42's "light" photographs), fades out on one side at
        least, and so does a forearm's shape cut by the picture's edge. A card blown out by the
        same glare has a soft side too, but its index reads, and a shape laid across a card at
        a wrong size (its index corners off the card's) shows the card's ink. Judged last, on
        the shapes the frame reports; a card read surely is never judged."""
        least = self.finder.edge_support
        reported = best.reported
        outlines = [np.asarray(d.corners, np.float64) for d in reported]
        grey: np.ndarray | None = None
        dropped: set[int] = set()
        for k, d in enumerate(reported):
            if d.card is not None:
                continue
            if grey is None:
                grey = edge_grey(frame)
            if brightness(frame, outlines[k], grey) < self.finder.edge_bright:
                continue  # no glare: a dim card's sides and ink are faint too
            others = outlines[:k] + outlines[k + 1 :]
            support = side_support(frame, outlines[k], grey, others, EDGE_NEAR)[1]
            if np.all(np.isnan(support)) or float(np.nanmin(support)) >= least:
                continue
            ink = face_ink(frame, outlines[k])
            if ink >= self.finder.edge_ink_most:
                continue
            # A face blank but for its outline (``FinderSettings.edge_blank_ink``): an index
            # the network reads at its corners is a printed box's corner or a glare spot's rim,
            # unless it reads one at least ``edge_blank_net`` surely (a card blown out to white
            # by glare and blur, its index all the ink left).
            blank = ink < self.finder.edge_blank_ink
            if not blank and self._index_read(frame, d) >= self.finder.edge_net_least:
                continue
            if blank and 0 < self.finder.edge_blank_net <= self._index_read(frame, d):
                continue
            dropped.add(id(d))
        return (
            [d for d in best.detections if id(d) not in dropped],
            [d for d in best.unread_cards if id(d) not in dropped],
        )

    def _index_read(self, frame: np.ndarray, detection: CardDetection) -> float:
        """How surely the corner network reads an index at either index corner of
        ``detection``'s outline (the better corner's best rank times best suit; 0 at a corner
        it calls junk)."""
        regions = self._regions_for(frame, np.asarray(detection.corners, np.float32))
        patches = self._patches([regions])
        ranks, suits = self._net_probabilities([regions], patches)
        best = 0.0
        for r, s in zip(ranks, suits, strict=True):
            if r[-1] >= self.junk_limit or s[-1] >= self.junk_limit:
                continue
            rank = r[:-1] / max(float(r[:-1].sum()), 1e-9)
            suit = s[:-1] / max(float(s[:-1].sum()), 1e-9)
            best = max(best, float(rank.max()) * float(suit.max()))
        return best

    def _lone_network_corner(
        self, frame: np.ndarray, detection: CardDetection
    ) -> tuple[_Reading, np.ndarray, int] | None:
        """The corner network's look at the one index corner of ``detection``'s reported outline
        it reads whole (rank and suit), with that corner's patch (one row) and which corner it is
        (0 or 1, as ``_regions_for`` orders them), when it reads the index whole at that corner
        only (the other under another card, cut off, or showing no index); None otherwise. The
        one-corner rules ask it (``_one_corner_spade``, ``_one_corner_neighbour``,
        ``_covered_centre``)."""
        regions = self._regions_for(frame, np.asarray(detection.corners, np.float32))
        patches = self._patches([regions])
        looks = self._net_readings(*self._net_probabilities([regions], patches))[0]
        whole = [side for side, r in enumerate(looks) if r.rank is not None and r.suit is not None]
        if len(whole) != 1:
            return None
        (side,) = whole
        return looks[side], patches[side : side + 1], side

    def _one_corner_neighbour(
        self,
        frame: np.ndarray,
        detection: CardDetection,
        sides: tuple[float, float] | None = None,
    ) -> CardDetection:
        """``detection``, uncertain when it is a king, queen, ten, four or nine read surely
        whose index the corner network, at its reported outline, reads whole at one corner
        only (the other under another card, cut off, or showing no index) and that corner gives
        a neighbouring rank (``NEIGHBOUR_RANKS``: a Q for a K, a K or a 10 for a Q, a Q for a
        10, a 9 for a 4 and a 4 for a 9) at least ``neighbour_one`` of its rank's probability
        (issue 28, session 32, h-court32). The fresh held-out set 475 read six such cards
        surely as the neighbour (a KD as QD twice, a QC as TC twice, a QS as TS, a 4H as 9H);
        no building set showed one, but one network corner leaning to the neighbour is
        where a sure read of these ranks is thinnest: on fresh building scenes one corner of
        a QH read the K 0.65-0.93 sure, the glyph reader the K too, and only the other
        corner's Q (0.59-0.98) kept it uncertain (lens#10901002, three designs). Of the 127
        kings, queens, tens, fours and nines of the building check read rightly at one
        network corner, two gave the neighbour 0.1 or more (anglo/lens#7900007's TC 0.28,
        simplistic/wide#7900003's QC 0.17; docs/benchmarks.md, "h-court32"). Judged last, on
        the cards the frame reports: it only takes sureness away. ``sides``: the frame's sure
        card size (``_sure_sides``), with ``FinderSettings.neighbour_relaid`` on: such a card
        laid again there and read whole at both index corners stays sure
        (``_neighbour_relaid``)."""
        card = detection.card
        if self.neighbour_one <= 0 or card is None or card.rank not in NEIGHBOUR_RANKS:
            return detection
        lone = self._lone_network_corner(frame, detection)
        if lone is None:
            return detection
        rank = lone[0].rank
        assert rank is not None
        share = max(float(rank[RANK_CLASSES.index(n)]) for n in NEIGHBOUR_RANKS[card.rank])
        if share < self.neighbour_one:
            return detection
        if sides is not None and self._neighbour_relaid(frame, detection, lone[2], sides):
            return detection
        return _doubted(detection)

    def _neighbour_relaid(
        self, frame: np.ndarray, detection: CardDetection, side: int, sides: tuple[float, float]
    ) -> bool:
        """Whether ``detection`` (read surely, its index whole at index corner ``side`` of its
        outline only, that corner leaning to a neighbouring rank), laid again from that corner
        at the frame's sure card size ``sides`` (``refit.from_index_corner``, each outline as
        laid and snapped to the paper's edges, as ``_relaid_off`` lays them), is read by the
        corner network whole at both index corners of one such outline as its card (rank and
        suit), neither corner giving a neighbouring rank ``neighbour_one`` of its rank's
        probability (``FinderSettings.neighbour_relaid``; issue 28, h-relaid50). The card's
        reported outline and reading are kept either way."""
        card = detection.card
        assert card is not None
        quad = np.asarray(detection.corners, np.float64).reshape(4, 2)
        corner = int(np.argmin(np.hypot(*(quad - portrait_orders(quad)[side][0]).T)))
        settings = self.refit if self.refit is not None else DEFAULT_REFIT
        gray = self._snap_gray(frame)
        rank_at = RANK_CLASSES.index(card.rank)
        neighbours = [RANK_CLASSES.index(n) for n in NEIGHBOUR_RANKS[card.rank]]
        shapes = [
            shape
            for scale in NEIGHBOUR_RELAID_SCALES
            for shape in from_index_corner(quad, corner, (scale * sides[0], scale * sides[1]))
        ]
        for shape in shapes:
            for outline in (snapped(gray, shape, settings)[0], shape):
                regions = self._regions_for(frame, np.asarray(outline, np.float32))
                patches = self._patches([regions])
                looks = self._net_readings(*self._net_probabilities([regions], patches))[0]
                if len(looks) < 2 or not all(
                    look.rank is not None
                    and look.suit is not None
                    and int(np.argmax(look.rank)) == rank_at
                    and SUIT_CLASSES[int(np.argmax(look.suit))] is card.suit
                    and max(float(look.rank[n]) for n in neighbours)
                    < self.neighbour_one * float(look.rank[rank_at])
                    for look in looks[:2]
                ):
                    continue
                return True
        return False

    def _small_unsure(self, frame: np.ndarray, best: FrameAnalysis) -> list[CardDetection]:
        """``best``'s detections, uncertain each card read surely whose reported outline's
        short side is under ``FinderSettings.small_card_px`` pixels and which is less than
        ``FinderSettings.small_sureness`` sure (``CardDetection.confidence``) - unless the
        pips in its middle, in the clear, count its rank (a look that shares nothing with the
        index). Issue 28, h-small50: held-out set 124's two wrong reads (a KD read QD, a 6D
        read 8D) were both small cards. At 42-62 pixels a corner's rank is a few pixels of
        ink: on the building design anglo so drawn (scripts/vision_small_reads.py, seeds
        13,649,200 and up) eight of 540 cards read surely were wrong, every one a rank (a 9C
        as the TC, 5S as the 6S twice, an 8D, a 5D and a 9D as tens, an 8H as the 9H, a 6S as
        the 7S), their pips not counted, six of them under 0.99 sure. Judged last, on the
        cards the frame reports: it only takes sureness away. With
        ``FinderSettings.small_rank_sureness`` the same for a card whose rank alone
        (``_rank_sureness``) is less than that sure."""
        outlines = [np.asarray(d.corners, np.float32).reshape(-1, 2) for d in best.reported]
        result: list[CardDetection] = []
        for n, detection in enumerate(best.detections):
            card = detection.card
            thin = (
                card is not None
                and (
                    detection.confidence < self.finder.small_sureness
                    or _rank_sureness(detection) < self.finder.small_rank_sureness
                )
                and _short_side(outlines[n]) < self.finder.small_card_px
            )
            if thin and card is not None and card.rank in _NUMBER_RANKS:
                middle = self._clear_middle(frame, outlines, n)
                thin = middle is None or self._pip_count(middle) != card.rank
            result.append(_doubted(detection) if thin else detection)
        return result

    def _one_corner_spade(self, frame: np.ndarray, detection: CardDetection) -> CardDetection:
        """``detection``, uncertain when it is a spade read surely whose index the corner
        network, at its reported outline, reads whole at one corner only (the other under
        another card, cut off, or no index), that corner's spade under ``SPADE_ONE_NET`` of the
        black suits, and the black-split reader at that corner gives the spade less than
        ``spade_one_split`` of them (issue 28, h-pip29). The glyph reader reads a small or
        blurred club as a spade (``soften_black_split``): beside one unsure network corner its
        spade bears nothing out. On fresh building seeds (10,550,000+) anglo/table#10550001's
        2C, its other corner under a card, was read as the 2S, 0.985 sure: the network 0.74
        spade and 0.21 club (the spade's share 0.78), the glyph reader 0.997 spade, the
        black-split reader 0.58 spade. Of the spades read rightly at one network corner on the
        building check, 30 dim seeds and four fresh sets (84) the black-split reader gave
        each at least 0.87 (all but one 0.97); three had the network's spade under 0.9. Not clubs:
        the black-split reader gave a right one-corner club (tango/noisy#7900004's 4C, the
        network's club 0.73 of the black suits) 0.68. Judged last, on the cards the frame
        reports: it only takes sureness away."""
        lone = self._lone_black_split(frame, detection, Suit.SPADES)
        if lone is None:
            return detection
        look, club = lone
        suit = look.suit
        assert suit is not None
        black = float(suit[_SPADE] + suit[_CLUB])
        if black <= 0 or float(suit[_SPADE]) >= SPADE_ONE_NET * black:
            return detection
        if 1.0 - club >= self.spade_one_split:
            return detection
        return _doubted(detection)

    def _lone_black_split(
        self, frame: np.ndarray, detection: CardDetection, suit: Suit
    ) -> tuple[_Reading, float] | None:
        """For a card read surely in ``suit`` whose index the corner network reads whole at
        one corner only (``_lone_network_corner``): the network's look there and the
        black-split reader's club share at that corner; None otherwise, or without the
        black-split reader (``_one_corner_spade``, ``_one_corner_club``)."""
        card = detection.card
        if card is None or card.suit is not suit or not black_split_available():
            return None
        lone = self._lone_network_corner(frame, detection)
        if lone is None:
            return None
        look, patch, _ = lone
        return look, float(BlackSplit.shared().club_shares(patch)[0])

    def _one_corner_club(self, frame: np.ndarray, detection: CardDetection) -> CardDetection:
        """``detection``, uncertain when it is a club read surely whose index the corner network,
        at its reported outline, reads whole at one corner only (the other under another card,
        cut off, or no index) and the black-split reader at that corner gives the club less
        than ``club_one_split`` of the black suits (issue 28, h-wrong34): ``_one_corner_spade``
        for clubs, without its bar on the network's own share (the network was sure of the
        club on both wrong reads). On fresh building seeds ornamental/dim#11000006's 6S
        (the other corner no index; network 0.87 club, the glyph reader club at both corners,
        the black-split reader 0.66 club at the network's corner) and ornamental/noisy
        #11075009's AS (the other corner under a card; network 0.85 club, glyph reader 1.00
        club, black-split 0.64) were read as clubs, 0.99-1.00 sure; the clubs read rightly so
        there had 0.83 and more. It costs the building check tango/noisy#7900004's 4C (0.68).
        Judged last, on the cards the frame reports: it only takes sureness away."""
        lone = self._lone_black_split(frame, detection, Suit.CLUBS)
        if lone is None or lone[1] >= self.club_one_split:
            return detection
        return _doubted(detection)

    def _black_in_the_dark(self, frame: np.ndarray, detection: CardDetection) -> CardDetection:
        """``detection``, uncertain when it is a spade or a club read surely whose two index
        corners are both less than ``black_legible`` legible (``legibility``: dim, noisy,
        blurred) and the black-split reader (``black_split``), its two corners' odds
        multiplied, gives its suit less than ``BLACK_DARK_SHARE`` of the black suits (issue
        28, h-black26). In such corners the corner network leans to clubs (h-net25) and reads
        a spade's club as surely as a club's: on dim building seeds ornamental/dim#9850025's
        4S (paper at 58 of 255; corners 7 and 13 legible; the black-split reader 0.98 club at
        one corner, 0.93 spade at the other: the club's share 0.74), ornamental/dim#7900028's
        5S (22, 23; 0.28) and tango/dim#7900012's 8S (23, 25; 0.04) were read as clubs,
        0.98-0.99 sure. Of the cards read rightly on five building sets (the check, fresh
        seeds 9,800,000+ and 9,900,000+, two sets of 30 dim seeds) one had corners so
        illegible and a share under 0.8 (ornamental/dim#7900015's 9C, 19 legible, 0.06); the
        next were 33 legible (a 3S at 0.71). Judged last, on the cards reported: it only takes
        sureness away, and the finder's choice between findings is as without it.
        With ``black_against`` (h-wrong34), a spade or club the black-split reader gives less
        than that share at any legibility is uncertain too: on fresh building seeds
        tango/dim#11075002's TS (paper at 79; the black-split reader 0.27 and 0.16 club, the
        club's share 0.07) and ornamental/noisy#11075009's AS (0.34) were read as clubs
        0.99-1.00 sure, a corner of each legible enough for the rule above (and
        simplistic/tilted#11080004's 7C as the 7S: 0.001). The black cards read rightly there
        had 0.61 and more; it costs the building check simplistic/overhead#7900003's 3S (0.11)."""
        card = detection.card
        if card is None or card.suit not in _BLACK or not black_split_available():
            return detection
        patches = self._patches(
            [self._regions_for(frame, np.asarray(detection.corners, np.float32))]
        )

        shares: list[float] = []  # the suit's share, measured once when first asked

        def share() -> float:
            if not shares:
                club = BlackSplit.shared().club_shares(patches).astype(np.float64)
                shares.append(_joined_share(club if card.suit is Suit.CLUBS else 1.0 - club))
            return shares[0]

        if self.black_against > 0 and share() < self.black_against:
            return _doubted(detection)
        # One corner legible enough settles it: the other's legibility is not measured.
        if self.black_legible <= 0 or any(
            legibility(patch) >= self.black_legible for patch in patches
        ):
            return detection
        if share() >= BLACK_DARK_SHARE:
            return detection
        return _doubted(detection)

    def _pip_black(self, frame: np.ndarray, quad: np.ndarray) -> Callable[[], float] | None:
        """``_judge``'s ``black_share`` for a card at ``quad``: the black-split reader's club
        share at its two index corners, their odds multiplied (None: the rule off, or no
        black-split reader)."""
        if self.pip_black <= 0 or not self.use_corner_model or not black_split_available():
            return None

        def share() -> float:
            patches = self._patches([self._regions_for(frame, quad)])
            return _joined_share(BlackSplit.shared().club_shares(patches).astype(np.float64))

        return share

    def _wholly_covered(self, best: FrameAnalysis, chosen: _Finding, share: float) -> bool:
        """Whether ``best`` (``chosen`` read) reads every shape surely (a card at least, none
        uncertain, no unread shape) and its sure cards explain ``chosen``'s card mask
        (``FinderSettings.sure_finish``): of the mask outside their outlines, each widened by
        ``SURE_FINISH_MARGIN`` of a card's width, no piece beside a card (where the steps
        after the choice lay cards: a blob holding a card) is ``share`` of a card's area or
        more, and no piece apart from them (a blob of its own: a calibration marker, a chip)
        is ``RecoverySettings.min_unexplained_cards`` of it or more (where ``recover`` would
        look)."""
        view, mask, card_px = chosen.view, chosen.mask, chosen.card_px
        if view is None or mask is None or card_px is None:
            return False
        if not best.detections or best.unread_cards:
            return False
        if any(d.card is None for d in best.detections):
            return False
        to_view = np.linalg.inv(view.to_image)
        filled = np.zeros(mask.shape[:2], np.uint8)
        outlines = [
            np.round(transform_points(to_view, np.asarray(d.corners, np.float64))).astype(np.int32)
            for d in best.detections
        ]
        cv2.fillPoly(filled, outlines, 255)
        reach = max(1, round(SURE_FINISH_MARGIN * card_px[0]))
        square = cv2.getStructuringElement(cv2.MORPH_RECT, (2 * reach + 1,) * 2)
        cover = cv2.dilate(filled, square)
        left = cv2.bitwise_and(mask, cv2.bitwise_not(cover))
        count, labels, stats, _ = cv2.connectedComponentsWithStats(left, connectivity=8)
        if count <= 1:
            return True
        beside = np.zeros(count, bool)
        beside[labels[cv2.bitwise_and(cv2.dilate(cover, _SQUARE3), left) > 0]] = True
        area = card_px[0] * card_px[1]
        apart = (self.recovery or RecoverySettings()).min_unexplained_cards
        limits = np.where(beside, share * area, apart * area)
        return bool(np.all(stats[1:, cv2.CC_STAT_AREA] < limits[1:]))

    def _read_where_printed(
        self, frame: np.ndarray, analysis: FrameAnalysis, chosen: _Finding | None = None
    ) -> None:
        """The chosen finding's sure cards judged again with ``_judge``'s ``printed`` rules
        (read where the index is printed; the pips settle no card one of whose corners shows
        no index): a card they leave uncertain is reported so, and looked at again as any
        uncertain card is. After the choice: the finder's choice between findings (which weighs
        how surely cards read) is as without them (in it, they moved the choice on building
        frames to a finding with a shape on no card). With ``chosen`` (the finding) and
        ``off_size``, a sure card not shown at both index corners whose outline is not the
        finding's card size (``_off_size``) is left uncertain too."""
        for k, detection in enumerate(analysis.detections):
            record = analysis.unprinted.get(id(detection))
            if detection.card is None or record is None or record.detection is not detection:
                continue
            judged = (
                record.detection
                if record.printed_same
                else self._judged(
                    frame, record.outlines, record.n, record.quad, record.looks, printed=True
                )
            )
            if (
                judged is not None
                and judged.card is not None
                and self._merged_tipped(frame, record, record.looks, printed=True)
            ):
                judged = _doubted(judged)  # sure only by a cut across a tall blob
            if (
                judged is not None
                and judged.card is not None
                and chosen is not None
                and self._off_card_shape(record.looks, judged.card, record.quad, chosen)
            ):
                judged = _doubted(judged)
            covered = (
                judged is not None
                and judged.card is not None
                and self._centre_on_another(frame, record.looks, judged.card, record.quad)
            )
            if covered and judged is not None:
                judged = _doubted(judged)
            if judged is None or judged.card is not None:
                continue
            analysis.detections[k] = judged
            if covered:
                continue  # looked at again, its index would read it again: its centre is not
            if judged.candidate is not None and self.use_corner_model:
                analysis.unsure[id(judged)] = replace(record, detection=judged)

    def _off_card_shape(
        self, looks: list[_Reading], card: Card, quad: np.ndarray, found: _Finding
    ) -> bool:
        """Whether a card read surely as ``card`` is read in a shape not a card's (issue 28,
        h-wrong25): not shown at both index corners (``_shown_at_both``) and its outline more
        than ``off_size`` off the card size of the finding ``found`` in its work view
        (``_off_size``). Such a shape lies over two cards, read at one card's index
        (ornamental/table#9300000: a shape 1.3 times the card size laid at a joined blob's
        corner over a 4C and the 7H under it, read at the 7H's index, its centre on the 4C):
        never a guess."""
        if self.off_size <= 0 or _shown_at_both(looks, card):
            return False
        off = _off_size(quad, found)
        return off is not None and off > self.off_size

    def _covered_centre(self, frame: np.ndarray, detection: CardDetection) -> CardDetection:
        """``detection``, uncertain when it is read surely, the corner network at its reported
        outline reads its index whole at one corner only (``_lone_network_corner``) and as the
        card reported, and a straight edge crosses the outline between that corner and a little
        past its centre (``crossing.centre_cut_off`` with ``centre_covered``): its centre lies on
        a card dealt over it, that card missed (issue 28, h-pile35). On fresh building seeds
        tango/table#11260001 reported the 5C at its own outline, surely, but its centre lay 1 px
        inside the 7D dealt over it: the 7D's edge 0.045 of the card's width from the centre,
        the paper either side 0.70 alike (the 7D's shadow), which ``_centre_on_another``'s
        settings (0.8 alike, nothing past the centre) do not count - and that rule is asked only
        of cards laid at a corner offer. Judged last, on the cards the frame reports: it only
        takes sureness away."""
        card = detection.card
        if card is None or self.centre_covered is None:
            return detection
        lone = self._lone_network_corner(frame, detection)
        if lone is None or _best_card(lone[0]) != card:
            return detection
        side = lone[2]
        quad = np.asarray(detection.corners, np.float64)
        if centre_cut_off(frame, quad, (side == 0, side == 1), self.centre_covered):
            return _doubted(detection)
        return detection

    def _small_indices(
        self, frame: np.ndarray, detections: list[CardDetection]
    ) -> list[CardDetection]:
        """``detections``, uncertain each card read surely whose index (``index_share``: its
        height over its outline's, the corner showing the taller) is under ``index_against`` of
        the median of the frame's other sure cards' and whose index the corner network, at its
        reported outline, reads whole at one corner only (``_lone_network_corner``): a shape too
        long for its index, over two cards, read at one card's index (issue 28, h-wrong35).
        Every card of a frame shows about the same share (``index_share``). On fresh building
        seeds ornamental/table#11075002 reported the 5S dealt on a QH as the QH: one shape over
        both, 1.8 times their area, read at the QH's index, its centre on the 5S; its index
        share 0.22, the frame's other sure cards' 0.34 and 0.35. Its size in the plane's view
        was the finding's card size (the frame's other outlines as large), so that
        ``_off_card_shape`` did not hold it. Judged last, on the cards the frame reports: it
        only takes sureness away; the shares are measured only when a frame has two sure cards,
        and the network asked only of a card whose share is small."""
        sure = [d for d in detections if d.card is not None]
        if len(sure) < 2:
            return detections
        shares = [
            index_share(
                (
                    _corner_glyphs(regions, 0, self.index),
                    _corner_glyphs(regions, 1, self.index),
                ),
                self.index,
            )
            for regions in (
                self._regions_for(frame, np.asarray(d.corners, np.float32)) for d in sure
            )
        ]
        small = [
            d
            for n, d in enumerate(sure)
            if _small_share(shares[n], [*shares[:n], *shares[n + 1 :]], self.index_against)
            and self._lone_network_corner(frame, d) is not None
        ]
        return [_doubted(d) if any(d is x for x in small) else d for d in detections]

    def _centre_on_another(
        self, frame: np.ndarray, looks: list[_Reading], card: Card, quad: np.ndarray
    ) -> bool:
        """Whether a card read surely as ``card``, not shown at both index corners
        (``_shown_at_both``), has a straight edge crossing it between the corner it was read
        at and its centre (``crossing.centre_cut_off``, issue 28, h-under26): the edge of a
        card on top, the detection's centre on that card (fresh building seeds,
        ornamental/table#9000006: a 4D half under the 4C read at its index, its outline's
        centre on the 4C, the 4C missed). Never a guess."""
        read = _shown_at(looks, card)
        if self.crossing is None or all(read):
            return False
        return centre_cut_off(frame, quad, read, self.crossing)

    def _looks_again(self, frame: np.ndarray, analysis: FrameAnalysis) -> None:
        """The cards of the chosen finding still uncertain looked at again: the second look,
        the middle look and the two readers' splits, each as set."""
        if not (self.second_look and self.use_corner_model):
            return
        if self.finder.black_by_network:
            self._black_by_network(frame, analysis)
        if self.finder.merged_set_aside:
            self._merged_set_aside(frame, analysis)
        self._second_look(frame, analysis)
        if self.middle_look:
            self._middle_look(frame, analysis)
        if self.settle_splits:
            self._settle_splits(frame, analysis)
        if self.search_outline:
            self._searched_look(frame, analysis)

    def _settled_by_faces(
        self, frame: np.ndarray, analysis: FrameAnalysis, deck: EnrolledDeck
    ) -> list[CardDetection]:
        """The detections, each uncertain one read again by its whole face against the house's
        enrolled faces (``faces.FaceMatcher.settle``): sure when the faces settle its rank and
        colour and the looks are sure which suit of that colour it is. A sure reading whose face
        shows the other colour's ink is left uncertain (``FaceMatcher.contradicts``)."""
        outlines = [np.asarray(d.corners, np.float32) for d in analysis.reported]
        result = []
        for n, detection in enumerate(analysis.detections):
            if detection.card is not None:
                detection = self._colour_checked(frame, analysis, deck, [n])[n]
            elif detection.candidate is not None and detection.suits:
                quad = outlines[n]
                others = outlines[:n] + outlines[n + 1 :]
                record = analysis.unsure.get(id(detection))
                card = deck.faces.settle(
                    warp_face(frame, quad),
                    detection.candidate,
                    dict(zip(SUIT_CLASSES, detection.suits, strict=False)),  # type: ignore[arg-type]
                    covered(quad, others, frame.shape[:2]),
                    corners=_corner_suits(record.looks)
                    if self.deck_suit_borne and record is not None and record.detection is detection
                    else (),
                    rank_read=self.face_keeps_rank
                    and record is not None
                    and record.detection is detection
                    and _rank_read(record.looks, detection.candidate),
                    seen=_ranks_seen(record.looks)
                    if self.face_rank_seen and record is not None and record.detection is detection
                    else None,
                    rank_pair=self.finder.deck_rank_pair,
                    court_margin=self.finder.deck_court_margin,
                )
                if card is not None:
                    detection = replace(detection, card=card, candidate=card)
            result.append(detection)
        return result

    def _colour_checked(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        deck: EnrolledDeck,
        which: Iterable[int],
        *,
        least: float = 0.0,
    ) -> list[CardDetection]:
        """The detections, those numbered ``which`` left uncertain when read surely as a card
        of the other colour than their face shows (``FaceMatcher.contradicts``; that face
        matching at least ``least``)."""
        outlines = [np.asarray(d.corners, np.float32) for d in analysis.reported]
        result = list(analysis.detections)
        for n in which:
            detection = result[n]
            if detection.card is None:
                continue
            quad = outlines[n]
            others = outlines[:n] + outlines[n + 1 :]
            if deck.faces.contradicts(
                warp_face(frame, quad),
                detection.card,
                covered(quad, others, frame.shape[:2]),
                least=least,
            ):
                result[n] = replace(detection, card=None)
        return result

    def _exchange(self, frame: np.ndarray, analysis: FrameAnalysis, found: _Finding) -> None:
        """A card of the chosen finding lying across two cards it shut out (``quads.exchanges``:
        two cards dealt overlapping, a third crosswise over them) gives way to them when they
        read surely, both index corners bearing each out, and one of them is the card it read
        (it lay over that card's index): the outline alone cannot tell it from a card joined
        with something that shapes shifted off it explain better. The corner network reads
        them first: cards one of which it says cannot be borne out (``_looks_may_agree``) are
        not read in full (the same answers, issue 28, h-speed24)."""
        view, mask, card_px = found.view, found.mask, found.card_px
        if view is None or mask is None or card_px is None:
            return
        to_view = np.linalg.inv(view.to_image)
        chosen = [transform_points(to_view, q) for q in found.quads]
        # The shapes reported in which no index was read: one may be a card placed a little off.
        doubtful = [np.asarray(d.corners) for d in analysis.unread_cards]
        unsure = [
            any(polygon_iou(np.asarray(q), d) >= SAME_SHAPE for d in doubtful) for q in found.quads
        ]
        for exchange in exchanges(found.joined, self.finder, chosen, unsure):
            given_up = transform_points(view.to_image, exchange.given_up)
            shapes = analysis.reported
            overlaps = [polygon_iou(given_up, np.asarray(d.corners)) for d in shapes]
            if not overlaps or max(overlaps) < SAME_SHAPE:
                continue  # not reported (dropped): nothing to give up
            n = int(np.argmax(overlaps))
            previous = shapes[n]
            quads = [transform_points(view.to_image, q) for q in exchange.cards]
            covering = [np.asarray(d.corners) for k, d in enumerate(shapes) if k != n]
            with_deck = isinstance(self._model, EnrolledDeck)
            regions = [self._regions_for(frame, quad) for quad in quads]
            if self.use_corner_model:
                # The network first, as the full read reads it (the same corners in one batch,
                # the same overlaps): a card whose two corners cannot bear it out there is
                # never exchanged, and the glyph reader's cuts are spared.
                shown = self._read_net(regions, with_deck=with_deck)[0]
                shares = _index_overlaps([*quads, *covering], len(quads))
                if not all(map(_looks_may_agree, shown, shares)):
                    continue
            read = self._analysis_of(
                frame,
                _Finding(quads, card_px, found.foreground, [False] * len(quads), regions=regions),
                with_deck=with_deck,
                covering=covering,
            )
            cards = [d.card for d in read.detections]
            if (
                len(read.detections) < len(quads)
                or (len(quads) == 1 and previous.card is not None)
                or any(card is None for card in cards)
                or not all(read.corners_agree)
                or (previous.card is not None and previous.card not in cards)
            ):
                continue
            if n < len(analysis.detections):
                del analysis.detections[n]
                for kept in (analysis.shares, analysis.corners_agree):
                    if len(kept) > n:
                        del kept[n]
            else:
                del analysis.unread_cards[n - len(analysis.detections)]
            analysis.detections.extend(read.detections)
            analysis.unsure.update(read.unsure)
            analysis.shares.extend(read.shares)
            analysis.corners_agree.extend(read.corners_agree)
            analysis.quads.extend(np.asarray(d.corners) for d in read.detections)

    def _corner_cards(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        resized: bool = False,
        proposals: BlobProposals | None = None,
    ) -> tuple[list[CardDetection], list[CardDetection]]:
        """Cards at the corners of the chosen finding's joined blobs that its cards read surely
        leave bare (``joined.corner_cards``: a card joined with a neighbour, a line, a hand or
        a chip whose corners the finder did not see, or saw only with a shape shifted off it),
        added when each reads surely with both index corners bearing it out
        (``FrameAnalysis.corners_agree``); the cards added, returned, are judged for paper as
        the others but lend nothing to the light's gains (``paper_gains``: a shape half on a
        hand changed them, and a card read surely failed the test). Never a card twice: one
        lying on a card read surely (either's centre on the other) or on the same card read
        beside it is not added; a shape unread or read unsurely that it lies on is this card
        placed otherwise and gives way to it when they overlap by ``CORNER_SAME`` (less, its
        centre is another card's, and the new card is not added - unless it is an unread shape
        showing no paper, ``_paperless``, which the paper test drops after this step).
        Returned: the cards added, and the cards offered that read but whose reading does not
        bear them out, uncertain (``_unsure_corner_card``), for ``_unsure_corners`` to add
        last. The cards a card offered shut out (more than half a card shared,
        ``FinderSettings.corner_shut_out``) are read on their own after the others, as they
        are; then the cards laid from a whole index in the clear
        (``FinderSettings.corner_index``, off), each on its own. ``proposals``: the
        blobs' proposals kept for ``_on_top_cards`` (``joined.BlobProposals``)."""
        view, mask, card_px = found.view, found.mask, found.card_px
        added: list[CardDetection] = []
        unsure: list[CardDetection] = []
        if view is None or mask is None or card_px is None:
            return added, unsure
        if not found.joined and not self.finder.corner_index:
            return added, unsure
        to_view = np.linalg.inv(view.to_image)
        sure = [np.asarray(d.corners) for d in analysis.detections if d.card is not None]
        second: list[np.ndarray] = []
        offered = corner_cards(
            found.joined,
            [transform_points(to_view, q) for q in sure],
            view.image,
            self.finder,
            shut_out=second if self.finder.corner_shut_out else None,
            laid=proposals,
        )
        for batch, shut_out in ((offered, False), (second, True)):
            if batch:
                quads = [transform_points(view.to_image, q) for q in batch]
                self._offer_corner_cards(frame, analysis, found, quads, added, unsure, shut_out)
        # Cards laid from a whole index in the clear of the cards read surely or added
        # (``joined.index_cards``), read on their own last, as the cards shut out are.
        clear = [
            transform_points(to_view, np.asarray(d.corners))
            for d in analysis.detections
            if d.card is not None
        ]
        finder = self.marker_finder()
        anchored = index_cards(mask, clear, view.image, frame, view.to_image, card_px, finder)
        # Cards laid at the corner an index in the clear chooses, their sides the paper's edges
        # beside it and their size what those edges say (``joined.outline_cards``): added only
        # when read surely, both index corners bearing them out - never uncertain (a
        # calibration marker's square laid as a card showed a card's index at one corner).
        outlined = outline_cards(
            mask,
            clear,
            view.image,
            frame,
            view.to_image,
            card_px,
            finder,
            shapes=[
                transform_points(to_view, np.asarray(d.corners))
                for d in analysis.detections
                if d.card is None
                and not (
                    # At the size the sure cards show (``_sure_sized_cards``), a shape of
                    # another size is no card's placed otherwise: it keeps none out.
                    resized
                    and (off := _off_size(np.asarray(d.corners), found)) is not None
                    and off > self.finder.sure_size_off
                )
            ],
        )
        # Laid from the index, a side may be a few pixels off: each is offered as laid and
        # with its sides moved to the paper's edges near them (``refine_outline``), each read
        # on its own (read together, the cards laid from one index or from a card's two cover
        # each other's index corners).
        for laid in anchored:
            for one in _as_laid_and_moved(frame, transform_points(view.to_image, laid)):
                self._offer_corner_cards(frame, analysis, found, [one], added, unsure, True)
        # A card laid at its index corner's edges is added only when its two index corners bear
        # it out (never uncertain): one whose corners the corner network alone, read for all of
        # them at once, already says cannot is not read again with the glyph reader.
        offers = [
            one
            for laid in outlined
            for one in _as_laid_and_moved(frame, transform_points(view.to_image, laid))
        ]
        regions = [self._regions_for(frame, one) for one in offers]
        with_deck = isinstance(self._model, EnrolledDeck)
        shown = (
            self._read_net(regions, with_deck=with_deck)[0]
            if self.use_corner_model and offers
            else []
        )
        for n, (one, pair) in enumerate(zip(offers, regions, strict=True)):
            sure = [np.asarray(d.corners) for d in analysis.detections if d.card is not None]
            if shown and not _corners_may_agree(one, shown[n], sure):
                continue
            kept: list[CardDetection] = []
            self._offer_corner_cards(
                frame,
                analysis,
                found,
                [one],
                added,
                kept,
                True,
                pair,
                clear_read=self.finder.outlined_under,
            )
            if self.finder.outlined_under:
                unsure += [d for d in kept if _one_index_under(d, sure)]
        return added, unsure

    def _between_cards(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        added: list[CardDetection],
        unsure: list[CardDetection],
    ) -> None:
        """The middle card of a hand dealt overlapping, laid midway between two cards read
        surely (``refit.hand_middle``, at the sizes and tilts they show) where the finding's
        mask is card paper and no card reported has its centre, and offered as step 13 offers
        its cards (``_offer_corner_cards``; ``FinderSettings.hand_between``): added when read
        surely at both index corners; kept for ``unsure`` (reported uncertain last) when read at
        the index corner the less covered and the other lies half or more under the cards read
        surely (``_read_in_the_clear``, ``_one_index_under``: the card dealt over it)."""
        view, mask = found.view, found.mask
        if view is None or mask is None or found.card_px is None:
            return
        sides = _sure_sides(analysis)
        if sides is None:
            return
        settings = self.finder
        sure = [
            np.asarray(d.corners, np.float64).reshape(4, 2)
            for d in analysis.detections
            if d.card is not None
        ]
        if settings.hand_between_unsure:
            # An end card reported uncertain with a candidate (read at one index corner; its
            # outline the finding's), or kept to be so (``unsure``), may end a pair with a card
            # read surely, not with another.
            ends = [
                np.asarray(d.corners, np.float64).reshape(4, 2)
                for d in [*analysis.detections, *unsure]
                if d.card is None and d.candidate is not None
            ]
            pairs = [*combinations(sure, 2), *((a, b) for a in sure for b in ends)]
        else:
            pairs = list(combinations(sure, 2))
        to_view = np.linalg.inv(view.to_image)
        outlines = [np.asarray(d.corners, np.float32).reshape(-1, 1, 2) for d in analysis.reported]
        laid: list[list[np.ndarray]] = []  # the shapes laid between each pair, in turn
        for a, b in pairs:
            pair: list[np.ndarray] = []
            for middle in hand_middle(
                a,
                b,
                sides,
                spacing=settings.hand_spacing,
                offset=settings.hand_offset,
                turn_deg=settings.hand_turn_deg,
                size_off=settings.hand_size_off,
            ):
                if any(polygon_iou(middle, o) >= 0.9 for o in [*chain.from_iterable(laid), *pair]):
                    continue
                if _paper_share(mask, transform_points(to_view, middle)) < settings.min_inside:
                    continue
                if not _centre_clear(middle, outlines, settings.hand_clear * sides[0]):
                    continue  # its centre on a card reported, or near one's outline
                pair.append(middle)
            if pair:
                laid.append(pair)
        named = {c for d in analysis.reported for c in (d.card, d.candidate) if c is not None}
        from_index = 0  # how many of ``laid``'s last are ``hand_index``'s
        if self.use_corner_model:
            laid = [
                self._between_surest(frame, shapes, named, sides, mask, to_view) for shapes in laid
            ]
            if settings.hand_index:
                indexed = self._between_indices(frame, analysis, found, sides, named)
                laid += [[one] for one in indexed]
                from_index = len(indexed)
        for n, shapes in enumerate(laid):
            by_index = n >= len(laid) - from_index
            for one in (one for middle in shapes for one in _as_laid_and_moved(frame, middle)):
                before = len(added)
                kept = self._offer_laid(frame, analysis, found, one, added)
                if len(added) > before:
                    if by_index:
                        analysis.laid_from_index.update(d.corners for d in added[before:])
                    break  # read surely: not laid again
                if not kept and (between := self._between_unsure(frame, analysis, found, one)):
                    kept = [between]
                if kept:
                    if by_index:
                        analysis.laid_from_index.update(d.corners for d in kept)
                    unsure += kept
                    break

    def _offer_laid(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        quad: np.ndarray,
        added: list[CardDetection],
    ) -> list[CardDetection]:
        """A card laid (``_between_cards``, ``_bare_cards``; frame pixels) offered as step 13
        offers its cards, read in the clear (``_offer_corner_cards``): added to ``analysis`` and
        ``added`` when read surely at both index corners; else returned, kept to be reported
        uncertain, when one of its index areas lies half or more under the cards read surely
        (``_one_index_under``); else nothing."""
        kept: list[CardDetection] = []
        self._offer_corner_cards(frame, analysis, found, [quad], added, kept, True, clear_read=True)
        now = [np.asarray(d.corners) for d in analysis.detections if d.card is not None]
        return [d for d in kept if _one_index_under(d, now)]

    def _bare_cards(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        added: list[CardDetection],
        unsure: list[CardDetection],
    ) -> None:
        """Cards laid on the pieces of the finding's mask that no card reported covers, in a
        blob holding a card read surely (``FinderSettings.bare_cards``; issue 28, h-merged47):
        the mask less the cards reported (and those kept to be reported uncertain), opened by
        ``bare_open`` of the sure cards' short side (slivers along an outline a little off go),
        each piece of ``bare_least`` to ``bare_most`` cards' area filling its least rectangle
        by ``bare_fill``, laid at the frame's sure card size as ``refit.bare_piece_cards`` lays
        it (a card beside a card read surely, the part of one a card dealt over it, a chip or
        a hand leaves, two touching). A card laid is on the mask (``min_inside``), its centre
        ``hand_clear`` of a short side clear of every card reported, overlapping no shape
        reported or kept uncertain by more than ``relay_off_overlap`` of the smaller (not
        taking the place of a card found otherwise); offered as step 13 offers its cards
        (``_offer_corner_cards``: added when read surely at both index corners; kept for
        ``unsure`` when one corner shows it and the other lies under the cards read surely,
        read in the clear), as laid and moved to the paper's edges."""
        view, mask = found.view, found.mask
        sides = _sure_sides(analysis)
        if view is None or mask is None or found.card_px is None or sides is None:
            return
        settings = self.finder
        short, long = sides
        to_view = np.linalg.inv(view.to_image)
        paper = (mask > 0).astype(np.uint8)
        _, blobs = cv2.connectedComponents(paper)
        held: set[int] = set()  # the blobs holding a card read surely
        for d in analysis.detections:
            if d.card is None:
                continue
            centre = transform_points(to_view, np.asarray(d.corners, np.float64)).mean(axis=0)
            x, y = round(float(centre[0])), round(float(centre[1]))
            if 0 <= y < blobs.shape[0] and 0 <= x < blobs.shape[1] and blobs[y, x] > 0:
                held.add(int(blobs[y, x]))
        if not held:
            return
        shapes = [np.asarray(d.corners, np.float64).reshape(4, 2) for d in analysis.reported]
        doubted = [
            np.asarray(d.corners, np.float64).reshape(4, 2)
            for d in [*analysis.reported, *unsure]
            if d.card is None
        ]
        bare = paper.copy()
        for quad in [*shapes, *(np.asarray(d.corners, np.float64) for d in unsure)]:
            cv2.fillConvexPoly(bare, np.round(transform_points(to_view, quad)).astype(np.int32), 0)
        view_short = float(
            np.median(
                [
                    _size_in_view(np.asarray(d.corners, np.float64), to_view, (1.0, 1.0))[0]
                    for d in analysis.detections
                    if d.card is not None
                ]
            )
        )
        k = max(3, round(settings.bare_open * view_short) | 1)
        opened = cv2.morphologyEx(
            bare, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
        )
        count, labels, stats = compact_components(opened, 8)
        outlines = [q.astype(np.float32).reshape(-1, 1, 2) for q in shapes]
        for label in range(1, count):
            if stats[label, cv2.CC_STAT_AREA] < 3:
                continue
            ys, xs = _component_pixels(labels, stats, label)
            if int(np.bincount(blobs[ys, xs]).argmax()) not in held:
                continue
            points = np.stack([xs, ys], axis=1).astype(np.float64)
            (_, _), (w, h), _ = cv2.minAreaRect(points.astype(np.float32))
            fill = len(xs) / max(w * h, 1.0)
            piece = transform_points(view.to_image, points)
            (_, _), (fw, fh), _ = cv2.minAreaRect(piece.astype(np.float32))
            area = fill * fw * fh / (short * long)
            if fill < settings.bare_fill or not settings.bare_least <= area <= settings.bare_most:
                continue
            for quad in bare_piece_cards(
                piece,
                sides,
                size_off=settings.hand_size_off,
                least=settings.bare_least,
                most=settings.bare_most,
            ):
                if _paper_share(mask, transform_points(to_view, quad)) < settings.min_inside:
                    continue
                if not _centre_clear(quad, outlines, settings.hand_clear * short):
                    continue  # its centre on a card reported, or near one's outline
                if any(
                    overlap_share(quad, other) > settings.relay_off_overlap for other in doubted
                ):
                    continue  # a card found otherwise, uncertain: not taken the place of
                for one in _as_laid_and_moved(frame, quad):
                    before = len(added)
                    kept = self._offer_laid(frame, analysis, found, one, added)
                    if len(added) > before:
                        break
                    if kept:
                        unsure += kept
                        break
                else:
                    continue
                break  # one card a piece

    def _between_indices(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        sides: tuple[float, float],
        named: set[Card],
    ) -> list[np.ndarray]:
        """Cards (frame pixels) laid from an index corner the corner network reads in the bare
        part of a joined blob holding cards read surely (``FinderSettings.hand_index``, a part
        of ``hand_between``): at points ``hand_index_step`` of a short side apart on the
        finding's mask outside every card reported, a card of the frame's sure size
        (``_sure_sides``) laid from the point as its index corner, turned as each card read
        surely in that blob lies (either way round), on the mask (``min_inside``), its centre
        clear of the cards reported (``hand_clear``) and its index area on none of their index
        areas; all read at once by the corner network, and the ``hand_tries`` whose look at the
        laid corner shows, at least ``corner_unsure`` surely, a card no card reported reads,
        the surest first (one a card), returned. The middle card of a hand so laid does not
        hang on its neighbours' outlines (``hand_middle``: an end card's outline off lays it
        off)."""
        view, mask = found.view, found.mask
        if view is None or mask is None:
            return []
        settings = self.finder
        short = sides[0]
        to_view = np.linalg.inv(view.to_image)
        reported = [np.asarray(d.corners, np.float64).reshape(4, 2) for d in analysis.reported]
        sure = [
            np.asarray(d.corners, np.float64).reshape(4, 2)
            for d in analysis.detections
            if d.card is not None
        ]
        paper = (mask > 0).astype(np.uint8)
        _, labels = cv2.connectedComponents(paper)
        bare = paper.copy()
        for quad in reported:
            cv2.fillConvexPoly(bare, np.round(transform_points(to_view, quad)).astype(np.int32), 0)
        theirs = [area for quad in reported for area in _index_areas(quad)]
        outlines = [q.astype(np.float32).reshape(-1, 1, 2) for q in reported]
        step_px = settings.hand_index_step * short
        held: list[tuple[int, np.ndarray]] = []  # each card read surely, by the blob it lies in
        for quad in sure:
            centre = transform_points(to_view, quad).mean(axis=0)
            x, y = round(float(centre[0])), round(float(centre[1]))
            if 0 <= y < labels.shape[0] and 0 <= x < labels.shape[1] and labels[y, x] > 0:
                held.append((int(labels[y, x]), quad))
        counts: np.ndarray | None = None
        laid: list[tuple[np.ndarray, np.ndarray]] = []  # (shape, its index corner)
        if held:
            bare_ys, bare_xs = np.nonzero(bare)  # row by row, as each blob's are taken
            bare_labels = labels[bare_ys, bare_xs]
        for label in sorted({label for label, _ in held}):
            turns: list[np.ndarray] = []
            for quad in (quad for one, quad in held if one == label):
                order = portrait_orders(quad)[0]
                across = order[1] - order[0]
                across = across / max(float(np.hypot(*across)), 1e-6)
                for u in (across, -across):
                    if all(float(u @ t) < math.cos(math.radians(5.0)) for t in turns):
                        turns.append(u)
            mine = bare_labels == label
            ys, xs = bare_ys[mine], bare_xs[mine]
            if not len(xs):
                continue
            if counts is None and QUICK_INDEX_SHAPES:
                counts = _row_counts(paper)
            points = transform_points(view.to_image, np.stack([xs, ys], axis=1).astype(np.float64))
            cells = _cells_of(points, step_px)
            laid += _index_shapes(
                _IndexCells(cells, turns, step_px, sides, outlines, theirs, mask, counts, to_view),
                clear=settings.hand_clear,
                least=settings.min_inside,
            )
        if not laid:
            return []
        regions = [self._regions_for(frame, shape) for shape, _ in laid]
        looks = self._read_net(regions, with_deck=isinstance(self._model, EnrolledDeck))[0]
        scored: list[tuple[float, Card, int]] = []
        for n, pair in enumerate(looks):
            shape, at = laid[n]
            orders = portrait_orders(shape)
            side = int(np.argmin([np.hypot(*(order[0] - at)) for order in orders]))
            look = pair[side]
            if look is _DISPUTED or look.rank is None or look.suit is None:
                continue
            card = _best_card(look)
            if card in named or _sureness(look) < settings.corner_unsure:
                continue
            scored.append((_sureness(look), card, n))
        scored.sort(key=lambda one: -one[0])
        chosen: list[np.ndarray] = []
        cards: set[Card] = set()
        for _, card, n in scored:
            if len(chosen) >= settings.hand_tries:
                break
            if card in cards:
                continue
            cards.add(card)
            chosen.append(laid[n][0])
        return chosen

    def _between_surest(
        self,
        frame: np.ndarray,
        shapes: list[np.ndarray],
        named: set[Card],
        sides: tuple[float, float],
        mask: np.ndarray,
        to_view: np.ndarray,
    ) -> list[np.ndarray]:
        """The shapes laid between two cards of a hand (``_between_cards``), each also moved a
        little along and across the hand and turned (``FinderSettings.hand_moves``,
        ``hand_turns``: a hand's cards lie a few millimetres and degrees apart from the line
        their neighbours make; their outlines a little off), those on the mask read at both
        corners by the corner network at once, and the ``hand_tries`` whose surest whole look
        shows a card no card reported reads, the surest first. None: no look shows a card."""
        short, long = sides
        settings = self.finder
        moved: list[np.ndarray] = []
        for shape in shapes:
            centre = shape.mean(axis=0)
            down = (shape[3] - shape[0] + shape[2] - shape[1]) / 2
            down = down / max(float(np.hypot(*down)), 1e-6)
            across = np.array([-down[1], down[0]])
            for turn in (0.0, *settings.hand_turns, *(-t for t in settings.hand_turns)):
                angle = math.radians(turn)
                rotation = np.array(
                    [[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]]
                )
                turned = (shape - centre) @ rotation.T + centre
                for x in (0.0, *settings.hand_moves, *(-m for m in settings.hand_moves)):
                    for y in (0.0, *settings.hand_moves, *(-m for m in settings.hand_moves)):
                        one = turned + across * x * short + down * y * long
                        if _paper_share(mask, transform_points(to_view, one)) >= (
                            settings.min_inside
                        ):
                            moved.append(one)
        if not moved:
            return []
        regions = [self._regions_for(frame, one) for one in moved]
        looks = self._read_net(regions, with_deck=isinstance(self._model, EnrolledDeck))[0]
        scored: list[tuple[float, int]] = []
        for n, pair in enumerate(looks):
            seen = [
                _sureness(look)
                for look in pair
                if look.rank is not None and look.suit is not None and _best_card(look) not in named
            ]
            if seen:
                scored.append((max(seen), n))
        scored.sort(key=lambda pair: -pair[0])
        return [moved[n] for _, n in scored[: settings.hand_tries]]

    def _between_unsure(
        self, frame: np.ndarray, analysis: FrameAnalysis, found: _Finding, outline: np.ndarray
    ) -> CardDetection | None:
        """A card laid between two cards of a hand (``_between_cards``) read alone beside the
        cards read surely, as an uncertain detection of the card X one index corner's network
        look shows whole when: no card reported reads X; that corner's index area meets no card
        reported's index areas (whatever lies over or under it there, no other card's index is
        printed there: the middle card's corner lies over the card dealt before it, whose
        outline covers it, and the card dealt after it covers the other); the look is at least
        ``FinderSettings.corner_unsure`` sure with a glyph look showing X as surely, or
        ``lone_corner`` sure alone; and no look (either reader's) shows another card
        ``NOISE_SURENESS`` surely but at a corner half or more under the cards read surely
        (the card dealt over it: its pips read as an index, h-merged42's ?3C), nor disputes it.
        Else None. ``_unsure_corners`` adds it apart from the cards reported, on paper."""
        sure = [np.asarray(d.corners) for d in analysis.detections if d.card is not None]
        looks: list[list[_Reading]] = []
        read = self._analysis_of(
            frame,
            _Finding([outline], found.card_px, found.foreground, [False]),
            with_deck=isinstance(self._model, EnrolledDeck),
            covering=sure,
            looks_of=looks,
        )
        if not read.detections:
            return None
        detection, pair = read.detections[0], looks[0]
        if len(pair) < 2 or any(look is _DISPUTED for look in pair):
            return None
        named = {c for d in analysis.reported for c in (d.card, d.candidate) if c is not None}
        theirs = [
            area
            for d in analysis.reported
            for area in _index_areas(np.asarray(d.corners, np.float64))
        ]
        whole = [look for look in pair if look.rank is not None and look.suit is not None]
        areas = _index_areas(np.asarray(detection.corners, np.float64))
        for look, area in zip(pair[:2], areas, strict=True):
            if not (look.network and look.rank is not None and look.suit is not None):
                continue
            card = _best_card(look)
            glyph = any(
                not other.network
                and _best_card(other) == card
                and _sureness(other) >= self.finder.corner_unsure
                for other in whole
            )
            floor = self.finder.corner_unsure if glyph else self.lone_corner
            if (
                card in named
                or _sureness(look) < floor
                or any(cv2.intersectConvexConvex(area, other)[0] > 0 for other in theirs)
                or any(
                    _best_card(other) != card
                    and _sureness(other) >= NOISE_SURENESS
                    and other.overlap < 0.5
                    for other in whole
                )
            ):
                continue
            return replace(detection, card=None, candidate=card, suits=())
        return None

    def _arm_cards(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        arm: ArmSettings,
        paper: PaperSettings,
    ) -> list[CardDetection]:
        """Cards half under a croupier's forearm (issue 28, h-arm37): the arm lying across
        cards joins them into one blob of the rough mask mostly skin, which the paper test
        drops whole (``paper_blobs``), and at the chosen card size the arm cuts them into
        pieces no card fits. In each blob of the chosen finding's view that test drops, the
        cards laid at its paper pieces' corners (``joined.arm_cards``) are offered one by one
        as step 13 offers its cards (``_offer_corner_cards``: added only when read surely,
        both index corners bearing the card out), an index area at least ``SHADOW_SHARE``
        under the arm counted as lying under another card (it may hide the index) - only when
        the other lies in the clear of it (a card both of whose index corners the arm covers
        cannot be read, and one with neither under it is the finder's), and never in the
        place of a shape reported. Returned: the cards added (judged for paper without their
        margin's colour: skin there)."""
        view, mask, card_px = found.view, found.mask, found.card_px
        added: list[CardDetection] = []
        if view is None or mask is None or card_px is None:
            return added
        stage = self._rough_stage
        if stage is not None and cv2.countNonZero(stage.raw) == cv2.countNonZero(stage.rough):
            return added  # most frames: the paper test of the rough mask dropped no blob
        card_area = card_px[0] * card_px[1]
        if stage is not None and stage.view is view:
            raw, rough = stage.raw, stage.rough  # the finding's own view: found already
        else:
            if stage is not None and (
                _largest_in_view(
                    cv2.bitwise_and(stage.raw, cv2.bitwise_not(stage.rough)),
                    np.linalg.inv(view.to_image) @ stage.view.to_image,
                )
                < arm.min_rough_cards * card_area
            ):
                # No blob the rough stage dropped is a forearm's size in this view (paper
                # left under a hand, a chip): its mask and paper test are not made again.
                return added
            raw = card_mask(view.image, None, self.finder)
            rough = self._paper_blobs(view.image, raw)
        dropped = cv2.bitwise_and(raw, cv2.bitwise_not(rough))
        if cv2.countNonZero(dropped) < arm.min_blob_cards * card_area:
            return added  # most frames: no blob dropped
        count, labels, stats = compact_components(dropped, 8)
        large = [
            n
            for n in range(1, count)
            if stats[n, cv2.CC_STAT_AREA] >= arm.min_blob_cards * card_area
        ]
        if not large:
            return added
        chosen = np.zeros(count, np.uint8)
        chosen[large] = 255
        dropped = chosen[labels]
        only = paper_mask(
            view.image, dropped, paper, mask_gains(view.image, dropped, paper), dim=False
        )
        if only is None:
            return added
        pieces = cv2.bitwise_and(paper_rough(only, self.finder, card_px), dropped)
        laid = arm_cards(dropped, pieces, view.image, card_px, self.finder, arm)
        if not laid:
            return added
        under = cv2.bitwise_and(dropped, cv2.bitwise_not(pieces))
        to_view = np.linalg.inv(view.to_image)
        canvas = np.zeros_like(under)
        for quad in laid:
            one = transform_points(view.to_image, quad)
            hidden = []
            for area in _index_areas(one):
                canvas[:] = 0
                cv2.fillConvexPoly(
                    canvas, np.round(transform_points(to_view, area)).astype(np.int32), 255
                )
                inside = max(cv2.countNonZero(canvas), 1)
                if cv2.countNonZero(cv2.bitwise_and(canvas, under)) >= SHADOW_SHARE * inside:
                    hidden.append(area)
            if len(hidden) != 1:
                continue  # one index area under the arm, the other in the clear
            # Offered on a copy: a card that would take the place of a shape reported is not
            # added (a card half under fingers laid again may meet a shape on its neighbour).
            trial = copy.copy(analysis)
            for name in _ARM_TRIAL:
                setattr(trial, name, list(getattr(analysis, name)))
            offered: list[CardDetection] = []
            self._offer_corner_cards(frame, trial, found, [one], offered, [], True, covered=hidden)
            kept = trial.reported
            if (
                offered
                and all(any(d is k for k in kept) for d in analysis.reported)
                # ... nor lying over a shape not read surely as the later steps would drop
                # that shape for (``recover.apart``, ``unsure_on_sure``): kde_dondorf/joined
                # #11430002's unread shape on the 8C, half over the JS laid under fingers.
                and not any(
                    overlap_share(np.asarray(d.corners), np.asarray(o.corners)) > MAX_UNREAD_OVERLAP
                    for d in analysis.reported
                    if d.card is None
                    for o in offered
                )
            ):
                for name in _ARM_TRIAL:
                    setattr(analysis, name, getattr(trial, name))
                added += offered
        return added

    def marker_finder(self) -> FinderSettings:
        """The finder's settings for step 13's outlines: a calibration marker left out is one
        of the layout's own dictionary when there is a layout (``outline_markers``; the layout
        may change while the detector runs), else as the settings say."""
        if self.layout is None or self.finder.outline_markers is None:
            return self.finder
        return replace(self.finder, outline_markers=self.layout.aruco_dictionary)

    def _on_top_cards(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        added: list[CardDetection],
        proposals: BlobProposals | None = None,
    ) -> None:
        """Cards dealt on top of a card read surely (issue 28, h-pile36;
        ``FinderSettings.on_top``): the card on top of a pile shows its whole outline, but the
        card mask makes one blob of the two and the card beneath, read surely at its own outline,
        covers the one on top as far as step 13 judges (its centre or most of it on that card;
        a blob under ``exchange_min_cards`` cards is not looked into at all), and read beside
        it, the card beneath's outline covers the index corner on top. Cards laid at the
        corners of such a blob partly on a card read surely (``joined.on_top_cards``) are read
        each on its own with the outlines of the cards read surely covering its corners, but
        for those it lies on; one is added (and to ``added``, for the paper test's light) only
        when it reads surely with both index corners bearing it out, as a card no detection of
        the frame reads surely, no centre of a card beneath it on it and no other card
        reported meeting it (either's centre on the other). ``proposals``: the blobs' proposals
        ``_corner_cards`` laid (``joined.BlobProposals``: the same blobs, laid once)."""
        view, mask, card_px = found.view, found.mask, found.card_px
        if self.finder.on_top is None or view is None or mask is None or card_px is None:
            return
        sure = [d for d in analysis.detections if d.card is not None]
        if not sure:
            return
        to_view = np.linalg.inv(view.to_image)
        offered = on_top_cards(
            mask,
            [transform_points(to_view, np.asarray(d.corners)) for d in analysis.reported],
            [transform_points(to_view, np.asarray(d.corners)) for d in sure],
            view.image,
            card_px,
            self.finder,
            laid=proposals,
        )
        with_deck = isinstance(self._model, EnrolledDeck)
        for quad, lies_on in offered:
            one = transform_points(view.to_image, quad).astype(np.float32)
            outline = one.reshape(-1, 1, 2)
            beneath = [sure[n] for n in lies_on]
            if any(_inside(outline, d.center) for d in beneath):
                continue
            alone = _Finding([one], card_px, found.foreground, [False])
            covering = [
                np.asarray(d.corners)
                for d in analysis.detections
                if d.card is not None and not any(d is b for b in beneath)
            ]
            if self._cannot_agree(frame, alone, with_deck, covering):
                continue
            read = self._analysis_of(frame, alone, with_deck=with_deck, covering=covering)
            if not read.detections or not read.corners_agree[0]:
                continue
            detection = read.detections[0]
            if detection.card is None or any(d.card == detection.card for d in analysis.detections):
                continue
            if any(
                _centres_meet(detection, d)
                for d in analysis.reported
                if not any(d is b for b in beneath)
            ):
                continue
            analysis.detections.append(detection)
            analysis.shares.append(read.shares[0])
            analysis.corners_agree.append(True)
            analysis.quads.append(np.asarray(detection.corners))
            added.append(detection)

    def _sure_sized_cards(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        added: list[CardDetection],
        unsure: list[CardDetection],
    ) -> None:
        """Cards of the chosen finding's mask found again at the size its cards read surely
        show (issue 28, h-split27). Cards dealt touching make one blob whose straight sides
        vote a card size 1.3-1.6 times too large (or a pair's half too small); a card laid at
        its own size there (``joined.outline_cards``: its index corner's edges) or at a blob's
        corner is read surely, both index corners bearing it out, while the finding's shapes
        lie across the others. When those cards' median size in the finding's view is more
        than ``FinderSettings.sure_size_off`` off the finding's card size, the finding's card
        mask is made again at theirs and its cards found (``find_quads``); those whose centre
        is on no card read surely and that share at most ``max_shared_area`` of a card with
        them are offered as step 13 offers its cards (``_offer_corner_cards``: added when read
        surely at both index corners, a shape unread or read unsurely they lie on giving way;
        reported uncertain at one corner, last)."""
        view, card_px = found.view, found.card_px
        if view is None or card_px is None:
            return
        to_view = np.linalg.inv(view.to_image)
        sizes = [
            _size_in_view(np.asarray(d.corners), to_view, card_px)
            for d, agree in zip(analysis.detections, analysis.corners_agree, strict=False)
            if d.card is not None and agree
        ]
        if not sizes:
            return
        ratio = float(np.median([(w + h) / 2 for w, h in sizes]))
        if abs(ratio - 1) <= self.finder.sure_size_off:
            return
        self._cards_at_ratio(frame, analysis, found, ratio, added, unsure)

    def _blind_sized_cards(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        added: list[CardDetection],
        unsure: list[CardDetection] | None = None,
        *,
        bounded: bool = True,
    ) -> None:
        """Cards of the chosen finding's mask found again at smaller card sizes when none of
        its cards reads surely (issue 28, h-miss29): touching cards beside a layout's printed
        boxes make blobs whose straight sides vote a card size 1.5-4 times too large, and at
        that size neither the finder's shapes nor the index glyphs (looked for at a share of
        the card's width) fit any card. The finding's card size times each of
        ``FinderSettings.blind_ratios`` is tried in turn as ``_sure_sized_cards`` tries the
        size sure cards show (cards added only when read surely, both index corners bearing
        them out; nothing uncertain is added at a size no card bears out), stopping at the
        first that adds a card read surely, whose size the sure-size step then tries. Bounded
        (h-speed31): only in a finding of at most ``FinderSettings.blind_max_shapes`` shapes,
        and never at a card smaller than ``FinderSettings.min_card_share`` of the view. With
        ``FinderSettings.blind_keeps_unsure`` the cards read at one index corner at the ratio
        that adds a card read surely and at the size the sure cards then show are kept for
        ``unsure`` (reported uncertain last, as step 13's); at the ratios before it, none.
        Not ``bounded`` by the number of shapes when step 13's cards were taken out as laid at
        a size their index shares say is too large (``FinderSettings.blind_share``)."""
        if found.view is None or found.card_px is None:
            return
        if any(d.card is not None for d in analysis.detections):
            return
        most = self.finder.blind_max_shapes
        if bounded and most is not None and len(found.quads) > most:
            return
        height, width = found.view.image.shape[:2]
        least = height * width * self.finder.min_card_share
        for ratio in self.finder.blind_ratios:
            if found.card_px[0] * found.card_px[1] * ratio * ratio < least:
                continue
            before = len(added)
            # Cards read unsurely at a size nothing read bears out are not kept (a shape on a
            # printed box read at one corner was a detection where no card is).
            at_ratio: list[CardDetection] = []
            self._cards_at_ratio(frame, analysis, found, ratio, added, at_ratio)
            if len(added) > before:
                # The cards read surely there show the size: the rest found at theirs; with
                # ``blind_keeps_unsure``, those read at one corner at a size a card bears out
                # are kept uncertain.
                keep: list[CardDetection] = []
                if unsure is not None and self.finder.blind_keeps_unsure:
                    unsure += at_ratio
                    keep = unsure
                if self.finder.sure_size_off > 0:
                    self._sure_sized_cards(frame, analysis, found, added, keep)
                return

    def _cards_at_ratio(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        ratio: float,
        added: list[CardDetection],
        unsure: list[CardDetection],
    ) -> None:
        """The chosen finding's mask looked into again at its card size times ``ratio``
        (``_sure_sized_cards``, ``_blind_sized_cards``)."""
        view, card_px = found.view, found.card_px
        assert view is not None and card_px is not None
        to_view = np.linalg.inv(view.to_image)
        size = (card_px[0] * ratio, card_px[1] * ratio)
        # The finding's own mask, then its paper alone (a printed box joined with the cards).
        for papered in dict.fromkeys((found.papered, True)):
            mask = self._card_mask(view.image, size, papered=papered)
            joined: list[JoinedBlob] = []
            shapes, _ = find_quads(mask, size, self.finder, joined)
            sure = [
                transform_points(to_view, np.asarray(d.corners))
                for d in analysis.detections
                if d.card is not None
            ]
            card_area = size[0] * size[1]
            offered: list[np.ndarray] = []
            shared = self.finder.max_shared_area * card_area
            for shape in shapes:
                quad = np.asarray(shape.corners, np.float64)
                centre = quad.mean(axis=0)
                point = (float(centre[0]), float(centre[1]))
                if any(
                    _inside(np.asarray(q, np.float32).reshape(-1, 1, 2), point)
                    or shared_area(quad, q) > shared
                    for q in sure
                ):
                    continue
                offered.append(transform_points(view.to_image, quad))
            resized = replace(
                found, quads=offered, card_px=size, mask=mask, joined=joined, regions=[], nets={}
            )
            if offered:
                self._offer_corner_cards(frame, analysis, resized, offered, added, unsure, False)
            more, more_unsure = self._corner_cards(frame, analysis, resized, resized=True)
            added += more
            unsure += more_unsure

    def _offer_corner_cards(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        quads: list[np.ndarray],
        added: list[CardDetection],
        unsure: list[CardDetection],
        shut_out: bool,
        regions: _CornerRegions | None = None,
        covered: Sequence[np.ndarray] = (),
        clear_read: bool = False,
    ) -> None:
        """``quads`` (frame pixels) read together beside the cards read surely, each added to
        ``analysis`` (and ``added``) or kept for ``unsure`` as ``_corner_cards`` says. Cards a
        card offered before shut out (``shut_out``) take the place of no shape (a shape
        there, read unsurely or not, may be the card the later steps read or lay again).
        ``regions``: one card's corner regions, warped already. ``covered``: more outlines
        (frame pixels, convex) covering the quads' corners as the cards read surely do (an
        index area under a forearm, ``_arm_cards``). ``clear_read``: a card is kept for
        ``unsure`` only when read at its index corner the less covered (``_read_in_the_clear``;
        ``FinderSettings.outlined_under``)."""
        assert found.card_px is not None
        sure = [np.asarray(d.corners) for d in analysis.detections if d.card is not None]
        looks: list[list[_Reading]] = []
        relay_unread = bool(self.finder.corner_relay) and self.finder.corner_relay_unread
        unread: list[int] = []
        read = self._analysis_of(
            frame,
            _Finding(
                quads,
                found.card_px,
                found.foreground,
                [False] * len(quads),
                regions=[] if regions is None else [regions],
            ),
            with_deck=isinstance(self._model, EnrolledDeck),
            # A shape read unsurely on it may be this card placed otherwise.
            covering=[*sure, *covered],
            looks_of=looks,
            unread_of=unread if relay_unread else None,
        )
        size = (frame.shape[0], frame.shape[1])
        offered: list[tuple[CardDetection, float | None, bool, list[_Reading], bool]] = [
            (*entry, False)
            for entry in zip(read.detections, read.shares, read.corners_agree, looks, strict=True)
        ]
        # Offers that read nothing at all, laid again (``FinderSettings.corner_relay_unread``):
        # a card read surely there is offered as judged already (``_relaid_unread``).
        offered += [
            (*relaid, True)
            for n in unread
            if (relaid := self._relaid_unread(frame, found, quads[n], sure, analysis)) is not None
        ]
        for detection, share, agree, pair, relaid_unread in offered:
            outline = np.asarray(detection.corners, np.float64)
            if (
                not relaid_unread  # judged in ``_relaid_unread`` already
                and detection.card is not None
                and (
                    self._off_card_shape(pair, detection.card, outline, found)
                    or self._centre_on_another(frame, pair, detection.card, outline)
                )
            ):
                # Read in a shape not a card's (``_off_card_shape``), or its centre on a card
                # on top (``_centre_on_another``): uncertain, as a card whose reading its
                # corners do not bear out.
                detection = _doubted(detection)
            if (detection.card is None or not agree) and self.finder.corner_relay:
                card = detection.card if detection.card is not None else detection.candidate
                relaid = self._relaid_offer(
                    frame, found, detection.corners, card, pair, sure, reported=analysis.reported
                )
                if relaid is not None and not _doubted_there(relaid[0], analysis.reported):
                    again = np.asarray(relaid[0].corners, np.float64)
                    read_as = relaid[0].card
                    assert read_as is not None
                    # Judged as an offer read surely is (above): in a shape not a card's, or
                    # its centre on a card on top, the offer stays as it was read.
                    if not (
                        self._off_card_shape(relaid[3], read_as, again, found)
                        or self._centre_on_another(frame, relaid[3], read_as, again)
                    ):
                        detection, share, agree, pair = relaid
                        outline = again
            if detection.card is None or not agree:
                if self.finder.corner_unsure > 0:
                    offered_unsure = self._unsure_corner_card(detection, pair)
                    if not clear_read or all(
                        _read_in_the_clear(pair, d.candidate) for d in offered_unsure
                    ):
                        unsure += offered_unsure
                        if self.finder.corner_relaid:
                            # What it was read from, for ``_corner_relaid``.
                            for d in offered_unsure:
                                analysis.offered[id(d)] = _Unsure(
                                    d, np.asarray(d.corners, np.float64).reshape(4, 2), pair, [], 0
                                )
                continue
            lying_on = [d for d in analysis.reported if _centres_meet(detection, d)]
            # A card partly out of the picture is found by the part of it in view, its outline
            # (and centre) a guess laid at a card's size over the card beside it: its centre on
            # this card says nothing when it was read surely and this card's centre is not on
            # it; one not read surely over a card read surely is not reported (``surer_inside``,
            # ``unread_apart``).
            lying_on = [
                d
                for d in lying_on
                if not (
                    at_edge(d, size)
                    and polygon_iou(np.asarray(d.corners, np.float64), outline) < CORNER_SAME
                    and (
                        d.card is None
                        or not _inside(
                            np.asarray(d.corners, np.float32).reshape(-1, 1, 2), detection.center
                        )
                    )
                )
            ]
            # An unread shape that shows no paper is no card: the paper test (``analyse``)
            # drops it later; until then it keeps out no card read surely, however little the
            # two overlap (simplistic/table#7900009's QD: a shape shifted half off it over a
            # printed box, IoU 0.28).
            apart = [
                d
                for d in lying_on
                if d.card is not None
                or polygon_iou(np.asarray(d.corners, np.float64), outline) < CORNER_SAME
            ]
            if (
                any(d.card is not None for d in apart)
                # ... kept out unless every such shape is unread and shows no paper
                or len(self._paperless(frame, analysis, apart, added)) < len(apart)
                or any(
                    d.card == detection.card
                    and polygon_iou(np.asarray(d.corners, np.float64), outline) > 0
                    for d in analysis.detections
                )
            ):
                continue
            if shut_out and any(
                at_edge(d, size) or d.candidate not in (None, detection.card) for d in lying_on
            ):
                continue
            _drop_detections(analysis, lying_on)
            analysis.unread_cards = [
                d for d in analysis.unread_cards if not any(d is x for x in lying_on)
            ]
            analysis.detections.append(detection)
            analysis.shares.append(share)
            analysis.corners_agree.append(agree)
            analysis.quads.append(np.asarray(detection.corners))
            added.append(detection)

    def _relaid_offer(
        self,
        frame: np.ndarray,
        found: _Finding,
        corners: Sequence[tuple[float, float]] | np.ndarray,
        card: Card | None,
        looks: list[_Reading],
        sure: list[np.ndarray],
        *,
        any_card: bool = False,
        reported: Sequence[CardDetection] = (),
    ) -> tuple[CardDetection, float | None, bool, list[_Reading]] | None:
        """A card offered at a joined blob's corner (step 13) that read unsurely, or surely at
        one index corner, laid again (issue 28, h-merged33): cards dealt touching or
        overlapping make a blob whose corners the finder lays a card at the finding's card
        size from, and a card a little larger or turned in the picture (the plane a little
        off, a lens) is offered a few pixels and degrees off: its far index corner lies on the
        neighbour or the felt, and it reads at one corner at most. Here the offer is snapped
        to the paper's edges (``refit.snapped``) and laid from each of its corners along its
        sides, upright (and sideways, without ``FinderSettings.relay_upright``), at the
        finding's card size times each of ``FinderSettings.corner_relay``
        (``refit.candidates``), each snapped. Of the shapes
        lying in the picture, with their centre on no card read surely (nor such a card's
        centre on them) and sharing at most ``max_shared_area`` of the smaller with one, those that
        read the offer's own card (its reading or its candidate) surely, both index corners
        bearing it out, the index a card's share of the shape, showing paper and borne out by
        what the offer's reading saw (``_refit_corroborated``): the one lying best on a card's
        edges, with its share, agreement and looks; None when none does, or when they read
        different cards. ``corners``: the offer's outline (frame pixels); ``card``: its reading
        or candidate. With ``any_card`` (an offer that read nothing, ``card`` None: issue 28,
        h-merged34), a shape reading any card so is taken, every shape read surely reading it.

        Read no more than that answer needs (issue 28, h-relay34; the same answer as reading
        every shape): none when the offer's reading saw ink of another suit than the card's
        (``_ink_not_of``); of the rest only those showing paper whose corner network's looks
        (read in one batch, ``_relaid_shown``) may bear a card out: first those that may read
        the offer's card (with ``any_card``, every such shape), on most edges first, until one
        is chosen (after it only those that may read another card); then, with one chosen,
        those that may read only another card, until one does. ``relay_work`` counts the
        offers, the shapes laid and those read.

        ``reported``: the cards the frame reports, which the callers judge the answer by
        (``_doubted_there``: a card read again at about the outline of one reported uncertain
        is not taken). With ``FinderSettings.relay_doubted_first`` (issue 28, h-corners40; the
        same answer as the callers take), None without the corner network's looks when every
        shape laid lies so, and without reading further as soon as every shape left that may
        be chosen does (a shape read keeps its outline: ``_doubted_at``)."""
        view, card_px = found.view, found.card_px
        if (
            (card is None and not any_card)
            or view is None
            or card_px is None
            or (card is not None and _ink_not_of(looks, card))
        ):
            # The offer's own reading saw ink ``card``'s suit is never printed in: no shape
            # laid again could be borne out by it (``_refit_corroborated``).
            return None
        self.relay_work.offers += 1
        # Upright only (``relay_upright``) where judged to decide the same: offers with a card
        # to look for; an offer that read nothing is laid sideways too (h-merged34's 7H of
        # ornamental/table#11160006 reads only so).
        laid = self._relay_laid(
            frame, found, corners, sure, upright=self.finder.relay_upright and card is not None
        )
        # A shape showing no paper reads nothing surely (``_sure_alone``): left out before
        # its corners are read.
        placed = [
            (shape, edges)
            for shape, edges in laid
            if self.paper is None or shows_paper(frame, shape, self.paper)
        ]
        # The shapes at about the outline of a card reported uncertain: whichever of them is
        # chosen, the callers keep the offer as read (``_doubted_there``).
        doubted = [
            self.finder.relay_doubted_first and _doubted_at(shape, reported) for shape, _ in placed
        ]
        if placed and all(doubted):
            self.relay_work.doubted += 1
            return None
        with_deck = isinstance(self._model, EnrolledDeck)
        # What each shape could read surely, as the corner network's looks at its two index
        # corners say (the full read takes them unchanged: ``_relaid_shown``).
        shown = self._relaid_shown(frame, [shape for shape, _ in placed], sure, with_deck)
        # The card every shape read surely must read: the offer's, or (``any_card``) the first
        # read surely.
        chosen = card
        mine = [
            n for n, may in enumerate(shown) if may is not None and (card is None or may <= {card})
        ]
        others = [
            n
            for n, may in enumerate(shown)
            if may is not None and card is not None and not may <= {card}
        ]
        best: tuple[CardDetection, float | None, bool, list[_Reading]] | None = None
        # The shapes that may read the offer's own card first, those on most edges first (of
        # equals, the first laid: the one chosen before); when none reads it, the others need
        # not be read. Once one is chosen, a shape after it matters only if it may read
        # another card (both its index corners under other cards), which makes the answer
        # None, whatever the rest read.
        order = sorted(mine, key=lambda n: (-placed[n][1], n))
        for k, n in enumerate(order):
            if best is None and all(doubted[m] for m in order[k:]):
                # Any shape chosen now lies where a card is reported uncertain.
                self.relay_work.doubted += 1
                return None
            may = shown[n]
            if best is not None and may and chosen is not None and may <= {chosen}:
                continue
            # A shape that can read only the offer's card (the network shows it whole at a
            # corner in the clear: ``_corners_agree``) decides nothing unless the card is
            # borne out there: judged only when its looks bear it out (issue 28, h-speed36;
            # a reading the glyph reader disputed needs its whole look of the card there).
            worth = None
            if card is not None and may:
                worth = partial(self._relay_worth, looks, card)
            else:
                self.relay_work.read += 1
            read = self._sure_alone(frame, placed[n][0], found, sure, with_deck, worth)
            if read is None:
                continue
            again, share, new_looks = read
            assert again.card is not None
            chosen = again.card if chosen is None else chosen
            if again.card != chosen:
                return None
            if best is None and _refit_corroborated(looks, new_looks, chosen):
                if doubted[n]:
                    # Chosen where a card is reported uncertain: not taken.
                    self.relay_work.doubted += 1
                    return None
                best = (again, share, True, new_looks)
        if best is None:
            return None
        for n in others:
            # Its network looks show another card, which is all it can read surely.
            self.relay_work.read += 1
            if self._sure_alone(frame, placed[n][0], found, sure, with_deck) is not None:
                return None
        return best

    def _relay_worth(self, before: list[_Reading], card: Card, after: list[_Reading]) -> bool:
        """Whether a shape ``_relaid_offer`` lays again, its looks ``after``, may bear out
        ``card`` offered with the looks ``before`` (``_refit_corroborated``): it is then
        judged (``relay_work.read``), else its looks alone were read (``relay_work.looked``)."""
        borne_out = _refit_corroborated(before, after, card)
        if borne_out:
            self.relay_work.read += 1
        else:
            self.relay_work.looked += 1
        return borne_out

    def _relay_laid(
        self,
        frame: np.ndarray,
        found: _Finding,
        corners: Sequence[tuple[float, float]] | np.ndarray,
        sure: list[np.ndarray],
        *,
        upright: bool,
    ) -> list[tuple[np.ndarray, float]]:
        """The shapes ``_relaid_offer`` lays again from the corner offer at ``corners`` (frame
        pixels; each with its share of edges found, ``refit.snapped``), in the order laid:
        those lying in the picture with their centre on no card read surely ``sure`` (nor
        such a card's centre on them), sharing at most ``max_shared_area`` of the smaller with
        one; laid ``upright`` only or sideways too. ``relay_work.laid`` counts every shape
        laid."""
        view, card_px = found.view, found.card_px
        assert view is not None and card_px is not None
        settings = self.refit if self.refit is not None else DEFAULT_REFIT
        height, width = frame.shape[:2]
        gray = self._snap_gray(frame)
        quad = np.asarray(corners, np.float64)
        in_view = transform_points(np.linalg.inv(view.to_image), quad)
        laid = [snapped(gray, quad, settings)]
        for scale in self.finder.corner_relay:
            size = (card_px[0] * scale, card_px[1] * scale)
            laid += [
                snapped(gray, transform_points(view.to_image, c), settings)
                for c in candidates(in_view, size, settings, upright=upright)
            ]
        self.relay_work.laid += len(laid)
        boxes = [_box_of(s) for s in sure]
        return [
            (shape, edges)
            for shape, edges in laid
            if not (
                shape[:, 0].min() < 0
                or shape[:, 1].min() < 0
                or shape[:, 0].max() > width - 1
                or shape[:, 1].max() > height - 1
                or any(
                    _boxes_meet(_box_of(shape), box)
                    and (
                        centre_inside(shape, s)
                        or centre_inside(s, shape)
                        or overlap_share(shape, s) > self.finder.max_shared_area
                    )
                    for s, box in zip(sure, boxes, strict=True)
                )
            )
        ]

    def _snap_gray(self, frame: np.ndarray) -> np.ndarray:
        """The frame's grey picture, blurred, that outlines laid again are snapped on
        (``refit.snapped``), made once for the frame being analysed."""
        kept = self._kept
        if kept is not None and (gray := kept.grays.get(id(frame))) is not None:
            return gray
        gray = cv2.GaussianBlur(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), (0, 0), 1.0)
        if kept is not None:
            kept.frames[id(frame)] = frame  # kept alive while its grey picture is
            kept.grays[id(frame)] = gray
        return gray

    def _relaid_shown(
        self, frame: np.ndarray, shapes: list[np.ndarray], sure: list[np.ndarray], with_deck: bool
    ) -> list[frozenset[Card] | None]:
        """For each of ``shapes`` (``_relaid_offer``'s, read alone beside the cards read surely
        ``sure``), the cards it could read surely (``_sure_alone``): None when its two index
        corners cannot bear a card out (``_looks_may_agree``), else the card the corner
        network shows whole at a corner in the clear (an empty set: both corners under other
        cards, any card). Without the corner network, any card. The network reads a corner
        the same alone as in any batch, and each corner once (``_net_probabilities``): read in
        one batch; with the house's deck, shape by shape as ``_sure_alone`` reads it."""
        if not self.use_corner_model or not shapes:
            return [frozenset() for _ in shapes]
        regions = [self._regions_for(frame, shape) for shape in shapes]
        if with_deck and isinstance(self._model, EnrolledDeck):
            nets = [self._read_net([pair], with_deck=True)[0][0] for pair in regions]
        else:
            nets = self._read_net(regions, with_deck=False)[0]
        result: list[frozenset[Card] | None] = []
        for shape, net in zip(shapes, nets, strict=True):
            shares = _index_overlaps([shape, *sure], 1)[0]
            if not _looks_may_agree(net, shares):
                result.append(None)
                continue
            result.append(
                frozenset(
                    _best_card(look)
                    for look, share in zip(net, shares, strict=True)
                    if share < SHADOW_SHARE and look.rank is not None and look.suit is not None
                )
            )
        return result

    def _relaid_unread(
        self,
        frame: np.ndarray,
        found: _Finding,
        quad: np.ndarray,
        sure: list[np.ndarray],
        analysis: FrameAnalysis,
    ) -> tuple[CardDetection, float | None, bool, list[_Reading]] | None:
        """A card offered at a joined blob's corner (step 13) at ``quad`` (frame pixels) that
        read nothing at all, laid again as ``_relaid_offer`` lays an offer read unsurely
        (issue 28, h-merged34): a card offered a little off, turned or at the finding's size
        when the card is larger, has both index corners off the card (on the neighbour over it
        or the felt) and reads no candidate to lay it again by. The card read surely at a shape
        laid again, every shape that reads surely reading it: its detection, share, agreement
        and looks, judged as an offer read surely is (none in a shape not a card's or with its
        centre on a card on top, nor where an uncertain card is reported at about its
        outline); else None. (``FinderSettings.corner_relay_unread``.)"""
        relaid = self._relaid_offer(
            frame, found, quad, None, [], sure, any_card=True, reported=analysis.reported
        )
        if relaid is None or _doubted_there(relaid[0], analysis.reported):
            return None
        detection, _, _, looks = relaid
        card = detection.card
        assert card is not None
        outline = np.asarray(detection.corners, np.float64)
        if self._off_card_shape(looks, card, outline, found) or self._centre_on_another(
            frame, looks, card, outline
        ):
            return None
        return relaid

    def _paperless(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        shapes: list[CardDetection],
        added: list[CardDetection],
    ) -> list[CardDetection]:
        """Those of ``shapes`` that are unread shapes of ``analysis`` (no reading, no
        candidate) showing no paper, neither as they are nor under the light's gains from the
        cards read surely but those step 13 ``added`` (``paper_gains``, as ``analyse`` judges
        them after the step): the paper test drops them."""
        paper = self.paper
        if paper is None or not self.finder.corner_paperless:
            return []
        unread = [
            d
            for d in shapes
            if d.candidate is None
            and any(d is u for u in analysis.unread_cards)
            and not shows_paper(frame, np.asarray(d.corners), paper)
        ]
        if not unread:
            return []
        sure = [
            np.asarray(d.corners)
            for d in analysis.detections
            if d.card is not None and not any(d is x for x in added)
        ]
        gains = paper_gains(frame, sure, paper)
        return [d for d in unread if not shows_paper(frame, np.asarray(d.corners), paper, gains)]

    def _unsure_corners(
        self, frame: np.ndarray, analysis: FrameAnalysis, unsure: list[CardDetection]
    ) -> None:
        """The cards offered at joined blobs' corners that read but did not bear their reading
        out (``_unsure_corner_card``), added uncertain last, once every other step has placed
        and read its cards (a card laid again, ``_refit``, reading it surely takes it; an
        uncertain one already there would keep it out; and its outline would change what the
        house's faces, ``_settled_by_faces``, see covered on the cards beside it): each lying
        apart from the cards reported (``_apart_from_reported``) and showing paper (under the
        light's gains from the cards read surely, as the others are judged)."""
        paper = self.paper
        sure = [np.asarray(d.corners) for d in analysis.detections if d.card is not None]
        gains = paper_gains(frame, sure, paper) if paper is not None else None
        for detection in unsure:
            if not _apart_from_reported(detection, analysis.reported):
                continue
            quad = np.asarray(detection.corners)
            if (
                paper is not None
                and not (
                    shows_paper(frame, quad, paper)
                    or (gains is not None and shows_paper(frame, quad, paper, gains))
                )
                and not self._under_a_hand(frame, analysis, detection, paper, gains)
            ):
                continue
            analysis.detections.append(detection)
            analysis.shares.append(None)
            analysis.corners_agree.append(False)
            analysis.quads.append(np.asarray(detection.corners))

    def _under_a_hand(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        detection: CardDetection,
        paper: PaperSettings,
        gains: Gains | None,
    ) -> bool:
        """Whether a card offered at a joined blob's corner and reported uncertain
        (``_unsure_corners``), failing the paper test, is a card with an arm or a hand over
        part of it (issue 28, h-merged34; ``FinderSettings.corner_unsure_hand``): it shows
        paper but for its margin's colour (skin there), and read again beside the cards
        ``analysis`` reads surely one of its index corners shows its candidate at least
        ``corner_unsure_hand`` surely, the other no other card (``_one_corner_shows``)."""
        floor = self.finder.corner_unsure_hand
        card = detection.candidate
        quad = np.asarray(detection.corners)
        if floor <= 0 or card is None:
            return False
        if not (
            shows_paper(frame, quad, paper, margin_colour=False)
            or (gains is not None and shows_paper(frame, quad, paper, gains, margin_colour=False))
        ):
            return False
        looks: list[list[_Reading]] = []
        self._analysis_of(
            frame,
            _Finding([quad], analysis.card_px, analysis.foreground, [False]),
            with_deck=isinstance(self._model, EnrolledDeck),
            covering=[np.asarray(d.corners) for d in analysis.detections if d.card is not None],
            looks_of=looks,
        )
        return bool(looks) and _one_corner_shows(looks[0], card, floor)

    def _unsure_corner_card(
        self, detection: CardDetection, looks: list[_Reading]
    ) -> list[CardDetection]:
        """An offered card whose reading does not bear it out, as an uncertain detection (for
        the croupier to key in), when one of its two index corners shows its card whole at
        least ``FinderSettings.corner_unsure`` surely and the other shows no other card whole
        (``_one_corner_shows``); else nothing. Never read surely (a card seen at one corner
        only may be the card under another whose centre lies under the one on top; nor by the
        house's faces, ``_settled_by_faces``, which settles the uncertain cards that carry
        their looks' suits). With ``FinderSettings.corner_unsure_glyph`` any whole look may
        show it (``_a_look_shows``)."""
        card = detection.card if detection.card is not None else detection.candidate
        shows = _a_look_shows if self.finder.corner_unsure_glyph else _one_corner_shows
        if card is None or not shows(looks, card, self.finder.corner_unsure):
            return []
        return [replace(detection, card=None, candidate=card, suits=())]

    def _recover(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        settings: RecoverySettings,
        paper: PaperSettings,
    ) -> None:
        """Cards in the blobs the chosen finding leaves unexplained, found on paper alone at
        its card size (``recover``) and read beside the cards found (their outlines cover
        corners); added when they read surely (a shape of the paper alone that reads unsurely
        may be a printed box or a hand's palm)."""
        view, mask, card_px = found.view, found.mask, found.card_px
        if view is None or mask is None or card_px is None:
            return
        to_view = np.linalg.inv(view.to_image)
        in_view = [transform_points(to_view, q) for q in found.quads]
        pieces = unexplained(mask, in_view, card_px, settings)
        if pieces is None:
            return
        only = paper_mask(view.image, mask, paper, mask_gains(view.image, mask, paper), dim=False)
        if only is None or (window := paper_window(only, pieces, card_px, settings)) is None:
            return
        x0, y0, x1, y1 = window
        shapes, _ = find_quads(
            paper_rough(only[y0:y1, x0:x1], self.finder, card_px), card_px, self.finder
        )
        offset = np.array([x0, y0], np.float64)
        placed = [CardQuad(s.corners + offset, s.support, s.votes) for s in shapes]
        added = new_cards(placed, in_view, pieces, card_px, settings)
        if not added:
            return
        quads = [transform_points(view.to_image, q) for q in added]
        read = self._analysis_of(
            frame,
            _Finding(quads, card_px, found.foreground, [False] * len(quads)),
            with_deck=isinstance(self._model, EnrolledDeck),
            covering=found.quads,
        )
        for detection, share in zip(read.detections, read.shares, strict=True):
            if detection.card is not None:
                analysis.detections.append(detection)
                analysis.shares.append(share)
                analysis.quads.append(np.asarray(detection.corners))

    def _refit(
        self, frame: np.ndarray, analysis: FrameAnalysis, found: _Finding, settings: RefitSettings
    ) -> None:
        """Each shape no index was read in (then each read unsurely, ``RefitSettings.unsure``),
        laid again at the finding's card size from each of its corners along its sides, upright
        and sideways (``refit.candidates``: a card laid sideways over the card), and twice as
        long across its sides (``refit.doubled``: a card's half), snapped to the paper's edges
        (``refit.snapped``), each read alone beside the cards reported. Replaced when the
        shapes that read surely, both index corners bearing the card out and its index a
        card's share of the shape, read one card and no other (for a shape read unsurely, its
        own best guess, borne out by what its first reading saw: ``_refit_corroborated``,
        ``RefitSettings.corroborated``; issue 28, h-outline32): the one lying best on a card's
        edges. A shape laid over another card reported (its centre, more than ``max_overlap``
        of it), or reading the card of one it touches, is not taken. Called when a frame has
        such a shape (``_refit_wanted``: with ``RefitSettings.unsure_alone``, one read unsurely
        is enough; issue 28, h-outline31)."""
        view, card_px = found.view, found.card_px
        if view is None or card_px is None:
            return
        to_view = np.linalg.inv(view.to_image)

        def gray() -> np.ndarray:
            # The frame's grey picture the outlines are snapped on, made when one is laid.
            return self._snap_gray(frame)

        shapes = [*analysis.unread_cards]
        # No shape read no index: the uncertain cards are laid again alone (``unsure_alone``).
        alone = not shapes
        if settings.unsure:
            shapes += [d for d in analysis.detections if d.card is None and d.candidate is not None]
        for shape in shapes[: settings.max_shapes]:
            # An uncertain card laid again only upright (``unsure_upright``), in a frame with
            # an unread shape too (``unsure_upright_unread``; issue 28, h-upright33).
            upright = (
                settings.unsure_upright
                and (alone or settings.unsure_upright_unread)
                and shape.candidate is not None
            )
            laid, first_measured = _refit_laid(
                gray,
                shape,
                view,
                to_view,
                card_px,
                settings,
                upright=upright,
                corners=_index_corners(analysis.unsure.get(id(shape)), settings),
            )
            best = self._refit_choice(
                frame, analysis, found, shape, laid, settings, first_measured=first_measured
            )
            if best is None:
                continue
            analysis.unread_cards = [d for d in analysis.unread_cards if d is not shape]
            analysis.detections = [d for d in analysis.detections if d is not shape]
            analysis.detections.append(best)
            analysis.quads.append(np.asarray(best.corners))

    def _sure_alone(
        self,
        frame: np.ndarray,
        shape: np.ndarray,
        found: _Finding,
        covering: list[np.ndarray],
        with_deck: bool,
        worth: Callable[[list[_Reading]], bool] | None = None,
    ) -> tuple[CardDetection, float | None, list[_Reading]] | None:
        """``shape`` read alone at the finding's card size (the outlines the refit and the
        joined-blob offers lay again): its detection, index share and looks when it reads a
        card surely, both index corners bearing it out, the index a card's share of the shape
        and, with a paper colour known, showing paper; else None. With ``worth``, None as soon
        as its looks (``_finding_looks``, before it is judged) show the answer would not be
        taken (``worth`` false of them): judged, they stay its looks."""
        card_px = found.card_px
        assert card_px is not None
        alone = _Finding([shape], card_px, found.foreground, [False])
        if self._cannot_agree(frame, alone, with_deck, covering):
            return None
        seen = None
        if worth is not None:
            seen = self._finding_looks(frame, alone, with_deck=with_deck, covering=covering)
            if not worth(seen[0][0]):
                return None
        looks: list[list[_Reading]] = []
        read = self._analysis_of(
            frame, alone, with_deck=with_deck, covering=covering, looks_of=looks, read=seen
        )
        if (
            not read.detections
            or read.detections[0].card is None
            or not read.corners_agree[0]
            or not _share_fits(read.shares[0])
            or (self.paper is not None and not shows_paper(frame, shape, self.paper))
        ):
            return None
        return read.detections[0], read.shares[0], looks[0] if looks else []

    def _cannot_agree(
        self,
        frame: np.ndarray,
        alone: _Finding,
        with_deck: bool,
        covering: Sequence[np.ndarray],
    ) -> bool:
        """Whether the one shape of ``alone``, read beside the cards ``covering`` (frame pixels),
        cannot have both index corners bear a card out (``_corners_agree``, which ``_sure_alone``
        and ``_on_top_cards`` ask of it) as its corner network's looks say (``_looks_may_agree``
        on the very looks the full read takes, found once: ``_net_of``): then it is not read by
        the glyph reader nor judged (issue 28, h-speed37; the same answers). False without the
        corner network (the glyph reader's looks decide) or with ``looks_first`` off.
        ``alone_work`` counts the shapes asked."""
        if not self.use_corner_model or not self.looks_first:
            return False
        self._regions_of(frame, alone)
        net = self._net_of(alone, with_deck)[0][0]
        if _looks_may_agree(net, _index_overlaps([*alone.quads, *covering], 1)[0]):
            self.alone_work.read += 1
            return False
        self.alone_work.passed += 1
        return True

    def _refit_choice(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        shape: CardDetection,
        laid: list[tuple[np.ndarray, float]],
        settings: RefitSettings,
        *,
        first_measured: int | None = None,
    ) -> CardDetection | None:
        """``_refit``'s card for ``shape`` from the outlines ``laid`` (each with its share of
        edges found), or None (no repair). The outlines are read in turn; once the answer can
        only be None (a card reported beside it read again, two cards read, or for a shape read
        unsurely a card other than its own best guess), the rest are not read (issue 28,
        h-speed33: the same answer)."""
        height, width = frame.shape[:2]
        with_deck = isinstance(self._model, EnrolledDeck)
        first = analysis.unsure.get(id(shape))
        before = first.looks if first is not None else []
        others = [d for d in analysis.reported if d is not shape]
        outlines = [np.asarray(d.corners, np.float64) for d in others]
        best: CardDetection | None = None
        best_looks: list[_Reading] = []
        best_edges = -1.0
        cards: set[Card] = set()
        for k, (candidate, edges) in enumerate(laid):
            # An outline laid as long as the paper goes may read a card other than the
            # shape's candidate (``RefitSettings.measured_other``; issue 28, h-outline38).
            other = settings.unsure_other or (
                settings.measured_other and first_measured is not None and k >= first_measured
            )
            if (
                candidate[:, 0].min() < 0
                or candidate[:, 1].min() < 0
                or candidate[:, 0].max() > width - 1
                or candidate[:, 1].max() > height - 1
                or any(
                    overlap_share(candidate, o) > settings.max_overlap
                    or centre_inside(candidate, o)
                    or centre_inside(o, candidate)
                    for o in outlines
                )
            ):
                continue
            read = self._sure_alone(frame, candidate, found, outlines, with_deck)
            if read is None:
                continue
            detection, _, looks = read
            assert detection.card is not None
            cards.add(detection.card)
            if len(cards) > 1 or (
                shape.candidate is not None and detection.card != shape.candidate and not other
            ):
                return None  # two cards, or not a shape read unsurely's own best guess
            if any(
                d.candidate == detection.card and overlap_share(candidate, o) > 0
                for d, o in zip(others, outlines, strict=True)
            ):
                return None  # a card reported beside it, read again: no repair
            # Of the shapes read so, the one lying best on a card's edges.
            if edges > best_edges:
                best, best_looks, best_edges = detection, looks, edges
        if best is None:
            return None
        if (
            shape.candidate is not None
            and settings.corroborated
            and best.card is not None
            and not _refit_corroborated(before, best_looks, best.card)
        ):
            return None  # ... and borne out by what its first reading saw
        return best

    def _corner_relaid(self, frame: np.ndarray, analysis: FrameAnalysis, found: _Finding) -> None:
        """The cards offered at a corner and added uncertain (``_unsure_corners``: one index
        corner shows the card, its outline laid at the blob's corner at a card size that may be
        off the card's) laid again as ``relay_off`` and ``line_fit`` lay the finding's uncertain
        cards (``_relaid_off``, ``_line_refit``, judged by ``_relaid_choice``: read surely by
        every rule, its candidate or shown at both index corners, over no card reported by more
        than the overlap allowed, no card reported reading it), from what the offer was read
        from (``FrameAnalysis.offered``). A card in a row dealt overlapping, found at the
        blob's corner as a card too wide or cut at the wrong seam (issue 28, h-outline49;
        ``FinderSettings.corner_relaid``). A card read surely is never laid again, none added."""

        def offered() -> list[tuple[int, _Unsure]]:
            return _still_uncertain(analysis, analysis.offered)

        if self.finder.relay_off and (records := offered()):
            self._relaid_off(frame, analysis, found, records)
        if self.finder.line_fit and (records := offered()):
            self._line_refit(frame, analysis, found, records)

    def _relaid_off(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        records: list[tuple[int, _Unsure]] | None = None,
    ) -> None:
        """Each card of the chosen finding still uncertain (judged from looks) laid again at the
        frame's card size from the index corners its corner network read a whole index at, the
        surer first, along that corner's two sides (``refit.from_index_corner``, as laid and
        turned, each snapped to the paper's edges and as laid), and read alone beside the cards
        reported: read surely, its index a card's share, on paper (the light's colour taken from
        the cards read surely, as ``_finished`` takes it), both index corners bearing it out or
        one showing it ``relay_off_corner`` surely and the other no other card
        (``_one_corner_shows``: a chip or a hand over the other) (``FinderSettings.relay_off``).
        The frame's card size is the median of its cards read surely, in frame pixels
        (``_sure_sides``: a plane a little off lays the finder's card-sized outlines off the
        card where it is off); with none, the finding's card size in its view. An outline laid
        as the card's own (``RefitSettings.same_shape``) is not read. Replaced by the surest
        such reading when no whole glyph look there measured ink its suit is never printed in
        (``_ink_not_of``; the first reading's looks, at an outline off the card, are not asked:
        they may be of another card's index), a first reading the glyph reader disputed has the
        glyph reader read it there (``_refit_corroborated``), it lies over no card reported
        (``relay_off_overlap``) and no card reported reads (surely or as its candidate) the same
        card; a card other than its candidate only when both index corners show it whole; no
        two cards read. A card read surely is never laid again, none is added (issue 28,
        h-relay42)."""
        view, card_px = found.view, found.card_px
        uncertain = _still_uncertain(analysis) if records is None else records
        if view is None or card_px is None or not uncertain:
            return  # (no card size asked of the sure cards when no card is uncertain)
        to_view = np.linalg.inv(view.to_image)
        sides = _sure_sides(analysis)
        settings = self.refit if self.refit is not None else DEFAULT_REFIT
        with_deck = isinstance(self._model, EnrolledDeck)
        for k, record in uncertain:
            detection = analysis.detections[k]
            quad = np.asarray(record.quad, np.float64).reshape(4, 2)
            plane = quad if sides is not None else transform_points(to_view, quad)
            laid: list[np.ndarray] = []
            for corner in _network_index_corners(quad, record.looks):
                for shape in from_index_corner(plane, corner, sides or card_px):
                    at = shape if sides is not None else transform_points(view.to_image, shape)
                    self._lay_snapped(frame, at, quad, laid, settings)
            if not laid:
                continue
            relaid = self._relaid_choice(frame, analysis, found, detection, record, laid, with_deck)
            if relaid is not None:
                analysis.detections[k] = relaid
                analysis.quads.append(np.asarray(relaid.corners))

    def _line_refit(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        records: list[tuple[int, _Unsure]] | None = None,
    ) -> None:
        """Each card of the chosen finding still uncertain (judged from looks) laid again with
        its sides on the straight edges near them (``_line_fitted``) and read alone beside the
        cards reported, judged as ``_relaid_off`` judges its outlines (``_relaid_choice``): a
        card read surely by every rule replaces it (``FinderSettings.line_fit``; issue 28,
        h-outline45), each outline overlapping a card reported by at most ``line_fit_overlap``
        of the smaller. Needs a card read surely in the frame (its size). A card read surely is
        never laid again, none is added. Not taken (h-linefit46): a black card whose first
        looks by the corner network leant to both black suits (``_black_split_between_corners``),
        and with the house's deck a card whose face it cannot tell from its twin's
        (``FaceMatcher.told_apart``: its guards left such a card uncertain, h-deckguard39's
        drawn-7-jumbo/blurred#11545621 KC, read so as KS). ``records``: those cards only
        (``_corner_relaid``; default: ``_still_uncertain``'s)."""
        uncertain = _still_uncertain(analysis) if records is None else records
        if not uncertain:
            return
        sides = _sure_sides(analysis)
        if sides is None:
            return
        with_deck = isinstance(self._model, EnrolledDeck)
        for k, record in uncertain:
            detection = analysis.detections[k]
            quad = np.asarray(record.quad, np.float64).reshape(4, 2)
            laid = self._line_fitted(frame, quad, record, sides)
            if not laid:
                continue
            relaid = self._relaid_choice(
                frame,
                analysis,
                found,
                detection,
                record,
                laid,
                with_deck,
                self.finder.line_fit_overlap,
            )
            if relaid is None or relaid.card is None:
                continue
            if _black_split_between_corners(record.looks, relaid.card):
                continue
            if isinstance(self._model, EnrolledDeck) and not self._model.faces.told_apart(
                relaid.card
            ):
                continue  # the deck's reading of a face it cannot tell from its twin's
            analysis.detections[k] = relaid
            analysis.quads.append(np.asarray(relaid.corners))

    def _lay_snapped(
        self,
        frame: np.ndarray,
        at: np.ndarray,
        quad: np.ndarray,
        laid: list[np.ndarray],
        settings: RefitSettings,
    ) -> None:
        """An outline laid at ``at`` added to ``laid`` snapped to the paper's edges and as
        laid, each unless it is the card's own shape ``quad`` or one laid already
        (``_lay_apart``)."""
        for outline in (snapped(self._snap_gray(frame), at, settings)[0], at):
            _lay_apart(outline, quad, laid, settings)

    def _unread_relaid(self, frame: np.ndarray, analysis: FrameAnalysis, found: _Finding) -> None:
        """Each shape reported unread (no corner showed a whole index) laid again at the
        frame's sure card size (``_sure_sides``) from each of its corners along that corner's
        two sides (``refit.from_index_corner``, as laid and turned, each snapped to the paper's
        edges and as laid) and judged by ``_relaid_choice`` as ``_relaid_off`` judges an
        uncertain card's outlines: it has no candidate, so the card must show whole at both
        index corners. The card read replaces the shape (``FinderSettings.unread_relaid``;
        issue 28, h-outline51: an outline found short inside the card, one of its corners the
        card's). Needs a card read surely in the frame; a card read surely is never touched."""
        if not analysis.unread_cards:
            return
        sides = _sure_sides(analysis)
        if sides is None:
            return
        settings = self.refit if self.refit is not None else DEFAULT_REFIT
        with_deck = isinstance(self._model, EnrolledDeck)
        for shape in list(analysis.unread_cards):
            quad = np.asarray(shape.corners, np.float64).reshape(4, 2)
            laid: list[np.ndarray] = []
            for scale, corner in product(UNREAD_RELAID_SCALES, range(4)):
                size = (sides[0] * scale, sides[1] * scale)
                for at in from_index_corner(quad, corner, size):
                    self._lay_snapped(frame, at, quad, laid, settings)
            if not laid:
                continue
            record = _Unsure(shape, quad, [], [], 0)
            relaid = self._relaid_choice(frame, analysis, found, shape, record, laid, with_deck)
            if relaid is None or relaid.card is None:
                continue
            analysis.unread_cards = [d for d in analysis.unread_cards if d is not shape]
            analysis.detections.append(relaid)
            analysis.shares.append(None)
            analysis.corners_agree.append(True)  # shown whole at both index corners
            analysis.quads.append(np.asarray(relaid.corners))

    def _seam_relaid(self, frame: np.ndarray, analysis: FrameAnalysis, found: _Finding) -> None:
        """Each card of the chosen finding still uncertain (judged from looks) whose outline
        runs on past its card's edge into a touching card, cut at the seam (``refit.seam_cuts``:
        a touching card's side, or a straight edge inside the outline, parallel to one of its
        sides) and laid again: the part kept as cut, and the frame's sure card size
        (``SEAM_RELAID_SCALES``) laid from the part's two own corners along their sides (as laid
        and snapped), judged by ``_relaid_choice`` as ``relay_off`` judges its outlines. Never
        the touching card's value: a card a whole index look of the first reading showed at a
        corner beyond the seam is not taken, nor one a card reported reads, and cuts reading
        two cards give none, and even its candidate must show whole at both index corners
        (``FinderSettings.seam_relaid``; issue 28, h-seam52). With no card read surely, the
        finding's card size in its view; a card read surely is never laid again, none added."""
        view, card_px = found.view, found.card_px
        uncertain = _still_uncertain(analysis)
        if view is None or card_px is None or not uncertain:
            return
        to_view = np.linalg.inv(view.to_image)
        sides = _sure_sides(analysis)
        settings = self.refit if self.refit is not None else DEFAULT_REFIT
        with_deck = isinstance(self._model, EnrolledDeck)
        gray = self._snap_gray(frame)
        for k, record in uncertain:
            detection = analysis.detections[k]
            quad = np.asarray(record.quad, np.float64).reshape(4, 2)
            others = [
                np.asarray(d.corners, np.float64) for d in analysis.reported if d is not detection
            ]
            cuts = seam_cuts(gray, quad, others, SEAM_CUT)
            if not cuts:
                continue
            read: list[CardDetection] = []
            for part, beyond in cuts:
                laid: list[np.ndarray] = []
                _lay_apart(part, quad, laid, settings)
                # (with no card read surely, the finding's card size in its view, as
                # ``_relaid_off`` lays it)
                plane = part if sides is not None else transform_points(to_view, part)
                size = sides or card_px
                for scale, corner in product(SEAM_RELAID_SCALES, (0, 1)):
                    scaled = (size[0] * scale, size[1] * scale)
                    for shape in from_index_corner(plane, corner, scaled):
                        at = shape if sides is not None else transform_points(view.to_image, shape)
                        self._lay_snapped(frame, at, quad, laid, settings)
                if not laid:
                    continue
                relaid = self._relaid_choice(
                    frame, analysis, found, detection, record, laid, with_deck, both=True
                )
                if relaid is None or relaid.card is None:
                    continue
                if relaid.card in _cards_shown_inside(quad, record.looks, beyond):
                    continue  # the touching card's index, beyond the seam
                read.append(relaid)
            if not read or len({d.card for d in read}) > 1:
                continue  # nothing read, or two cards
            relaid = max(read, key=lambda d: d.confidence)
            analysis.detections[k] = relaid
            analysis.quads.append(np.asarray(relaid.corners))

    def _line_fitted(
        self,
        frame: np.ndarray,
        quad: np.ndarray,
        record: _Unsure,
        sides: tuple[float, float] | None,
    ) -> list[np.ndarray]:
        """The outlines ``_line_refit`` reads for an uncertain card at ``quad`` (frame pixels):
        its sides each on one of the straight edges near it (``refit.side_lines``), where the
        four make a card within ``line_fit_size`` of the frame's sure card size ``sides`` (the
        strongest first, at most ``line_fit_tries``); then the card of that size laid from each
        corner where the corner network read an index (``_network_index_corners``), along the
        strongest edges of that corner's two sides (``refit.from_index_corner``: the far sides
        may lie under another card, showing no edge). An outline laid as the card's own or as
        another laid (``RefitSettings.same_shape``) is not read twice. None without a sure
        card size."""
        if sides is None:
            return []
        settings = self.refit if self.refit is not None else DEFAULT_REFIT
        lines = side_lines(self._snap_gray(frame), quad, LINE_FIT)
        least = self.finder.line_fit_size
        fitted: list[tuple[float, np.ndarray]] = []
        choices = list(product(*lines))
        shapes = lines_quads(
            [[(point, direction) for _, point, direction in choice] for choice in choices]
        )
        for choice, shape in zip(choices, shapes, strict=True):
            if shape is None or np.sign(signed_area(shape)) != np.sign(signed_area(quad)):
                continue
            short, long = _size_in_view(shape, np.eye(3), sides)
            if abs(short - 1.0) > least or abs(long - 1.0) > least:
                continue
            fitted.append((sum(score for score, _, _ in choice), shape))
        fitted.sort(key=lambda pair: -pair[0])
        laid: list[np.ndarray] = []

        def lay(outline: np.ndarray) -> None:
            _lay_apart(outline, quad, laid, settings)

        for _, shape in fitted[: self.finder.line_fit_tries]:
            lay(shape)
        strongest = lines_quad(
            [(point, direction) for _, point, direction in (s[0] for s in lines)]
        )
        if strongest is not None and np.sign(signed_area(strongest)) == np.sign(signed_area(quad)):
            for corner in _network_index_corners(quad, record.looks):
                for shape in from_index_corner(strongest, corner, sides):
                    lay(shape)
        return laid

    def _relaid_choice(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        detection: CardDetection,
        record: _Unsure,
        laid: list[np.ndarray],
        with_deck: bool,
        overlap: float | None = None,
        *,
        both: bool = False,
    ) -> CardDetection | None:
        """``_relaid_off``'s card for ``detection`` from the outlines ``laid`` (frame pixels), or
        None: the surest reading of those read surely, as ``_relaid_off`` says; each outline
        judged by ``_relaid_look``, overlapping a card reported by at most ``overlap`` of the
        smaller (None: ``relay_off_overlap``); ``both``: even its candidate must show whole at
        both index corners."""
        others = [d for d in analysis.reported if d is not detection]
        lit = self._relaid_light(frame, others)
        best: _RelaidLook | None = None
        for outline in laid:
            look = self._relaid_look(
                frame,
                found,
                detection,
                others,
                outline,
                with_deck,
                lit,
                self.finder.relay_off_overlap if overlap is None else overlap,
                both=both,
            )
            if look.read is None or look.why in RELAID_PASSED_OVER:
                continue
            if best is not None and best.read is not None and best.read.card != look.read.card:
                return None  # two cards read
            if look.why == "named":
                return None  # a card reported reads it
            if look.why == "not candidate":
                continue
            if best is None or best.read is None or look.read.confidence > best.read.confidence:
                best = look
        if best is None or best.read is None or best.read.card is None:
            return None
        if relaid_settled(record, best) != "taken":
            return None  # ink its suit is never printed in, or a dispute not settled
        return best.read

    def _relaid_light(
        self, frame: np.ndarray, others: list[CardDetection]
    ) -> Callable[[PaperSettings], Gains | None]:
        """The light's colour from the paper of the cards ``others`` read surely, as
        ``_finished`` takes it: found the first time an outline read surely asks for it (most
        outlines read none)."""
        lit: list[Gains | None] = []

        def gains(paper: PaperSettings) -> Gains | None:
            if not lit:
                sure = [np.asarray(d.corners) for d in others if d.card is not None]
                lit.append(paper_gains(frame, sure, paper))
            return lit[0]

        return gains

    def _relaid_look(
        self,
        frame: np.ndarray,
        found: _Finding,
        detection: CardDetection,
        others: list[CardDetection],
        outline: np.ndarray,
        with_deck: bool,
        gains: Callable[[PaperSettings], Gains | None],
        overlap: float,
        *,
        both: bool = False,
    ) -> _RelaidLook:
        """What ``outline`` (frame pixels), laid again for ``detection``, reads alone, and the
        first of ``_relaid_choice``'s tests of one outline it fails (``_RelaidLook.why``):
        "out of the frame", "overlap" (over a card of ``others`` by more than ``overlap``),
        "no index seen" (``relay_off_hope``), "nothing found", "unsure", "share", "paper",
        "other corner", then, read surely, "named" (a card of ``others`` reads it), "not
        candidate" (another card than its candidate not shown at both index corners) or
        "taken". ``scripts/vision_relay_overlap.py`` asks it with any overlap allowed."""
        height, width = frame.shape[:2]
        outlines = [np.asarray(d.corners, np.float64) for d in others]
        if (
            outline[:, 0].min() < 0
            or outline[:, 1].min() < 0
            or outline[:, 0].max() > width - 1
            or outline[:, 1].max() > height - 1
        ):
            return _RelaidLook("out of the frame")
        if any(overlap_share(outline, o) > overlap for o in outlines):
            return _RelaidLook("overlap")
        alone = _Finding([outline], found.card_px, found.foreground, [False])
        if (
            self.finder.relay_off_hope
            and self.use_corner_model
            and self._hopeful(frame, alone, with_deck)[0] == 0
        ):
            return _RelaidLook("no index seen")  # no whole index the network can see there
        seen: list[list[_Reading]] = []
        read = self._analysis_of(
            frame, alone, with_deck=with_deck, covering=outlines, looks_of=seen
        )
        if not read.detections:
            return _RelaidLook("nothing found")
        card_read = read.detections[0]
        card = card_read.card
        if card is None:
            return _RelaidLook("unsure", card_read)
        if not _share_fits(read.shares[0]):
            return _RelaidLook("share", card_read)
        if self.paper is not None and not shows_paper(
            frame, outline, self.paper, gains(self.paper)
        ):
            return _RelaidLook("paper", card_read)
        looks = seen[0]
        if not read.corners_agree[0] and not _one_corner_shows(
            looks, card, self.finder.relay_off_corner
        ):
            return _RelaidLook("other corner", card_read, looks)  # another card shown there
        named = {c for d in others for c in (d.card, d.candidate) if c is not None}
        if card in named:
            return _RelaidLook("named", card_read, looks)
        if (both or card != detection.candidate) and not _shown_at_both(looks, card):
            return _RelaidLook("not candidate", card_read, looks)  # both corners must show it
        return _RelaidLook("taken", card_read, looks)

    def _join_halves(self, frame: np.ndarray, analysis: FrameAnalysis) -> None:
        """Two unsure shapes that are the halves of one card (``whole_of_halves``) become
        that card when it reads surely; otherwise they stay as they were (two cards side by
        side, read as one, would be one card lost)."""
        shapes = analysis.reported
        if not self.join_halves or len(shapes) < 2 or all(d.card is not None for d in shapes):
            return
        used: set[int] = set()
        joined: list[CardDetection] = []
        for i, first in enumerate(shapes):
            for j in range(i + 1, len(shapes)):
                if i in used or j in used:
                    continue
                whole = whole_of_halves(first, shapes[j])
                if whole is None:
                    continue
                found = _Finding([whole], analysis.card_px, analysis.foreground, [False])
                read = self._analysis_of(
                    frame, found, with_deck=isinstance(self._model, EnrolledDeck)
                )
                if read.detections and read.detections[0].card is not None:
                    used |= {i, j}
                    joined.append(read.detections[0])
        if not joined:
            return
        dropped = [shapes[n] for n in used]
        # A whole read as a card read surely beside it, in the same place, is that card again.
        analysis.detections = one_per_card(
            [*(d for d in analysis.detections if not any(d is x for x in dropped)), *joined]
        )
        analysis.unread_cards = [
            d for d in analysis.unread_cards if not any(d is x for x in dropped)
        ]

    def _join_pieces(self, frame: np.ndarray, analysis: FrameAnalysis) -> None:
        """Shapes that are one card's pieces, cut at a card size too small, become the card,
        read again (issue 28, h-size41): two diagonal pieces (``diagonal_pieces``, the whole's
        two other corners on the rough mask's paper: two cards dealt overlapping leave felt
        there), or two or three pieces tiling a card-shaped whole (``pieces_whole``), that
        name no two cards (every card read surely or guessed among them the same). The whole
        is read surely as the card its own reading reads surely, or as the pieces' card read
        surely when two pieces read it so or the whole's guess is it; otherwise uncertain with
        its own guess (the pieces' card when it has none). A whole read surely as another card
        than the pieces', or one piece read surely that the whole's reading does not name,
        leaves them as they were (a card read surely is never made uncertain)."""
        stage = self._rough_stage
        shapes = analysis.reported
        if stage is None or len(shapes) < 2:
            return
        to_work = np.linalg.inv(stage.view.to_image)
        quads = [np.asarray(d.corners, np.float64) for d in shapes]
        used: set[int] = set()
        joined: list[CardDetection] = []
        for size in (2, 3):
            for group in combinations(range(len(shapes)), size):
                if used & set(group):
                    continue
                pieces = [shapes[n] for n in group]
                names = {d.candidate for d in pieces if d.candidate is not None}
                if len(names) > 1:
                    continue  # two cards read (surely or not)
                whole = None
                if all(d.card is None and d.candidate is not None for d in pieces):
                    # Tiling pieces all guess one card, none read surely or unread: two
                    # cards dealt side by side tile a card-shaped whole too (an unread one
                    # beside one guessed, a dim view's).
                    whole = pieces_whole([quads[n] for n in group])
                if whole is None and size == 2:
                    diagonal = diagonal_pieces(
                        quads[group[0]],
                        quads[group[1]],
                        perspective=self.finder.pieces_perspective,
                    )
                    if diagonal is not None and all(
                        _paper_at(
                            stage.rough,
                            transform_points(to_work, diagonal[0]),
                            n,
                            self.finder.pieces_corner_inset,
                        )
                        for n in diagonal[1]
                    ):
                        whole = diagonal[0]
                if whole is None:
                    continue
                found = _Finding([whole], analysis.card_px, analysis.foreground, [False])
                read = self._analysis_of(
                    frame, found, with_deck=isinstance(self._model, EnrolledDeck)
                )
                name = next(iter(names), None)
                sure = sum(d.card is not None for d in pieces)
                card = read.detections[0] if read.detections else self._unread(whole)
                if card.card is not None and name is not None and card.card != name:
                    continue  # the whole read surely as another card than the pieces'
                if sure == 1 and card.candidate != name:
                    continue  # one piece read surely, the whole not bearing it out
                if card.card is None and name is not None:
                    if sure >= 1:
                        confidence = max(d.confidence for d in pieces if d.card is not None)
                        card = replace(card, card=name, candidate=name, confidence=confidence)
                    elif card.candidate is None:
                        card = replace(card, candidate=name)
                used |= set(group)
                joined.append(card)
        if not joined:
            return
        dropped = [shapes[n] for n in used]
        kept = [d for d in analysis.detections if not any(d is x for x in dropped)]
        analysis.detections = one_per_card([*kept, *(d for d in joined if d.candidate is not None)])
        analysis.unread_cards = [
            *(d for d in analysis.unread_cards if not any(d is x for x in dropped)),
            *(d for d in joined if d.candidate is None),
        ]

    def _grow_pieces(self, frame: np.ndarray, analysis: FrameAnalysis) -> None:
        """Each card read surely that is a piece of a larger card (its shape grown from one of
        its corners by ``GROW_SCALES`` lies on the rough mask's paper, ``GROWN_PAPER`` of it,
        over no other shape reported) is replaced by the largest such shape when that reads
        the same card (surely or as its guess); it keeps the card and its confidence. A card
        that fits puts felt under its shape grown by the least scale: when one card read
        surely does, the frame's cards are of its size and none grows (a card read surely
        beside cards of its own size, grown, covered them; issue 28, h-size41). A grown shape
        a straight edge crosses (``grown_crossing``) is refused: it covers the edge of a card
        dealt on this one and not found, or the cloth's (h-gate42)."""
        stage = self._rough_stage
        if stage is None:
            return
        to_work = np.linalg.inv(stage.view.to_image)
        height, width = frame.shape[:2]
        growing: list[tuple[int, CardDetection, np.ndarray, Callable[[np.ndarray], bool]]] = []
        for n, detection in enumerate(analysis.detections):
            if detection.card is None:
                continue
            quad = np.asarray(detection.corners, np.float64)
            others = [
                np.asarray(d.corners, np.float64) for d in analysis.reported if d is not detection
            ]

            def fits(shape: np.ndarray, others: list[np.ndarray] = others) -> bool:
                return not (
                    shape.min() < 0
                    or shape[:, 0].max() >= width
                    or shape[:, 1].max() >= height
                    or any(overlap_share(shape, other) > GROWN_OVER for other in others)
                    or _paper_share(stage.rough, transform_points(to_work, shape)) < GROWN_PAPER
                )

            # The least scale first: a card that fits has felt under it from every corner.
            grown: tuple[float, np.ndarray] | None = None
            for k in range(4):
                for scale in GROW_SCALES:
                    shape = quad[k] + scale * (quad - quad[k])
                    if not fits(shape):
                        break
                    if grown is None or scale > grown[0]:
                        grown = (scale, shape)
            if grown is None:
                # A card read surely that fits: the frame's cards are of their size, none grows.
                return
            growing.append((n, detection, grown[1], fits))
        for n, detection, outline, lies_free in growing:
            # Onto the card's edges nearby: a piece's shape grown is the card's to a scale's
            # step (``GROW_SCALES``).
            settings = self.refit if self.refit is not None else DEFAULT_REFIT
            laid, edges = snapped(self._snap_gray(frame), outline, settings)
            if edges >= GROWN_EDGES and lies_free(laid):
                outline = laid
            if self.grown_crossing is not None and edge_across(frame, outline, self.grown_crossing):
                continue  # the edge of a card or of the cloth inside: not the card's own paper
            found = _Finding([outline], analysis.card_px, analysis.foreground, [False])
            read = self._analysis_of(frame, found, with_deck=isinstance(self._model, EnrolledDeck))
            if not read.detections or read.detections[0].candidate != detection.card:
                continue
            analysis.detections[n] = replace(
                read.detections[0],
                card=detection.card,
                candidate=detection.card,
                confidence=detection.confidence,
            )

    def _choose(
        self, frame: np.ndarray, *, with_deck: bool
    ) -> tuple[FrameAnalysis, _Finding | None]:
        """The finding whose readings bear it out best (``_evidence``), read; and the finding."""
        best: FrameAnalysis | None = None
        best_found: _Finding | None = None
        best_planar = False
        # Sure readings count for a card size only where their shapes bear them out (a surer
        # network reads a card and a half surely too): ``_weights``, ``_sure_cards``.
        geometry = self.geometry_evidence
        # The finding read most surely whose sure cards' index shares say its card size is too
        # large (``_too_large``): the size they show is tried (below) even when its shapes do
        # not bear it out (a card size three times too large, its one sure card's index 0.07
        # of the shape's height: the cards of the size the index shows were missed).
        resizable: tuple[float, FrameAnalysis, _Finding] | None = None
        read_surely = False  # a card read surely in a finding so far, borne out or not
        read = False  # a finding read so far (``first_enough``)
        # The first finding read, on the plane, read poorly (``plane_poor``): its card width.
        poor: float | None = None
        settled = False  # stopped by a finding on the plane read wholly surely (below)
        # The last finding on the plane read: its card width there and what it read.
        plane_read: tuple[float, FrameAnalysis] | None = None
        # The rough stage of the frame, found once for the finding at the size the indices show.
        kept: list[_RoughStage] = []
        # The finding on the plane borne out best when nothing read surely there
        # (``plane_unsure_kept``): the frame as it is must be borne out better to win.
        plane_unsure: tuple[FrameAnalysis, _Finding | None] | None = None
        # Whether a finding's ``_too_large`` is wanted (below): without it, only the chosen one.
        resizing = self.layout is None and self.size_from_indices and geometry

        def between() -> bool:
            # Paper alone's sizes between a pair and a pair of pairs: only while no size tried
            # has read two cards surely (``PAPER_BETWEEN_DIVISORS``).
            return best is None or _sure_count(best) < PAPER_BETWEEN_SURE

        def edged() -> bool:
            # The sizes the paper's edges vote for: only while the best finding reads under
            # ``EDGE_SURE_SHARE`` of its shapes surely.
            if best is None:
                return True
            shapes = len(best.detections) + len(best.unread_cards)
            return sum(_sure_cards(best, geometry=geometry)) < EDGE_SURE_SHARE * shapes

        def pair_width(width: float) -> bool:
            # A narrower card on the plane (a pair's width taken for a card's): the plane's
            # own width, read last, read cards surely whose indices say it is not too large.
            # Decided before the finding is made (``_findings``' ``unwanted``): it depends on
            # the width and the findings read before only (issue 28, h-speed36). Nor, after a
            # first finding on the plane read poorly (``plane_poor``), any width but the pair's
            # on either side of its width.
            return (
                poor is not None
                and self.plane is not None
                and all(
                    abs(width * ratio / poor - 1) >= 1e-6
                    for ratio in (self.plane.pair_ratio, 1 / self.plane.pair_ratio)
                )
            ) or (
                self.skip_pair_width
                and plane_read is not None
                and self.plane is not None
                and abs(width * self.plane.pair_ratio / plane_read[0] - 1) < 1e-6
                and _sure_count(plane_read[1]) > 0
                and _too_large(plane_read[1]) is None
            )

        for found in self._findings(
            frame, kept=kept, between=between, edged=edged, unwanted=pair_width
        ):
            if found is None:
                if (
                    best is not None
                    and best_planar
                    and _mostly_sure(best, self.plane, geometry=geometry)
                ):
                    break  # most shapes read surely on the plane: the plane holds
                if best is not None and (
                    read_surely if geometry else any(_sure_cards(best, geometry=False))
                ):
                    # Some cards read surely on the plane, but not most: a plane a little off
                    # (a lens's distortion, a card taken for a pair) cuts cards wrongly. The
                    # frame as it is is read too, and must be borne out better to win.
                    continue
                # Nothing read surely on the plane (no lone card showed it: a frame of printed
                # words, chips, a hand): the frame as it is decides, as without the plane.
                if (
                    self.finder.plane_unsure_kept > 0
                    and best is not None
                    and best_planar
                    and (
                        plane_unsure is None
                        or _evidence(best, geometry=geometry)
                        > _evidence(plane_unsure[0], geometry=geometry)
                    )
                ):
                    plane_unsure = (best, best_found)
                best, best_found, best_planar, resizable = None, None, False, None
                continue
            if (
                not found.planar
                and best is not None
                and _cannot_win(found, best, geometry=geometry)
                and (not resizing or (resizable is not None and _cannot_win(found, resizable[0])))
            ):
                # Read, it could change nothing: not chosen, not the one read most surely whose
                # size is to be tried, and it cannot stop the search (a finding off the plane;
                # ``read_surely`` is looked at before these only). Exact for paper alone too:
                # its own test below only keeps it from being chosen.
                continue
            if (
                (found.papered or found.edged)
                and best is not None
                and len(found.quads) < max(2, _sure_count(best) + 1, len(best.reported))
            ):
                continue  # too few shapes to win (below), whatever they read: not read
            if (
                self.cheap_choice
                and self.use_corner_model
                and best is not None
                and (not found.planar or read_surely)
                and self._hope(frame, found, with_deck) <= _evidence(best, geometry=geometry)
            ):
                # Too few shapes show the network an index to be borne out better than the
                # best finding: not read by the glyph reader (most of a finding's read).
                continue
            if found.quick and self.use_corner_model and self.plane is not None:
                # The cheap mask's finding (``quick_plane_mask``): read only when the network
                # reads most of its shapes' indices surely (``_hopeful``) - it cannot end the
                # search otherwise (below).
                hopeful, looked = self._hopeful(frame, found, with_deck)
                if looked == 0 or hopeful < self.plane.sure_share * looked:
                    continue
            analysis = self._analysis_of(frame, found, with_deck=with_deck, printed=False)
            first, read = not read, True
            if found.quick and not (
                _mostly_sure(analysis, self.plane, geometry=geometry)
                and (
                    best is None
                    or _evidence(analysis, geometry=geometry) > _evidence(best, geometry=geometry)
                )
            ):
                # The cheap mask's finding is chosen only where it ends the search (below: most
                # shapes read surely on the plane); else it is let go as if never made, and the
                # full mask's finding at this width comes next.
                continue
            if (found.papered or found.edged) and (
                _sure_count(analysis) < 2
                or (
                    best is not None
                    and (
                        _sure_count(analysis) <= _sure_count(best)
                        or len(analysis.reported) < len(best.reported)
                    )
                )
            ):
                # Paper alone wins only by more cards read surely, two at least (one shape
                # of a size too large can be read surely across two cards), and no fewer
                # shapes (paper alone loses a dim card's grey paper).
                continue
            if found.planar and found.width is not None:
                plane_read = (found.width, analysis)
            read_surely = read_surely or any(_sure_cards(analysis, geometry=False))
            if best is None or _evidence(analysis, geometry=geometry) > _evidence(
                best, geometry=geometry
            ):
                best = analysis
                best_found = found
                best_planar = found.planar
            if _too_large(analysis) is not None:
                surely = _evidence(analysis, geometry=False)
                if resizable is None or surely > resizable[0]:
                    resizable = (surely, analysis, found)
            if (
                best.detections
                and not best.unread_cards
                and all(_sure_cards(best, geometry=geometry))
            ):
                break  # every shape read surely: another card size cannot do better
            if (
                self.finder.sure_tie_stops
                and analysis.detections
                and not analysis.unread_cards
                and all(_sure_cards(analysis, geometry=geometry))
                and _sure_count(analysis) >= _sure_count(best)
            ):
                # A finding read wholly surely that ties the best's cards read surely
                # (``sure_tie_stops``): the best kept, no other card size read.
                break
            if found.planar and _mostly_sure(analysis, self.plane, geometry=geometry):
                break  # on the plane, a card size whose shapes mostly read surely is the size
            if (
                first
                and found.planar
                and best is analysis
                and _sure_share(analysis, geometry=geometry) >= self.finder.first_enough > 0
                and len(analysis.detections) == len(found.quads)
                and _too_large(analysis) is None
            ):
                # The first finding on the plane read surely enough (``first_enough``): every
                # shape read as a card (surely or not), the indices showing the size fits.
                break
            if (
                first
                and found.planar
                and found.width is not None
                and _sure_share(analysis, geometry=geometry) < self.finder.plane_poor
            ):
                poor = found.width  # the plane's other widths not made (``plane_poor``)
            if (
                self.sure_plane_stops
                and found.planar
                and best is analysis
                and _all_sure_fitting(analysis)
            ):
                # On the plane, every shape read surely at a card's index share: the card
                # size is the size (nor is the size the indices show tried, below).
                settled = True
                break
        if plane_unsure is not None and (
            best is None
            or _evidence(best, geometry=geometry)
            < min(-self.finder.plane_unsure_kept, _evidence(plane_unsure[0], geometry=geometry))
        ):
            # The frame as it is borne out worse than no finding at all, by shapes in which no
            # index reads (``plane_unsure_kept``), and worse than the plane.
            best, best_found = plane_unsure
        if (
            self.finder.sure_not_resized
            and best is not None
            and best.detections
            and not best.unread_cards
            and all(_sure_cards(best, geometry=geometry))
        ):
            settled = True  # a choice read wholly surely: its size not tried again
        if self.layout is None and self.size_from_indices and best is not None and not settled:
            # The cards read surely tell by their indices that the card size chosen is too
            # large (cards joined, a printed zone voted it): the finding at the size they show
            # is read too, and must be borne out better to win. Without ``geometry``, only the
            # finding chosen is looked at (it is the one read most surely).
            sources = [(best, best_found)]
            if geometry and resizable is not None and resizable[1] is not best:
                sources.append((resizable[1], resizable[2]))
            for source, source_found in sources:
                if source_found is None or (ratio := _too_large(source)) is None:
                    continue
                for found in self._findings(frame, (source_found, ratio), kept):
                    assert found is not None
                    if _cannot_win(found, best, geometry=geometry) or (
                        self.cheap_choice
                        and self.use_corner_model
                        and self._hope(frame, found, with_deck)
                        <= _evidence(best, geometry=geometry)
                    ):
                        continue
                    analysis = self._analysis_of(frame, found, with_deck=with_deck, printed=False)
                    if _evidence(analysis, geometry=geometry) > _evidence(best, geometry=geometry):
                        best, best_found = analysis, found
        assert best is not None
        self._rough_stage = kept[0] if kept else None
        return best, best_found

    def _analysis_of(
        self,
        frame: np.ndarray,
        found: _Finding,
        *,
        with_deck: bool,
        covering: Sequence[np.ndarray] = (),
        looks_of: list[list[_Reading]] | None = None,
        printed: bool = True,
        unread_of: list[int] | None = None,
        read: _Looks | None = None,
    ) -> FrameAnalysis:
        """The cards of one finding, read (with the house's deck, if any, when ``with_deck``).
        ``covering``: cards read already (frame pixels) whose outlines cover these cards'
        corners and middles as the finding's own do. ``looks_of``, when given, gets each
        detection's looks (one list a detection, as ``detections``). ``printed``: as
        ``_judge``'s; without it, what each sure card was judged from is kept
        (``FrameAnalysis.unprinted``). ``unread_of``, when given, gets the index of each of
        the finding's quads in which nothing was read (no detection, not even a candidate).
        ``read``: the finding's ``_finding_looks`` (the same ``with_deck`` and ``covering``),
        if read already."""
        analysis = FrameAnalysis(
            [], found.quads, card_px=found.card_px, frame_share=self.frame_share
        )
        analysis.foreground = found.foreground
        looks, analysis.corners = (
            read
            if read is not None
            else self._finding_looks(frame, found, with_deck=with_deck, covering=covering)
        )
        outlines = [np.asarray(q, np.float32).reshape(-1, 2) for q in [*found.quads, *covering]]
        for n, (quad, pair) in enumerate(zip(found.quads, looks, strict=True)):
            same: list[bool] = []
            detection = self._judged(
                frame, outlines, n, quad, pair, printed=printed, printed_same=same
            )
            if not printed and detection is not None and detection.card is not None:
                analysis.unprinted[id(detection)] = _Unsure(
                    detection, quad, pair, outlines, n, printed_same=all(same) and bool(same)
                )
            if (
                detection is not None
                and detection.card is None
                and detection.candidate is not None
                and self.use_corner_model
            ):
                analysis.unsure[id(detection)] = _Unsure(detection, quad, pair, outlines, n)
            if detection is None and unread_of is not None:
                unread_of.append(n)
            if detection is not None:
                analysis.detections.append(detection)
                analysis.shares.append(index_share(analysis.corners[n], self.index))
                analysis.corners_agree.append(_corners_agree(pair, detection.candidate))
                if looks_of is not None:
                    looks_of.append(pair)
            elif (
                not found.far[n]
                and edge_share(frame, quad, self.finder) >= self.finder.min_edge_share
            ):
                # The edges of what lies beyond the card region (a marker's white frame,
                # printed words) would show a card's edge all the same.
                analysis.unread_cards.append(self._unread(quad))
        return analysis

    def _finding_looks(
        self,
        frame: np.ndarray,
        found: _Finding,
        *,
        with_deck: bool,
        covering: Sequence[np.ndarray] = (),
    ) -> _Looks:
        """Every look at each of ``found``'s shapes and what the glyph reader cut there
        (``_read_looks``), beside the cards ``covering`` (frame pixels): what ``_analysis_of``
        judges its cards from."""
        regions = self._regions_of(frame, found)
        return self._read_looks(
            regions,
            _index_overlaps([*found.quads, *covering], len(found.quads)),
            with_deck=with_deck,
            net_read=self._net_of(found, with_deck) if self.use_corner_model and regions else None,
        )

    def _regions_of(self, frame: np.ndarray, found: _Finding) -> list[_CornerRegions]:
        """``found``'s corner regions, made the first time (its network looks with them)."""
        if len(found.regions) != len(found.quads):
            found.regions[:] = [self._regions_for(frame, quad) for quad in found.quads]
            found.nets.clear()
        return found.regions

    def _net_of(self, found: _Finding, with_deck: bool) -> _NetLooks:
        """``_read_net`` of ``found``'s regions (made already), found once for each
        ``with_deck``: the same regions in the same batch read as they did."""
        net = found.nets.get(with_deck)
        if net is None:
            net = found.nets[with_deck] = self._read_net(found.regions, with_deck=with_deck)
        return net

    def _hope(self, frame: np.ndarray, found: _Finding, with_deck: bool) -> float:
        """The most ``found``'s shapes may add to its ``_evidence``, as the corner network
        alone sees them (its looks are the full read's, found once: ``_net_of``): 1 for each
        shape it reads a whole index in at least ``NET_HOPE`` surely at one corner
        (``_complete``, ``_confidence``), which may read surely; the threshold less 0.5 for
        each other one, an uncertain card's most. The choice reads no finding fully whose hope
        is no more than the best finding's evidence (``_choose``, ``cheap_choice``): on
        building scenes no shape the network read less surely than ``NET_HOPE`` was read
        surely (the one guess: the glyph reader's looks are multiplied in after), and the
        glyph reader's cuts and recuts of the other shapes were most of a losing finding's
        read."""
        hopeful, shapes = self._hopeful(frame, found, with_deck)
        if self.finder.blank_hope and shapes:
            # Shapes the network names nothing in add nothing (``FinderSettings.blank_hope``).
            shapes -= sum(1 for pair in self._net_of(found, with_deck)[0] if _blank(pair))
        # Each other shape adds what an uncertain card adds at most: its confidence (under the
        # threshold) less 0.5 (``_weights``).
        return hopeful + max(self.threshold - 0.5, 0.0) * (shapes - hopeful)

    def _hopeful(self, frame: np.ndarray, found: _Finding, with_deck: bool) -> tuple[int, int]:
        """Of ``found``'s shapes the network looks at, how many it reads a whole index in at
        least ``NET_HOPE`` surely at one corner (``_hope``), and how many it looks at."""
        if not self._regions_of(frame, found):
            return 0, 0
        looks = self._net_of(found, with_deck)[0]
        hopeful = sum(1 for pair in looks if _complete(pair) and _confidence(pair)[0] >= NET_HOPE)
        return hopeful, len(looks)

    def _judged(
        self,
        frame: np.ndarray,
        outlines: list[np.ndarray],
        n: int,
        quad: np.ndarray,
        looks: list[_Reading],
        *,
        settled: bool = False,
        black: Card | None = None,
        printed: bool = True,
        printed_same: list[bool] | None = None,
    ) -> CardDetection | None:
        """Card ``n`` of ``outlines`` judged from its looks, and then by its middle: a court
        card whose middle shows pips is uncertain; an uncertain number card may be read by its
        pips (``_seconded_by_pips``). ``settled``: with the two readers' splits settled
        (``_judge``'s ``clubs_by_network`` and ``glyph_split``; ``_settle_splits``); ``black``:
        the black-split reader's card (``_black_split``); ``printed``: as ``_judge``'s.
        ``printed_same``, when given, is told (True) when the card is read surely by the first
        judgement as it stands and that judgement's one ``printed`` rule without a count of
        pips (``_read_by_index``) holds too: judged with ``printed`` the card is the same, every
        step after the first as it was (``_read_where_printed`` then judges it no again)."""
        clubs = settled and self._club_legible(frame, quad, looks)
        by_index: list[bool] = []
        detection = self._judge(
            quad,
            looks,
            clubs_by_network=clubs,
            glyph_split=settled,
            black=black,
            printed=printed,
            by_index=by_index if printed_same is not None else None,
        )
        if (
            detection is not None
            and detection.candidate is not None
            and detection.candidate.rank in COURT_RANKS
            and (shown := self._clear_middle(frame, outlines, n)) is not None
            and self._pip_count(shown) is not None
        ):
            return self._judge(
                quad,
                looks,
                pips=True,
                clubs_by_network=clubs,
                glyph_split=settled,
                black=black,
                printed=printed,
            )
        if (
            detection is not None
            and detection.card is None
            and self.court_picture > 0
            and (
                pictured := _court_by_picture(
                    looks, self.court_picture, aside=self.picture_sets_aside
                )
            )
            is not None
            and (middle := self._clear_middle(frame, outlines, n)) is not None
            and self._pip_count(middle) is None
        ):
            # The middle lies in the clear and shows no pips: a picture.
            seen = self._judge(
                quad,
                pictured,
                clubs_by_network=clubs,
                glyph_split=settled,
                black=black,
                printed=printed,
            )
            if seen is not None and seen.card is not None:
                return seen
        if detection is not None and detection.card is None:
            return self._seconded_by_pips(
                frame,
                outlines,
                n,
                quad,
                looks,
                detection,
                settled=settled,
                clubs=clubs,
                black=black,
                printed=printed,
            )
        if (
            detection is not None
            and detection.card is not None
            and detection.card.rank not in COURT_RANKS
            and not _corners_agree(looks, detection.card)
            and (shown := self._clear_middle(frame, outlines, n)) is not None
            and detection.card.suit in self._suits_unlike(self._pips_colour(shown))
        ):
            # Read at one index corner only (the other not showing the card, nor under another
            # shape), and pips in the middle in the other colour than the suit read: the shape
            # lies over another card (tango/joined#7900003: a shape over a 3S and the 7H dealt
            # on it, read at the 3S's index, its middle the 7H's hearts). Never a guess.
            return _doubted(detection)
        if printed_same is not None and detection is not None and detection.card is not None:
            # The first judgement's card, sure: with ``printed`` only ``_read_by_index`` could
            # change it (its pips were not counted), and every step above saw it as it is.
            printed_same.append(printed or all(by_index))
        return detection

    def _club_legible(self, frame: np.ndarray, quad: np.ndarray, looks: list[_Reading]) -> bool:
        """Whether the network's two corners' club (``_network_club``) may settle a card's
        split here (``_judge``'s ``clubs_by_network``): both index corners at ``quad`` at
        least ``club_legible`` legible (``legibility``), or no such club read (issue 28,
        h-black26). In dim, noisy light the corner network leans to clubs itself (h-net25: 22%
        of the dim style's spades read as clubs, 5% of its clubs as spades): there its club is
        no ground for setting the glyph reader's spade aside. On fresh building seeds
        (9,800,000+, 30 dim seeds 9,850,000+) four spades - tango's QS and two AS, simplistic's
        JS, all in the dim style - were read as clubs so, their corners 8-19 legible; the
        clubs it read rightly were 28 and more but for one (3.7)."""
        if (
            self.club_legible <= 0
            or _network_club([r for r in looks if r is not _DISPUTED]) is None
        ):
            return True
        # A corner under the bar settles it: the other's legibility is not measured.
        patches = self._patches([self._regions_for(frame, quad)])
        return all(legibility(patch) >= self.club_legible for patch in patches)

    def _black_by_network(self, frame: np.ndarray, analysis: FrameAnalysis) -> None:
        """The cards of the chosen finding still uncertain whose glyph looks' ink ruled the
        black suits out while each of the corner network's two corners reads the same black
        card at least ``FinderSettings.black_by_network`` surely, judged again without those
        looks (``_black_by_network_set_aside``) by every rule (``_judged``): a deck whose black
        print measures as red as another's red (issue 28, h-ink49). The finder's choice between
        findings judges without the lever (set aside there too, the choice moved on a tinted
        building photograph, tango/tilted#13581001, to a finding that lost its 4C and left its
        JH uncertain); every judgement after the choice (``printed``) sets the looks aside, so
        a card a later step lays (a corner card) is judged as these are. A card read surely
        never changes. A card judged again uncertain keeps the new looks for the looks after
        this one."""
        least = self.finder.black_by_network

        def set_aside(looks: list[_Reading]) -> list[_Reading] | None:
            kept = _black_by_network_set_aside(looks, least)
            return None if len(kept) == len(looks) else kept

        self._judged_without(frame, analysis, set_aside)

    def _merged_set_aside(self, frame: np.ndarray, analysis: FrameAnalysis) -> None:
        """The cards of the chosen finding still uncertain that a glyph look from a cut across
        a tall blob (``_read_merged``) read as another card than the corner network's whole
        looks, judged again without that look (``_set_aside_merged``) by every rule
        (``_judged``); the glyph reader disputes the card still when its other looks do
        (``disputes``). After the choice, as the second look is: a card read surely never
        changes, and the finding chosen is the same (``FinderSettings.merged_set_aside``;
        issue 28, h-glyph48). A card judged again uncertain keeps the new looks for the looks
        after this one."""
        sureness = self.check_sureness
        self._judged_without(frame, analysis, lambda looks: _set_aside_merged(looks, sureness))

    def _judged_without(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        set_aside: Callable[[list[_Reading]], list[_Reading] | None],
    ) -> None:
        """The cards of the chosen finding still uncertain judged again by every rule
        (``_judged``) with the looks ``set_aside`` keeps (None: it sets none aside, the card is
        left as it is). A judgement that names neither a card nor a candidate changes nothing;
        a card judged again uncertain keeps the new looks for the looks after this one."""
        for k, record in _still_uncertain(analysis):
            looks = set_aside(record.looks)
            if looks is None:
                continue
            judged = self._judged(frame, record.outlines, record.n, record.quad, looks)
            if judged is None or (judged.card is None and judged.candidate is None):
                continue
            analysis.detections[k] = judged
            if judged.card is None:
                analysis.unsure[id(judged)] = _Unsure(
                    judged, record.quad, looks, record.outlines, record.n
                )

    def _second_look(self, frame: np.ndarray, analysis: FrameAnalysis) -> None:
        """The cards of the chosen finding the network left uncertain, looked at again
        (``second_look.second_probabilities``: the outline refined to the paper's edges, each
        corner read at a few shifts and scales, the network's probabilities averaged) and
        judged again with every rule as it is. Such a card becomes sure only when both corners
        read the same card on the second look and the glyph reader does not dispute it; a card
        read surely is never looked at again, so it never changes. Not with the house's deck
        (its corners sharpen the network's looks first). With ``settle_splits`` the new looks
        are judged with the two readers' splits settled (``_settle_splits``)."""
        pending = [
            (k, record) for k, record in _still_uncertain(analysis) if record.worth_a_second_look
        ]
        if not pending:
            return
        seconds = second_probabilities(
            self.corner_model, frame, [record.quad for _, record in pending], self.index
        )
        self._judged_again(frame, analysis, pending, seconds)

    def _judged_again(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        cards: list[tuple[int, _Unsure]],
        looked: list[tuple[np.ndarray, np.ndarray]],
        *,
        seconded: bool = False,
    ) -> None:
        """Each of ``cards`` (its place among the detections, its record) judged again with
        the network's two looks in ``looked`` (its two corners' rank and suit probabilities, 2
        x 14 and 2 x 5, junk last) in place of the first ones, by every rule (``_judged``; with
        the splits settled as set); a detection replaced only when it is then read, both corners
        read one card and the glyph reader does not dispute it (the first look or this one);
        ``seconded``: and it is read as the candidate it had (``_searched_look``)."""
        for (k, record), (rank_p, suit_p) in zip(cards, looked, strict=True):
            first = record.looks[:2]
            net = [
                replace(look, overlap=old.overlap)
                for look, old in zip(self._net_readings(rank_p, suit_p)[0], first, strict=True)
            ]
            if not all(r.network for r in net) or _best_card(net[0]) != _best_card(net[1]):
                continue  # the two corners do not read one card when looked at again
            rest = record.looks[2:]
            glyphs = [r for r in rest if r is not _DISPUTED]
            if len(glyphs) < len(rest) or disputes(net, glyphs, self.check_sureness):
                continue  # the glyph reader disputes the card (the first look or this one)
            detection = self._judged(
                frame,
                record.outlines,
                record.n,
                record.quad,
                [*net, *rest],
                settled=self.settle_splits,
            )
            if (
                detection is not None
                and detection.card is not None
                and (not seconded or detection.card == record.detection.candidate)
                and not self._merged_tipped(
                    frame, record, [*net, *rest], settled=self.settle_splits
                )
            ):
                analysis.detections[k] = detection

    def _merged_tipped(
        self, frame: np.ndarray, record: _Unsure, looks: list[_Reading], **rules: Any
    ) -> bool:
        """Whether a card judged surely again from ``looks`` (after the choice; ``rules`` as
        ``_judged`` was given them) is sure only by a glyph look from a cut across a tall blob
        (``_Reading.merged``): judged without such looks, no card (``FinderSettings.
        merged_not_sure``; issue 28, h-fresh50). Among a dozen cuts of a small, blurred corner
        one reads as an index by chance, and agreeing with the network's lean it tips the
        product over the threshold."""
        if not self.finder.merged_not_sure or not any(
            r is not _DISPUTED and r.merged for r in looks
        ):
            return False
        plain = [r for r in looks if r is _DISPUTED or not r.merged]
        alone = self._judged(frame, record.outlines, record.n, record.quad, plain, **rules)
        return alone is None or alone.card is None

    def _searched_look(self, frame: np.ndarray, analysis: FrameAnalysis) -> None:
        """The cards of the chosen finding still uncertain and not disputed, read at the
        outline about their corners whose two index corners read one card most surely
        (``second_look.searched_outlines``: the outline scaled by 0.9-1.15 about each of its
        corners), that outline looked at again as the second look looks (each corner read at a
        few shifts and scales, averaged) and the card judged again with every rule. As the
        second look: sure only when both corners then read one card and the glyph reader does
        not dispute it; a card read surely is never looked at again, and the card keeps the
        finder's outline (only its reading changes). The search seconds a reading, never makes
        another: the surest outline must read the card's candidate (the card the finder's
        outline read, unsure), and two outlines that read two cards at both corners, each at
        least half sure, are a dispute (the surest of 20 outlines is the most over-sure of 20
        looks: without these, held out, a queen was read as a ten; issue 28, h-unsure23). Last
        of the looks again: it reads only cards no other look read."""
        pending = [
            (k, record)
            for k, record in _still_uncertain(analysis)
            if not any(r is _DISPUTED for r in record.looks)
        ]
        if not pending:
            return
        outlines = [searched_outlines(record.quad) for _, record in pending]
        chosen: list[tuple[int, _Unsure]] = []
        surest_outlines: list[np.ndarray] = []
        for (k, record), quads, (rank_p, suit_p) in zip(
            pending,
            outlines,
            outline_probabilities(self.corner_model, frame, outlines, self.index),
            strict=True,
        ):
            agreeing: list[tuple[float, Card, np.ndarray]] = []
            for quad, rank, suit in zip(quads, rank_p, suit_p, strict=True):
                pair = self._net_readings(rank, suit)[0]
                if all(r.network for r in pair) and _best_card(pair[0]) == _best_card(pair[1]):
                    agreeing.append((*_confidence(pair), quad))  # both corners read one card
            if not agreeing:
                continue
            _, card, quad = max(agreeing, key=lambda outline: outline[0])
            if card != record.detection.candidate:
                continue  # the search seconds the card the finder's outline read, never another
            if any(other != card and s >= DISAGREEING_SURENESS for s, other, _ in agreeing):
                continue  # two outlines read two cards, each at both corners: a dispute
            chosen.append((k, record))
            surest_outlines.append(quad)
        looked = looked_probabilities(self.corner_model, frame, surest_outlines, self.index)
        self._judged_again(frame, analysis, chosen, looked, seconded=True)

    def _lone_corner_look(
        self, frame: np.ndarray, analysis: FrameAnalysis, chosen: _Finding
    ) -> None:
        """The cards of the chosen finding still uncertain after every look again whose only
        rule against them is the looks' product (``_judge``'s ``why``: no glyph dispute, no
        two looks of two cards, no court card's pips, no ink against the suit, no shadowed
        corner), read by the corner network at one index corner whole, in the clear of other
        shapes, at least ``lone_corner`` surely (rank's and suit's odds multiplied) as their
        candidate, and at the other corner reading no index (junk or nothing nameable): read
        as that card (issue 28, h-unsure30). Such a card's other index lies under a chip or
        off its outline (a card dealt touching another, found a tenth or more too large or too
        small), and the glyph reader, cutting the corner the network read, was less sure of
        it than the network: on the building check and fresh seeds 10,750,000+ eight and seven
        such cards 0.9 sure or more, all rightly; the surest lone corner reading another card
        0.82 (ornamental/table#10750000's TD under the 3S, kept by the crossing rule; main's own
        one-corner wrong reads of a neighbour's index were 0.89 and 0.96). The rules of a card
        read surely at one index corner hold as for any (``_off_card_shape``,
        ``_centre_on_another``, then ``_one_corner_spade`` and ``_black_in_the_dark``), and a
        card whose candidate another card reported reads, or whose centre meets another's
        (``_apart_from_reported``), stays uncertain (one card, one detection). Not in the
        reading with the house's deck (its faces read such cards); in its twin reading without
        it, which ``keep_sure`` holds the deck to, as any look again."""
        if self.lone_corner <= 0 or not self.use_corner_model:
            return
        for k, record in _still_uncertain(analysis):
            detection = analysis.detections[k]
            candidate = detection.candidate
            if candidate is None or any(r is _DISPUTED for r in record.looks):
                continue
            network = record.looks[:2]
            whole = [r for r in network if r.network and r.rank is not None and r.suit is not None]
            if len(whole) != 1 or any(r.rank is not None for r in network if r is not whole[0]):
                continue
            (lone,) = whole
            if (
                lone.overlap >= SUSPECT_OVERLAP
                or _best_card(lone) != candidate
                or _sureness(lone) < self.lone_corner
            ):
                continue
            said: list[str] = []
            judged = self._judge(record.quad, record.looks, why=said, printed=True)
            if judged is None or judged.candidate != candidate or said != ["product"]:
                continue
            others = [d for n, d in enumerate(analysis.reported) if n != k]
            if not _apart_from_reported(detection, others):
                continue
            if self._off_card_shape(record.looks, candidate, record.quad, chosen):
                continue
            if self._centre_on_another(frame, record.looks, candidate, record.quad):
                continue
            analysis.detections[k] = replace(
                judged, card=candidate, confidence=max(judged.confidence, _sureness(lone))
            )

    def _black_by_pips(self, frame: np.ndarray, analysis: FrameAnalysis, chosen: _Finding) -> None:
        """The black number cards of the chosen finding still uncertain after every look again,
        judged again by their pips' suit (``FinderSettings.black_pips``; issue 28, h-dim44):
        each whole look black, no glyph dispute, the middle in the clear with as many pips as
        the candidate's rank (``_counted_as``; an ace: one whole pip, the index's ink as the
        glyph reader measured it when the pip tells none) in black ink, and
        the pips read upright naming spade or club (``_upright_pip_look``, the middle cut
        ``BLACK_PIPS_WINDOW`` nearer the card's ends). The looks' split of the black
        suits is then set aside (``_black_split_aside``: spade and club each half of their
        sum) and the pips' look added: the card is read when ``_judge`` reads the candidate's
        rank in the pips' suit by every rule, and as for ``_lone_corner_look``, the card stays
        uncertain when another reported card reads it or meets its centre, or when its shape or
        centre lies off the card (``_off_card_shape``, ``_centre_on_another``). A card read
        surely never changes."""
        for k, record in _still_uncertain(analysis):
            detection = analysis.detections[k]
            candidate = detection.candidate
            if (
                candidate is None
                or candidate.suit not in BLACK_SUITS
                or not Rank.ACE <= candidate.rank <= Rank.TEN
                or any(r is _DISPUTED for r in record.looks)
            ):
                continue
            ace = candidate.rank is Rank.ACE
            whole = [r for r in record.looks if r.rank is not None and r.suit is not None]
            if not whole or any(_best_card(r).suit not in BLACK_SUITS for r in whole):
                continue
            middle = self._clear_middle(frame, record.outlines, record.n)
            if middle is None:
                continue
            unlike = self._suits_unlike(self._pips_colour(middle))
            if ace and not unlike:
                # An ace's one pip tells no colour (``pips_colour``): the index's ink as the
                # glyph reader measured it does.
                unlike = frozenset(chain.from_iterable(r.unlike for r in whole))
            if unlike != RED_SUITS:
                continue  # the ink is not told black
            count = None if ace else self._counted_as(middle, candidate.rank)
            if not ace and count is None:
                continue
            look = self._upright_pip_look(
                frame, record.outlines, record.n, middle, unlike, window=BLACK_PIPS_WINDOW, ace=ace
            )
            suit = None if look is None else _best_suit(look)
            if look is None or suit is None or suit not in BLACK_SUITS:
                continue
            looks = [*(_black_split_aside(r, suit) for r in record.looks), look]
            judged = self._judge(record.quad, looks, pip_count=count, printed=True)
            if judged is None or judged.card != Card(candidate.rank, suit):
                continue
            if not self._may_settle(frame, analysis, chosen, k, record, judged.card):
                continue
            analysis.detections[k] = judged
            analysis.by_pips[id(judged)] = judged

    def _may_settle(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        chosen: _Finding,
        k: int,
        record: _Unsure,
        card: Card,
    ) -> bool:
        """Whether uncertain detection ``k`` of the chosen finding may be read as ``card`` by a
        look after the choice (``_black_by_pips``, ``_court_by_symbols``): no other reported card
        reads it (``_apart_from_reported``), and neither its shape nor its centre lies off the
        card (``_off_card_shape``, ``_centre_on_another``)."""
        others = [d for n, d in enumerate(analysis.reported) if n != k]
        if not _apart_from_reported(analysis.detections[k], others):
            return False
        if self._off_card_shape(record.looks, card, record.quad, chosen):
            return False
        return not self._centre_on_another(frame, record.looks, card, record.quad)

    def _court_by_symbols(
        self, frame: np.ndarray, analysis: FrameAnalysis, chosen: _Finding
    ) -> None:
        """The court cards of the chosen finding still uncertain after every look again, judged
        again by the suit symbols printed beyond their index (``FinderSettings.court_symbols``;
        issue 28, h-court45): no glyph dispute, each whole look at least ``COURT_RANK_SEEN`` sure of
        its rank reading the candidate's (one at least), and at least ``court_symbols_least``
        whole symbols found at the card's two ends (``court_suits.court_symbols``) in the ink of
        the looks' colour (when the looks split the colour, the one the symbols' ink tells),
        each read as one suit of it and none as the other (``court_suits.symbols_suit``). The looks'
        split of the colour's two suits is then set aside (``_split_aside``) and the symbols'
        look added: the card is read when ``_judge`` reads the candidate's rank in the symbols'
        suit by every rule; as for ``_black_by_pips``, it stays uncertain when another reported
        card reads it or meets its centre, or when its shape or centre lies off the card. A card
        read surely never changes."""
        for k, record in _still_uncertain(analysis):
            detection = analysis.detections[k]
            candidate = detection.candidate
            if (
                candidate is None
                or candidate.rank not in COURT_RANKS
                or any(r is _DISPUTED for r in record.looks)
            ):
                continue
            whole = [r for r in record.looks if r.rank is not None and r.suit is not None]
            ranked = [
                r for r in whole if r.rank is not None and float(r.rank.max()) >= COURT_RANK_SEEN
            ]
            if not ranked or any(_best_card(r).rank is not candidate.rank for r in ranked):
                continue  # its rank not sure
            outlines = [o for j, o in enumerate(record.outlines) if j != record.n]
            found_symbols = court_symbols(frame, record.quad, self.model, COURT_SYMBOLS, outlines)
            colours = {
                BLACK_SUITS if _best_card(r).suit in BLACK_SUITS else RED_SUITS for r in whole
            }
            if len(colours) > 1:
                # The looks split the colour: the symbols' ink tells it, when it tells one.
                colours = {
                    BLACK_SUITS if unlike == RED_SUITS else RED_SUITS
                    for s in found_symbols
                    if (unlike := self._suits_unlike(s.colour))
                }
                if len(colours) != 1:
                    continue
            (colour,) = colours
            other = RED_SUITS if colour == BLACK_SUITS else BLACK_SUITS
            symbols = [s for s in found_symbols if self._suits_unlike(s.colour) == other]
            found = symbols_suit(
                symbols, colour, COURT_SYMBOLS, least=self.finder.court_symbols_least
            )
            if found is None:
                continue
            suit, mean = found
            look = _Reading(None, mean)
            looks = [*(_split_aside(r, suit) for r in record.looks), look]
            judged = self._judge(record.quad, looks, printed=True)
            if judged is None or judged.card != Card(candidate.rank, suit):
                continue
            if self._may_settle(frame, analysis, chosen, k, record, judged.card):
                analysis.detections[k] = judged

    def _shadow_cleared(self, frame: np.ndarray, analysis: FrameAnalysis, chosen: _Finding) -> None:
        """The uncertain cards of the chosen finding, each read again alone at its outline
        (the other reported shapes covering it), kept uncertain by the judge's ``shadowed`` rule
        alone, judged again with their corners taken as in the clear
        (``FinderSettings.shadow_cleared``; issue 28, h-unsure47): every reported shape meeting
        the card's outline read surely, each as a card of another rank and another suit than
        the candidate (a corner showing a covering card's index reads that card). Read when
        ``_judged`` reads the candidate so, and ``_may_settle`` lets it be; a card read surely
        never changes. After every step that lays or reads a card again: a card one of them
        made uncertain carries no looks of its own."""
        for k, detection in enumerate(analysis.detections):
            candidate = detection.candidate
            if detection.card is not None or candidate is None:
                continue
            quad = np.asarray(detection.corners, np.float64).reshape(4, 2)
            others = [np.asarray(d.corners, np.float64).reshape(4, 2) for d in analysis.reported]
            others = [o for n, o in enumerate(others) if n != k]
            area = quad.astype(np.float32)
            meeting = [
                d
                for n, d in enumerate(analysis.reported)
                if n != k
                and cv2.intersectConvexConvex(
                    area, np.asarray(d.corners, np.float32).reshape(-1, 2)
                )[0]
                > 0
            ]
            if not meeting or any(
                d.card is None or d.card.rank is candidate.rank or d.card.suit is candidate.suit
                for d in meeting
            ):
                continue
            alone = _Finding([quad], None, 0.0, [False])
            read = self._analysis_of(frame, alone, with_deck=False, covering=others)
            if not read.detections or read.detections[0].card is not None:
                continue
            record = read.unsure.get(id(read.detections[0]))
            if record is None or any(r is _DISPUTED for r in record.looks):
                continue
            rules: list[str] = []
            first = self._judge(record.quad, record.looks, why=rules)
            if first is None or first.candidate != candidate or rules != ["shadowed"]:
                continue
            cleared = [replace(r, overlap=0.0) for r in record.looks]
            judged = self._judged(frame, record.outlines, record.n, record.quad, cleared)
            if judged is None or judged.card != candidate:
                continue
            if self._may_settle(frame, analysis, chosen, k, record, judged.card):
                analysis.detections[k] = judged

    def _counted_as(self, middle: np.ndarray, rank: Rank) -> int | None:
        """``rank`` when a middle's pips, laid out as a number card's, are counted as many:
        mirrored (``mirrored_pip_count``, as ``_middle_look`` counts) or else as
        ``_seconded_by_pips`` counts (``pip_count``: a two's and a three's end pips, cut by the
        middle, leave the mirrored count none on the building check's anglo/harsh#7900002 3C);
        else None."""
        count = mirrored_pip_count(middle, self.middle)
        if count == rank and pips_turn_alike(middle, self.middle, count, mirrored=True):
            return count
        count = self._pip_count(middle)
        if count == rank and pips_turn_alike(middle, self.middle, count):
            return count
        return None

    def _middle_look(self, frame: np.ndarray, analysis: FrameAnalysis) -> None:
        """The number cards of the chosen finding still uncertain, judged again by their
        middles (in the clear) with every rule: the pips counted by their mirror images
        (``middle.mirrored_pip_count``: the index's suit reaching into the middle is no pip),
        the pips' suit read upright at the frame's scale when it seconds the index's
        (``_upright_pip_look``), and the pips' ink as a look at the suit's colour. After the
        choice, as the second look is: the finder's choice between findings, which weighs how
        surely cards read, is untouched (made in ``_seconded_by_pips``, these looks moved it to
        a finding with a wrong read); a card read surely never changes. With the house's deck,
        after its faces settled what they could (``deck_looks``)."""
        for k, detection in enumerate(analysis.detections):
            record = analysis.unsure.get(id(detection))
            candidate = detection.candidate
            if (
                detection.card is not None
                or record is None
                or record.detection is not detection
                or candidate is None
                or candidate.rank in COURT_RANKS
            ):
                continue
            middle = self._clear_middle(frame, record.outlines, record.n)
            if middle is None:
                continue
            looks = list(record.looks)
            unlike = self._suits_unlike(self._pips_colour(middle))
            if unlike:
                looks = _colour_blind_looks_inked(looks, unlike)
            look = self._upright_pip_look(frame, record.outlines, record.n, middle, unlike)
            if look is not None and _best_suit(look) is candidate.suit:
                looks.append(look)  # the pips' suit seconds the index's (never overrules it)
            if unlike:
                # The pips' ink: a look at the suit's colour alone (the ink of the index's
                # glyphs as ``COLOUR_PRIOR`` weighs it).
                colour = np.array([COLOUR_PRIOR if s in unlike else 1.0 for s in SUITS_READ])
                looks.append(_Reading(None, colour / colour.sum()))
            count = mirrored_pip_count(middle, self.middle)
            if count is not None and not pips_turn_alike(middle, self.middle, count, mirrored=True):
                count = None  # not laid out as a number card's pips: no count settles a rank
            judged = self._judge(
                record.quad,
                looks,
                pip_count=count,
                printed=True,
                black_share=self._pip_black(frame, record.quad),
            )
            if (
                judged is not None
                and judged.card is not None
                and not (
                    self.deck_suit_borne
                    and isinstance(self._model, EnrolledDeck)
                    and _twin_looks(record.looks, judged.card.suit)
                )
            ):
                analysis.detections[k] = judged

    def _settle_splits(self, frame: np.ndarray, analysis: FrameAnalysis) -> None:
        """The cards of the chosen finding still uncertain, judged again from their first looks
        with every rule (``_judged``: the middle's too) and two more (``_judge``'s
        ``clubs_by_network`` and ``glyph_split``):
        the glyph reader's spade is its bias beside the network's two corners' club, and a
        glyph look of another card is left to the product when the glyph reader's other look
        reads the card the network's two corners read. After the choice, as the second and the
        middle looks are: a card read surely never changes."""
        for k, detection in enumerate(analysis.detections):
            record = analysis.unsure.get(id(detection))
            if detection.card is not None or record is None or record.detection is not detection:
                continue
            judged = self._judged(
                frame, record.outlines, record.n, record.quad, record.looks, settled=True
            )
            black = (
                self._black_split(frame, record.quad, record.looks, judged)
                if self.black_split and judged is not None and judged.card is None
                else None
            )
            if black is not None:
                judged = self._judged(
                    frame,
                    record.outlines,
                    record.n,
                    record.quad,
                    record.looks,
                    settled=True,
                    black=black,
                )
            if (
                judged is not None
                and judged.card is not None
                and not self._merged_tipped(frame, record, record.looks, settled=True, black=black)
            ):
                analysis.detections[k] = judged

    def _black_split(
        self, frame: np.ndarray, quad: np.ndarray, looks: list[_Reading], judged: CardDetection
    ) -> Card | None:
        """The card an uncertain black card is by the black-split reader (``black_split``):
        its candidate's rank in the suit the reader reads at both index corners (each more
        than half sure of it, their odds multiplied ``BLACK_SURE`` sure) - asked only when the
        network's two corners both read the candidate's rank, in the clear, and the looks give
        the black suits together at least the threshold (rank sure, suit split spade / club:
        ``_judge`` checks the rank's product and the other rules)."""
        candidate = judged.candidate
        if candidate is None or candidate.suit not in _BLACK or not black_split_available():
            return None
        if judged.suits[_SPADE] + judged.suits[_CLUB] < self.threshold:
            return None
        network = [r for r in looks if r is not _DISPUTED and r.network]
        whole = [r for r in network if r.rank is not None and r.suit is not None]
        if len(whole) != 2 or any(
            r.shadowed or _best_card(r).rank is not candidate.rank for r in whole
        ):
            return None
        regions = [warp_corner(frame, ordered, self.index) for ordered in portrait_orders(quad)]
        club = BlackSplit.shared().club_shares(corner_patches(regions)).astype(np.float64)
        if len({bool(c >= 0.5) for c in club}) > 1:
            return None  # the two corners read two suits
        share = _joined_share(club)
        if share >= BLACK_SURE:
            return Card(candidate.rank, Suit.CLUBS)
        if share <= 1.0 - BLACK_SURE:
            return Card(candidate.rank, Suit.SPADES)
        return None

    def _upright_pip_look(
        self,
        frame: np.ndarray,
        outlines: list[np.ndarray],
        n: int,
        middle: np.ndarray,
        unlike: frozenset[Suit],
        *,
        window: float = 0.0,
        ace: bool = False,
    ) -> _Reading | None:
        """The suit as card ``n``'s pips show it (a look with no rank), cut from its middle
        warped again at the frame's own scale (``MiddleSettings.glyph_scale``) and each turned
        upright: when at least ``PIP_LOOKS`` whole pips read the same suit, each at least
        ``UPRIGHT_PIP_SURE`` sure, once the suits the pips' ink rules out are set aside; else
        None. ``middle``: the card's middle as ``_clear_middle`` warped it (in the clear);
        ``unlike``: the suits its pips' ink rules out (``suits_unlike``); ``window``: the
        middle cut so much nearer the card's ends and sides (a share of its height and width,
        0: as ``MiddleSettings`` cuts it), so that a two's and a three's end pips lie whole in it
        (``_black_by_pips``); ``ace``: an ace's one pip, read when it is the middle's only whole
        pip (``pip_count`` counts no ace; ``_black_by_pips``)."""
        least = 1 if ace else PIP_LOOKS
        if not ace and self._pip_count(middle) is None:
            return None
        fine = self._pip_window(window)
        vectors = pip_glyphs(warp_middle(frame, outlines[n], fine), fine, upright=True)
        if len(vectors) < least or (ace and len(vectors) > 1):
            return None
        p = self.model.suit_probabilities(np.array(vectors))
        p = p[p[:, -1] < self.junk_limit]  # a pip cut by another pip or the edge is junk
        if len(p) < least:
            return None
        suits = p[:, :-1].copy()
        ruled_out = [SUIT_CLASSES.index(s) for s in unlike]
        # A pip read as a suit its ink rules out is misread (a small club read as a heart).
        suits = suits[~np.isin(np.argmax(suits, axis=1), ruled_out)]
        if len(suits) < least:
            return None
        suits[:, ruled_out] = 0.0
        suits /= np.maximum(suits.sum(axis=1, keepdims=True), 1e-9)
        best = int(np.argmax(suits.mean(axis=0)))
        if float(suits[:, best].min()) < UPRIGHT_PIP_SURE or np.any(
            np.argmax(suits, axis=1) != best
        ):
            return None
        mean: np.ndarray = suits.mean(axis=0)
        return _Reading(None, mean)

    def _seconded_by_pips(
        self,
        frame: np.ndarray,
        outlines: list[np.ndarray],
        n: int,
        quad: np.ndarray,
        looks: list[_Reading],
        detection: CardDetection,
        *,
        settled: bool = False,
        clubs: bool = False,
        black: Card | None = None,
        printed: bool = True,
    ) -> CardDetection | None:
        """An uncertain number card judged again with its middle in the clear: sure when its
        pips are as many as its rank and the index is sure of its suit (``_judge``); else with
        the pips' look at the suit, when they agree with the index's best guess (they may
        second it, never overrule it). ``settled``, ``black``: as for ``_judged``; ``clubs``:
        ``_judge``'s ``clubs_by_network`` as ``_judged`` found it (settled, and the corners
        legible: ``_club_legible``)."""
        candidate = detection.candidate
        if candidate is None or candidate.rank in COURT_RANKS:
            return detection
        middle = self._clear_middle(frame, outlines, n)
        if middle is None:
            return detection
        count = self._pip_count(middle)
        if count == candidate.rank and (not printed or pips_turn_alike(middle, self.middle, count)):
            # The suit from the index alone: the pips' own suit (the glyph network reading a
            # pip) read a drawn deck's hearts as spades, 0.98 sure.
            counted = self._judge(
                quad,
                looks,
                pip_count=count,
                clubs_by_network=clubs,
                glyph_split=settled,
                black=black,
                printed=printed,
                black_share=self._pip_black(frame, quad) if printed else None,
            )
            if counted is not None and counted.card is not None:
                return counted
        pip_look = self._pip_look(frame, outlines, n, middle)
        if pip_look is None or _best_suit(pip_look) is not candidate.suit:
            return detection
        return self._judge(
            quad,
            [*looks, pip_look],
            clubs_by_network=clubs,
            glyph_split=settled,
            black=black,
            printed=printed,
        )

    def _pip_look(
        self,
        frame: np.ndarray,
        outlines: list[np.ndarray],
        n: int,
        middle: np.ndarray | None = None,
    ) -> _Reading | None:
        """The suit as the pips in card ``n``'s middle show it (a look with no rank), when its
        middle is in the clear and shows pips that read surely; else None. ``middle``: card
        ``n``'s middle, when already warped."""
        if middle is None:
            middle = self._clear_middle(frame, outlines, n)
        if middle is None or self._pip_count(middle) is None:
            return None
        vectors = pip_glyphs(middle, self.middle)
        if not vectors:
            return None
        p = self.model.suit_probabilities(np.array(vectors))
        p = p[p[:, -1] < self.junk_limit]  # a pip cut by another pip or the edge is junk
        if len(p) == 0:
            return None
        suits = p[:, :-1] / p[:, :-1].sum(axis=1, keepdims=True)
        mean = suits.mean(axis=0)
        if float(mean.max()) < PIP_SURE:
            return None
        return _Reading(None, mean)

    def _clear_middle(
        self, frame: np.ndarray, outlines: list[np.ndarray], n: int
    ) -> np.ndarray | None:
        """The middle of card ``n`` (of ``outlines``), warped small; None when another card
        lies over it or middles are not read."""
        if not self.read_middles:
            return None
        area = middle_area(outlines[n], self.middle)
        for j, other in enumerate(outlines):
            if j != n and cv2.intersectConvexConvex(area, other)[0] > 0:
                return None
        return self._middle(frame, outlines[n])

    def _read_looks(
        self,
        regions: Sequence[CornerPair],
        overlaps: list[tuple[float, float]] | None = None,
        *,
        with_deck: bool = True,
        net_read: _NetLooks | None = None,
    ) -> _Looks:
        """Every look at every card: the corner network's two corners and the glyph reader's
        looks (see ``combine``); and what the glyph reader cut (no glyphs where it was not
        asked). ``net_read``: ``_read_net`` of these regions, if read already."""
        if not regions:
            return [], []

        def cut(pair: CornerPair) -> tuple[CornerGlyphs, CornerGlyphs]:
            return _corner_glyphs(pair, 0, self.index), _corner_glyphs(pair, 1, self.index)

        if not self.use_corner_model:
            shares = overlaps if overlaps is not None else [(0.0, 0.0)] * len(regions)
            # One corner first (the one less under other cards); the other only when the
            # first is not sure on its own.
            orders = [(0, 1) if a <= b else (1, 0) for a, b in shares]
            firsts = [
                _corner_glyphs(pair, order[0], self.index)
                for pair, order in zip(regions, orders, strict=True)
            ]
            corners = []
            skip: set[int] = set()
            known: dict[int, _Reading] = {}
            for n, (pair_regions, (first, second), glyphs, reading) in enumerate(
                zip(regions, orders, firsts, self._classify(firsts), strict=True)
            ):
                known[2 * n + first] = reading
                if shares[n][first] < SHADOW_SHARE and _sure_alone(reading):
                    other = CornerGlyphs(None, None, None)
                    skip.add(2 * n + second)
                else:
                    other = _corner_glyphs(pair_regions, second, self.index)
                corners.append((glyphs, other) if first == 0 else (other, glyphs))
            read = self._read_all(corners, shares, skip, known)
            return [list(pair) for pair in read], corners
        shares = overlaps if overlaps is not None else [(0.0, 0.0)] * len(regions)
        # A corner under another card may show that card's index to the network as well: its
        # looks carry the share, as the glyph reader's do (``_judge`` trusts them accordingly).
        net_looks, plain_looks, lifted = (
            net_read if net_read is not None else self._read_net(regions, with_deck=with_deck)
        )
        net = [
            (replace(a, overlap=shares[n][0]), replace(b, overlap=shares[n][1]))
            for n, (a, b) in enumerate(net_looks)
        ]
        corners = [
            (CornerGlyphs(None, None, pair[0]), CornerGlyphs(None, None, pair[1]))
            for pair in regions
        ]
        both: list[int] = []  # cards whose two corners the glyph reader reads
        one: list[int] = []  # cards it checks on one corner (then the other if need be)
        for n, pair in enumerate(net):
            # A card the deck alone made sure is read by both readers, as the network alone
            # would have it read.
            sure = n not in lifted and _complete(pair) and _confidence(pair)[0] >= self.threshold
            if self.combine in ("product", "veto") or not sure:
                both.append(n)
            elif self.combine == "check":
                one.append(n)
        glyph_looks: dict[int, list[_Reading]] = {}
        for n in both:
            corners[n] = cut(regions[n])
        # Corners not cut again: both of a shape whose two corners the network calls junk.
        settled = {
            2 * k + side
            for k, n in enumerate(both)
            if self.blank_no_recut and all(look.junk for look in net[n])
            for side in (0, 1)
        }
        read = self._read_all(
            [corners[n] for n in both], [shares[n] for n in both], settled=settled
        )
        for n, pair in zip(both, read, strict=True):
            glyph_looks[n] = list(pair)
        # A check: the corner the network is surest of first, the other one if it showed the
        # glyph reader no whole index.
        order = {n: _surest_first(net[n]) for n in one}
        for attempt in range(2):
            pending = [n for n in one if not _complete(glyph_looks.get(n, []))]
            if not pending:
                break
            cut_now = [_corner_glyphs(regions[n], order[n][attempt], self.index) for n in pending]
            for n, glyphs, reading in zip(pending, cut_now, self._classify(cut_now), strict=True):
                side = order[n][attempt]
                corners[n] = (glyphs, corners[n][1]) if side == 0 else (corners[n][0], glyphs)
                reading = replace(reading, overlap=shares[n][side])
                glyph_looks[n] = [*glyph_looks.get(n, []), reading]
        looks: list[list[_Reading]] = [list(pair) for pair in net]
        for n, extra in glyph_looks.items():
            # A glyph look with a rank and no suit does not join the network's: it did not cut
            # an index - a faint rank run into its suit, or a fragment of it, read as a rank (a
            # 9H's thin red 9 read as a 2, 0.99 sure on both corners, outvoted the network's two
            # corners 0.96 and 0.98 sure of the nine). A suit alone still does. Nor does it
            # dispute the network's card (it read a JC's and a QD's corner fragments as twos).
            kept = [r for r in extra if r.rank is None or r.suit is not None]
            disputed = (
                self.combine in ("veto", "check")
                and disputes(looks[n], kept, self.check_sureness)
                and not (self.ink_settles_suit and _suit_by_ink(looks[n], kept))
            )
            if n in lifted and not (
                _complete(extra) and _confidence(extra)[1] == _confidence(looks[n])[1]
            ):
                # The house's deck alone made the network sure of this card: the glyph reader
                # must read the same card, or the card stays uncertain - unless the two readers
                # without the deck were sure of it already.
                alone = [*plain_looks[n], *extra]
                disputed = not (
                    _complete(alone)
                    and _confidence(alone)[0] >= self.threshold
                    and _confidence(alone)[1] == _confidence(looks[n])[1]
                )
            looks[n] = [*looks[n], *kept, *([_DISPUTED] if disputed else [])]
        return looks, corners

    def _read_net(self, regions: Sequence[CornerPair], *, with_deck: bool = True) -> _NetLooks:
        """Both corners of every card through the corner network, in one batch: as read with
        the house's deck (if any), as read without it, and the cards the deck made sure that
        the network alone was not sure of."""
        patches = self._patches(regions)
        deck = self._model
        if not with_deck or not isinstance(deck, EnrolledDeck):
            readings = self._net_readings(*self._net_probabilities(regions, patches))
            return readings, readings, set()
        # The house's own corners make the network surer where they clearly agree with it.
        plain = self._net_readings(*self._net_probabilities(regions, patches))
        sharpened = self._net_readings(
            *deck.corner_probabilities(self.corner_model, patches, pairs=True)
        )

        def sure(pair: tuple[_Reading, _Reading]) -> bool:
            return _complete(pair) and _confidence(pair)[0] >= self.threshold

        lifted = {n for n, pair in enumerate(sharpened) if sure(pair) and not sure(plain[n])}
        return sharpened, plain, lifted

    def _patches(self, regions: Sequence[CornerPair]) -> np.ndarray:
        """``corner_patches`` of both corners of every card in turn, each corner's made once
        (kept by its ``_CornerRegions``: ``corner_patches`` makes each patch on its own)."""
        flat = [(pair, side) for pair in regions for side in (0, 1)]
        missing = [
            (pair, side)
            for pair, side in flat
            if not isinstance(pair, _CornerRegions) or pair.patches[side] is None
        ]
        made = corner_patches([pair[side] for pair, side in missing])
        fresh = {(id(pair), side): patch for (pair, side), patch in zip(missing, made, strict=True)}
        for pair, side in missing:
            if isinstance(pair, _CornerRegions):
                pair.patches[side] = fresh[id(pair), side]
        if not flat:
            return made
        return np.stack(
            [
                fresh[id(pair), side] if (id(pair), side) in fresh else _kept_patch(pair, side)
                for pair, side in flat
            ]
        )

    def _net_probabilities(
        self, regions: Sequence[CornerPair], patches: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """The corner network's rank and suit probabilities of ``patches`` (``_patches`` of
        ``regions``), each corner's found once (kept by its ``_CornerRegions``, for this
        network): the network reads a corner the same alone as in any batch (OpenCV's
        network, one core: checked bit for bit), so the corners read already are not read
        again."""
        model = self.corner_model
        key = id(model)
        flat = [(pair, side) for pair in regions for side in (0, 1)]
        missing = [
            n
            for n, (pair, side) in enumerate(flat)
            if not isinstance(pair, _CornerRegions) or (key, side) not in pair.net
        ]
        if len(missing) == len(flat):
            rank_p, suit_p = model.probabilities(patches)
            for n, (pair, side) in enumerate(flat):
                if isinstance(pair, _CornerRegions):
                    pair.net[key, side] = (rank_p[n].copy(), suit_p[n].copy())
            return rank_p, suit_p
        rows: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        if missing:
            read = model.probabilities(patches[missing])
            for k, n in enumerate(missing):
                rows[n] = (read[0][k].copy(), read[1][k].copy())
                pair, side = flat[n]
                if isinstance(pair, _CornerRegions):
                    pair.net[key, side] = rows[n]
        for n, (pair, side) in enumerate(flat):
            if n not in rows:
                assert isinstance(pair, _CornerRegions)
                rows[n] = pair.net[key, side]
        rank_p = np.stack([rows[n][0] for n in range(len(flat))])
        suit_p = np.stack([rows[n][1] for n in range(len(flat))])
        return rank_p, suit_p

    def _net_readings(
        self, rank_p: np.ndarray, suit_p: np.ndarray
    ) -> list[tuple[_Reading, _Reading]]:
        """The network's probabilities (two corners a card, in turn) as looks."""
        readings = []
        for r, s in zip(rank_p, suit_p, strict=True):
            if r[-1] >= self.junk_limit or s[-1] >= self.junk_limit:
                readings.append(_Reading(None, None, junk=True))
                continue
            rank = r[:-1] / max(float(r[:-1].sum()), 1e-9)
            suit = s[:-1] / max(float(s[:-1].sum()), 1e-9)
            if float(rank.max()) * float(suit.max()) < NET_NO_INDEX:
                # Not junk, but no card either: a corner the network can name nothing in shows
                # no index (a sticker over it, a blank corner), as the glyph reader would say.
                readings.append(_Reading(None, None))
                continue
            readings.append(_Reading(rank, suit, network=True))
        return [(readings[2 * i], readings[2 * i + 1]) for i in range(len(readings) // 2)]

    def _read_all(
        self,
        corners: list[tuple[CornerGlyphs, CornerGlyphs]],
        overlaps: list[tuple[float, float]] | None = None,
        skip: set[int] | None = None,
        known: dict[int, _Reading] | None = None,
        settled: set[int] | None = None,
    ) -> list[tuple[_Reading, _Reading]]:
        """Classify every glyph of the frame at once (one matrix product per network).

        A card none of whose corners stands for it (read whole, in the clear and surely) has
        its corners that gave no rank and suit cut again, in turn (``RECUTS``: dark ink only,
        spills cut from pips, a wider waist, thin necks parted, the gutter beside the index
        cleared, the floor between the suit and a picture below it cleared); the first cut that
        reads a whole index is kept. Then a rank run into its suit is cut across every row
        (``_read_merged``, with and without the gutter cleared).
        ``overlaps``: each corner's share inside other cards (see ``_index_overlaps``);
        ``skip``: corners not looked at (the other one was sure alone); ``known``: corners
        already classified (by their index in the flat list); ``settled``: corners classified as
        cut and never cut again (``blank_no_recut``).
        """
        flat = [glyphs for pair in corners for glyphs in pair]
        known = known or {}
        unknown = [n for n in range(len(flat)) if n not in known]
        fresh = dict(zip(unknown, self._classify([flat[n] for n in unknown]), strict=True))
        readings = [known[n] if n in known else fresh[n] for n in range(len(flat))]
        shares = [share for pair in (overlaps or [(0.0, 0.0)] * len(corners)) for share in pair]
        hidden = [share >= SHADOW_SHARE for share in shares]
        for n in skip or ():  # not looked at: the card's other corner was sure on its own
            readings[n] = _Reading(None, None)

        def complete(n: int) -> bool:
            return readings[n].rank is not None and readings[n].suit is not None

        def trusted(n: int) -> bool:
            """Read whole, in the clear, and sure enough to stand for the card alone."""
            if not complete(n) or hidden[n]:
                return False
            return _sureness(readings[n]) >= self.threshold

        def wanting() -> list[int]:
            """Corners to cut again: of cards no corner of which stands for them yet; a corner
            under another card is not cut again (what hides it stays)."""
            return [
                n
                for n in range(len(flat))
                if not complete(n)
                and not hidden[n]
                and n not in (skip or ())
                and n not in (settled or ())
                and not trusted(n ^ 1)
            ]

        for recut in RECUTS:
            retry = wanting()
            if not retry:
                break
            again = [recut.cut(flat[n], self.index) for n in retry]
            for n, glyphs, reading in zip(retry, again, self._classify(again), strict=True):
                if reading.rank is not None and reading.suit is not None:
                    readings[n] = reading
                    _put(flat, corners, n, glyphs)
        self._read_merged(flat, readings, corners, wanting())
        marked = [replace(reading, overlap=shares[n]) for n, reading in enumerate(readings)]
        return [(marked[2 * i], marked[2 * i + 1]) for i in range(len(corners))]

    def _read_merged(
        self,
        flat: list[CornerGlyphs],
        readings: list[_Reading],
        corners: list[tuple[CornerGlyphs, CornerGlyphs]],
        pending: list[int],
    ) -> None:
        """The ``pending`` corners (still without a whole index) whose rank may have run into
        its suit: every cut across the tall blob is classified, and the cut that reads surest
        as a rank over a suit is kept (in place) - if it is sure: among a dozen cuts of
        anything (a hand, a chip) one may look like an index by chance."""
        for hysteresis, gutter in MERGED_CUTS:
            pending = [n for n in pending if readings[n].rank is None or readings[n].suit is None]
            options = [
                (n, cut)
                for n in pending
                if (region := flat[n].region) is not None  # always: pending corners were looked at
                for cut in merged_index_cuts(
                    region,
                    self.index,
                    hysteresis=hysteresis,
                    gutter=gutter,
                    prepared=flat[n].ink,
                )
            ]
            if options:
                self._keep_surest_cut(flat, readings, corners, options)

    def _keep_surest_cut(
        self,
        flat: list[CornerGlyphs],
        readings: list[_Reading],
        corners: list[tuple[CornerGlyphs, CornerGlyphs]],
        options: list[tuple[int, CornerGlyphs]],
    ) -> None:
        """Of the ``options`` (corner, one cut of it), the cut of each corner that reads surest,
        if sure, is put in place."""
        best: dict[int, tuple[float, CornerGlyphs, _Reading]] = {}
        for (n, cut), reading in zip(options, self._classify([c for _, c in options]), strict=True):
            if reading.rank is None or reading.suit is None:
                continue
            sureness = _sureness(reading)
            if sureness < self.threshold:
                continue  # the best of many cuts: only a sure one is evidence of an index
            if n not in best or sureness > best[n][0]:
                best[n] = (sureness, cut, reading)
        for n, (_, cut, reading) in best.items():
            readings[n] = replace(reading, merged=True)
            _put(flat, corners, n, cut)

    def _classify(self, glyphs: list[CornerGlyphs]) -> list[_Reading]:
        ranks = [(n, g.rank.vector) for n, g in enumerate(glyphs) if g.rank is not None]
        suits = [(n, g.suit.vector) for n, g in enumerate(glyphs) if g.suit is not None]
        rank_p: dict[int, np.ndarray] = {}
        suit_p: dict[int, np.ndarray] = {}
        if ranks:
            probabilities = self._glyphs.rank_probabilities(np.array([v for _, v in ranks]))
            for (n, _), p in zip(ranks, probabilities, strict=True):
                if p[-1] < self.junk_limit:
                    rank_p[n] = p[:-1] / max(float(p[:-1].sum()), 1e-9)
        if suits:
            probabilities = self._glyphs.suit_probabilities(np.array([v for _, v in suits]))
            for (n, _), p in zip(suits, probabilities, strict=True):
                if p[-1] < self.junk_limit:
                    suit_p[n] = p[:-1] / max(float(p[:-1].sum()), 1e-9)
        readings = []
        for n, corner in enumerate(glyphs):
            unlike = self._suits_unlike(corner.colour)
            suit = suit_p.get(n)
            if suit is not None and unlike:
                weights = np.array(
                    [COLOUR_PRIOR if s in unlike else 1.0 for s in SUIT_CLASSES[:-1]]
                )
                suit = suit * weights
                suit = suit / max(float(suit.sum()), 1e-12)
            warm = unlike == BLACK_SUITS and _warm_black(corner.colour)
            red = red_excess(corner.colour)
            readings.append(_Reading(rank_p.get(n), suit, unlike, warm=warm, red=red))
        return readings

    def _unread(self, quad: np.ndarray) -> CardDetection:
        """A card shape no index was read in: uncertain, no candidate."""
        corners, center, zone = self._place(quad)
        return CardDetection(None, 0.0, corners, center, zone)

    def _place(
        self, quad: np.ndarray
    ) -> tuple[tuple[tuple[float, float], ...], tuple[float, float], Hand | None]:
        """A quadrilateral's corners (counter-clockwise in the image's axes), centre and zone."""
        ordered = quad if signed_area(quad) > 0 else quad[::-1]
        corner_points = tuple((float(x), float(y)) for x, y in ordered)
        center_point = centre_of(ordered)
        center = (float(center_point[0]), float(center_point[1]))
        zone = self.layout.zone_of_pixel(center) if self.layout is not None else None
        return corner_points, center, zone

    def _judge(
        self,
        quad: np.ndarray,
        readings: list[_Reading],
        *,
        pips: bool = False,
        pip_count: int | None = None,
        glyph_split: bool = False,
        clubs_by_network: bool = False,
        black: Card | None = None,
        why: list[str] | None = None,
        printed: bool = True,
        black_share: Callable[[], float] | None = None,
        by_index: list[bool] | None = None,
    ) -> CardDetection | None:
        """The card the looks show, sure when their product reaches the threshold - or, for a
        number card, when the pips in its middle (``pip_count``, a look that shares nothing with
        the index) are as many as its rank and the looks are sure of its suit on their own
        (``PIP_COUNT_SUIT``) and at least ``PIP_COUNT_RANK`` sure of its rank. ``why``, when
        given, is told every rule that disputes the card (``JUDGED_BY``'s names; for
        scripts/vision_unsure.py). ``black``: the black-split reader's card
        (``_black_split``), read as ``clubs_by_network``'s club is - a look of its rank in the
        other black suit no other card; read when its rank is the candidate's, sure.
        ``printed``: with the rules of where a card is read (issue 28, h-wrong24): sure only
        when read by the index where it is printed (``_read_by_index``), and the pips settle no
        card one of whose corners shows no index (``_corners_show_index``). On by default, as
        every judgement of a chosen finding is; the finder's choice between findings passes
        False (``_analysis_of``), and so do unit tests of the older rules on their own.
        ``black_share``: the black-split reader's club share at the card's two index corners
        (their odds multiplied; asked only when needed): a spade or club the pip count alone
        would make sure is sure only when it gives that suit at least ``pip_black`` of the
        black suits (issue 28, h-pip29). ``by_index``, when given and the card is read surely
        without ``printed``, is told whether ``printed``'s last rule (``_read_by_index``) would
        keep it sure."""
        said = why if why is not None else []
        disputed = any(r is _DISPUTED for r in readings)
        if disputed:
            said.append("glyph")
        raw = [r for r in readings if r is not _DISPUTED]
        if self.finder.warm_black:
            raw = _warm_black_set_aside(raw)
        if self.finder.black_by_network and printed:
            # Not in the finder's choice between findings (``printed`` False): there it moved
            # the choice on a tinted building photograph (``_black_by_network``).
            raw = _black_by_network_set_aside(raw, self.finder.black_by_network)
        club = black if black is not None else _network_club(raw) if clubs_by_network else None
        looked = _drop_overlapped(raw, club)
        # The index's ink as the glyph reader's whole looks measured it, however sure each was
        # of its card (the ink's colour does not depend on what the glyphs were read as).
        ink = _ink_rules_out([r for r in looked if r.rank is not None and r.suit is not None])
        readings = _drop_unsure(looked, self.noise_sureness)
        ranks = [r.rank for r in readings if r.rank is not None]
        # Beside the corner network's looks, the glyph reader's (and the pips') split of spades
        # and clubs counts softened in the product (``soften_black_split``); which looks are
        # noise or dispute is judged on the looks as read. The glyph reader alone is as it was.
        # Beside means among the looks as read: a network look set aside as noise below (a
        # corner split between spades and clubs is less than half sure of any card) is still
        # the network's word that the black suits are in doubt (simplistic/harsh#8300003's JC:
        # both corners 0.47 spade, 0.46 club; the glyph reader's spade, unsoftened, read JS).
        soften = any(r.network for r in raw)
        suits = [
            soften_black_split(r.suit) if soften and not r.network else r.suit
            for r in readings
            if r.suit is not None
        ]
        whole = [r for r in readings if r.rank is not None and r.suit is not None]
        if not whole:
            return None  # no corner shows a whole index (rank over suit): not known as a card
        # The corner network is colour-blind; the glyph reader's whole looks measured the
        # index's ink. Beside the network, a look of a suit that ink rules out (the network's,
        # or a glyph look read against its own ink) disputes nothing: its vote is left to the
        # product, where the glyph reader's looks carry the ink's colour.
        confident = [
            r
            for r in whole
            if _sureness(r) >= DISAGREEING_SURENESS
            and not (soften and _best_card(r).suit in ink | r.unlike)
        ]
        network = [r for r in whole if r.network]
        if (
            not disputed
            and len(network) == 2
            and _best_card(network[0]) == _best_card(network[1])
            and (
                _confidence(network)[0] >= NETWORK_AGREEING
                or (glyph_split and _glyph_reader_split(whole, _best_card(network[0])))
            )
        ):
            # The network's two corners agree, surely, and the glyph reader did not dispute
            # them as a whole (``disputes``): a glyph look of one corner that read another card
            # is left to the product (its two corners read two cards, or it cut one badly).
            agreed = _best_card(network[0])
            confident = [r for r in confident if r.network or _best_card(r) == agreed]
        rank_p = _combine(ranks)
        suit_p = _combine(suits)
        best_rank = RANK_CLASSES[int(np.argmax(rank_p))]
        assert best_rank is not None
        # With ``club``: a look of the club's rank in spades is no other card (below).
        read = {_as_club(_best_card(r), club) for r in confident}
        if len(read) > 1:
            # Two corners fairly sure of two different cards: never a guess - unless they differ
            # in the rank only and the pips in the middle counted the product's rank (the glyph
            # reader's dispute, then, was over the rank too).
            settled = (
                pip_count is not None
                and (not printed or _corners_show_index(raw))
                and pip_count == best_rank
                and len({card.suit for card in read}) == 1
            )
            disputed = not settled
            if disputed:
                said.append("two")
        if pips and best_rank in COURT_RANKS:
            # The middle shows pips, not a picture. It only ever takes confidence away: which
            # number card it is, it cannot say.
            disputed = True
            said.append("court")
        best_suit = SUIT_CLASSES[int(np.argmax(suit_p))]
        assert best_suit is not None
        confidence = float(rank_p.max()) * float(suit_p.max())
        if best_suit in ink or any(best_suit in r.unlike for r in readings if r.suit is not None):
            disputed = True  # a corner's ink is not that suit's colour
            said.append("ink")
        if all(r.shadowed for r in readings if r.rank is not None and r.suit is not None):
            disputed = True  # only a corner that may show the card on top of it was read
            said.append("shadowed")
        if confidence < self.threshold:
            said.append("product")
        if disputed:
            confidence = min(confidence, DISPUTED_CONFIDENCE)
        candidate = Card(best_rank, best_suit)
        corner_points, center, zone = self._place(quad)
        counted = (
            not disputed
            and (not printed or _corners_show_index(raw))
            and pip_count is not None
            and pip_count == best_rank
            and float(rank_p.max()) >= PIP_COUNT_RANK
            and float(suit_p.max()) >= PIP_COUNT_SUIT
        )
        clubbed = (
            club is not None
            and not disputed
            and (candidate == club or (black is not None and candidate.rank is club.rank))
            and float(rank_p.max()) >= self.threshold
            and float(suit_p[_SPADE] + suit_p[_CLUB]) >= self.threshold
        )
        if clubbed and black is not None:
            candidate = black
        if (
            counted
            and not clubbed
            and confidence < self.threshold
            and best_suit in _BLACK
            and black_share is not None
            and self.pip_black > 0
        ):
            # Sure by the pips' count alone, its suit from looks split between spades and clubs
            # at least 0.97 sure of one: the black-split reader must not give it the other
            # (tango/noisy#10550001: an 8S whose corners the network read 0.43 spade and 0.60
            # club, the glyph reader's two looks clubs, read as the 8C; the black-split
            # reader's club share 0.04).
            clubs = black_share()
            if (clubs if best_suit is Suit.CLUBS else 1.0 - clubs) < self.pip_black:
                counted = False
        if (
            counted
            and not clubbed
            and confidence < self.threshold
            and self.pip_colour_against > 0
            and _other_colour(raw, best_suit) >= self.pip_colour_against
        ):
            # Sure by the pips' count alone while a corner network look of the index, in the
            # clear, reads the other colour (simplistic/dim#11000001: a 2D one network corner
            # read 0.93 red and the other 0.90 club, the glyph reader club, the ink not
            # measured, two pips counted: read as the 2C).
            counted = False
        card = candidate if confidence >= self.threshold or counted or clubbed else None
        if by_index is not None and not printed and card is not None:
            by_index.append(
                (not self.use_corner_model or _read_by_index(raw, card, club, ink))
                and not self._weakly_read(raw, card, clubbed or counted)
            )
        if (
            printed
            and card is not None
            and self.use_corner_model
            and not _read_by_index(raw, card, club, ink)
        ):
            # Neither the corner network (at one corner at least) nor the glyph reader at both
            # corners reads the card: a glyph look at one corner, or a product of looks each of
            # another card, never makes a card sure.
            said.append("network")
            card = None
            confidence = min(confidence, DISPUTED_CONFIDENCE)
        if printed and card is not None and self._weakly_read(raw, card, clubbed or counted):
            # No corner network look in the clear half sure of the card's rank: the product
            # of weak looks is no reading (``FinderSettings.sure_rank_least``).
            said.append("network")
            card = None
            confidence = min(confidence, DISPUTED_CONFIDENCE)
        looks = sum(1 for r in readings if r.rank is not None and r.suit is not None)
        shares = tuple(float(p) for p in suit_p[:4])
        return CardDetection(
            card, confidence, corner_points, center, zone, candidate, looks, shares
        )

    def _weakly_read(self, looks: list[_Reading], card: Card, other_evidence: bool) -> bool:
        """Whether a number card (ace to ten) read surely is read only by weak looks multiplied
        (``FinderSettings.sure_rank_least``; 0: never): no corner network look in the clear at
        least that sure of its rank while one reads a rank there, and no other evidence (the
        pips counted, the black-split reader's club: ``other_evidence``)."""
        least = self.finder.sure_rank_least
        if least <= 0 or other_evidence or not self.use_corner_model:
            return False
        if card.rank in COURT_RANKS:
            # A court's picture is a look of its own (``_court_by_picture``): the building
            # check's simplistic/noisy#7900009 QD, its network corners Q 0.46 and 4 0.73, read by
            # the glyph reader and the picture.
            return False
        clear = [r for r in looks if r.network and r.rank is not None and not r.shadowed]
        if not clear:
            # The network shows no index in the clear (a large card the glyph reader reads at
            # both corners, test_fresh_wrong_reads): nothing weak was multiplied.
            return False
        column = RANK_CLASSES.index(card.rank)
        return not any(float(r.rank[column]) >= least for r in clear if r.rank is not None)


def _short_side(outline: np.ndarray) -> float:
    """The shorter of a quadrilateral's two pairs of opposite sides (their means), pixels."""
    sides = np.hypot(*(np.roll(outline, -1, axis=0) - outline).T)
    return float(min((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2))


def _rank_sureness(detection: CardDetection) -> float:
    """How sure a detection is of its rank alone: its confidence (the rank's share times the
    suit's in the looks' product) over the suit's share (``CardDetection.suits``; the
    confidence itself when no suits were kept)."""
    suit = max(detection.suits, default=0.0)
    return min(detection.confidence / suit, 1.0) if suit > 0 else detection.confidence


def _small_share(share: float | None, others: list[float | None], against: float) -> bool:
    """Whether an index share (``index_share``) is under ``against`` of the median of the
    frame's other sure cards' (``others``; None: not measured)."""
    measured = [s for s in others if s is not None]
    return share is not None and bool(measured) and share < against * float(np.median(measured))


def _other_colour(looks: list[_Reading], suit: Suit) -> float:
    """The most any corner network look among ``looks`` - whole (rank over suit) and in the
    clear of other cards (not ``_Reading.shadowed``) - gives the suits of the other colour than
    ``suit``'s (0 when none)."""
    other = RED_SUITS if suit in BLACK_SUITS else BLACK_SUITS
    columns = [SUIT_CLASSES.index(s) for s in other]
    return max(
        (
            float(sum(r.suit[c] for c in columns))
            for r in looks
            if r.network and r.rank is not None and r.suit is not None and not r.shadowed
        ),
        default=0.0,
    )


def _corners_show_index(looks: list[_Reading]) -> bool:
    """Whether both of a card's index corners (``looks[0]``, ``looks[1]``: the corner
    network's, or the glyph reader's without it) show an index - read whole, whatever card -
    or lie under another card (``_Reading.shadowed``). A card one of whose corners shows none
    may have an outline off the card, its middle partly another card's or the felt's: its pips
    do not settle its rank."""
    return len(looks) >= 2 and all(
        (r.rank is not None and r.suit is not None) or r.shadowed for r in looks[:2]
    )


_NUMBER_RANKS = frozenset(Rank) - COURT_RANKS - {Rank.TEN}  # ace to nine


def _court_by_picture(
    looks: list[_Reading], share: float, *, aside: bool = False
) -> list[_Reading] | None:
    """A court card's looks with its middle's picture as one more look (issue 28, h-court36),
    when the corner network reads the same court card whole at both index corners; else None.
    The picture says the card is a court card, not which: the ranks ace to nine keep ``share``
    of their probability, the ten and the three courts all of it, so it moves no probability
    between the courts nor from the ten (a queen read as a ten, a king as a queen stay as the
    looks read them). A glyph look that reads an ace to a nine (a piece of a J's or a Q's
    index over its suit read as a 2S or a 4D) is left out, and the glyph reader's dispute
    with it unless a glyph look left in reads another card. ``aside``: also when one network
    corner reads a court and the other an ace to a nine, every glyph look reading that court
    (one at least; none an ace to a nine): the ace-to-nine corner's rank is set aside (its
    suit kept; set B's simplistic Q read as a 4 at one corner). The caller checks that the
    middle lies in the clear and shows no pips."""
    plain = [r for r in looks if r is not _DISPUTED]
    network = [r for r in plain if r.network and r.rank is not None and r.suit is not None]
    if len(network) != 2:
        return None
    read = [_best_card(r) for r in network]
    odd: _Reading | None = None
    if read[0] != read[1] or read[0].rank not in COURT_RANKS:
        courts = [k for k in (0, 1) if read[k].rank in COURT_RANKS]
        if not aside or len(courts) != 1 or read[1 - courts[0]].rank not in _NUMBER_RANKS:
            return None
        odd = network[1 - courts[0]]
    court = read[1] if odd is network[0] else read[0]
    kept = [
        r
        for r in plain
        if r.network or r.rank is None or r.suit is None or _best_card(r).rank not in _NUMBER_RANKS
    ]
    glyph = [r for r in plain if not r.network and r.rank is not None and r.suit is not None]
    if odd is not None:
        if not glyph or any(_best_card(r) != court for r in glyph):
            return None  # every glyph look (one at least) reads the court: none an ace to nine
        kept = [replace(r, rank=None) if r is odd else r for r in kept]
    if any(r is _DISPUTED for r in looks) and any(
        _best_card(r) != court and _best_card(r).rank not in _NUMBER_RANKS for r in glyph
    ):
        kept.append(_DISPUTED)
    picture = np.array([share if rank in _NUMBER_RANKS else 1.0 for rank in RANK_CLASSES[:-1]])
    return [*kept, _Reading(picture, None)]


def _kept_patch(pair: CornerPair, side: int) -> np.ndarray:
    """The patch a ``_CornerRegions`` kept for one corner (``CardDetector._patches``)."""
    assert isinstance(pair, _CornerRegions)
    patch = pair.patches[side]
    assert patch is not None
    return patch


def _shown_at(looks: list[_Reading], card: Card) -> tuple[bool, bool]:
    """Whether each of a card's index corners (``looks[0]``, ``looks[1]``) shows ``card`` whole
    (a corner under another card does not: unlike ``_corners_agree``, it shows nothing)."""
    first, second = (
        len(looks) > side
        and looks[side].rank is not None
        and looks[side].suit is not None
        and _best_card(looks[side]) == card
        for side in (0, 1)
    )
    return first, second


def _cards_shown_inside(quad: np.ndarray, looks: Sequence[_Reading], part: np.ndarray) -> set[Card]:
    """The cards the corner network's looks ``looks[0]``, ``looks[1]`` (at ``quad``'s two index
    corners, ``portrait_orders``) read whole at a corner lying inside ``part`` (frame pixels):
    beyond a seam, a touching card's index (``CardDetector._seam_relaid``)."""
    polygon = np.asarray(part, np.float32).reshape(-1, 1, 2)
    shown: set[Card] = set()
    for order, look in zip(portrait_orders(quad), looks[:2], strict=False):
        if look is _DISPUTED or look.rank is None or look.suit is None:
            continue
        corner = (float(order[0][0]), float(order[0][1]))
        if cv2.pointPolygonTest(polygon, corner, False) >= 0:
            shown.add(_best_card(look))
    return shown


def _shown_at_both(looks: list[_Reading], card: Card) -> bool:
    """Whether both of a card's index corners show ``card`` whole (``_shown_at``)."""
    return all(_shown_at(looks, card))


def _off_size(quad: np.ndarray, found: _Finding) -> float | None:
    """How far a card's outline (frame pixels), taken back to the work view ``found`` was
    found in, is off its card size there: the larger of its width's and its length's
    relative difference from the finding's (each side pair averaged). None: no view or size
    to compare with (a finding of given quads)."""
    if found.view is None or found.card_px is None:
        return None
    width, length = _size_in_view(quad, np.linalg.inv(found.view.to_image), found.card_px)
    return max(abs(width - 1), abs(length - 1))


def _largest_in_view(mask: np.ndarray, to_view: np.ndarray) -> float:
    """The area of ``mask``'s largest blob (its outer outline) laid in another view
    (``to_view``: the mask's view -> that view), in that view's pixels; 0 when it has none."""
    outlines, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return max(
        (
            abs(cv2.contourArea(transform_points(to_view, o.reshape(-1, 2)).astype(np.float32)))
            for o in outlines
        ),
        default=0.0,
    )


def _size_in_view(
    outline: np.ndarray, to_view: np.ndarray, card_px: tuple[float, float]
) -> tuple[float, float]:
    """An outline's (frame pixels) width and length in a view (``to_view``: frame -> view),
    each pair of opposite sides averaged, over the card's width and length there
    (``card_px``)."""
    seen = transform_points(to_view, outline)
    sides = np.hypot(*(following(seen) - seen).T)
    short, long = sorted(((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2))
    return float(short / card_px[0]), float(long / card_px[1])


def _read_by_index(
    looks: list[_Reading], card: Card, club: Card | None, ink: frozenset[Suit]
) -> bool:
    """Whether a card's looks read ``card`` where it is printed: the corner network at one
    index corner at least (its best card; with ``club``, as ``_as_club`` reads it; or, the
    network being colour-blind, the card's rank in a suit the index's ink - ``ink``, or the
    look's own ``unlike`` - rules out, at least ``DISAGREEING_SURENESS`` sure), or the glyph
    reader at both corners (two whole looks of the card: it reads each corner once) and, for
    a spade or a club, a network look of that suit."""
    whole = [r for r in looks if r.rank is not None and r.suit is not None]
    for r in whole:
        if not r.network:
            continue
        read = _as_club(_best_card(r), club)
        if read == card or (
            read.rank is card.rank
            and read.suit in ink | r.unlike
            and _sureness(r) >= DISAGREEING_SURENESS
        ):
            return True
    if sum(1 for r in whole if not r.network and _best_card(r) == card) < 2:
        return False
    # The glyph reader alone never decides a black suit (issue 28, session 24, after
    # h-diag24): in dim light it leans to clubs (23% of the dim spades it read), so a spade or
    # club read by it at both corners needs a corner network look of that suit too.
    # And that look must lean to the suit, not split the two black suits evenly (h-net25's
    # retrained network read a lens-blurred AC 0.445 spade, 0.445 club: a lead of 0.0002).
    return card.suit not in _BLACK or any(
        r.network and r.suit is not None and _black_lead(r, card.suit) >= BLACK_LEAD for r in looks
    )


BLACK_LEAD = 0.1  # how far a network look's black suit must lead the other to second the glyphs


def _black_lead(reading: _Reading, suit: Suit) -> float:
    """How far ``reading``'s odds of ``suit`` (a black suit) lead its odds of the other black
    suit, when ``suit`` is its best suit; else 0."""
    assert reading.suit is not None
    if _best_suit(reading) is not suit:
        return 0.0
    other = Suit.CLUBS if suit is Suit.SPADES else Suit.SPADES
    return float(reading.suit[SUIT_CLASSES.index(suit)] - reading.suit[SUIT_CLASSES.index(other)])


_PARTNER_SUIT = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}


def _split_aside(look: _Reading, toward: Suit) -> _Reading:
    """``look`` with its split of ``toward``'s colour's two suits set aside: the two each half
    of what it gives them, a hair toward ``toward`` (so that its best card is read in that
    suit); the colour and the rank as read (``CardDetector._court_by_symbols``, and
    ``_black_split_aside`` for the black suits)."""
    if look is _DISPUTED or look.suit is None:
        return look
    suit = look.suit.copy()
    mine = SUIT_CLASSES.index(toward)
    other = SUIT_CLASSES.index(_PARTNER_SUIT[toward])
    pair = suit[mine] + suit[other]
    suit[mine], suit[other] = pair * 0.5 * (1 + 1e-4), pair * 0.5 * (1 - 1e-4)
    return replace(look, suit=suit)


def _black_split_aside(look: _Reading, toward: Suit) -> _Reading:
    """``look`` with its split of the black suits set aside: spade and club each half of what
    it gives the two, a hair toward ``toward`` (so that its best card is read in that suit;
    ``CardDetector._black_by_pips``); the colour and the rank as read (``_split_aside`` for a
    black suit)."""
    return _split_aside(look, toward)


def _still_uncertain(
    analysis: FrameAnalysis, records: dict[int, _Unsure] | None = None
) -> list[tuple[int, _Unsure]]:
    """The detections of the chosen finding still uncertain that were judged from looks (an
    unread shape was not), with their places and what they were judged from: the records
    ``analysis.unsure`` keeps, or ``records`` (``FrameAnalysis.offered``: the corner offers)."""
    kept = analysis.unsure if records is None else records
    return [
        (k, record)
        for k, detection in enumerate(analysis.detections)
        if detection.card is None
        and (record := kept.get(id(detection))) is not None
        and record.detection is detection
    ]


LONE_SURE = 0.99  # a corner this sure (and in the clear) is read without the card's other one


def _inside(polygon: np.ndarray, point: tuple[float, float]) -> bool:
    """Whether ``point`` lies in ``polygon`` (N x 1 x 2, float32) or on its edge."""
    return cv2.pointPolygonTest(polygon, (float(point[0]), float(point[1])), False) >= 0


def _put(
    flat: list[CornerGlyphs],
    corners: list[tuple[CornerGlyphs, CornerGlyphs]],
    n: int,
    glyphs: CornerGlyphs,
) -> None:
    """Corner ``n`` (of ``flat``: two per card) is now cut as ``glyphs``."""
    flat[n] = glyphs
    corners[n // 2] = (glyphs, corners[n // 2][1]) if n % 2 == 0 else (corners[n // 2][0], glyphs)


def _sure_alone(reading: _Reading) -> bool:
    """A corner read so surely, and in a colour its suit can be, that the other corner need
    not be looked at."""
    if reading.rank is None or reading.suit is None:
        return False
    suit = SUIT_CLASSES[int(np.argmax(reading.suit))]
    if suit in reading.unlike:
        return False
    return _sureness(reading) >= LONE_SURE


# What a card offered under a forearm changes of a frame's analysis (``_arm_cards``).
_ARM_TRIAL = ("detections", "shares", "corners_agree", "quads", "unread_cards")
SHADOW_SHARE = 0.25  # an index area this much inside another card's outline may show that card
SUSPECT_OVERLAP = 0.05  # of two looks that disagree, the one this much further inside goes
# Where a card's index lies, as shares of the card's width and height (from its corner).
_INDEX_AREA = np.array([[0.0, 0.0], [0.22, 0.0], [0.22, 0.32], [0.0, 0.32]])


# The rules that keep a card uncertain, as ``CardDetector._judge`` names them (``why``): the
# glyph reader disputes the network's card; two looks at least half sure of two cards; a court
# card's middle shows pips; the index's ink rules the suit out; only corners under other cards
# read; the corner network reads the card at neither corner (issue 28, h-wrong24); the looks'
# product below the threshold.
JUDGED_BY = ("glyph", "two", "court", "ink", "shadowed", "network", "product")
CLUB_SHARE = 0.7  # each network corner gives clubs at least this share of the black suits'
_SPADE, _CLUB = SUIT_CLASSES.index(Suit.SPADES), SUIT_CLASSES.index(Suit.CLUBS)
_BLACK = frozenset({Suit.SPADES, Suit.CLUBS})
BLACK_SURE = 0.99  # the black-split reader's two corners' club (or spade) odds, multiplied


def _network_club(looks: list[_Reading]) -> Card | None:
    """The club both of the corner network's looks read, each in the clear of other cards and
    giving clubs at least ``CLUB_SHARE`` of the black suits; else None."""
    network = [r for r in looks if r.network and r.rank is not None and r.suit is not None]
    if len(network) != 2 or any(r.shadowed for r in network):
        return None
    card = _best_card(network[0])
    if card.suit is not Suit.CLUBS or _best_card(network[1]) != card:
        return None
    for r in network:
        assert r.suit is not None
        if float(r.suit[_CLUB]) < CLUB_SHARE * float(r.suit[_SPADE] + r.suit[_CLUB]):
            return None
    return card


def _black_split_between_corners(looks: list[_Reading], card: Card | None) -> bool:
    """Whether ``card`` is black and the corner network's first looks at the card's corners
    leant to both black suits (one to spades, one to clubs): an outline laid again by
    ``line_fit`` does not settle that split (h-linefit46: simplistic/lens#7900009's AC, its
    corners 0.56 spade / 0.32 club and 0.36 / 0.58, the glyph reader sure of spades, read
    surely as the AS at a fitted outline where ``black_pips`` is off)."""
    if card is None or card.suit not in _BLACK:
        return False
    leans = {
        _best_suit(r)
        for r in looks
        if r is not _DISPUTED and r.network and r.suit is not None and not r.junk
    }
    return leans >= _BLACK


def _glyph_reader_split(whole: list[_Reading], card: Card) -> bool:
    """Whether the glyph reader's whole looks read two cards, one of them ``card``: its two
    corners disagree with each other, and one of them with the network's two."""
    cards = {_best_card(r) for r in whole if not r.network}
    return len(cards) > 1 and card in cards


def _as_club(card: Card, club: Card | None) -> Card:
    """``card``, read as ``club`` when it is that club's rank in the other black suit (the
    network's club, ``_network_club``: a spade; the black-split reader's card, a spade or a
    club)."""
    if club is not None and card.rank is club.rank and {card.suit, club.suit} <= _BLACK:
        return club
    return card


def _drop_overlapped(looks: Iterable[_Reading], club: Card | None = None) -> list[_Reading]:
    """A card's looks, less the one that read another card from a corner lying further inside
    another card's outline than the looks it disagrees with (it shows the card on top). With
    ``club`` (``_network_club``), a look of its rank in spades disagrees with none."""
    kept = list(looks)
    whole = [r for r in kept if r.rank is not None and r.suit is not None]
    if len(whole) < 2 or len({_as_club(_best_card(r), club) for r in whole}) < 2:
        return kept
    suspect = max(whole, key=lambda r: r.overlap)
    others = [r.overlap for r in whole if r is not suspect]
    if suspect.overlap >= SUSPECT_OVERLAP and suspect.overlap - max(others) >= SUSPECT_OVERLAP:
        return [r for r in kept if r is not suspect]
    return kept


def _drop_unsure(looks: list[_Reading], noise: float) -> list[_Reading]:
    """A card's looks, less the whole ones less than ``noise`` sure of any card when another
    look is at least that sure. Multiplied in, a look that hardly knows what it saw sharpens
    the product all the same: a look 86% sure of a 2C and one a third sure of a 5, or as sure
    of a 2, made a card 97% sure of the 2C it was not."""
    whole = [r for r in looks if r.rank is not None and r.suit is not None]
    sure = [r for r in whole if _sureness(r) >= noise]
    if not sure or len(sure) == len(whole):
        return looks
    return [r for r in looks if r.rank is None or r.suit is None or _sureness(r) >= noise]


def _colour_blind_looks_inked(looks: list[_Reading], unlike: frozenset[Suit]) -> list[_Reading]:
    """A card's looks (``_DISPUTED`` among them or not) with the pips' ink (``unlike``: the
    suits it rules out) given to the corner network's looks of a suit it rules out, as the
    index's ink is given to the glyph reader's: such a look is no "look of another card"
    (``_judge``). The glyph reader's dispute goes when it was over the suit's colour alone -
    the network's card and the glyph reader's differ in the suit only, and the ink rules out
    the one and not the other."""
    network = [r for r in looks if r is not _DISPUTED and r.network]
    glyphs = [r for r in looks if r is not _DISPUTED and not r.network]
    if (
        any(r is _DISPUTED for r in looks)
        and _complete(network)
        and _complete(glyphs)
        and (ours := _confidence(network)[1]).rank == (theirs := _confidence(glyphs)[1]).rank
        and (ours.suit in unlike) != (theirs.suit in unlike)
    ):
        looks = [r for r in looks if r is not _DISPUTED]
    return [
        replace(r, unlike=r.unlike | unlike)
        if r is not _DISPUTED and r.network and r.rank is not None and _best_suit(r) in unlike
        else r
        for r in looks
    ]


def _warm_black_set_aside(looks: list[_Reading]) -> list[_Reading]:
    """The looks without the glyph reader's whose ink was only marginally red (``_Reading.warm``)
    when the corner network's two corners read one black card, together at least
    ``NETWORK_AGREEING`` sure (``FinderSettings.warm_black``): a warm black print's ink, its
    suits weighed by a colour it is not printed in. Otherwise the looks as they are (a red
    card's faded ink still rules the black suits out)."""
    if not any(r.warm for r in looks):
        return looks
    net = [r for r in looks if r.network and r.rank is not None and r.suit is not None]
    if len(net) != 2 or _best_card(net[0]) != _best_card(net[1]):
        return looks
    sureness, card = _confidence(net)
    if card.suit not in BLACK_SUITS or sureness < NETWORK_AGREEING:
        return looks
    return [r for r in looks if not r.warm]


def _black_by_network_set_aside(
    looks: list[_Reading], least: float, ceiling: float = BLACK_BY_NETWORK_RED
) -> list[_Reading]:
    """The looks without the glyph reader's whose ink ruled the black suits out, its red past
    green and blue under ``ceiling``, when each of the corner network's two corners reads the
    same black card at least ``least`` sure (``FinderSettings.black_by_network``): a deck whose
    black print measures as red as another deck's red (issue 28, h-ink49). Otherwise the looks
    as they are. The network is colour-blind: it reads a heart or a diamond by its shape."""
    aside = [
        r
        for r in looks
        if not r.network and r.unlike == BLACK_SUITS and r.red is not None and r.red < ceiling
    ]
    if not aside:
        return looks
    net = [r for r in looks if r.network and r.rank is not None and r.suit is not None]
    if len(net) != 2 or (card := _best_card(net[0])) != _best_card(net[1]):
        return looks
    if card.suit not in BLACK_SUITS or min(_sureness(r) for r in net) < least:
        return looks
    return [r for r in looks if not any(r is a for a in aside)]


def _ink_rules_out(whole: list[_Reading]) -> frozenset[Suit]:
    """The suits the ink of a card's index rules out, as the glyph reader's whole looks (rank
    over suit) in the clear measured it (``suits_unlike``; a corner under another card may show
    that card's ink); none when they measured no colour or two (a corner's ink under coloured
    light, a cut of the picture beside it)."""
    measured = [r.unlike for r in whole if not r.network and not r.shadowed and r.unlike]
    if not measured or any(unlike != measured[0] for unlike in measured):
        return frozenset()
    return measured[0]


def _joined_share(shares: np.ndarray) -> float:
    """One share from the shares of a suit at several corners (the black-split reader's), their
    odds multiplied: independent looks at one card."""
    odds = float(np.prod(shares / np.maximum(1.0 - shares, 1e-9)))
    return odds / (1.0 + odds)


def _sureness(reading: _Reading) -> float:
    """Best rank x best suit of a look that read a whole index."""
    assert reading.rank is not None and reading.suit is not None
    return float(reading.rank.max()) * float(reading.suit.max())


def _corner_suits(looks: Sequence[_Reading]) -> list[dict[Suit, float]]:
    """The suit probabilities of the corner network's looks among ``looks`` that read a suit
    at an index corner in the open (not under another card's outline). The house's deck
    sharpens a look only in the class the network already finds likeliest, so which of two
    suits a look finds likelier is the network's own reading without the deck."""
    return [
        {suit: float(p) for suit, p in zip(SUITS_READ, r.suit, strict=False)}
        for r in looks
        if r.network and r.suit is not None and not r.shadowed
    ]


def _twin_looks(looks: Sequence[_Reading], suit: Suit) -> bool:
    """Whether a look of the corner network at an index corner in the open found ``suit``'s
    twin (the other suit of its colour: a heart's diamond) likelier than ``suit``
    (``_corner_suits``)."""
    return any(c[twin_of(suit)] > c[suit] for c in _corner_suits(looks))


def _best_suit(reading: _Reading) -> Suit | None:
    return SUIT_CLASSES[int(np.argmax(reading.suit))] if reading.suit is not None else None


def _best_card(reading: _Reading) -> Card:
    assert reading.rank is not None and reading.suit is not None
    # The arrays' own ``argmax`` (what ``np.argmax`` calls, without its dispatch: ~0.9 against
    # ~4.7 us, and this runs ~400 times a frame; h-speed31).
    rank = RANK_CLASSES[int(reading.rank.argmax())]
    suit = SUIT_CLASSES[int(reading.suit.argmax())]
    assert rank is not None and suit is not None
    return Card(rank, suit)


def _corners_agree(looks: list[_Reading], card: Card | None) -> bool:
    """Whether a card's two index corners (``looks[0]``, ``looks[1]``: the corner network's,
    or the glyph reader's without it) bear its shape out: each shows ``card`` whole, or lies
    under another shape (``_Reading.shadowed``), where its index may be hidden.

    On the building check's findings (every card size tried, 400 scenes, the averaged pair
    network), of the cards read surely whose shapes fit a card 89% agreed; of those whose
    shapes did not (a card and a half, half a card, a shape shifted) 42%, most of them halves
    whose other corner lies under the other half (both corners showing the card: 83%, and 3
    of 347)."""
    if card is None or len(looks) < 2:
        return False
    for look in looks[:2]:
        whole = look.rank is not None and look.suit is not None
        if not (whole and _best_card(look) == card) and not look.shadowed:
            return False
    return True


def _as_laid_and_moved(frame: np.ndarray, quad: np.ndarray) -> list[np.ndarray]:
    """A card laid from its index (frame pixels) as laid, and with its sides moved to the
    paper's edges near them (``refine_outline``) when that moves it (IoU under 0.9)."""
    moved = refine_outline(frame, quad)
    return [quad, moved] if polygon_iou(moved, quad) < 0.9 else [quad]


def _corners_may_agree(
    quad: np.ndarray, network: tuple[_Reading, _Reading], sure: list[np.ndarray]
) -> bool:
    """Whether a card offered at ``quad`` (frame pixels) beside the cards read surely ``sure``
    could have its two index corners bear it out (``_corners_agree``, on the corner network's
    two looks ``network``, which the full read takes unchanged): each corner shows a whole
    card, the same one, or lies under another card (the overlaps the full read gives it,
    ``_index_overlaps`` beside ``sure``). False: reading it with the glyph reader too could
    not add it."""
    return _looks_may_agree(network, _index_overlaps([quad, *sure], 1)[0])


def _looks_may_agree(network: Sequence[_Reading], shares: tuple[float, float]) -> bool:
    """Whether a card's two index corners could bear it out (``_corners_agree``) on the corner
    network's two looks at them, ``shares`` of each under other cards: each corner shows a
    whole card, the same one, or lies under another card."""
    shown: set[Card] = set()
    for look, share in zip(network, shares, strict=True):
        if share >= SHADOW_SHARE:
            continue  # under another card: its index may be hidden
        if look.rank is None or look.suit is None:
            return False
        shown.add(_best_card(look))
    return len(shown) <= 1


def _one_corner_shows(looks: list[_Reading], card: Card, floor: float) -> bool:
    """Whether one of a card's two index corners (``looks[0]``, ``looks[1]``) shows ``card``
    whole at least ``floor`` surely (``_sureness``) and the other shows no other card whole."""
    if len(looks) < 2:
        return False
    shown = [
        _best_card(look) if look.rank is not None and look.suit is not None else None
        for look in looks[:2]
    ]
    if any(c is not None and c != card for c in shown):
        return False
    return any(
        c == card and _sureness(look) >= floor for c, look in zip(shown, looks[:2], strict=True)
    )


def _a_look_shows(looks: list[_Reading], card: Card, floor: float) -> bool:
    """Whether any whole look at a card, the network's at its corners (``looks[0]``,
    ``looks[1]``) or the glyph reader's after them, shows ``card`` at least ``floor`` surely
    (``_sureness``) while neither network corner shows another card whole at least
    ``NOISE_SURENESS`` surely (``FinderSettings.corner_unsure_glyph``)."""
    if len(looks) < 2:
        return False
    whole = [
        look
        for look in looks
        if look is not _DISPUTED and look.rank is not None and look.suit is not None
    ]
    if not any(_best_card(look) == card and _sureness(look) >= floor for look in whole):
        return False
    return not any(
        look.rank is not None
        and look.suit is not None
        and _best_card(look) != card
        and _sureness(look) >= NOISE_SURENESS
        for look in looks[:2]
    )


def _doubted_there(detection: CardDetection, reported: Sequence[CardDetection]) -> bool:
    """Whether a card laid again from a corner offer (``CardDetector._relaid_offer``) lies
    where a card is reported read unsurely with a candidate, at about the same outline (IoU
    ``RELAID_SAME`` or more): no new outline, only the same card read again, and that card's
    doubt came from the reader's rules, which the corner's reading alone does not see (on the
    building check three such cards, uncertain with a wrong candidate at their true outline,
    were read surely as it; issue 28, h-merged33)."""
    return _doubted_at(np.asarray(detection.corners, np.float64), reported)


def _doubted_at(outline: np.ndarray, reported: Sequence[CardDetection]) -> bool:
    """``_doubted_there`` of a card read at ``outline`` (frame pixels, float64): a card read
    at a shape laid again keeps the shape as its outline, bit for bit, so a shape is judged so
    before it is read (``FinderSettings.relay_doubted_first``)."""
    return any(
        d.card is None
        and d.candidate is not None
        and polygon_iou(np.asarray(d.corners, np.float64), outline) >= RELAID_SAME
        for d in reported
    )


def _apart_from_reported(detection: CardDetection, reported: Sequence[CardDetection]) -> bool:
    """Whether a card found at a joined blob's corner and read unsurely lies apart from the
    cards reported: neither's centre on the other, and none of them read (surely or as its
    candidate) as its candidate (the same card read again through an index it overlaps)."""
    return not any(
        _centres_meet(detection, other) or detection.candidate in (other.card, other.candidate)
        for other in reported
    )


def _twins_told(
    analysis: FrameAnalysis, plain: FrameAnalysis, deck: EnrolledDeck
) -> list[CardDetection]:
    """``analysis``'s detections (read with the house's deck), each one the deck alone made
    sure (no detection of ``plain``, the reading without it, reads it surely there) left
    uncertain when the deck cannot tell its face from its twin's (``FaceMatcher.told_apart``)
    and the corner network's looks at it do not tell its suit surely (``_suit_told``). The
    looks are those the reading without the deck judged the card uncertain from (the shipped
    corner network: the deck's corner examples sharpen the suit the network liked best, so
    its own looks tell the suit "surely" where the twins differ least; drawn-3-jumbo/
    table#10702706's 8S, club 0.58 of the network's belief without the deck, 0.98 with it,
    read as 8C, h-wrong30), or where that reading kept none, those the card was judged from
    with the deck (a card the faces settled: its looks before)."""
    records = {
        r.detection.center: r for r in [*analysis.unprinted.values(), *analysis.unsure.values()]
    }
    plain_records = [*plain.unsure.values(), *plain.unprinted.values()]
    result = []
    for detection in analysis.detections:
        card = detection.card
        if (
            card is None
            or deck.faces.told_apart(card)
            or any(p.card == card and _centres_meet(p, detection) for p in plain.detections)
        ):
            result.append(detection)
            continue
        meeting = [r for r in plain_records if _centres_meet(r.detection, detection)]
        record = min(
            meeting,
            key=lambda r: math.dist(r.detection.center, detection.center),
            default=records.get(detection.center),
        )
        if record is not None and not _suit_told(record.looks, card.suit):
            detection = _doubted(detection)
        result.append(detection)
    return result


def _doubted(detection: CardDetection) -> CardDetection:
    """``detection`` made uncertain: no card, at most ``DISPUTED_CONFIDENCE`` sure, its
    candidate kept."""
    return replace(detection, card=None, confidence=min(detection.confidence, DISPUTED_CONFIDENCE))


def _suit_kept(
    detections: Sequence[CardDetection], plain: Sequence[CardDetection], *, colour: bool = False
) -> list[CardDetection]:
    """The detections read with the house's deck, each one the deck alone made sure (no
    detection of ``plain``, the reading without the deck, reads it surely there) left uncertain
    when the nearest detection of ``plain`` on it names the other suit of its colour (its
    candidate: the reader's own suit evidence, which the deck's suit vote would outvote; an AD
    uncertain without the deck read surely as AH with it); ``colour``: or any other suit (a
    2C read as 2D)."""
    result = []
    for detection in detections:
        card = detection.card
        meeting = (
            []
            if card is None
            else [p for p in plain if _centres_meet(p, detection) and p.candidate is not None]
        )
        if card is not None and meeting and not any(p.card == card for p in meeting):
            nearest = min(meeting, key=lambda p: math.dist(p.center, detection.center))
            named = nearest.candidate
            assert named is not None
            if named.suit is twin_of(card.suit) or (colour and named.suit is not card.suit):
                detection = _doubted(detection)
        result.append(detection)
    return result


def keep_found(
    analysis: FrameAnalysis, plain: FrameAnalysis
) -> tuple[list[CardDetection], list[CardDetection]]:
    """``analysis``'s detections and unread card shapes (read with the house's deck), with each
    card shape ``plain`` (the same finding read to the end without the deck) reports that no
    shape ``analysis`` reports stands for put back as it was without the deck: the deck adds
    evidence to reading a card, it never loses a card the reader without it finds. A shape
    stands for one when its centre lies on it, or it lies on the shape's centre and overlaps it
    by ``KEPT_OVERLAP`` (a shape spanning several cards, read with the deck, stands for none of
    them)."""
    detections, unread = list(analysis.detections), list(analysis.unread_cards)
    reported = analysis.reported
    for found in plain.reported:
        outline = np.asarray(found.corners, np.float32).reshape(-1, 1, 2)
        if any(
            _inside(outline, d.center)
            or (
                _inside(np.asarray(d.corners, np.float32).reshape(-1, 1, 2), found.center)
                and polygon_iou(outline, np.asarray(d.corners, np.float32)) >= KEPT_OVERLAP
            )
            for d in reported
        ):
            continue
        if any(found is p for p in plain.unread_cards):
            unread.append(found)
        else:
            detections.append(found)
    return detections, unread


def _suit_told(looks: Sequence[_Reading], suit: Suit) -> bool:
    """Whether the corner network reads ``suit`` at an index corner in the open, and every
    such look holds at least ``SUIT_SURE`` of the belief in ``suit``'s colour for it."""
    corners = _corner_suits(looks)
    twin = twin_of(suit)
    return bool(corners) and all(
        c[suit] >= SUIT_SURE * (c[suit] + c[twin]) and c[suit] > 0 for c in corners
    )


def _rank_read(looks: Sequence[_Reading], card: Card | None) -> bool:
    """Whether a look at an index corner in the open (not junk) reads ``card``'s rank at least
    ``RANK_READ`` surely."""
    if card is None:
        return False
    k = RANK_CLASSES.index(card.rank)
    return any(
        r.rank is not None and not r.junk and not r.shadowed and float(r.rank[k]) >= RANK_READ
        for r in looks
    )


def _ranks_seen(looks: Sequence[_Reading]) -> dict[Rank, float]:
    """The most belief a look at an index corner in the open (not junk) gives each rank."""
    seen: dict[Rank, float] = {}
    for r in looks:
        if r.rank is None or r.junk or r.shadowed:
            continue
        for rank, p in zip(RANK_CLASSES, r.rank, strict=False):
            if rank is not None:
                seen[rank] = max(seen.get(rank, 0.0), float(p))
    return seen


def keep_sure(
    detections: Sequence[CardDetection],
    plain: Sequence[CardDetection],
    *,
    agreed: Callable[[CardDetection], bool] | None = None,
    weak: float = 0.0,
) -> tuple[list[CardDetection], list[int]]:
    """The detections read with the house's deck, with every card read surely without it
    (``plain``: the same finding, read to the end by the shipped readers) that the deck reads
    surely as another card answered as it was without the deck: the nearest detection on it
    (either's centre on the other) reading another card surely gives way to it, unless one on
    it reads the card as it was. A detection the deck left uncertain stays so (its own checks
    may doubt a sure reading: on fresh building seeds a 5C read surely as 5S without the deck
    was uncertain with it), unless ``agreed`` is given and it is the nearest detection on the
    card, names that same card (its candidate) and ``agreed`` holds for the card read without
    the deck: the deck's doubt then agrees with the card read surely without it, which a look
    the deck's reading skips made sure (issue 28, h-deck33); or, ``weak`` above 0, it names
    another card at under ``weak`` confidence (h-deckdim38). Then the places of the detections
    put back."""
    result = list(detections)
    restored: list[int] = []
    for sure in plain:
        if sure.card is None:
            continue
        meeting = [k for k, d in enumerate(result) if _centres_meet(d, sure)]
        if any(result[k].card == sure.card for k in meeting):
            continue
        others = [k for k in meeting if result[k].card is not None]
        if others:
            nearest = min(others, key=lambda k: math.dist(result[k].center, sure.center))
            result[nearest] = sure
            restored.append(nearest)
        elif agreed is not None and meeting:
            nearest = min(meeting, key=lambda k: math.dist(result[k].center, sure.center))
            doubt = result[nearest]
            if (doubt.candidate == sure.card and agreed(sure)) or (
                doubt.candidate not in (None, sure.card) and doubt.confidence < weak
            ):
                result[nearest] = sure
                restored.append(nearest)
    return result, restored


def keep_every_sure(
    analysis: FrameAnalysis,
    plain: FrameAnalysis,
    *,
    frame: np.ndarray | None = None,
    deck: EnrolledDeck | None = None,
    leaning: float = 0.0,
) -> tuple[list[CardDetection], list[CardDetection]]:
    """``analysis``'s detections and unread card shapes (read with the house's deck, every
    other rule of it applied) with each card ``plain`` (the same finding read to the end
    without the deck) reads surely answered as there, unless a shape ``analysis`` reports on it
    (either's centre on the other) reads that same card (``FinderSettings.deck_keeps_every_sure``;
    issue 28, h-deck47): the nearest shape on it not read surely gives way to it, and the other
    shapes not read surely lying on it are dropped as ``unsure_on_sure`` drops them; with no
    shape on it, it is added. The deck then never turns a sure reading uncertain, whatever its
    own checks doubt (its faces cannot tell a black twin, its colour veto, its suit's lean).
    A shape the deck reads surely as another card is left: ``keep_sure`` answers those.
    Given the ``frame`` and the ``deck``, a card is kept only where the deck's faces do not
    speak against it: they name no other rank or colour there (``FaceMatcher.named``) and do
    not disown its suit (``FaceMatcher.disowns``): the deck's doubt is then evidence, not a
    twin it cannot tell (session 38's held-out QS read TC surely without the deck, its faces
    a black queen's). ``leaning`` (above 0; ``FinderSettings.deck_doubts_when_leaning``): nor
    where the faces lean to its twin by that much (``FaceMatcher.leans_to_twin``; h-twins48: a
    drawn jumbo KC and 5C read surely as the spade, whose faces name no rank there)."""
    detections, unread = list(analysis.detections), list(analysis.unread_cards)
    back: list[CardDetection] = []
    for sure in plain.detections:
        card = sure.card
        if card is None:
            continue
        shapes = [*detections, *unread]
        meeting = [d for d in shapes if _centres_meet(d, sure)]
        if any(d.card == card for d in meeting):
            continue
        doubts = [d for d in meeting if d.card is None]
        if not doubts and meeting:
            continue  # read surely as another card there: ``keep_sure``'s to answer
        if frame is not None and deck is not None:
            face, mask = _face_of(frame, sure, analysis)
            named = deck.faces.named(face, mask)
            if (
                named is not None and named != (card.rank, card.suit in RED_SUITS)
            ) or deck.faces.disowns(face, card, mask):
                continue
            if leaning > 0 and deck.faces.leans_to_twin(face, card, leaning, mask):
                continue
        back.append(sure)
        nearest = min(doubts, key=lambda d: math.dist(d.center, sure.center), default=None)
        at = next((k for k, d in enumerate(detections) if d is nearest), None)
        if at is not None:
            detections[at] = sure  # in its place
            continue
        unread = [d for d in unread if d is not nearest]
        detections.append(sure)
    if not back:
        return detections, unread
    kept = unsure_on_sure([*back, *(d for d in [*detections, *unread] if d.card is None)])
    return (
        [d for d in detections if d.card is not None or any(d is k for k in kept)],
        [d for d in unread if any(d is k for k in kept)],
    )


def _twin_told(
    analysis: FrameAnalysis,
    plain: FrameAnalysis,
    deck: EnrolledDeck,
    *,
    leans: float = 0.0,
    frame: np.ndarray | None = None,
    faced: bool = False,
    paired: CornerModel | None = None,
) -> Callable[[CardDetection], bool]:
    """Whether a card read surely by ``plain`` (the reading without the deck) may be put back
    where ``analysis`` (the deck's reading) leaves it uncertain naming it: when the deck tells
    its face from its twin's (``FaceMatcher.told_apart``), or else the corner network's looks
    at it tell its suit (``_suit_told``; the looks of ``plain``'s record of it, else of the
    deck's nearest record there). A suit settled only by a look the deck's reading skips,
    between twins the deck cannot tell apart, is not borne out by the deck: h-deck29's
    drawn-3-jumbo/table#10627724 5C, disputed at 0.5 by both readings, read surely as 5S by
    the looks again without the deck (h-deck33). ``leans`` (above 0): or the corner network's
    looks at it in ``plain``'s nearest record there lean to its suit at least that much
    (``_suit_leans``; h-deck38), its rank borne out too when ``frame`` is given
    (``_rank_borne``; h-deckguard39), ``faced``, its suit not disowned by the deck's faces
    (``FaceMatcher.disowns``; h-twin39) and, ``paired`` (the corner network), the looks
    leaning to its suit past what that network makes of the deck's own photograph of its twin
    (``_twin_cleared``; h-lean40)."""
    plain_records = [*plain.unsure.values(), *plain.unprinted.values()]
    records = [
        *plain.unsure.values(),
        *plain.unprinted.values(),
        *analysis.unsure.values(),
        *analysis.unprinted.values(),
    ]

    def told(sure: CardDetection) -> bool:
        card = sure.card
        if card is None:
            return False
        if deck.faces.told_apart(card):
            return True
        meeting = [r for r in records if _centres_meet(r.detection, sure)]
        if not meeting:
            return True
        record = min(meeting, key=lambda r: math.dist(r.detection.center, sure.center))
        if _suit_told(record.looks, card.suit):
            return True
        if leans <= 0:
            return False
        own = [r for r in plain_records if _centres_meet(r.detection, sure)]
        nearest = min(own, key=lambda r: math.dist(r.detection.center, sure.center), default=None)
        looks = nearest.looks if nearest is not None else []
        if not _suit_leans(looks, card.suit, leans):
            return False
        if paired is not None and not _twin_cleared(looks, card, deck, paired):
            return False
        if frame is None:
            return True
        face, mask = _face_of(frame, sure, analysis)
        if faced and deck.faces.disowns(face, card, mask):
            return False
        return _rank_borne(frame, sure, analysis, looks, deck, seen=(face, mask))

    return told


def _face_of(
    frame: np.ndarray, sure: CardDetection, analysis: FrameAnalysis
) -> tuple[np.ndarray, np.ndarray]:
    """The face of ``sure`` warped from its outline (``warp_face``) and its pixels covered by
    the shapes of ``analysis`` not on it (``covered``)."""
    quad = np.asarray(sure.corners, np.float32)
    others = [
        np.asarray(d.corners, np.float32) for d in analysis.reported if not _centres_meet(d, sure)
    ]
    return warp_face(frame, quad), covered(quad, others, frame.shape[:2])


def _rank_borne(
    frame: np.ndarray,
    sure: CardDetection,
    analysis: FrameAnalysis,
    looks: Sequence[_Reading],
    deck: EnrolledDeck,
    *,
    seen: tuple[np.ndarray, np.ndarray] | None = None,
) -> bool:
    """Whether the rank of ``sure`` (a card read surely without the deck) is borne out: the
    deck's faces, warped from its outline (the shapes of ``analysis`` not on it covering it),
    name its rank and colour (``FaceMatcher.named``); where they have no say, every look among
    ``looks`` (the reading without the deck's record of it) at an index corner, not junk, reads
    its rank likeliest, ``BORNE_LOOKS`` of them at least. ``seen``: its face and mask as
    ``_face_of`` warps them, if warped already."""
    card = sure.card
    assert card is not None
    face, mask = seen if seen is not None else _face_of(frame, sure, analysis)
    named = deck.faces.named(face, mask)
    if named is not None:
        return named == (card.rank, card.suit in RED_SUITS)
    ranks = [r.rank for r in looks if r.rank is not None and not r.junk]
    return len(ranks) >= BORNE_LOOKS and all(
        RANK_CLASSES[int(np.argmax(rank))] == card.rank for rank in ranks
    )


def _suit_leans(looks: Sequence[_Reading], suit: Suit, least: float) -> bool:
    """Whether the corner network's looks at index corners in the open (``_corner_suits``),
    taken together (their beliefs multiplied), hold at least ``least`` of the belief between
    ``suit`` and its twin for ``suit``; with no such look, nothing leans against it."""
    corners = _corner_suits(looks)
    if not corners:
        return True
    return 1.0 / (1.0 + math.exp(-suit_log_odds(corners, suit))) >= least


def _twin_cleared(
    looks: Sequence[_Reading], card: Card, deck: EnrolledDeck, network: CornerModel
) -> bool:
    """Whether the corner network's looks at index corners in the open (``_corner_suits``)
    lean to ``card``'s suit over its twin's (``suit_log_odds``) by ``PAIR_MARGIN`` more than
    ``network`` leans to it reading the deck's own photograph of the twin
    (``EnrolledDeck.twins_fooled``). With no such look the lean is 0: the twin's photograph
    must lean to its own suit by the margin in every view."""
    fooled = deck.twins_fooled(network)[card]
    return suit_log_odds(_corner_suits(looks), card.suit) >= fooled + PAIR_MARGIN


def _off_restored(
    analysis: FrameAnalysis, restored: Sequence[int]
) -> tuple[list[CardDetection], list[CardDetection]]:
    """``analysis``'s detections and unread card shapes less each one not read surely lying on
    a card ``keep_sure`` put back (the detections numbered ``restored``) as ``unsure_on_sure``
    judges a shape on a card read surely: the reading without the deck read the card whole
    where the deck's reading kept two shapes of it (anglo/noisy#7900007's 2D: two halves,
    joined without the deck, both uncertain with it)."""
    back = [analysis.detections[n] for n in restored if analysis.detections[n].card is not None]
    if not back:
        return list(analysis.detections), list(analysis.unread_cards)
    unsure = [d for d in analysis.reported if d.card is None]
    kept = unsure_on_sure([*back, *unsure])
    return (
        [d for d in analysis.detections if d.card is not None or any(d is k for k in kept)],
        [d for d in analysis.unread_cards if any(d is k for k in kept)],
    )


def _centres_meet(a: CardDetection, b: CardDetection) -> bool:
    """Whether either card's centre lies on the other's outline (or its edge)."""
    return _inside(np.asarray(a.corners, np.float32).reshape(-1, 1, 2), b.center) or _inside(
        np.asarray(b.corners, np.float32).reshape(-1, 1, 2), a.center
    )


def _index_overlaps(quads: list[np.ndarray], first: int | None = None) -> list[tuple[float, float]]:
    """For each card (of the ``first`` only, when given), the share of each of its two index
    corners' index areas (portrait order) inside other cards' outlines. One of the two cards
    is on top: if it is the other one, the corner shows the other card's index, read as surely
    as its own - so a corner a quarter inside (``SHADOW_SHARE``) is never trusted alone."""
    outlines = [np.asarray(q, np.float32).reshape(-1, 2) for q in quads]
    boxes = [(*o.min(axis=0).tolist(), *o.max(axis=0).tolist()) for o in outlines]
    result: list[tuple[float, float]] = []
    for i, quad in enumerate(quads[:first]):
        x0, y0, x1, y1 = boxes[i]
        near = [
            j
            for j, (u0, v0, u1, v1) in enumerate(boxes)
            if j != i and u0 < x1 and v0 < y1 and x0 < u1 and y0 < v1
        ]
        if not near:
            result.append((0.0, 0.0))
            continue
        shares = []
        for area_points in _index_areas(quad):
            area = abs(signed_area(area_points.astype(np.float64)))
            covered = 0.0
            for j in near:
                covered += float(cv2.intersectConvexConvex(area_points, outlines[j])[0])
            shares.append(min(covered / area, 1.0) if area > 0 else 0.0)
        result.append((shares[0], shares[1]))
    return result


def _read_in_the_clear(looks: list[_Reading], card: Card | None) -> bool:
    """Whether a card's two index corners' looks (``looks[0]``, ``looks[1]``) show ``card``
    whole at the corner the less covered by other cards' outlines, ``SHADOW_SHARE`` less than
    the other (``FinderSettings.outlined_under``: a card read at the corner under the card
    dealt over it may have read that card's index)."""
    if card is None or len(looks) < 2:
        return False
    whole = [
        look
        for look in looks[:2]
        if look is not _DISPUTED and look.rank is not None and look.suit is not None
    ]
    most = max(look.overlap for look in looks[:2])
    return any(_best_card(look) == card and look.overlap <= most - SHADOW_SHARE for look in whole)


def _one_index_under(detection: CardDetection, sure: Sequence[np.ndarray]) -> bool:
    """Whether one of a card's two index areas lies half or more under the cards read surely
    (``sure``, frame pixels) and the other ``SHADOW_SHARE`` less (``FinderSettings.
    outlined_under``): the card beneath's outline may run under the index it is read at."""
    quads = [np.asarray(detection.corners, np.float64), *(np.asarray(q) for q in sure)]
    shares = _index_overlaps(quads, first=1)[0]
    return max(shares) >= 0.5 and min(shares) <= max(shares) - SHADOW_SHARE


def _index_areas(quad: np.ndarray) -> list[np.ndarray]:
    """Where a card's two index areas lie (float32, frame pixels as ``quad``), in portrait
    order: the card's sides from each index corner (near enough: an index area is small)."""
    areas = []
    for order in portrait_orders(quad):
        across, down = order[1] - order[0], order[3] - order[0]
        areas.append(
            (order[0] + _INDEX_AREA[:, :1] * across + _INDEX_AREA[:, 1:] * down).astype(np.float32)
        )
    return areas


def disputes(network: list[_Reading], glyphs: list[_Reading], sureness: float) -> bool:
    """Whether the glyph reader's looks at a card dispute the network's: both read a whole
    index, the glyph reader a different card, and at least ``sureness`` sure of it (a glyph
    reader that hardly knows what it saw - a blurred corner cut into pieces - only lowers the
    card's confidence through the product of the looks). A card that differs only in which
    black suit it is is no dispute: the glyph reader does not tell a small or blurred club from
    a spade (``soften_black_split``), and its split is left to the product, softened."""
    if not _complete(network) or not _complete(glyphs):
        return False
    glyph_sureness, glyph_card = _confidence(glyphs)
    network_card = _confidence(network)[1]
    if glyph_card == network_card or glyph_sureness < sureness:
        return False
    return not (
        glyph_card.rank == network_card.rank and {glyph_card.suit, network_card.suit} <= BLACK_SUITS
    )


def _set_aside_merged(looks: list[_Reading], sureness: float) -> list[_Reading] | None:
    """A card's looks without the glyph looks from cuts across a tall blob (``_Reading.merged``)
    that read another card than the corner network's whole looks (``_confidence``), and with
    the glyph reader's dispute (``_DISPUTED``) only if the glyph looks left dispute the
    network's card (``disputes``, at ``sureness``); None when the network reads no whole
    index or no such look is among them. Among a dozen cuts of a faint or blurred corner one
    reads as an index by chance (``FinderSettings.merged_set_aside``)."""
    plain = [r for r in looks if r is not _DISPUTED]
    network = [r for r in plain if r.network]
    if not _complete(network):
        return None
    card = _confidence(network)[1]
    kept = [
        r
        for r in plain
        if r.network or not r.merged or r.rank is None or r.suit is None or _best_card(r) == card
    ]
    if len(kept) == len(plain):
        return None
    glyphs = [r for r in kept if not r.network]
    disputed = any(r is _DISPUTED for r in looks) and disputes(network, glyphs, sureness)
    return [*kept, *([_DISPUTED] if disputed else [])]


def _suit_by_ink(network: list[_Reading], glyphs: list[_Reading]) -> bool:
    """Whether the glyph reader's looks at a card differ from the network's in the suit alone,
    its ink settling the suit: the two readers' cards (``_confidence``) of one rank, the index's
    ink as the glyph reader's whole looks in the clear measured it (``_ink_rules_out``) not the
    network's suit's colour, and one network corner reading the glyph reader's card. The corner
    network is colour-blind: a KD's diamond read as a club or a spade at one corner (dim or
    coloured light, a small card) outweighs the other corner's diamond in its product, while
    the glyph reader reads the KD at both corners in red ink (issue 28, h-court37). The card
    is then judged on its looks as any other (the network's other-suit look, ruled out by the
    ink, is left to the product)."""
    if not _complete(network) or not _complete(glyphs):
        return False
    glyph_card = _confidence(glyphs)[1]
    network_card = _confidence(network)[1]
    if glyph_card.rank != network_card.rank or glyph_card.suit == network_card.suit:
        return False
    whole = [r for r in glyphs if r.rank is not None and r.suit is not None]
    if network_card.suit not in _ink_rules_out(whole):
        return False
    return any(
        r.network and r.rank is not None and r.suit is not None and _best_card(r) == glyph_card
        for r in network
    )


def _surest_first(pair: tuple[_Reading, _Reading]) -> tuple[int, int]:
    """The corner (0 or 1) whose network reading is surest, then the other."""

    def sureness(reading: _Reading) -> float:
        if reading.rank is None or reading.suit is None:
            return -1.0
        return _sureness(reading)

    return (0, 1) if sureness(pair[0]) >= sureness(pair[1]) else (1, 0)


def _blank(readings: list[_Reading] | tuple[_Reading, ...]) -> bool:
    """No look names a rank or a suit (the corner network's junk, or no index)."""
    return all(r.rank is None and r.suit is None for r in readings)


def _complete(readings: list[_Reading] | tuple[_Reading, ...]) -> bool:
    """Some look shows a whole index (a rank and a suit)."""
    return any(r.rank is not None and r.suit is not None for r in readings)


def _box_of(shape: np.ndarray) -> tuple[float, float, float, float]:
    """The box round a shape (x0, y0, x1, y1)."""
    points = np.asarray(shape, np.float64).reshape(-1, 2)
    x0, y0 = points.min(axis=0)
    x1, y1 = points.max(axis=0)
    return float(x0), float(y0), float(x1), float(y1)


def _boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two boxes (``_box_of``) meet, touching included: two shapes whose boxes do not
    share no area, and neither's centre lies in the other."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _ink_not_of(looks: Sequence[_Reading], card: Card) -> bool:
    """Whether a whole glyph look of ``looks`` in the clear measured ink ``card``'s suit is
    never printed in (``_Reading.unlike``): ``_refit_corroborated`` never bears ``card`` out."""
    return any(
        look is not _DISPUTED
        and not look.network
        and not look.shadowed
        and look.rank is not None
        and look.suit is not None
        and card.suit in look.unlike
        for look in looks
    )


def _refit_corroborated(before: Sequence[_Reading], after: Sequence[_Reading], card: Card) -> bool:
    """Whether ``card``, read surely at an uncertain card's outline laid again
    (``CardDetector._refit``; its looks there ``after``), is borne out by what the card's first
    reading saw (``before``), not only by the corner network at the new outline (issue 28,
    h-outline32). The network is colour-blind, and at the new outline the glyph reader may cut
    no whole index: a drawn black queen of clubs, uncertain because the glyph reader's ink was
    black and the network's suit a diamond, was read as the QD there, the network alone. So
    no whole glyph look of either reading, in the clear, may have measured ink ``card``'s suit
    is never printed in (``_Reading.unlike``); and a first reading the glyph reader disputed
    (``_DISPUTED``: it read another card at least half surely) needs a whole glyph look of
    ``card`` at the new outline."""
    if _ink_not_of(before, card) or _ink_not_of(after, card):
        return False
    if not any(look is _DISPUTED for look in before):
        return True
    return any(
        look is not _DISPUTED
        and not look.network
        and look.rank is not None
        and look.suit is not None
        and _best_card(look) == card
        for look in after
    )


def _refit_laid(
    gray: Callable[[], np.ndarray],
    shape: CardDetection,
    view: WorkView,
    to_view: np.ndarray,
    card_px: tuple[float, float],
    settings: RefitSettings,
    *,
    upright: bool = False,
    corners: list[np.ndarray] | None = None,
) -> tuple[list[tuple[np.ndarray, float]], int]:
    """The outlines ``CardDetector._refit`` reads for ``shape`` (frame pixels), each snapped to
    the grey picture's edges (``gray()``, asked only when an outline is laid) with its share of
    edges found: laid at the finding's card size
    ``card_px`` from each corner (``refit.candidates``; a shape read unsurely also at the
    ``unsure_scales``), then twice as long across its sides (``refit.doubled``). With
    ``upright`` (``RefitSettings.unsure_upright``), only upright from each corner, none
    doubled. Last, for a shape read unsurely with ``RefitSettings.unsure_measured``, laid as
    long as the paper goes along its sides (``refit.measured``), from its ``corners`` only
    when given (``_index_corners``); and where those begin."""
    quad = np.asarray(shape.corners, np.float64)
    in_view = transform_points(to_view, quad)
    sizes = [card_px]
    if shape.candidate is not None:
        # A shape read unsurely: also at larger card sizes (an outline too small with
        # one corner right; ``RefitSettings.unsure_scales``).
        sizes += [(card_px[0] * k, card_px[1] * k) for k in settings.unsure_scales]
    quads = [
        transform_points(view.to_image, c)
        for size in sizes
        for c in candidates(in_view, size, settings, upright=upright)
    ]
    if not upright:
        quads += doubled(quad, settings)
    laid = [snapped(gray(), c, settings) for c in quads]
    first_measured = len(laid)
    if settings.unsure_measured and shape.candidate is not None:
        # ... and as long as the paper goes along its sides (issue 28, h-outline38).
        laid += [
            snapped(gray(), c, settings)
            for c in measured(
                gray(),
                quad,
                settings,
                corners=None
                if corners is None
                else [int(np.argmin(np.hypot(*(quad - p).T))) for p in corners],
            )
        ]
        if settings.measure_seam:
            # One the snap brings back onto the shape's own outline is no new outline
            # (``same_shape``, as it is asked before the snap; issue 28, h-seam39).
            laid[first_measured:] = [
                (c, edges)
                for c, edges in laid[first_measured:]
                if polygon_iou(c, quad) < settings.same_shape
            ]
    return laid, first_measured


def _index_corners(record: _Unsure | None, settings: RefitSettings) -> list[np.ndarray] | None:
    """The corners of an uncertain shape's outline (frame pixels) where its
    first reading's corner network saw an index, the surer first: ``refit.measured`` lays the
    card from those (``RefitSettings.measured_index``; issue 28, h-seam39: the index is at the
    card's corner, so its outline starts there). None (from every corner): the lever off, no
    record, or no corner the network named a card at."""
    if not settings.measured_index or record is None:
        return None
    quad = np.asarray(record.quad, np.float64).reshape(4, 2)
    seen = [
        (float(r.rank.max()) * float(r.suit.max()), side)
        for side, r in enumerate(record.looks[:2])
        if r.network and r.rank is not None and r.suit is not None
    ]
    if not seen:
        return None
    orders = portrait_orders(quad)
    return [orders[side][0] for _, side in sorted(seen, key=lambda pair: -pair[0])]


def _sure_sides(analysis: FrameAnalysis) -> tuple[float, float] | None:
    """The card size (short side, long side) of ``analysis``'s cards read surely in frame
    pixels, each the median of theirs (opposite sides averaged), or None when none reads
    surely (``CardDetector._relaid_off``)."""
    sizes = [
        _size_in_view(np.asarray(d.corners, np.float64), np.eye(3), (1.0, 1.0))
        for d in analysis.detections
        if d.card is not None
    ]
    if not sizes:
        return None
    short, long = np.median(np.array(sizes), axis=0)
    return float(short), float(long)


def _network_index_corners(quad: np.ndarray, looks: Sequence[_Reading]) -> list[int]:
    """The corners of ``quad`` (indices) at which the corner network read a whole index
    (``looks[0]``, ``looks[1]``: its looks at ``portrait_orders(quad)``'s two index corners),
    the surer first (``_relaid_off``)."""
    orders = portrait_orders(quad)
    seen = [
        (_sureness(look), side)
        for side, look in enumerate(looks[:2])
        if look is not _DISPUTED
        and look.network
        and look.rank is not None
        and look.suit is not None
    ]
    return [
        int(np.argmin(np.hypot(*(quad - orders[side][0]).T)))
        for _, side in sorted(seen, key=lambda pair: -pair[0])
    ]


def _refit_wanted(analysis: FrameAnalysis, settings: RefitSettings) -> bool:
    """Whether ``CardDetector._refit`` has a shape to lay again: one no index was read in, or
    (``unsure`` and ``unsure_alone``) one read unsurely with a candidate."""
    if analysis.unread_cards:
        return True
    return (
        settings.unsure
        and settings.unsure_alone
        and any(d.card is None and d.candidate is not None for d in analysis.detections)
    )


def _confidence(readings: list[_Reading] | tuple[_Reading, ...]) -> tuple[float, Card]:
    """Best rank x best suit over the looks (some look must be complete), and that card."""
    rank_p = _combine([r.rank for r in readings if r.rank is not None])
    suit_p = _combine([r.suit for r in readings if r.suit is not None])
    rank = RANK_CLASSES[int(np.argmax(rank_p))]
    suit = SUIT_CLASSES[int(np.argmax(suit_p))]
    assert rank is not None and suit is not None
    return float(rank_p.max()) * float(suit_p.max()), Card(rank, suit)


def _combine(distributions: list[np.ndarray]) -> np.ndarray:
    """Two looks at the same card: multiply the probabilities, then normalise."""
    product = np.ones_like(distributions[0])
    for p in distributions:
        product = product * np.maximum(p, 1e-6)
    result: np.ndarray = product / product.sum()
    return result
