"""After-deal analysis with every hand shown: the best result of the contract, and the costly moves.

Each finished deal of a record is replayed. At every decision of a seat that had a choice, each legal
action is valued with all cards known: exactly where the game's search hooks give an exact evaluator
(Nap and Napas solve the trick play), otherwise by rollouts with the game's ``normal`` policy from the
true position (search-based: an estimate). An action that scores clearly less for its seat than the
best one is reported as a place where a card (or a bid) lost value; what a deal is worth to a seat is its
own score unless the game's hooks say otherwise (``SearchHooks.worth``: in Napas, where only the declarer
scores, a defender is judged by the declarer's score against it). For trick games with an exact
solver it also states what the contract was worth with best play from the first lead, and, for each
seat, the best contract it could have made had it declared (the others passing).

Each deal is analysed with an evaluator of its own (asked of the game afresh, its memos empty) and a
generator seeded from ``seed`` and the deal's number, so what is said of a deal never depends on the deals
before it in the record.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..core.game import Action, DealSummary, Game, Score, State, View
from ..core.message import Message, SeatRef, listed, msg, msg_p
from ..core.search import Evaluator, Outcome, Policy, SearchHooks, own_score
from .search import action_words, bot_policy, random_policy, rollout_evaluator

EPSILON = 1e-9


@dataclass(frozen=True)
class Mistake:
    """A decision that lost value: who, when, what was played, what was best, and what it cost."""

    index: int
    seat: int
    phase: str
    played: Action
    best: Action
    played_value: float
    best_value: float
    played_label: Message | None = None
    """How the game words ``played`` to the seat (``look``), for a reader in any language."""
    best_label: Message | None = None
    moment: Message | None = None
    """When it was played, in words (``trick 3``, ``round 5``)."""

    @property
    def cost(self) -> float:
        """Points the seat lost against the best action (with all cards shown): of its own score, or as the
        game's ``SearchHooks.worth`` measures it (a Napas defender: of the declarer's score against it)."""
        return self.best_value - self.played_value


@dataclass
class DealAnalysis:
    """One finished deal's analysis."""

    index: int
    exact: bool
    summary: str
    actual: tuple[Score, ...]
    best_play: tuple[Score, ...] | None = None
    best_play_text: str = ""
    contracts: list[str] = field(default_factory=list)
    mistakes: list[Mistake] = field(default_factory=list)
    summary_message: Message | None = None
    """``summary`` without a language (the game's ``DealSummary.message``), for a reader's screen."""
    best_play_message: Message | None = None
    contract_lines: list[Message] = field(default_factory=list)
    """``contracts`` without a language."""


