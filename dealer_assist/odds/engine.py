"""The exact odds engine: six-card-convention weights of every coup signature, fast.

How it counts (baccarat.md §1.1): every coup is an ordered sequence of six cards drawn without
replacement, unused cards included, so a coup that used k cards weighs the falling product of
the counts it drew times (n-k)...(n-5) for the cards it left. The weight of a sequence depends only
on how many cards of each value it holds, not on their order; the engine leans on that twice.

1. *The player's third card first.* A six-card coup weighs ``c[x]`` (its third card x) times the
   weight of the rest drawn from the shoe without that card, ``d = c - e_x``. So for each x only a
   five-card problem is left: the two hands of two cards, then the banker's third card y.
2. *Hands as polynomials.* The two-card hands from a shoe d are polynomials in w (banker total in
   the exponent, kept unreduced, 0..18): ``D(w) = sum d[v] w^v`` and ``G(w) = D(w)^2 - D(w^2)`` (a
   pair of distinct cards). With the player's pair fixed to total P, the banker's pair is drawn
   from a shoe short of the player's two cards; expanding that depletion gives the row
   ``T[P](w) = G[P] G(w) - 4 J[P](w) D(w) + 4 J[P](w^2) + 2 sum_a J[P][a] w^(a + P-a)``, where
   ``J[P][a] = d[a] (d[P-a] - [a = P-a])`` counts the player pairs of total P starting with a
   and ``G[P] = sum_a J[P][a]``.
3. *The banker's third card by its first moment.* y is drawn from ``d - m`` (m: the four cards
   on the table), so the y-sum is ``T[P](w) D(w)`` minus the first moment
   ``sum_k w^(B + v_k)`` over the four positions k, which has the same kind of closed form
   (:class:`_FirstMoment`).
4. *Polynomials as integers.* A polynomial with non-negative integer coefficients below 2^S is
   stored as one Python integer (Kronecker substitution, w = 2^S): adding, shifting and
   multiplying polynomials are single big-integer operations done in C, and the banker's
   drawing rule, which depends only on (banker two-card total, x), is a bit mask on the exponents.
   Intermediate terms may be negative; the packing is a ring homomorphism, so only the polynomials
   that are masked or decoded need non-negative coefficients, and those are true counts.

About 60 big-integer polynomials of ~30 coefficients per player third card; an eight-deck shoe
takes about 2 ms in CPython (benchmarks/bench_odds.py). The result is checked against
:func:`~dealer_assist.odds.reference.reference_enumeration`, the product's coup engine played
over every physical card sequence of tiny shoes, and the published tables (tests/odds).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from operator import itemgetter, lshift, mul
from struct import Struct
from typing import NamedTuple

from dealer_assist.odds.composition import CompositionError

# The banker (two-card total B <= 7, no natural) draws against the player's third card x
# when B <= _BANKER_DRAWS_UP_TO[x]: 0-2 always, 3 unless x = 8, 4 on 2-7, 5 on 4-7, 6 on 6-7.
_BANKER_DRAWS_UP_TO: tuple[int, ...] = (3, 3, 4, 4, 5, 5, 6, 6, 2, 3)
# _PARTNERS[P](d) lists d[P - a] for a = 0..9: the counts of the card completing a total of P.
_PARTNERS = tuple(itemgetter(*[(total - a) % 10 for a in range(10)]) for total in range(10))
_TEN_WORDS = Struct("<10Q")
_SLOTS = 30  # exponents 0..27: a two-card total (<= 18) plus a third card (<= 9), and room


class ShoeTooSmallError(CompositionError):
    """Fewer than six cards: the six-card convention has no coup to weigh."""


def banker_draws(banker_total: int, player_third: int | None) -> bool:
    """The Punto Banco tableau as the engine encodes it (tests compare it cell by cell)."""
    if player_third is None:
        return banker_total <= 5
    return banker_total <= _BANKER_DRAWS_UP_TO[player_third]


class _Packing:
    """Polynomials in w as integers: the coefficient of w^e sits in bits [e*S, (e+1)*S)."""

    __slots__ = (
        "_by_pairs",
        "_decade",
        "_doubling",
        "_full",
        "_masks",
        "_monomials",
        "_structs",
        "bits",
        "partner_shifts",
        "width",
    )

    def __init__(self, slot_bits: int) -> None:
        self.bits = slot_bits
        self.width = slot_bits // 8  # bytes per slot
        self._full = (1 << slot_bits) - 1
        self._decade = (1 << (10 * slot_bits)) - 1
        # 64-bit slots (every shoe up to 31 decks) pack and unpack through struct, in C.
        self._structs = (
            {stride: Struct("<" + ("Q" + "x" * 8 * (stride - 1)) * 10) for stride in (1, 2, 3)}
            if slot_bits == 64
            else {}
        )
        # For each total P, the shift to w^(P - a) for a = 0..9.
        self.partner_shifts = [
            [slot_bits * ((total - a) % 10) for a in range(10)] for total in range(10)
        ]
        self._masks: dict[frozenset[int], int] = {}
        self._monomials: dict[frozenset[int], list[int]] = {}
        self._by_pairs: dict[frozenset[int], list[int]] = {}
        self._doubling: dict[frozenset[int], tuple[int, int]] = {}

    def pack(self, coefficients: Sequence[int], stride: int = 1) -> int:
        """Ten non-negative coefficients below 2^S, the k-th at exponent k * stride."""
        if self._structs:
            return int.from_bytes(self._structs[stride].pack(*coefficients), "little")
        size = self.width * stride
        return int.from_bytes(
            b"".join([coefficient.to_bytes(size, "little") for coefficient in coefficients]),
            "little",
        )

    def mask(self, residues: frozenset[int]) -> int:
        """All bits of the exponents whose residue mod 10 is in ``residues``."""
        mask = self._masks.get(residues)
        if mask is None:
            mask = sum(self._full << (self.bits * e) for e in range(_SLOTS) if e % 10 in residues)
            self._masks[residues] = mask
        return mask

    def monomials(self, residues: frozenset[int]) -> list[int]:
        """``w^e`` if e mod 10 is in ``residues``, else 0, for e in 0..29."""
        table = self._monomials.get(residues)
        if table is None:
            table = [(1 << (self.bits * e)) if e % 10 in residues else 0 for e in range(_SLOTS)]
            self._monomials[residues] = table
        return table

    def pair_masks(self, residues: frozenset[int]) -> list[int]:
        """For each card b2, the bits of w^(2 b1) for the b1 with b1 + b2 in ``residues``."""
        table = self._by_pairs.get(residues)
        if table is None:
            table = [
                sum(
                    self._full << (self.bits * 2 * b1)
                    for b1 in range(10)
                    if (b1 + b2) % 10 in residues
                )
                for b2 in range(10)
            ]
            self._by_pairs[residues] = table
        return table

    def doubling_masks(self, residues: frozenset[int]) -> tuple[int, int]:
        """Bits of w^a, and of w^(3a), for the cards a with 2a in ``residues``."""
        masks = self._doubling.get(residues)
        if masks is None:
            cards = [a for a in range(10) if (2 * a) % 10 in residues]
            masks = (
                sum(self._full << (self.bits * a) for a in cards),
                sum(self._full << (self.bits * 3 * a) for a in cards),
            )
            self._doubling[residues] = masks
        return masks

    def folded(self, packed: int) -> list[int]:
        """Coefficients summed by residue mod 10 (the packed polynomial must be a true count)."""
        if packed < 0:
            raise AssertionError("odds engine: a count came out negative")
        # Each residue sum is itself a count below 2^S, so adding the three decades first
        # cannot carry from one slot into the next.
        decade = 10 * self.bits
        low = self._decade
        packed = (packed & low) + ((packed >> decade) & low) + (packed >> (2 * decade))
        raw = packed.to_bytes(10 * self.width, "little")
        if self._structs:
            return list(_TEN_WORDS.unpack(raw))
        width = self.width
        return [int.from_bytes(raw[e * width : (e + 1) * width], "little") for e in range(10)]


class _PlayerRow(NamedTuple):
    """The player's pairs of one total P from shoe d, and the four-card row T[P](w)."""

    starts: list[int]  # J[P][a] = d[a] (d[P-a] - [a = P-a]): ordered pairs starting with a
    low: int  # sum over a <= P of J[P][a] w^a (then a + (P-a) = P; else P + 10)
    high: int  # sum over a > P
    pair_count: int  # G[P], all ordered player pairs of total P
    row: int  # T[P](w): banker pair totals (unreduced) against player total P


