"""Card faces drawn from free fonts and procedural suit shapes, for building and testing only.

The Debian designs (:mod:`decks`) are few, and none of them prints a *jumbo* index (a rank a
fifth of the card tall, as casino decks made for cameras do). Here a deck style is drawn at
random: a font for the ranks (any of the free fonts installed with the building packages),
suits from a font or drawn from curves of random proportions, the index small or jumbo, the
ten as "10" side by side, squeezed, or overlapping (or a "T"), two or four suit colours, pips
or a picture in the middle. Faces are rendered by ``rsvg-convert`` like the Debian art and
returned as the same BGRA images (:func:`render_drawn`), so the scene generators take them as
they take a design.

Nothing here is art from a package: the fonts are freely licensed and the shapes are drawn.
"""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from dealer_assist.cards import ALL_RANKS, Card, Rank, Suit

FACE_HEIGHT = 320
FACE_WIDTH = 229  # 63.5 x 88.9 mm at 320 pixels

# Rank fonts: (family, weight, stretch), all in fonts-dejavu-core, fonts-liberation2,
# fonts-freefont-ttf and fonts-urw-base35. TEST_FONTS are kept out of building (the tests'
# jumbo deck is drawn in them).
FONTS: tuple[tuple[str, str, str], ...] = (
    ("DejaVu Sans", "normal", "normal"),
    ("DejaVu Sans", "bold", "normal"),
    ("DejaVu Sans", "normal", "condensed"),
    ("DejaVu Sans", "bold", "condensed"),
    ("DejaVu Sans", "200", "normal"),
    ("DejaVu Serif", "normal", "normal"),
    ("DejaVu Serif", "bold", "normal"),
    ("DejaVu Serif", "bold", "condensed"),
    ("Liberation Sans", "normal", "normal"),
    ("Liberation Sans", "bold", "normal"),
    ("Liberation Serif", "normal", "normal"),
    ("Liberation Serif", "bold", "normal"),
    ("FreeSans", "normal", "normal"),
    ("FreeSans", "bold", "normal"),
    ("FreeSerif", "normal", "normal"),
    ("FreeSerif", "bold", "normal"),
    ("Nimbus Sans", "normal", "normal"),
    ("Nimbus Sans", "bold", "normal"),
    ("Nimbus Roman", "normal", "normal"),
    ("Nimbus Roman", "bold", "normal"),
    ("URW Bookman", "300", "normal"),
    ("URW Bookman", "bold", "normal"),
    ("URW Gothic", "normal", "normal"),
    ("C059", "normal", "normal"),
    ("C059", "bold", "normal"),
    ("P052", "normal", "normal"),
    ("P052", "bold", "normal"),
)
TEST_FONTS: tuple[tuple[str, str, str], ...] = (
    ("Nimbus Sans Narrow", "bold", "normal"),
    ("URW Gothic", "bold", "normal"),
)
SUIT_FONTS = ("DejaVu Sans", "DejaVu Serif", "FreeSans", "FreeSerif", "Standard Symbols PS")
# ``random_style(wide=True)`` (issue 28, h-net18): more rank shapes (mono, slanted, condensed
# and the other weights of the same packages, and fonts-wqy-microhei's) and every installed
# suit font with the four suits (``fc-list ':charset=2660 2663 2665 2666'``), still never a
# test font's family (Nimbus Sans Narrow, URW Gothic).
WIDE_FONTS: tuple[tuple[str, str, str], ...] = (
    ("DejaVu Sans", "bold", "normal"),  # the upright weights again: wide decks stay mostly upright
    ("DejaVu Sans Mono", "normal", "normal"),
    ("DejaVu Sans Mono", "bold", "normal"),
    ("DejaVu Serif", "normal", "condensed"),
    ("DejaVu Sans", "bold", "condensed"),
    ("Liberation Mono", "normal", "normal"),
    ("Liberation Mono", "bold", "normal"),
    ("FreeMono", "bold", "normal"),
    ("Nimbus Mono PS", "bold", "normal"),
    ("URW Bookman", "300", "normal"),
    ("WenQuanYi Micro Hei", "normal", "normal"),
    ("Liberation Sans", "bold", "normal"),
    ("Nimbus Sans", "bold", "normal"),
    ("P052", "bold", "normal"),
    ("C059", "bold", "normal"),
    ("Liberation Serif", "bold", "normal"),
)
WIDE_SUIT_FONTS = (
    "C059",
    "P052",
    "URW Bookman",
    "Nimbus Roman",
    "Nimbus Sans",
    "Nimbus Mono PS",
    "Liberation Sans",
    "Liberation Serif",
    "Liberation Mono",
    "DejaVu Sans Mono",
    "DejaVu Math TeX Gyre",
    "FreeMono",
    "WenQuanYi Micro Hei",
)
_BLACKS = ("#111111", "#1a1a1a", "#222233", "#2a1a1a", "#000000")
_REDS = ("#c81e1e", "#d42a3a", "#b01010", "#e0202a", "#c0102a", "#d83020")
_FOUR = {Suit.DIAMONDS: ("#1b3f9f", "#2060c0", "#e07010"), Suit.CLUBS: ("#1d7a3a", "#208a30")}


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawnStyle:
    """One drawn deck: everything that stays the same from card to card."""

    font: tuple[str, str, str]
    jumbo: bool
    rank_height: float  # share of the card's height
    rank_x: float  # left of the index, share of the card's width
    rank_y: float  # top of the rank, share of the card's height
    squeeze: float  # horizontal scale of the rank (condensed printing)
    suit_height: float  # share of the rank's height
    suit_gap: float  # between rank and suit, share of the rank's height
    suit_font: str | None  # None: suits drawn from curves (``suit_shapes``)
    suit_shapes: tuple[float, ...]  # the curves' proportions, drawn once per deck
    ten: str  # "10", "10-tight" (digits touching), "10-narrow" (squeezed more) or "T"
    colours: dict[Suit, str]
    paper: str
    border: bool
    four_indices: bool  # jumbo decks often print the index in all four corners
    suit_weight: str = "normal"  # the suit font's weight ("bold": fuller symbols)
    rank_stroke: float = 0.0  # an outline round the rank, share of the font size (heavier)
    # The courts' picture: "shapes" (coloured shapes in a frame) or "lines" (a fine line
    # drawing, as some decks print their courts: thin strokes, most of the middle paper;
    # building only, issue 28, h-court40).
    picture: str = "shapes"
    # A framed middle (building only, issue 28, h-halves40): a heavy frame round the pips or
    # the picture, and a court's picture double-ended (its top half turned about the card's
    # centre) with a line across the middle, as many casino decks print them. Set with
    # ``dataclasses.replace``; ``random_style`` never draws it, so its decks are unchanged.
    framed: bool = False


