"""A trainee's report, as data and as HTML: the tableau heatmap (accuracy and time per cell),
accuracy and pace per session, the items still weak, the exams taken.

The same :class:`TrainingReport` feeds the HTML here and the PNG plots and the PDF drawn by
``dealer_assist/ui/training_report.py`` (Qt), so the two cannot disagree.
"""

from __future__ import annotations

import html
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from dealer_assist.training.items import BANKER_TOTALS, PLAYER_TOTALS, THIRD_CARDS, tableau_cell
from dealer_assist.training.records import TrainingRecords

HEATMAP_PNG = "tableau-heatmap.png"
PROGRESS_PNG = "accuracy-and-pace.png"
WEAK_BELOW = Decimal("0.8")


@dataclass(frozen=True, slots=True, kw_only=True)
class CellStats:
    right: int
    asked: int
    total_ms: int

    @property
    def accuracy(self) -> Decimal:
        return Decimal(self.right) / self.asked if self.asked else Decimal(0)

    @property
    def mean_seconds(self) -> Decimal:
        return (Decimal(self.total_ms) / self.asked / 1000) if self.asked else Decimal(0)


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionStats:
    number: int
    started: datetime
    mode: str
    stats: CellStats

    @property
    def hands_per_hour(self) -> Decimal:
        if not self.stats.total_ms:
            return Decimal(0)
        return (Decimal(self.stats.asked) * 3_600_000 / self.stats.total_ms).quantize(Decimal(1))


@dataclass(frozen=True, slots=True, kw_only=True)
class WeakItem:
    item: str
    stats: CellStats
    leech: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class TrainingReport:
    trainee: str
    generated: datetime
    overall: CellStats
    # (row, column): row "player" or a Banker total; column a Player total, a third card or None.
    banker_cells: dict[tuple[int, int | None], CellStats]
    player_cells: dict[int, CellStats]
    sessions: tuple[SessionStats, ...]
    weak: tuple[WeakItem, ...]
    exams: tuple[str, ...]


def _stats(rows: list[tuple[bool, int]]) -> CellStats:
    return CellStats(
        right=sum(correct for correct, _ in rows),
        asked=len(rows),
        total_ms=sum(ms for _, ms in rows),
    )


def build_report(
    records: TrainingRecords, trainee: str, *, now: datetime | None = None
) -> TrainingReport:
    trainee_id = records.trainee(trainee, create=False)
    answers = records.answers(trainee_id)
    by_item: dict[str, list[tuple[bool, int]]] = defaultdict(list)
    by_session: dict[int, list[tuple[bool, int]]] = defaultdict(list)
    for answer in answers:
        by_item[answer.item].append((answer.correct, answer.ms))
        by_session[answer.session_id].append((answer.correct, answer.ms))
    banker_cells: dict[tuple[int, int | None], CellStats] = {}
    player_cells: dict[int, CellStats] = {}
    for item, rows in by_item.items():
        cell = tableau_cell(item)
        if cell is None:
            continue
        side, total, third = cell
        if side == "player":
            player_cells[total] = _stats(rows)
        else:
            banker_cells[(total, third)] = _stats(rows)
    states = records.item_states(trainee_id)
    weak = [
        WeakItem(
            item=item, stats=_stats(rows), leech=states[item].leech if item in states else False
        )
        for item, rows in by_item.items()
    ]
    weak = [w for w in weak if w.leech or w.stats.accuracy < WEAK_BELOW]
    weak.sort(key=lambda w: (not w.leech, w.stats.accuracy, w.item))
    sessions = tuple(
        SessionStats(
            number=number,
            started=session.started,
            mode=session.mode,
            stats=_stats(by_session[session.id]),
        )
        for number, session in enumerate(records.sessions(trainee_id), start=1)
        if by_session.get(session.id)
    )
    return TrainingReport(
        trainee=trainee,
        generated=now or datetime.now().astimezone(),
        overall=_stats([(a.correct, a.ms) for a in answers]),
        banker_cells=banker_cells,
        player_cells=player_cells,
        sessions=sessions,
        weak=tuple(weak),
        exams=tuple(record for record, _ in records.exams(trainee_id)),
    )


def percent(value: Decimal) -> str:
    return f"{(value * 100).quantize(Decimal(1))}%"


def _cell_html(stats: CellStats | None) -> str:
    if stats is None:
        return "<td>-</td>"
    return f"<td>{percent(stats.accuracy)}<br>{stats.mean_seconds.quantize(Decimal('0.1'))} s</td>"


def report_html(report: TrainingReport) -> str:
    """The report as one HTML page; the plots are the PNG files beside it."""
    name = html.escape(report.trainee)
    head = "".join(f"<th>{'stood' if third is None else third}</th>" for third in THIRD_CARDS)
    rows = [
        f"<tr><th>Banker {total}</th>"
        + "".join(_cell_html(report.banker_cells.get((total, third))) for third in THIRD_CARDS)
        + "</tr>"
        for total in BANKER_TOTALS
    ]
    player_row = "".join(
        f"<th>Player {total}</th>{_cell_html(report.player_cells.get(total))}"
        for total in PLAYER_TOTALS
    )
    sessions = "".join(
        f"<tr><td>{s.number}</td><td>{s.started:%Y-%m-%d %H:%M}</td><td>{s.mode}</td>"
        f"<td>{s.stats.asked}</td><td>{percent(s.stats.accuracy)}</td>"
        f"<td>{s.hands_per_hour}</td></tr>"
        for s in report.sessions
    )
    weak = (
        "".join(
            f"<tr><td>{html.escape(w.item)}</td><td>{w.stats.right} of {w.stats.asked}</td>"
            f"<td>{percent(w.stats.accuracy)}</td><td>{'LEECH' if w.leech else ''}</td></tr>"
            for w in report.weak
        )
        or "<tr><td colspan='4'>none</td></tr>"
    )
    mean = report.overall.mean_seconds.quantize(Decimal("0.1"))
    return f"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Training report: {name}</title>
<style>body{{font-family:sans-serif}} td,th{{border:1px solid #999;padding:2px 4px;
text-align:center;font-size:9pt}} table{{border-collapse:collapse}}</style></head>
<body>
<h1>Training report: {name}</h1>
<p>Generated {report.generated:%Y-%m-%d %H:%M}. Answers: {report.overall.asked};
right: {percent(report.overall.accuracy)}; mean time {mean} s.</p>
<h2>Tableau heatmap</h2>
<p><img src="{HEATMAP_PNG}" width="640"></p>
<p>Banker's two-card total against the Player's third card (or the Player standing):
share right and mean time per cell.</p>
<table><tr><th></th>{head}</tr>{"".join(rows)}</table>
<table><tr>{player_row}</tr></table>
<h2>Accuracy and pace over time</h2>
<p><img src="{PROGRESS_PNG}" width="640"></p>
<table><tr><th>Session</th><th>Started</th><th>Mode</th><th>Answers</th><th>Right</th>
<th>Hands per hour</th></tr>{sessions}</table>
<h2>Items still weak</h2>
<table><tr><th>Item</th><th>Right</th><th>Share</th><th>Flag</th></tr>{weak}</table>
<h2>Exams</h2>
<p>{len(report.exams)} exam(s) recorded; certificates are checked with
<code>dealer-assist train verify</code>.</p>
</body></html>
"""
