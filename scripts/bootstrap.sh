#!/usr/bin/env bash
# Prepare everything `make run` and `make test` need, idempotently:
#   1. system packages listed in scripts/system-packages.txt (only the missing ones, and only
#      when we are root or have password-less sudo, unless DEALER_ASSIST_NO_APT=1);
#   2. a virtual environment in .venv with the package and the extras asked for.
# Usage: scripts/bootstrap.sh [EXTRAS]   e.g. scripts/bootstrap.sh dev,ui
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-dev}"
py="${PYTHON:-python3}"

log() { printf 'bootstrap: %s\n' "$*" >&2; }

# --- system packages -------------------------------------------------------------------------
want=()
if [ -f scripts/system-packages.txt ]; then
  while read -r pkg _; do
    case "$pkg" in ''|'#'*) continue ;; esac
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || want+=("$pkg")
  done < scripts/system-packages.txt
fi
if ! "$py" -c 'import venv, ensurepip' >/dev/null 2>&1; then want+=(python3-venv); fi
if [ "${#want[@]}" -gt 0 ]; then
  if [ "${DEALER_ASSIST_NO_APT:-0}" = 1 ]; then
    log "missing system packages (not installing, DEALER_ASSIST_NO_APT=1): ${want[*]}"
  elif ! command -v apt-get >/dev/null 2>&1; then
    log "missing system packages and no apt-get here: ${want[*]}"
  else
    sudo=""
    if [ "$(id -u)" != 0 ]; then
      if sudo -n true 2>/dev/null; then sudo="sudo -n"; else
        log "missing system packages, and no root: ask IT to run: apt-get install ${want[*]}"; want=(); fi
    fi
    if [ "${#want[@]}" -gt 0 ]; then
      log "installing system packages: ${want[*]}"
      $sudo apt-get update -qq >/dev/null || log "apt-get update failed; trying the install anyway"
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null
    fi
  fi
fi

# --- virtual environment ---------------------------------------------------------------------
if [ ! -x .venv/bin/python ]; then
  log "creating .venv with $("$py" --version)"
  "$py" -m venv .venv
fi
"$PWD/.venv/bin/python" - <<'PY' || { echo "dealer-assist needs Python 3.11 or newer" >&2; exit 1; }
import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)
PY
stamp=".venv/.installed-$(cat pyproject.toml scripts/bootstrap.sh | sha256sum | cut -c1-16)-${extras//,/_}"
if [ ! -f "$stamp" ]; then
  log "installing dealer-assist[$extras] into .venv (log: .venv/install.log)"
  if ! { .venv/bin/python -m pip install --disable-pip-version-check --upgrade pip &&
         .venv/bin/python -m pip install --disable-pip-version-check -e ".[$extras]"; } \
       > .venv/install.log 2>&1; then
    tail -40 .venv/install.log >&2
    log "the install failed: see .venv/install.log"
    exit 1
  fi
  rm -f .venv/.installed-*
  touch "$stamp"
fi
