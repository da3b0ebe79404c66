"""How GOPS is shown: hands and prizes ordered by power, the prize and pot, the bids revealed together."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...cards import Card
from ...core.game import Action, Event, View
from ...core.message import N_, CardsRef, Message, N_p, RankRef, SeatRef, msg, msg_n
from ...core.presentation import ActionLook, Line, Outcome, Played, Presentation
from .faces import FACE_BY_ARG, FACE_OF, SEAT_SUITS, card_of

TIE_RULES = {
    # the ``ties`` option's values, in words
    "carry": N_p("GOPS ties", "carried to the next prize"),
    "discard": N_p("GOPS ties", "discarded"),
    "split": N_p("GOPS ties", "split between the tied players"),
    "rebid": N_p("GOPS ties", "bid for again, with the cards left"),
}

HOW_TO_PLAY = N_("""\
**Goal.** Take prize cards worth the most points. The 13 diamonds are the prizes (A = 1 ... K = 13);
each player holds one whole suit, ace to king.

**Each round** a prize is turned face up. Everyone chooses a card in secret (its key, or the arrows and
`Enter`); the cards are revealed together. The highest card takes the prize. With 3 players, when exactly
two cards tie, the third player takes it; when nobody takes it, the prize carries over to the next round
(or as the `ties` option says). Played cards stay face up, so everyone can see what is left.

**Card order.** King high, ace low (the ace is shown last), unless the `ace` option makes it high or lets
it beat only the king. Your hand is shown strongest first.

{end}
""")
"""The page, but for its last paragraph: how the game ends follows the table's options (``end_words``)."""
END_PLAYED_OUT = N_("**End.** After 13 rounds the highest total wins.")
"""A single game played out (``play_out``)."""
END_EARLY = N_("**End.** After 13 rounds the highest total wins. With 2 players the game ends as soon as no "
               "prize left can change who wins.")
"""A single game that may end early (decision 1 of the spec), when no number of points alone settles it
(``negative_faces``)."""
END_EARLY_AT = N_("**End.** After 13 rounds the highest total wins. With 2 players the game ends as soon as no "
                  "prize left can change who wins: {points} of the {total} points always settle it.")
"""The same, with the points that settle it whatever is left (the prizes add up to ``total``)."""


class GopsPresentation(Presentation):
    """GOPS's presentation hooks."""

    def look(self, action: Action, view: View) -> ActionLook:
        if action.verb == "play" and len(action.args) == 1:
            face = FACE_BY_ARG.get(str(action.args[0]).upper())
            cards = tuple(c for c in view.hand if face is not None and FACE_OF[c] == face)
            if face is None:
                return ActionLook(str(action), cards[:1])
            return ActionLook(msg("play the {rank}", rank=RankRef(14 if face == 1 else face)), cards[:1])
        return super().look(action, view)

    def arrange_hand(self, cards: Sequence[Card], view: View) -> tuple[tuple[Card, ...], ...]:
        """One group, strongest first: the ace last unless it is high."""
        return (tuple(sorted(cards, key=lambda c: -_power(view, c))),) if cards else ()

    def seat_note(self, view: View, seat: int) -> Line | None:
        if view.phase != "over" and seat not in view.to_act and bool(view.to_act):
            return Line("has chosen")
        return Line("{points} points", {"points": _show(view.seats[seat].facts.get("points", 0))})

    def table_cards(self, view: View) -> tuple[Played, ...]:
        """Face-down cards beside the seats that have chosen this round."""
        if view.phase == "over" or not view.to_act:
            return ()
        return tuple(Played(s, None) for s in range(view.players) if s not in view.to_act)

    def outcome(self, view: View) -> Outcome | None:
        rounds = _rounds(view.history, view.players)
        if not rounds:
            return None
        reveals, result = rounds[-1]
        memory = bool(view.table.get("memory"))
        if memory and view.seat not in view.to_act and view.phase != "over":
            return None  # memory mode: a round's cards are shown only until this seat's next choice
        cards = tuple(Played(e.seat, card_of(_face(e), SEAT_SUITS[e.seat])) for e in reveals if e.seat is not None)
        why = _why(result)
        winner = result.winner if result is not None else None
        return Outcome(cards, winner, why, max(len(rounds), _bids_revealed(view.history, view.players)))

    def table_lines(self, view: View) -> tuple[Line, ...]:
        table = view.table
        lines: list[Line] = []
        prize = table.get("prize")
        if isinstance(prize, int):
            lines.append(Line("prize {prize}, worth {value}", {"prize": CardsRef((prize,)),
                                                               "value": _show(table.get("prize_value"))}))
        elif view.phase != "over":
            lines.append(Line("the prize is face down until the bids are in"))
        pot = table.get("pot")
        if isinstance(pot, tuple) and pot:
            lines.append(Line("carried pot {cards}, worth {value}", {"cards": CardsRef(pot),
                                                                     "value": _show(table.get("pot_value"))}))
        memory = bool(table.get("memory"))
        left = table.get("prizes_left")
        if not memory and isinstance(left, tuple):
            values = _values(table.get("values"))
            order = tuple(sorted(left, key=lambda c: -values.get(c, 0)))
            lines.append(Line("prizes to come {cards}", {"cards": CardsRef(order)}))
        remaining = table.get("remaining")
        if not memory and isinstance(remaining, tuple):
            for seat, faces in enumerate(remaining):
                if seat != view.seat and isinstance(faces, tuple) and seat < len(SEAT_SUITS):
                    cards = tuple(card_of(f, SEAT_SUITS[seat]) for f in faces)
                    order = tuple(sorted(cards, key=lambda c: -_power(view, c)))
                    lines.append(Line("{seat} holds {cards}", {"seat": SeatRef(seat), "cards": CardsRef(order)}))
        rule = TIE_RULES.get(str(table.get("ties", "carry")))
        if rule is not None:
            lines.append(Line("ties: {rule}", {"rule": Message(rule[1], context=rule[0])}))
        chosen = view.private.get("chosen")
        if isinstance(chosen, str):
            face = FACE_BY_ARG.get(chosen)
            mine = tuple(card_of(face, SEAT_SUITS[view.seat]) for _ in (0,) if face and view.seat < len(SEAT_SUITS))
            lines.append(Line("your choice this round: {card}", {"card": CardsRef(mine)}, strong=True))
        return tuple(lines)

    def how_to_play(self) -> str | Message:
        """The page for the default options."""
        return self.how_to_play_for({})

    def how_to_play_for(self, options: Mapping[str, object]) -> str | Message:
        """The page, its end as the table's options have it."""
        return msg(HOW_TO_PLAY, end=end_words(options))


