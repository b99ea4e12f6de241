#!/usr/bin/env bash
# One entry point that sets up everything on a fresh Debian machine (as root), then runs a job:
#   bash scripts/dev.sh generate [forge generate options]   a small run on embedded defaults
#   bash scripts/dev.sh test [pytest options]               the test suite
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v bwrap >/dev/null || need_apt+=(bubblewrap)
command -v setpriv >/dev/null || need_apt+=(util-linux)
command -v cc >/dev/null || need_apt+=(gcc libc6-dev)   # builds the sandbox's native python shim
# LibreOffice with its X11 interface (`gen`): headless conversions and the GUI channel's apps alike
[ -e /usr/lib/libreoffice/program/libvclplug_genlo.so ] || need_apt+=(libreoffice-calc libreoffice-writer libreoffice-impress)
command -v Xvfb >/dev/null || need_apt+=(xvfb)          # the GUI channel: a display per episode,
command -v openbox >/dev/null || need_apt+=(openbox)    # a light window manager,
command -v xdotool >/dev/null || need_apt+=(xdotool)    # computer_use actions,
command -v xev >/dev/null || need_apt+=(x11-utils)      # and an X client the desktop tests watch
command -v chromium >/dev/null || need_apt+=(chromium)  # browser tasks on local sites (sites/)
command -v mousepad >/dev/null || need_apt+=(mousepad)  # the text editor a GUI task can open
command -v xterm >/dev/null || need_apt+=(xterm)        # the terminal window a GUI task can open
command -v unzip >/dev/null || need_apt+=(unzip)        # archive tasks: a reference lists .zip members with it (not in minbase)
/usr/bin/python3 -c 'import uno' 2>/dev/null || need_apt+=(python3-uno)   # keeps one soffice per worker
command -v python3 >/dev/null || need_apt+=(python3 python3-venv)
python3 -c 'import ensurepip' 2>/dev/null || need_apt+=(python3-venv)
ldconfig -p 2>/dev/null | grep -q 'libseccomp\.so\.2 ' || need_apt+=(libseccomp2)   # the sandbox's seccomp filter
/usr/bin/python3 -c 'import ensurepip' 2>/dev/null || need_apt+=(python3 python3-venv)   # CI's sandbox tests use Debian's own
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "missing system packages: ${need_apt[*]}; run as root or: sudo apt-get install ${need_apt[*]}" >&2
    exit 2
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

python3 - <<'PY' || { echo "Python >= 3.11 is required" >&2; exit 2; }
import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)
PY

stamp=.venv/.forge-installed
if [ ! -x .venv/bin/python ]; then python3 -m venv .venv; fi
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e ".[dev,train,gui]"   # gui: screenshots (mss, Pillow)
  touch "$stamp"
fi

export PREFECT_SERVER_ANALYTICS_ENABLED=false
# Every forge process (command, flow worker, test) imports ~330 of the project's own modules: with
# PYTHONDONTWRITEBYTECODE set (some images set it) each would compile them again, about 1 s apiece.
unset PYTHONDONTWRITEBYTECODE
job="${1:-generate}"; shift || true
case "$job" in
  generate) exec .venv/bin/forge generate "$@" ;;
  # the suite's sandboxes, soffice and servers wait as much as they compute: a worker per core
  # (pytest-xdist; `-n 0` runs it in one process) halves its time on 2 cores
  test)     exec .venv/bin/python -m pytest -n "${FORGE_TEST_WORKERS:-auto}" "$@" ;;
  *)        echo "usage: bash scripts/dev.sh generate|test [args]" >&2; exit 2 ;;
esac
