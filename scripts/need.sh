#!/usr/bin/env bash
# Makes sure the Debian programs a real-part check needs are installed: `scripts/need.sh tmux chromium`.
# Each name is a command to find on PATH (or a Debian package providing it, see PACKAGE below); a missing
# one is installed with apt-get when this runs as root on Debian, else the script fails loudly in one line.
# It never skips in silence: exit 0 means every command is there.
set -euo pipefail

# command -> Debian package(s) that provide it
declare -A PACKAGE=(
    [tmux]="tmux"
    [chromium]="chromium"
    [initdb]="postgresql"
)

# where a command lives when its package does not put it on PATH
found() {
    case "$1" in
        initdb) command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 ;;
        *) command -v "$1" >/dev/null 2>&1 ;;
    esac
}

missing=()
for name in "$@"; do
    [[ -n "${PACKAGE[$name]:-}" ]] || { echo "need: no package known for '$name'" >&2; exit 2; }
    found "$name" || missing+=("$name")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

packages=()
for name in "${missing[@]}"; do packages+=(${PACKAGE[$name]}); done
if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
    echo "need: FAIL: ${missing[*]} missing; install the Debian packages: apt-get install ${packages[*]}" >&2
    exit 1
fi
echo "need: installing ${packages[*]} with apt-get" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null 2>&1 ||
    { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null; } ||
    { echo "need: FAIL: apt-get could not install ${packages[*]}" >&2; exit 1; }
for name in "${missing[@]}"; do
    found "$name" || { echo "need: FAIL: '$name' still missing after installing ${PACKAGE[$name]}" >&2; exit 1; }
done