def random_style(
    rng: np.random.Generator,
    *,
    jumbo: bool | None = None,
    fonts: tuple[tuple[str, str, str], ...] | None = None,
    wide: bool = False,
) -> DrawnStyle:
    """A deck style at random (``jumbo`` forces the index size). ``fonts``: the rank fonts
    (``FONTS``; with ``wide`` also ``WIDE_FONTS``). ``wide``: also the suit fonts of
    ``WIDE_SUIT_FONTS``, bold suit symbols, and suits from curves of proportions beyond the
    default ranges (the deck drawn without ``wide`` is the same as before it existed)."""
    if fonts is None:
        fonts = FONTS + WIDE_FONTS if wide else FONTS
    is_jumbo = bool(rng.random() < 0.35) if jumbo is None else jumbo
    font = fonts[int(rng.integers(len(fonts)))]
    if is_jumbo:
        rank_height = float(rng.uniform(0.15, 0.21))
        squeeze = float(rng.uniform(0.55, 0.85))
        suit_height = float(rng.uniform(0.38, 0.6))
    else:
        rank_height = float(rng.uniform(0.06, 0.125))
        squeeze = float(rng.uniform(0.8, 1.05))
        suit_height = float(rng.uniform(0.55, 0.95))
    four = bool(rng.random() < 0.2)
    colours: dict[Suit, str] = {}
    black = _BLACKS[int(rng.integers(len(_BLACKS)))]
    red = _REDS[int(rng.integers(len(_REDS)))]
    for suit in Suit:
        if four and suit in _FOUR:
            options = _FOUR[suit]
            colours[suit] = options[int(rng.integers(len(options)))]
        else:
            colours[suit] = red if suit in (Suit.HEARTS, Suit.DIAMONDS) else black
    paper = int(rng.integers(232, 256))
    tens = (
        ("10", "10", "10-tight", "10-narrow", "T")
        if not is_jumbo
        else ("10-narrow", "10-tight", "10")
    )
    rank_x = float(rng.uniform(0.03, 0.075))
    rank_y = float(rng.uniform(0.025, 0.055))
    suit_gap = float(rng.uniform(0.08, 0.35))
    suit_font = None if rng.random() < 0.5 else SUIT_FONTS[int(rng.integers(len(SUIT_FONTS)))]
    suit_shapes = tuple(float(v) for v in rng.uniform(0, 1, 12))
    ten = tens[int(rng.integers(len(tens)))]
    paper_colour = f"rgb({paper},{paper},{max(paper - int(rng.integers(0, 12)), 0)})"
    border = bool(rng.random() < 0.4)
    four_indices = is_jumbo and bool(rng.random() < 0.5)
    suit_weight = "normal"
    rank_stroke = 0.0
    if wide:  # drawn after the rest, so the default deck's draws are unchanged
        every = SUIT_FONTS + WIDE_SUIT_FONTS
        suit_font = None if rng.random() < 0.4 else every[int(rng.integers(len(every)))]
        suit_shapes = tuple(float(v) for v in rng.uniform(-0.35, 1.35, 12))
        suit_weight = "bold" if rng.random() < 0.3 else "normal"
        rank_stroke = float(rng.uniform(0.0, 0.05)) if rng.random() < 0.3 else 0.0
    return DrawnStyle(
        font=font,
        jumbo=is_jumbo,
        rank_height=rank_height,
        rank_x=rank_x,
        rank_y=rank_y,
        squeeze=squeeze,
        suit_height=suit_height,
        suit_gap=suit_gap,
        suit_font=suit_font,
        suit_shapes=suit_shapes,
        ten=ten,
        colours=colours,
        paper=paper_colour,
        border=border,
        four_indices=four_indices,
        suit_weight=suit_weight,
        rank_stroke=rank_stroke,
    )


