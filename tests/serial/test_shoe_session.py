"""The host session, frame by frame: synchronisation, delivery, alerts, lights, timers."""

from __future__ import annotations

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.drivers.base import ButtonPressed as SourceButtonPressed
from dealer_assist.drivers.base import Want
from dealer_assist.drivers.shoe.protocol import (
    Acknowledge,
    Button,
    ButtonPressed,
    Direction,
    EpochReason,
    FaultCode,
    FrameEncoder,
    QueryStatus,
    ResetSequence,
    Sensor,
    SensorFault,
    SensorFlag,
    SetIndicator,
    UnlockExit,
    encode_frame,
)
from dealer_assist.drivers.shoe.protocol import (
    Indicator as Light,
)
from dealer_assist.drivers.shoe.protocol.framing import PAIRING_KEY
from dealer_assist.drivers.shoe.protocol.messages import Capability, Hello, ShoeMode
from dealer_assist.drivers.shoe.session import HostSession, light_for
from dealer_assist.rules.coup import Hand
from tests.serial.shoe_model import (
    KEY,
    ScriptedShoe,
    cards,
    faults,
    host_frames,
    indicator,
    sent,
    statuses,
)


def synced_session(shoe: ScriptedShoe, **options: object) -> HostSession:
    session = HostSession(key=KEY, source="test", **options)  # type: ignore[arg-type]
    opened = session.link_opened(0.0)
    (query,) = sent(opened)
    assert isinstance(query, QueryStatus)
    actions = session.feed(shoe.hello(query.nonce) + shoe.status(), 0.01)
    assert statuses(actions) == ["connected"]
    assert session.synced
    return session


def test_nothing_is_taken_before_the_shoe_answers_the_challenge() -> None:
    shoe = ScriptedShoe()
    session = HostSession(key=KEY, source="test")
    (query,) = sent(session.link_opened(0.0))
    early = shoe.send(shoe.event(parse_card("QH")))
    actions = session.feed(shoe.hello() + early, 0.01)  # an unsolicited HELLO: not proof
    assert cards(actions) == [] and not session.synced
    assert session.decoder.stats.unsynced == 2
    assert sent(session.tick(0.3)) == []
    (again,) = sent(session.tick(0.6))  # the retry, with a new nonce
    assert isinstance(again, QueryStatus) and again.nonce != query.nonce
    actions = session.feed(shoe.hello(again.nonce) + shoe.send(shoe.event(parse_card("9D"))), 0.7)
    assert statuses(actions) == ["connected"]
    # the shoe's queue starts with event 2 here, so the fresh host cannot vouch for event 1
    assert [c.card for c in cards(actions)] == [None]
    assert faults(actions) == ["card_gap"]


def test_every_card_is_acknowledged_once_dealt_and_duplicates_are_dropped() -> None:
    shoe = ScriptedShoe()
    session = synced_session(shoe)
    session.indicate(indicator(Want.CARD, Hand.PLAYER), 0.02)
    event = shoe.event(parse_card("QH"))
    actions = session.feed(shoe.send(event), 0.03)
    (card,) = cards(actions)
    assert card.card == parse_card("QH") and card.raw == event.encode_payload()
    assert sent(actions) == [Acknowledge.of(event)]  # no light: the table has not seen it yet
    again = session.feed(shoe.send(event), 0.3)  # the ACK was lost, the shoe resends
    assert cards(again) == []
    assert sent(again) == [Acknowledge.of(event)]
    assert session.counters["duplicate_cards"] == 1
    session.indicate(indicator(Want.CARD, Hand.BANKER, received=1, serial=2), 0.31)
    third = session.feed(shoe.send(event), 0.5)
    assert sent(third) == [Acknowledge.of(event), SetIndicator(indicator=Light.BANKER_DRAWS)]


def test_the_host_frames_carry_the_shoes_epoch_and_fresh_sequence_numbers() -> None:
    shoe = ScriptedShoe(epoch=9)
    session = HostSession(key=KEY, source="test")
    (query,) = sent(session.link_opened(0.0))
    actions = session.feed(shoe.hello(query.nonce, host_seq_last=41), 0.0)
    wire = [a for a in actions if hasattr(a, "wire")]
    (light,) = wire
    assert light.wire == encode_frame(SetIndicator(indicator=Light.STOP), key=KEY, epoch=9, seq=42)


