"""Why the uncertain cards are uncertain (issue 28, h-unsure15): building scenes only.

Reads the files ``scripts/vision_second_look.py --all --dump FILE`` writes (every card found,
its looks, its crop of the frame) and, for each card answered uncertain with a candidate, names
the rule of ``CardDetector._judge`` that keeps it so, replaying the rule's own steps on its
looks, with what the looks say (the network's two corners, the glyph reader's). Cards are
grouped as h-reader14 grouped them (the product of every look, unsoftened, at the threshold)
and counted right / wrong candidate.

    python scripts/vision_unsure.py build/unsure/check.pkl build/unsure/fitting.pkl
    python scripts/vision_unsure.py --cards "both sure" build/unsure/check.pkl   # card by card
    python scripts/vision_unsure.py --levers clubs,glyph-split build/unsure/check.pkl
    python scripts/vision_unsure.py --measure build/unsure/check.pkl   # levers (b), agreement
    python scripts/vision_unsure.py --compare main.pkl branch.pkl   # whole detector, card for card
    python scripts/vision_unsure.py --corners main.pkl branch.pkl   # by the network's corners
    python scripts/vision_unsure.py --causes build/unsure/dim.pkl   # h-dim34's causes, by style
    python scripts/vision_unsure.py --causes --by-design looks.pkl  # vision_tilted.py --looks's
    python scripts/vision_unsure.py --causes --by-kind looks.pkl  # ... by court/ace/number, colour
    python scripts/vision_unsure.py --oracle build/unsure/dim.pkl   # ... with a true look added
    python scripts/vision_unsure.py --oracle looks.pkl   # ... and read at the true outline

``--causes`` gives each uncertain card with a candidate one cause, the first that holds: its
outline off (IoU under ``OFF_IOU``), the glyph reader disputing, the network's two corners
reading two cards (in the suit, the rank or both), agreeing unsure, one corner read, none; with
whether the glyph reader cut any whole index, by style, candidates right in brackets.
``--oracle`` judges each uncertain card again with one more look that knows the true card's
colour, suit, rank, or rank and suit (0.995 sure): how many a better reader of that alone, added
to the looks, would make exact, and which rules hold the rest (issue 28, h-dim34); of a
``vision_tilted.py --looks`` file, first how many outline-off uncertain cards a true outline would
read exactly (read alone there by the same readers: h-outline38).
"""

from __future__ import annotations

import argparse
import pickle
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np

from dealer_assist.cards import Card, Suit, parse_card
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES
from dealer_assist.vision.pipeline import (
    _DISPUTED,
    COLOUR_PRIOR,
    DEFAULT_PAPER,
    DEFAULT_PLANE,
    DEFAULT_THRESHOLD,
    JUDGED_BY,
    SUITS_READ,
    CardDetector,
    _best_card,
    _colour_blind_looks_inked,
    _combine,
    _Reading,
    _sureness,
)

BLACK = {Suit.SPADES, Suit.CLUBS}
RED = {Suit.HEARTS, Suit.DIAMONDS}


def looks_of(record: dict[str, object]) -> list[_Reading]:
    return [_DISPUTED if r == "disputed" else r for r in record["looks"]]  # type: ignore[attr-defined]


def group(looks: list[_Reading]) -> str:
    """h-reader14's groups: the product of every look (unsoftened) at the threshold."""
    plain = [r for r in looks if r is not _DISPUTED]
    rank_p = _combine([r.rank for r in plain if r.rank is not None])
    suit_p = _combine([r.suit for r in plain if r.suit is not None])
    rank_sure = float(rank_p.max()) >= DEFAULT_THRESHOLD
    suit_sure = float(suit_p.max()) >= DEFAULT_THRESHOLD
    if rank_sure and suit_sure:
        return "both sure"
    if rank_sure:
        top = [SUIT_CLASSES[int(i)] for i in np.argsort(suit_p)[::-1][:2]]
        if set(top) <= BLACK or set(top) <= RED:
            return "rank sure, one colour" + (" (S/C)" if set(top) <= BLACK else " (H/D)")
        return "rank sure, across colours"
    if suit_sure:
        return "suit sure, rank not"
    return "both unsure"