def _lerp(low: float, high: float, t: float) -> float:
    return low + (high - low) * t


def suit_svg(suit: Suit, size: float, shapes: tuple[float, ...]) -> str:
    """SVG of a suit symbol ``size`` tall at (0, 0), proportions from ``shapes`` (0..1 each
    spans the default ranges; ``random_style(wide=True)`` draws them from -0.35..1.35)."""
    h = size
    w = size * _lerp(0.8, 1.05, shapes[0])
    if suit is Suit.DIAMONDS:
        w = size * _lerp(0.62, 0.85, shapes[1])
        bulge = _lerp(-0.12, 0.08, shapes[2]) * w
        cx = w / 2
        return (
            f'<path d="M {cx:.2f} 0 Q {w * 0.75 + bulge:.2f} {h / 4 - bulge:.2f} {w:.2f} '
            f"{h / 2:.2f} Q {w * 0.75 + bulge:.2f} {h * 0.75 + bulge:.2f} {cx:.2f} {h:.2f} "
            f"Q {w / 4 - bulge:.2f} {h * 0.75 + bulge:.2f} 0 {h / 2:.2f} "
            f'Q {w / 4 - bulge:.2f} {h / 4 - bulge:.2f} {cx:.2f} 0 Z"/>'
        )
    if suit is Suit.CLUBS:
        r = w * _lerp(0.2, 0.28, shapes[3])
        spread = w / 2 - r
        side_y = r + r * _lerp(1.1, 1.6, shapes[4])
        stem = w * _lerp(0.08, 0.25, shapes[5])
        flare = w * _lerp(0.15, 0.45, shapes[6])
        return (
            f'<circle cx="{w / 2:.2f}" cy="{r:.2f}" r="{r:.2f}"/>'
            f'<circle cx="{w / 2 - spread:.2f}" cy="{side_y:.2f}" r="{r:.2f}"/>'
            f'<circle cx="{w / 2 + spread:.2f}" cy="{side_y:.2f}" r="{r:.2f}"/>'
            f'<circle cx="{w / 2:.2f}" cy="{(r + side_y) / 2:.2f}" r="{r * 0.8:.2f}"/>'
            f'<path d="M {w / 2 - stem / 2:.2f} {side_y:.2f} L {w / 2 + stem / 2:.2f} '
            f"{side_y:.2f} L {w / 2 + flare / 2:.2f} {h:.2f} L {w / 2 - flare / 2:.2f} "
            f'{h:.2f} Z"/>'
        )
    body = h if suit is Suit.HEARTS else h * _lerp(0.72, 0.85, shapes[7])
    dip = body * _lerp(0.12, 0.3, shapes[8])
    lobe = body * _lerp(0.3, 0.42, shapes[9])
    c1 = _lerp(0.5, 0.85, shapes[10])
    mid = lobe + (body - lobe) * c1 * 0.6
    heart = (
        f"M {w / 2:.2f} {dip:.2f} C {w * 0.6:.2f} {-lobe * 0.3:.2f} {w * 1.05:.2f} "
        f"{-lobe * 0.1:.2f} {w:.2f} {lobe:.2f} C {w * 0.98:.2f} {mid:.2f} {w * 0.6:.2f} "
        f"{body * 0.8:.2f} {w / 2:.2f} {body:.2f} C {w * 0.4:.2f} {body * 0.8:.2f} "
        f"{w * 0.02:.2f} {mid:.2f} 0 {lobe:.2f} C {-w * 0.05:.2f} {-lobe * 0.1:.2f} "
        f"{w * 0.4:.2f} {-lobe * 0.3:.2f} {w / 2:.2f} {dip:.2f} Z"
    )
    if suit is Suit.HEARTS:
        return f'<path d="{heart}"/>'
    stem = w * _lerp(0.08, 0.3, shapes[11])
    flare = w * _lerp(0.15, 0.45, shapes[6])
    return (
        f'<g transform="translate(0 {body:.2f}) scale(1 -1)"><path d="{heart}"/></g>'
        f'<path d="M {w / 2 - stem / 2:.2f} {body * 0.7:.2f} L {w / 2 + stem / 2:.2f} '
        f"{body * 0.7:.2f} L {w / 2 + flare / 2:.2f} {h:.2f} L {w / 2 - flare / 2:.2f} "
        f'{h:.2f} Z"/>'
    )


