#!/usr/bin/env python3
"""Train the glyph classifier from the dataset scripts/vision_build_dataset.py wrote.

    scripts/vision_build_dataset.py --out build/vision/glyphs.npz
    scripts/vision_train.py --data build/vision/glyphs.npz   # writes dealer_assist/vision/model/
    scripts/vision_train.py --data ... --validate plastic,tigullio    # tuning: leave families out

Only the building designs are in the dataset; with ``--validate`` some of *their* families are
left out of training too and the glyph accuracy on them is printed, which is how the network
size and the confidence threshold were chosen without looking at the held-out designs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealer_assist.vision import decks
from dealer_assist.vision.classifier import (
    RANK_CLASSES,
    SUIT_CLASSES,
    GlyphModel,
    Network,
    train_network,
)
from dealer_assist.vision.index import GLYPH_SIZE, glyph_features

# Pixels, then gradient histograms, each standardised as one block (see train_network).
FEATURE_GROUPS = [slice(0, GLYPH_SIZE * GLYPH_SIZE), slice(GLYPH_SIZE * GLYPH_SIZE, -2)]
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "dealer_assist/vision/model/glyphs.npz"


def _family(name: str) -> str:
    if name.startswith("font:"):
        return "fonts"
    try:
        return decks.design(name).family
    except KeyError:  # a design since left out (see decks.EXCLUDED)
        return "excluded"


def _weights(labels: np.ndarray, classes: int) -> np.ndarray:
    counts = np.bincount(labels, minlength=classes).astype(np.float32)
    weights = 1.0 / np.sqrt(np.maximum(counts, 1.0))
    return (weights / weights[counts > 0].mean()).astype(np.float32)


def augment(vectors: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Copies of the glyphs a little moved, scaled, turned, thinner or bolder."""
    out = vectors.copy()
    size = GLYPH_SIZE
    for row in out:
        image = row[: size * size].reshape(size, size)
        angle = rng.uniform(-5, 5)
        scale = rng.uniform(0.9, 1.08)
        shift = rng.uniform(-1.0, 1.0, 2)
        matrix = cv2.getRotationMatrix2D((size / 2, size / 2), angle, scale)
        matrix[:, 2] += shift
        moved = cv2.warpAffine(image, matrix, (size, size), flags=cv2.INTER_LINEAR)
        stroke = rng.random()
        if stroke < 0.2:
            moved = cv2.erode(moved, np.ones((2, 2), np.uint8))
        elif stroke < 0.4:
            moved = cv2.dilate(moved, np.ones((2, 2), np.uint8))
        peak = float(moved.max())
        row[: size * size] = (moved / peak if peak > 0 else moved).ravel()
    return out


def train_ensemble(
    vectors: np.ndarray,
    labels: np.ndarray,
    families: np.ndarray,
    classes: int,
    *,
    members: int,
    hidden: int,
    epochs: int,
    seed: int,
) -> tuple[Network, ...]:
    """``members`` networks, each missing a different share of the card families."""
    rng = np.random.default_rng(seed)
    names = sorted({f for f in families if not f.startswith("font")})
    networks = []
    for k in range(members):
        left_out = (
            set(rng.choice(names, size=max(1, len(names) // 5), replace=False))
            if members > 1
            else set()
        )
        chosen = ~np.isin(families, list(left_out))
        x = np.vstack([vectors[chosen], augment(vectors[chosen], rng)])
        y = np.concatenate([labels[chosen], labels[chosen]])
        networks.append(
            train_network(
                glyph_features(x),
                y,
                classes,
                hidden=hidden,
                epochs=epochs,
                seed=seed + k,
                class_weights=_weights(y, classes),
                groups=FEATURE_GROUPS,
            )
        )
        print(
            f"  member {k + 1}/{members} without {', '.join(sorted(left_out)) or 'nothing'}",
            flush=True,
        )
    return tuple(networks)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=Path("build/vision/glyphs.npz"))
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--validate", help="building families to leave out and report on")
    parser.add_argument("--hidden", type=int, default=96)
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--members", type=int, default=5, help="networks in the ensemble")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    data = np.load(args.data)
    held = set(args.validate.split(",")) if args.validate else set()
    for family in held:
        if family in decks.HELD_OUT_FAMILIES:
            print(
                f"{family} is held out of building altogether; pick a building family",
                file=sys.stderr,
            )
            return 1
    networks: dict[str, tuple[Network, ...]] = {}
    for kind, classes in (("rank", RANK_CLASSES), ("suit", SUIT_CLASSES)):
        x = data[f"{kind}_x"]
        y = data[f"{kind}_y"]
        designs = data[f"{kind}_design"]
        families = np.array([_family(str(d)) for d in designs])
        if np.isin(families, list(decks.HELD_OUT_FAMILIES)).any():
            print(
                "the dataset holds held-out designs: rebuild it from the building set",
                file=sys.stderr,
            )
            return 1
        building = [d.name for d in decks.building_designs()]
        usable = np.isin(designs, building) | np.char.startswith(designs.astype(str), "font:")
        train = usable & ~np.isin(families, list(held))
        ensemble = train_ensemble(
            x[train],
            y[train],
            families[train],
            len(classes),
            members=args.members,
            hidden=args.hidden,
            epochs=args.epochs,
            seed=args.seed,
        )
        networks[kind] = ensemble
        features = glyph_features(x)
        probabilities = sum(n.probabilities(features) for n in ensemble) / len(ensemble)
        predicted = np.argmax(probabilities, axis=1)
        accuracy = np.mean(predicted[train] == y[train])
        print(f"{kind}: trained on {int(train.sum())} glyphs, train accuracy {accuracy:.4f}")
        for family in sorted(held):
            chosen = families == family
            if chosen.any():
                accuracy = np.mean(predicted[chosen] == y[chosen])
                print(f"  {family}: {accuracy:.4f} of {int(chosen.sum())}")
    info = (
        f"trained by scripts/vision_train.py from {args.data.name}; "
        f"{args.members} networks, hidden {args.hidden}, epochs {args.epochs}, seed {args.seed}; "
        f"left out: {','.join(sorted(held)) or 'none'}"
    )
    model = GlyphModel(networks["rank"], networks["suit"], info)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    model.save(args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