def why(detector: CardDetector, record: dict[str, object]) -> list[str]:
    """The rules of ``CardDetector._judge`` that keep the card uncertain (``JUDGED_BY``), as
    it judged them on the card's recorded looks."""
    reasons: list[str] = []
    judged = detector._judge(
        np.asarray(record["quad"]),
        looks_of(record),
        pips=bool(record["pips"]),
        pip_count=record["pip_count"],  # type: ignore[arg-type]
        printed=True,  # as the detector judges a chosen finding
        why=reasons,
    )
    if judged is None:
        return ["no whole look"]
    return reasons or ["none (sure on the replay)"]


ORDER = (*JUDGED_BY, "no", "none")


def _first_rule(rule: str) -> str:
    """The first of a card's rules in ``ORDER`` (a glyph dispute before two confident looks
    before the court card's pips, the ink, shadowed corners, the product)."""
    parts = rule.split("+")
    return min(parts, key=lambda part: ORDER.index(part) if part in ORDER else len(ORDER))


def describe(look: _Reading) -> str:
    if look is _DISPUTED:
        return "DISPUTED"
    who = "net" if look.network else "glyph"
    if look.rank is None and look.suit is None:
        return f"{who}:-"
    if look.rank is None:
        assert look.suit is not None
        return f"{who}:suit {SUIT_CLASSES[int(np.argmax(look.suit))]} {look.suit.max():.2f}"
    if look.suit is None:
        return f"{who}:rank-only"
    ov = f" ov{look.overlap:.2f}" if look.overlap else ""
    unlike = "".join(sorted(s.value for s in look.unlike)) if look.unlike else ""
    return (
        f"{who}:{_best_card(look).code} {look.rank.max():.2f}/{look.suit.max():.2f}"
        f" S{look.suit[0]:.2f}{ov}{' !' + unlike if unlike else ''}"
    )


def _answers(path: Path) -> tuple[object, dict[tuple[str, str], str]]:
    data = pickle.loads(path.read_bytes())
    answers = {}
    for r in data["cards"]:
        answers[(str(r["label"]), str(r["truth"]))] = "?" if r["card"] is None else str(r["card"])
    return data["count"], answers


def _kind(answer: str, truth: str) -> str:
    return answer if answer in ("-", "?") else "exact" if answer == truth else "WRONG"


def _compare(before: Path, after: Path) -> None:
    """Every card's answer in two ``--all`` dumps (uncertain: ?), what changed."""
    count_a, a = _answers(before)
    count_b, b = _answers(after)
    print("before:", count_a)
    print("after: ", count_b)
    moves: Counter[str] = Counter()
    for key in sorted(set(a) | set(b)):
        was, now = a.get(key, "-"), b.get(key, "-")
        if was == now:
            continue
        moves[f"{_kind(was, key[1])} -> {_kind(now, key[1])}"] += 1
        print(f"  {key[0]} {key[1]}: {was} -> {now}")
    print(dict(moves) or "no answer changed")


Lever = Callable[[list[_Reading]], list[_Reading] | None]


def _network_agreed(looks: list[_Reading]) -> Card | None:
    """The card both network corners read (each a whole look), if one."""
    net = [r for r in looks if r is not _DISPUTED and r.network]
    if len(net) != 2 or not all(r.rank is not None and r.suit is not None for r in net):
        return None
    cards = {_best_card(r) for r in net}
    return cards.pop() if len(cards) == 1 else None


def _glyph_black_split_aside(looks: list[_Reading]) -> list[_Reading] | None:
    """Beside two network corners that read one black card, the glyph reader's split of the
    black suits set aside (no information: even, a hair toward the network's suit)."""
    agreed = _network_agreed(looks)
    if agreed is None or agreed.suit not in BLACK:
        return None
    mine = SUIT_CLASSES.index(agreed.suit)
    other = SUIT_CLASSES.index(Suit.CLUBS if agreed.suit is Suit.SPADES else Suit.SPADES)
    out = []
    for r in looks:
        if r is _DISPUTED or r.network or r.suit is None:
            out.append(r)
            continue
        suit = r.suit.copy()
        black = suit[mine] + suit[other]
        suit[mine], suit[other] = black * 0.5 * (1 + 1e-4), black * 0.5 * (1 - 1e-4)
        out.append(replace(r, suit=suit))
    return out


