"""Card faces rendered from the Debian card-art packages, for building and testing only.

The art (``gnome-cards-data``: one 13x5 sheet per design; ``kdegames-card-data-kf5``: one card
per SVG element) is GPL/LGPL: it is rendered at build or test time from the installed packages
and never shipped in the package or committed. Rendering needs ``rsvg-convert``
(``librsvg2-bin``).

Designs are grouped into *families*: decks that share their art (``anglo`` and ``gnomangelo``,
the GNOME and KDE ``paris``...) belong to one family, so a held-out family keeps every copy of its
art out of building. Designs whose indices are not A 2-10 J Q K stacked over a French suit
(German, Russian, French letters, Swiss suits, no index, rank only) are left out entirely.
"""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from dealer_assist.cards import ALL_RANKS, Card, Rank, Suit, parse_card

GNOME_DIR = Path("/usr/share/aisleriot/cards")
KDE_DIR = Path("/usr/share/carddecks")


@dataclass(frozen=True, slots=True)
class Design:
    """One card design from a Debian package."""

    name: str
    family: str
    path: Path
    kind: str  # "sheet" (GNOME, 13x5 grid) or "ids" (KDE, one element per card)


# name -> (family, package kind, file relative to its package folder)
_DESIGNS: dict[str, tuple[str, str, str]] = {
    "anglo": ("anglo", "sheet", "anglo.svgz"),
    "anglo_bitmap": ("anglo", "sheet", "anglo_bitmap.svgz"),
    "gnomangelo": ("anglo", "sheet", "gnomangelo.svgz"),
    "gnomangelo_bitmap": ("anglo", "sheet", "gnomangelo_bitmap.svgz"),
    "anglo_modern": ("anglo_modern", "sheet", "anglo_modern.svgz"),
    "anglo_modern_4_color": ("anglo_modern", "sheet", "anglo_modern_4_color.svgz"),
    "anglo_poker": ("anglo_poker", "sheet", "anglo_poker.svgz"),
    "atlasnye": ("atlasnye", "sheet", "atlasnye.svgz"),
    "bellot": ("bellot", "sheet", "bellot.svgz"),
    "dondorf": ("dondorf", "sheet", "dondorf.svgz"),
    "kde_dondorf": ("dondorf", "ids", "svg-dondorf/dondorf.svgz"),
    "neoclassical": ("neoclassical", "sheet", "neoclassical.svgz"),
    "neoclassical_4_color": ("neoclassical", "sheet", "neoclassical_4_color.svgz"),
    "orell": ("orell", "sheet", "orell.svgz"),
    "ornamental": ("ornamental", "sheet", "ornamental.svgz"),
    "paris": ("paris", "sheet", "paris.svgz"),
    "kde_gm_paris": ("paris", "ids", "svg-gm-paris/paris.svgz"),
    "plastic": ("plastic", "sheet", "plastic.svgz"),
    "simplistic": ("simplistic", "sheet", "simplistic.svgz"),
    "tango": ("tango", "sheet", "tango.svgz"),
    "tigullio": ("tigullio", "sheet", "tigullio.svgz"),
    "kde_tigullio_international": (
        "tigullio",
        "ids",
        "svg-tigullio-international/tigullio-international.svgz",
    ),
    "kde_jolly_royal": ("jolly_royal", "ids", "svg-jolly-royal/jolly-royal.svgz"),
    "kde_konqi_modern": ("konqi_modern", "ids", "svg-konqi-modern/konqi.svgz"),
    "kde_nicu_white": ("nicu_white", "ids", "svg-nicu-white/white.svgz"),
    "kde_penguins": ("penguins", "ids", "svg-penguins/penguins.svgz"),
    "kde_standard": ("standard", "ids", "svg-standard/standard.svgz"),
}

# Families kept out of building and tuning: the accuracy figures in docs/vision.md are on these.
HELD_OUT_FAMILIES: frozenset[str] = frozenset(
    {"standard", "penguins", "konqi_modern", "bellot", "neoclassical", "orell"}
)

