"""``camera://``: an overhead camera as a card source.

URLs:

- ``camera://0`` - a V4L2 device (``/dev/video0``);
- ``camera:///path/to/coup.avi`` or ``camera:///path/to/frames/f%03d.png`` - a video file or an
  image sequence (played as fast as it is processed, every frame, unless ``realtime=1``);
- ``camera:http://host:8080/video.mjpg`` or ``camera:rtsp://host/stream`` - a network camera.

Options (after ``?``): ``layout=PATH`` (a TOML file with a ``[camera]`` table: zones, card size,
markers, calibration; see :mod:`dealer_assist.vision.layout`), ``threshold=0.98`` (confidence
below which a card is reported uncertain), ``fps=30`` (frame rate assumed for files),
``realtime=1`` (pace files at ``fps``), ``recalibrate=5`` (seconds between marker checks, 0 to
turn off), ``reconnect=1`` (seconds between attempts to reopen a lost camera), ``model=PATH``,
``unread=1.5`` (seconds a card shape whose index never reads must lie still before it is reported
as a card to key in; 0 turns it off), ``colours=standard|any`` (``standard``: hearts are red and
spades black, so the ink's colour rules suits out; ``any`` for a novelty deck that colours its
suits otherwise), ``middle=pips|off`` (``pips``: pips in a card's middle rule out a court card;
``off`` for a deck whose number cards carry pictures), ``role=witness|deal`` (read by the
table's configuration: a camera beside a shoe witnesses, alone it deals; see docs/vision.md).

Two threads: capture reads frames and hands each *whole* frame over under a lock (a live camera
only ever hands over the newest frame: falling behind drops frames, not time); processing finds
and reads the cards, tracks them (:class:`~dealer_assist.vision.tracker.CardTracker`) and emits
one :class:`CardRead` per card landed, with ``hand`` set from the layout's zones. A camera that
stops delivering frames is reported ``LOST`` and reopened until it comes back.

A card whose index never reads at all (glare over both corners, a stain, a foreign card) is not a
card to the tracker, which starts tracks only from read indices. :class:`UnreadCards` watches
those card shapes: one that lies still for ``unread`` seconds is reported as
``CardRead(card=None)`` in its place in the dealing order (later cards wait for it), so the table
asks the croupier to key it in instead of waiting for ever.
"""

from __future__ import annotations

import json
import logging
import math
import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, cast

import cv2
import numpy as np

from dealer_assist.drivers.base import (
    CardRead,
    CardSource,
    DeviceFault,
    SourceStatus,
    SourceUrl,
    StatusChanged,
    UrlOptionList,
    choice_option,
    flag_option,
    number_option,
    text_option,
)
from dealer_assist.errors import DeviceNotAvailableError
from dealer_assist.rules.coup import Hand
from dealer_assist.vision.calibration import homography_from_markers, homography_shift_mm
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.layout import Layout, load_layout, parse_layout
from dealer_assist.vision.pipeline import DEFAULT_THRESHOLD, CardDetector, FrameAnalysis
from dealer_assist.vision.tracker import CardLanded, CardTracker, TrackerSettings

log = logging.getLogger(__name__)

MOVED_MM = 3.0  # a recalibration that moves the cloth more than this is reported
UNREAD_AFTER_S = 1.5  # a card shape lying still this long without an index: ask the croupier
BLOCK_AFTER_FRAMES = 3  # ... and once still this many frames, later cards wait for it
PACE_WINDOW_FRAMES = 150  # a live camera's frames (5 s at 30 fps) judged together for the pace
SLOW_SHARE = 0.25  # dropped unread above this share of a window: processing is falling behind
KEPT_UP_SHARE = 0.05  # ... and back at or below this share: it keeps up again
TIMINGS_KEPT = 300  # the latest frames' processing times kept (a bounded record, not a log)


@dataclass(slots=True)
class UnreadShape:
    """A card shape on the layout whose index has not read (yet)."""

    center: tuple[float, float]
    width: float
    first_seen: float
    still_since: float
    last_seen: float
    still_frames: int = 1


