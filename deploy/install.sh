#!/bin/bash
# Install (or upgrade, or --uninstall) dealer-assist on a table PC: Debian 12 / Ubuntu 22.04+.
# Run as root from the repository (or a release folder holding deploy/ and the wheels):
#
#   deploy/install.sh [--wheelhouse DIR] [--extras LIST] [--release-key FILE] [--manifest FILE]
#                     [--firmware FILE] [--shoe-key FILE] [--journal-key FILE] [--root DIR]
#   deploy/install.sh --uninstall [--root DIR]
#
# Idempotent: running it again upgrades the package and the units and keeps the configuration,
# the keys and the journals. --uninstall removes the program, the units and the udev rule and
# keeps /var/lib/dealer-assist (the journals) and /etc/dealer-assist (the configuration and the
# journal key that checks them). --root DIR installs into DIR as if it were / (an image being
# built, or the tests): the user goes into DIR/etc/passwd, and nothing is started.
# docs/operations.md is the guide.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SOURCE=$(dirname "$HERE")
ROOT=""
WHEELHOUSE=""
EXTRAS="ui,serial,pcsc,camera,deploy"
RELEASE_KEY="" MANIFEST="" FIRMWARE="" SHOE_KEY="" JOURNAL_KEY=""
UNINSTALL=0
PYTHON=${PYTHON:-/usr/bin/python3}
USER_NAME=dealer-assist

die() { echo "install.sh: $*" >&2; exit 1; }
need_value() { [ $# -ge 2 ] && [ -n "$2" ] || die "$1 needs a value"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --root) need_value "$@"; ROOT=$(realpath -m "$2"); shift 2 ;;
        --wheelhouse) need_value "$@"; WHEELHOUSE=$(realpath "$2"); shift 2 ;;
        --extras) [ $# -ge 2 ] || die "--extras needs a value"; EXTRAS=$2; shift 2 ;;
        --release-key) need_value "$@"; RELEASE_KEY=$2; shift 2 ;;
        --manifest) need_value "$@"; MANIFEST=$2; shift 2 ;;
        --firmware) need_value "$@"; FIRMWARE=$2; shift 2 ;;
        --shoe-key) need_value "$@"; SHOE_KEY=$2; shift 2 ;;
        --journal-key) need_value "$@"; JOURNAL_KEY=$2; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) die "unknown option $1: see --help" ;;
    esac
done
[ "$(id -u)" = 0 ] || die "run as root (it creates a system user and installs units)"
[ -z "$ROOT" ] || [ -d "$ROOT" ] || die "--root $ROOT: no such folder"

OPT=$ROOT/opt/dealer-assist
ETC=$ROOT/etc/dealer-assist
VAR=$ROOT/var/lib/dealer-assist
UNITS=$ROOT/etc/systemd/system
UNIT_FILES=(dealer-assist-table.service dealer-assist-verify.service dealer-assist-verify.timer
    dealer-assist-archive.service dealer-assist-archive.timer)
LIVE=0  # a running systemd on this root: reload and enable
if [ -z "$ROOT" ] && [ -d /run/systemd/system ]; then LIVE=1; fi

