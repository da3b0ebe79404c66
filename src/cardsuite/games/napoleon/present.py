"""How Napoleon is shown: bids typed as number and suit, the adjutant card, the jacks, the honours."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...cards import ACE, JOKER, RANK_LETTERS, SPADES, SUIT_LETTERS, SUIT_NAMES, make_card
from ...core.game import Action, View
from ...core.message import N_, CardRef, CardsRef, Message, SeatRef, SuitRef, msg, msg_n, msg_p
from ...core.presentation import VERB_WORDS, ActionLook, Line, Presentation, Role, bid_in_running_text, cards_named
from .actions import bid_words
from .deck import SAME_COLOUR_JACK, TRUMP_JACK

ROLES: Mapping[str, Role] = {
    "napoleon": Role("Napoleon", True),
    "adjutant": Role("adjutant", True),
    "allies": Role("ally", False),
    "declarer": Role("declarer", True),
    "defender": Role("defender", False),
}

HOW_TO_PLAY = N_("""\
**Goal.** Napoleon and the secret adjutant must capture at least the bid number of honours (the 10, J, Q,
K and A of each suit: 20 in all); the three Allies try to stop them. {match}

**Bidding.** Bid a number of honours and a trump suit: type it in the list, `13s` for 13 spades
(♠ > ♥ > ♦ > ♣ at the same number; {lowest} is the lowest). `p` passes and drops out for good. When four
have passed, the last bidder is Napoleon and names a card: its holder is the adjutant, unknown to all until
that card is played. {widow}
""")
"""The goal and the bidding, before the card play (``PLAY_RULES``) and the scoring: the match's length, the
lowest bid and the widow follow the table's options."""
WIDOW = {
    # Napoleon's widow and discard, by the ``jokers`` option
    1: N_("Then Napoleon takes the 3-card widow and discards 3."),
    0: N_("Then Napoleon takes the 2-card widow and discards 2."),
}
PLAY_RULES = N_("""\
**Play.** 10 tricks; follow the suit led if you can. The special cards, strongest first:
{yoromeki}- **Mighty**: the ♠A;
{joker}- **表J** (omote, "front" jack): the jack of trumps;
- **裏J** (ura, "back" jack): the other jack of the same colour;
{same_two}- then the highest trump, else the highest card of the suit led.
""")
"""The card play and the order of the special cards, on both pages; a special card whose option is off is left
out (its line below)."""
YOROMEKI_LINE = N_("- **yoromeki**: the ♥Q takes a trick that holds the Mighty;\n")
JOKER_LINE = N_("- **joker**: may be played at any time; led, it names the suit to follow. A led ♣3 requests it;\n")
JOKER_LINE_UNREQUESTED = N_("- **joker**: may be played at any time; led, it names the suit to follow;\n")
"""The joker's line without the club 3's request (``joker_request`` off)."""
SAME_TWO_LINE = N_("- **same-2**: when all five cards are of one suit (not in the first trick), its 2 wins;\n")
SCORING = N_("""\
**Scoring.** Napoleon's side wins: Napoleon 40, adjutant 20 (alone: 60). The Allies win: 20 each (15 each
to the other four when Napoleon was alone).
""")
BEGINNER_HOW_TO_PLAY = N_("""\
**The beginner game.** No bidding, no Napoleon, no adjutant: every seat plays for itself, and whoever
takes the most honours (the 10, J, Q, K and A of each suit: 20 in all) wins the game. It is the way to
learn the order of the cards first. {match} The honours are added up over the match.

**Trumps.** The widow's cards are turned up one by one until one is not the joker: that card's suit is
trumps (the top of the table says which card it was). The widow stays out of play. The player left of the
dealer leads the first trick.
""")
"""The beginner game's page (option ``beginner``), before ``PLAY_RULES``: no auction or adjutant, so the full
page would mislead."""


def match_words(options: Mapping[str, object]) -> Message:
    """How many games a match is, by the ``games`` option."""
    games = _number(options, "games", 5)
    return msg_n("A match is {n} game.", "A match is {n} games.", games)


def play_rules(options: Mapping[str, object]) -> Message:
    """``PLAY_RULES`` with the special cards the options keep: yoromeki, the joker (and its request by the
    club 3), same-2."""
    joker: str | Message = ""
    if _number(options, "jokers", 1):
        joker = Message(JOKER_LINE if options.get("joker_request", True) else JOKER_LINE_UNREQUESTED)
    return msg(PLAY_RULES, yoromeki=Message(YOROMEKI_LINE) if options.get("yoromeki", True) else "", joker=joker,
               same_two=Message(SAME_TWO_LINE) if options.get("same_two", True) else "")


def _number(options: Mapping[str, object], key: str, default: int) -> int:
    """The whole-number option ``key`` (``default`` when it is missing or not a number)."""
    value = options.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


