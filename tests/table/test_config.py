"""The table's configuration file: defaults, every section, and errors that name the key."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from dealer_assist.config import default_config, load_config
from dealer_assist.errors import ConfigError
from dealer_assist.rules.settlement import CommissionMode, RoundingMode
from dealer_assist.shoe import BurnMode

FULL = """
[table]
id = "PB-07"
name = "Salon Privé 7"
variant = "punto-banco"
squeeze = true
language = "zh_TW"

[rules]
commission = "0.04"
tie_pays = "9:1"

[shoe]
decks = 6
cut_card_from_end = 16
burn = 3
coups_after_cut_card = 0

[commission]
mode = "immediate"
minimum = "0.25"
rounding_unit = "0.25"
rounding = "up"

[limits]
default = { min = "25", max = "10000" }
tie = { min = "5", max = "1000" }

[seats]
numbers = [1, 2, 3, 5, 6, 7, 8]

[misdeal]
extra_card = "alert"
exposed_card = "use"

sources = ["mock://?seed=1"]

[journal]
path = "journal.db"
key = "00112233"
"""


def test_defaults() -> None:
    config = default_config()
    assert config.variant.name == "punto-banco" and config.shoe.decks == 8
    assert config.settlement.commission_mode is CommissionMode.BOX
    assert config.seats == (1, 2, 3, 4, 5, 6, 7) and config.confirm_coup


def test_every_section(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text(
        FULL.replace('sources = ["mock://?seed=1"]\n', "").replace(
            "[table]", 'sources = ["mock://?seed=1"]\n\n[table]'
        )
    )
    config = load_config(path)
    assert (config.table_id, config.name, config.squeeze) == ("PB-07", "Salon Privé 7", True)
    assert config.variant.bet("banker").commission == Decimal("0.04")
    assert config.variant.bet("tie").pays["tie"].ratio == 9
    assert config.shoe.decks == 6 and config.shoe.cut_card_from_end == 16
    assert config.shoe.burn.mode is BurnMode.FIXED and config.shoe.burn.count == 3
    assert config.shoe.coups_after_cut_card == 0
    settlement = config.settlement
    assert settlement.commission_mode is CommissionMode.IMMEDIATE
    assert settlement.minimum_commission == Decimal("0.25")
    assert settlement.commission_rounding.mode is RoundingMode.UP
    assert settlement.limits.limit("tie").maximum == Decimal(1000)
    assert settlement.limits.limit("banker").minimum == Decimal(25)
    assert config.seats == (1, 2, 3, 5, 6, 7, 8)
    assert config.misdeal.extra_card == "alert" and config.misdeal.exposed_card == "use"
    assert config.sources == ("mock://?seed=1",)
    assert config.journal == tmp_path / "journal.db"
    assert config.language == "zh_TW"


@pytest.mark.parametrize(
    ("text", "key", "allowed"),
    [
        ('[table]\nvariant = "poker"\n', "table.variant", "known: banque"),
        ('[table]\nsqueeze = "yes"\n', "table.squeeze", "true or false"),
        ("[table]\ncolour = 1\n", "table.colour", "allowed: "),
        ('[shoe]\nburn = "lots"\n', "shoe.burn", "first_card_value"),
        ('[shoe]\ndecks = "8"\n', "shoe.decks", "whole number"),
        ('[commission]\nmode = "later"\n', "commission.mode", "box, immediate"),
        ('[commission]\nrounding_unit = "0"\n', "commission.rounding_unit", "more than 0"),
        ('[limits]\nbanker = { min = "10" , max = "5" }\n', "limits.banker", "minimum"),
        ('[limits]\ndragon7 = { min = "1" }\n', "limits.dragon7", "no 'dragon7' bet"),
        ("[seats]\nnumbers = [1, 1]\n", "seats.numbers", "different seat numbers"),
        ("[seats]\ncount = 40\n", "seats.count", "1-14"),
        ('[misdeal]\nextra_card = "eat"\n', "misdeal.extra_card", "burn, alert"),
        ('sources = "mock://"\n', "sources", "list of source URLs"),
        ("[rules]\ncommission = 0.05\n", "rules.commission", "as text"),
        ("[nonsense]\n", "nonsense", "unknown section"),
        ("[shoe]\ncut_card_from_end = 500\n", "cut_card_from_end", "outside"),
        ("x = ", "", "not valid TOML"),
        ("[camera]\nlens = 4\n", "camera.lens", "unknown key"),
        ("[camera]\ncard_width_mm = -63\n", "camera.card_width_mm", "positive number"),
        ("[camera]\nregion_mm = [0, 0, 600]\n", "camera.region_mm", "[left, top, right, bottom]"),
        ('[camera]\naruco_dictionary = "big"\n', "camera.aruco_dictionary", "DICT_"),
        ("[camera]\nimage_to_table = [[1, 0], [0, 1]]\n", "camera.image_to_table", "3x3"),
        ('[[camera.zones]]\nhand = "dealer"\n', "camera.zones[0].hand", "player, banker"),
        (
            '[[camera.zones]]\nhand = "player"\npolygon_mm = [[0, 0], [1, 1]]\n',
            "camera.zones[0].polygon_mm",
            "three [x, y] points",
        ),
        ("[[camera.markers]]\nid = 3\ncenter_mm = [1]\n", "camera.markers[0].center_mm", "[x, y]"),
        ('[camera]\ndeck = ""\n', "camera.deck", "must be a path"),
        ('sources = ["camera://0?role=witness"]\n', "sources", "every source is a witness"),
    ],
)
def test_invalid_file_names_the_key_and_what_is_allowed(
    tmp_path: Path, text: str, key: str, allowed: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    message = str(caught.value)
    assert str(path) in message and key in message and allowed in message


def test_missing_file() -> None:
    with pytest.raises(ConfigError, match="cannot read the file"):
        load_config(Path("/nonexistent/table.toml"))


CAMERA = """
sources = ["serial:///dev/ttyACM0", "camera://0"]

[camera]
card_width_mm = 57
card_height_mm = 89.0
region_mm = [0, 0, 600, 340]
image_to_table = [[0.5, 0, -10], [0, 0.5, -5], [0, 0, 1]]

[[camera.markers]]
id = 7
center_mm = [22, 22]
size_mm = 30

[[camera.zones]]
hand = "player"
polygon_mm = [[50, 50], [295, 50], [295, 330], [50, 330]]

[[camera.zones]]
hand = "banker"
polygon_mm = [[305, 50], [550, 50], [550, 330], [305, 330]]
"""


def test_the_camera_section(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text(CAMERA)
    config = load_config(path)
    camera = config.camera
    assert camera is not None
    assert (camera.card_width_mm, camera.card_height_mm) == (57.0, 89.0)
    assert camera.image_to_table == ((0.5, 0.0, -10.0), (0.0, 0.5, -5.0), (0.0, 0.0, 1.0))
    assert [(m.id, m.center_mm) for m in camera.markers] == [(7, (22.0, 22.0))]
    assert [z.hand.value for z in camera.zones] == ["player", "banker"]
    assert config.witness_sources == {"camera://0"}  # beside a shoe, the camera witnesses
    document = camera.as_document()["camera"]
    assert document["zones"][1]["polygon_mm"][0] == [305.0, 50.0]
    assert default_config().camera is None
