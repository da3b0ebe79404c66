#!/usr/bin/env bash
# End-to-end check of the TUI in a real terminal (tmux): for each game, start `cardsuite play GAME`, see the
# first-play "how to play" page, the table (seats, hand, key bar), the keymap, and play the whole first deal
# by the keys a person would press (a card's key under it, a bid's key, the marked cards then `y`) to its
# result page. Enter in the auction must not pass. Then, in Nap, kill the terminal in the middle of deal 2
# and check that `cardsuite resume` reopens the match where it was; the replay of a finished match opens
# the table on a terminal and prints text through a pipe; an ASCII terminal (TERM=dumb) shows only ASCII;
# and a whole match of every game is played with `--plain` through a pipe, in English, Japanese and
# Lithuanian. Everything is saved under a temporary CARDSUITE_HOME, never in the user's folders.
# Run by `make e2e`; tmux comes from scripts/need.sh (a missing tmux that cannot be installed fails).
set -euo pipefail

cd "$(dirname "$0")/.."
BIN="${BIN:-.venv/bin}"
bash scripts/need.sh tmux || { echo "e2e: FAIL: tmux is needed and could not be installed" >&2; exit 1; }
if [ ! -x "$BIN/cardsuite" ]; then
    echo "e2e: FAIL: $BIN/cardsuite not found; run 'make setup' first" >&2
    exit 2
fi

SESSION="cardsuite-e2e-$$"
WIDTH=80
HEIGHT=24
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
start_table() {  # start_table ENV ARGS: a program in a fresh tmux session (retried while a server shuts down)
    tmux kill-session -t "$SESSION" 2>/dev/null || true
    for _ in 1 2 3 4 5; do
        sleep 0.3
        tmux new-session -d -s "$SESSION" -x "$WIDTH" -y "$HEIGHT" \
            "env $1 CARDSUITE_HOME=$HOME_DIR $BIN/cardsuite $2; echo CARDSUITE-EXITED; sleep 30" 2>/dev/null && return 0
    done
    fail "tmux could not start a session"
}

# play_deal GAME: press the keys a person would until the first deal's result page shows: a card's key (the
# next of 1 … 9, 0, p each time, so that an illegal card or an absent key is followed by another), the first
# entry of a list, the marked cards confirmed with y
KEYS=(1 2 3 4 5 6 7 8 9 0 p)
play_deal() {
    local game="$1" moves=0 text turn=0
    for _ in $(seq 1 1500); do  # a bound on a stuck deal, loose enough for a busy machine's slow CPU turns
        text="$(screen)"
        if grep -qF "Deal 1 is over" <<<"$text"; then
            echo "e2e: $game: deal 1 played with $moves key presses"
            return 0
        fi
        if grep -qE "these [0-9]+ cards\?" <<<"$text"; then
            tmux send-keys -t "$SESSION" y               # the summary of marked cards: yes
        elif grep -qF "type to filter" <<<"$text"; then
            tmux send-keys -t "$SESSION" Enter           # a list (a Napoleon bid, the adjutant card): its first entry
        elif grep -qE "mark [0-9]+ cards? to|mark the cards to" <<<"$text"; then
            tmux send-keys -t "$SESSION" 1 2 3 Enter     # mark three cards (one or two for a short exchange), Enter
            sleep 0.2
            grep -qE "these [0-9]+ cards\?" <<<"$(screen)" || tmux send-keys -t "$SESSION" k
        elif grep -qF "Your turn" <<<"$text"; then
            tmux send-keys -t "$SESSION" "${KEYS[$((turn % ${#KEYS[@]}))]}"
            turn=$((turn + 1))
        fi
        moves=$((moves + 1))
        sleep 0.2
    done
    fail "$game: the first deal did not end"
}

UTF8="LANG=C.UTF-8 TERM=xterm-256color"
for spec in "nap 4" "napas 4" "napoleon 5" "gops 3"; do
    set -- $spec
    game="$1"
    start=$(date +%s.%N)
    start_table "$UTF8" "play $game --players $2 --seed 3 --speed fast"
    wait_for "How to play" 15
    echo "e2e: $game: the first play opens 'how to play' after $(echo "$(date +%s.%N) - $start" | bc 2>/dev/null || echo '?') s"
    tmux send-keys -t "$SESSION" Enter
    wait_for "(you)" 10
    text="$(screen)"
    for want in "deal 1" "CPU 1" "CPU 2" "q Menu" "? Keys"; do
        grep -qF -- "$want" <<<"$text" || fail "$game: the table does not show '$want'"
    done
    grep -q '[♠♥♦♣]' <<<"$text" || fail "$game: no suit symbol on the table"
    grep -qF "┌───┐" <<<"$text" || fail "$game: no card face on the table"
    tmux send-keys -t "$SESSION" "?"
    wait_for "take back your bid" 5
    tmux send-keys -t "$SESSION" Escape
    sleep 0.3
    if [ "$game" = nap ]; then  # Enter in the auction presses nothing (it used to pass)
        wait_for "Your turn" 15
        tmux send-keys -t "$SESSION" Enter
        sleep 0.5
        screen | grep -qF "Enter chooses" || fail "nap: Enter in the auction did not say what to press"
        screen | grep -qF "Player passed" && fail "nap: Enter in the auction passed"
    fi
    play_deal "$game"
    tmux send-keys -t "$SESSION" Enter
    sleep 0.5