def _suit_at(style: DrawnStyle, suit: Suit, x: float, y: float, size: float, fill: str) -> str:
    """A suit symbol ``size`` tall with its top-left at (x, y)."""
    if style.suit_font is not None:
        weight = "" if style.suit_weight == "normal" else f'font-weight="{style.suit_weight}" '
        return (
            f'<text x="{x:.1f}" y="{y + size * 0.92:.1f}" font-family="{style.suit_font}" '
            f'{weight}font-size="{size * 1.2:.1f}" fill="{fill}">{suit.symbol}</text>'
        )
    shape = suit_svg(suit, size, style.suit_shapes)
    return f'<g transform="translate({x:.2f} {y:.2f})" fill="{fill}">{shape}</g>'


def _index(style: DrawnStyle, card: Card) -> str:
    """The index (rank over suit) at the top-left corner."""
    family, weight, stretch = style.font
    fill = style.colours[card.suit]
    rh = style.rank_height * FACE_HEIGHT
    size = rh / 0.72  # cap height of most fonts is about 0.72 of the font size
    x = style.rank_x * FACE_WIDTH
    baseline = style.rank_y * FACE_HEIGHT + rh
    text = card.rank.symbol
    squeeze = style.squeeze
    spacing = 0.0
    if card.rank is Rank.TEN:
        if style.ten == "T":
            text = "T"
        else:
            text = "10"
            spacing = -0.08 * size
            if style.ten == "10-tight":
                spacing = -0.2 * size
            elif style.ten == "10-narrow":
                squeeze *= 0.72
    stroke = (
        f' stroke="{fill}" stroke-width="{style.rank_stroke * size:.2f}" stroke-linejoin="round"'
        if style.rank_stroke > 0
        else ""
    )
    rank = (
        f'<g transform="translate({x:.2f} {baseline:.2f}) scale({squeeze:.3f} 1)">'
        f'<text x="0" y="0" font-family="{family}" font-weight="{weight}" '
        f'font-stretch="{stretch}" font-size="{size:.1f}" letter-spacing="{spacing:.2f}" '
        f'fill="{fill}"{stroke}>{text}</text></g>'
    )
    suit_size = rh * style.suit_height
    suit = _suit_at(
        style, card.suit, x + 0.02 * rh, baseline + style.suit_gap * rh, suit_size, fill
    )
    return rank + suit