MIGHTY = make_card(ACE, SPADES)
ASCII_WORDS: Mapping[str, str] = {"表J": "omote-J", "裏J": "ura-J", "表": "omote", "裏": "ura"}


class NapoleonPresentation(Presentation):
    """Napoleon's presentation hooks."""

    def look(self, action: Action, view: View) -> ActionLook:
        if action.verb == "pass":
            return ActionLook("Pass (drop out)", key="p", retractable=True)
        if action.verb == "bid":
            n, suit = int(action.args[0]), int(action.args[1])
            return ActionLook(msg("Bid {bid}", bid=bid_words(n, suit)), key=f"{n}{SUIT_LETTERS[suit].lower()}",
                              retractable=True)
        if action.verb == "adjutant":
            card = int(action.args[0])
            order, why = usual_call(card, view.table.get("trump"))
            label = msg("Adjutant: {card} ({why})", card=CardRef(card), why=why) if why is not None else \
                msg("Adjutant: {card}", card=CardRef(card))
            return ActionLook(label, (card,), key=call_key(card), order=order)
        if action.verb == "play" and len(action.args) == 2:
            return ActionLook(msg("Lead the joker, naming {suit}", suit=SuitRef(int(action.args[1]))), (JOKER,))
        return ActionLook(str(action), cards_named(action))

    def action_words(self, action: Action, view: View) -> str | Message:
        """An action as a sentence says it: ``bid 13 spades``, ``pass (drop out)``, ``name the adjutant: the ace
        of hearts``, ``lead the joker, naming spades``."""
        if action.verb == "pass":
            return msg_p("action in running text", "pass (drop out)")
        if action.verb == "bid":
            return bid_in_running_text(bid_words(int(action.args[0]), int(action.args[1])))
        if action.verb == "adjutant":
            context, verb = VERB_WORDS["adjutant"][1]
            return msg("{verb}: {cards}", verb=Message(verb, context=context), cards=CardsRef((int(action.args[0]),)))
        if action.verb == "play" and len(action.args) == 2:
            return msg_p("action in running text", "lead the joker, naming {suit}", suit=SuitRef(int(action.args[1])))
        return super().action_words(action, view)

    def roles(self) -> Mapping[str, Role]:
        return ROLES

    def contract_words(self, contract: str) -> str | Message:
        """A bid as the summary names it, ``13 hearts``, by its words (Japanese ハートで13)."""
        number, _, suit = contract.partition(" ")
        if number.isdigit() and len(number) <= 2 and suit in SUIT_NAMES:
            return bid_words(int(number), SUIT_NAMES.index(suit))
        return contract

    def seat_note(self, view: View, seat: int) -> Line | None:
        honours = view.table.get("honours")
        count = honours[seat] if isinstance(honours, tuple) and seat < len(honours) else 0
        if view.phase == "bidding":
            passed = view.table.get("passed")
            if isinstance(passed, tuple) and seat in passed:
                return Line("dropped out")
            for who, n, suit in reversed(_bids(view)):  # the seat's latest bid
                if who == seat:
                    return Line("bid {bid}", {"bid": bid_words(n, suit)})
            return None
        return Line("honours {count}", {"count": count})

    def table_lines(self, view: View) -> tuple[Line, ...]:
        table, private = view.table, view.private
        lines: list[Line] = []
        bid, who = table.get("bid"), table.get("high_bidder")
        if isinstance(bid, tuple) and len(bid) == 2 and isinstance(who, int):
            won = _side_honours(view, who)
            if view.phase == "bidding":
                lines.append(Line("high bid: {bid} by {seat}", {"bid": bid_words(bid[0], bid[1]),
                                                                 "seat": SeatRef(who)}))
            else:
                lines.append(Line(msg_n("{seat} bid {bid}; Napoleon has {n} honour",
                                        "{seat} bid {bid}; Napoleon has {n} honours", won,
                                        seat=SeatRef(who), bid=bid_words(bid[0], bid[1]))))
        card = table.get("adjutant_card")
        adjutant = table.get("adjutant")
        if isinstance(card, int):
            if isinstance(adjutant, int):
                lines.append(Line("adjutant card {card}: {seat}",
                                  {"card": CardsRef((card,)), "seat": SeatRef(adjutant)}))
            else:
                lines.append(Line("adjutant card {card}: not yet revealed", {"card": CardsRef((card,))}))
        jacks = table.get("trump_jack"), table.get("same_colour_jack")
        if isinstance(jacks[0], int) and isinstance(jacks[1], int):
            lines.append(Line("表J {front} · 裏J {back} · Mighty {mighty}", {
                "front": CardsRef((jacks[0],)), "back": CardsRef((jacks[1],)), "mighty": CardsRef((MIGHTY,))}))
        face_up = table.get("face_up_discards")
        if isinstance(face_up, tuple) and face_up:
            to = table.get("discards_to")
            if isinstance(to, int):
                lines.append(Line("face-up discards {cards}, taken by {seat}", {"cards": CardsRef(face_up),
                                                                               "seat": SeatRef(to)}))
            else:
                lines.append(Line("face-up discards {cards}, for the winner of trick 1", {"cards": CardsRef(face_up)}))
        suit = table.get("joker_suit")
        if isinstance(suit, int):
            lines.append(Line("the joker was led: follow {suit}", {"suit": SuitRef(suit)}, strong=True))
        if table.get("joker_requested"):
            lines.append(Line("the club 3 was led: the joker is requested", strong=True))
        if view.phase == "play" and not table.get("same_two_active"):
            lines.append(Line("same-2 does not count in this trick"))
        widow, discards = private.get("widow"), private.get("discards")
        if isinstance(widow, Sequence) and widow:
            lines.append(Line("the widow held {cards}", {"cards": CardsRef(_ints(widow))}))
        if isinstance(discards, Sequence) and discards:
            lines.append(Line("you discarded {cards}", {"cards": CardsRef(_ints(discards))}))
        if private.get("adjutant"):
            lines.append(Line("you are the adjutant (only you know it)", strong=True))
        elif private.get("alone"):
            lines.append(Line("you play alone: the adjutant card is yours or in the widow", strong=True))
        return tuple(lines)

    def how_to_play(self) -> str | Message:
        """The page for the default options."""
        return self.how_to_play_for({})

    def how_to_play_for(self, options: Mapping[str, object]) -> str | Message:
        """The page for the table's options: the beginner game's, or the full game's with the match's length,
        the lowest bid, the widow and the special cards in force."""
        match, play = match_words(options), play_rules(options)
        if options.get("beginner"):
            return msg("{intro}\n{play}", intro=msg(BEGINNER_HOW_TO_PLAY, match=match), play=play)
        intro = msg(HOW_TO_PLAY, match=match, lowest=_number(options, "min_bid", 11),
                    widow=Message(WIDOW[1 if _number(options, "jokers", 1) else 0]))
        return msg("{intro}\n{play}\n{scoring}", intro=intro, play=play, scoring=Message(SCORING))

    def ascii_words(self) -> Mapping[str, str]:
        return ASCII_WORDS


