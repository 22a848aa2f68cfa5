#!/usr/bin/env python3
"""Join exported corner networks into one: the mean of their probabilities, as one ONNX file.

    scripts/vision_join_corners.py NET.onnx NET.onnx [...] --out build/vision/joined.onnx

Networks trained apart are wrong apart: where one is sure of a wrong card the other is seldom
sure of the same one, and the mean of their probabilities is not sure then (issue 28: a single
retrained network was surer of what it got wrong). The joined file answers what each network
answers, in one graph: its output ``logits`` is the logarithm of the mean of the networks'
probabilities, head by head, so the run time (``corner_model.CornerModel``: a softmax per head)
reads the mean unchanged. Training only (PyTorch and onnx, as scripts/vision_train_corners.py);
the run time stays OpenCV.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import torch
from torch import nn
from torch.nn import functional as F
from vision_train_corners import CornerNet, from_onnx

from dealer_assist.vision.corner_model import CHANNELS, PATCH_HEIGHT, PATCH_WIDTH, RANK_OUTPUTS


class Joined(nn.Module):
    """The mean of the members' probabilities per head, answered as its logarithm."""

    def __init__(self, members: list[CornerNet]) -> None:
        super().__init__()
        self.members = nn.ModuleList(members)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        ranks, suits = [], []
        for member in self.members:
            z = member(x)
            ranks.append(F.softmax(z[:, :RANK_OUTPUTS], 1))
            suits.append(F.softmax(z[:, RANK_OUTPUTS:], 1))
        # The floor keeps the logarithm finite where every member is certain of another class.
        rank = torch.log(torch.stack(ranks).mean(0) + 1e-12)
        suit = torch.log(torch.stack(suits).mean(0) + 1e-12)
        return torch.cat([rank, suit], 1)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("networks", type=Path, nargs="+", help="exported corner networks")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    members = [from_onnx(path) for path in args.networks]
    model = Joined(members).eval()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        model,
        torch.zeros(1, CHANNELS, PATCH_HEIGHT, PATCH_WIDTH),
        str(args.out),
        dynamo=False,
        input_names=["ink"],
        output_names=["logits"],
        dynamic_axes={"ink": {0: "corners"}, "logits": {0: "corners"}},
    )
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
