"""``camera://``: a coup dealt on video comes out as card reads, in order, into the right hands."""

from __future__ import annotations

import http.server
import json
import socketserver
import threading
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.drivers.base import (
    CardRead,
    DeviceFault,
    SourceEvent,
    SourceStatus,
    SourceUrl,
    StatusChanged,
)
from dealer_assist.drivers.camera import CameraSource, Frame, FrameSlot, PaceWatch
from dealer_assist.drivers.registry import open_source
from dealer_assist.vision.layout import layout_to_toml
from dealer_assist.vision.synthetic import DealVideo, deal_video

TIMEOUT = 60.0


class Events:
    """Thread-safe collection of what a source emitted, with waiting (no sleeps)."""

    def __init__(self) -> None:
        self.items: list[SourceEvent] = []
        self._condition = threading.Condition()

    def __call__(self, event: SourceEvent) -> None:
        with self._condition:
            self.items.append(event)
            self._condition.notify_all()

    def wait_for(self, predicate: object, timeout: float = TIMEOUT) -> bool:
        assert callable(predicate)
        with self._condition:
            return self._condition.wait_for(lambda: predicate(self.items), timeout)

    def statuses(self) -> list[SourceStatus]:
        return [e.status for e in self.items if isinstance(e, StatusChanged)]

    def reads(self) -> list[CardRead]:
        return [e for e in self.items if isinstance(e, CardRead)]


@pytest.fixture(scope="module")
def video(building_faces: dict[Card, np.ndarray]) -> DealVideo:
    return deal_video(11, building_faces, slide_frames=2, rest_frames=5)