class Analyst:
    """Values actions with every card shown, exactly when the game offers an exact evaluator."""

    def __init__(self, game: Game, rollouts: int = 24, seed: int = 1) -> None:
        hooks = game.search_hooks() or SearchHooks()
        self.game = game
        self.judge = hooks.judge
        """Values a simultaneous decision against what the others could be expected to do (GOPS), if given."""
        self.exact = hooks.evaluator is not None
        self.evaluator: Evaluator = hooks.evaluator or rollout_evaluator
        """The deal's evaluator: a new one for each deal (``analyze_deal``), so no memo carries over."""
        self.worth = hooks.worth or own_score
        """What a finished deal is worth to a seat (``SearchHooks.worth``; by default its own score)."""
        self.rollouts = 1 if self.exact else rollouts
        self.seed = seed
        factories = game.bot_levels()
        self.policy: Policy = bot_policy(factories["normal"]()) if "normal" in factories else random_policy

    def outcome(self, state: State, seat: int, action: Action | None, rng: random.Random,
                others: Sequence[tuple[int, Action]] = ()) -> Outcome:
        """One evaluation of ``action`` (or of the position as it stands) for ``seat``.

        ``others`` are the choices the other seats made in the same simultaneous round (known after it).
        """
        trial = state.clone()
        if action is not None:
            trial.apply(seat, action)
        for other, choice in others:
            if other in trial.to_act:
                trial.apply(other, choice)
        if trial.is_over:
            return trial
        return self.evaluator(trial, seat, rng, self.policy)

    def value(self, state: State, seat: int, action: Action | None, rng: random.Random,
              others: Sequence[tuple[int, Action]] = ()) -> float:
        """What ``action`` is worth to ``seat``, all cards shown (exact, or a rollout average): its expected
        score, or the game's measure (``SearchHooks.worth``)."""
        seed = rng.getrandbits(64)
        total = 0.0
        for i in range(self.rollouts):
            outcome = self.outcome(state, seat, action, random.Random(seed + i), others)
            total += self.worth(outcome, seat)
        return total / self.rollouts

    def analyze_deal(self, index: int, start: State, actions: Sequence[tuple[int, Action]],
                     threshold: float = 0.5) -> DealAnalysis:
        """Replay ``actions`` from ``start`` (a fresh deal) and find the costly decisions; what is found
        depends only on this deal, ``index`` and ``seed``, never on the deals analysed before it."""
        rng = random.Random(self.seed * 1_000_003 + index)
        self.evaluator = self._new_evaluator()
        state = start.clone()
        mistakes: list[Mistake] = []
        play_start: State | None = None
        for number, (seat, action) in enumerate(actions):
            if play_start is None and state.phase == "play":
                play_start = state.clone()
            legal = state.legal_actions(seat)
            if len(legal) > 1 and (state.phase == "play" or self.judge is not None):
                if self.judge is not None:  # from the seat's view: the others' choices of the round unseen
                    verdict = self.judge(state.view(seat), action, rng, self.rollouts)
                    best, best_value, played = (action, 0.0, 0.0) if verdict is None else verdict
                else:
                    others = _pending(state, seat, actions[number + 1:])
                    values = {a: self.value(state, seat, a, rng, others) for a in legal}
                    best = max(legal, key=lambda a: values[a])
                    best_value, played = values[best], values.get(action, values[best])
                if best_value - played > threshold + EPSILON:
                    view = state.view(seat)
                    mistakes.append(Mistake(number, seat, state.phase, action, best, played, best_value,
                                            self.label(action, view), self.label(best, view), moment(view)))
            state.apply(seat, action)
        summary = state.summary()
        analysis = DealAnalysis(index, self.exact, summary.text, state.scores(), mistakes=mistakes,
                                summary_message=summary.message)
        if play_start is not None:
            outcome = self.outcome(play_start, -1, None, rng)
            analysis.best_play = outcome.scores()
            analysis.best_play_text = outcome.summary().text
            analysis.best_play_message = outcome.summary().message
        if self.exact:
            found = self.contracts(start)
            analysis.contracts = [english for english, _ in found]
            analysis.contract_lines = [line for _, line in found]
        return analysis

    def _new_evaluator(self) -> Evaluator:
        """The game's evaluator made anew, its memos empty: an exact solver's table of outcomes keeps the
        first line of play it met for a result (its trick count past what decides the contract), which
        another deal's best play would otherwise be told."""
        hooks = self.game.search_hooks() or SearchHooks()
        return hooks.evaluator or rollout_evaluator

    def label(self, action: Action, view: View) -> Message:
        """``action`` as the game offers it to the seat (see ``bots.search.action_words``)."""
        return action_words(self.game, action, view)

    def contract_table(self, start: State) -> list[str]:
        """For each seat: the contracts it could have made as declarer, the others passing (English)."""
        return [english for english, _ in self.contracts(start)]

    def contracts(self, start: State) -> list[tuple[str, Message]]:
        """For each seat: the contracts it could have made as declarer, the others passing, with the score,
        as the English line of ``--json`` and as a message for the reader's language. The message names each
        contract by the game's words for it in a sentence (``contract_words``: "misère", not the button's
        "Misère") and the seat by the game's word for its declarer (``roles``: Napoleon's is "Napoleon")."""
        lines: list[tuple[str, Message]] = []
        state = start.clone()
        if state.phase != "bidding":
            return lines
        found: list[list[tuple[str, Message]]] = []
        role: str | None = None
        for seat in range(state.players):
            view = state.view(seat)
            made: list[tuple[str, Message]] = []
            for bid in self._own_bids(state, seat):
                result = self._declare(state, seat, bid)
                if result is None:
                    continue
                role = role or result.role
                if result.made:
                    score = f"{result.score:+}"
                    made.append((f"{self.game.describe_action(bid)} ({score})",
                                 msg_p("a contract and its score", "{bid} ({score})",
                                       bid=self._contract_words(result.contract, bid, view), score=score)))
            found.append(made)
        title = self.game.roles().get(role or "declarer")
        role_words = Message(title.title if title is not None else "declarer")
        for seat, made in enumerate(found):
            text = ", ".join(english for english, _ in made) if made else "nothing"
            english = f"seat {seat} as declarer (the others passing) could have made: {text}"
            if made:
                lines.append((english, msg("{seat} as {role} (the others passing) could have made: {bids}",
                                           seat=SeatRef(seat), role=role_words, bids=listed([m for _, m in made]))))
            else:
                lines.append((english, msg("{seat} as {role} (the others passing) could have made nothing",
                                           seat=SeatRef(seat), role=role_words)))
        return lines

    def _contract_words(self, contract: str | None, bid: Action, view: View) -> Message:
        """A contract in a sentence: the game's words for it (``contract_words``), else the bid as offered."""
        if contract:
            try:
                words = self.game.contract_words(contract)
            except Exception:  # a presentation hook must not break an analysis
                words = contract
            if isinstance(words, Message):
                return words
            if words != contract:
                return Message(words)
        return self.label(bid, view)

    def _own_bids(self, state: State, seat: int) -> list[Action]:
        """The bids ``seat`` could make when its turn comes, the others passing before it."""
        trial = state.clone()
        while not trial.is_over and trial.phase == "bidding" and seat not in trial.to_act:
            mover = next(iter(trial.to_act))
            trial.apply(mover, _pass_or_first(trial.legal_actions(mover)))
        if trial.is_over or seat not in trial.to_act:
            return []
        return [a for a in trial.legal_actions(seat) if a.verb == "bid"]

    def _declare(self, state: State, seat: int, bid: Action) -> Declared | None:
        """Whether ``seat`` makes ``bid`` with best play (trying each choice between auction and play)."""
        trial = state.clone()
        while not trial.is_over and trial.phase == "bidding":
            mover = next(iter(trial.to_act))
            legal = trial.legal_actions(mover)
            trial.apply(mover, bid if mover == seat and bid in legal else _pass_or_first(legal))
        if trial.summary().declarer not in (seat, None) and trial.is_over:
            return None
        return self._best_after_auction(trial, seat, depth=0)

    def _best_after_auction(self, state: State, seat: int, depth: int) -> Declared | None:
        if state.is_over:
            summary = state.summary()
            return _declared(summary, state.scores()[seat]) if summary.declarer == seat else None
        if state.phase == "play":
            outcome = self.evaluator(state.clone(), seat, random.Random(0), self.policy)
            summary = outcome.summary()
            if summary.declarer != seat:
                return None
            return _declared(summary, outcome.scores()[seat])
        if depth > 12:
            return None
        mover = next(iter(state.to_act))
        legal = state.legal_actions(mover)
        choices = list(legal) if mover == seat and len(legal) <= 4 else [_keep(legal)]
        best: Declared | None = None
        for action in choices:
            trial = state.clone()
            trial.apply(mover, action)
            result = self._best_after_auction(trial, seat, depth + 1)
            if result is not None and (best is None or result.score > best.score):
                best = result
        return best


