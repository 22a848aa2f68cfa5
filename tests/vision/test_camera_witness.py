"""The camera at the table: a witness beside a shoe, and the dealing source when alone.

Real images: each coup is rendered card by card from the Debian card art
(:mod:`dealer_assist.vision.synthetic`) into an image sequence, and the camera driver reads it
while a mock shoe deals the same cards into the same table. No sleeps: the table's thread runs
until the verdicts are in (or a timeout fails the test).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card, parse_cards
from dealer_assist.cli import main
from dealer_assist.config import TableConfig, load_config, parse_config
from dealer_assist.drivers.base import SourceEvent
from dealer_assist.drivers.camera import CameraSource, Frame, UnreadCards
from dealer_assist.rules.coup import Hand
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from dealer_assist.table.events import AlertRaised, CardDealt, CardWitnessed, Record
from dealer_assist.table.runtime import TableRuntime, build_source
from dealer_assist.vision.calibration import homography_shift_mm
from dealer_assist.vision.camera_section import with_camera_section
from dealer_assist.vision.layout import Layout, layout_to_toml, parse_layout, punto_banco_layout
from dealer_assist.vision.synthetic import (
    EASY,
    DealtCard,
    DealVideo,
    Placement,
    compose,
    coup_placements,
    random_scene,
    scene_base,
)
from dealer_assist.vision.tracker import TrackerSettings

TIMEOUT = 120.0
P, B = Hand.PLAYER, Hand.BANKER


def video_of(
    seed: int,
    faces: Mapping[Card, np.ndarray],
    cards: Sequence[Card],
    *,
    misplace: int | None = None,
    rest_frames: int = 6,
) -> DealVideo:
    """A coup dealt card by card (as ``synthetic.deal_video``, without the hand and chip).

    The cards go P, B, P, B, then third cards; with ``misplace`` (a position) that card is laid
    where the *other* hand's card of the same round would go."""
    rng = np.random.default_rng(seed)
    layout = punto_banco_layout()
    base = scene_base(rng, layout, EASY)
    # Where six cards would go: each position also has a twin spot in the other hand.
    spots = coup_placements(rng, [*cards, *parse_cards(["2C"] * (6 - len(cards)))], layout, EASY)
    placements = list(spots[: len(cards)])
    if misplace is not None:
        twin = spots[misplace + 1 if misplace % 2 == 0 else misplace - 1]
        placements[misplace] = Placement(cards[misplace], twin.center_mm, twin.angle_deg, twin.hand)
    x0, y0, x1, _ = layout.region_mm
    shoe = ((x0 + x1) / 2, y0 - 60.0)
    frames: list[np.ndarray] = []
    dealt: list[DealtCard] = []
    resting: list[Placement] = []

    def frame(extra: Sequence[Placement] = ()) -> None:
        image, _ = compose(base, faces, [*resting, *extra], rng)
        frames.append(image)

    for _ in range(3):
        frame()
    for placement in placements:
        for step in range(2):
            t = (step + 1) / 3
            x = shoe[0] + (placement.center_mm[0] - shoe[0]) * t
            y = shoe[1] + (placement.center_mm[1] - shoe[1]) * t
            moving = Placement(placement.card, (x, y), placement.angle_deg + 40 * (1 - t))
            frame([moving])
        resting.append(placement)
        dealt.append(DealtCard(placement.card, placement.hand, len(frames)))
        for _ in range(rest_frames):
            frame()
    for _ in range(3):
        frame()
    return DealVideo(frames, dealt, 30.0, base.camera, layout)


