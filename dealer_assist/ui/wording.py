"""The table's words in the screen's language, through Qt's translation system.

The controller speaks English ("BANKER WINS 7 TO 5", "Player shows 6, Banker has 7"): that text
is the record, and this module only *reads* it. Each known pattern becomes a translatable
template with its numbers and hand names filled back in; text that matches no pattern is shown
as it is, so a new message from the core is never lost, only untranslated. When no translation
is loaded the English original is returned unchanged.

Every translatable string is a literal in a ``translate`` or ``QT_TRANSLATE_NOOP`` call, so
``pyside6-lupdate`` finds it (see docs/ui.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

_CTX = "Wording"


def QT_TRANSLATE_NOOP(context: str, source: str) -> str:
    """Mark ``source`` for translation in ``context``; return it unchanged (typed, unlike
    PySide6's own)."""
    return source


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CTX, text)


def _fill(template: str, *args: str) -> str:
    for number, value in enumerate(args, 1):
        template = template.replace(f"%{number}", value)
    return template


HANDS = {
    "player": QT_TRANSLATE_NOOP("Wording", "Player"),
    "banker": QT_TRANSLATE_NOOP("Wording", "Banker"),
    "tie": QT_TRANSLATE_NOOP("Wording", "Tie"),
    "right": QT_TRANSLATE_NOOP("Wording", "Right"),
    "left": QT_TRANSLATE_NOOP("Wording", "Left"),
}
HANDS_UPPER = {
    "player": QT_TRANSLATE_NOOP("Wording", "PLAYER"),
    "banker": QT_TRANSLATE_NOOP("Wording", "BANKER"),
    "right": QT_TRANSLATE_NOOP("Wording", "RIGHT"),
    "left": QT_TRANSLATE_NOOP("Wording", "LEFT"),
}

BETS = {
    "banker": QT_TRANSLATE_NOOP("Wording", "Banker"),
    "player": QT_TRANSLATE_NOOP("Wording", "Player"),
    "tie": QT_TRANSLATE_NOOP("Wording", "Tie"),
    "player_pair": QT_TRANSLATE_NOOP("Wording", "Player Pair"),
    "banker_pair": QT_TRANSLATE_NOOP("Wording", "Banker Pair"),
    "either_pair": QT_TRANSLATE_NOOP("Wording", "Either Pair"),
    "perfect_pair": QT_TRANSLATE_NOOP("Wording", "Perfect Pair"),
    "dragon_bonus_player": QT_TRANSLATE_NOOP("Wording", "Dragon Bonus Player"),
    "dragon_bonus_banker": QT_TRANSLATE_NOOP("Wording", "Dragon Bonus Banker"),
    "big": QT_TRANSLATE_NOOP("Wording", "Big"),
    "small": QT_TRANSLATE_NOOP("Wording", "Small"),
    "lucky6": QT_TRANSLATE_NOOP("Wording", "Lucky 6"),
    "right": QT_TRANSLATE_NOOP("Wording", "Right"),
    "left": QT_TRANSLATE_NOOP("Wording", "Left"),
    "a_cheval": QT_TRANSLATE_NOOP("Wording", "À cheval"),
}

# The words a punter says to take the whole bank (Chemin de Fer), as the rules record them.
CALLS = {
    "Banco": QT_TRANSLATE_NOOP("Wording", "Banco"),
    "Banco Suivi": QT_TRANSLATE_NOOP("Wording", "Banco Suivi"),
    "Suivi": QT_TRANSLATE_NOOP("Wording", "Suivi"),
    "Banco Seul": QT_TRANSLATE_NOOP("Wording", "Banco Seul"),
}

RESULTS = {
    "win": QT_TRANSLATE_NOOP("Wording", "win"),
    "lose": QT_TRANSLATE_NOOP("Wording", "lose"),
    "push": QT_TRANSLATE_NOOP("Wording", "push"),
    "standoff": QT_TRANSLATE_NOOP("Wording", "stand-off"),
}

