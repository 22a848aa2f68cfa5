"""The shift report: one row per table, from what the pit holds (written as CSV).

Banque has no Banker/Player/Tie result: a coup is each tableau's win, loss or stand-off against
the bank, counted in the ``right_*`` and ``left_*`` columns (empty for the other games; the
Banker/Player/Tie columns are 0 for Banque). The new columns come after the earlier ones, so a
reader of the earlier report finds its columns where they were."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from dealer_assist.pit.model import PitModel
from dealer_assist.pit.summary import SIDE_RESULTS, SIDES

COLUMNS = (
    "table",
    "coups",
    "banker",
    "player",
    "tie",
    "hands_per_hour",
    "commission",
    "house_result",
    "alerts",
    *(f"{side}_{result}" for side in SIDES for result in SIDE_RESULTS),
)


def shift_rows(model: PitModel) -> list[dict[str, str]]:
    """The report's rows, tables in order of their ids; money exact, as text."""
    rows = []
    for table in sorted(model.tables):
        shift = model.tables[table].tally.as_json()
        alerts = "; ".join(f"{code} {count}" for code, count in shift["alerts"].items())
        rows.append(
            {
                "table": table,
                "coups": str(shift["coups"]),
                "banker": str(shift["banker"]),
                "player": str(shift["player"]),
                "tie": str(shift["tie"]),
                "hands_per_hour": ""
                if shift["hands_per_hour"] is None
                else str(shift["hands_per_hour"]),
                "commission": shift["commission"] or "",
                "house_result": shift["house_result"] or "",
                "alerts": alerts,
                **{
                    f"{side}_{result}": str(shift["sides"][side][result])
                    if side in shift["sides"]
                    else ""
                    for side in SIDES
                    for result in SIDE_RESULTS
                },
            }
        )
    return rows


def shift_csv(model: PitModel) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(shift_rows(model))
    return out.getvalue()


def write_shift_report(model: PitModel, path: Path) -> Path:
    path.write_text(shift_csv(model), "utf-8")
    return path