@pytest.mark.parametrize(
    ("want", "hand", "light"),
    [
        (Want.CARD, Hand.PLAYER, Light.PLAYER_DRAWS),
        (Want.CARD, Hand.BANKER, Light.BANKER_DRAWS),
        (Want.CARD, Hand.RIGHT, Light.PLAYER_DRAWS),
        (Want.BURN, None, Light.OFF),
        (Want.STOP, None, Light.STOP),
        (Want.OFF, None, Light.STOP),
    ],
)
def test_lights(want: Want, hand: Hand | None, light: Light) -> None:
    assert light_for(indicator(want, hand)) is light


def test_no_light_is_sent_from_an_indicator_older_than_our_last_card() -> None:
    shoe = ScriptedShoe()
    session = synced_session(shoe)
    session.feed(shoe.send(shoe.event(parse_card("2C"))), 0.1)
    stale = session.indicate(indicator(Want.CARD, Hand.PLAYER, received=0, serial=5), 0.1)
    assert sent(stale) == []
    assert sent(session.tick(1.0)) == []  # no keepalive with a stale light either
    fresh = session.indicate(indicator(Want.STOP, received=1, serial=6), 1.01)
    assert sent(fresh) == [SetIndicator(indicator=Light.STOP)]


def test_a_card_drawn_on_stop_is_an_alert_at_once() -> None:
    shoe = ScriptedShoe()
    session = synced_session(shoe)
    session.indicate(indicator(Want.STOP), 0.1)
    actions = session.feed(shoe.send(shoe.event(parse_card("KS"))), 0.2)
    assert faults(actions) == ["card_while_stop"]
    assert [c.card for c in cards(actions)] == [parse_card("KS")]  # the table decides on it


def test_a_gap_is_confirmed_by_hand_not_dealt() -> None:
    shoe = ScriptedShoe()
    session = synced_session(shoe)
    session.feed(shoe.send(shoe.event(parse_card("2C"))), 0.1)
    shoe.event(parse_card("3C"))  # read by the shoe, lost (its queue was full)
    actions = session.feed(shoe.send(shoe.event(parse_card("4C"))), 0.2)
    assert faults(actions) == ["card_gap"]
    (card,) = cards(actions)
    assert card.card is None and "4♣" not in card.detail and "4C" in card.detail
    assert "events 7:2..2 never arrived" in card.detail
    assert isinstance(sent(actions)[0], Acknowledge)


def test_a_reboot_is_an_alert_and_the_host_follows_the_new_epoch() -> None:
    shoe = ScriptedShoe()
    session = synced_session(shoe)
    session.feed(shoe.send(shoe.event(parse_card("2C"))), 0.1)
    shoe.reboot(EpochReason.BROWN_OUT)
    actions = session.feed(shoe.hello(), 0.2)
    assert faults(actions) == ["shoe_restarted"]
    event = shoe.event(parse_card("5D"))
    actions = session.feed(shoe.send(event), 0.3)
    assert [c.card for c in cards(actions)] == [parse_card("5D")]
    (ack,) = [m for m in host_frames(actions) if isinstance(m, Acknowledge)]
    assert ack == Acknowledge.of(event)
    assert session._encoder is not None and session._encoder.epoch == 8


def test_a_card_of_a_new_epoch_without_hello_is_confirmed_and_the_host_asks() -> None:
    shoe = ScriptedShoe()
    session = synced_session(shoe)
    shoe.reboot()
    actions = session.feed(shoe.send(shoe.event(parse_card("5D"))), 0.3)
    assert faults(actions) == ["card_reboot"]
    assert [c.card for c in cards(actions)] == [None]
    assert any(isinstance(m, QueryStatus) for m in sent(actions))