ALERTS = {
    "device_lost": QT_TRANSLATE_NOOP("Wording", "Device lost"),
    "unreadable_card": QT_TRANSLATE_NOOP("Wording", "Unreadable card"),
    "duplicate": QT_TRANSLATE_NOOP("Wording", "Duplicate card"),
    "foreign": QT_TRANSLATE_NOOP("Wording", "Foreign card"),
    "unshuffled": QT_TRANSLATE_NOOP("Wording", "Shoe not shuffled"),
    "extra_card": QT_TRANSLATE_NOOP("Wording", "Extra card"),
    "wrong_hand": QT_TRANSLATE_NOOP("Wording", "Card to the wrong hand"),
    "unknown_hand": QT_TRANSLATE_NOOP("Wording", "Card to a hand this game has not"),
    "decision_due": QT_TRANSLATE_NOOP("Wording", "Card before the decision"),
    "hand_stands": QT_TRANSLATE_NOOP("Wording", "Card to a standing hand"),
    "card_before_turn": QT_TRANSLATE_NOOP("Wording", "Card before the cards are turned"),
    "card_while_held": QT_TRANSLATE_NOOP("Wording", "Card while the table is held"),
    "no_shoe": QT_TRANSLATE_NOOP("Wording", "No shoe in play"),
    "no_coup_due": QT_TRANSLATE_NOOP("Wording", "No coup may start"),
    "shoe_empty": QT_TRANSLATE_NOOP("Wording", "Shoe empty"),
    "advantage_play": QT_TRANSLATE_NOOP("Wording", "Bet favours the players"),
    "misdeal": QT_TRANSLATE_NOOP("Wording", "Misdeal"),
    "bets_open": QT_TRANSLATE_NOOP("Wording", "Card before no more bets"),
    "card_misplaced": QT_TRANSLATE_NOOP("Wording", "Card in the wrong place"),
    "camera_card_differs": QT_TRANSLATE_NOOP("Wording", "The camera sees another card"),
    "card_not_dealt": QT_TRANSLATE_NOOP("Wording", "Card the shoe did not deal"),
    "card_out_of_order": QT_TRANSLATE_NOOP("Wording", "Cards laid out of order"),
    "camera_uncertain": QT_TRANSLATE_NOOP("Wording", "The camera cannot confirm"),
    "camera_moved": QT_TRANSLATE_NOOP("Wording", "Camera moved"),
    "camera_slow": QT_TRANSLATE_NOOP("Wording", "Camera falling behind"),
    "program_verification_failed": QT_TRANSLATE_NOOP("Wording", "Program verification failed"),
    "clock_unsynchronised": QT_TRANSLATE_NOOP("Wording", "Clock not synchronised"),
    "journal_disk_full": QT_TRANSLATE_NOOP("Wording", "Journal disk nearly full"),
    "watchdog_restart": QT_TRANSLATE_NOOP("Wording", "The table was restarted"),
}