LEVERS: dict[str, Lever] = {
    "glyph-black-aside": _glyph_black_split_aside,
    "glyph-split": lambda looks: looks,  # _judge(glyph_split=True)
    "clubs": lambda looks: looks,  # _judge(clubs_by_network=True)
    "both": lambda looks: looks,
}
JUDGE_OPTIONS: dict[str, dict[str, bool]] = {
    "glyph-split": {"glyph_split": True},
    "clubs": {"clubs_by_network": True},
    "both": {"glyph_split": True, "clubs_by_network": True},
}


def _replay_levers(path: Path, names: list[str]) -> None:
    detector = CardDetector(plane=DEFAULT_PLANE, paper=DEFAULT_PAPER)
    data = pickle.loads(path.read_bytes())
    records = [r for r in data["cards"] if r["card"] is None]
    print(f"== {path}: {len(records)} uncertain with a candidate")
    for name in names:
        lever = LEVERS[name]
        tally: Counter[str] = Counter()
        for record in records:
            looks = looks_of(record)
            changed = lever(looks)
            if changed is None:
                continue
            tally["applies"] += 1
            judged = detector._judge(
                np.asarray(record["quad"]),
                changed,
                pips=bool(record["pips"]),
                pip_count=record["pip_count"],  # type: ignore[arg-type]
                printed=True,  # as the detector judges a chosen finding
                **JUDGE_OPTIONS.get(name, {}),
            )
            if judged is None or judged.card is None:
                continue
            right = judged.card.code == record["truth"]
            tally["exact" if right else "WRONG"] += 1
            print(
                f"  {'exact' if right else 'WRONG'} {record['label']} {record['truth']} as "
                f"{judged.card.code} {judged.confidence:.3f} {float(record['width']):.0f}px | "  # type: ignore[arg-type]
                + " ".join(describe(x) for x in looks)
            )
        print(f"{name}: {dict(tally)}")


def _suit_recut(path: Path) -> None:
    """Lever (b): the index's suit glyph cut again from the frame (the dump's crop) at 1, 2 and 3
    times the scale, read by the glyph suit network; per black card (truth and candidate black),
    the two corners' spade-or-club odds multiplied: right or wrong, how sure."""
    import cv2
    from vision_second_look import _warp_with

    from dealer_assist.vision.classifier import GlyphModel
    from dealer_assist.vision.geometry import portrait_orders
    from dealer_assist.vision.index import IndexSettings, segment_corner

    model = GlyphModel.load()
    ways = {
        "x1": (1.0, cv2.INTER_LINEAR),
        "x2": (2.0, cv2.INTER_CUBIC),
        "x3": (3.0, cv2.INTER_CUBIC),
    }
    data = pickle.loads(path.read_bytes())
    black = [r for r in data["cards"] if r["truth"][1] in "SC" and r["candidate"][1] in "SC"]
    for name, (scale, flag) in ways.items():
        settings = IndexSettings(scale=scale)
        tally: Counter[str] = Counter()
        for r in black:
            shares = []
            for ordered in portrait_orders(np.asarray(r["quad"])):
                region = _warp_with(np.asarray(r["crop"]), ordered, settings, flag)
                glyphs = segment_corner(region, settings)
                if glyphs.suit is None:
                    continue
                p = model.suit_probabilities(np.array([glyphs.suit.vector]))[0]
                if p[-1] < 0.5 and p[0] + p[3] >= 0.5 * p[:-1].sum():
                    shares.append(p[0] / (p[0] + p[3]))
            sure = "sure" if r["card"] is not None else "uncertain"
            tally[f"{sure} cards"] += 1
            if not shares:
                tally[f"{sure} no suit glyph"] += 1
                continue
            spade = float(np.prod(shares))
            spade /= spade + float(np.prod([1 - x for x in shares]))
            said = "S" if spade >= 0.5 else "C"
            band = "0.99" if max(spade, 1 - spade) >= 0.99 else "<0.99"
            tally[f"{sure} {'right' if said == r['truth'][1] else 'wrong'} {band}"] += 1
        print(f"{path} suit glyph {name}: {dict(sorted(tally.items()))}")