def end_words(options: Mapping[str, object]) -> Message:
    """How a game ends under ``options``: several games summed play every prize; a single 2-player game ends
    early unless ``play_out``, at a number of points when every prize is worth something (decision 1)."""
    games = options.get("games", 1)
    if isinstance(games, int) and games > 1:
        return msg_n("**End.** A match is {n} game, each played to its 13th round; the highest total of the match "
                     "wins.", "**End.** A match is {n} games, each played to its 13th round; the highest total of "
                     "the match wins.", games)
    if options.get("play_out"):
        return Message(END_PLAYED_OUT)
    if options.get("negative_faces"):
        return Message(END_EARLY)
    total = 104 if options.get("ace") == "high" else 91
    return msg(END_EARLY_AT, points=total // 2 + 1, total=total)


RULE_WORDS = {
    # why a GOPS round's prize went where it went (``Event.rule``)
    "highest": N_p("GOPS round", "the highest card"),
    "lowest": N_p("GOPS round", "the lowest card (negative pot)"),
    "third": N_p("GOPS round", "two cards tied, so the third player takes it"),
}


def _why(result: Event | None) -> Line:
    """A round's result in short: who took which prizes and why, or what the tie did."""
    if result is None:
        return Line("the cards are revealed")
    prizes = next((v for k, v in result.data if k == "prizes"), ())
    value = next((v for k, v in result.data if k == "value"), 0)
    cards = CardsRef(tuple(c for c in prizes if isinstance(c, int))) if isinstance(prizes, tuple) else CardsRef(())
    if result.winner is not None and result.rule in RULE_WORDS:
        context, why = RULE_WORDS[result.rule or ""]
        return Line("{seat} takes {prizes} ({value:+}): {why}", {
            "seat": SeatRef(result.winner), "prizes": cards, "value": value if isinstance(value, int) else 0,
            "why": Message(why, context=context)})
    return Line(result.message if result.message is not None else result.text)  # a tie: its own sentence


def _power(view: View, card: Card) -> int:
    """A bid card's strength: its face, the ace 14 when high."""
    face = FACE_OF[card]
    return 14 if face == 1 and view.options.get("ace") == "high" else face


def _face(event: Event) -> int:
    for key, value in event.data:
        if key == "face" and isinstance(value, int):
            return value
    return 1


def _values(value: object) -> dict[int, int]:
    """The ``values`` fact (``(card, value)`` pairs) as a dict."""
    out: dict[int, int] = {}
    if isinstance(value, tuple):
        for item in value:
            if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], int) and isinstance(item[1], int):
                out[item[0]] = item[1]
    return out


def _show(value: object) -> str:
    from fractions import Fraction

    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):g}"
    return str(value if value is not None else 0)


def _bids_revealed(history: Sequence[Event], players: int) -> int:
    """How many bids have been revealed: the ``chosen`` events before the last reveal, one per seat and bid (the
    memory log, which drops earlier rounds' reveals, keeps them all; a history without them counts its reveals)."""
    last = max((i for i, e in enumerate(history) if e.kind == "reveal"), default=0)
    return sum(1 for e in history[:last] if e.kind == "chosen") // max(players, 1)


def _rounds(history: Sequence[Event], players: int) -> list[tuple[list[Event], Event | None]]:
    """Each complete reveal (one ``reveal`` per seat in a row) with the award or tie that followed it."""
    out: list[tuple[list[Event], Event | None]] = []
    run: list[Event] = []
    for event in history:
        if event.kind == "reveal":
            run.append(event)
            continue
        if run and len({e.seat for e in run}) == players:
            out.append((run, None))
        run = []
        if out and out[-1][1] is None and event.kind in ("award", "tie", "zero"):
            out[-1] = (out[-1][0], event)
    if run and len({e.seat for e in run}) == players:
        out.append((run, None))
    return out