# What each alert means, in one sentence: shown in place of the table's own message when no
# pattern below knows that message (a device's words, a check's detail), which then stays
# beneath it as the original for IT. Every code the table raises has one (tests/ui).
SUMMARIES = {
    "device_lost": QT_TRANSLATE_NOOP("Wording", "A card device stopped answering"),
    "unreadable_card": QT_TRANSLATE_NOOP("Wording", "A device saw a card it could not read"),
    "duplicate": QT_TRANSLATE_NOOP(
        "Wording", "A card came out more often than the shoe holds it (a duplicate)"
    ),
    "foreign": QT_TRANSLATE_NOOP(
        "Wording", "A card that is not in this shoe's decks came out (check the deck set)"
    ),
    "unshuffled": QT_TRANSLATE_NOOP(
        "Wording", "The cards come out in an order a shuffled shoe would not give"
    ),
    "extra_card": QT_TRANSLATE_NOOP(
        "Wording", "A card came out after the coup was complete: it is an extra card"
    ),
    "wrong_hand": QT_TRANSLATE_NOOP("Wording", "A card was dealt to the wrong hand"),
    "unknown_hand": QT_TRANSLATE_NOOP("Wording", "A card was dealt to a hand this game has not"),
    "decision_due": QT_TRANSLATE_NOOP(
        "Wording", "A card came out before the hand chose to draw or stand"
    ),
    "hand_stands": QT_TRANSLATE_NOOP("Wording", "A card was dealt to a hand that stands"),
    "card_before_turn": QT_TRANSLATE_NOOP(
        "Wording", "A card came out before the face-down cards were turned"
    ),
    "card_while_held": QT_TRANSLATE_NOOP("Wording", "A card came out while the table is held"),
    "no_shoe": QT_TRANSLATE_NOOP("Wording", "A card was read but the shoe has ended"),
    "no_coup_due": QT_TRANSLATE_NOOP("Wording", "A card came out but no coup may start"),
    "shoe_empty": QT_TRANSLATE_NOOP("Wording", "Every card of the shoe is out"),
    "advantage_play": QT_TRANSLATE_NOOP(
        "Wording", "A bet now favours the players with the cards left in the shoe"
    ),
    "misdeal": QT_TRANSLATE_NOOP("Wording", "The coup was misdealt"),
    "bets_open": QT_TRANSLATE_NOOP("Wording", 'A card came out before "no more bets"'),
    "card_misplaced": QT_TRANSLATE_NOOP("Wording", "A card lies on the wrong hand: move it"),
    "camera_card_differs": QT_TRANSLATE_NOOP(
        "Wording", "The camera sees another card than the shoe read"
    ),
    "card_not_dealt": QT_TRANSLATE_NOOP(
        "Wording", "The camera sees a card the shoe did not deal in this coup"
    ),
    "card_out_of_order": QT_TRANSLATE_NOOP(
        "Wording", "A card was laid out in another order than the shoe dealt it"
    ),
    "camera_uncertain": QT_TRANSLATE_NOOP("Wording", "The camera could not read a card"),
    "camera_moved": QT_TRANSLATE_NOOP("Wording", "The camera moved and recalibrated itself"),
    "camera_slow": QT_TRANSLATE_NOOP("Wording", "The camera reads cards later than they come"),
    "program_verification_failed": QT_TRANSLATE_NOOP(
        "Wording", "The table's program files do not match the signed release"
    ),
    "clock_unsynchronised": QT_TRANSLATE_NOOP(
        "Wording", "The table computer's clock is not synchronised"
    ),
    "journal_disk_full": QT_TRANSLATE_NOOP("Wording", "The journal's disk is nearly full"),
    "watchdog_restart": QT_TRANSLATE_NOOP(
        "Wording", "The table stopped answering and was restarted"
    ),
}
# A fix worded from the alert's cards ("Move 7♥ to the Banker ...") has no entry in FIXES: its
# code's own fix is shown instead.
CODE_FIXES = {
    "card_misplaced": QT_TRANSLATE_NOOP(
        "Wording",
        "Move the card to the hand it belongs to, then acknowledge; or a supervisor voids the coup",
    ),
    "camera_card_differs": QT_TRANSLATE_NOOP(
        "Wording",
        "A supervisor checks the card on the layout: if the shoe is right, override; if the "
        "camera is right, correct the card, then override; or void the coup",
    ),
}
# An alert whose code the screens do not know (a command the shoe's button sent, refused).
OTHER_ALERT = QT_TRANSLATE_NOOP("Wording", "The table refused a command")

