"""The report's PDF and plots are drawn by Qt: offscreen, set before anything imports Qt."""

from __future__ import annotations

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"
