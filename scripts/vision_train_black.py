#!/usr/bin/env python3
"""Train the black-split reader (spade or club?) from scripts/vision_black_corners.py's corners.

The corner network (``model/corners.onnx``) with its last layer cut to two outputs - its own
suit head's spade and club rows to start from - trained on small, soft black index corners
alone (issue 28: the uncertain cards whose rank is sure and whose suit is split between spades
and clubs). Ink only, as the corner network (the colour channels of the input are ignored).

    python3 -m venv /tmp/venv-train && /tmp/venv-train/bin/pip install \
        /opt/wheels/torch-2.13.0+cpu-*.whl onnx opencv-python-headless   # training only
    scripts/vision_black_corners.py --out build/vision/black.npz            # shared venv
    /tmp/venv-train/bin/python scripts/vision_train_black.py --data build/vision/black.npz \
        --validate simplistic,tango,paris,dondorf,atlasnye,jolly_royal --out /tmp/val-a.onnx
    /tmp/venv-train/bin/python scripts/vision_train_black.py --data build/vision/black.npz \
        --validate anglo,ornamental,anglo_modern,anglo_poker,plastic,tigullio,nicu_white \
        --out /tmp/val-b.onnx
    /tmp/venv-train/bin/python scripts/vision_train_black.py --data build/vision/black.npz
        # writes dealer_assist/vision/model/black.onnx

The shipped file is the last command's, bit for bit (sha256 24713b81...83cf; the corners
rebuilt from the same seeds are the same bytes). The product does not use it by default
(``CardDetector(black_split=False)``: held out it added a wrong read, docs/benchmarks.md).

``--validate`` leaves the named building families out of training and reports on them, by the
card's width: how many corners it reads right and wrong, and how many it is sure (``--sure``)
of wrongly - how the reader and its sureness were chosen (never on held-out designs). The run is
seeded, one thread.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from vision_train_corners import (
    RANK_NAMES,
    RANK_OUTPUTS,
    CornerNet,
    F,
    augment,
    decks,
    decode,
    epoch_done,
    export,
    family,
    from_onnx,
    nn,
    step,
    torch,
)

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_INIT = ROOT / "dealer_assist/vision/model/corners.onnx"
DEFAULT_OUT = ROOT / "dealer_assist/vision/model/black.onnx"
SPADE_ROW, CLUB_ROW = RANK_OUTPUTS + 0, RANK_OUTPUTS + 3  # the corner network's suit head
WIDTH_BINS = (0.0, 60.0, 80.0, 1000.0)


def black_net(init: Path) -> CornerNet:
    """The corner network with a two-way last layer (spade, club) started from its suit rows."""
    model = from_onnx(init, 1)
    last = model.head[4]
    assert isinstance(last, nn.Linear)
    two = nn.Linear(last.in_features, 2)
    with torch.no_grad():
        two.weight.copy_(last.weight[[SPADE_ROW, CLUB_ROW]])
        two.bias.copy_(last.bias[[SPADE_ROW, CLUB_ROW]])
    model.head[4] = two
    return model


def rank_sure(init: Path, x: torch.Tensor, rank: np.ndarray, sure: float) -> np.ndarray:
    """Which corners the corner network reads the rank of, right and at least ``sure``: the
    black-split reader is asked only where the rank is sure (a blank or smeared corner is no
    lesson in suits)."""
    model = from_onnx(init, 1)
    model.eval()
    with torch.no_grad():
        z = torch.cat([model(decode(x[s : s + 1024])) for s in range(0, len(x), 1024)])
    p = F.softmax(z[:, :RANK_OUTPUTS], 1).numpy()
    truth = np.array([RANK_NAMES.index(r) for r in rank])
    kept: np.ndarray = (p.argmax(1) == truth) & (p.max(1) >= sure)
    return kept


def club_share(model: CornerNet, x: torch.Tensor) -> np.ndarray:
    model.eval()
    with torch.no_grad():
        z = torch.cat([model(decode(x[s : s + 1024])) for s in range(0, len(x), 1024)])
    return F.softmax(z, 1)[:, 1].numpy()


def report(name: str, club: np.ndarray, suit: np.ndarray, width: np.ndarray, sure: float) -> None:
    """Right and wrong by width; and how often sure (``sure`` of one suit) and wrong."""
    said = (club >= 0.5).astype(np.int64)
    sureness = np.maximum(club, 1 - club)
    for low, high in itertools.pairwise(WIDTH_BINS):
        chosen = (width >= low) & (width < high)
        if not chosen.any():
            continue
        right = said[chosen] == suit[chosen]
        certain = sureness[chosen] >= sure
        print(
            f"  {name} {low:.0f}-{high:.0f} px: {int(chosen.sum())} corners, right "
            f"{right.mean():.4f}, sure {certain.mean():.4f}, sure+wrong "
            f"{int((certain & ~right).sum())} (clubs read spades sure "
            f"{int((certain & ~right & (suit[chosen] == 1)).sum())})",
            flush=True,
        )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=Path("build/vision/black.npz"))
    parser.add_argument("--init", type=Path, default=DEFAULT_INIT)
    parser.add_argument("--validate", help="building families to leave out and report on")
    parser.add_argument("--augment", type=float, default=0.5)
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--smoothing", type=float, default=0.0)
    parser.add_argument("--sure", type=float, default=0.95)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--rank-sure", type=float, default=0.9, help="corners the network reads the rank of so"
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    generator = torch.Generator().manual_seed(args.seed)
    data = np.load(args.data)
    families = np.array([family(str(d)) for d in data["design"]])
    held = set(args.validate.split(",")) if args.validate else set()
    if np.isin(families, list(decks.HELD_OUT_FAMILIES)).any() or held & decks.HELD_OUT_FAMILIES:
        print("held-out designs are never used, not even to validate", file=sys.stderr)
        return 1
    kept = rank_sure(args.init, torch.from_numpy(data["x"]), data["rank"], args.rank_sure)
    print(f"{int(kept.sum())} of {len(kept)} corners with the rank read surely", flush=True)
    x_all = torch.from_numpy(data["x"][kept])
    suit_all = data["suit"][kept]
    width_all = data["width"][kept]
    families = families[kept]
    designs = data["design"][kept]
    chosen = np.isin(families, list(held))
    train = torch.from_numpy(~chosen & (families != "excluded"))
    x, suit = x_all[train], torch.from_numpy(suit_all)[train]
    print(f"training on {len(x)} corners; {int(chosen.sum())} held out of training", flush=True)
    model = black_net(args.init)
    if held:
        report(
            "before", club_share(model, x_all[chosen]), suit_all[chosen], width_all[chosen], 0.95
        )
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.learning_rate, weight_decay=1e-4)
    steps = max(args.epochs * math.ceil(len(x) / args.batch), 1)
    schedule = torch.optim.lr_scheduler.OneCycleLR(
        optimiser, max_lr=args.learning_rate, total_steps=steps
    )
    for epoch in range(args.epochs):
        started = time.perf_counter()
        model.train()
        order = torch.randperm(len(x), generator=generator)
        total = 0.0
        for start in range(0, len(x), args.batch):
            index = order[start : start + args.batch]
            batch = decode(x[index])
            picked = torch.rand(len(index), generator=generator) < args.augment
            if picked.any():
                batch[picked] = augment(batch[picked], generator)
            loss = F.cross_entropy(model(batch), suit[index], label_smoothing=args.smoothing)
            total += step(optimiser, schedule, loss) * len(index)
        epoch_done(epoch, args.epochs, total / len(x), started)
    if held:
        club = club_share(model, x_all[chosen])
        for sure in (0.9, 0.95, 0.99):
            report(f"after (sure {sure})", club, suit_all[chosen], width_all[chosen], sure)
        names = designs[chosen]
        for name in sorted(set(names.tolist())):
            one = names == name
            right = (club[one] >= 0.5) == (suit_all[chosen][one] == 1)
            print(f"  {name}: right {right.mean():.3f} of {int(one.sum())}")
    export(model, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
