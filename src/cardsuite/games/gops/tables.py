"""What a GOPS option set fixes, worked out once and shared by its games: prize values, who wins a
pair of bids, the prize events and each 2-player round's whole outcome (``Tables.fast``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from ...cards import Card
from ...core.game import Event
from ...core.message import CardRef, N_p, msg
from ...core.options import Options, OptionSpec
from .events import CHOICE_FLAT, REVEAL_PAIRS, award_event, card_name_gops
from .faces import FACE_OF, LEGAL_BY_FACES, PRIZES, ROUNDS, legal_of

OPTIONS: Final = (
    OptionSpec("ties", "carry", "When nobody takes a prize: carry it to the next, discard it, split it (2 players), "
               "or bid again for it (rebid).", choices=("carry", "discard", "split", "rebid")),
    OptionSpec("negative_faces", False,
               "J, Q and K prizes are worth -1, -2 and -3; the lowest card takes a negative pot."),
    OptionSpec("ace", "low", "The ace: low (1), high (beats the king, prize worth 14), or beats only the king.",
               choices=("low", "high", "beats_king")),
    OptionSpec("blind_prize", False, "Bid without seeing the prize; it is turned after the bids."),
    OptionSpec("games", 1, "Games summed into one match.", minimum=1, maximum=1000),
    OptionSpec("memory", False,
               "Play by memory: a card is shown in the round it is revealed only; no played-card panels or list."),
    OptionSpec("play_out", False,
               "A single 2-player game plays all 13 prizes even when its winner is already certain."),
)

CHOICE_WORDS: Final = (
    # TRANSLATORS: an option's value in words, in the home screen's list of the option's choices
    N_p("option value", "carry"), N_p("option value", "discard"), N_p("option value", "split"),
    N_p("option value", "rebid"), N_p("option value", "low"), N_p("option value", "high"),
    N_p("option value", "beats_king"),
)
"""The words of the options' choices, marked for the catalogs (the home screen shows them)."""


@dataclass
class Tables:
    """Everything the options fix, computed once per option set and shared by its deals."""

    players: int
    ties: str
    negative: bool
    ace: str
    blind: bool
    early_end: bool  # a single 2-player game without ``play_out``: stop once the winner is certain
    value: dict[Card, int]
    strength: tuple[int, ...]
    turn_events: dict[Card, Event]
    total_abs: int
    beats_king: bool = False
    higher: tuple[int, ...] = ()
    values: tuple[int, ...] = ()  # ``value`` as a tuple indexed by card, for the hot path
    turns: tuple[Event, ...] = ()  # ``turn_events`` as a tuple indexed by card (the 9D's event at 33)
    least_rest: tuple[int, ...] = ()  # least total |value| of the prizes left after ``turn`` are turned
    awards: dict[int, Event] = field(default_factory=dict)
    ends: dict[int, Event] = field(default_factory=dict)  # end events by outcome (``GopsState._end_event``)
    turns1: tuple[tuple[Event], ...] = ()  # ``turns`` each in a 1-tuple, ready to log and to return
    openings: tuple[tuple[int, tuple[Event]], ...] = ()  # per prize card: (its row in ``fast``, ``turns1``)
    fast: list[FastEntry | None] = field(default_factory=lambda: list[FastEntry | None]([None] * 53 * 196 * 2))


FastEntry = tuple[int, int, tuple[tuple[Card, ...], tuple[int, ...], int | None, str], tuple[Event, ...],
                  tuple[Event, ...]] | tuple[()]
"""A 2-player round decided without a pot: (the seat whose doubled points grow, by how much, the round's
record, events to log, events to return), or ``()``; ``fast_entry``."""