def write_frames(video: DealVideo, folder: Path) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    for number, image in enumerate(video.frames):
        cv2.imwrite(str(folder / f"f{number:03d}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    return f"{folder}/f%03d.jpg"


def camera_section(video: DealVideo) -> dict[str, Any]:
    """What ``camera calibrate --out table.toml`` puts in the configuration."""
    return tomllib.loads(layout_to_toml(video.calibrated_layout))["camera"]


def table_config(sources: list[str], **extra: Any) -> TableConfig:
    document: dict[str, Any] = {
        "sources": sources,
        "shoe": {"burn": "none"},
        "table": {"shuffle_check": False, "confirm_coup": True},
        "odds": {"advantage_alerts": False},
        **extra,
    }
    return parse_config(document, source="<test>")


def deal_with_witness(
    config: TableConfig, expected_verdicts: int
) -> tuple[TableController, list[Record], CameraSource]:
    controller = TableController(config)
    records: list[Record] = []
    controller.on_record(records.append)
    sources = [build_source(url, config) for url in config.sources]
    (camera,) = [s for s in sources if isinstance(s, CameraSource)]

    def judged() -> bool:
        return sum(isinstance(r.event, CardWitnessed) for r in records) >= expected_verdicts

    with TableRuntime(controller, sources) as runtime:
        assert runtime.run_until(judged, timeout=TIMEOUT), "the camera's verdicts did not come"
    return controller, records, camera


def of(records: list[Record], kind: type[Any]) -> list[Any]:
    return [r.event for r in records if isinstance(r.event, kind)]


def winner(controller: TableController) -> str | None:
    completed = controller.state.completed
    return completed.winner if completed is not None else None


# Player 4S AD 9H (4), Banker 3H KC 5C (8), dealt P B P B P B.
SIX = parse_cards(["4S 3H AD KC 9H 5C"])
# Player 2S 3D 9H (4), Banker 7C KH (7, stands): five cards.
FIVE = parse_cards(["2S 7C 3D KH 9H"])


def shoe_url(cards: Sequence[Card]) -> str:
    return "mock://?cut=0&cards=" + ",".join(c.code for c in cards)


def test_every_card_landed_where_the_tableau_called_it(
    building_faces: dict[Card, np.ndarray], tmp_path: Path
) -> None:
    video = video_of(21, building_faces, SIX)
    assert [d.hand for d in video.dealt] == [P, B, P, B, P, B]
    # The camera's layout comes from the table's own configuration ([camera], no layout=).
    camera_url = "camera://" + write_frames(video, tmp_path / "frames")
    config = table_config([shoe_url(SIX), camera_url], camera=camera_section(video))
    assert config.witness_sources == {camera_url}
    controller, records, camera = deal_with_witness(config, expected_verdicts=6)
    assert camera.layout is not None and camera.layout.homography is not None
    witnessed = of(records, CardWitnessed)
    assert [w.verdict for w in witnessed] == ["confirmed"] * 6
    assert [w.card for w in witnessed] == SIX
    assert [w.hand for w in witnessed] == ["player", "banker"] * 3
    assert of(records, AlertRaised) == []
    # The shoe dealt, the camera only confirmed: six cards in the coup, not twelve.
    dealt = of(records, CardDealt)
    assert [d.card for d in dealt] == SIX and {d.source for d in dealt} == {shoe_url(SIX)}
    assert winner(controller) == "banker"


def test_a_card_laid_in_the_wrong_hand_is_called_out(
    building_faces: dict[Card, np.ndarray], tmp_path: Path
) -> None:
    # The croupier lays the Player's third card, 9H, where the Banker's third card goes.
    video = video_of(22, building_faces, FIVE, misplace=4)
    assert [d.hand for d in video.dealt] == [P, B, P, B, B]
    layout = tmp_path / "layout.toml"
    layout.write_text(layout_to_toml(video.calibrated_layout), "utf-8")
    camera_url = f"camera://{write_frames(video, tmp_path / 'frames')}?layout={layout}"
    config = table_config([shoe_url(FIVE), camera_url])
    controller, records, _ = deal_with_witness(config, expected_verdicts=5)
    witnessed = of(records, CardWitnessed)
    assert [w.verdict for w in witnessed] == ["confirmed"] * 4 + ["misplaced"]
    (alert,) = of(records, AlertRaised)
    assert alert.code == "card_misplaced" and alert.hold and alert.source == camera_url
    assert alert.message == "the 5th card, 9H, went to Banker; it belongs to Player: move it"
    # The coup stands as the tableau called it; the table holds until the card is moved.
    assert winner(controller) == "banker"
    assert controller.state.holding
    controller.execute(cmd.ResolveAlert(alert=alert.alert, option="acknowledge"))
    assert not controller.state.holding


# --- the camera alone: a card seen but never read -------------------------------------------


def test_a_card_whose_index_never_reads_is_keyed_in(
    building_faces: dict[Card, np.ndarray],
) -> None:
    ace = parse_card("AD")
    faces = dict(building_faces)
    blank = np.full_like(faces[ace], 255)  # a card with no index at all (a foreign card, a stain)
    faces[ace] = blank
    # The next card lands and reads before the blank one is reported: it waits its turn.
    video = video_of(23, faces, SIX, rest_frames=8)
    camera = CameraSource(
        name="camera://table", target="x", layout=video.calibrated_layout, unread_after_s=0.5
    )
    config = table_config([camera.name])
    assert config.witness_sources == frozenset()  # alone, the camera deals
    controller = TableController(config)
    records: list[Record] = []
    controller.on_record(records.append)
    controller.begin()
    keyed: list[AlertRaised] = []

    def emit(event: SourceEvent) -> None:
        controller.on_source_event(event)
        for alert in list(controller.state.alerts.values()):
            if alert.code == "unreadable_card":  # the supervisor keys in the card on the layout
                keyed.append(alert)
                controller.execute(
                    cmd.ResolveAlert(
                        alert=alert.alert, option="enter_card", role=cmd.Role.SUPERVISOR, card=ace
                    )
                )

    camera._emit = emit
    for number, image in enumerate(video.frames):
        camera.process(Frame(image, number / video.fps, number))
    (alert,) = keyed
    assert alert.hold and alert.options == ("enter_card", "void_coup")
    assert "a card landed on player but its index could not be read (card 3 of the coup)" in (
        alert.message
    )
    assert alert.message.endswith("the tableau waits for the Player card")
    # KC was confirmed before the blank card was due, and waited: the dealing order holds.
    assert [c.card for c in camera.landed] == [*SIX[:2], None, *SIX[3:]]
    assert camera.landed[3].confirmed_at < camera.landed[2].confirmed_at
    dealt = of(records, CardDealt)
    assert [d.card for d in dealt] == SIX
    assert dealt[2].source == "entered by supervisor"
    assert winner(controller) == "banker"
    assert of(records, AlertRaised) == keyed


def unread_run(
    frames: list[list[tuple[float, float]]], *, readable: Sequence[tuple[float, float]] = ()
) -> list[tuple[int, tuple[float, float]]]:
    watch = UnreadCards(after_s=0.29, settings=TrackerSettings())
    out = []
    for number, centres in enumerate(frames):
        for shape in watch.update(
            [(c, 60.0) for c in centres], readable=list(readable), now=number / 30
        ):
            out.append((number, shape.center))
    return out


def test_an_unread_shape_is_due_once_after_lying_still() -> None:
    assert unread_run([[(100.0, 100.0)]] * 20) == [(9, (100.0, 100.0))]


def test_a_sliding_shape_waits_until_it_rests() -> None:
    sliding = [[(100.0 + 20 * k, 100.0)] for k in range(5)]
    assert unread_run(sliding + [[(180.0, 100.0)]] * 12) == [(13, (180.0, 100.0))]


def test_a_shape_on_a_readable_card_is_that_card() -> None:
    assert unread_run([[(100.0, 100.0)]] * 20, readable=[(104.0, 98.0)]) == []


@pytest.mark.parametrize("gap", [25, 1])
def test_a_shape_that_goes_away_is_forgotten(gap: int) -> None:
    frames = [[(100.0, 100.0)]] * 5 + [[]] * gap + [[(100.0, 100.0)]] * 5
    # A short gap (a hand over it) keeps it; a long one means it was never a card.
    assert unread_run(frames) == ([] if gap == 25 else [(9, (100.0, 100.0))])


# --- the [camera] section of the table's configuration --------------------------------------


def test_the_configuration_camera_section_is_the_layout(
    building_faces: dict[Card, np.ndarray],
) -> None:
    written = layout_to_toml(random_scene(2, building_faces, style=EASY).calibrated_layout)
    layout = parse_layout(tomllib.loads(written), source="<test>")  # as calibrate wrote it
    config = table_config(["mock://", "camera://0"], camera=camera_section_of(layout))
    assert config.camera is not None
    assert parse_layout(config.camera.as_document(), source="<test>") == layout
    camera = build_source("camera://0", config)
    assert isinstance(camera, CameraSource) and camera.detector.layout == layout
    # layout= in the URL wins over the section; squeeze turns the unread-card watch off.
    squeeze = table_config(
        ["camera://0"], camera=camera_section_of(layout), table={"squeeze": True}
    )
    camera = build_source("camera://0", squeeze)
    assert isinstance(camera, CameraSource) and camera.unread.after_s == 0


def camera_section_of(layout: Layout) -> dict[str, Any]:
    return tomllib.loads(layout_to_toml(layout))["camera"]


TABLE = """\
# Table PB-07
sources = ["serial:///dev/ttyACM0", "camera://0"]

[table]
id = "PB-07"  # on the pit display

[camera]
card_width_mm = 63.0
region_mm = [0.0, 0.0, 600.0, 340.0]
markers = [
  { id = 0, center_mm = [22.0, 22.0], size_mm = 30.0 },
  { id = 1, center_mm = [578.0, 22.0], size_mm = 30.0 },
  { id = 2, center_mm = [578.0, 318.0], size_mm = 30.0 },
  { id = 3, center_mm = [22.0, 318.0], size_mm = 30.0 },
]

[[camera.zones]]
hand = "player"
polygon_mm = [
  [50.0, 50.0],
  [295.0, 50.0],
  [295.0, 330.0]
]

[[camera.zones]]
hand = "banker"
polygon_mm = [[305.0, 50.0], [550.0, 50.0], [550.0, 330.0], [305.0, 330.0]]

[journal]
path = "journal.db"
"""


def test_camera_calibrate_writes_the_configuration_camera_section(
    building_faces: dict[Card, np.ndarray], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scene = random_scene(1, building_faces)
    image = tmp_path / "frame.png"
    cv2.imwrite(str(image), scene.image)
    out = tmp_path / "table.toml"
    out.write_text(TABLE, "utf-8")
    for _ in range(2):  # calibrating again replaces the section, it does not add one
        assert main(["camera", "calibrate", "--image", str(image), "--out", str(out)]) == 0
        assert "wrote the [camera] section of" in capsys.readouterr().out
    text = out.read_text("utf-8")
    assert text.startswith(TABLE.split("[camera]")[0])  # the rest is kept as it was
    assert text.count("[camera]") == 1 and text.count("# Camera layout") == 1
    config = load_config(out)
    assert config.table_id == "PB-07" and config.journal == tmp_path / "journal.db"
    assert config.camera is not None and config.camera.image_to_table is not None
    # The zones were the configuration's own (three corners for the Player), not the built-in.
    assert len(config.camera.zones[0].polygon_mm) == 3
    layout = parse_layout(config.camera.as_document(), source=str(out))
    assert layout.homography is not None
    true = np.linalg.inv(scene.table_to_image)
    assert homography_shift_mm(true / true[2, 2], layout.homography, layout) < 3.0


def test_a_configuration_that_cannot_be_edited_safely_is_left_alone(tmp_path: Path) -> None:
    # A header-like line inside a multi-line string: removing "its" lines would break the file.
    split = 'x = 1\n[table]\nname = """\n[camera]\n"""\n'
    with pytest.raises(ValueError, match="cannot replace its \\[camera\\] section safely"):
        with_camera_section(split, "[camera]\ncard_width_mm = 57.0\n", where="t.toml")
