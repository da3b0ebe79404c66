"""``cardsuite play … --plain``: the table as lines of text, for screen readers, braille displays and pipes.

No Textual and no cursor movement: one line per event, cards and seats in words in the reader's language,
then a prompt that says what the seat may do; the person types a card or a bid by its key (the same keys
as the table: ``1`` … ``9``, ``0``, ``j`` …; ``p``, ``3``, ``13s``), by its code (``KS``, ``10H``) or by its
name (``king of spades``), or a word: ``hand``, ``table``, ``score``, ``hint``, ``undo``, ``keys``,
``quit``. It drives the same ``Session`` (saves, history, undo, take-back) and the same planning as the
table. At the end of the input the match stays saved. What storage reports (a save that failed) goes to
stderr, as every command's reports do.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TextIO

from rich.text import Text

from ..cards import Card, card_text, read_card
from ..core.errors import CardsuiteError, reason_of
from ..core.game import Action, View
from ..core.message import Catalog, Message, N_p, Wording, msg
from ..i18n import _, active, game_words, ngettext, pgettext
from ..i18n.reasons import trump_aware, words_of
from ..naming import shown
from ..storage.paths import take_notices
from .config import TableConfig
from .planning import Plan, label_of, plan, verb_words
from .render import Display
from .reports import deal_page, match_page
from .seating import centre_lines, top_parts
from .session import Session, TableSession

COMMANDS = (N_p("plain mode command", "hand"), N_p("plain mode command", "table"),
            N_p("plain mode command", "score"), N_p("plain mode command", "hint"),
            N_p("plain mode command", "undo"), N_p("plain mode command", "keys"),
            N_p("plain mode command", "help"), N_p("plain mode command", "quit"))
"""Words that are not a move, each in English and in the reader's language."""
PROMPT = "> "
"""Where the person types (the same in every language, so that a script can answer too)."""


class WordsDisplay(Display):
    """A display that says cards and suits in words ("the king of spades"), never as symbols."""

    def __init__(self, words: Mapping[str, str] | None = None, catalog: Catalog | None = None) -> None:
        super().__init__(False, False, words, catalog)
        self.wording = Wording(catalog if catalog is not None else active())

    def with_words(self, words: Mapping[str, str], catalog: Catalog | None = None) -> WordsDisplay:
        return WordsDisplay(words, catalog)

    def card(self, card: Card, extra: str = "") -> Text:
        return Text(self.wording.card(card))

    def cards(self, cards: Sequence[Card]) -> Text:
        return Text(pgettext("list separator", ", ").join(self.wording.card(c) for c in cards))

    def suit(self, suit: int) -> str:
        return self.wording.suit(suit) if 0 <= suit < 4 else "-"