def test_a_new_shoe_at_the_table_resets_the_sequence() -> None:
    shoe = ScriptedShoe()
    session = synced_session(shoe)
    session.indicate(indicator(Want.STOP, shoe=1), 0.1)
    actions = session.indicate(indicator(Want.BURN, shoe=2, serial=2), 0.2)
    reset, light = sent(actions)
    # STOP until the shoe has started the new shoe's numbering: no card may cross shoes
    assert isinstance(reset, ResetSequence) and light == SetIndicator(indicator=Light.STOP)
    refused = session.feed(shoe.status(queue=1), 0.25)
    assert sent(refused) == []
    retried = session.feed(shoe.status(queue=0), 0.3)
    (again,) = sent(retried)
    assert isinstance(again, ResetSequence) and again.nonce != reset.nonce
    shoe.epoch += 1
    shoe.reason = EpochReason.NEW_SHOE
    shoe.encoder.restart(epoch=shoe.epoch)
    done = session.feed(shoe.hello(again.nonce), 0.35)
    assert faults(done) == []
    (light,) = host_frames(done)
    assert light == SetIndicator(indicator=Light.OFF)  # the burn of the new shoe may begin
    assert sent(session.tick(0.9)) == [SetIndicator(indicator=Light.OFF)]  # keepalive only


def test_a_shoe_that_never_takes_the_reset_is_an_alert() -> None:
    shoe = ScriptedShoe()
    session = synced_session(shoe)
    session.indicate(indicator(Want.STOP, shoe=1), 0.1)
    session.indicate(indicator(Want.CARD, Hand.PLAYER, shoe=2, serial=2), 0.2)
    assert faults(session.tick(2.0)) == []
    session.feed(shoe.status(queue=0), 4.0)  # the shoe is there, and ignores the reset
    assert faults(session.tick(5.3)) == ["shoe_reset_refused"]
    assert session.light is Light.STOP


def test_keepalive_link_loss_and_recovery() -> None:
    shoe = ScriptedShoe()
    session = synced_session(shoe)
    session.indicate(indicator(Want.CARD, Hand.PLAYER), 0.02)
    assert sent(session.tick(0.3)) == []
    assert sent(session.tick(0.6)) == [SetIndicator(indicator=Light.PLAYER_DRAWS)]
    session.feed(shoe.status(), 1.0)
    lost = session.tick(4.1)
    assert statuses(lost) == ["lost"]
    (query,) = sent(lost)
    assert isinstance(query, QueryStatus)
    back = session.feed(shoe.hello(query.nonce), 4.5)
    assert statuses(back) == ["connected"]


def test_reconnection_resynchronises_and_reports_recovering() -> None:
    shoe = ScriptedShoe()
    session = synced_session(shoe)
    assert statuses(session.link_closed("unplugged")) == ["lost"]
    assert session.indicate(indicator(Want.CARD, Hand.PLAYER), 1.0) == []
    opened = session.link_opened(2.0)
    assert statuses(opened) == ["recovering"]
    (query,) = sent(opened)
    assert isinstance(query, QueryStatus)
    back = session.feed(shoe.hello(query.nonce, host_seq_last=1), 2.1)
    assert statuses(back) == ["connected"]
    assert sent(back) == [SetIndicator(indicator=Light.PLAYER_DRAWS)]


def test_a_locked_exit_is_released_once_the_link_is_back() -> None:
    shoe = ScriptedShoe()
    session = synced_session(shoe)
    actions = session.feed(shoe.status(sensors=SensorFlag.EXIT_LOCKED | SensorFlag.LINK_LOST), 1)
    assert UnlockExit() in sent(actions)
    assert faults(actions) == []
    full = session.feed(shoe.status(sensors=SensorFlag.EXIT_LOCKED | SensorFlag.QUEUE_FULL), 2)
    assert UnlockExit() not in sent(full) and faults(full) == ["shoe_queue_full"]


def test_buttons_and_sensor_faults_reach_the_table() -> None:
    shoe = ScriptedShoe()
    session = synced_session(shoe)
    actions = session.feed(
        shoe.send(ButtonPressed(button=Button.NEW_SHOE))
        + shoe.send(SensorFault(sensor=Sensor.CARD_READER, fault=FaultCode.NO_RESPONSE, detail=3))
        + shoe.send(SensorFault(sensor=Sensor.CARD_READER, fault=FaultCode.CLEARED)),
        0.1,
    )
    (button,) = [a for a in actions if isinstance(a, SourceButtonPressed)]
    assert button.button.value == "new_shoe"
    assert faults(actions) == ["sensor_card_reader"]


