"""``dealer-assist mockshoe`` and ``dealer-assist shoe pair``: the simulated shoe, and pairing.

``mockshoe --pty`` makes a pseudo-terminal, prints its path as the first line of standard
output, and plays a smart shoe on it until it is killed (or ``q`` is pressed): the firmware's
side of docs/shoe-protocol.md and a croupier dealing by the shoe's lights. Keys (on a terminal,
or characters written to standard input): ``r`` result-check button, ``R`` held, ``n`` new-shoe
button, ``d`` draw one card, ``a`` croupier on/off, ``e`` a card held in the exit slot on/off,
``c`` corrupt the next frame, ``x`` drop the next frame, ``g`` a burst of line noise, ``u`` unplug
for a second, ``b`` reboot, ``s`` status, ``q`` quit. Everything but the path goes to standard
error. It answers ``dealer-assist shoe selftest`` as the firmware does.

``shoe pair --port P --key-file F`` runs the pairing procedure of the spec, section 12
(:mod:`dealer_assist.drivers.shoe.pairing`), and writes the new key to F (mode 0600) for
``serial://P?key_file=F``.

Heavy imports (pyserial) happen inside the handlers, so ``dealer-assist --help`` stays light.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dealer_assist.cli.common import (
    EXIT_ERROR,
    EXIT_OK,
    MAX_DECKS,
    existing_file,
    new_file,
    number,
    whole_number,
    writable_file,
)
from dealer_assist.cli.stopping import POLL, stop_on_signals
from dealer_assist.errors import ConfigError

#: The slowest croupier ``--pace`` plays, in seconds per card.
MAX_PACE = 600.0


def add_parser(commands: Any) -> None:
    mock = commands.add_parser(
        "mockshoe",
        help="a simulated smart shoe on a pseudo-terminal, for training and tests",
        description="Play a smart shoe on a pseudo-terminal: prints the port's path on the "
        "first line, then deals by the shoe's lights until killed. Connect the table with "
        "dealer-assist run --source 'serial://PATH?key_file=KEY'.",
    )
    mock.add_argument("--pty", action="store_true", help="serve on a new pseudo-terminal")
    mock.add_argument(
        "--link",
        type=_link_path,
        help="also keep a symbolic link to it here (a new name, or this command's old link)",
    )
    mock.add_argument(
        "--seed", type=whole_number(0), help="shuffle each shoe from this seed (+1 per shoe)"
    )
    mock.add_argument(
        "--decks", type=whole_number(1, MAX_DECKS), default=8, help=f"1 to {MAX_DECKS} (8)"
    )
    mock.add_argument("--cards", help="a stacked shoe instead: cards in order, e.g. AS,9D,KH")
    mock.add_argument(
        "--cut",
        type=whole_number(0, MAX_DECKS * 52 - 1),
        default=14,
        help="cut card, cards from the end",
    )
    mock.add_argument(
        "--pace",
        type=number(0, MAX_PACE),
        default=1.0,
        help="seconds the croupier takes per card (1.0)",
    )
    mock.add_argument("--key-file", type=existing_file, help="the shoe's key (as paired)")
    mock.add_argument(
        "--tag-key-file",
        type=existing_file,
        help="the casino's card-tag key: cards carry authentic tags",
    )
    mock.add_argument(
        "--state-file", type=writable_file, help="the shoe's EEPROM: epoch and key (JSON)"
    )
    mock.add_argument(
        "--serial-number", type=whole_number(0, 2**32 - 1), default=4242, help="0 to 2^32-1"
    )
    mock.add_argument("--pairing", action="store_true", help="start in pairing mode (60 s)")
    mock.add_argument("--manual", action="store_true", help="draw only on the d key")
    mock.add_argument(
        "--result-check",
        choices=("auto", "button"),
        default="auto",
        help="auto: press result check when the light turns STOP after a coup",
    )
    mock.add_argument(
        "--corrupt-rate", type=number(0, 1), default=0.0, help="share of frames to corrupt (0-1)"
    )
    mock.add_argument(
        "--drop-rate", type=number(0, 1), default=0.0, help="share of frames to drop (0-1)"
    )
    mock.add_argument("--fault-seed", type=whole_number(0), help="seed of the injected faults")
    mock.set_defaults(handler=cmd_mockshoe)

    shoe = commands.add_parser("shoe", help="smart shoe tools: pair, selftest")
    tools = shoe.add_subparsers(dest="shoe_command", metavar="TOOL", required=True)
    pair = tools.add_parser(
        "pair",
        help="pair a shoe in pairing mode with this host",
        description="Pair a shoe (docs/serial-shoe.md): switch the shoe on while holding its "
        "NEW SHOE button, run this, check the serial number against the shoe's label. The new "
        "key is written to --key-file.",
    )
    pair.add_argument("--port", required=True, help="the shoe's port, e.g. /dev/ttyACM0")
    pair.add_argument(
        "--key-file", type=writable_file, required=True, help="where to write the key"
    )
    pair.add_argument("--baud", type=whole_number(50, 4_000_000), default=115200)
    pair.add_argument(
        "--serial",
        type=whole_number(0, 2**32 - 1),
        help="the serial number on the label (no question)",
    )
    pair.add_argument("--yes", action="store_true", help="do not ask to confirm the serial number")
    pair.add_argument("--force", action="store_true", help="replace an existing key file")
    pair.add_argument(
        "--timeout", type=number(0, 3600, low_open=True), default=60.0, help="seconds to wait (60)"
    )
    pair.set_defaults(handler=cmd_pair)

    selftest = tools.add_parser(
        "selftest",
        help="run the shoe's self-test and report every part",
        description="Run the shoe's self-test (docs/hardware-assembly.md): with no card in "
        "the exit slot, the shoe tests its reader, lights, buzzer, exit lock, exit sensor, "
        "buttons, EEPROM and clock. Exit status 0 all passed, 1 a part failed, 2 no test ran.",
    )
    selftest.add_argument("--port", required=True, help="the shoe's port, e.g. /dev/ttyACM0")
    selftest.add_argument(
        "--key-file", type=existing_file, required=True, help="the shoe's key (paired)"
    )
    selftest.add_argument("--baud", type=whole_number(50, 4_000_000), default=115200)
    selftest.add_argument(
        "--timeout", type=number(0, 3600, low_open=True), default=10.0, help="seconds to wait (10)"
    )
    selftest.set_defaults(handler=cmd_selftest)


# --- mockshoe ---------------------------------------------------------------------------------


def _say(text: str) -> None:
    sys.stderr.write(f"mockshoe: {text}\n")
    sys.stderr.flush()


def _default_state_file(serial_number: int) -> Path:
    base = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
    return base / "dealer-assist" / f"mockshoe-{serial_number}.json"


def cmd_mockshoe(args: argparse.Namespace) -> int:
    from dealer_assist.drivers.shoe.keys import load_shoe_key
    from dealer_assist.drivers.shoe.mock_device import Croupier, MockShoeDevice
    from dealer_assist.drivers.shoe.mock_pty import PtyLink
    from dealer_assist.tags import load_key

    if not args.pty:
        sys.stderr.write("dealer-assist mockshoe: only --pty is supported: add --pty\n")
        return EXIT_ERROR
    key = load_shoe_key(args.key_file).key if args.key_file is not None else None
    stacked = _stacked_cards(args.cards)
    if args.cut >= (len(stacked) if stacked is not None else args.decks * 52):
        raise ConfigError("--cut", "", f"{args.cut} is not inside a shoe of that size")
    state_file = args.state_file or _default_state_file(args.serial_number)
    _check_state_file(state_file)
    tag_key = load_key(args.tag_key_file) if args.tag_key_file else None
    state_file.parent.mkdir(parents=True, exist_ok=True)
    croupier = Croupier(
        decks=args.decks,
        seed=args.seed,
        stacked=stacked,
        cut_card_from_end=args.cut,
        pace=args.pace,
        auto_deal=not args.manual,
        auto_result_check=args.result_check == "auto",
    )
    device = MockShoeDevice(
        serial_number=args.serial_number,
        key=key,
        state_file=state_file,
        croupier=croupier,
        pairing=args.pairing,
        fault_seed=args.fault_seed,
        tag_key=tag_key,
    )
    device.corrupt_rate = args.corrupt_rate
    device.drop_rate = args.drop_rate
    device.on_card_drawn = lambda card: _say(f"card out: {card if card else 'unknown'}")
    device.on_cut_card = lambda: _say(
        "the cut card is out: report it at the table (the protocol has no cut-card message)"
    )
    link = PtyLink(link=args.link)
    link.attach(device)
    device.attach(link)
    path = link.open()
    sys.stdout.write(path + "\n")
    sys.stdout.flush()
    device.start()
    state = "in pairing mode" if args.pairing else ("paired" if device.paired else "NOT PAIRED")
    _say(
        f"shoe {args.serial_number} on {path} ({link.pts}), epoch {device.epoch}, {state}; "
        "keys: r/R result check, n new shoe, d draw, a croupier on/off, c corrupt, x drop, "
        "g noise, u unplug, b reboot, s status, q quit"
    )
    stop = threading.Event()
    died: list[threading.ExceptHookArgs] = []

    def on_thread_death(death: threading.ExceptHookArgs) -> None:
        died.append(death)  # a shoe with a dead thread serves nothing: end the process
        stop.set()

    previous_hook = threading.excepthook
    threading.excepthook = on_thread_death
    keyboard = threading.Thread(
        target=_keyboard, args=(device, link, stop), name="mockshoe keys", daemon=True
    )
    # SIGINT and SIGTERM only set a flag this loop reads (dealer_assist/cli/stopping.py): a
    # handler that set the event itself could wait for the event's lock this thread holds.
    with stop_on_signals() as signalled:
        try:
            keyboard.start()
            while not stop.wait(POLL) and not signalled.requested:
                pass
        finally:
            threading.excepthook = previous_hook
            device.stop()
            link.close()
    if died:
        death = died[0]
        name = death.thread.name if death.thread is not None else "a thread"
        sys.stderr.write(
            f"dealer-assist mockshoe: stopped: {name} failed: "
            f"{death.exc_type.__name__}: {death.exc_value}\n"
        )
        return EXIT_ERROR
    return EXIT_OK


def _link_path(text: str) -> Path:
    """``--link``: a new name, or a link this command left to a pseudo-terminal (replaced)."""
    path = Path(text)
    if path.is_symlink() and os.readlink(path).startswith("/dev/pts/"):
        return path  # the link of an earlier run: it is re-pointed
    return new_file(text)


def _stacked_cards(text: str | None) -> list[Any] | None:
    from dealer_assist.cards import parse_cards

    if text is None:
        return None
    cards = parse_cards([text])
    if not cards or len(cards) > MAX_DECKS * 52:
        raise ConfigError(
            "--cards", "", f"{len(cards)} cards: give 1 to {MAX_DECKS * 52} cards, e.g. AS,9D,KH"
        )
    return cards


def _check_state_file(path: Path) -> None:
    """The shoe's EEPROM file, if it exists, is one this command wrote (JSON: epoch and key)."""
    import json

    if not path.exists():
        return
    where = str(path)
    try:
        data = json.loads(path.read_text("utf-8"))
        epoch = data.get("epoch", 0)
        key = data.get("key")
        if not isinstance(epoch, int) or isinstance(epoch, bool) or epoch < 0:
            raise ValueError(f"epoch {epoch!r}")
        if key is not None:
            bytes.fromhex(key)
    except (OSError, UnicodeDecodeError, ValueError, AttributeError, TypeError) as error:
        raise ConfigError(
            where,
            "",
            f"not a mock shoe state file ({error}): give --state-file a new name or one "
            "this command wrote",
        ) from None


