"""Statistics from the history: per game and per player, matches and results, roles, contracts,
results against each CPU level, hints and undos, and the rating.

``stats(game)`` returns plain dicts and lists (the ``--json`` output); ``stats_lines`` words them. A seat the
CPU helped is its own player (``Ann (with the CPU)``); where its result was charged to its person's rating
(``ratings.rate_played``), the person's line counts that match too, as their rating does.
"""

from __future__ import annotations

from typing import Any

from ..i18n import gettext, ngettext, pgettext
from ..i18n.levels import level_word
from ..naming import shown as safe
from .database import played_by
from .history import History, game_title
from .listwords import label_words
from .ratings import Rating, player_labels, rate_played


def _tally() -> dict[str, int]:
    return {"matches": 0, "wins": 0, "draws": 0, "losses": 0}


def _count(tally: dict[str, int], result: str) -> None:
    tally["matches"] += 1
    tally[{"win": "wins", "draw": "draws"}.get(result, "losses")] += 1


def stats(game: str | None = None, history: History | None = None) -> dict[str, Any]:
    """``{"games": {game: {"players": {label: {...}}}}}`` from every finished match in the history.

    A player is an identity, kind and name together: a person by name, a CPU as ``CPU <level>``; the label
    tells them apart (``player_labels``: a person called "CPU easy" is ``CPU easy (person)``). Per player:
    ``kind``; ``name``; ``matches wins draws losses``; ``roles`` (role -> deals and deals won by its side);
    ``contracts`` (contract -> times bid as declarer and times made); ``vs_cpu`` (CPU level -> this
    player's results in matches with that level at the table); ``hints``; ``undos``; ``rating`` (mu,
    sigma, ordinal, matches).
    """
    history = history or History()
    where, args = ("WHERE m.game = ?", (game,)) if game else ("", ())
    seat_rows = history.rows(
        "SELECT m.game, s.match_id, s.seat, s.player, s.kind, s.level, s.result, s.hints, s.undos, s.total "
        f"FROM seats s JOIN matches m ON m.id = s.match_id {where} ORDER BY s.match_id, s.seat", args)
    deal_rows = history.rows(
        "SELECT m.game, s.player, s.kind, d.role, d.contract, d.won FROM deals d "
        "JOIN matches m ON m.id = d.match_id JOIN seats s ON s.match_id = d.match_id AND s.seat = d.seat "
        f"{where}", args)
    by_match: dict[int, list[tuple[object, ...]]] = {}
    for row in seat_rows:
        by_match.setdefault(int(str(row[1])), []).append(row)
    charges = _charges(by_match)
    labels = player_labels(sorted({(str(r[4]), str(r[3])) for r in seat_rows} |
                                  {("human", who) for found in charges.values() for who in found}))
    games: dict[str, Any] = {}

    def player(name: str, who: str, kind: str) -> dict[str, Any]:
        table = games.setdefault(name, {"matches": 0, "players": {}})["players"]
        label = labels.get((kind, who), who)
        if label not in table:
            table[label] = {"kind": kind, "name": who, **_tally(), "roles": {}, "contracts": {}, "vs_cpu": {},
                            "hints": 0, "undos": 0, "rating": None}
        entry: dict[str, Any] = table[label]
        return entry

    for match_id, rows in by_match.items():
        name = str(rows[0][0])
        games.setdefault(name, {"matches": 0, "players": {}})["matches"] += 1
        levels = sorted({str(r[5]) for r in rows if r[4] == "cpu" and r[5] is not None})
        for _, _, _, who, kind, _, result, hints, undos, _ in rows:
            entry = player(name, str(who), str(kind))
            _count(entry, str(result))
            entry["hints"] += int(str(hints))
            entry["undos"] += int(str(undos))
            if kind != "cpu":
                for level in levels:
                    _count(entry["vs_cpu"].setdefault(level, _tally()), str(result))
        for who, result in charges.get(match_id, {}).items():
            entry = player(name, who, "human")
            _count(entry, result)
    for deal_game, who, kind, role, contract, won in deal_rows:
        entry = player(str(deal_game), str(who), str(kind))
        role_tally = entry["roles"].setdefault(str(role), {"deals": 0, "won": 0})
        role_tally["deals"] += 1
        role_tally["won"] += int(won == 1)
        if contract is not None:
            bid = entry["contracts"].setdefault(str(contract), {"bid": 0, "made": 0})
            bid["bid"] += 1
            bid["made"] += int(won == 1)
    for name, table in history.ratings(game).items():
        for label, rating in table.items():
            if name in games and label in games[name]["players"]:
                games[name]["players"][label]["rating"] = {
                    "mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3),
                    "ordinal": round(rating.ordinal, 3), "matches": rating.matches,
                }
    return {"games": dict(sorted(games.items()))}