def fast_entry(t: Tables, prize: Card, f0: int, f1: int, last: int) -> FastEntry:
    """The outcome of a 2-player round for ``prize`` with faces ``f0``/``f1``, seat ``last`` bidding
    second, when no pot is carried: the seat whose doubled points grow and by how much (the winner, or
    seat 0 and nothing when a tie discards the prize), the round's record, the public events to log, and
    the events ``apply`` returns (the last bid's private and public events first). ``()`` for the rounds
    ``_resolve`` works out: a prize worth nothing or less, and ties that carry or split the prize."""
    winner = t.higher[f0 * 14 + f1]
    value = t.values[prize]
    if value <= 0 or (winner < 0 and t.ties != "discard"):
        return ()
    choice = CHOICE_FLAT[last * 14 + (f0, f1)[last]]
    if winner < 0:  # a tie, and ties discard the prize (one in 13 random rounds)
        tail = (*REVEAL_PAIRS[f0 * 14 + f1], award_event(-1, (prize,), "discard", value))
        return 0, 0, ((prize,), (f0, f1), None, "discard"), (choice[1], *tail), choice + tail
    tail = (*REVEAL_PAIRS[f0 * 14 + f1], award_event(winner, (prize,), "highest", value))
    return winner, 2 * value, ((prize,), (f0, f1), winner, "highest"), (choice[1], *tail), choice + tail


_TABLES: dict[tuple[object, ...], Tables] = {}
_BY_OPTIONS: dict[tuple[int, int], tuple[Options, Tables]] = {}


def prize_value(card: Card, options: Options) -> int:
    """What a prize card is worth under ``options``."""
    face = FACE_OF[card]
    if face == 1 and options.text("ace") == "high":
        return 14
    if face > 10 and options.flag("negative_faces"):
        return 10 - face
    return face


def tables_for(players: int, options: Options) -> Tables:
    """The shared tables of an option set (cached by value, and by identity for the hot path)."""
    hit = _BY_OPTIONS.get((id(options), players))
    if hit is not None and hit[0] is options:
        return hit[1]
    key = (players, *options.values())
    found = _TABLES.get(key)
    if found is None:
        value = {c: prize_value(c, options) for c in PRIZES}
        strength = (0, 14 if options.text("ace") == "high" else 1, *range(2, 14))
        turns = {c: Event("prize", None, f"prize: {card_name_gops(c)} ({value[c]:+d})".replace("(+", "("), card=c,
                          message=msg("prize: {card} ({value})", card=CardRef(c), value=value[c]))
                 for c in PRIZES}
        found = _TABLES[key] = Tables(players, options.text("ties"), options.flag("negative_faces"),
                                      options.text("ace"), options.flag("blind_prize"),
                                      early_end_applies(players, options),
                                      value, strength, turns, sum(abs(v) for v in value.values()),
                                      options.text("ace") == "beats_king", higher_table(strength,
                                      options.text("ace") == "beats_king"))
    found.values = tuple(found.value.get(c, 0) for c in range(53))
    found.turns = tuple(found.turn_events.get(c, found.turn_events[PRIZES[0]]) for c in range(53))
    found.turns1 = tuple((event,) for event in found.turns)
    found.openings = tuple((card * 392, found.turns1[card]) for card in range(53))
    if not LEGAL_BY_FACES[1]:  # once: every face mask's legal actions, made together (close in memory)
        for faces in range(8192):
            legal_of(faces)
    absolute = sorted(abs(v) for v in found.value.values())
    found.least_rest = tuple(sum(absolute[: ROUNDS - turn]) for turn in range(ROUNDS + 1))
    if len(_BY_OPTIONS) > 1000:
        _BY_OPTIONS.clear()
    _BY_OPTIONS[(id(options), players)] = (options, found)
    return found


def early_end_applies(players: int, options: Options) -> bool:
    """Whether a game may stop before its 13th prize: only a single 2-player game, unless ``play_out``."""
    return players == 2 and options.integer("games") == 1 and not options.flag("play_out")


def higher_table(strength: Sequence[int], beats_king: bool) -> tuple[int, ...]:
    """``table[f0 * 14 + f1]``: which of two bids (faces) is stronger, 0 or 1, or -1 for equal faces."""
    out = []
    for pair in range(14 * 14):
        f0, f1 = divmod(pair, 14)
        if f0 == f1 or not f0 or not f1:
            out.append(-1)
            continue
        if beats_king and 13 in (f0, f1):
            a, b = (14 if f0 == 1 else f0), (14 if f1 == 1 else f1)
        else:
            a, b = strength[f0], strength[f1]
        out.append(0 if a > b else 1)
    return tuple(out)