def usual_call(card: int, trump: object) -> tuple[int, Message | None]:
    """Where a card stands among the usual adjutant calls (lower first) and its name there: Mighty, the joker,
    the trump jack (表J), the same-colour jack (裏J), the three top trumps left, then the other trumps, then
    every other card."""
    suit = trump if isinstance(trump, int) and not isinstance(trump, bool) and 0 <= trump < 4 else -1
    if card == MIGHTY:
        return 0, msg("Mighty")
    if card == JOKER:
        return 1, None
    if suit >= 0 and card == TRUMP_JACK[suit]:
        return 2, msg("表J, the trump jack")
    if suit >= 0 and card == SAME_COLOUR_JACK[suit]:
        return 3, msg("裏J, the same-colour jack")
    if suit >= 0 and card // 13 == suit:
        higher = sum(1 for other in range(card + 1, suit * 13 + 13)
                     if other not in (MIGHTY, TRUMP_JACK[suit], SAME_COLOUR_JACK[suit]))
        return (4 + higher, msg("a top trump")) if higher < 3 else (10 + higher, None)
    return 30, None


def call_key(card: int) -> str:
    """What a person types to find a card in the adjutant list: ``as``, ``10h``, ``jk``."""
    if card == JOKER:
        return "jk"
    rank = RANK_LETTERS[card % 13]
    return ("10" if rank == "T" else rank.lower()) + SUIT_LETTERS[card // 13].lower()


def _ints(values: Sequence[object]) -> tuple[int, ...]:
    return tuple(c for c in values if isinstance(c, int))


def _bids(view: View) -> list[tuple[int, int, int]]:
    out: list[tuple[int, int, int]] = []
    bids = view.table.get("bids")
    if isinstance(bids, tuple):
        for item in bids:
            if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], tuple) and len(item[1]) == 2:
                out.append((int(item[0]), int(item[1][0]), int(item[1][1])))
    return out


def _side_honours(view: View, napoleon: int) -> int:
    """Honours of Napoleon's side as far as the viewer may know: Napoleon's, and the adjutant's once shown."""
    honours = view.table.get("honours")
    if not isinstance(honours, tuple):
        return 0
    total = int(honours[napoleon])
    adjutant = view.table.get("adjutant")
    if isinstance(adjutant, int) and adjutant != napoleon:
        total += int(honours[adjutant])
    return total

