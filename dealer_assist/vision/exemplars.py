"""The house's photographs as examples: a reading made surer only where they clearly agree.

An enrolled deck (:mod:`enrol`) holds, for each of its 52 photographs, a description of each
index corner (the corner network's hidden layer, or the glyph reader's glyph features), labelled
by the photograph's name. A corner read at the table lies nearest some class's examples; that is
the deck's *vote*, with a *margin*: how much further the nearest example of any other class lies.

Two things keep the vote from making a wrong reading sure, as the first enrolled decks did (a
jack read as a queen because a queen's examples lay nearer than the jack's):

- the deck is checked when it is made: each photograph's corners vote with the examples of the
  *other* photographs (leave one out). A class some other card's corner voted for by mistake
  needs a vote for it to clear that mistaken vote's margin, with room to spare (``SAFETY``);
  a class the check never saw voted for wrongly needs ``FLOOR`` of the typical right margin.
  Classes no margin clears are the deck's *confusions* and are reported at enrolment
  (``vision enroll`` prints them: "J -> Q").
- a vote only ever makes the reading surer of the class it already likes best (``sharpen``):
  it multiplies that class's probability by ``boost``, how often the check's votes that cleared
  their margins were right (at most ``BOOST_MOST``). It never changes the reading's best class,
  and a corner further from every example than the check's corners lay (``reach``) gets none.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# A vote for a class must clear the largest margin of the check's wrong votes for it this many
# times over; a class never voted for wrongly needs this share of the check's median right margin.
SAFETY = 1.5
FLOOR = 0.25
# A corner this many times further from its nearest example than the check's corners lay from
# theirs (their 95th percentile) is too unlike the house's photographs to be voted on.
REACH = 1.5
# A reading is made surer only of a class it gives at least this much (of its non-junk share).
SHARPEN_FROM = 0.5
# The most a vote multiplies its class's probability by.
BOOST_MOST = 40.0


def unit_rows(features: np.ndarray) -> np.ndarray:
    rows = np.asarray(features, np.float32)
    result: np.ndarray = rows / (np.linalg.norm(rows, axis=1, keepdims=True) + 1e-6)
    return result


def squared_distances(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    result: np.ndarray = np.maximum(
        (a * a).sum(axis=1)[:, None] + (b * b).sum(axis=1)[None, :] - 2 * a @ b.T, 0.0
    )
    return result


@dataclass(frozen=True, slots=True)
class Vote:
    """Per corner: the class its nearest example has, the margin to the nearest example of
    any other class, and the distance to the nearest (squared, unit vectors)."""

    best: np.ndarray
    margin: np.ndarray
    nearest: np.ndarray


def vote(
    features: np.ndarray,
    examples: np.ndarray,
    labels: np.ndarray,
    classes: int,
    excluded: np.ndarray | None = None,
) -> Vote:
    """The examples' vote on each row of ``features`` (unit rows); ``excluded``: a boolean
    matrix (rows x examples) of examples not to use for that row."""
    distances = squared_distances(features, examples)
    if excluded is not None:
        distances = np.where(excluded, np.inf, distances)
    per_class = np.full((len(features), classes), np.inf, np.float32)
    for label in range(classes):
        columns = labels == label
        if columns.any():
            per_class[:, label] = distances[:, columns].min(axis=1)
    order = np.argsort(per_class, axis=1)
    rows = np.arange(len(features))
    nearest = per_class[rows, order[:, 0]]
    second = per_class[rows, order[:, 1]] if classes > 1 else np.full(len(rows), np.inf)
    return Vote(order[:, 0], second - nearest, nearest)


@dataclass(frozen=True, slots=True)
class Exemplars:
    """One head's examples (ranks or suits) of one deck, checked by leaving one out."""

    features: np.ndarray  # unit rows
    labels: np.ndarray  # index into the head's classes (junk excluded)
    groups: np.ndarray  # which photograph each example comes from
    classes: int
    needed: np.ndarray  # per class: the margin a vote for it needs (inf: never trusted)
    reach: float
    boost: float
    checked: int  # examples voted on in the check
    right: int  # of them, voted for their own class
    confusions: tuple[tuple[int, int], ...]  # (true class, voted class) of the check's mistakes

    @staticmethod
    def of(features: np.ndarray, labels: np.ndarray, groups: np.ndarray, classes: int) -> Exemplars:
        units = unit_rows(features)
        labels = np.asarray(labels, np.int64)
        groups = np.asarray(groups, np.int64)
        check = vote(units, units, labels, classes, groups[:, None] == groups[None, :])
        finite = np.isfinite(check.margin) & np.isfinite(check.nearest)
        right = finite & (check.best == labels)
        wrong = finite & ~right
        typical = float(np.median(check.margin[right])) if right.any() else 0.0
        needed = np.full(classes, FLOOR * typical, np.float64)
        for n in np.nonzero(wrong)[0]:
            voted = int(check.best[n])
            needed[voted] = max(needed[voted], SAFETY * float(check.margin[n]))
        # A class with no example of its own is never voted for.
        for label in range(classes):
            if not (labels == label).any():
                needed[label] = np.inf
        reach = REACH * float(np.percentile(check.nearest[finite], 95)) if finite.any() else 0.0
        cleared = finite & (check.margin >= needed[check.best]) & (check.nearest <= reach)
        ok = int((cleared & right).sum())
        bad = int((cleared & wrong).sum())
        accuracy = (ok + 1.0) / (ok + bad + 2.0)
        boost = float(min(accuracy / (1.0 - accuracy), BOOST_MOST))
        confusions = tuple(
            sorted({(int(labels[n]), int(check.best[n])) for n in np.nonzero(wrong)[0]})
        )
        return Exemplars(
            units,
            labels,
            groups,
            classes,
            needed,
            reach,
            boost,
            int(finite.sum()),
            int(right.sum()),
            confusions,
        )

    def sharpen(
        self, probabilities: np.ndarray, features: np.ndarray, *, pairs: bool = False
    ) -> np.ndarray:
        """``probabilities`` (rows over the classes, junk last) made surer where the examples'
        vote clears its margin, lies within reach and is already the row's best class, which
        the row itself gives at least ``SHARPEN_FROM``. ``pairs``: rows 2i and 2i+1 are one
        card's two corners; where both show a class and not the same one, neither is made
        surer (the deck does not take sides)."""
        result = np.array(probabilities, np.float64)
        if len(result) == 0 or not np.isfinite(self.reach):
            return result.astype(probabilities.dtype)
        votes = vote(unit_rows(features), self.features, self.labels, self.classes)
        classes = result[:, :-1] / np.maximum(result[:, :-1].sum(axis=1, keepdims=True), 1e-12)
        best = np.argmax(classes, axis=1)
        trusted = (
            (votes.best == best)
            & (votes.margin >= self.needed[votes.best])
            & (votes.nearest <= self.reach)
            & (classes.max(axis=1) >= SHARPEN_FROM)
        )
        if pairs and len(result) % 2 == 0:
            shows = result[:, -1] < 0.5
            split = shows[0::2] & shows[1::2] & (best[0::2] != best[1::2])
            trusted &= ~np.repeat(split, 2)
        rows = np.nonzero(trusted)[0]
        # The junk share stays as the network gave it: a deck's vote never turns a piece of a
        # picture into a glyph.
        junk = result[:, -1:].copy()
        classes[rows, best[rows]] *= self.boost
        classes /= classes.sum(axis=1, keepdims=True)
        result = np.hstack([classes * (1.0 - junk), junk])
        return result.astype(probabilities.dtype)