class UnreadCards:
    """Card shapes whose index never reads: the cards the tracker cannot see.

    Pure logic, like the tracker: the caller passes each frame's unread shapes, where readable
    cards are, and the frame time. A shape near a readable card (this frame's detections, or a
    card already landed: its index is only covered for a moment) is not an unread card. A shape
    that lies still for ``after_s`` is *due*: reported once, and remembered as a card landed.
    """

    def __init__(self, *, after_s: float, settings: TrackerSettings) -> None:
        self.after_s = after_s
        self.settings = settings
        self.shapes: list[UnreadShape] = []
        self.reported: list[UnreadShape] = []  # due already: never reported twice

    def reset(self) -> None:
        """The layout was cleared."""
        self.shapes.clear()
        self.reported.clear()

    def update(
        self,
        shapes: Sequence[tuple[tuple[float, float], float]],
        *,
        readable: Sequence[tuple[float, float]],
        now: float,
    ) -> list[UnreadShape]:
        """``shapes``: (centre, width in pixels) of this frame's unread card shapes;
        ``readable``: centres of cards that read or have landed. Returns the shapes due."""
        s = self.settings
        if self.after_s <= 0:
            return []
        taken: set[int] = set()
        known = [*readable, *(shape.center for shape in self.reported)]
        for center, width in shapes:
            if any(math.dist(center, c) <= s.match_share * width for c in known):
                continue
            best = None
            for index, shape in enumerate(self.shapes):
                distance = math.dist(shape.center, center)
                near = index not in taken and distance <= s.match_share * max(shape.width, 1.0)
                if near and (best is None or distance < best[0]):
                    best = (distance, index)
            if best is None:
                self.shapes.append(UnreadShape(center, width, now, now, now))
                taken.add(len(self.shapes) - 1)
                continue
            distance, index = best
            taken.add(index)
            shape = self.shapes[index]
            if distance <= s.still_share * max(shape.width, 1.0):
                shape.still_frames += 1
            else:
                shape.still_since, shape.still_frames = now, 1
            shape.center, shape.width, shape.last_seen = center, width, now
        # A shape a readable card now covers was that card; one not seen for a while has gone.
        self.shapes = [
            shape
            for shape in self.shapes
            if now - shape.last_seen <= s.forget_unconfirmed_s
            and not any(
                math.dist(shape.center, c) <= s.match_share * max(shape.width, 1.0)
                for c in readable
            )
        ]
        due = [
            shape
            for shape in self.shapes
            if shape.last_seen == now and now - shape.still_since >= self.after_s
        ]
        self.shapes = [shape for shape in self.shapes if shape not in due]
        self.reported += due
        return due

    def waiting_since(self) -> float | None:
        """When the earliest shape that looks like a card landing first appeared: cards that
        appeared after it wait, to keep the dealing order."""
        times = [s.first_seen for s in self.shapes if s.still_frames >= BLOCK_AFTER_FRAMES]
        return min(times) if times else None


@dataclass(frozen=True, slots=True)
class Frame:
    image: np.ndarray
    time: float  # seconds: monotonic clock for live cameras, frame index / fps for files
    number: int


class FrameSlot:
    """One frame handed from capture to processing, under a lock.

    ``put`` replaces an unread frame (live cameras: the newest wins) unless ``wait`` is set, in
    which case it waits until processing has taken the previous one (files: every frame).
    """

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._frame: Frame | None = None
        self._closed = False
        self.dropped = 0

    def put(self, frame: Frame, *, wait: bool, stopped: threading.Event) -> None:
        with self._condition:
            if wait:
                self._condition.wait_for(lambda: self._frame is None or stopped.is_set())
            if self._frame is not None:
                self.dropped += 1
            self._frame = frame
            self._condition.notify_all()

    def take(self, stopped: threading.Event) -> Frame | None:
        with self._condition:
            self._condition.wait_for(
                lambda: self._frame is not None or self._closed or stopped.is_set()
            )
            frame, self._frame = self._frame, None
            self._condition.notify_all()
            return frame

    def close(self) -> None:
        with self._condition:
            self._closed = True
            self._condition.notify_all()


@dataclass(frozen=True, slots=True)
class PaceVerdict:
    slow: bool  # True: processing fell behind; False: it keeps up again
    processed_per_s: float
    delivered_per_s: float

    def describe(self) -> str:
        rates = f"{self.processed_per_s:.0f} of {self.delivered_per_s:.0f} frames a second"
        if self.slow:
            return (
                f"processing {rates}; cards are still read, later (the newest frame is taken, "
                "the others dropped): the computer is too busy or too slow for this camera"
            )
        return f"keeping up with the camera again ({rates})"


