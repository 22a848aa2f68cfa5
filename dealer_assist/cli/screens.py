"""The screens' commands: ``touchscreen``, ``scoreboard``, ``screenshot``.

Imported by :mod:`dealer_assist.cli` on every run, so nothing here imports Qt at module level:
``dealer-assist --help`` and the headless table stay light.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from dealer_assist.cli.common import (
    EXIT_ERROR,
    EXIT_OK,
    add_table_options,
    folder_for_output,
    has_display,
    qt_available,
    table_config,
    whole_number,
)
from dealer_assist.cli.run import add_publish_option
from dealer_assist.errors import DealerAssistError

#: The mock shoe the demo deals from: a card every 1.2 s, so a person can follow (and bet).
DEMO_SOURCE = "mock://?pace=1.2"
LANGUAGES = ("en", "zh_TW", "zh_CN")
#: What ``--open-at-start`` opens: the supervisor's PIN pad (as the Supervisor key does).
OPEN_AT_START = ("supervisor",)


def _size(text: str) -> tuple[int, int]:
    from dealer_assist.ui.app import parse_size

    try:
        return parse_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _table_options(parser: argparse.ArgumentParser) -> None:
    add_table_options(
        parser,
        source_help=f"a card source (repeatable); default from the configuration, or {DEMO_SOURCE}",
    )
    parser.add_argument("--lang", choices=LANGUAGES, help="the screen's language at start")
    parser.add_argument("--kiosk", action="store_true", help="full screen")
    parser.add_argument("--size", type=_size, help="window size WIDTHxHEIGHT (default 1280x800)")
    parser.add_argument(
        "--autoplay",
        action="store_true",
        help="simulated players bet and the simulated croupier closes each coup (demo)",
    )
    parser.add_argument("--quit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    # For the kiosk's test (tests/deploy/test_kiosk.py): a croupier's dialog open from the start,
    # as if its button had been touched (the compositor there takes no input).
    parser.add_argument("--open-at-start", choices=OPEN_AT_START, help=argparse.SUPPRESS)


def add_parser(subparsers: Any) -> None:
    touch = subparsers.add_parser(
        "touchscreen",
        help="the croupier's touchscreen (a mock shoe unless a configuration says otherwise)",
        description="Open the croupier's touchscreen. Without --config and --source it deals "
        f"from a mock shoe ({DEMO_SOURCE}). The supervisor PIN of the demo is 2468.",
    )
    _table_options(touch)
    touch.add_argument(
        "--scoreboard", action="store_true", help="open the players' scoreboard as well"
    )
    add_publish_option(touch)
    touch.set_defaults(handler=cmd_touchscreen)

    board = subparsers.add_parser(
        "scoreboard",
        help="the players' scoreboard: the five roads, ask-road, counts, limits",
        description="Open the scoreboard of a table run by this process.",
    )
    _table_options(board)
    board.set_defaults(handler=cmd_scoreboard)

    shot = subparsers.add_parser(
        "screenshot",
        help="render every screen offscreen to PNG files",
        description="Deal N coups from a seeded mock shoe offscreen and write croupier.png, "
        "scoreboard.png and one PNG per other screen or dialog.",
    )
    shot.add_argument(
        "--out", type=folder_for_output, required=True, help="folder for the PNG files"
    )
    shot.add_argument(
        "--coups", type=whole_number(0, 200), default=20, help="coups to deal, 0-200 (default 20)"
    )
    shot.add_argument("--variant", default="punto-banco", help="variant (default punto-banco)")
    shot.add_argument("--lang", choices=LANGUAGES, default="en")
    shot.add_argument("--size", type=_size, default=(1920, 1080), help="WIDTHxHEIGHT")
    shot.add_argument("--seed", type=whole_number(0), default=42, help="the mock shoe's seed")
    shot.add_argument(
        "--screen",
        action="append",
        dest="screens",
        metavar="NAME",
        help="only this screen (repeatable): croupier, scoreboard, alert, pin, keypad, recall, "
        "supervisor, card-picker, squeeze, decision, chemin-de-fer, banque, pit, pit-detail",
    )
    shot.set_defaults(handler=cmd_screenshot)


def _run(args: argparse.Namespace, screens: Sequence[str]) -> int:
    config = table_config(args, demo_source=DEMO_SOURCE)  # the input first, then the screen
    if not qt_available():
        sys.stderr.write(
            "dealer-assist: the screens need PySide6: pip install 'dealer-assist[ui]'\n"
        )
        return EXIT_ERROR
    if not has_display() and not os.environ.get("QT_QPA_PLATFORM"):
        sys.stderr.write(
            "dealer-assist: no display (DISPLAY or WAYLAND_DISPLAY); "
            "use `dealer-assist screenshot` or `dealer-assist run` without one\n"
        )
        return EXIT_ERROR
    from dealer_assist.ui.app import run

    return run(
        config,
        screens=screens,
        kiosk=args.kiosk,
        size=args.size,
        language=args.lang,
        autoplay=args.autoplay,
        quit_after_first_frame=args.quit_after_first_frame,
        open_at_start=args.open_at_start,
        publish=getattr(args, "publish", None),
    )


def cmd_touchscreen(args: argparse.Namespace) -> int:
    screens = ("croupier", "scoreboard") if args.scoreboard else ("croupier",)
    return _run(args, screens)


def cmd_scoreboard(args: argparse.Namespace) -> int:
    return _run(args, ("scoreboard",))


def cmd_screenshot(args: argparse.Namespace) -> int:
    if not qt_available():
        sys.stderr.write(
            "dealer-assist: screenshots need PySide6: pip install 'dealer-assist[ui]'\n"
        )
        return EXIT_ERROR
    from dealer_assist.ui.screenshots import SCREENS, take_screenshots

    screens = tuple(args.screens or SCREENS)
    unknown = sorted(set(screens) - set(SCREENS))
    if unknown:
        raise DealerAssistError(f"no screen {', '.join(unknown)}: known {', '.join(SCREENS)}")
    written = take_screenshots(
        args.out,
        coups=args.coups,
        variant=args.variant,
        language=args.lang,
        size=args.size,
        seed=args.seed,
        screens=screens,
    )
    for path in written.values():
        sys.stdout.write(f"{path}\n")
    return EXIT_OK