_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.5, 0.2), (0.5, 0.8)),
    3: ((0.5, 0.2), (0.5, 0.5), (0.5, 0.8)),
    4: ((0.3, 0.2), (0.7, 0.2), (0.3, 0.8), (0.7, 0.8)),
    5: ((0.3, 0.2), (0.7, 0.2), (0.5, 0.5), (0.3, 0.8), (0.7, 0.8)),
    6: ((0.3, 0.2), (0.7, 0.2), (0.3, 0.5), (0.7, 0.5), (0.3, 0.8), (0.7, 0.8)),
    7: ((0.3, 0.2), (0.7, 0.2), (0.5, 0.35), (0.3, 0.5), (0.7, 0.5), (0.3, 0.8), (0.7, 0.8)),
    8: (
        (0.3, 0.2),
        (0.7, 0.2),
        (0.5, 0.35),
        (0.3, 0.5),
        (0.7, 0.5),
        (0.5, 0.65),
        (0.3, 0.8),
        (0.7, 0.8),
    ),
    9: (
        (0.3, 0.2),
        (0.7, 0.2),
        (0.3, 0.4),
        (0.7, 0.4),
        (0.5, 0.5),
        (0.3, 0.6),
        (0.7, 0.6),
        (0.3, 0.8),
        (0.7, 0.8),
    ),
    10: (
        (0.3, 0.2),
        (0.7, 0.2),
        (0.5, 0.3),
        (0.3, 0.4),
        (0.7, 0.4),
        (0.3, 0.6),
        (0.7, 0.6),
        (0.5, 0.7),
        (0.3, 0.8),
        (0.7, 0.8),
    ),
}