def _pip_shapes(path: Path, scale: float) -> None:
    """Lever (b): the pips' shape at ``scale`` (``MiddleSettings.scale``; 0.9 about the frame's
    own): black number cards whose middle is in the clear, by truth, whose two or more whole
    pips are all club-shaped (3+ deep convexity defects, solidity under 0.9: glyph9's sign)."""
    from vision_suit_shape import shape_features, whole_pips

    from dealer_assist.vision.middle import MiddleSettings, warp_middle

    settings = replace(MiddleSettings(), scale=scale)
    data = pickle.loads(path.read_bytes())
    tally: Counter[str] = Counter()
    for r in data["cards"]:
        if r["truth"][1] not in "SC" or r["candidate"][0] in "JQK" or not r["clear"]:
            continue
        middle = warp_middle(np.asarray(r["crop"]), np.asarray(r["quad"]), settings)
        shapes = [shape_features(pip) for pip in whole_pips(middle, settings, most=4)]
        clubby = [f is not None and f[2] >= 3 and f[0] < 0.9 for f in shapes]
        sure = "sure" if r["card"] is not None else "uncertain"
        tally[f"{sure} {r['truth'][1]}"] += 1
        tally[f"{sure} {r['truth'][1]} all club-shaped"] += len(clubby) >= 2 and all(clubby)
    print(f"{path} pips at {scale}: {dict(sorted(tally.items()))}")


def _agreement(path: Path) -> None:
    """The network's two corners reading one card, on the uncertain cards: right or wrong; for
    a black suit, the lesser share of the black suits either corner gives it."""
    data = pickle.loads(path.read_bytes())
    tally: Counter[str] = Counter()
    for r in data["cards"]:
        if r["card"] is not None:
            continue
        looks = [x for x in looks_of(r) if x is not _DISPUTED]
        agreed = _network_agreed(looks)
        if agreed is None:
            continue
        right = "right" if agreed.code == r["truth"] else "WRONG"
        tally[f"agree {right}"] += 1
        if agreed.suit in BLACK:
            i = SUIT_CLASSES.index(agreed.suit)
            j = SUIT_CLASSES.index(Suit.CLUBS if agreed.suit is Suit.SPADES else Suit.SPADES)
            net = [x for x in looks if x.network and x.suit is not None]
            share = min(float(x.suit[i] / (x.suit[i] + x.suit[j])) for x in net)  # type: ignore[index]
            band = ">=0.7" if share >= 0.7 else "<0.7"
            tally[f"black {agreed.suit.value} {band} {right}"] += 1
    print(f"{path} network agreement: {dict(sorted(tally.items()))}")


SOFT_STYLES = frozenset({"dim", "noisy", "harsh", "lens"})
CORNER_GROUPS = (
    "one corner read, the other none",
    "corners disagree: suit",
    "corners disagree: rank",
    "corners disagree: rank and suit",
    "agree, both unsure",
    "agree, one sure (0.9), one unsure",
    "agree, both sure (0.9)",
    "no corner read by the network",
)


def corner_group(looks: list[_Reading]) -> str:
    """What the corner network's two corners read on the first look (issue 28, h-unsure23)."""
    read = [
        (_best_card(r), _sureness(r))
        for r in looks[:2]
        if r is not _DISPUTED and r.rank is not None and r.suit is not None
    ]
    if not read:
        return CORNER_GROUPS[7]
    if len(read) == 1:
        return CORNER_GROUPS[0]
    (a, _), (b, _) = read
    if a != b:
        if a.rank == b.rank:
            return CORNER_GROUPS[1]
        return CORNER_GROUPS[2] if a.suit == b.suit else CORNER_GROUPS[3]
    return CORNER_GROUPS[(4, 5, 6)[sum(sure >= 0.9 for _, sure in read)]]