@pytest.fixture(scope="module")
def layout_file(video: DealVideo, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("layout") / "layout.toml"
    path.write_text(layout_to_toml(video.calibrated_layout), "utf-8")
    return path


def check_coup(reads: list[CardRead], video: DealVideo) -> None:
    assert [r.card for r in reads] == [d.card for d in video.dealt]
    assert [r.hand for r in reads] == [d.hand for d in video.dealt]
    assert all(r.confidence is not None and r.confidence >= 0.9 for r in reads)


def test_an_image_sequence_of_a_coup(video: DealVideo, layout_file: Path, tmp_path: Path) -> None:
    for number, image in enumerate(video.frames):
        cv2.imwrite(str(tmp_path / f"f{number:03d}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    events = Events()
    source = open_source(f"camera://{tmp_path}/f%03d.jpg?layout={layout_file}")
    assert isinstance(source, CameraSource)
    with source:
        source.start(events)
        assert source.ended.wait(TIMEOUT)
    assert source.frames_processed == len(video.frames)
    check_coup(events.reads(), video)
    assert events.statuses()[:2] == [SourceStatus.CONNECTING, SourceStatus.CONNECTED]
    assert events.statuses()[-1] is SourceStatus.CLOSED


def test_a_video_file_of_a_coup(video: DealVideo, layout_file: Path, tmp_path: Path) -> None:
    path = tmp_path / "coup.avi"
    height, width = video.frames[0].shape[:2]
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), video.fps, (width, height))
    for image in video.frames:
        writer.write(image)
    writer.release()
    events = Events()
    source = CameraSource.from_url(
        SourceUrl.parse(f"camera://{path}?layout={layout_file}&threshold=0.9")
    )
    with source:
        source.start(events)
        assert source.ended.wait(TIMEOUT)
    check_coup(events.reads(), video)
    # Each card event says which card of the coup it is, where it lay, and when.
    raw = [json.loads(r.raw) for r in events.reads()]
    assert [r["order"] for r in raw] == list(range(1, len(video.dealt) + 1))


def test_processing_without_threads_is_the_same(video: DealVideo) -> None:
    source = CameraSource(name="offline", target="x.avi", layout=video.calibrated_layout)
    landed = []
    for number, image in enumerate(video.frames):
        landed += source.process(Frame(image, number / video.fps, number))
    assert [c.card for c in landed] == [d.card for d in video.dealt]
    # Card placed -> confirmed within 300 ms of video time.
    for card, dealt in zip(landed, video.dealt, strict=True):
        assert card.confirmed_at - dealt.placed_frame / video.fps <= 0.3


def test_a_knocked_camera_recalibrates_from_the_markers(video: DealVideo) -> None:
    # The stored calibration is 20 px off (the camera was knocked since).
    true = video.calibrated_layout
    assert true.homography is not None
    shift = np.array([[1, 0, 20], [0, 1, 0], [0, 0, 1]], np.float64)
    knocked = true.with_homography(true.homography @ shift)
    events = Events()
    source = CameraSource(name="knock", target="x.avi", layout=knocked)
    source._emit = events
    source.process(Frame(video.frames[0], 0.0, 0))
    faults = [e for e in events.items if isinstance(e, DeviceFault)]
    assert [f.code for f in faults] == ["camera_moved"]
    fixed = source.detector.layout
    assert fixed is not None and fixed.homography is not None
    corner = np.array([300.0, 200.0, 1.0])
    a, b = fixed.homography @ corner, true.homography @ corner
    assert np.hypot(*(a[:2] / a[2] - b[:2] / b[2])) < 3.0  # millimetres


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown option 'zoom'"):
        CameraSource.from_url(SourceUrl.parse("camera://0?zoom=2"))
    with pytest.raises(ValueError, match="threshold"):
        CameraSource.from_url(SourceUrl.parse("camera://0?threshold=high"))
    with pytest.raises(
        ValueError, match="reader must be one of corners-check, corners-unsure, glyphs"
    ):
        CameraSource.from_url(SourceUrl.parse("camera://0?reader=magic"))
    with pytest.raises(ValueError, match="colours must be standard or any"):
        CameraSource.from_url(SourceUrl.parse("camera://0?colours=pastel"))
    with pytest.raises(ValueError, match="middle must be pips or off"):
        CameraSource.from_url(SourceUrl.parse("camera://0?middle=maybe"))
    assert not CameraSource.from_url(SourceUrl.parse("camera://0?middle=off")).detector.read_middles


def test_the_suit_colours_are_chosen_in_the_url() -> None:
    assert CameraSource.from_url(SourceUrl.parse("camera://0")).detector.standard_colours
    novelty = CameraSource.from_url(SourceUrl.parse("camera://0?colours=any"))
    assert not novelty.detector.standard_colours


@pytest.mark.parametrize(
    ("reader", "network", "combine"),
    [
        ("glyphs", False, "check"),
        ("corners-check", True, "check"),
        ("corners-unsure", True, "unsure"),
    ],
)
def test_the_reader_is_chosen_in_the_url(reader: str, network: bool, combine: str) -> None:
    source = CameraSource.from_url(SourceUrl.parse(f"camera://0?reader={reader}"))
    assert source.detector.use_corner_model is network
    assert source.detector.combine == combine


def test_the_corner_network_checked_by_the_glyphs_is_the_default_reader() -> None:
    source = CameraSource.from_url(SourceUrl.parse("camera://0"))
    assert source.detector.use_corner_model and source.detector.combine == "check"


def test_the_frame_slot_hands_whole_frames_over() -> None:
    stopped = threading.Event()
    slot = FrameSlot()
    frames = [Frame(np.full((4, 4, 3), k, np.uint8), k / 30, k) for k in range(3)]
    for frame in frames:  # a live camera: the newest frame wins, older ones are dropped
        slot.put(frame, wait=False, stopped=stopped)
    taken = slot.take(stopped)
    assert taken is frames[-1] and slot.dropped == 2
    # A file: the reader waits until the frame is taken.
    done = threading.Event()

    def producer() -> None:
        for frame in frames:
            slot.put(frame, wait=True, stopped=stopped)
        done.set()

    thread = threading.Thread(target=producer)
    thread.start()
    got = [slot.take(stopped) for _ in frames]
    thread.join(TIMEOUT)
    assert done.is_set() and got == frames and slot.dropped == 2


# --- keeping up with a live camera ---------------------------------------------------------


def test_the_pace_watch_reports_falling_behind_and_catching_up_once_each() -> None:
    watch = PaceWatch(window=30, slow=0.25, kept_up=0.05)
    processed = dropped = 0
    clock = 0.0
    verdicts = []

    def run(seconds: int, taken_per_s: int) -> None:
        """A 30 fps camera for ``seconds``; processing takes ``taken_per_s`` of its frames."""
        nonlocal processed, dropped, clock
        for _ in range(seconds):  # the counts as the loop sees them, once a second
            processed += taken_per_s
            dropped += 30 - taken_per_s
            clock += 1.0
            verdict = watch.update(processed, dropped, clock)
            if verdict is not None:
                verdicts.append(verdict)

    assert watch.update(0, 0, 0.0) is None  # the first call only starts the count
    run(10, 30)  # keeping up: quiet
    run(10, 24)  # one frame in five dropped is not yet behind: quiet
    assert verdicts == []
    run(10, 20)  # a third dropped: behind, said once
    assert [v.slow for v in verdicts] == [True]
    assert (verdicts[0].processed_per_s, verdicts[0].delivered_per_s) == (20, 30)
    assert verdicts[0].describe().startswith("processing 20 of 30 frames a second; ")
    run(10, 27)  # better, but not yet keeping up: quiet
    run(10, 30)  # keeping up again, said once
    assert [v.slow for v in verdicts] == [True, False]
    assert verdicts[1].describe() == "keeping up with the camera again (30 of 30 frames a second)"
    run(10, 30)
    assert len(verdicts) == 2
    with pytest.raises(ValueError):
        PaceWatch(window=30, slow=0.05, kept_up=0.25)


def test_a_live_camera_the_computer_cannot_keep_up_with_is_reported(
    network_camera: tuple[str, _Camera],
) -> None:
    """A network camera streams faster than the (held back) processing takes its frames: the
    slot drops the older ones, and the source says so once, as a device fault for the table."""
    url, camera = network_camera
    camera.frames = 100_000  # a stream that goes on until the test ends
    events = Events()
    source = open_source(f"camera:{url}?recalibrate=0")
    assert isinstance(source, CameraSource) and source.live
    source.pace = PaceWatch(window=20)
    slot = source._slot
    process = source.process

    def slow_process(frame: Frame) -> list[object]:
        # This computer is too slow: while a frame is processed, the camera delivers two more
        # (the first of them is dropped unread when the second arrives).
        before = slot.dropped
        with slot._condition:
            slot._condition.wait_for(lambda: slot.dropped > before or source.stopped, TIMEOUT)
        return process(frame)  # type: ignore[return-value]

    source.process = slow_process  # type: ignore[method-assign]
    with source:
        source.start(events)
        assert events.wait_for(lambda items: any(isinstance(e, DeviceFault) for e in items)), (
            events.items
        )
    faults = [e for e in events.items if isinstance(e, DeviceFault)]
    assert [f.code for f in faults] == ["camera_slow"]
    assert "frames a second; cards are still read, later" in faults[0].message
    assert source.pace.behind
    assert len(source.processing_seconds) <= source.processing_seconds.maxlen  # bounded


# --- a network camera that goes away and comes back ----------------------------------------


class _Camera:
    def __init__(self) -> None:
        ok, data = cv2.imencode(".jpg", np.full((90, 160, 3), 60, np.uint8))
        assert ok
        self.jpeg = data.tobytes()
        self.available = threading.Event()
        self.available.set()
        self.frames = 20


@pytest.fixture()
def network_camera() -> Iterator[tuple[str, _Camera]]:
    camera = _Camera()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if not camera.available.is_set():
                self.send_error(503)
                return
            self.send_response(200)
            self.send_header("Content-Type", "multipart/x-mixed-replace; boundary=frame")
            self.end_headers()
            try:
                for _ in range(camera.frames):  # then the stream breaks off: the camera is lost
                    self.wfile.write(
                        b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n"
                        % len(camera.jpeg)
                        + camera.jpeg
                        + b"\r\n"
                    )
            except OSError:
                pass

        def log_message(self, *args: object) -> None:
            pass

    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/video.mjpg", camera
    finally:
        server.shutdown()
        server.server_close()


def test_a_lost_network_camera_is_reported_and_reconnected(
    network_camera: tuple[str, _Camera],
) -> None:
    url, camera = network_camera
    events = Events()

    def emit(event: SourceEvent) -> None:
        if isinstance(event, StatusChanged) and event.status is SourceStatus.LOST:
            camera.available.clear()  # the stream broke off and the camera stays down a while
        events(event)

    def count(items: list[SourceEvent], status: SourceStatus) -> int:
        return sum(1 for e in items if isinstance(e, StatusChanged) and e.status is status)

    source = open_source(f"camera:{url}?reconnect=0.05&recalibrate=0")
    assert isinstance(source, CameraSource) and source.live
    with source:
        source.start(emit)
        assert events.wait_for(lambda items: count(items, SourceStatus.RECOVERING) >= 2)
        camera.available.set()  # back
        assert events.wait_for(lambda items: count(items, SourceStatus.CONNECTED) >= 2)
    statuses = events.statuses()
    lost = statuses.index(SourceStatus.LOST)
    assert statuses[:2] == [SourceStatus.CONNECTING, SourceStatus.CONNECTED]
    assert statuses[lost + 1] is SourceStatus.RECOVERING
    assert SourceStatus.CONNECTED in statuses[lost:]
    assert statuses[-1] is SourceStatus.CLOSED
    assert events.reads() == []  # grey frames: no card