if [ "$UNINSTALL" = 1 ]; then
    if [ "$LIVE" = 1 ]; then
        systemctl disable --now "${UNIT_FILES[@]}" 2>/dev/null || true
    fi
    for unit in "${UNIT_FILES[@]}"; do rm -f "$UNITS/$unit"; done
    rm -rf "$UNITS/dealer-assist-archive.service.d"
    rm -f "$ROOT/etc/udev/rules.d/99-dealer-assist-shoe.rules"
    rm -f "$ROOT/etc/mosquitto/conf.d/dealer-assist.conf"
    for conf in "$HERE"/mosquitto/*.conf; do  # the pit's broker files this release installs
        [ ! -e "$conf" ] || rm -f "$ROOT/etc/mosquitto/conf.d/$(basename "$conf")"
    done
    rm -rf "$OPT"
    if [ "$LIVE" = 1 ]; then systemctl daemon-reload; udevadm control --reload || true; fi
    echo "dealer-assist removed; kept $VAR (the journals) and $ETC (configuration, keys)"
    exit 0
fi

# --- the user ------------------------------------------------------------------------------
prefix_args=()
[ -z "$ROOT" ] || prefix_args=(--prefix "$ROOT")
if ! grep -q "^$USER_NAME:" "$ROOT/etc/passwd"; then
    useradd "${prefix_args[@]}" --system --user-group --home-dir /var/lib/dealer-assist \
        --no-create-home --shell /usr/sbin/nologin --comment "dealer-assist table" "$USER_NAME"
fi
for group in dialout video input render; do
    if grep -q "^$group:" "$ROOT/etc/group"; then
        usermod "${prefix_args[@]}" -a -G "$group" "$USER_NAME"
    fi
done
uid=$(awk -F: -v u="$USER_NAME" '$1 == u { print $3 }' "$ROOT/etc/passwd")
gid=$(awk -F: -v u="$USER_NAME" '$1 == u { print $4 }' "$ROOT/etc/passwd")

# --- folders -------------------------------------------------------------------------------
install -d -m 0755 -o 0 -g 0 "$OPT" "$OPT/bin" "$OPT/firmware" "$OPT/docs" "$UNITS" \
    "$ROOT/etc/udev/rules.d"
install -d -m 0750 -o 0 -g "$gid" "$ETC"
install -d -m 0750 -o "$uid" -g "$gid" "$VAR"

# --- the program: a virtual environment of its own -----------------------------------------
if [ ! -x "$OPT/venv/bin/python" ]; then
    "$PYTHON" -m venv "$OPT/venv"
fi
spec=$SOURCE
[ -z "$EXTRAS" ] || spec="$SOURCE[$EXTRAS]"
pip_args=(--disable-pip-version-check --no-compile --upgrade)
if [ -n "$WHEELHOUSE" ]; then
    pip_args+=(--no-index --find-links "$WHEELHOUSE")
    spec=dealer-assist
    [ -z "$EXTRAS" ] || spec="dealer-assist[$EXTRAS]"
fi
env -u PYTHONPATH -u PYTHONHOME PYTHONNOUSERSITE=1 "$OPT/venv/bin/python" -m pip install --quiet "${pip_args[@]}" "$spec"
# No bytecode caches: every file of the environment is verified (dealer_assist/deploy/program.py)
# and the service runs with PYTHONDONTWRITEBYTECODE=1 on a read-only /opt.
find "$OPT/venv" -name __pycache__ -type d -prune -exec rm -rf {} +
chown -R 0:0 "$OPT/venv"
chmod -R go-w "$OPT/venv"

if [ -n "$FIRMWARE" ]; then
    install -m 0644 -o 0 -g 0 "$FIRMWARE" "$OPT/firmware/"
elif [ -f "$SOURCE/firmware/build/shoe.hex" ]; then
    install -m 0644 -o 0 -g 0 "$SOURCE/firmware/build/shoe.hex" "$OPT/firmware/"
fi
[ -z "$MANIFEST" ] || install -m 0644 -o 0 -g 0 "$MANIFEST" "$OPT/program-manifest.json"
install -m 0755 -o 0 -g 0 "$HERE/bin/dealer-assist-archive" "$OPT/bin/"
install -m 0644 -o 0 -g 0 "$SOURCE/docs/operations.md" "$OPT/docs/"

# --- configuration and keys: installed once, never overwritten -----------------------------
# The release's public key lives apart from the program it checks.
[ -z "$RELEASE_KEY" ] || install -m 0644 -o 0 -g 0 "$RELEASE_KEY" "$ETC/release.pub"
if [ ! -e "$ETC/table.toml" ]; then
    install -m 0640 -o 0 -g "$gid" "$HERE/table.example.toml" "$ETC/table.toml"
fi
if [ ! -e "$ETC/archive.conf" ]; then
    install -m 0644 -o 0 -g 0 "$HERE/archive.example.conf" "$ETC/archive.conf"
fi
place_key() {  # place_key NAME FILE-OR-EMPTY WHAT
    local target=$ETC/$1
    if [ -n "$2" ]; then
        install -m 0600 -o "$uid" -g "$gid" "$2" "$target"
    elif [ ! -e "$target" ] && [ -t 0 ]; then
        local key
        read -r -s -p "$3 (empty: set it later): " key
        echo
        if [ -n "$key" ]; then
            (umask 077; printf '%s\n' "$key" > "$target")
            chown "$uid:$gid" "$target"
        fi
    fi
}
place_key shoe.key "$SHOE_KEY" "The shoe's pairing key (dealer-assist shoe pair prints it)"
place_key journal.key "$JOURNAL_KEY" "The journal key"

# --- units, udev, the pit's broker ---------------------------------------------------------
for unit in "${UNIT_FILES[@]}"; do
    install -m 0644 -o 0 -g 0 "$HERE/systemd/$unit" "$UNITS/"
done
install -m 0644 -o 0 -g 0 "$HERE/udev/99-dealer-assist-shoe.rules" "$ROOT/etc/udev/rules.d/"
if [ -d "$HERE/mosquitto" ]; then  # the pit's broker (deploy/mosquitto/), when present
    install -d -m 0755 "$ROOT/etc/mosquitto/conf.d"
    for conf in "$HERE"/mosquitto/*.conf; do
        [ ! -e "$conf" ] || install -m 0644 -o 0 -g 0 "$conf" "$ROOT/etc/mosquitto/conf.d/"
    done
fi

if [ "$LIVE" = 1 ]; then
    systemctl daemon-reload
    udevadm control --reload || true
    systemctl enable dealer-assist-table.service dealer-assist-verify.timer \
        dealer-assist-archive.timer
    systemctl set-default graphical.target
fi
if [ ! -s "$ETC/journal.key" ]; then  # table.toml reads it: [journal] key_file
    echo "install.sh: no journal key yet: place it in /etc/dealer-assist/journal.key (mode 0600," \
        "owner $USER_NAME) or run again with --journal-key FILE; the table starts only with it" >&2
fi
echo "dealer-assist installed in $OPT (configuration $ETC, journals $VAR)"