class Declared(NamedTuple):
    """A declarer's deal played out: made or not, its score, the contract (``DealSummary.contract``) and the
    declarer's role (``DealSummary.roles``)."""

    made: bool
    score: Score
    contract: str | None
    role: str | None


def _declared(summary: DealSummary, score: Score) -> Declared:
    declarer = summary.declarer
    return Declared(bool(summary.made), score, summary.contract,
                    summary.roles.get(declarer) if declarer is not None else None)


def moment(view: View) -> Message | None:
    """When a decision falls, in words: the trick (``trick_number``) or the round (``round``) of the deal."""
    trick, round_ = view.table.get("trick_number"), view.table.get("round")
    if isinstance(trick, int) and not isinstance(trick, bool):
        return msg("trick {n}", n=trick)
    if isinstance(round_, int) and not isinstance(round_, bool):
        return msg("round {n}", n=round_)
    return None


def _pending(state: State, seat: int, later: Sequence[tuple[int, Action]]) -> list[tuple[int, Action]]:
    """In a simultaneous round: the choices the other seats still to act went on to make."""
    waiting = set(state.to_act) - {seat}
    found: list[tuple[int, Action]] = []
    for other, action in later:
        if other in waiting:
            found.append((other, action))
            waiting.discard(other)
        if not waiting:
            break
    return found


def _pass_or_first(legal: Sequence[Action]) -> Action:
    return next((a for a in legal if a.verb == "pass"), legal[0])


def _keep(legal: Sequence[Action]) -> Action:
    """The action that changes least: one with no arguments (``exchange`` keeping the hand), else the first."""
    return next((a for a in legal if not a.args), legal[0])