class _Hands:
    """The two-card hands of one shoe ``d``, for the player totals asked for."""

    __slots__ = ("counts", "deal", "doubled_deal", "pairs", "partners", "player_rows")

    def __init__(self, packing: _Packing, counts: list[int], player_totals: Iterable[int]):
        bits = packing.bits
        d = counts
        self.counts = d
        deal = packing.pack(d)  # D(w)
        doubled_deal = packing.pack(d, stride=2)  # D(w^2)
        pairs = deal * deal - doubled_deal  # G(w)
        self.deal = deal
        self.doubled_deal = doubled_deal
        self.pairs = pairs
        self.player_rows: dict[int, _PlayerRow] = {}
        self.partners: dict[int, list[int]] = {}
        for total in player_totals:
            partners = list(_PARTNERS[total](d))
            self.partners[total] = partners
            starts = list(map(mul, d, partners))
            if total % 2 == 0:  # a = P - a for a = P/2 and P/2 + 5
                half = total // 2
                starts[half] -= d[half]
                starts[half + 5] -= d[half + 5]
            packed = packing.pack(starts)
            low = packed & ((1 << (bits * (total + 1))) - 1)
            pair_count = sum(starts)
            low_count = sum(starts[: total + 1])
            row = (
                pair_count * pairs
                - 4 * packed * deal
                + 4 * packing.pack(starts, stride=2)
                + ((2 * low_count) << (bits * total))
                + ((2 * (pair_count - low_count)) << (bits * (total + 10)))
            )
            self.player_rows[total] = _PlayerRow(starts, low, packed - low, pair_count, row)