def _corners(before: Path, after: Path) -> None:
    """The uncertain cards with a candidate of dump ``before`` by what the network's two corners
    read (``corner_group``): how many candidates right, disputed by the glyph reader, with the
    outline off (a corner more than a tenth of the width from the true one), small (under 60
    pixels), in the soft styles, and read exactly in dump ``after`` (of them with the outline
    off)."""
    from vision_second_look import _corner_error

    old = pickle.loads(before.read_bytes())
    new = pickle.loads(after.read_bytes())
    read_now = {(r["label"], r["truth"]): r["card"] for r in new["cards"]}
    tally: dict[str, Counter[str]] = {g: Counter() for g in CORNER_GROUPS}
    for record in old["cards"]:
        if record["card"] is not None:
            continue
        looks = looks_of(record)
        row = tally[corner_group(looks)]
        off = _corner_error(record, np.asarray(record["quad"])) > 0.1 * float(record["width"])  # type: ignore[arg-type]
        read = read_now.get((record["label"], record["truth"])) == record["truth"]
        style = str(record["label"]).split("/")[1].split("#")[0]
        row.update(
            cards=1,
            right=int(record["candidate"] == record["truth"]),
            disputed=int(any(r is _DISPUTED for r in looks)),
            off=int(off),
            small=int(float(record["width"]) < 60),  # type: ignore[arg-type]
            soft=int(style in SOFT_STYLES),
            read=int(read),
            read_off=int(read and off),
        )
    print(f"{before}: {old['count']} -> {after}: {new['count']}")
    print("| group | cards | right | disputed | outline off | small | soft | read now (off) |")
    total: Counter[str] = Counter()
    for g in CORNER_GROUPS:
        row = tally[g]
        total.update(row)
        print(
            f"| {g} | {row['cards']} | {row['right']} | {row['disputed']} | {row['off']} | "
            f"{row['small']} | {row['soft']} | {row['read']} ({row['read_off']}) |"
        )
    print(
        f"| all | {total['cards']} | {total['right']} | {total['disputed']} | {total['off']} | "
        f"{total['small']} | {total['soft']} | {total['read']} ({total['read_off']}) |"
    )


OFF_IOU = 0.85  # an answered outline under this IoU with the true one: "outline off"


def cause(record: dict[str, object]) -> str:
    """h-dim34's cause of an uncertain card (``--causes``), the first that holds."""
    if record["looks"] is None:
        return "no whole look"  # vision_tilted.py --looks keeps such cards too
    looks = looks_of(record)
    plain = [r for r in looks if r is not _DISPUTED]
    net = [r for r in plain[:2] if r.network and r.rank is not None and r.suit is not None]
    cut = any(not r.network and r.rank is not None and r.suit is not None for r in plain)
    glyph = " (glyph cut an index)" if cut else " (glyph cut none)"
    if float(record["iou"]) < OFF_IOU:  # type: ignore[arg-type]
        return "outline off"
    if len(plain) < len(looks):
        return "glyph reader disputes"
    if len(net) == 2 and _best_card(net[0]) != _best_card(net[1]):
        a, b = _best_card(net[0]), _best_card(net[1])
        part = "suit" if a.rank is b.rank else "rank" if a.suit is b.suit else "both"
        return f"network corners disagree: {part}"
    if len(net) == 2:
        return "network corners agree, unsure" + glyph
    if len(net) == 1:
        return "network reads one corner" + glyph
    return "network reads no corner" + glyph


def kind_of(truth: str) -> str:
    """``--by-kind``'s column: court (J/Q/K), ace or number card, black or red."""
    rank, suit = truth[0], truth[1]
    kind = "court" if rank in "JQK" else "ace" if rank == "A" else "number"
    return f"{kind} {'black' if suit in 'SC' else 'red'}"


