"""The engine reproduces every figure of baccarat.md §1.2, digit for digit.

The expected numbers are copied from the reference tables (exact integers, and percentages
rounded half up to four decimals); the engine computes everything from full shoes.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial

import pytest

from dealer_assist.odds import PairKind, ShoeOdds, pair_weights
from dealer_assist.odds.composition import full_shoe
from dealer_assist.odds.evaluate import CoupWeights
from dealer_assist.odds.signature import CoupSignature
from dealer_assist.rules.outcome import Winner
from tests.odds.conftest import DECKS, number, percent4

# Decks: (total weight, banker wins, player wins, ties)
MAIN_WEIGHTS = {
    1: ("14,658,134,400", "6,737,232,640", "6,548,674,432", "1,372,227,328"),
    2: ("1,092,514,737,600", "501,543,728,128", "487,816,735,232", "103,154,274,240"),
    4: ("75,297,571,090,560", "34,543,624,867,840", "33,608,344,225,792", "7,145,601,996,928"),
    6: (
        "878,869,206,895,680",
        "403,095,751,234,560",
        "392,220,492,728,832",
        "83,552,962,932,288",
    ),
    8: (
        "4,998,398,275,503,360",
        "2,292,252,566,437,888",
        "2,230,518,282,592,256",
        "475,627,426,473,216",
    ),
}

MAIN_PROBABILITIES = {
    1: ("0.459624155", "0.446760430", "0.093615415"),
    2: ("0.459072735", "0.446508151", "0.094419115"),
    4: ("0.458761476", "0.446340350", "0.094898174"),
    6: ("0.458652719", "0.446278570", "0.095068711"),
    8: ("0.458597423", "0.446246609", "0.095155968"),
}

# Bet (name, or name and "resolved" for the excluding-ties rows): edges for 1, 2, 4, 6, 8 decks.
HOUSE_EDGES: list[tuple[str, tuple[str, ...]]] = [
    ("banker", ("1.0117", "1.0389", "1.0517", "1.0558", "1.0579")),
    ("banker_4pct", ("0.5521", "0.5798", "0.5929", "0.5972", "0.5993")),
    ("player", ("1.2864", "1.2565", "1.2421", "1.2374", "1.2351")),
    ("tie", ("15.7461", "15.0228", "14.5916", "14.4382", "14.3596")),
    ("tie_9to1", ("6.3846", "5.5809", "5.1018", "4.9313", "4.8440")),
    ("banker_no_commission", ("1.3852", "1.4278", "1.4482", "1.4548", "1.4581")),
    ("ez_banker", ("0.9678", "0.9978", "1.0116", "1.0161", "1.0183")),
    ("dragon7", ("7.5795", "7.5773", "7.5969", "7.6062", "7.6113")),
    ("panda8", ("10.6114", "10.3670", "10.2470", "10.2074", "10.1876")),
    ("player_pair", ("29.4118", "18.4466", "13.0435", "11.2540", "10.3614")),
    ("banker_pair", ("29.4118", "18.4466", "13.0435", "11.2540", "10.3614")),
    ("either_pair", ("31.5150", "21.2252", "16.1960", "14.5365", "13.7099")),
    ("perfect_pair", ("100.0000", "49.7645", "25.1855", "17.0716", "13.0294")),
    ("perfect_pair_25_200", ("100.0000", "48.0823", "21.4980", "12.5425", "8.0470")),
    ("perfect_pair_25_250", ("100.0000", "47.6017", "20.4444", "11.2485", "6.6235")),
    ("dragon_bonus_player", ("3.0306", "2.8020", "2.6998", "2.6675", "2.6517")),
    ("dragon_bonus_banker", ("9.7441", "9.5222", "9.4212", "9.3889", "9.3731")),
    ("big", ("4.5248", "4.4235", "4.3718", "4.3545", "4.3457")),
    ("small", ("4.9922", "5.1566", "5.2405", "5.2687", "5.2829")),
    ("lucky6", ("17.4183", "16.9864", "16.7825", "16.7163", "16.6836")),
    ("lucky6_12_23", ("12.4980", "12.0280", "11.8062", "11.7341", "11.6985")),
    ("super6", ("30.5389", "30.2087", "30.0528", "30.0022", "29.9772")),
    ("super6_15", ("14.5094", "14.1031", "13.9112", "13.8489", "13.8181")),
]
EXCLUDING_TIES = {
    "banker": ("1.1162", "1.1472", "1.1620", "1.1668", "1.1692"),
    "player": ("1.4192", "1.3875", "1.3723", "1.3674", "1.3650"),
}

EXACT_EDGES = {  # Banker 5%, Player, Tie 8:1
    1: ("49303/4873050", "163679/12724075", "2003549/12724075"),
    2: ("295577956/28450904625", "214484264/17070542775", "18996096/126448465"),
    4: ("268987976/25576620615", "2435626672/196087424715", "9537459304/65362474905"),
    6: ("460294100/43594702723", "18880657128/1525814595305", "220299549488/1525814595305"),
    8: ("114753351728/10847218479825", "241149546272/19524993263685", "103841353768/723147898655"),
}

BANKER_WINS_WITH = {  # total: weights for 1, 2, 4, 6, 8 decks
    1: (
        "68,763,392",
        "5,230,898,688",
        "364,132,763,648",
        "4,264,128,824,832",
        "24,291,119,898,624",
    ),
    2: (
        "126,449,536",
        "9,619,032,064",
        "669,712,273,408",
        "7,843,189,948,416",
        "44,681,581,871,104",
    ),
    3: (
        "212,979,552",
        "15,910,275,968",
        "1,097,909,706,240",
        "12,820,164,239,232",
        "72,927,778,568,192",
    ),
    4: (
        "472,743,616",
        "35,513,163,520",
        "2,456,577,620,992",
        "28,706,863,470,336",
        "163,359,790,133,248",
    ),
    5: (
        "644,022,336",
        "47,635,547,392",
        "3,270,781,252,608",
        "38,128,872,750,336",
        "216,715,928,915,968",
    ),
    6: (
        "783,208,320",
        "58,652,294,144",
        "4,051,425,361,920",
        "47,322,230,031,360",
        "269,232,304,455,680",
    ),
    7: (
        "1,140,811,808",
        "84,445,741,184",
        "5,799,402,799,616",
        "67,608,812,078,208",
        "384,279,324,919,808",
    ),
    8: (
        "1,543,155,264",
        "115,488,618,752",
        "7,975,204,439,040",
        "93,145,507,893,504",
        "529,914,458,673,152",
    ),
    9: (
        "1,745,098,816",
        "129,048,156,416",
        "8,858,478,650,368",
        "103,255,981,998,336",
        "586,850,279,002,112",
    ),
}
BANKER_WINS_8D_PROBABILITY = {
    1: "0.004860",
    2: "0.008939",
    3: "0.014590",
    4: "0.032682",
    5: "0.043357",
    6: "0.053864",
    7: "0.076880",
    8: "0.106017",
    9: "0.117408",
}

SPECIAL_EVENTS: dict[str, tuple[Callable[[CoupSignature], bool], tuple[str, ...]]] = {
    "dragon 7": (
        lambda s: s.winner is Winner.BANKER and (s.banker_total, s.banker_cards) == (7, 3),
        (
            "330,417,504",
            "24,627,590,528",
            "1,697,007,097,344",
            "19,805,383,926,144",
            "112,633,011,329,024",
        ),
    ),
    "panda 8": (
        lambda s: s.winner is Winner.PLAYER and (s.player_total, s.player_cards) == (8, 3),
        (
            "503,949,952",
            "37,663,599,616",
            "2,599,300,440,064",
            "30,352,294,536,192",
            "172,660,763,262,976",
        ),
    ),
    "banker wins with 2-card 6": (
        lambda s: s.winner is Winner.BANKER and (s.banker_total, s.banker_cards) == (6, 2),
        (
            "542,804,128",
            "40,595,296,896",
            "2,802,398,824,960",
            "32,726,541,207,168",
            "186,173,936,904,192",
        ),
    ),
    "banker wins with 3-card 6": (
        lambda s: s.winner is Winner.BANKER and (s.banker_total, s.banker_cards) == (6, 3),
        (
            "240,404,192",
            "18,056,997,248",
            "1,249,026,536,960",
            "14,595,688,824,192",
            "83,058,367,551,488",
        ),
    ),
    "4 cards dealt": (
        lambda s: s.card_count == 4,
        (
            "5,570,551,296",
            "414,471,340,800",
            "28,540,630,927,872",
            "333,025,560,274,176",
            "1,893,735,611,458,560",
        ),
    ),
    "5 cards dealt": (
        lambda s: s.card_count == 5,
        (
            "4,477,116,224",
            "332,454,304,512",
            "22,870,191,561,728",
            "266,771,777,612,544",
            "1,516,734,808,780,800",
        ),
    ),
    "6 cards dealt": (
        lambda s: s.card_count == 6,
        (
            "4,610,466,880",
            "345,589,092,288",
            "23,886,748,600,960",
            "279,071,869,008,960",
            "1,587,927,855,264,000",
        ),
    ),
}

EGALITE_8D = {  # tie total: (weight, probability, house edge %)
    0: ("28,979,901,420,544", "0.005798", "12.4527"),
    1: ("20,499,217,668,352", "0.004101", "11.4150"),
    2: ("20,006,606,104,576", "0.004003", "9.5412"),
    3: ("22,250,510,129,408", "0.004452", "10.5243"),
    4: ("36,294,133,463,040", "0.007261", "12.1401"),
    5: ("39,684,046,743,808", "0.007939", "11.8732"),
    6: ("96,170,001,308,416", "0.019240", "11.4952"),
    7: ("101,717,538,899,968", "0.020350", "6.3899"),
    8: ("54,879,416,675,072", "0.010979", "11.0669"),
    9: ("55,146,054,060,032", "0.011033", "10.6348"),
}

PAIR_EVENTS = {  # sequences, player pair, either pair, both pairs, then the same for suited
    1: ("6,497,400", "382,200", "741,624", "22,776", "0", "0", "0"),
    2: ("110,355,024", "7,499,856", "14,488,656", "511,056", "1,071,408", "2,132,208", "10,608"),
    4: (
        "1,818,254,880",
        "131,757,600",
        "253,961,760",
        "9,553,440",
        "26,351,520",
        "52,319,904",
        "383,136",
    ),
    6: (
        "9,294,695,280",
        "687,389,040",
        "1,323,928,944",
        "50,849,136",
        "149,432,400",
        "296,459,280",
        "2,405,520",
    ),
    8: (
        "29,518,332,480",
        "2,204,983,872",
        "4,245,234,240",
        "164,733,504",
        "497,899,584",
        "987,395,136",
        "8,404,032",
    ),
}

DRAGON_BONUS_8D = {  # outcome: (player side, banker side)
    "win_by_9": ("18,409,431,764,992", "15,390,342,909,952"),
    "win_by_8": ("34,097,645,543,424", "28,305,092,784,128"),
    "win_by_7": ("89,590,261,473,280", "79,517,099,278,336"),
    "win_by_6": ("141,238,897,317,888", "119,200,072,366,080"),
    "win_by_5": ("166,169,165,987,840", "157,275,882,332,160"),
    "win_by_4": ("186,780,352,174,080", "201,147,167,287,296"),
    "natural_win": ("812,685,054,124,032", "812,685,054,124,032"),
    "natural_tie": ("89,325,908,267,520", "89,325,908,267,520"),
    "win_by_3": ("214,290,946,349,056", "248,241,016,612,864"),
    "win_by_2": ("252,896,253,614,080", "291,093,387,790,336"),
    "win_by_1": ("314,360,274,243,584", "339,397,450,952,704"),
    "tie": ("386,301,518,205,696", "386,301,518,205,696"),
    "loss": ("2,292,252,566,437,888", "2,230,518,282,592,256"),
}


def rounded(value: Fraction, places: int) -> str:
    scaled = value * 10**places
    whole = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)
    return f"{whole // 10**places}.{whole % 10**places:0{places}d}"


@pytest.mark.parametrize("decks", DECKS)
def test_total_and_main_weights(decks: int, weights_by_decks: dict[int, CoupWeights]) -> None:
    weights = weights_by_decks[decks]
    total, banker, player, tie = (number(text) for text in MAIN_WEIGHTS[decks])
    assert weights.total == total
    assert weights.weight(lambda s: s.winner is Winner.BANKER) == banker
    assert weights.weight(lambda s: s.winner is Winner.PLAYER) == player
    assert weights.weight(lambda s: s.winner is Winner.TIE) == tie


@pytest.mark.parametrize("decks", DECKS)
def test_main_probabilities(decks: int, odds_by_decks: dict[int, ShoeOdds]) -> None:
    chances = odds_by_decks[decks].main_probabilities()
    got = tuple(rounded(chances[w], 9) for w in (Winner.BANKER, Winner.PLAYER, Winner.TIE))
    assert got == MAIN_PROBABILITIES[decks]


@pytest.mark.parametrize("decks", DECKS)
def test_exact_house_edges(decks: int, odds_by_decks: dict[int, ShoeOdds]) -> None:
    odds = odds_by_decks[decks]
    got = tuple(str(odds.evaluate(name).house_edge) for name in ("banker", "player", "tie"))
    assert got == EXACT_EDGES[decks]


@pytest.mark.parametrize(("name", "edges"), HOUSE_EDGES)
def test_house_edge_table(
    name: str, edges: tuple[str, ...], odds_by_decks: dict[int, ShoeOdds]
) -> None:
    got = tuple(percent4(odds_by_decks[decks].evaluate(name).house_edge) for decks in DECKS)
    assert got == edges


@pytest.mark.parametrize(("name", "edges"), sorted(EXCLUDING_TIES.items()))
def test_house_edge_excluding_ties(
    name: str, edges: tuple[str, ...], odds_by_decks: dict[int, ShoeOdds]
) -> None:
    got = tuple(
        percent4(odds_by_decks[decks].evaluate(name).edge_per_resolved_bet) for decks in DECKS
    )
    assert got == edges


@pytest.mark.parametrize("total", range(1, 10))
def test_banker_wins_by_total(total: int, weights_by_decks: dict[int, CoupWeights]) -> None:
    got = tuple(
        weights_by_decks[decks].weight(
            lambda s: s.winner is Winner.BANKER and s.banker_total == total
        )
        for decks in DECKS
    )
    assert got == tuple(number(text) for text in BANKER_WINS_WITH[total])
    chance = weights_by_decks[8].probability(
        lambda s: s.winner is Winner.BANKER and s.banker_total == total
    )
    assert rounded(chance, 6) == BANKER_WINS_8D_PROBABILITY[total]


@pytest.mark.parametrize("event", sorted(SPECIAL_EVENTS))
def test_special_events(event: str, weights_by_decks: dict[int, CoupWeights]) -> None:
    predicate, expected = SPECIAL_EVENTS[event]
    got = tuple(weights_by_decks[decks].weight(predicate) for decks in DECKS)
    assert got == tuple(number(text) for text in expected)


def test_card_count_probabilities_match_wizard(weights_by_decks: dict[int, CoupWeights]) -> None:
    """[WoO-SB] 4-5-6 bet: P(4, 5, 6 cards), 8 and 6 decks (baccarat.md §1.3)."""
    published = {8: ("0.378868", "0.303444", "0.317687"), 6: ("0.378925", "0.303540", "0.317535")}
    for decks, expected in published.items():
        weights = weights_by_decks[decks]
        got = tuple(rounded(weights.probability(partial(has_cards, count=n)), 6) for n in (4, 5, 6))
        assert got == expected


def test_egalite_ties_by_total(odds_by_decks: dict[int, ShoeOdds]) -> None:
    odds = odds_by_decks[8]
    for total, (weight, chance, edge) in EGALITE_8D.items():

        def tie_on(s: CoupSignature, total: int = total) -> bool:
            return s.winner is Winner.TIE and s.player_total == total

        assert odds.coup.weight(tie_on) == number(weight)
        assert rounded(odds.coup.probability(tie_on), 6) == chance
        assert percent4(odds.evaluate(f"egalite_{total}").house_edge) == edge


def has_cards(signature: CoupSignature, count: int) -> bool:
    return signature.card_count == count


def is_dragon_bonus_outcome(signature: CoupSignature, side: Winner, outcome: str) -> bool:
    return dragon_bonus_outcome(signature, side) == outcome


def dragon_bonus_outcome(signature: CoupSignature, side: Winner) -> str:
    """Written from the §1.2 outcome list, independently of the bet definitions."""
    mine = signature.player_total if side is Winner.PLAYER else signature.banker_total
    theirs = signature.banker_total if side is Winner.PLAYER else signature.player_total
    if signature.natural:
        if mine == theirs:
            return "natural_tie"
        return "natural_win" if mine > theirs else "loss"
    if mine == theirs:
        return "tie"
    return f"win_by_{mine - theirs}" if mine > theirs else "loss"


@pytest.mark.parametrize("side", [Winner.PLAYER, Winner.BANKER])
def test_dragon_bonus_outcome_weights(side: Winner, odds_by_decks: dict[int, ShoeOdds]) -> None:
    odds = odds_by_decks[8]
    column = 0 if side is Winner.PLAYER else 1
    pays = {"win_by_9": 30, "win_by_8": 10, "win_by_7": 6, "win_by_6": 4, "win_by_5": 2}
    pays |= {"win_by_4": 1, "natural_win": 1, "natural_tie": 0}
    expected_by_payout: dict[Fraction, int] = {}
    for outcome, weights in DRAGON_BONUS_8D.items():
        weight = odds.coup.weight(partial(is_dragon_bonus_outcome, side=side, outcome=outcome))
        assert weight == number(weights[column]), outcome
        payout = Fraction(pays.get(outcome, -1))
        expected_by_payout[payout] = expected_by_payout.get(payout, 0) + weight
    priced = odds.evaluate(f"dragon_bonus_{side.value}")
    assert dict(zip(priced.payouts, priced.weights, strict=True)) == expected_by_payout


@pytest.mark.parametrize("decks", DECKS)
def test_pair_events(decks: int) -> None:
    pairs = pair_weights(full_shoe(decks))
    any_pair = {PairKind.PAIR, PairKind.SUITED}
    suited = {PairKind.SUITED}
    player = pairs.weight(player=any_pair)
    both = pairs.weight(player=any_pair, banker=any_pair)
    either = player + pairs.weight(banker=any_pair) - both
    player_suited = pairs.weight(player=suited)
    both_suited = pairs.weight(player=suited, banker=suited)
    either_suited = player_suited + pairs.weight(banker=suited) - both_suited
    got = (pairs.total, player, either, both, player_suited, either_suited, both_suited)
    assert got == tuple(number(text) for text in PAIR_EVENTS[decks])