def test_forged_replayed_and_echoed_frames_are_dropped_and_raised() -> None:
    shoe = ScriptedShoe()
    session = synced_session(shoe)
    genuine = shoe.send(shoe.event(parse_card("AH")))
    session.feed(genuine, 0.1)
    forger = ScriptedShoe(key=bytes(range(1, 33)))
    forger.next_event = 2
    actions = session.feed(forger.send(forger.event(parse_card("KH"))), 0.2)
    assert cards(actions) == [] and faults(actions) == ["shoe_bad_auth"]
    replay = session.feed(genuine, 0.3)
    assert cards(replay) == [] and faults(replay) == ["shoe_replayed_frames"]
    host = FrameEncoder(key=KEY, sending=Direction.HOST_TO_SHOE, epoch=7, next_seq=500)
    echo = session.feed(host.encode(SetIndicator(indicator=Light.STOP)), 0.4)
    assert faults(echo) == ["shoe_line_echo"]
    again = session.feed(forger.send(forger.event(parse_card("KH"))), 0.5)
    assert faults(again) == []  # one alert per kind per interval
    later = session.feed(forger.send(forger.event(parse_card("KH"))), 40.0)
    assert faults(later) == ["shoe_bad_auth"]
    assert "2 frame(s)" in next(a.message for a in later if hasattr(a, "code"))


def test_an_unpaired_shoe_is_named_before_synchronisation() -> None:
    session = HostSession(key=KEY, source="test")
    session.link_opened(0.0)
    pairing = FrameEncoder(key=PAIRING_KEY, sending=Direction.SHOE_TO_HOST, epoch=1, pairing=True)
    hello = Hello(
        serial_number=77,
        firmware_version=(1, 0, 0),
        mode=ShoeMode.PAIRING,
        capabilities=Capability.NONE,
        boot_epoch=1,
        epoch_reason=EpochReason.POWER_ON,
        host_seq_last=0,
    )
    actions = session.feed(pairing.encode(hello), 0.1)
    assert faults(actions) == ["shoe_unpaired"]
    assert "pairing mode" in next(a.message for a in actions if hasattr(a, "code"))


def test_a_shoe_that_is_not_the_one_paired_is_an_alert() -> None:
    shoe = ScriptedShoe()
    session = HostSession(key=KEY, source="test", expected_serial=99)
    (query,) = sent(session.link_opened(0.0))
    actions = session.feed(shoe.hello(query.nonce), 0.1)
    assert faults(actions) == ["wrong_shoe"]


def test_a_reset_taken_but_unanswered_is_not_asked_again_in_the_new_epoch() -> None:
    """The shoe started the new shoe's epoch but its HELLO was lost: asking again would start
    yet another epoch (and the tracker would call the skip a reboot)."""
    shoe = ScriptedShoe()
    session = synced_session(shoe)
    session.indicate(indicator(Want.STOP, shoe=1), 0.1)
    (reset, _) = sent(session.indicate(indicator(Want.BURN, shoe=2, serial=2), 0.2))
    assert isinstance(reset, ResetSequence)
    shoe.epoch += 1
    shoe.reason = EpochReason.NEW_SHOE
    shoe.encoder.restart(epoch=shoe.epoch)
    asked = sent(session.feed(shoe.status(), 0.3))  # a frame of the new epoch, no HELLO
    assert asked and all(isinstance(m, QueryStatus) for m in asked)
    query = asked[-1]
    assert isinstance(query, QueryStatus)
    assert not any(isinstance(m, ResetSequence) for m in sent(session.tick(1.0)))
    done = session.feed(shoe.hello(query.nonce), 1.1)
    assert faults(done) == []
    assert sent(done) == [SetIndicator(indicator=Light.OFF)]


TAG_KEY = bytes(range(64, 96))


def tagged(card: str, *, uid: bytes = b"\x04\x11\x22\x33\x44\x55\x66", says: str = "") -> bytes:
    from dealer_assist.tags import encode_tag

    return uid + encode_tag(uid, parse_card(says or card), 1001, 5, TAG_KEY)