FIXES = {
    text: text
    for text in (
        QT_TRANSLATE_NOOP(
            "Wording", "Deal no card until it is back, or deal by hand and enter cards"
        ),
        QT_TRANSLATE_NOOP("Wording", "Check the device; the card was not taken"),
        QT_TRANSLATE_NOOP(
            "Wording", "Deal on: the camera recalibrated itself; tell IT if it keeps moving"
        ),
        QT_TRANSLATE_NOOP(
            "Wording", "Deal on: cards are read later; tell IT the table computer is too slow"
        ),
        QT_TRANSLATE_NOOP("Wording", "A supervisor keys in the card, or voids the coup"),
        QT_TRANSLATE_NOOP("Wording", "Set the card aside; start a new shoe"),
        QT_TRANSLATE_NOOP(
            "Wording",
            "Set the card aside (it does not go back in the shoe); resolve the alert first",
        ),
        QT_TRANSLATE_NOOP(
            "Wording",
            "Set the card aside and deal the next one, or a supervisor accepts it "
            "or voids the coup",
        ),
        QT_TRANSLATE_NOOP("Wording", "Set the card aside"),
        QT_TRANSLATE_NOOP(
            "Wording", "Set the card aside; close the bank's calls and stakes, then deal"
        ),
        QT_TRANSLATE_NOOP("Wording", "Burn the extra card: it is out of play"),
        QT_TRANSLATE_NOOP("Wording", "Set it aside, or a supervisor voids the coup"),
        QT_TRANSLATE_NOOP(
            "Wording", "A supervisor accepts the card (the hand draws), or sets it aside, or voids"
        ),
        QT_TRANSLATE_NOOP(
            "Wording", "Move the card to the hand the tableau calls, or a supervisor voids the coup"
        ),
        QT_TRANSLATE_NOOP(
            "Wording", "Stop the game and call the pit: the shoe may not have been shuffled"
        ),
        QT_TRANSLATE_NOOP(
            "Wording", "Tell the pit: the bet may be closed for the rest of the shoe"
        ),
        QT_TRANSLATE_NOOP("Wording", "Check the layout: no other card belongs to this coup"),
        QT_TRANSLATE_NOOP("Wording", "Check the card on the layout; the shoe's card stands"),
        QT_TRANSLATE_NOOP("Wording", "Lay each card on the layout as it comes out of the shoe"),
        QT_TRANSLATE_NOOP(
            "Wording",
            "Take the card off the layout and call the supervisor; or a supervisor voids the coup",
        ),
        QT_TRANSLATE_NOOP(
            "Wording",
            "No card is dealt: the technician checks the table computer and re-verifies",
        ),
        QT_TRANSLATE_NOOP(
            "Wording",
            "Deal on; tell IT: the table's clock is not synchronised (journal times may drift)",
        ),
        QT_TRANSLATE_NOOP("Wording", "Deal on; tell IT now: the journal's disk is nearly full"),
        QT_TRANSLATE_NOOP(
            "Wording",
            "Keep the card face down and apart; turn the cards, then a supervisor accepts it "
            "(the tableau places it) or sets it aside; or voids the coup",
        ),
        QT_TRANSLATE_NOOP(
            "Wording",
            "Check the table and the last coup; tell IT: the table was restarted because it "
            "stopped answering",
        ),
    )
}

OPTIONS = {
    "acknowledge": QT_TRANSLATE_NOOP("Wording", "Acknowledge"),
    "set_aside": QT_TRANSLATE_NOOP("Wording", "Card set aside"),
    "accept_card": QT_TRANSLATE_NOOP("Wording", "Accept the card"),
    "enter_card": QT_TRANSLATE_NOOP("Wording", "Key in the card"),
    "void_coup": QT_TRANSLATE_NOOP("Wording", "Void the coup"),
    "override": QT_TRANSLATE_NOOP("Wording", "Override"),
    "reverify": QT_TRANSLATE_NOOP("Wording", "Re-verify (technician)"),
}

DEVICE_STATUS = {
    "connecting": QT_TRANSLATE_NOOP("Wording", "connecting"),
    "connected": QT_TRANSLATE_NOOP("Wording", "connected"),
    "lost": QT_TRANSLATE_NOOP("Wording", "LOST"),
    "recovering": QT_TRANSLATE_NOOP("Wording", "recovering"),
    "closed": QT_TRANSLATE_NOOP("Wording", "closed"),
}

CHOICES = {
    "draw": QT_TRANSLATE_NOOP("Wording", "Draw"),
    "stand": QT_TRANSLATE_NOOP("Wording", "Stand"),
}