def _middle(style: DrawnStyle, card: Card, rng: np.random.Generator) -> str:
    """Pips, a big ace, or a picture (coloured shapes in a frame), inside the indices."""
    index_width = style.rank_height * FACE_HEIGHT * 0.75 * style.squeeze
    margin_x = style.rank_x * FACE_WIDTH + index_width + 0.04 * FACE_WIDTH
    margin_x = float(np.clip(margin_x, 0.2 * FACE_WIDTH, 0.3 * FACE_WIDTH))
    x0, x1 = margin_x, FACE_WIDTH - margin_x
    y0, y1 = 0.12 * FACE_HEIGHT, 0.88 * FACE_HEIGHT
    fill = style.colours[card.suit]
    value = int(card.rank) if card.rank not in (Rank.JACK, Rank.QUEEN, Rank.KING) else 0
    frame = (
        f'<rect x="{x0 - 6:.1f}" y="{y0 - 6:.1f}" width="{x1 - x0 + 12:.1f}" '
        f'height="{y1 - y0 + 12:.1f}" fill="none" stroke="{fill}" stroke-width="4"/>'
        if style.framed
        else ""
    )
    if value:
        count = 1 if card.rank is Rank.ACE else value
        pip = (x1 - x0) * (0.55 if count == 1 else 0.3)
        if style.jumbo and count > 1:
            pip *= 0.7
        parts = [frame]
        for u, v in _PIPS[count]:
            cx, cy = x0 + u * (x1 - x0), y0 + v * (y1 - y0)
            parts.append(_suit_at(style, card.suit, cx - pip * 0.45, cy - pip / 2, pip, fill))
        return "".join(parts)
    if style.picture == "lines":
        return _line_picture(style, card, rng, (x0, y0, x1, y1))
    if style.framed:  # the picture's top half, turned about the centre for the bottom half
        y1 = (y0 + y1) / 2
    parts = [_frame((x0, y0, x1, y1), fill, 1.5)]
    palette = ("#c81e1e", "#1b3f9f", "#d8a010", "#111111", "#1d7a3a", "#e8c060")
    for _ in range(int(rng.integers(14, 30))):
        colour = palette[int(rng.integers(len(palette)))]
        cx, cy = rng.uniform(x0, x1), rng.uniform(y0, y1)
        r = rng.uniform(4, 22)
        if rng.random() < 0.5:
            parts.append(
                f'<ellipse cx="{cx:.1f}" cy="{cy:.1f}" rx="{r:.1f}" '
                f'ry="{r * rng.uniform(0.4, 1.5):.1f}" '
                f'fill="{colour}" transform="rotate({rng.uniform(0, 180):.0f} {cx:.1f} {cy:.1f})"/>'
            )
        else:
            x2, y2 = (
                np.clip(cx + rng.normal(0, 25), x0, x1),
                np.clip(cy + rng.normal(0, 25), y0, y1),
            )
            parts.append(
                f'<line x1="{cx:.1f}" y1="{cy:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                f'stroke="{colour}" stroke-width="{rng.uniform(1, 5):.1f}"/>'
            )
    big = (x1 - x0) * 0.22
    parts.append(_suit_at(style, card.suit, x0 + 4, y0 + 4, big, fill))
    if not style.framed:
        return "".join(parts)
    half = "".join(parts)
    turned = f'<g transform="rotate(180 {FACE_WIDTH / 2} {y1:.1f})">{half}</g>'
    across = (
        f'<line x1="{x0 - 6:.1f}" y1="{y1:.1f}" x2="{x1 + 6:.1f}" y2="{y1:.1f}" '
        f'stroke="{fill}" stroke-width="3"/>'
    )
    return frame + half + turned + across