def _causes(path: Path, *, by_design: bool = False, by_kind: bool = False) -> None:
    """``--causes``: of a ``vision_second_look.py --dump`` file or of the list
    ``vision_tilted.py --looks`` writes (its cards with no whole look counted too); by style,
    with ``by_design`` by design, with ``by_kind`` by the true card's kind (``kind_of``)."""
    data = pickle.loads(path.read_bytes())
    if isinstance(data, list):  # vision_tilted.py --looks: every card answered
        data = {"count": f"{len(data)} cards answered", "cards": data}
    records = [r for r in data["cards"] if r["card"] is None]
    part = 0 if by_design else 1

    def column(record: dict[str, object]) -> str:
        if by_kind:
            return kind_of(str(record["truth"]))
        return str(record["label"]).split("#")[0].split("/")[part]

    columns = sorted({column(r) for r in records})
    tally: Counter[tuple[str, str]] = Counter()
    right: Counter[str] = Counter()
    for record in records:
        c = cause(record)
        tally[(c, column(record))] += 1
        right[c] += int(record["candidate"] == record["truth"])
    print(f"== {path}: {data['count']}; {len(records)} uncertain")
    print("| cause | all (candidate right) | " + " | ".join(columns) + " |")
    for c in sorted({c for c, _ in tally}, key=lambda c: -sum(tally[(c, s)] for s in columns)):
        cells = " | ".join(str(tally[(c, s)]) for s in columns)
        print(f"| {c} | {sum(tally[(c, s)] for s in columns)} ({right[c]}) | {cells} |")


def _true_look(truth: Card, what: str) -> list[_Reading]:
    """Looks that know ``what`` of the true card (``--oracle``), 0.995 sure."""

    def one_hot(size: int, index: int) -> np.ndarray:
        p = np.full(size, 0.005 / (size - 1))
        p[index] = 0.995
        return p

    suit = one_hot(4, SUIT_CLASSES.index(truth.suit))
    rank = one_hot(13, RANK_CLASSES.index(truth.rank))
    if what == "colour":
        unlike = BLACK if truth.suit in RED else RED
        colour = np.array([COLOUR_PRIOR if s in unlike else 1.0 for s in SUITS_READ])
        return [_Reading(None, colour / colour.sum())]
    return [
        *([_Reading(rank, None)] if what in ("rank", "rank and suit") else []),
        *([_Reading(None, suit)] if what in ("suit", "rank and suit") else []),
    ]


def _true_outline(cards: list[dict[str, object]]) -> None:
    """The outline oracle of a ``vision_tilted.py --looks`` file (issue 28, h-outline38): the
    uncertain cards, those with an outline off, read alone at the true outline and at the
    answered one (``at_true``, ``at_answered``), by style."""
    uncertain = [r for r in cards if r["card"] is None]
    off = [r for r in uncertain if float(r["iou"]) < OFF_IOU]  # type: ignore[arg-type]

    def kind(record: dict[str, object], key: str) -> str:
        read = record.get(key)
        if read is None or read == "?":
            return "nothing" if read is None else "uncertain"
        return "exact" if read == record["truth"] else "wrong"

    print(f"{len(uncertain)} uncertain, {len(off)} with the outline off (IoU < {OFF_IOU})")
    for key in ("at_true", "at_answered"):
        tally = Counter(kind(r, key) for r in off)
        print(f"  read alone {key}: " + ", ".join(f"{k} {n}" for k, n in tally.most_common()))
    styles = Counter((str(r["label"]).split("/")[1].split("#")[0], kind(r, "at_true")) for r in off)
    print(
        "  by style, at the true outline: "
        + ", ".join(f"{s} {k} {n}" for (s, k), n in sorted(styles.items()))
    )


