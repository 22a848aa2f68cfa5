"""From detections in single frames to cards landed on the table, in dealing order.

One frame can be wrong (motion blur while the card slides, a hand over an index); the table
must not be. The tracker follows each card from frame to frame and *confirms* it only when it
has lain still, read the same way, for several frames. Confirmed cards are released in the
order they first appeared (the dealing order), so a card that confirms late (its index covered
for a moment) still comes out in its place.

A hand or a chip passing over the layout creates nothing (no card shape with an index under it)
and removes nothing: a card that stops being seen keeps its track. Tracks end only when the
layout is clear - no card and hardly anything but felt - for ``clear_after_s``: the coup's
cards have been collected.

A card that lies still but never reads with confidence is released as *uncertain* (``card`` is
None, ``candidate`` is the best guess) after ``uncertain_after_frames`` frames, so the croupier
is asked instead of the table waiting for ever.

Pure logic: no threads, no clock (the caller passes the frame time).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from dealer_assist.cards import Card
from dealer_assist.rules.coup import Hand
from dealer_assist.vision.pipeline import CardDetection


@dataclass(frozen=True, slots=True, kw_only=True)
class TrackerSettings:
    confirm_frames: int = 3  # still frames reading the same card (sure) to confirm it
    vote_window: int = 5  # ... among this many last still frames, none sure of another card
    still_share: float = 0.06  # "still": the centre moved less than this share of a card width
    match_share: float = 0.6  # a detection belongs to a track within this share of a card width
    uncertain_after_frames: int = 12  # still but never read surely: ask the croupier
    forget_unconfirmed_s: float = 0.6  # a track never confirmed and not seen for this long ends
    forget_seen_s: float = 4.0  # ... unless it was seen still for confirm_frames: then this long
    clear_after_s: float = 1.2  # the layout empty this long: the coup's cards are collected
    clear_foreground: float = 0.01  # "empty": at most this share of the view is not felt


@dataclass(frozen=True, slots=True)
class CardLanded:
    """A card confirmed on the layout (``card`` None: uncertain, ask the croupier)."""

    card: Card | None
    candidate: Card | None
    confidence: float
    zone: Hand | None
    order: int  # 1 for the first card of the coup, and so on
    center: tuple[float, float]
    corners: tuple[tuple[float, float], ...]
    first_seen: float
    confirmed_at: float


@dataclass(slots=True)
class _Track:
    number: int
    center: tuple[float, float]
    corners: tuple[tuple[float, float], ...]
    width: float
    first_seen: float
    last_seen: float
    zones: Counter[Hand] = field(default_factory=Counter)
    streak: list[Card | None] = field(default_factory=list)  # recent readings while still
    confidences: list[float] = field(default_factory=list)
    still_frames: int = 0
    decided: CardLanded | None = None
    released: bool = False


def _width(corners: Sequence[tuple[float, float]]) -> float:
    sides = [math.dist(corners[i], corners[(i + 1) % len(corners)]) for i in range(len(corners))]
    return min(sides) if sides else 0.0


class CardTracker:
    """Feed it each frame's detections; it answers with the cards that landed."""

    def __init__(self, settings: TrackerSettings | None = None) -> None:
        self.settings = settings if settings is not None else TrackerSettings()
        self._tracks: list[_Track] = []
        self._next_number = 1
        self._released = 0
        self._empty_since: float | None = None

    @property
    def cards_on_layout(self) -> int:
        return sum(1 for t in self._tracks if t.decided is not None)

    def reset(self) -> None:
        """Forget every card (a new coup)."""
        self._tracks.clear()
        self._released = 0
        self._empty_since = None

    def update(
        self,
        detections: Sequence[CardDetection],
        *,
        now: float,
        foreground: float = 1.0,
        shapes: Sequence[tuple[float, float]] = (),
    ) -> list[CardLanded]:
        """One frame: ``now`` in seconds; ``foreground`` the share of the view that is not felt;
        ``shapes`` the centres of card shapes whose index could not be read this frame (they keep
        a card's track alive, they never start one)."""
        s = self.settings
        if not detections and foreground <= s.clear_foreground:
            if self._empty_since is None:
                self._empty_since = now
            elif now - self._empty_since >= s.clear_after_s and self._tracks:
                self.reset()
                self._empty_since = now
        else:
            self._empty_since = None
        unmatched = list(range(len(detections)))
        # Nearest detection for each track, nearest pairs first.
        pairs = []
        for t, track in enumerate(self._tracks):
            for d in unmatched:
                distance = math.dist(track.center, detections[d].center)
                if distance <= s.match_share * max(track.width, 1.0):
                    pairs.append((distance, t, d))
        pairs.sort()
        taken_tracks: set[int] = set()
        taken_detections: set[int] = set()
        for _, t, d in pairs:
            if t in taken_tracks or d in taken_detections:
                continue
            taken_tracks.add(t)
            taken_detections.add(d)
            self._observe(self._tracks[t], detections[d], now)
        for d in range(len(detections)):
            if d not in taken_detections:
                detection = detections[d]
                track = _Track(
                    number=self._next_number,
                    center=detection.center,
                    corners=detection.corners,
                    width=_width(detection.corners),
                    first_seen=now,
                    last_seen=now,
                )
                self._next_number += 1
                self._tracks.append(track)
                self._observe(track, detection, now, first=True)
        for center in shapes:
            for track in self._tracks:
                if math.dist(track.center, center) <= s.still_share * max(track.width, 1.0):
                    track.last_seen = now
        # Tracks that never confirmed and are gone were passing shapes, not cards.
        self._tracks = [
            t
            for t in self._tracks
            if t.decided is not None
            or now - t.last_seen
            <= (s.forget_seen_s if t.still_frames >= s.confirm_frames else s.forget_unconfirmed_s)
        ]
        return self._release()

    def _observe(
        self, track: _Track, detection: CardDetection, now: float, *, first: bool = False
    ) -> None:
        s = self.settings
        moved = math.dist(track.center, detection.center)
        still = not first and moved <= s.still_share * max(track.width, 1.0)
        track.center = detection.center
        track.corners = detection.corners
        track.width = _width(detection.corners)
        track.last_seen = now
        if detection.zone is not None:
            track.zones[detection.zone] += 1
        if track.decided is not None:
            return  # a confirmed card stays what it was: a hand over it changes nothing
        if still:
            track.still_frames += 1
        else:
            track.still_frames = 1
            track.streak.clear()
            track.confidences.clear()
        track.streak.append(detection.card if detection.card is not None else None)
        track.confidences.append(detection.confidence)
        # Confirmed: among the last few still frames, enough sure readings of one card and no
        # sure reading of another (a frame where the index was not sure does not count).
        recent = track.streak[-s.vote_window :]
        sure = Counter(card for card in recent if card is not None)
        if track.still_frames >= s.confirm_frames and len(sure) == 1:
            card, votes = sure.most_common(1)[0]
            if votes >= s.confirm_frames and track.streak[-1] == card:
                confidence = min(
                    c
                    for c, seen in zip(track.confidences[-s.vote_window :], recent, strict=True)
                    if seen == card
                )
                track.decided = self._landed(track, card, card, confidence, now)
                return
        if track.still_frames >= s.uncertain_after_frames:
            readings = Counter(c for c in track.streak if c is not None)
            candidate = detection.candidate
            if readings:
                candidate = readings.most_common(1)[0][0]
            track.decided = self._landed(track, None, candidate, max(track.confidences), now)

    def _landed(
        self,
        track: _Track,
        card: Card | None,
        candidate: Card | None,
        confidence: float,
        now: float,
    ) -> CardLanded:
        zone = track.zones.most_common(1)[0][0] if track.zones else None
        return CardLanded(
            card=card,
            candidate=candidate,
            confidence=confidence,
            zone=zone,
            order=0,
            center=track.center,
            corners=track.corners,
            first_seen=track.first_seen,
            confirmed_at=now,
        )

    def _release(self) -> list[CardLanded]:
        """Confirmed cards, in order of appearance, up to the first one still undecided."""
        out: list[CardLanded] = []
        for track in sorted(self._tracks, key=lambda t: t.number):
            if track.released:
                continue
            if track.decided is None:
                if track.still_frames >= 2:
                    break  # an earlier card lies still, not confirmed yet: keep the dealing order
                continue  # never still: a shape passing by, or a card still sliding in
            self._released += 1
            landed = track.decided
            track.released = True
            track.decided = CardLanded(
                card=landed.card,
                candidate=landed.candidate,
                confidence=landed.confidence,
                zone=landed.zone,
                order=self._released,
                center=landed.center,
                corners=landed.corners,
                first_seen=landed.first_seen,
                confirmed_at=landed.confirmed_at,
            )
            out.append(track.decided)
        return out