REJECTIONS = {
    "below_minimum": QT_TRANSLATE_NOOP("Wording", "Below the table minimum"),
    "above_maximum": QT_TRANSLATE_NOOP("Wording", "Above the table maximum"),
    "no_more_bets": QT_TRANSLATE_NOOP("Wording", "No more bets"),
    "no_last_bet": QT_TRANSLATE_NOOP("Wording", "No last bet to repeat"),
    "box_empty": QT_TRANSLATE_NOOP("Wording", "The commission box is empty"),
    "supervisor_required": QT_TRANSLATE_NOOP("Wording", "Needs a supervisor"),
    "unknown_bet": QT_TRANSLATE_NOOP("Wording", "This table has no such bet"),
    "bad_amount": QT_TRANSLATE_NOOP("Wording", "Not an amount"),
    "technician_required": QT_TRANSLATE_NOOP("Wording", "Needs the technician"),
    "program_verification_failed": QT_TRANSLATE_NOOP("Wording", "Program verification failed"),
    "no_program_check": QT_TRANSLATE_NOOP("Wording", "This table has no program verification"),
}


# The table's default name, and the variants by name: the names casinos print on the layout.
TABLE_NAMES = {"Baccarat": QT_TRANSLATE_NOOP("Wording", "Baccarat")}
VARIANTS = {
    "punto-banco": QT_TRANSLATE_NOOP("Wording", "Punto Banco (5% commission)"),
    "no-commission": QT_TRANSLATE_NOOP(
        "Wording", "No-commission Punto Banco (a Banker win on 6 pays half)"
    ),
    "ez-baccarat": QT_TRANSLATE_NOOP(
        "Wording", "EZ Baccarat (a three-card Banker 7 pushes Banker bets)"
    ),
    "chemin-de-fer": QT_TRANSLATE_NOOP("Wording", "Chemin de Fer"),
    "banque": QT_TRANSLATE_NOOP("Wording", "Baccarat Banque (à deux tableaux)"),
}


def _lookup(table: dict[str, str], key: str, fallback: str) -> str:
    source = table.get(key)
    return _tr(source) if source is not None else fallback


def hand_name(hand: str) -> str:
    return _lookup(HANDS, hand, hand.capitalize())


INITIALS = {
    "banker": QT_TRANSLATE_NOOP("Initials", "B"),
    "player": QT_TRANSLATE_NOOP("Initials", "P"),
    "tie": QT_TRANSLATE_NOOP("Initials", "T"),
}


def hand_initial(hand: str) -> str:
    """The one character a bead shows for a winner."""
    source = INITIALS.get(hand)
    return QCoreApplication.translate("Initials", source) if source else hand[:1].upper()


def hand_upper(hand: str) -> str:
    return _lookup(HANDS_UPPER, hand.lower(), hand.upper())


def table_name(name: str) -> str:
    """The table's name: the default one in the screen's language, a casino's own as it is."""
    return _lookup(TABLE_NAMES, name, name)


def variant_title(variant: str, title: str) -> str:
    """A variant's title in the screen's language; ``title`` (the variant file's own) when the
    variant is not one of ours, or its title was changed."""
    source = VARIANTS.get(variant)
    return _tr(source) if source == title else title


def bet_name(name: str) -> str:
    if name.startswith("egalite_"):
        return _fill(
            QCoreApplication.translate("Wording", "Égalité %1"), name.removeprefix("egalite_")
        )
    return _lookup(BETS, name, name.replace("_", " ").capitalize())


def call_name(call: str) -> str:
    return _lookup(CALLS, call, call)


def result_name(result: str) -> str:
    return _lookup(RESULTS, result, result)


def in_english() -> bool:
    """Whether the screens speak English now (no translation loaded)."""
    return _tr(OTHER_ALERT) == OTHER_ALERT


PIT_MESSAGE = QT_TRANSLATE_NOOP("Wording", "Message from the pit")


def pit_message(text: str, by: str) -> str:
    """A message from the pit boss to the croupier, under its title; the words are the pit
    boss's own, shown as sent."""
    return f"{_tr(PIT_MESSAGE)} ({by}): {text}"


def alert_title(code: str) -> str:
    """The alert's title; a code the screens do not know says so in the screen's language
    (in English, the code in words)."""
    if code in ALERTS:
        return _tr(ALERTS[code])
    return code.replace("_", " ").capitalize() if in_english() else _tr(OTHER_ALERT)


def alert_fix(fix: str, code: str = "") -> str:
    """The alert's fix in the screen's language: the known sentence, else its code's own fix;
    the table's words when neither is known."""
    if fix in FIXES:
        return _tr(FIXES[fix])
    source = CODE_FIXES.get(code)
    translated = _tr(source) if source is not None else fix
    return fix if source is not None and translated == source else translated