def _oracle(path: Path) -> None:
    detector = CardDetector(plane=DEFAULT_PLANE, paper=DEFAULT_PAPER)
    data = pickle.loads(path.read_bytes())
    if isinstance(data, list):  # vision_tilted.py --looks: every card answered
        data = {"count": f"{len(data)} cards answered", "cards": data}
        _true_outline(data["cards"])
    records = [r for r in data["cards"] if r["card"] is None and r["looks"] is not None]
    print(f"== {path}: {data['count']}; {len(records)} uncertain with a whole look")
    print("| a true look added | exact | wrong | still uncertain (by the first rule) |")
    for what in ("colour", "suit", "rank", "rank and suit"):
        kinds: Counter[str] = Counter()
        held: Counter[str] = Counter()
        for record in records:
            truth = parse_card(str(record["truth"]))
            looks = looks_of(record)
            if what == "colour":
                unlike = frozenset(BLACK if truth.suit in RED else RED)
                looks = _colour_blind_looks_inked(looks, unlike)
            reasons: list[str] = []
            judged = detector._judge(
                np.asarray(record["quad"] if "quad" in record else record["outline"]),
                [*looks, *_true_look(truth, what)],
                pip_count=record["pip_count"],  # type: ignore[arg-type]
                printed=True,
                why=reasons,
            )
            if judged is None or judged.card is None:
                kinds["?"] += 1
                held[_first_rule("+".join(reasons)) if reasons else "none"] += 1
            else:
                kinds["exact" if judged.card == truth else "wrong"] += 1
        rules = ", ".join(f"{rule} {n}" for rule, n in held.most_common())
        print(f"| {what} | {kinds['exact']} | {kinds['wrong']} | {kinds['?']} ({rules}) |")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--cards", default="", help="list the cards of groups containing this")
    parser.add_argument("--compare", action="store_true", help="two dumps, card for card")
    parser.add_argument(
        "--corners", action="store_true", help="two dumps: by the network's corners, read now"
    )
    parser.add_argument("--levers", default="", help="replay these levers (LEVERS) on the dumps")
    parser.add_argument("--measure", action="store_true", help="suit re-cut, pips, agreement")
    parser.add_argument("--causes", action="store_true", help="h-dim34's causes, by style")
    parser.add_argument("--by-design", action="store_true", help="--causes by design")
    parser.add_argument(
        "--by-kind",
        action="store_true",
        help="--causes by the card's kind (court/ace/number, colour)",
    )
    parser.add_argument("--oracle", action="store_true", help="judged again with a true look")
    args = parser.parse_args()
    if args.oracle:
        for path in args.files:
            _oracle(path)
        return 0
    if args.causes:
        for path in args.files:
            _causes(path, by_design=args.by_design, by_kind=args.by_kind)
        return 0
    if args.compare:
        _compare(*args.files)
        return 0
    if args.corners:
        _corners(*args.files)
        return 0
    if args.measure:
        for path in args.files:
            _suit_recut(path)
            _pip_shapes(path, 0.9)
            _agreement(path)
        return 0
    if args.levers:
        for path in args.files:
            _replay_levers(path, args.levers.split(","))
        return 0
    detector = CardDetector(plane=DEFAULT_PLANE, paper=DEFAULT_PAPER)
    for path in args.files:
        data = pickle.loads(path.read_bytes())
        records = [r for r in data["cards"] if r["card"] is None]
        print(f"== {path}: {data['count']}; {len(records)} uncertain with a candidate")
        groups: Counter[tuple[str, str, bool]] = Counter()
        for record in records:
            looks = looks_of(record)
            right = record["candidate"] == record["truth"]
            g = group(looks)
            reasons = why(detector, record)
            rule = "+".join(x.split(" ")[0] for x in reasons)
            groups[(g, rule, right)] += 1
            if args.cards and args.cards in g:
                kind = "court" if record["candidate"][0] in "JQK" else "number"  # type: ignore[index]
                print(
                    f"  {'R' if right else 'W'} {record['label']} {record['truth']} cand "
                    f"{record['candidate']} {float(record['width']):.0f}px {kind} "  # type: ignore[arg-type]
                    f"clear={record['clear']} | {'; '.join(reasons)} | "
                    + " ".join(describe(x) for x in looks)
                )
        print("group | rules (every one that holds) | right | wrong")
        for g, rule in sorted({(g, rule) for g, rule, _ in groups}):
            print(f"{g} | {rule} | {groups[(g, rule, True)]} | {groups[(g, rule, False)]}")
        first: Counter[tuple[str, str, bool]] = Counter()
        for (g, rule, right), n in groups.items():
            first[(g, _first_rule(rule), right)] += n
        print("group | the first rule that holds | right | wrong")
        for g, rule in sorted({(g, rule) for g, rule, _ in first}):
            print(f"{g} | {rule} | {first[(g, rule, True)]} | {first[(g, rule, False)]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