class PlainTable:
    """One match played line by line over ``session``, reading ``source`` and writing to ``out``."""

    def __init__(self, session: TableSession, source: TextIO, out: TextIO, err: TextIO | None = None) -> None:
        self.session = session
        self.source = source
        self.out = out
        self.err = err if err is not None else sys.stderr
        self.display = WordsDisplay(session.game.ascii_words(), game_words(session.game))
        self.wording = Wording(game_words(session.game), session.names)
        self.printed: dict[int | None, list[str]] = {}
        self.last_person: int | None = None
        self.plan = Plan()
        self._worded_plan: Plan | None = None
        self._by_words: dict[str, list[Action]] = {}
        self.last_said = ""

    # -- output ------------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        """One line out."""
        print(text, file=self.out, flush=True)
        self.last_said = text

    def say_notices(self) -> None:
        """What storage reported since the last action (a save that failed, or works again), at once, on
        stderr."""
        for line in take_notices():
            self.out.flush()
            print(f"cardsuite: {shown(' '.join(line.split()))}", file=self.err, flush=True)

    def words(self, text: str | Message) -> str:
        """A game's message in the reader's language, seats by name and cards in words."""
        return self.display.say(text, self.session.names)

    def show_new_events(self, seat: int | None) -> None:
        """The log lines ``seat`` has not seen yet (all of them again, marked, after an undo); a line that only
        says again what the one before it said (``Ann declared 3`` after ``Ann bid 3``) is left out."""
        lines = self.session.log_lines(seat, repeats=False)
        seen = self.printed.get(seat, [])
        if lines[: len(seen)] != seen:
            self.say(_("(the table went back: the deal so far)"))
            seen = []
        for line in lines[len(seen):]:
            self.say(self._words_of_line(line))
        self.printed[seat] = list(lines)

    def _words_of_line(self, line: str) -> str:
        """A log line as it is (the session's lines are words already; symbols for suits become words)."""
        wording = self.display.wording
        for suit, symbol in enumerate("♠♥♦♣"):
            line = line.replace(symbol, " " + wording.suit(suit))
        return line

    # -- the match -------------------------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the match ends (True) or the input ends or the person quits (False)."""
        session = self.session
        self.say(" · ".join(top_parts(None, session, self.display, None)))
        seats = pgettext("list separator", ", ").join(
            f"{name}{'' if s in session.people else ' (' + _('CPU') + ')'}" for s, name in enumerate(session.names))
        self.say(_("Seats, in order of play: {seats}").format(seats=seats))
        self.say(_("Type a card or a bid by its key, code or name; help lists the words you may type."))
        while True:
            self.say_notices()
            turn = session.next_turn()
            if turn.kind == "over":
                self.show_new_events(self._viewer())
                if not self.end_of_deal():
                    return True
                continue
            if turn.kind == "cpu":
                self.cpu_move(turn.seat)
                continue
            if turn.kind == "remote":
                return False
            if not self.person_turn(turn.seat):
                return False

    def _viewer(self) -> int | None:
        people = self.session.people
        return people[0] if len(people) == 1 else self.last_person

    def cpu_move(self, seat: int) -> None:
        """A CPU acts at once (a failing bot plays the first legal action)."""
        move = self.session.cpu_move(seat)
        if move is None:
            return
        try:
            action = move.bot.choose(move.view, move.rng)
        except Exception:  # a broken bot must not end the game
            action = move.view.legal[0]
        try:
            self.session.submit(seat, action)
        except CardsuiteError:
            self.session.submit(seat, move.view.legal[0])

    def end_of_deal(self) -> bool:
        """The deal's result; False when the match is over (its standings said). The log's last line, the
        score (``Ann made 3 with 3 tricks: +6, …``), is not said again on the deal's page."""
        session = self.session
        report = session.deal_report()
        logged = self.last_said
        self.say(_("Deal {number} is over").format(number=report.number))
        summary = report.summary.message or report.summary.text
        page = deal_page(session.names, summary, report.score_text, report.changes, report.totals,
                         session.assisted, self.display)
        for line in page.plain.splitlines():
            if line.strip() and line.rstrip() != logged:
                self.say(line.rstrip())
        if not session.match_over:
            session.next_deal()
            self.printed.clear()
            self.say(" · ".join(top_parts(None, session, self.display, None)))
            return True
        history_id = session.finish()
        stopped = session.stopped_note()
        self.say(_("The match stops here") if stopped else _("The match is over"))
        page = match_page(session.names, session.deal_scores(), session.totals, session.assisted, self.display,
                          stopped)
        for line in page.plain.splitlines():
            if line.strip():
                self.say(line.rstrip())
        if history_id is not None:
            self.say(_("In the history as match {id} (cardsuite history, stats).").format(id=history_id))
        return False

    # -- a person's turn --------------------------------------------------------------------------------
    def person_turn(self, seat: int) -> bool:
        """Ask ``seat``'s person until they act; False when the input ends or they quit."""
        session = self.session
        if len(session.people) > 1 and self.last_person != seat and not self.hand_over(seat):
            return False
        self.last_person = seat
        self.show_new_events(seat)
        view = session.view(seat)
        self.plan = self.make_plan(view)
        forced = self.plan.forced() if session.config.auto_play else None
        if forced is not None:
            self.say(_("Only choice for {name}: {action} (played automatically)").format(
                name=session.names[seat], action=self.label(forced)))
            if self.act(forced, seat):
                return True
        self.prompt(seat, view)
        while True:
            line = self._read()
            if line is None:
                return False
            answer = line.strip()
            if not answer:
                self.prompt(seat, view)
                continue
            word = self._command_word(answer)
            if word == "quit":
                return False
            if word is not None:
                self.command(word, seat, view)
                view = session.view(seat)
                continue
            action, why = self.understand(answer)
            if action is None:
                self.say(why)
                continue
            if self.act(action, seat):
                return True

    def hand_over(self, seat: int) -> bool:
        """Between two people: wait for an empty line before ``seat``'s hand shows (a line typed there is said
        not played, once each, and shows no hand); False when the input ends or ``quit`` is typed."""
        self.say(_("Pass to {name}, then press Enter").format(name=self.session.names[seat]))
        while True:
            line = self._read()
            if line is None:
                return False
            answer = line.strip()
            if not answer:
                return True
            if self._command_word(answer) == "quit":
                return False
            self.say(_("Press Enter alone: the line was not played."))

    def _command_word(self, answer: str) -> str | None:
        """The command ``answer`` is, in English or in the reader's language (``help``, ``ヒント``)."""
        low = answer.lower()
        for context, word in COMMANDS:
            if low in (word, pgettext(context, word).lower()):
                return word
        return None

    def make_plan(self, view: View) -> Plan:
        """What the seat may do, keyed as on the table (the hand in the game's order)."""
        try:
            groups = self.session.game.arrange_hand(view.hand, view)
        except Exception:  # a presentation hook must not stop the game
            groups = (tuple(view.hand),)
        order = tuple(c for g in groups for c in g)
        return plan(self.session.game, view, say=self.words, order=order)

    def act(self, action: Action, seat: int) -> bool:
        """Send ``action``; False (the rule's reason said) when it is refused."""
        try:
            self.session.submit(seat, action)
        except CardsuiteError as exc:
            first = exc.args[0] if exc.args else str(exc)
            self.say(_("Not allowed: {reason}").format(
                reason=self.words(words_of(first if isinstance(first, Message) else str(first)))))
            return False
        return True

    def label(self, action: Action) -> str:
        """An action in words."""
        return self.plan.label(action)

    def prompt(self, seat: int, view: View) -> None:
        """The hand, then what the seat may do now and how to type it."""
        self.say(self.hand_line(view))
        self.say(_("Your turn, {name}. You may: {choices}").format(name=self.session.names[seat],
                                                                  choices=self.choices_text()))
        self.say(_("Type your choice (help for more)."))

    def choices_text(self) -> str:
        """What the seat may do now and how to type it (``p Pass | 3 Bid 3``), then what is not open yet."""
        choices: list[str] = []
        if self.plan.verb is not None:
            legal = self.plan.legal_cards
            playable = [f"{key} {self.display.wording.card(card)}" for card, key in
                        zip(self.plan.order, self.plan.card_keys, strict=False) if card in legal]
            verb = verb_words(self.plan.verb, self.words, button=False)
            if self.plan.multi:
                sizes = sorted({len(self.plan.cards_of[a]) for a in self.plan.card_verbs[self.plan.verb]})
                count = pgettext("list separator", ", ").join(map(str, sizes))
                choices.append(_("{verb} {count} of these cards (type their keys on one line): {cards}").format(
                    verb=verb, count=count, cards="; ".join(playable)))
            else:
                choices.append(_("{verb} one of: {cards}").format(verb=verb, cards="; ".join(playable)))
        for item in self.plan.items:
            if item.kind == "list":
                shown = [f"{self.plan.looks[a].key or ''} {self.label(a)}".strip() for a in item.actions[:12]]
                more = len(item.actions) - len(shown)
                text = "; ".join(shown) + (" …" + ngettext("and {n} more", "and {n} more", more).format(n=more)
                                           if more > 0 else "")
                choices.append(f"{item.label}: {text}")
            else:
                choices.append(f"{item.key} {item.label}".strip())
        return " | ".join(choices)

    def hand_line(self, view: View) -> str:
        """The seat's hand in words, with each card's key when the hand is played from."""
        keys = dict(zip(self.plan.order, self.plan.card_keys, strict=False))
        order = self.plan.order or tuple(view.hand)
        cards = [f"{keys[c]} {self.display.wording.card(c)}" if c in keys else self.display.wording.card(c)
                 for c in order]
        return _("Your hand: {cards}").format(cards="; ".join(cards) if cards else _("(no cards)"))

    def command(self, word: str, seat: int, view: View) -> None:
        """A word that is not a move (``hand``, ``table``, ``score``, ``hint``, ``undo``, ``help``): its answer."""
        session = self.session
        if word == "hand":
            self.say(self.hand_line(view))
        elif word == "table":
            self.say(" · ".join(top_parts(view, session, self.display, None)))
            for line in centre_lines(view, session, self.display):
                self.say(line.plain)
            for other in range(view.players):
                info = view.seats[other]
                self.say(_("{name}: {held} held, {won} won").format(name=session.names[other],
                                                                   held=info.cards_held, won=info.tricks))
        elif word == "score":
            totals = pgettext("list separator", ", ").join(f"{n} {t}" for n, t in zip(session.names, session.totals,
                                                                                     strict=True))
            self.say(_("Totals: {totals}").format(totals=totals))
        elif word == "hint":
            self.hint(seat)
        elif word == "undo":
            if session.can_undo(seat) and session.undo(seat):
                self.say(_("Undone: back to your previous decision (counted as an undo in your statistics)."))
                self.show_new_events(seat)
                view = session.view(seat)
                self.plan = self.make_plan(view)
                self.prompt(seat, view)
            else:
                self.say(_("Undo is only for one person playing against CPUs."))
        elif word in ("keys", "help"):
            self.say(_("Type a card's key (the number or letter before it), its code (KS, 10H) or its name (king "
                       "of spades); a bid's key or words; several cards on one line for an exchange or a "
                       "discard. Words: hand, table, score, hint, undo, quit."))

    def hint(self, seat: int) -> None:
        """The strongest CPU's advice, with its reason."""
        session = self.session
        move = session.cpu_move(seat, session.best_level)
        if move is None:
            return
        session.count_hint(seat)
        try:
            hint = move.bot.hint(move.view, random.Random(seat))
        except Exception as exc:  # a hint is a nicety
            session.count_hint(seat, -1)
            self.say(_("No hint this time: the CPU failed ({error}); it is not counted.").format(error=exc))
            return
        reason = self.words(trump_aware(words_of(hint.reason), move.view.table.get("trump")))
        self.say(_("Hint: {action} — {reason}").format(action=self.label(hint.action),
                                                      reason=reason[:1].upper() + reason[1:]))

    # -- understanding what was typed ----------------------------------------------------------------
    def understand(self, answer: str) -> tuple[Action | None, str]:
        """The action ``answer`` names, or None and why it names none."""
        plan_ = self.plan
        text = answer.strip()
        low = text.lower()
        for item in plan_.items:
            if item.kind == "action" and low == item.key.lower():
                return item.actions[0], ""
        every = [a for item in plan_.items for a in item.actions]
        for action in every:
            look = plan_.looks.get(action)
            if look is not None and look.key is not None and low.replace(" ", "") == look.key.lower():
                return action, ""
        played = [a for acts in plan_.card_verbs.values() for a in acts]
        worded = self._worded(played).get(low, [])
        if len(worded) == 1:  # a card action by its words as offered (``Lead the joker, naming spades``)
            return worded[0], ""
        cards = self._cards(self._without_verb(text))
        if cards and plan_.verb is not None:
            matches = plan_.matching(cards)
            if len(matches) == 1:
                return matches[0], ""
            if plan_.multi or len(cards) > 1:
                if not matches:  # several cards the game reads as one action (too many to exchange): it says why
                    try:
                        return self.session.game.parse_action(
                            " ".join((plan_.verb, *(card_text(card) for card in cards)))), ""
                    except CardsuiteError:
                        pass
                return None, _("Those cards are not one of the choices: {cards}.").format(
                    cards=self.display.cards(cards).plain)
            if not matches:  # one card that may not be played: the game says why
                try:
                    return self.session.game.parse_action(f"{plan_.verb} {card_text(cards[0])}"), ""
                except CardsuiteError as exc:
                    return None, _("Not allowed: {reason}").format(reason=self.words(words_of(reason_of(exc))))
            return None, _("That card can be played in several ways; type one of: {choices}").format(
                choices="; ".join(self.label(a) for a in matches))
        recorded = self._recorded(text, played, (*every, *played))
        if recorded is not None:  # as a record writes it (``play JK S``), or without the verb (``JK S``)
            return recorded, ""
        ways = [a for a in played if a.verb == plan_.verb and len(plan_.matching(plan_.cards_of[a])) > 1]
        named = [a for a in every if low and low == self.label(a).lower()]
        named = named or [a for a in (*every, *ways) if low and low in self.label(a).lower()]
        if len(named) == 1:
            return named[0], ""
        if len(named) > 1:
            return None, _("Several choices fit that; type more of one: {choices}").format(
                choices="; ".join(self.label(a) for a in named[:8]))
        refused = self._refused(text, every)
        if refused is not None:  # an action of this phase the rules refuse now (a bid too low): the game says why
            return refused, ""
        if plan_.verb is None and self._names_a_card(text):
            return None, _("No card is played now. You may: {choices}").format(choices=self.choices_text())
        return None, _("That is not a choice now. Type help for the words you may use.")

    def _worded(self, played: Sequence[Action]) -> dict[str, list[Action]]:
        """The card actions of this plan by their words as offered (each said once per plan: a Napoleon discard
        has hundreds of them)."""
        if self._worded_plan is not self.plan:
            by_words: dict[str, list[Action]] = {}
            for action in played:
                for words in dict.fromkeys(self._labels_of(action)):
                    by_words.setdefault(words, []).append(action)
            self._worded_plan, self._by_words = self.plan, by_words
        return self._by_words

    def _labels_of(self, action: Action) -> tuple[str, ...]:
        """``action``'s words as offered, in the reader's language and in English, lower case."""
        look = self.plan.looks.get(action)
        words = label_of(action, look) if look is not None else ""
        english = Wording()(words if isinstance(words, Message) else Message(words)) if words else ""
        return self.label(action).lower(), english.lower()

    def _recorded(self, text: str, played: Sequence[Action], legal: Sequence[Action]) -> Action | None:
        """The action of ``legal`` that ``text`` writes as a record does (``play JK S``, ``exchange``), or a
        card action of ``played`` with its verb left out (``JK S``)."""
        verbs = dict.fromkeys(a.verb for a in played)
        for words in (text, *(f"{verb} {text}" for verb in verbs)):
            try:
                action = self.session.game.parse_action(words)
            except CardsuiteError:
                continue
            if action in legal:
                return next(a for a in legal if a == action)
        return None

    def _refused(self, text: str, every: Sequence[Action]) -> Action | None:
        """The action ``text`` names with a verb of this phase (``1`` as ``bid 1``), or as a whole (``bid 1``),
        that is not among the choices: sent, the game refuses it with its reason."""
        verbs = dict.fromkeys(a.verb for a in every if a.verb not in self.plan.card_verbs)
        for words in (*(f"{verb} {text}" for verb in verbs), text):
            try:
                action = self.session.game.parse_action(words)
            except CardsuiteError:
                continue
            if action.verb in verbs:
                return action
        return None

    def _without_verb(self, text: str) -> str:
        """``text`` without the current card verb before its cards, as a record writes it (``exchange KS 7H``)."""
        verb = self.plan.verb
        head, _space, rest = text.strip().partition(" ")
        return rest if verb is not None and rest.strip() and head.lower() == verb else text

    def _names_a_card(self, text: str) -> bool:
        """Whether ``text`` names a card (of the hand, or by its code: ``KS``, ``10H``)."""
        if self._cards(text):
            return True
        return read_card(text.strip().upper().replace("10", "T")) is not None

    def _cards(self, text: str) -> tuple[Card, ...]:
        """The cards ``text`` names: by key, code or name (several separated by spaces or commas)."""
        plan_ = self.plan
        by_name = {self.display.wording.card(c).lower(): c for c in plan_.order}
        english = Wording()
        by_name.update({english.card(c).lower(): c for c in plan_.order})
        by_name.update({english.card(c).lower().removeprefix("the "): c for c in plan_.order})
        low = text.lower().strip()
        if low in by_name:
            return (by_name[low],)
        out: list[Card] = []
        for token in low.replace(",", " ").split():
            card = plan_.card_for_key(token)
            if card is None:
                card = read_card(token.upper().replace("10", "T"))
                if card is None or card not in plan_.order:
                    return ()
            out.append(card)
        return tuple(out)

    def _read(self) -> str | None:
        """One line of input after the ``> `` mark (None at its end)."""
        self.out.write(PROMPT)
        self.out.flush()
        line = self.source.readline()
        if not _is_terminal(self.source):
            self.out.write("\n")  # a pipe does not echo: the next line starts on its own line
        return None if line == "" else line


def _is_terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except ValueError:  # a closed stream
        return False


def run_plain(config: TableConfig, source: TextIO, out: TextIO,
              make_session: Callable[[TableConfig], TableSession] = Session, err: TextIO | None = None) -> str | None:
    """Play ``config``'s match line by line; the save id when it is left unfinished. Left unfinished or stopped
    when its last save failed, or finished and neither saved nor filed, it is refused in one line
    (``CardsuiteError``): the match as it stands is not kept."""
    session = make_session(config)
    done = PlainTable(session, source, out, err).run()
    lost = session.lost
    if lost is not None:
        raise CardsuiteError(lost)
    unsaved = session.unsaved
    if unsaved is not None:
        raise CardsuiteError(msg("the match is not saved as it stands: saving it to {file} failed",
                                 file=shown(unsaved)))
    saved = session.saved_id
    if not done and saved is not None:
        said = _("cardsuite: the match is saved as {id}; `cardsuite resume` reopens it").format(id=shown(saved))
        print(said, file=out)
        return saved
    return None