def option_label(option: str) -> str:
    return _lookup(OPTIONS, option, option.replace("_", " ").capitalize())


def device_status(status: str) -> str:
    return _lookup(DEVICE_STATUS, status, status)


def choice_label(choice: str) -> str:
    return _lookup(CHOICES, choice, choice.capitalize())


def rejection(code: str, message: str) -> str:
    """A refused command: the headline in the screen's language, then the table's own words."""
    headline = REJECTIONS.get(code)
    if headline is None:
        return message
    translated = _tr(headline)
    if translated == headline:
        return message  # English: the message says it all
    return f"{translated}: {message}"


# --- the instruction and the call --------------------------------------------------------------

Rule = tuple["re.Pattern[str]", Callable[["re.Match[str]"], str | None]]


def _template(source: str, *args: str) -> str | None:
    """The translated template filled in; None when there is no translation (keep English)."""
    translated = _tr(source)
    if translated == source:
        return None
    return _fill(translated, *args)


def _burn(m: re.Match[str]) -> str | None:
    return _template(QT_TRANSLATE_NOOP("Wording", "BURN %1 MORE CARD(S)"), m[1])


def _hold(m: re.Match[str]) -> str | None:
    title = alert_title(m[1].lower().replace(" ", "_"))
    return _template(QT_TRANSLATE_NOOP("Wording", "HOLD: %1"), title.upper())


def _turn(m: re.Match[str]) -> str | None:
    return _template(QT_TRANSLATE_NOOP("Wording", "TURN THE %1 CARDS"), hand_upper(m[1]))


def _card_to(m: re.Match[str]) -> str | None:
    return _template(QT_TRANSLATE_NOOP("Wording", "CARD TO %1"), hand_upper(m[1]))


def _draws(m: re.Match[str]) -> str | None:
    return _template(QT_TRANSLATE_NOOP("Wording", "%1 DRAWS"), hand_upper(m[1]))


def _stands(m: re.Match[str]) -> str | None:
    return _template(QT_TRANSLATE_NOOP("Wording", "%1 STANDS"), hand_upper(m[1]))


def _choose(m: re.Match[str]) -> str | None:
    return _template(QT_TRANSLATE_NOOP("Wording", "%1: DRAW OR STAND?"), hand_upper(m[1]))


def _tie(m: re.Match[str]) -> str | None:
    if m[1]:
        return _template(QT_TRANSLATE_NOOP("Wording", "NATURAL EGALITE %1"), m[2])
    return _template(QT_TRANSLATE_NOOP("Wording", "EGALITE %1"), m[2])


def _natural(m: re.Match[str]) -> str | None:
    return _template(QT_TRANSLATE_NOOP("Wording", "NATURAL %1, %2 WINS"), m[1], hand_upper(m[2]))


def _wins(m: re.Match[str]) -> str | None:
    return _template(QT_TRANSLATE_NOOP("Wording", "%1 WINS %2 TO %3"), hand_upper(m[1]), m[2], m[3])


def _sides(m: re.Match[str]) -> str | None:
    verbs = {
        "WINS": QT_TRANSLATE_NOOP("Wording", "%1 WINS"),
        "LOSES": QT_TRANSLATE_NOOP("Wording", "%1 LOSES"),
        "STANDS OFF": QT_TRANSLATE_NOOP("Wording", "%1 STANDS OFF"),
    }
    parts = []
    for part in m[0].split(", "):
        hand, _, verb = part.partition(" ")
        text = _template(verbs[verb], hand_upper(hand))
        if text is None:
            return None
        parts.append(text)
    return QCoreApplication.translate("Wording", ", ").join(parts) if parts else None


def _fixed(source: str) -> Callable[[re.Match[str]], str | None]:
    return lambda _m: _template(source)