# Left out entirely, and why (docs/vision.md lists them too).
EXCLUDED: dict[str, str] = {
    "ancient_french": "French index letters (R D V) and 1 for the ace",
    "atlasnye_skat": "German index letters (D B)",
    "berlin": "German index letters (D B)",
    "lattmann": "German index letters (D B)",
    "rheinland": "German index letters (D B)",
    "slavic_costumes": "Russian index letters",
    "Атласные": "Russian index letters",
    "tarocco": "Italian index letters (R D F)",
    "swiss-xvii": "Swiss suits",
    "guyenne-classic": "no index on the face cards",
    "tango_nuevo": "rank-only index, no suit under it",
    "svg-future": "not a French-suited deck",
    "svg-ancient-egyptians": "the bottom index is printed upright, not turned over (a 9 there "
    "reads as a 6 from the other side)",
    "svg-xskat-german": "German suits",
    "svg-xskat-french": "German index letters (D B)",
    "svg-nicu-ornamental": "the same art as ornamental, and some cards render wrongly by element",
    "svg-oxygen": "dark faces, rank and suit in different corners",
    "svg-oxygen-air": "rank and suit in different corners",
    "svg-oxygen-white": "rank and suit in different corners",
}

_SHEET_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_KDE_RANK = {Rank.ACE: "1", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king"}
_KDE_SUIT = {
    Suit.CLUBS: "club",
    Suit.DIAMONDS: "diamond",
    Suit.HEARTS: "heart",
    Suit.SPADES: "spade",
}


def design_path(name: str) -> Path:
    _, kind, relative = _DESIGNS[name]
    return (GNOME_DIR if kind == "sheet" else KDE_DIR) / relative


def all_designs() -> list[Design]:
    """Every usable design whose package is installed."""
    designs = []
    for name, (family, kind, _) in _DESIGNS.items():
        path = design_path(name)
        if path.exists():
            designs.append(Design(name, family, path, kind))
    return designs


def design(name: str) -> Design:
    family, kind, _ = _DESIGNS[name]
    return Design(name, family, design_path(name), kind)


def building_designs() -> list[Design]:
    return [d for d in all_designs() if d.family not in HELD_OUT_FAMILIES]


def validation_designs(families: str) -> list[Design]:
    """The building designs of the comma-separated ``families``: a model trained without them
    is run on them to choose how to read cards without looking at the held-out designs."""
    chosen = set(families.split(","))
    if chosen & HELD_OUT_FAMILIES:
        raise ValueError("held-out families are for the final measurement only")
    return [d for d in building_designs() if d.family in chosen]


def held_out_designs() -> list[Design]:
    return [d for d in all_designs() if d.family in HELD_OUT_FAMILIES]


def renderer_available() -> bool:
    return shutil.which("rsvg-convert") is not None


def _rsvg(svg: Path, width: int, out: Path) -> np.ndarray:
    subprocess.run(
        ["rsvg-convert", "-w", str(width), "-o", str(out), str(svg)],
        check=True,
        capture_output=True,
    )
    image = cv2.imread(str(out), cv2.IMREAD_UNCHANGED)
    if image is None or image.ndim != 3 or image.shape[2] != 4:
        raise RuntimeError(f"rsvg-convert did not produce an RGBA image from {svg}")
    return image


def _crop_to_alpha(image: np.ndarray) -> np.ndarray:
    alpha = image[:, :, 3]
    ys, xs = np.nonzero(alpha > 32)
    if len(xs) == 0:
        return image
    return image[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]


def _fit_height(image: np.ndarray, height: int) -> np.ndarray:
    scale = height / image.shape[0]
    width = max(1, round(image.shape[1] * scale))
    return cv2.resize(image, (width, height), interpolation=cv2.INTER_AREA)


def _render_sheet(path: Path, height: int, work: Path) -> dict[Card, np.ndarray]:
    # A sheet is 13 columns (A..K) by 5 rows (clubs, diamonds, hearts, spades, extras).
    probe = _rsvg(path, 1300, work / "probe.png")
    aspect = probe.shape[0] / probe.shape[1]
    cell_height_at_probe = probe.shape[0] / 5
    width = int(1300 * (height * 1.08) / cell_height_at_probe)
    sheet = _rsvg(path, width, work / "sheet.png")
    cell_w = sheet.shape[1] / 13
    cell_h = sheet.shape[0] / 5
    del aspect
    faces: dict[Card, np.ndarray] = {}
    for row, suit in enumerate(_SHEET_SUITS):
        for column, rank in enumerate(ALL_RANKS):
            cell = sheet[
                round(row * cell_h) : round((row + 1) * cell_h),
                round(column * cell_w) : round((column + 1) * cell_w),
            ]
            faces[Card(rank, suit)] = _fit_height(_crop_to_alpha(cell), height)
    return faces


_TAG_WITH_ID = r"<[A-Za-z:]+\b[^>]*\bid=\"{}\"[^>]*>"


def _hide(svg_text: str, element_id: str) -> str:
    match = re.search(_TAG_WITH_ID.format(re.escape(element_id)), svg_text)
    if match is None:
        raise KeyError(element_id)
    tag = match.group(0)
    style = re.search(r"\bstyle=\"([^\"]*)\"", tag)
    if style is not None:
        hidden = tag[: style.start(1)] + style.group(1) + ";display:none" + tag[style.end(1) :]
    else:
        end = -2 if tag.endswith("/>") else -1
        hidden = tag[:end] + ' style="display:none"' + tag[end:]
    return svg_text[: match.start()] + hidden + svg_text[match.end() :]


def _kde_id(card: Card) -> str:
    rank = _KDE_RANK.get(card.rank, str(int(card.rank)))
    return f"{rank}_{_KDE_SUIT[card.suit]}"


def _render_ids(path: Path, height: int, work: Path) -> dict[Card, np.ndarray]:
    # Render the page with every card, then with one card hidden: the difference is where that
    # card is (``rsvg-convert --export-id`` crops some decks wrongly).
    text = gzip.decompress(path.read_bytes()).decode("utf-8")
    full_svg = work / "full.svg"
    full_svg.write_text(text, "utf-8")
    probe_width = 1600
    probe = _rsvg(full_svg, probe_width, work / "full.png")
    boxes: dict[Card, tuple[int, int, int, int]] = {}
    for suit in _SHEET_SUITS:
        for rank in ALL_RANKS:
            card = Card(rank, suit)
            hidden_svg = work / "hidden.svg"
            hidden_svg.write_text(_hide(text, _kde_id(card)), "utf-8")
            other = _rsvg(hidden_svg, probe_width, work / "hidden.png")
            diff = np.abs(probe.astype(np.int16) - other.astype(np.int16)).max(axis=2)
            ys, xs = np.nonzero(diff > 8)
            if len(xs) == 0:
                raise RuntimeError(f"{path}: card {_kde_id(card)} is not drawn")
            boxes[card] = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
    tallest = max(b[3] - b[1] for b in boxes.values())
    scale = (height * 1.02) / tallest
    big = _rsvg(full_svg, round(probe_width * scale), work / "big.png")
    faces: dict[Card, np.ndarray] = {}
    for card, (x0, y0, x1, y1) in boxes.items():
        crop = big[
            max(0, round(y0 * scale) - 2) : round(y1 * scale) + 2,
            max(0, round(x0 * scale) - 2) : round(x1 * scale) + 2,
        ]
        faces[card] = _fit_height(_crop_to_alpha(crop), height)
    return faces


def render_design(
    chosen: Design, *, height: int = 320, cache: Path | None = None
) -> dict[Card, np.ndarray]:
    """The 52 faces of a design as BGRA images ``height`` pixels tall (cached as PNG if asked)."""
    folder = cache / f"{chosen.name}-{height}" if cache is not None else None
    if folder is not None and (folder / "done").exists():
        cached: dict[Card, np.ndarray] = {}
        for file in folder.glob("*.png"):
            image = cv2.imread(str(file), cv2.IMREAD_UNCHANGED)
            if image is not None:
                cached[parse_card(file.stem)] = image
        if len(cached) == 52:
            return cached
    with tempfile.TemporaryDirectory(prefix="dealer-assist-decks-") as work_name:
        work = Path(work_name)
        if chosen.kind == "sheet":
            faces = _render_sheet(chosen.path, height, work)
        else:
            faces = _render_ids(chosen.path, height, work)
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        for card, face in faces.items():
            cv2.imwrite(str(folder / f"{card.code}.png"), face)
        (folder / "done").write_text("52\n")
    return faces


def render_designs(
    designs: Iterable[Design], *, height: int = 320, cache: Path | None = None
) -> dict[str, dict[Card, np.ndarray]]:
    return {d.name: render_design(d, height=height, cache=cache) for d in designs}