done
echo "e2e: a deal of every game played in a real terminal, by its keys"

# a kill in the middle of Nap's deal 2 leaves a save that resume reopens at the same moment
start_table "$UTF8" "play nap --players 4 --seed 1 --speed fast"
wait_for "(you)" 15
play_deal nap
tmux send-keys -t "$SESSION" Enter
wait_for "deal 2 / 8" 10
wait_for "Your turn" 15
before="$(screen | grep -F '(you)' | head -1)"
tmux kill-session -t "$SESSION"
sleep 0.5
listing="$($BIN/cardsuite resume --list)"
grep -q "deal 2" <<<"$listing" || { echo "e2e: FAIL: resume --list shows: $listing" >&2; exit 1; }
echo "e2e: after a kill, resume --list shows the match"
start_table "$UTF8" "resume"
wait_for "Your turn" 15
text="$(screen)"
grep -qF -- "deal 2 / 8" <<<"$text" || fail "the resumed table is not at deal 2"
[ "$(screen | grep -F '(you)' | head -1)" = "$before" ] || fail "the resumed table is not where it was: '$before'"
echo "e2e: resume reopened the match at deal 2, same seat line"

# the menu quits the table with its own key; the match stays saved
tmux send-keys -t "$SESSION" q
wait_for "Quit this table" 5
tmux send-keys -t "$SESSION" x
wait_for "CARDSUITE-EXITED" 10
screen | grep -qF "the match is saved as" || fail "leaving the table does not say where the match is saved"

# --plain: a whole match of every game through a pipe, in every language (filed in the history)
for lang in en ja lt; do
    for game in nap napas napoleon gops; do
        PLAIN_HOME="$(mktemp -d)"
        extra=""
        case "$game" in nap) extra="--option deals_per_player=1" ;; napas) extra="--option target=2" ;; esac
        CARDSUITE_HOME="$PLAIN_HOME" "$BIN/python" scripts/e2e_plain.py "$game" --lang "$lang" --bin "$BIN/cardsuite" \
            $extra || { rm -rf "$PLAIN_HOME"; echo "e2e: FAIL: --plain $game ($lang)" >&2; exit 1; }
        if [ "$lang" = en ] && [ "$game" = gops ]; then
            id="$(CARDSUITE_HOME="$PLAIN_HOME" "$BIN/cardsuite" history --json | head -1 | sed -E 's/.*"id": ([0-9]+).*/\1/')"
            CARDSUITE_HOME="$PLAIN_HOME" "$BIN/cardsuite" export "$id" "$HOME_DIR/gops-record.json" >/dev/null
        fi
        rm -rf "$PLAIN_HOME"
    done
done
echo "e2e: a whole match of every game with --plain through a pipe, in en, ja and lt"

# the replay of a record: the table on a terminal (step, all hands), text through a pipe
# read whole: `| grep -q` would close the pipe at "Totals", before the last line, and fail the replay
replayed="$("$BIN/cardsuite" replay "$HOME_DIR/gops-record.json")" || { echo "e2e: FAIL: piped replay" >&2; exit 1; }
grep -qF "Totals" <<<"$replayed" || { echo "e2e: FAIL: piped replay" >&2; exit 1; }
start_table "$UTF8" "replay $HOME_DIR/gops-record.json"
wait_for "Replay: deal 1 of 1, step 0" 15
tmux send-keys -t "$SESSION" Right Right Right
wait_for "step 3 of" 5
tmux send-keys -t "$SESSION" a q
wait_for "CARDSUITE-EXITED" 10
echo "e2e: replay opens the table on a terminal and prints text through a pipe"

# an ASCII terminal: nothing but ASCII on the screen
start_table "LANG=C.UTF-8 TERM=dumb" "play napoleon --seed 2 --speed fast"
wait_for "(you)" 15
screen | LC_ALL=C grep -q '[^ -~]' && fail "TERM=dumb: a non-ASCII character on the screen"
echo "e2e: TERM=dumb shows only ASCII"
echo "e2e: PASS"