_HAND = r"(PLAYER|BANKER|RIGHT|LEFT)"
_INSTRUCTIONS: tuple[Rule, ...] = (
    (re.compile(r"PLACE YOUR BETS"), _fixed(QT_TRANSLATE_NOOP("Wording", "PLACE YOUR BETS"))),
    (
        re.compile(r"SHOE ENDED: START A NEW SHOE"),
        _fixed(QT_TRANSLATE_NOOP("Wording", "SHOE ENDED: START A NEW SHOE")),
    ),
    (
        re.compile(r"TURN THE FIRST CARD FOR THE BURN"),
        _fixed(QT_TRANSLATE_NOOP("Wording", "TURN THE FIRST CARD FOR THE BURN")),
    ),
    (re.compile(r"COUP VOID"), _fixed(QT_TRANSLATE_NOOP("Wording", "COUP VOID"))),
    (re.compile(r"BURN (\d+) MORE CARDS?"), _burn),
    (re.compile(r"HOLD: ([A-Z0-9 ]+)"), _hold),
    (re.compile(rf"TURN THE {_HAND} CARDS"), _turn),
    (re.compile(rf"CARD TO {_HAND}"), _card_to),
    (re.compile(rf"{_HAND} DRAWS"), _draws),
    (re.compile(rf"{_HAND} STANDS"), _stands),
    (re.compile(rf"{_HAND}: DRAW OR STAND\?"), _choose),
    (re.compile(r"(NATURAL )?EGALITE (\d)"), _tie),
    (re.compile(rf"NATURAL (\d), {_HAND} WINS"), _natural),
    (re.compile(rf"{_HAND} WINS (\d) TO (\d)"), _wins),
    (re.compile(rf"{_HAND} (WINS|LOSES|STANDS OFF)(, {_HAND} (WINS|LOSES|STANDS OFF))*"), _sides),
)

_CALLS: tuple[Rule, ...] = (
    (
        re.compile(r"(Player|Banker) shows (\d), (Player|Banker) has (\d)"),
        lambda m: _template(
            QT_TRANSLATE_NOOP("Wording", "%1 shows %2, %3 has %4"),
            hand_name(m[1].lower()),
            m[2],
            hand_name(m[3].lower()),
            m[4],
        ),
    ),
    (
        re.compile(r"Egalite, (\d) each"),
        lambda m: _template(QT_TRANSLATE_NOOP("Wording", "Egalite, %1 each"), m[1]),
    ),
    (
        re.compile(r"Banker has (\d); (.+)"),
        lambda m: _template(
            QT_TRANSLATE_NOOP("Wording", "Banker has %1; %2"),
            m[1],
            QCoreApplication.translate("Wording", ", ").join(
                f"{hand_name(side.split(' ')[0].lower())} {side.split(' ')[-1]}"
                for side in m[2].split(", ")
            ),
        ),
    ),
)


_MESSAGES: tuple[Rule, ...] = (
    (
        re.compile(r"(\S+) saw a card it could not read"),
        lambda m: _template(QT_TRANSLATE_NOOP("Wording", "%1 saw a card it could not read"), m[1]),
    ),
    (
        re.compile(r"(\S+) is lost: no answer"),
        lambda m: _template(QT_TRANSLATE_NOOP("Wording", "%1 is lost: no answer"), m[1]),
    ),
    (
        re.compile(r"(\S+) read but the shoe has ended"),
        lambda m: _template(QT_TRANSLATE_NOOP("Wording", "%1 read but the shoe has ended"), m[1]),
    ),
    (
        re.compile(r"(\S+) came out while the table is held"),
        lambda m: _template(
            QT_TRANSLATE_NOOP("Wording", "%1 came out while the table is held"), m[1]
        ),
    ),
    (
        re.compile(r'(\S+) came out before "no more bets"'),
        lambda m: _template(
            QT_TRANSLATE_NOOP("Wording", '%1 came out before "no more bets"'), m[1]
        ),
    ),
    (  # the live advantage check (table/analysis.py)
        re.compile(
            r"(\S+) now favours the players: ([+-]?[\d.]+)% per unit staked with (\d+) cards left"
        ),
        lambda m: _template(
            QT_TRANSLATE_NOOP(
                "Wording", "%1 now favours the players: %2% per unit staked with %3 cards left"
            ),
            bet_name(m[1]),
            m[2],
            m[3],
        ),
    ),
)