def _keyboard(device: Any, link: Any, stop: threading.Event) -> None:
    from dealer_assist.drivers.shoe.protocol import Button, Press

    fd = sys.stdin.fileno() if sys.stdin is not None else -1
    restore: Callable[[], None] | None = None
    if fd >= 0 and os.isatty(fd):
        import termios
        import tty

        saved = termios.tcgetattr(fd)
        tty.setcbreak(fd)

        def restore_terminal() -> None:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)

        restore = restore_terminal
    actions: dict[str, Callable[[], object]] = {
        "r": lambda: device.press(Button.RESULT_CHECK),
        "R": lambda: device.press(Button.RESULT_CHECK, Press.LONG),
        "n": lambda: device.press(Button.NEW_SHOE),
        "d": device.draw,
        "a": lambda: device.set_auto_deal(not device.croupier.auto_deal),
        "e": lambda: device.card_at_exit(not device.card_held_at_exit),
        "c": device.corrupt_next,
        "x": device.drop_next,
        "g": lambda: device.send_noise(os.urandom(200)),
        "u": lambda: device.unplug(down_for=1.0),
        "b": device.reboot,
        "s": lambda: _say(
            f"epoch {device.epoch}, light {device.light.name}, queue {device.queue_depth}, "
            f"{len(device.dealt)} cards dealt, port {link.path} ({link.pts}), "
            f"counters {device.counters}"
        ),
    }
    try:
        while not stop.is_set() and fd >= 0:
            try:
                data = os.read(fd, 1)
            except OSError:
                return
            if not data:
                return  # end of input: keep serving until killed
            key = data.decode("ascii", "replace")
            if key == "q":
                stop.set()
                return
            action = actions.get(key)
            if action is not None:
                action()
                if key not in "s":
                    _say(f"key {key!r} done")
    finally:
        if restore is not None:
            restore()