class PaceWatch:
    """Whether processing keeps up with a live camera.

    A live camera's slot keeps only the newest frame, so a computer too slow for the camera
    loses no time but drops frames, and every card is confirmed later. Over each window of
    ``window`` delivered frames (processed plus dropped) the share dropped is judged: above
    ``slow`` the watch reports that processing fell behind, and once it has, at or below
    ``kept_up`` that it keeps up again. Each change is reported once; a steady state is quiet.
    """

    def __init__(
        self,
        window: int = PACE_WINDOW_FRAMES,
        slow: float = SLOW_SHARE,
        kept_up: float = KEPT_UP_SHARE,
    ) -> None:
        if window < 1 or not 0 <= kept_up < slow <= 1:
            raise ValueError("a pace window of at least one frame, and 0 <= kept_up < slow <= 1")
        self.window = window
        self.slow_share = slow
        self.kept_up_share = kept_up
        self.behind = False
        self._start: tuple[int, int, float] | None = None

    def update(self, processed: int, dropped: int, now: float) -> PaceVerdict | None:
        """Take the running counts (frames processed, frames dropped unread) at time ``now``
        (seconds); return a verdict when the pace changed at the end of a window."""
        if self._start is None:
            self._start = (processed, dropped, now)
            return None
        done = processed - self._start[0]
        lost = dropped - self._start[1]
        delivered = done + lost
        if delivered < self.window:
            return None
        seconds = now - self._start[2]
        self._start = (processed, dropped, now)
        share = lost / delivered
        if self.behind and share <= self.kept_up_share:
            self.behind = False
        elif not self.behind and share > self.slow_share:
            self.behind = True
        else:
            return None
        scale = 1 / seconds if seconds > 0 else 0.0
        return PaceVerdict(self.behind, done * scale, delivered * scale)


def _near(
    center: tuple[float, float],
    other: tuple[float, float],
    corners: Sequence[tuple[float, float]],
) -> bool:
    width = min(
        (math.dist(corners[i], corners[(i + 1) % len(corners)]) for i in range(len(corners))),
        default=0.0,
    )
    return math.dist(center, other) <= 0.6 * max(width, 1.0)


def _shape_sizes(analysis: FrameAnalysis) -> list[tuple[tuple[float, float], float]]:
    """The unread card shapes of a frame with their widths (the short side of their quad)."""
    sizes = []
    for shape in analysis.unread_cards:
        corners = shape.corners
        sides = [
            math.dist(corners[i], corners[(i + 1) % len(corners)]) for i in range(len(corners))
        ]
        sizes.append((shape.center, min(sides, default=0.0)))
    return sizes


LAYOUT = text_option("layout")
MODEL = text_option("model")
THRESHOLD = number_option("threshold", default=DEFAULT_THRESHOLD, minimum=0.0, maximum=1.0)
FPS = number_option("fps", default=30.0, minimum=0.1, maximum=1000.0, unit="frames a second")
REALTIME = flag_option("realtime")
RECALIBRATE = number_option("recalibrate", default=5.0, minimum=0.0, maximum=3600.0, unit="seconds")
RECONNECT = number_option("reconnect", default=1.0, minimum=0.01, maximum=3600.0, unit="seconds")
UNREAD = number_option(
    "unread", default=UNREAD_AFTER_S, minimum=0.0, maximum=3600.0, unit="seconds"
)
COLOURS = choice_option("colours", ("standard", "any"), default="standard")
MIDDLE = choice_option("middle", ("pips", "off"), default="pips")
READERS = ("corners-check", "corners-unsure", "glyphs")
"""``reader=``: the corner network with the glyph reader checking it (``corners-check``, the
default; what reads a jumbo-index deck), or reading only what the network is unsure of
(``corners-unsure``), or the glyph reader alone (``glyphs``, the reader before issue 28). See
docs/vision.md."""
READER = choice_option("reader", READERS, default="corners-check")
ROLE = choice_option("role", ("deal", "witness"), default="")
"""The table's business (:func:`dealer_assist.config.source_role`), checked here all the same."""