def _frame(box: tuple[float, float, float, float], colour: str, width: float) -> str:
    """A court picture's frame: a rectangle's outline round ``box`` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    return (
        f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" height="{y1 - y0:.1f}" '
        f'fill="none" stroke="{colour}" stroke-width="{width}"/>'
    )


def _line_picture(
    style: DrawnStyle, card: Card, rng: np.random.Generator, box: tuple[float, float, float, float]
) -> str:
    """A court's picture as a fine line drawing: curves a pixel or less wide (at
    ``FACE_HEIGHT``) in the suit's colour and black, drawn in the top half and turned half
    round into the bottom one (as double-headed courts are), a thin frame at times, a small
    suit beside the head."""
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    fill = style.colours[card.suit]
    strokes = []
    for _ in range(int(rng.integers(10, 22))):
        colour = fill if rng.random() < 0.5 else "#222222"
        points = [(rng.uniform(x0, x1), rng.uniform(y0, mid)) for _ in range(4)]
        path = "M {:.1f} {:.1f} C {:.1f} {:.1f} {:.1f} {:.1f} {:.1f} {:.1f}".format(
            *[v for p in points for v in p]
        )
        strokes.append(
            f'<path d="{path}" fill="none" stroke="{colour}" '
            f'stroke-width="{rng.uniform(0.5, 1.1):.2f}"/>'
        )
    half = "".join(strokes)
    cx, cy = (x0 + x1) / 2, mid
    parts = [half, f'<g transform="rotate(180 {cx:.1f} {cy:.1f})">{half}</g>']
    if rng.random() < 0.5:
        parts.append(_frame(box, fill, 0.8))
    small = (x1 - x0) * 0.14
    parts.append(_suit_at(style, card.suit, x0 + 3, y0 + 3, small, fill))
    return "".join(parts)


def face_svg(style: DrawnStyle, card: Card, rng: np.random.Generator) -> str:
    """The SVG of one face (``FACE_WIDTH`` x ``FACE_HEIGHT``), both indices and the middle."""
    index = _index(style, card)
    turned = f'<g transform="rotate(180 {FACE_WIDTH / 2} {FACE_HEIGHT / 2})">{index}</g>'
    sides = ""
    if style.four_indices:
        # The other two corners: the index moved across, drawn upright.
        width = style.rank_height * FACE_HEIGHT * 0.7 * style.squeeze
        shift = FACE_WIDTH - 2 * style.rank_x * FACE_WIDTH - width
        sides = f'<g transform="translate({shift:.1f} 0)">{index}</g>'
        sides += f'<g transform="rotate(180 {FACE_WIDTH / 2} {FACE_HEIGHT / 2})">{sides}</g>'
    border = (
        f'<rect x="6" y="6" width="{FACE_WIDTH - 12}" height="{FACE_HEIGHT - 12}" rx="8" '
        f'fill="none" stroke="{style.colours[Suit.SPADES]}" stroke-width="1"/>'
        if style.border and not style.jumbo
        else ""
    )
    middle = "" if style.four_indices else _middle(style, card, rng)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{FACE_WIDTH}" height="{FACE_HEIGHT}" '
        f'viewBox="0 0 {FACE_WIDTH} {FACE_HEIGHT}">'
        f'<rect width="{FACE_WIDTH}" height="{FACE_HEIGHT}" rx="12" fill="{style.paper}"/>'
        f"{border}{middle}{index}{turned}{sides}</svg>"
    )


def render_drawn(
    style: DrawnStyle, *, seed: int = 0, only: Collection[Card] | None = None
) -> dict[Card, np.ndarray]:
    """The 52 faces of a drawn deck as BGRA images ``FACE_HEIGHT`` tall (rsvg-convert); with
    ``only``, those faces alone (each the same as in the whole deck)."""
    rng = np.random.default_rng(seed)
    faces: dict[Card, np.ndarray] = {}
    with tempfile.TemporaryDirectory(prefix="dealer-assist-drawn-") as name:
        work = Path(name)
        sources = []
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
            for rank in ALL_RANKS:
                card = Card(rank, suit)
                source = work / f"{card.code}.svg"
                source.write_text(face_svg(style, card, rng), "utf-8")
                sources.append((card, source))
        for card, source in sources:
            if only is not None and card not in only:
                continue
            target = work / f"{card.code}.png"
            subprocess.run(
                ["rsvg-convert", "-o", str(target), str(source)], check=True, capture_output=True
            )
            image = cv2.imread(str(target), cv2.IMREAD_UNCHANGED)
            if image is None or image.ndim != 3 or image.shape[2] != 4:
                raise RuntimeError(f"rsvg-convert did not draw {card.code}")
            faces[card] = image
    return faces