def _charges(by_match: dict[int, list[tuple[object, ...]]]) -> dict[int, dict[str, str]]:
    """For each match (in the order they were filed), the people charged the result of a seat the CPU helped,
    with that result: the ratings replayed as ``database.rate_into`` made them (``ratings.rate_played``: only a
    result that lowered the person's rating), leaving out a person who also sat in the match in a seat of their
    own, whose line counts it already."""
    priors: dict[tuple[str, str, str], Rating] = {}
    out: dict[int, dict[str, str]] = {}
    for match_id in sorted(by_match):
        rows = by_match[match_id]
        game = str(rows[0][0])
        seats = [(str(r[4]), str(r[3])) for r in rows]
        totals = [float(str(r[9])) for r in rows]
        people = [played_by(seat) for seat in seats]
        known = {who: priors.get((game, *who), Rating()) for who in [*seats, *(p for seat in people for p in seat)]}
        rated = rate_played(known, seats, totals, people)  # a person of no seat of the match: only if charged
        for row, their in zip(rows, people, strict=True):
            for person in their:
                if person in rated and person not in seats:
                    out.setdefault(match_id, {}).setdefault(person[1], str(row[6]))
        for who, rating in rated.items():
            priors[(game, *who)] = rating
    return out


def _results(t: dict[str, int]) -> str:
    return gettext("{played} played, {won} won, {drawn} drawn, {lost} lost").format(
        played=t["matches"], won=t["wins"], drawn=t["draws"], lost=t["losses"])


def stats_lines(data: dict[str, Any]) -> list[str]:
    """The statistics as lines of text, one block per game (its title in the reader's language) and player (best
    rated first)."""
    lines: list[str] = []
    for name, block in data["games"].items():
        lines.append(ngettext("{game}: {n} match", "{game}: {n} matches", block["matches"]).format(
            game=game_title(name), n=block["matches"]))
        players = block["players"].items()
        ordered = sorted(players, key=lambda p: -(p[1]["rating"] or {"ordinal": -1e9})["ordinal"])
        for who, p in ordered:
            rating = p["rating"]
            shown = gettext("rating {rating} (mu {mu}, sigma {sigma})").format(
                rating=f"{rating['ordinal']:.1f}", mu=f"{rating['mu']:.1f}", sigma=f"{rating['sigma']:.1f}") \
                if rating else gettext("unrated")
            lines.append(f"  {safe(label_words(p['kind'], p['name'], who))}: {_results(p)}; {shown}")
            for role, r in sorted(p["roles"].items()):
                lines.append("    " + gettext("as {role}: {deals} deals, {won} won").format(
                    role=role_title(name, role), deals=r["deals"], won=r["won"]))
            if p["contracts"]:
                bids = pgettext("list separator", ", ").join(
                    f"{contract_title(name, c)} {v['made']}/{v['bid']}" for c, v in sorted(p["contracts"].items()))
                lines.append("    " + gettext("contracts made/bid: {bids}").format(bids=bids))
            for level, t in sorted(p["vs_cpu"].items()):
                against = gettext("against CPU {level}: {results}")
                lines.append("    " + against.format(level=level_word(level), results=_results(t)))
            if p["kind"] != "cpu":
                helped = gettext("hints {hints}, undos {undos}")
                lines.append("    " + helped.format(hints=p["hints"], undos=p["undos"]))
    return lines or [gettext("No finished match in the history yet.")]


def role_title(game: str, role: str) -> str:
    """A role's title in the reader's language, from the game's own roles (the key itself if unknown)."""
    from ..core.registry import get_game
    from ..i18n import game_words

    try:
        found = get_game(game)
        known = found.roles().get(role)
    except Exception:  # a game that no longer loads still has its statistics
        return role
    return game_words(found).gettext(known.title) if known is not None else role


def contract_title(game: str, contract: str) -> str:
    """A contract in the reader's language, from the game's own words (``Presentation.contract_words``); the key
    itself when the game has none or no longer loads (safe to print)."""
    from ..core.message import Message
    from ..core.registry import get_game
    from ..i18n import game_words
    from ..i18n.render import render

    try:
        found = get_game(game)
        words = found.contract_words(contract)
        catalog = game_words(found)
        text = render(words, words=catalog) if isinstance(words, Message) else \
            contract if words == contract else catalog.gettext(words)
    except Exception:  # a game that no longer loads, or a hook that fails, still has its statistics
        return safe(contract)
    return safe(text)