def test_card_tags_are_checked_when_the_host_holds_the_tag_key() -> None:
    from dealer_assist.drivers.shoe.protocol import CardRead as ShoeCardRead
    from dealer_assist.drivers.shoe.session import TagCheck

    shoe = ScriptedShoe()
    session = synced_session(shoe, tags=TagCheck(key=TAG_KEY))

    def deal(card: str | None, tag: bytes) -> list[object]:
        event = ShoeCardRead(
            event_epoch=7,
            event_seq=shoe.next_event,
            card=parse_card(card) if card else None,
            tag_data=tag,
        )
        shoe.next_event += 1
        return session.feed(shoe.send(event), 0.1)

    good = deal("QH", tagged("QH"))
    assert [c.card for c in cards(good)] == [parse_card("QH")] and faults(good) == []
    unknown_to_the_shoe = deal(None, tagged("9D"))  # the tag is authentic: the host reads it
    assert [c.card for c in cards(unknown_to_the_shoe)] == [parse_card("9D")]
    forged = bytearray(tagged("KS"))
    forged[-1] ^= 1
    bad = deal("KS", bytes(forged))
    assert [c.card for c in cards(bad)] == [None] and faults(bad) == ["forged_tag"]
    mismatch = deal("KS", tagged("KS", says="KC"))
    assert faults(mismatch) == ["tag_mismatch"] and "says K" in cards(mismatch)[0].detail
    bare = deal("AS", b"\x04\x11\x22\x33\x44\x55\x66")  # the shoe sent the UID only
    assert faults(bare) == ["unknown_tag"]
    assert all(isinstance(m, Acknowledge) for m in sent(bad + mismatch + bare))


# --- a host that restarts in the middle of a shoe -----------------------------------------------


def resumed_session(shoe: ScriptedShoe, recorded: list[bytes]) -> HostSession:
    session = HostSession(key=KEY, source="test")
    session.resume(recorded)
    (query,) = sent(session.link_opened(0.0))
    actions = session.feed(shoe.hello(query.nonce) + shoe.status(), 0.01)
    assert statuses(actions) == ["connected"]
    return session


def test_a_restarted_host_picks_up_after_the_last_card_the_journal_recorded() -> None:
    shoe = ScriptedShoe()
    dealt = [shoe.event(parse_card(code)) for code in ("QH", "9D", "4S")]
    # The journal holds the device data of the cards the table recorded (and older faults).
    recorded = [b"\x00not a card", *(event.encode_payload() for event in dealt)]
    session = resumed_session(shoe, recorded)
    actions = session.feed(shoe.send(dealt[-1]), 0.02)  # the 4S again: its ACK was lost
    assert cards(actions) == [] and faults(actions) == []
    assert any(isinstance(m, Acknowledge) for m in sent(actions)), "acknowledged again"
    actions = session.feed(shoe.send(shoe.event(parse_card("KC"))), 0.03)
    assert [c.card for c in cards(actions)] == [parse_card("KC")] and faults(actions) == []


def test_without_the_journal_the_next_card_is_a_gap_to_confirm() -> None:
    shoe = ScriptedShoe()
    for code in ("QH", "9D", "4S"):
        shoe.event(parse_card(code))
    session = resumed_session(shoe, [])
    actions = session.feed(shoe.send(shoe.event(parse_card("KC"))), 0.03)
    assert [c.card for c in cards(actions)] == [None] and faults(actions) == ["card_gap"]


def test_a_card_acknowledged_but_never_recorded_is_still_a_gap() -> None:
    shoe = ScriptedShoe()
    dealt = [shoe.event(parse_card(code)) for code in ("QH", "9D")]
    shoe.event(parse_card("4S"))  # acknowledged, then the host died before the journal had it
    session = resumed_session(shoe, [event.encode_payload() for event in dealt])
    actions = session.feed(shoe.send(shoe.event(parse_card("KC"))), 0.03)
    assert [c.card for c in cards(actions)] == [None] and faults(actions) == ["card_gap"]


def test_a_shoe_that_rebooted_while_the_host_was_down_is_reported() -> None:
    shoe = ScriptedShoe()
    dealt = [shoe.event(parse_card(code)) for code in ("QH", "9D")]
    shoe.reboot()
    session = HostSession(key=KEY, source="test")
    session.resume([event.encode_payload() for event in dealt])
    (query,) = sent(session.link_opened(0.0))
    actions = session.feed(shoe.hello(query.nonce) + shoe.status(), 0.01)
    assert "shoe_restarted" in faults(actions)
