"""``dealer-assist vision ...`` and ``dealer-assist camera ...``: the camera's commands.

Registered by :mod:`dealer_assist.cli.app` through :func:`add_parser`. OpenCV is imported only
when one of these commands runs (it is the ``camera`` extra).

- ``vision detect IMAGE... [--json] [--layout CONFIG] [--annotate OUT_DIR]``: the cards in each
  image, one line per image.
- ``vision enroll DIR --out DECK``: learn the house's card design from one photograph of each
  card (``AS.jpg`` ... ``KC.jpg``); ``vision detect --deck DECK`` reads with it.
- ``camera calibrate (--image IMAGE | --source URL) [--layout CONFIG] [--corners ...] --out FILE``:
  the camera homography from the layout's ArUco markers (or four corners given by the operator),
  written with the layout as a TOML ``[camera]`` table: a layout file of its own, or the
  ``[camera]`` section of the table's configuration when ``--out`` is one (everything else in
  it is kept as it was).
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path
from typing import Any

from dealer_assist.cli.common import (
    EXIT_ERROR,
    EXIT_OK,
    existing_file,
    existing_folder,
    folder_for_output,
    new_file,
    number,
    writable_file,
)
from dealer_assist.errors import ConfigError

#: Images ``vision detect`` reads: each side at least this many pixels...
MIN_IMAGE_SIDE = 64
#: ... and at most this many, and a file no larger than this.
MAX_IMAGE_SIDE = 10_000
MAX_IMAGE_BYTES = 200 * 1024 * 1024


def add_parser(subparsers: Any) -> None:
    """Add the ``vision`` and ``camera`` commands to the ``dealer-assist`` parser."""
    vision = subparsers.add_parser("vision", help="read cards in camera images")
    vision_commands = vision.add_subparsers(dest="vision_command", metavar="COMMAND", required=True)
    detect = vision_commands.add_parser(
        "detect",
        help="find and read the cards in images",
        description="Find and read the cards in each image. One line per image; with --json "
        'a JSON object {"image": PATH, "cards": [{"card": "QH", "center": [x, y], "corners": '
        '[[x, y], ...], "confidence": 0.97}, ...]} in the image\'s pixel coordinates. A card '
        'read below the confidence threshold has "card": null, "uncertain": true and its '
        '"candidate".',
    )
    detect.add_argument("images", nargs="+", type=Path, metavar="IMAGE")
    detect.add_argument("--json", action="store_true", help="print one JSON object per image")
    detect.add_argument(
        "--layout",
        type=existing_file,
        metavar="CONFIG",
        help="a TOML file with a [camera] table (zones, calibration): adds each card's zone",
    )
    detect.add_argument(
        "--annotate",
        type=folder_for_output,
        metavar="OUT_DIR",
        help="write annotated images (IMAGE's name.annotated.png) into this folder, made if "
        "needed; a file already there of such a name is never overwritten: the command refuses",
    )
    detect.add_argument(
        "--threshold",
        type=number(0, 1),
        default=None,
        help="confidence threshold, 0 to 1 (default 0.98, the camera's)",
    )
    detect.add_argument(
        "--model", type=existing_file, help="a glyph model other than the built-in one"
    )
    detect.add_argument(
        "--deck",
        type=existing_file,
        metavar="DECK",
        help="the house's deck, enrolled with vision enroll: read that design surely",
    )
    detect.set_defaults(handler=cmd_vision_detect)
    enroll = vision_commands.add_parser(
        "enroll",
        help="learn the house's card design from a photograph of each card",
        description="Learn a card design from DIR: 52 photographs named by the card's code "
        "(AS.jpg ... KC.jpg, 10S or TS; JPEG, PNG, BMP or WebP), each one card lying face up "
        "anywhere in the camera's view, whole and without glare on it. A folder with a card "
        "missing or photographed twice, a file of another name, or a photograph in which the "
        "card cannot be read is refused, naming every such file; nothing is written then. "
        "vision detect --deck DECK and [camera] deck = DECK read the design.",
    )
    enroll.add_argument("folder", type=existing_folder, metavar="DIR")
    enroll.add_argument(
        "--out", type=new_file, required=True, metavar="DECK", help="the deck file to write (.npz)"
    )
    enroll.add_argument("--json", action="store_true", help="print the result as JSON")
    enroll.set_defaults(handler=cmd_vision_enroll)

    camera = subparsers.add_parser("camera", help="set up the overhead camera")
    camera_commands = camera.add_subparsers(dest="camera_command", metavar="COMMAND", required=True)
    calibrate = camera_commands.add_parser(
        "calibrate",
        help="map the layout's zones onto the camera image",
        description="Find the layout's ArUco markers in a frame (or take four corners from the "
        "operator) and write the layout with the camera homography to --out. Without --layout "
        "the layout is --out's own [camera] section if it has one, else the built-in Punto Banco "
        "layout (--banque: Banque's three zones). When --out is the table's configuration, only "
        "its [camera] section is written.",
    )
    source = calibrate.add_mutually_exclusive_group(required=True)
    source.add_argument("--image", type=existing_file, help="a frame saved from the camera")
    source.add_argument("--source", help="a camera to grab a frame from: 0, a file or a URL")
    calibrate.add_argument(
        "--layout", type=existing_file, metavar="CONFIG", help="the layout to calibrate"
    )
    calibrate.add_argument("--banque", action="store_true", help="start from the Banque layout")
    calibrate.add_argument(
        "--corners",
        metavar="X,Y X,Y X,Y X,Y",
        help="pixel positions of the card region's corners (top-left, top-right, bottom-right, "
        "bottom-left) when the layout has no markers",
    )
    calibrate.add_argument(
        "--out",
        type=writable_file,
        required=True,
        help="the TOML file to write: a layout file, or the table's configuration ([camera])",
    )
    calibrate.add_argument("--json", action="store_true", help="print the result as JSON")
    calibrate.set_defaults(handler=cmd_camera_calibrate)


def _layout_for(args: argparse.Namespace) -> Any:
    from dealer_assist.vision.layout import banque_layout, punto_banco_layout

    if getattr(args, "layout", None) is not None:
        return _load_layout(args.layout)
    if getattr(args, "banque", False):
        return banque_layout()
    out = getattr(args, "out", None)
    if out is not None and "camera" in _read_toml(out):
        return _load_layout(out)  # recalibrating: keep its zones and markers
    return punto_banco_layout()


def _load_layout(path: Path) -> Any:
    from dealer_assist.vision.layout import load_layout

    try:
        return load_layout(path)
    except UnicodeDecodeError:
        raise ConfigError(str(path), "", "not a layout: not UTF-8 text") from None


def _read_toml(path: Path) -> dict[str, Any]:
    """A TOML file's document; empty when the file does not exist yet."""
    from dealer_assist.errors import ConfigError

    if not path.exists():
        return {}
    try:
        return tomllib.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(str(path), "", f"cannot read: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(str(path), "", f"not valid TOML: {error}") from None


def cmd_vision_detect(args: argparse.Namespace) -> int:
    import cv2

    from dealer_assist.vision.annotate import annotate
    from dealer_assist.vision.calibration import homography_from_markers
    from dealer_assist.vision.classifier import GlyphModel
    from dealer_assist.vision.cores import one_core
    from dealer_assist.vision.pipeline import DEFAULT_THRESHOLD, CardDetector

    one_core()
    layout = _load_layout(args.layout) if args.layout is not None else None
    model = _model(args.model) if args.model is not None else GlyphModel.load()
    if args.deck is not None:
        model = _deck(args.deck, model)
    threshold = args.threshold if args.threshold is not None else DEFAULT_THRESHOLD
    status = EXIT_OK
    if args.annotate is not None:
        _check_annotations(args.annotate, args.images)
        args.annotate.mkdir(parents=True, exist_ok=True)
    for path in args.images:
        image, problem = _read_image(path)
        if image is None:
            status = EXIT_ERROR
            message = problem
            if args.json:
                sys.stdout.write(json.dumps({"image": str(path), "error": message}) + "\n")
            else:
                sys.stderr.write(message + "\n")
            continue
        frame_layout = layout
        if layout is not None and layout.homography is None:
            fix = homography_from_markers(image, layout)
            if fix is not None:
                frame_layout = layout.with_homography(fix.image_to_table)
        detector = CardDetector(layout=frame_layout, model=model, threshold=threshold)
        detections = detector.detect(image)
        if args.json:
            line = {"image": str(path), "cards": [d.to_json() for d in detections]}
            sys.stdout.write(json.dumps(line) + "\n")
        else:
            parts = []
            for d in detections:
                text = d.card.pretty if d.card is not None else "uncertain"
                if d.card is None and d.candidate is not None:
                    text += f" (looks like {d.candidate.pretty})"
                elif d.card is None:
                    text += " (a card whose index was not seen)"
                text += f" {d.confidence:.2f} at ({d.center[0]:.0f}, {d.center[1]:.0f})"
                if d.zone is not None:
                    text += f" {d.zone.value}"
                parts.append(text)
            sys.stdout.write(f"{path}: {'; '.join(parts) if parts else 'no cards'}\n")
        if args.annotate is not None:
            out = args.annotate / f"{path.stem}.annotated.png"
            cv2.imwrite(str(out), annotate(image, detections, frame_layout))
    return status


def _model(path: Path) -> Any:
    from dealer_assist.vision.classifier import GlyphModel

    try:
        return GlyphModel.load(path)
    except Exception as error:  # numpy reads any file: whatever it finds there is refused
        raise ConfigError(
            str(path), "--model", f"not a glyph model ({type(error).__name__}: {error})"
        ) from None


def _deck(path: Path, model: Any) -> Any:
    from dealer_assist.vision.enrol import EnrolledDeck

    return EnrolledDeck.load(path, base=model)


def cmd_vision_enroll(args: argparse.Namespace) -> int:
    import time

    from dealer_assist.vision.cores import one_core
    from dealer_assist.vision.enrol import enrol

    one_core()
    started = time.monotonic()
    deck = enrol(args.folder)  # an EnrolmentError (a ConfigError) names every file refused
    with args.out.open("xb") as out:  # never over a file made since the arguments were checked
        deck.save(out)
    seconds = time.monotonic() - started
    # What the check at enrolment found the deck mixes up (each photograph read with the
    # others): the deck does not make those readings surer unless its photographs agree clearly.
    confusions = deck.confusions(deck.network)
    # Which ranks' two suits of a colour the faces tell apart (the check of each pair's faces):
    # for the others the suit is the corner readers' alone.
    by_face = [f"{first.code}/{second.code}" for first, second in deck.faces.separated]
    if args.json:
        result = {
            "out": str(args.out),
            "cards": 52,
            "seconds": round(seconds, 1),
            "confusions": confusions,
            "suits_by_face": by_face,
        }
        sys.stdout.write(json.dumps(result) + "\n")
    else:
        mixed = (
            f"; told apart only with a clear margin: {', '.join(confusions)}" if confusions else ""
        )
        sys.stdout.write(
            f"enrolled 52 cards from {args.folder} in {seconds:.0f} s ({deck.info}{mixed}; "
            f"the faces tell the suits apart for {len(by_face)} of 26 ranks and colours); "
            f"wrote {args.out}\n"
        )
    return EXIT_OK


def _check_annotations(folder: Path, images: list[Path]) -> None:
    """Refuse, before reading any image, to overwrite a file or to write one name twice."""
    names: dict[str, Path] = {}
    for image in images:
        name = f"{image.stem}.annotated.png"
        if name in names:
            raise ConfigError(
                "--annotate", "", f"{names[name]} and {image} would both be annotated as {name}"
            )
        names[name] = image
        if (folder / name).exists() or (folder / name).is_symlink():
            raise ConfigError(
                "--annotate",
                "",
                f"{folder / name} exists: it is not overwritten; remove it or choose another "
                "folder",
            )


def _read_image(path: Path) -> tuple[Any, str]:
    """The image at ``path`` (or None) and, when None, why."""
    import cv2

    try:
        size = path.stat().st_size
    except OSError as error:
        return None, f"cannot read {path} as an image: {error.strerror or error}"
    if not path.is_file():
        return None, f"cannot read {path} as an image: not a file"
    if size > MAX_IMAGE_BYTES:
        return None, f"{path}: {size} bytes; an image file is at most {MAX_IMAGE_BYTES}"
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        return None, f"cannot read {path} as an image"
    height, width = image.shape[:2]
    if min(height, width) < MIN_IMAGE_SIDE or max(height, width) > MAX_IMAGE_SIDE:
        return None, (
            f"{path}: {width}x{height} pixels; an image is {MIN_IMAGE_SIDE} to "
            f"{MAX_IMAGE_SIDE} pixels on each side"
        )
    return image, ""


def _parse_corners(text: str) -> list[tuple[float, float]]:
    points = []
    for part in text.replace(";", " ").split():
        x, _, y = part.partition(",")
        try:
            points.append((float(x), float(y)))
        except ValueError:
            raise ValueError(f"{part!r} is not X,Y") from None
    if len(points) != 4:
        raise ValueError("give four corners: X,Y X,Y X,Y X,Y")
    return points


def _grab(source: str) -> Any:
    import cv2

    target: int | str = int(source) if source.isdigit() else source
    capture = cv2.VideoCapture(target)
    try:
        if not capture.isOpened():
            return None
        for _ in range(5):  # let the exposure settle on a live camera
            ok, image = capture.read()
            if ok and not source.isdigit():
                return image
        return image if ok else None
    finally:
        capture.release()


def cmd_camera_calibrate(args: argparse.Namespace) -> int:

    from dealer_assist.errors import ConfigError
    from dealer_assist.vision.calibration import homography_from_corners, homography_from_markers
    from dealer_assist.vision.camera_section import with_camera_section
    from dealer_assist.vision.layout import layout_to_toml

    try:
        layout = _layout_for(args)
    except ConfigError as error:
        sys.stderr.write(f"{error}\n")
        return EXIT_ERROR
    if args.image is not None:
        image, problem = _read_image(args.image)
        where = str(args.image)
        if image is None:
            sys.stderr.write(f"{problem}\n")
            return EXIT_ERROR
    else:
        image = _grab(args.source)
        where = args.source
    if image is None:
        sys.stderr.write(f"cannot get a frame from {where}\n")
        return EXIT_ERROR
    result: dict[str, Any] = {"out": str(args.out)}
    if args.corners:
        try:
            matrix = homography_from_corners(_parse_corners(args.corners), layout)
        except ValueError as error:
            sys.stderr.write(f"--corners: {error}\n")
            return EXIT_ERROR
        result["method"] = "corners"
    else:
        fix = homography_from_markers(image, layout)
        if fix is None:
            wanted = ", ".join(str(m.id) for m in layout.markers) or "none in the layout"
            sys.stderr.write(
                f"fewer than two of the layout's markers ({wanted}) were found in {where}; "
                "check the lighting and that the markers are in view, or give --corners\n"
            )
            return EXIT_ERROR
        matrix = fix.image_to_table
        result.update(
            method="markers", markers=list(fix.marker_ids), error_mm=round(fix.error_mm, 2)
        )
    calibrated = layout.with_homography(matrix)
    text = layout_to_toml(calibrated)
    try:
        existing = _read_toml(args.out)
        if set(existing) - {"camera"}:  # the table's configuration: write only its [camera]
            text = with_camera_section(args.out.read_text("utf-8"), text, where=str(args.out))
            result["section"] = "camera"
    except (ConfigError, ValueError) as error:
        sys.stderr.write(f"{error}\n")
        return EXIT_ERROR
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, "utf-8")
    if args.json:
        sys.stdout.write(json.dumps(result) + "\n")
    else:
        how = (
            f"from markers {', '.join(map(str, result['markers']))} "
            f"(agreement {result['error_mm']} mm)"
            if result["method"] == "markers"
            else "from the four corners given"
        )
        what = f"the [camera] section of {args.out}" if "section" in result else str(args.out)
        sys.stdout.write(f"calibrated {how}; wrote {what}\n")
    return EXIT_OK