class _FirstMoment:
    """``sum over the first four cards of w^(B + v_k)``, k = 1..4, banker total B in ``residues``.

    With the banker's third card y drawn from ``d - m``, the y-sum of ``w^(B+y)`` is the masked
    ``T[P](w) D(w)`` minus this. The parts that do not depend on the player's total are built once.
    """

    __slots__ = (
        "_banker_base",
        "_banker_by_card",
        "_doubling_masks",
        "_hands",
        "_masked_pairs",
        "_packing",
        "_residues",
        "_shifted",
        "_turned",
    )

    def __init__(self, packing: _Packing, hands: _Hands, residues: frozenset[int]) -> None:
        bits = packing.bits
        d = hands.counts
        mask = packing.mask(residues)
        mono = packing.monomials(residues)
        self._packing = packing
        self._hands = hands
        self._residues = residues
        self._masked_pairs = hands.pairs & mask
        self._doubling_masks = packing.doubling_masks(residues)
        deal = hands.deal
        shifted = [(deal << (bits * a)) & mask for a in range(10)]  # mask(w^a D(w))
        self._shifted = shifted
        self._turned = [value << (bits * a) for a, value in enumerate(shifted)]
        # A banker card b with the other banker card anything but that very card, weighed from
        # b as the first card, d[b] w^b mask(w^b (D - w^b)), and from b as the second card,
        # sum_b1 d[b1] (d[b] - [b1 = b]) [b1 + b in residues] w^(2 b1 + b).
        doubled = hands.doubled_deal
        second = packing.pair_masks(residues)
        by_card = [
            (d[b] * (shifted[b] + (doubled & second[b]) - 2 * mono[2 * b])) << (bits * b)
            for b in range(10)
        ]
        self._banker_by_card = by_card
        self._banker_base = sum(
            (d[b] * (shifted[b] - mono[2 * b])) << (bits * b) for b in range(10)
        )

    def for_player_total(self, total: int) -> int:
        packing = self._packing
        bits = packing.bits
        hands = self._hands
        starts, low, high, pair_count, _ = hands.player_rows[total]
        at_total = bits * total
        at_total_high = at_total + 10 * bits
        # Position k is a player card a, the other o = P - a: the banker's pair comes from the
        # shoe short of both, G - 2 w^a D - 2 w^o D + 2 w^2a + 2 w^2o + 2 w^(a+o), weighed
        # J[a] w^a. J[a] = J[o], and a + o is P for a <= P, else P + 10.
        partners = hands.partners[total]  # d[P - a] for a = 0..9
        taken: int = sum(map(mul, starts, self._turned)) + sum(
            map(mul, starts, map(lshift, self._shifted, packing.partner_shifts[total]))
        )
        doubled_mask, tripled_mask = self._doubling_masks
        single = (
            (packing.pack(starts, stride=3) & tripled_mask)  # w^a w^2a
            + ((low & doubled_mask) << at_total)  # w^a w^2o, read with a and o swapped
            + ((high & doubled_mask) << at_total_high)
        )
        player = self._masked_pairs * (low + high) - 2 * taken + 2 * single
        # Position k is a banker card: the player pairs of total P left after b1 and b2 number
        # G[P] - 2 d[P-b1] - 2 d[P-b2] + 2[2 b1 = P] + 2[2 b2 = P] + 2[b1 + b2 = P].
        by_card = self._banker_by_card
        banker: int = pair_count * self._banker_base - 2 * sum(map(mul, partners, by_card))
        if total % 2 == 0:
            banker += 2 * (by_card[total // 2] + by_card[total // 2 + 5])
        if total in self._residues:
            # The w^(a+o) term of both parts: the banker pair total equals P.
            banker += ((4 * low) << at_total) + ((4 * high) << at_total_high)
        return 2 * (player + banker)


def coup_weight_list(value_counts: Sequence[int]) -> list[int]:
    """Six-card-convention weights of the 400 signatures, in the order of ``ALL_SIGNATURES``.

    ``value_counts[v]``: cards of baccarat value v left in the shoe. The weights sum to
    n(n-1)...(n-5). The last few shoes are remembered, so asking twice costs nothing.
    """
    counts = tuple(value_counts)
    if len(counts) != 10 or any(
        isinstance(count, bool) or not isinstance(count, int) or count < 0 for count in counts
    ):
        raise CompositionError(f"a shoe by value needs ten whole counts >= 0, not {counts!r}")
    return list(_coup_weight_list(counts))


@lru_cache(maxsize=32)
def _coup_weight_list(c: tuple[int, ...]) -> tuple[int, ...]:
    size = sum(c)
    if size < 6:
        raise ShoeTooSmallError(
            f"the shoe holds {size} cards; a coup needs six to be weighed (six-card convention)"
        )
    # Every decoded coefficient is a count of at most n^6; whole 64-bit words are cheap to
    # pack and decode.
    packing = _Packing(((size**6).bit_length() + 64) // 64 * 64)
    banker_alone_draws = frozenset(range(6))
    both_stand_or_natural = frozenset({6, 7, 8, 9})
    naturals = frozenset({8, 9})

    # Rows are indexed by the player's final total and hold the banker's totals, unreduced.
    four = [0] * 10  # both hands on two cards
    banker_drew = [0] * 10  # the player stood, the banker drew
    player_drew = [0] * 10  # the player drew, the banker stood
    both_drew = [0] * 10

    whole = _Hands(packing, list(c), range(10))
    alone = _FirstMoment(packing, whole, banker_alone_draws)
    for total, player_row in whole.player_rows.items():
        row = player_row.row
        if total >= 8:
            four[total] = row
        elif total >= 6:
            four[total] = row & packing.mask(both_stand_or_natural)
            drawn = (row & packing.mask(banker_alone_draws)) * whole.deal
            banker_drew[total] = drawn - alone.for_player_total(total)
        else:
            four[total] = row & packing.mask(naturals)

    # The player draws (two-card total 0-5, no natural): weigh the third card x first.
    for third, count in enumerate(c):
        if not count:
            continue
        shoe = list(c)
        shoe[third] -= 1
        hands = _Hands(packing, shoe, range(6))
        limit = _BANKER_DRAWS_UP_TO[third]
        draws = frozenset(range(limit + 1))
        draw_mask = packing.mask(draws)
        stand_mask = packing.mask(frozenset(range(limit + 1, 8)))
        moment = _FirstMoment(packing, hands, draws)
        for total in range(6):
            row = hands.player_rows[total].row
            final = (total + third) % 10
            player_drew[final] += count * (row & stand_mask)
            drawn = (row & draw_mask) * hands.deal
            both_drew[final] += count * (drawn - moment.for_player_total(total))

    after_four = (size - 4) * (size - 5)  # the unused fifth and sixth cards
    after_five = size - 5
    weights = [0] * 400
    for player in range(10):
        base = player * 10
        for offset, rows, factor in (
            (0, four, after_four),
            (100, banker_drew, after_five),
            (200, player_drew, after_five),
            (300, both_drew, 1),
        ):
            for banker, weight in enumerate(packing.folded(rows[player])):
                weights[offset + base + banker] = weight * factor
    return tuple(weights)
