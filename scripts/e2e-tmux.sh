#!/usr/bin/env bash
# End-to-end check of the TUI in a real terminal: start `cardsuite play nap --players 4 --seed 1` under
# tmux, play the first deal with keys, and check what the screen says at each step. Then kill the
# terminal in the middle of deal 2 and check that `cardsuite resume` reopens the match where it was.
# Everything is saved under a temporary CARDSUITE_HOME, never in the user's folders.
# Run by `make e2e`. Needs tmux (apt-get install -y tmux).
set -euo pipefail

cd "$(dirname "$0")/.."
BIN="${BIN:-.venv/bin}"
if ! command -v tmux >/dev/null 2>&1; then
    echo "e2e: tmux is not installed; install it (apt-get install -y tmux) and run again" >&2
    exit 2
fi
if [ ! -x "$BIN/cardsuite" ]; then
    echo "e2e: $BIN/cardsuite not found; run 'make setup' first" >&2
    exit 2
fi

SESSION="cardsuite-e2e-$$"
WIDTH=100
HEIGHT=30
HOME_DIR="$(mktemp -d)"
export CARDSUITE_HOME="$HOME_DIR"
cleanup() { tmux kill-session -t "$SESSION" 2>/dev/null || true; rm -rf "$HOME_DIR"; }
trap cleanup EXIT

screen() { tmux capture-pane -p -t "$SESSION"; }
fail() {
    echo "e2e: FAIL: $1" >&2
    echo "---- screen ----" >&2
    screen >&2 || true
    exit 1
}
# wait_for TEXT SECONDS: poll the screen until TEXT shows
wait_for() {
    local text="$1" limit="${2:-10}" waited=0
    until screen | grep -qF -- "$text"; do
        sleep 0.2
        waited=$((waited + 1))
        [ "$waited" -ge $((limit * 5)) ] && fail "'$text' did not appear within ${limit}s"
    done
    return 0
}

start=$(date +%s.%N)
tmux new-session -d -s "$SESSION" -x "$WIDTH" -y "$HEIGHT" \
    "env LANG=C.UTF-8 TERM=xterm-256color CARDSUITE_HOME=$HOME_DIR $BIN/cardsuite play nap --players 4 --seed 1 --speed fast; echo CARDSUITE-EXITED; sleep 30"
wait_for "Your turn" 15
ready=$(date +%s.%N)
echo "e2e: table drawn after $(echo "$ready - $start" | bc 2>/dev/null || echo '?') s"

text="$(screen)"
for want in "Nap · deal 1 / 8" "Player ★" "CPU 1" "CPU 2" "CPU 3" "Trick 1" "seed 1" "q Menu"; do
    grep -qF -- "$want" <<<"$text" || fail "the table does not show '$want'"
done
grep -q '[♠♥♦♣]' <<<"$text" || fail "no suit symbol on the table"
echo "e2e: the table shows seats, trick, log and suits"

# the keymap opens on ? and closes on Escape
tmux send-keys -t "$SESSION" "?"
wait_for "hint from the strongest CPU" 5
tmux send-keys -t "$SESSION" Escape
wait_for "Your turn" 5
echo "e2e: the keymap opens and closes"

# play the first deal: Enter plays the first legal card, or presses the first button while bidding
moves=0
for _ in $(seq 1 200); do
    text="$(screen)"
    if grep -qF "Deal 1 is over" <<<"$text"; then
        break
    fi
    if grep -qF "Your turn" <<<"$text"; then
        tmux send-keys -t "$SESSION" Enter
        moves=$((moves + 1))
    fi
    sleep 0.25
done
wait_for "Deal 1 is over" 10
text="$(screen)"
grep -qF "total" <<<"$text" || fail "the end-of-deal page shows no totals"
echo "e2e: deal 1 played with $moves key presses; the result page shows the scores"

tmux send-keys -t "$SESSION" Enter
wait_for "deal 2 / 8" 10
wait_for "Your turn" 15
echo "e2e: deal 2 started"

# a kill in the middle of deal 2 leaves a save that resume reopens at the same moment
before="$(screen | grep -F '★' | head -1)"
tmux kill-session -t "$SESSION"
listing="$($BIN/cardsuite resume --list)"
[ "$(grep -c 'Nap, deal 2' <<<"$listing")" = 1 ] || { echo "e2e: FAIL: resume --list shows: $listing" >&2; exit 1; }
echo "e2e: after a kill, resume --list shows the match: $listing"
tmux new-session -d -s "$SESSION" -x "$WIDTH" -y "$HEIGHT" \
    "env LANG=C.UTF-8 TERM=xterm-256color CARDSUITE_HOME=$HOME_DIR $BIN/cardsuite resume; echo CARDSUITE-EXITED; sleep 30"
wait_for "Your turn" 15
text="$(screen)"
for want in "Nap · deal 2 / 8" "Player ★" "resumed"; do
    grep -qF -- "$want" <<<"$text" || fail "the resumed table does not show '$want'"
done
[ "$(screen | grep -F '★' | head -1)" = "$before" ] || fail "the resumed table is not where it was: '$before'"
echo "e2e: resume reopened the match at deal 2, same seat line"

# the menu quits the table; the match stays saved
tmux send-keys -t "$SESSION" q
wait_for "Quit this table" 5
tmux send-keys -t "$SESSION" Up Enter
wait_for "CARDSUITE-EXITED" 10
screen | grep -qF "the match is saved as" || fail "leaving the table does not say where the match is saved"
echo "e2e: PASS"
