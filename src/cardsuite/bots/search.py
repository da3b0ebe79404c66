"""The generic ``hard`` CPU player: determinized search through the game contract only.

For each decision it samples complete deals consistent with its seat's view (``Game.sample_deal``),
plays every legal action in each sampled deal and finishes the deal with an evaluator (by default a
rollout in which every seat plays the game's ``normal`` policy through its own view), and picks the
action with the best average result: perfect-information Monte Carlo (PIMC). All actions are tried in
the same sampled deals with the same rollout seed (common random numbers), so differences between
actions are not drowned in the luck of the deal.

A game may refine the search through the contract's hook, ``Game.search_hooks() -> SearchHooks`` (see
``docs/bots.md``): a better evaluator (Nap and Napas solve the trick play exactly), a sampler that
weighs deals by what the bidding suggests, and extra words for hints.

Thread-safety: a bot keeps no state between calls beyond its configuration, and there are no shared
mutable globals, so a UI may call it from a worker thread.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core.errors import SamplingError
from ..core.game import Action, Bot, Game, Hint, Score, State, Utility, View
from ..core.message import Message, msg, msg_n
from ..core.search import Evaluator, Outcome, Policy, Sampler, SearchHooks, StatePolicyBot, rollout_until

DEFAULT_BUDGET_MS = 200.0
HINT_SAMPLES = 8
"""A hint rests on at least this many sampled deals, even when they take longer than the budget."""


def bot_policy(bot: Bot) -> Policy:
    """A rollout policy that asks ``bot`` what it would do with the seat's knowledge, as in a real game.

    A bot with a ``state_policy()`` method (``core.search.StatePolicyBot``: Napoleon's heuristic CPUs) gives
    its own policy, which reads the live state and chooses exactly what the bot would choose from the seat's
    view. Otherwise the policy reads ``State.window(seat)``: the same fields as ``view(seat)`` (the same bot
    code, so the same choice), built from the live state without copying the public facts; the window
    lives only for the duration of the call.
    """
    if isinstance(bot, StatePolicyBot):
        return bot.state_policy()

    def policy(state: State, seat: int, rng: random.Random) -> Action:
        return bot.choose(state.window(seat), rng)

    return policy


def random_policy(state: State, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action (the rollout policy of games with no ``normal`` level)."""
    legal = state.legal_actions(seat)
    return legal[rng.randrange(len(legal))]


def rollout_evaluator(state: State, seat: int, rng: random.Random, policy: Policy) -> Outcome:
    """The default evaluator: play the deal out with the rollout policy."""
    del seat
    return rollout_until(state, rng, policy)


def search_evaluator(evaluator: Evaluator | None) -> Evaluator | None:
    """The evaluator the search uses from a game's hook: its ``for_search`` when it offers one (Napas values
    card play against the others' own play, where ``cardsuite analyze`` reads the same hook as best play)."""
    found = getattr(evaluator, "for_search", None)
    return found if callable(found) else evaluator


def inferring_sampler(game: Game, model: Bot, tries: int = 16) -> Sampler:
    """``Game.sample_deal``, keeping deals in which every other seat's bids are what ``model`` would bid.

    Bidding inference through the contract: each sampled deal is replayed from its start, and at every
    auction decision of another seat (``GameTraits.auction_phases``) the model (the game's ``normal``
    policy) is asked what it would do with that seat's sampled hand. The first deal that agrees everywhere
    is kept; after ``tries`` deals, the one that agreed most often (the first of those). A replay stops as
    soon as its deal can no longer agree more often than the best so far: every deal sampled from one view
    has the same auction to check, so that deal could not be chosen.
    """

    def sample(view: View, rng: random.Random) -> State:
        best: State | None = None
        best_score = -1
        for _ in range(tries):
            deal = game.sample_deal(view, rng)
            agree, asked, complete = _agreement(game, deal, view.seat, model, best_score)
            if complete and agree == asked:
                return deal
            if complete and agree > best_score:
                best, best_score = deal, agree
        assert best is not None
        return best

    return sample


def _agreement(game: Game, deal: State, me: int, model: Bot, to_beat: int = -1) -> tuple[int, int, bool]:
    """How many of the other seats' auction actions in ``deal`` the model agrees with, of how many, and
    whether the count is complete: it stops (``False``) once it can no longer beat ``to_beat`` agreements.

    The auction is replayed first (a copy of the deal kept before each other seat's action), then the model
    is asked in order; it reads each seat's ``window`` (``view``'s fields, not copied): the same choice.
    """
    auction = game.info.traits.auction_phases
    setup = deal.setup()
    replay = game.new_deal(deal.players, deal.options, setup.dealer, hands=setup.hands, stock=setup.stock)
    asks: list[tuple[State, int, Action]] = []
    for event in deal.events():
        if replay.phase not in auction:
            break
        if event.action is None or event.seat is None:
            continue
        action = game.parse_action(event.action)
        if event.seat != me:
            asks.append((replay.clone(), event.seat, action))
        replay.apply(event.seat, action)
    agree = 0
    check_rng = random.Random(0)
    for index, (before, seat, action) in enumerate(asks):
        agree += model.choose(before.window(seat), check_rng) == action
        if agree + len(asks) - index - 1 <= to_beat:
            return agree, index + 1, False
    return agree, len(asks), True


def utility(scores: Sequence[Score], seat: int, kind: Utility = "general_sum") -> float:
    """What the search maximizes, by the game's declared ``GameTraits.utility``.

    In a zero- or constant-sum game, the seat's own score (what one seat gains the others lose). Otherwise
    the seat's score minus the others' average: where only the declarer scores (Napas) this makes a
    defender want the declarer to fail, and a thrown-in deal (0 for all) sits between making and failing.
    """
    mine = float(scores[seat])
    if kind != "general_sum" or len(scores) < 2:
        return mine
    return mine - (sum(float(s) for s in scores) - mine) / (len(scores) - 1)


@dataclass
class ActionStats:
    """What the search learnt about one action."""

    action: Action
    total: float = 0.0
    values: list[float] = field(default_factory=list)
    count: int = 0
    declared: int = 0
    made: int = 0

    @property
    def mean(self) -> float:
        """Average utility over the sampled deals."""
        return self.total / self.count if self.count else float("-inf")

    def add(self, value: float) -> None:
        """Record one sampled result."""
        self.total += value
        self.values.append(value)
        self.count += 1


@dataclass
class SearchResult:
    """One search: per-action statistics (best first) and the sampled deals it used."""

    stats: list[ActionStats]
    samples: list[State] = field(default_factory=list)
    iterations: int = 0

    @property
    def best(self) -> ActionStats:
        """The chosen action's statistics."""
        return self.stats[0]


class SearchBot:
    """Perfect-information Monte Carlo over sampled deals, for any game, through its contract.

    ``iterations`` fixes the number of sampled deals (deterministic for a seed: tests and simulations);
    otherwise the bot samples until ``budget_ms`` has passed (at least one deal).
    """

    level = "hard"

    def __init__(self, game: Game, budget_ms: float = DEFAULT_BUDGET_MS, iterations: int | None = None,
                 evaluator: Evaluator | None = None, sampler: Sampler | None = None,
                 rollout_level: str | None = None, max_iterations: int = 5000, confidence: float = 1.0) -> None:
        hooks = game.search_hooks() or SearchHooks()
        self.game = game
        self.utility = game.info.traits.utility
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.max_iterations = max_iterations
        self.confidence = confidence
        self.evaluator = evaluator or search_evaluator(hooks.evaluator) or rollout_evaluator
        self.explain = hooks.explain
        self.search_phases = hooks.search_phases
        level = rollout_level or hooks.rollout_level
        self.policy_bot = _policy_bot(game, level)
        self.policy = bot_policy(self.policy_bot) if self.policy_bot is not None else random_policy
        self.outside_bot = hooks.outside_bot() if hooks.outside_bot is not None else self.policy_bot
        default_sampler = (inferring_sampler(game, self.policy_bot) if self.policy_bot is not None and
                           hooks.infer_bids else game.sample_deal)
        self.sampler = sampler or hooks.sampler or default_sampler

    # -- the Bot protocol ---------------------------------------------------------------------------
    def choose(self, view: View, rng: random.Random) -> Action:
        """The action with the best average result over the sampled deals."""
        if len(view.legal) == 1:
            return view.legal[0]
        if not self.decides(view):
            assert self.outside_bot is not None
            return self.outside_bot.choose(view, rng)
        return self.search(view, rng).best.action

    def decides(self, view: View) -> bool:
        """Whether the search decides in the view's phase (``SearchHooks.search_phases``); elsewhere the bot
        plays its rollout policy's move, or the hook's ``outside_bot``'s."""
        return self.search_phases is None or self.policy_bot is None or view.phase in self.search_phases

    def _own_bot(self, view: View) -> Bot | None:
        """The bot whose move the search keeps unless it is beaten: the rollout policy's where the search
        decides, else the one that decides in its place."""
        return self.policy_bot if self.decides(view) else self.outside_bot

    def hint(self, view: View, rng: random.Random) -> Hint:
        """The choice, why in a player's words, and each alternative's estimated value."""
        if len(view.legal) == 1:
            return Hint(view.legal[0], msg("the only legal move"))
        result = self.search(view, rng, minimum=HINT_SAMPLES)
        reason = self.reason(view, result, rng)
        alternatives = tuple((s.action, round(s.mean, 2)) for s in result.stats if s.count)
        return Hint(result.best.action, reason, alternatives)

    # -- search -------------------------------------------------------------------------------------
    def search(self, view: View, rng: random.Random, minimum: int = 0) -> SearchResult:
        """Sample deals and evaluate every legal action in each; best action first.

        With a time budget it stops when the next deal would end past it, except that it first samples
        ``minimum`` deals whatever they take (a hint must rest on enough deals to mean something).
        """
        seat = view.seat
        stats = [ActionStats(a) for a in view.legal]
        active = list(range(len(stats)))
        samples: list[State] = []
        deadline = None if self.iterations is not None else time.perf_counter() + self.budget_ms / 1000
        hard_stop = (deadline or 0.0) + self.budget_ms / 10000
        limit = self.iterations if self.iterations is not None else self.max_iterations
        done = 0
        failures = 0
        next_prune = 3
        began = time.perf_counter()
        while done < limit:
            if deadline is not None and done >= max(1, minimum):
                now = time.perf_counter()
                if now + (now - began) / done > deadline:
                    break  # the next deal would not finish in time
            try:
                deal = self.sampler(view, rng)
            except SamplingError:
                failures += 1
                if failures > 20:
                    break
                continue
            seed = rng.getrandbits(64)
            results: list[tuple[int, float, Outcome]] = []
            for index in active:
                if deadline is not None and done >= minimum and time.perf_counter() >= hard_stop:
                    break  # even the first deal: better the policy's own move than a late one
                state = deal.clone()
                state.apply(seat, stats[index].action)
                final = self.evaluator(state, seat, random.Random(seed), self.policy)
                results.append((index, utility(final.scores(), seat, self.utility), final))
            if len(results) < len(active):
                break  # out of time mid-deal: drop it, so that every action saw the same deals
            samples.append(deal)
            for index, value, final in results:
                stats[index].add(value)
                if final.is_over:
                    summary = final.summary()
                    if summary.declarer == seat:
                        stats[index].declared += 1
                        stats[index].made += bool(summary.made)
            done += 1
            if done == next_prune and len(active) > 6:
                active.sort(key=lambda i: -stats[i].mean)
                active = active[: max(6, math.ceil(len(active) / 2))]
                next_prune *= 2
        if not done:
            fallback = self._fallback(view, rng)
            return SearchResult([ActionStats(fallback, 0.0, [0.0], 1)] +
                                [ActionStats(a) for a in view.legal if a != fallback], samples, 0)
        ranked = sorted(stats, key=lambda s: (s.count == 0, -s.mean if s.count else 0.0))
        if self.policy_bot is not None and (self.confidence > 0 or not self.decides(view)):
            ranked = self._keep_policy_unless_sure(view, rng, ranked)
        return SearchResult(ranked, samples, done)

    def _keep_policy_unless_sure(self, view: View, rng: random.Random,
                                 ranked: list[ActionStats]) -> list[ActionStats]:
        """Prefer the rollout policy's own action unless the search beats it clearly.

        The comparison is paired (both actions were tried in the same sampled deals): the best action
        must lead by more than ``confidence`` standard errors. With few sampled deals (slow games, short
        budgets) the bot so plays no worse than its policy, and leaves it only on firm evidence.
        """
        own = self._own_bot(view)
        assert own is not None
        chosen = own.choose(view, random.Random(rng.getrandbits(32)))
        best = ranked[0]
        mine = next((s for s in ranked if s.action == chosen), None)
        if mine is None or mine is best:
            return ranked
        n = min(len(best.values), len(mine.values))
        diffs = [best.values[i] - mine.values[i] for i in range(n)]
        if n >= 2 and self.decides(view):
            mean = sum(diffs) / n
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
            if mean > self.confidence * spread / math.sqrt(n):
                return ranked
        return [mine, *(s for s in ranked if s is not mine)]

    def _fallback(self, view: View, rng: random.Random) -> Action:
        """When no deal could be sampled: the move of the bot the search stands in for."""
        own = self._own_bot(view)
        if own is not None:
            return own.choose(view, rng)
        return view.legal[rng.randrange(len(view.legal))]

    # -- words --------------------------------------------------------------------------------------
    def _words(self, action: Action, view: View) -> Message:
        """``action`` as the table offers it to the seat (its card or bid by name, in the reader's language)."""
        return action_words(self.game, action, view)

    def reason(self, view: View, result: SearchResult, rng: random.Random) -> Message:
        """Why the best action, in a player's words, with the numbers behind it (a message, in the reader's
        language when shown). Every number is over the deals the advised action was tried in (fewer than the
        search sampled when it was set aside early), another action's over those same deals."""
        best = result.best
        n = best.count
        heuristic: tuple[Action, Message] | None = None
        own = self._own_bot(view)
        if own is not None:
            h = own.hint(view, rng)
            heuristic = (h.action, h.reason if isinstance(h.reason, Message) else Message(h.reason))
        parts: list[Message] = []
        if heuristic is not None and heuristic[0] == best.action:
            parts.append(heuristic[1])
        else:
            parts.append(msg("it gives the best result"))  # the action itself is named beside its reason
        if n < result.iterations:
            parts.append(msg_n("worth {value} on average over the first {n} of {total} deals like this one, after "
                               "which the search went on with the moves that had done best so far",
                               "worth {value} on average over the first {n} of {total} deals like this one, after "
                               "which the search went on with the moves that had done best so far", n,
                               value=_signed(best.mean), total=result.iterations))
        else:
            parts.append(msg_n("worth {value} on average over {n} deal like this one",
                               "worth {value} on average over {n} deals like this one", n, value=_signed(best.mean)))
        if best.declared and view.phase in self.game.info.traits.auction_phases:
            parts.append(msg_n("you win the bidding in {n} of them and make the contract in {made}",
                               "you win the bidding in {n} of them and make the contract in {made}", best.declared,
                               made=best.made))
        elif best.declared:  # the auction is over: the seat declared in every one of them
            parts.append(msg_n("you make the contract in {n} of them", "you make the contract in {n} of them",
                               best.made))
        runner = next((s for s in result.stats[1:] if s.count), None)
        if heuristic is not None and heuristic[0] != best.action:
            other = next((s for s in result.stats if s.action == heuristic[0] and s.count), None)
            if other is not None:
                parts.append(msg("{action} ({why}) would be worth {value}", action=self._words(other.action, view),
                                 why=heuristic[1], value=_versus(best, other)))
        elif runner is not None:
            common = min(n, runner.count)
            better = _mean(runner.values[:common]) > _mean(best.values[:common])
            if better and not self.decides(view):
                parts.append(msg("{action} scored {value} in these deals, but at this point this CPU keeps to its "
                                 "own rules (its search chose worse here)", action=self._words(runner.action, view),
                                 value=_versus(best, runner)))
            elif better:
                parts.append(msg_n("{action} looked better ({value}), but not by enough over {n} deal to be sure",
                                   "{action} looked better ({value}), but not by enough over {n} deals to be sure",
                                   common, action=self._words(runner.action, view), value=_versus(best, runner)))
            else:
                parts.append(msg("the next best, {action}, {value}", action=self._words(runner.action, view),
                                 value=_versus(best, runner)))
                if n < result.iterations and not self.decides(view):
                    parts.append(msg("at this point this CPU keeps to its own rules, whatever its search finds"))
        if self.explain is not None:
            extra = self.explain(view, result.samples)
            if extra:
                parts.append(extra if isinstance(extra, Message) else Message(extra))
        out = parts[0]
        for part in parts[1:]:
            out = msg("{first}; {then}", first=out, then=part)
        return out


def _mean(values: Sequence[float]) -> float:
    """The average of ``values`` (0 for none)."""
    return sum(values) / len(values) if values else 0.0


def _versus(best: ActionStats, other: ActionStats) -> Message | str:
    """``other``'s average over the deals ``best`` was tried in; when ``other`` was set aside sooner, its
    average over the first deals, the ones it was tried in, beside ``best``'s over those same deals.

    Every action is tried in the sampled deals in order until it is set aside, so two actions share the
    first deals of the one set aside sooner."""
    common = min(best.count, other.count)
    if common == best.count:
        return _signed(_mean(other.values[:common]))
    return msg_n("{value} over the first {n} of these deals, where this move scored {mine}",
                 "{value} over the first {n} of these deals, where this move scored {mine}", common,
                 value=_signed(_mean(other.values[:common])), mine=_signed(_mean(best.values[:common])))


def _signed(value: float) -> str:
    """A value with its sign and one decimal (``+1.3``)."""
    return f"{value:+.1f}"


def action_words(game: Game, action: Action, view: View) -> Message:
    """``action`` as a sentence says it (the game's ``action_words``: ``bid misère``, a card played from the
    hand by its name, several cards as the verb and the cards by name), for a hint or an analysis."""
    try:
        words = game.action_words(action, view)
    except Exception:  # a presentation hook must not stop a hint or an analysis
        return Message(str(action))
    return words if isinstance(words, Message) else Message(words)


def _policy_bot(game: Game, level: str) -> Bot | None:
    factories = game.bot_levels()
    if level in factories and level != "hard":
        return factories[level]()
    if "normal" in factories:
        return factories["normal"]()
    return None
