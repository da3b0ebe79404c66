"""Play a whole match of ``cardsuite play GAME --plain`` through a pipe, answering as a person would.

At each ``> `` the answer is one of the choices the prompt offers (a seeded random one: the first word of
an entry is its key), in any language; a refusal is answered with another choice. Several cards (an
exchange or a discard) are typed on one line, one more each time the table refuses the line. Exits 0 when
the match ended and is in the history (``cardsuite history``), 1 (with the last lines) when it is not.
Run it with its own ``CARDSUITE_HOME``.

    python scripts/e2e_plain.py GAME [--lang ja] [--seed 3] [extra options of cardsuite play]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import time

PROMPT = "> "


def choices(prompt: str) -> tuple[list[str], list[str]]:
    """The buttons' keys and the keys of the cards (or of a list's entries) the last prompt offers."""
    buttons: list[str] = []
    cards: list[str] = []
    prompt = prompt.replace("\uff1a", ":")  # Japanese writes the full-width colon
    body = prompt.split(":", 1)[-1] if ":" in prompt else prompt
    for entry in re.split(r" \| ", body):
        entry = entry.strip()
        _head, colon, rest = entry.partition(":")
        if colon and rest.strip():
            for part in rest.split(";"):
                token = part.strip().split(" ", 1)[0]
                if token and token not in ("…", "..."):
                    cards.append(token)
        elif entry:
            buttons.append(entry.split(" ", 1)[0])
    return buttons, cards


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--bin", default=os.path.join(".venv", "bin", "cardsuite"))
    parser.add_argument("--limit", type=float, default=600, help="seconds the match may take")
    args, rest = parser.parse_known_args()  # the rest goes to cardsuite play
    rng = random.Random(args.seed)
    command = [args.bin, "--lang", args.lang, "play", args.game, "--plain", "--seed", str(args.seed),
               "--speed", "instant", *(r for r in rest if r != "--")]
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=0)
    assert child.stdin is not None and child.stdout is not None
    lines: list[str] = []
    buffer = ""
    answers = 0
    tries = 0
    deadline = time.monotonic() + args.limit
    last_prompt = ""
    fresh = False
    while time.monotonic() < deadline:
        char = child.stdout.read(1)
        if char == "":
            break
        buffer += char
        if char == "\n":
            lines.append(buffer.rstrip("\n"))
            if buffer.count(" | ") or ";" in buffer:
                last_prompt = buffer.strip()
                fresh = True
            buffer = ""
            continue
        if buffer != PROMPT:
            continue
        buffer = ""
        buttons, cards = choices(last_prompt)
        tries = 0 if fresh else tries + 1
        fresh = False
        if cards and (not buttons or rng.random() < 0.8 or tries > 2):
            count = 1 + tries % len(cards)  # several cards at once: one more each time the line is refused
            answer = " ".join(rng.sample(cards, min(count, len(cards))))
        elif buttons:
            answer = rng.choice(buttons)
        else:
            answer = ""  # a hand-off: Enter
        child.stdin.write(answer + "\n")
        answers += 1
    child.stdin.close()
    rest = child.stdout.read()
    lines += rest.splitlines()
    child.wait(timeout=30)
    filed = subprocess.run([args.bin, "history", "--json"], capture_output=True, text=True, check=False).stdout
    if child.returncode == 0 and answers and f'"game": "{args.game}"' in filed:
        print(f"e2e-plain: {args.game} ({args.lang}): a whole match in {answers} answers, "
              f"{len(lines)} lines")
        return 0
    print(f"e2e-plain: FAIL: {args.game} ({args.lang}): the match did not end (exit {child.returncode})",
          file=sys.stderr)
    print("\n".join(lines[-30:]), file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