class CameraSource(CardSource):
    """An overhead camera: cards found, read and tracked on the layout."""

    OPTIONS: ClassVar[UrlOptionList] = (
        LAYOUT,
        THRESHOLD,
        FPS,
        REALTIME,
        RECALIBRATE,
        RECONNECT,
        MODEL,
        UNREAD,
        READER,
        COLOURS,
        MIDDLE,
        ROLE,
    )

    def __init__(
        self,
        *,
        name: str,
        target: str,
        layout: Layout | None = None,
        threshold: float = DEFAULT_THRESHOLD,
        fps: float = 30.0,
        realtime: bool = False,
        recalibrate_s: float = 5.0,
        reconnect_s: float = 1.0,
        model: GlyphModel | None = None,
        tracker: CardTracker | None = None,
        unread_after_s: float = UNREAD_AFTER_S,
        reader: str = "corners-check",
        standard_colours: bool = True,
        read_middles: bool = True,
    ) -> None:
        super().__init__(name=name)
        if reader not in READERS:
            raise ValueError(f"{name}: reader must be one of {', '.join(READERS)}")
        if not target:
            raise ValueError(
                f"{name}: name the camera, e.g. camera://0 or camera:///path/video.avi"
            )
        self.target = target
        self.layout = layout
        self.fps = fps
        self.realtime = realtime
        self.recalibrate_s = recalibrate_s
        self.reconnect_s = reconnect_s
        self.detector = CardDetector(
            layout=layout,
            model=model,
            threshold=threshold,
            use_corner_model=reader != "glyphs",
            combine="unsure" if reader == "corners-unsure" else "check",
            standard_colours=standard_colours,
            read_middles=read_middles,
        )
        self.tracker = tracker if tracker is not None else CardTracker()
        self.unread = UnreadCards(after_s=unread_after_s, settings=self.tracker.settings)
        self._waiting: list[CardLanded] = []  # landed, waiting for an earlier unread card
        self._on_layout: list[tuple[float, float]] = []  # centres of the cards reported
        self._layout_order = 0
        self._empty_since: float | None = None
        self.live = target.isdigit() or "://" in target
        self._slot = FrameSlot()
        self._threads: list[threading.Thread] = []
        self._capture: cv2.VideoCapture | None = None
        self._last_marker_check = -1e9
        self.ended = threading.Event()  # a file or image sequence has been played to its end
        self.frames_processed = 0
        self.processing_seconds: deque[float] = deque(maxlen=TIMINGS_KEPT)
        self.pace = PaceWatch()
        self.landed: list[CardLanded] = []

    @classmethod
    def from_url(cls, url: SourceUrl) -> CameraSource:
        options = url.check(cls.OPTIONS)
        layout_path, model_path = options[LAYOUT], options[MODEL]
        return cls(
            name=url.redacted(),
            target=url.target,
            layout=load_layout(Path(layout_path)) if layout_path else None,
            threshold=options[THRESHOLD],
            fps=options[FPS],
            realtime=options[REALTIME],
            recalibrate_s=options[RECALIBRATE],
            reconnect_s=options[RECONNECT],
            model=GlyphModel.load(Path(model_path)) if model_path else None,
            unread_after_s=options[UNREAD],
            reader=options[READER],
            standard_colours=options[COLOURS] == "standard",
            read_middles=options[MIDDLE] == "pips",
        )

    def use_deck(self, path: Path) -> None:
        """Read the house's deck enrolled in ``path`` (``vision enroll``; the configuration's
        ``[camera] deck``), with the glyph model this camera reads with (before ``start``). A
        :class:`ConfigError` says what is wrong with a file that is not a deck."""
        from dealer_assist.vision.enrol import EnrolledDeck

        deck = EnrolledDeck.load(path, base=self.detector.model)
        # The deck answers as a glyph model does (rank_probabilities, suit_probabilities).
        self.detector.use_model(cast(GlyphModel, deck))

    def use_layout_document(self, document: Mapping[str, Any], *, source: str) -> None:
        """Take the layout from a configuration's ``[camera]`` section (before ``start``)."""
        self.layout = parse_layout(document, source=source)
        self.detector.layout = self.layout

    # --- capture -------------------------------------------------------------------------------

    def _open(self) -> cv2.VideoCapture | None:
        source: int | str = int(self.target) if self.target.isdigit() else self.target
        if isinstance(source, int):
            capture = cv2.VideoCapture(source, cv2.CAP_V4L2)
        else:
            capture = cv2.VideoCapture(source)
        if not capture.isOpened():
            capture.release()
            return None
        return capture

    def _start(self) -> None:
        self.emit(StatusChanged(source=self.name, status=SourceStatus.CONNECTING))
        capture = self._open()
        if capture is None and not self.live:
            raise DeviceNotAvailableError(f"{self.name}: cannot open {self.target}")
        self._capture = capture
        for target, label in ((self._capture_loop, "capture"), (self._process_loop, "process")):
            thread = threading.Thread(target=target, name=f"{label} {self.name}", daemon=True)
            self._threads.append(thread)
            thread.start()

    def _capture_loop(self) -> None:
        number = 0
        started = time.monotonic()
        capture = self._capture
        connected = False
        while not self.stopped:
            if capture is None:
                if connected:
                    connected = False
                if self._stopped.wait(self.reconnect_s):
                    break
                self.emit(StatusChanged(source=self.name, status=SourceStatus.RECOVERING))
                capture = self._open()
                continue
            if not connected:
                connected = True
                self.emit(StatusChanged(source=self.name, status=SourceStatus.CONNECTED))
            ok, image = capture.read()
            if not ok or image is None:
                capture.release()
                capture = None
                if not self.live:
                    break  # the end of a file: nothing to reconnect to
                self.emit(
                    StatusChanged(
                        source=self.name,
                        status=SourceStatus.LOST,
                        detail="no frames from the camera; reconnecting",
                    )
                )
                continue
            if self.live:
                stamp = time.monotonic()
            else:
                stamp = number / self.fps
                if self.realtime:
                    delay = started + stamp - time.monotonic()
                    if delay > 0 and self._stopped.wait(delay):
                        break
            self._slot.put(Frame(image, stamp, number), wait=not self.live, stopped=self._stopped)
            number += 1
        if capture is not None:
            capture.release()
        self._slot.close()

    # --- processing ----------------------------------------------------------------------------

    def _process_loop(self) -> None:
        one_core()
        while not self.stopped:
            frame = self._slot.take(self._stopped)
            if frame is None:
                break
            self.process(frame)
            if self.live:
                self._judge_pace(frame)
        if not self.stopped:
            self.ended.set()
            self.emit(
                StatusChanged(
                    source=self.name, status=SourceStatus.CLOSED, detail="end of the recording"
                )
            )

    def _judge_pace(self, frame: Frame) -> None:
        verdict = self.pace.update(self.frames_processed, self._slot.dropped, frame.time)
        if verdict is None:
            return
        text = verdict.describe()
        if verdict.slow:
            log.warning("%s: %s", self.name, text)
            self.emit(DeviceFault(source=self.name, code="camera_slow", message=text))
        else:
            log.info("%s: %s", self.name, text)
            self.emit(StatusChanged(source=self.name, status=SourceStatus.CONNECTED, detail=text))

    def process(self, frame: Frame) -> list[CardLanded]:
        """Analyse one frame and emit the cards that landed (also usable without threads).

        Returns the cards reported this frame, in dealing order (``card`` None: a card shape
        whose index never read)."""
        started = time.perf_counter()
        self._maybe_recalibrate(frame)
        analysis = self.detector.analyse(frame.image)
        self._note_clear(analysis, frame.time)
        landed = self.tracker.update(
            analysis.detections,
            now=frame.time,
            foreground=analysis.foreground,
            shapes=analysis.unread,
        )
        readable = [d.center for d in analysis.detections] + self._on_layout
        due = self.unread.update(_shape_sizes(analysis), readable=readable, now=frame.time)
        reported = self._in_order(landed, due, frame.time)
        self.processing_seconds.append(time.perf_counter() - started)
        self.frames_processed += 1
        for card in reported:
            self.landed.append(card)
            self.emit(self._card_read(card))
        return reported

    def _note_clear(self, analysis: FrameAnalysis, now: float) -> None:
        """The layout cleared (the coup's cards collected), as the tracker sees it: count the
        cards from 1 again."""
        settings = self.tracker.settings
        empty = not analysis.detections and not analysis.unread
        if empty and analysis.foreground <= settings.clear_foreground:
            if self._empty_since is None:
                self._empty_since = now
            elif now - self._empty_since >= settings.clear_after_s and self._on_layout:
                self._on_layout.clear()
                self._layout_order = 0
                self.unread.reset()
                self._empty_since = now
        else:
            self._empty_since = None

    def _in_order(
        self, landed: Sequence[CardLanded], due: Sequence[UnreadShape], now: float
    ) -> list[CardLanded]:
        """Cards the tracker confirmed and unread cards that are due, in the order they first
        appeared; a card waits while an unread shape that appeared before it may yet be one."""
        for card in landed:
            if any(_near(card.center, c, card.corners) for c in self._on_layout):
                continue  # an unread card reported already, which now reads: the same card
            self._waiting.append(card)
        for shape in due:
            self._waiting.append(self._unread_card(shape, now))
        limit = self.unread.waiting_since()
        ready = [c for c in self._waiting if limit is None or c.first_seen < limit]
        ready.sort(key=lambda c: c.first_seen)
        self._waiting = [c for c in self._waiting if c not in ready]
        out = []
        for card in ready:
            self._layout_order += 1
            self._on_layout.append(card.center)
            out.append(
                CardLanded(
                    card=card.card,
                    candidate=card.candidate,
                    confidence=card.confidence,
                    zone=card.zone,
                    order=self._layout_order,
                    center=card.center,
                    corners=card.corners,
                    first_seen=card.first_seen,
                    confirmed_at=card.confirmed_at,
                )
            )
        return out

    def _unread_card(self, shape: UnreadShape, now: float) -> CardLanded:
        layout = self.detector.layout
        zone: Hand | None = layout.zone_of_pixel(shape.center) if layout is not None else None
        return CardLanded(
            card=None,
            candidate=None,
            confidence=0.0,
            zone=zone,
            order=0,
            center=shape.center,
            corners=(),
            first_seen=shape.first_seen,
            confirmed_at=now,
        )

    def _card_read(self, landed: CardLanded) -> CardRead:
        raw = {
            "order": landed.order,
            "center": [round(v, 1) for v in landed.center],
            "corners": [[round(x, 1), round(y, 1)] for x, y in landed.corners],
            "candidate": landed.candidate.code if landed.candidate is not None else None,
            "first_seen": round(landed.first_seen, 3),
            "confirmed_at": round(landed.confirmed_at, 3),
        }
        if landed.card is None and not landed.corners:
            raw["unread"] = True
            where = f"on {landed.zone.value}" if landed.zone is not None else "outside the hands"
            detail = (
                f"a card landed {where} but its index could not be read "
                f"(card {landed.order} of the coup): key it in"
            )
        elif landed.card is None:
            guess = landed.candidate.code if landed.candidate is not None else "nothing"
            detail = f"uncertain read (looks like {guess}): confirm the card"
        else:
            detail = f"card {landed.order} of the coup"
        return CardRead(
            source=self.name,
            card=landed.card,
            raw=json.dumps(raw, separators=(",", ":")).encode(),
            hand=landed.zone,
            confidence=round(landed.confidence, 4),
            detail=detail,
        )

    def _maybe_recalibrate(self, frame: Frame) -> None:
        layout = self.detector.layout
        if layout is None or not layout.markers or self.recalibrate_s <= 0:
            return
        if frame.time - self._last_marker_check < self.recalibrate_s:
            return
        self._last_marker_check = frame.time
        fix = homography_from_markers(frame.image, layout)
        if fix is None:
            return
        current = layout.homography
        if current is not None:
            shift = homography_shift_mm(current, fix.image_to_table, layout)
            if shift < 0.5:
                return
            if shift > MOVED_MM:
                self.emit(
                    DeviceFault(
                        source=self.name,
                        code="camera_moved",
                        message=f"the camera moved ({shift:.0f} mm on the cloth); "
                        "recalibrated from the layout's markers",
                    )
                )
        self.detector.layout = layout.with_homography(fix.image_to_table)

    def _stop(self) -> None:
        self._slot.close()
        for thread in self._threads:
            if thread is not threading.current_thread():
                thread.join(timeout=5)