# --- shoe pair --------------------------------------------------------------------------------


def cmd_pair(args: argparse.Namespace) -> int:
    import serial  # type: ignore[import-untyped]

    from dealer_assist.drivers.shoe.keys import save_shoe_key
    from dealer_assist.drivers.shoe.pairing import PairingError, pair_shoe

    if args.key_file.exists() and not args.force:
        sys.stderr.write(
            f"dealer-assist shoe pair: {args.key_file} exists; add --force to replace it "
            "(the shoe it belongs to stops working with this host)\n"
        )
        return EXIT_ERROR
    if args.serial is None and not args.yes and not sys.stdin.isatty():
        sys.stderr.write(
            "dealer-assist shoe pair: give --serial N (the number on the shoe's label) "
            "or run it on a terminal to confirm it\n"
        )
        return EXIT_ERROR

    def confirm(serial_number: int) -> bool:
        if args.yes:
            return True
        answer = input(f"Is {serial_number} the serial number on the shoe's label? [y/N] ")
        return answer.strip().lower() in ("y", "yes")

    try:
        port = serial.serial_for_url(args.port, baudrate=args.baud, timeout=0.1, write_timeout=1)
    except (serial.SerialException, OSError, ValueError) as error:
        sys.stderr.write(f"dealer-assist shoe pair: cannot open {args.port}: {error}\n")
        return EXIT_ERROR
    try:
        key = pair_shoe(
            port,
            confirm=confirm,
            out=sys.stdout,
            timeout=args.timeout,
            expected_serial=args.serial,
        )
    except PairingError as error:
        sys.stderr.write(f"dealer-assist shoe pair: {error}\n")
        return EXIT_ERROR
    finally:
        port.close()
    save_shoe_key(args.key_file, key)
    sys.stdout.write(
        f"Key written to {args.key_file}. Connect with "
        f"--source 'serial://{args.port}?key_file={args.key_file}'\n"
    )
    return EXIT_OK


def cmd_selftest(args: argparse.Namespace) -> int:
    from dealer_assist.drivers.shoe.selftest import selftest_command

    return selftest_command(
        port_name=args.port,
        key_file=args.key_file,
        baud=args.baud,
        timeout=args.timeout,
        out=sys.stdout,
        err=sys.stderr,
    )