# A recalled coup's steps, as the table's state writes them (one pattern per kind of step).
_CARD = r"(\S+)"
_STEPS: tuple[Rule, ...] = (
    (
        re.compile(r"coup (\d+) of shoe (\d+); bets: none"),
        lambda m: _template(
            QT_TRANSLATE_NOOP("Wording", "coup %1 of shoe %2; no bets"), m[1], m[2]
        ),
    ),
    (
        re.compile(r"coup (\d+) of shoe (\d+); bets: (.+)"),
        lambda m: _template(
            QT_TRANSLATE_NOOP("Wording", "coup %1 of shoe %2; bets: %3"),
            m[1],
            m[2],
            QCoreApplication.translate("Wording", ", ").join(
                _seat_bet(part) for part in m[3].split(", ")
            ),
        ),
    ),
    (
        re.compile(rf"{_CARD} to the (player|banker|right|left)( face down)?"),
        lambda m: _template(
            QT_TRANSLATE_NOOP("Wording", "%1 to the %2 face down")
            if m[3]
            else QT_TRANSLATE_NOOP("Wording", "%1 to the %2"),
            m[1],
            hand_name(m[2]),
        ),
    ),
    (
        re.compile(r"(player|banker|right|left) cards turned"),
        lambda m: _template(QT_TRANSLATE_NOOP("Wording", "%1 cards turned"), hand_name(m[1])),
    ),
    (
        re.compile(r"complete: (.+); (.+)"),
        lambda m: _template(
            QT_TRANSLATE_NOOP("Wording", "complete: %1; %2"),
            QCoreApplication.translate("Wording", ", ").join(
                f"{hand_name(part.split(' ')[0])} {part.split(' ')[-1]}"
                for part in m[1].split(", ")
            ),
            QCoreApplication.translate("Wording", ", ").join(
                " ".join([hand_name(words[0])] + [result_name(word) for word in words[1:]])
                for words in (part.split(" ") for part in m[2].split(", "))
            ),
        ),
    ),
    (
        re.compile(r"seat (\d+) (\w+) ([\d.]+): (\w+), payout ([\d.]+), commission ([\d.]+)"),
        lambda m: _template(
            QT_TRANSLATE_NOOP("Wording", "seat %1 %2 %3: %4, payout %5, commission %6"),
            m[1],
            bet_name(m[2]),
            m[3],
            result_name(m[4]),
            m[5],
            m[6],
        ),
    ),
    (
        re.compile(r"cut card out; last coup (\d+)"),
        lambda m: _template(QT_TRANSLATE_NOOP("Wording", "cut card out; last coup %1"), m[1]),
    ),
)


def _seat_bet(text: str) -> str:
    """``seat 1 banker 25`` in the screen's language."""
    match = re.fullmatch(r"seat (\d+) (\w+) ([\d.]+)", text)
    if match is None:
        return text
    return (
        _template(
            QT_TRANSLATE_NOOP("Wording", "seat %1 %2 %3"), match[1], bet_name(match[2]), match[3]
        )
        or text
    )


def _translate(text: str, rules: tuple[Rule, ...]) -> str:
    for pattern, make in rules:
        match = pattern.fullmatch(text)
        if match is not None:
            return make(match) or text
    return text


def instruction(text: str) -> str:
    """The controller's instruction in the screen's language."""
    return _translate(text, _INSTRUCTIONS)


def call(text: str) -> str:
    """The call ("Player shows 6, Banker has 7") in the screen's language."""
    return _translate(text, _CALLS)


def alert_message(text: str) -> str:
    """An alert's message in the screen's language (the known ones; others as they are)."""
    return _translate(text, _MESSAGES)


def alert_texts(code: str, message: str) -> tuple[str, str]:
    """What the screen says about an alert: its message in the screen's language, and the
    table's original words for IT when the message is not one a pattern knows ("" in English
    or when translated). Unknown messages show their code's meaning instead."""
    translated = alert_message(message)
    if translated != message or in_english():
        return translated, ""
    source = SUMMARIES.get(code, OTHER_ALERT)
    return _tr(source), message


def step(text: str) -> str:
    """A recalled coup's step in the screen's language."""
    return _translate(text, _STEPS)
