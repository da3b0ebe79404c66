"""What a table is set up with: the game, the seats, the options, and display settings (a new table's,
or a saved match's again: ``resumed_config``).

Pure Python (no Textual), so the CLI can check a command line and fail in one line before the TUI loads.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..bots.base import NO_LEVEL, levels_for
from ..core.errors import CardsuiteError, message_of
from ..core.game import PLAYER_COUNT, Game
from ..core.match import LARGEST_SEED as LARGEST_SEED
from ..core.match import Match, SeatSpec
from ..core.message import N_, Message, msg, msg_n
from ..i18n import ENGLISH, _, current_language, readable_in_ascii, translations
from ..i18n.render import words_for
from ..naming import quoted, shown
from ..seatnames import check_name
from ..storage.saves import save_meta
from ..storage.settings import SPEEDS as SPEEDS
from ..storage.settings import Settings, load_settings
from ..storage.settings import parse_speed as parse_speed

_SEED = re.compile(r"[+-]?[0-9]+")


@dataclass
class TableConfig:
    """Everything needed to open a table; ``notes`` are lines for the event log (the seed, level fallbacks)."""

    game: str
    seats: tuple[SeatSpec, ...]
    options: Mapping[str, object] = field(default_factory=dict)
    seed: int = 0
    ascii_only: bool = False
    four_colour: bool = False
    cpu_delay: float = SPEEDS["normal"]
    auto_play: bool = True
    """A forced card (the only legal one) plays itself after a moment."""
    timer_seconds: float | None = None
    notes: tuple[str | Message, ...] = ()
    """Said in the table's language when it opens (a ``Message`` is put into words then)."""

    @property
    def players(self) -> int:
        """How many seats the table has."""
        return len(self.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        """Seats played by people."""
        return tuple(i for i, s in enumerate(self.seats) if s.kind == "human")


def resumed_config(record: Mapping[str, object], match: Match, settings: Settings | None = None) -> TableConfig:
    """The table for a rebuilt ``match``: its seats, options and seed, the display from ``settings``."""
    settings = settings or load_settings()
    notes: tuple[Message, ...] = ()
    try:
        delay = parse_speed(settings.speed)
    except CardsuiteError as exc:  # load_settings checks the speed; a Settings built in code may not
        delay = parse_speed("normal")
        notes = (msg("{error}: the CPUs play at normal speed", error=message_of(exc)),)
    save_id = shown(str(save_meta(record).get("id", "")))
    return TableConfig(
        game=match.game.info.name,
        seats=match.seats,
        options=match.options.non_default(),
        seed=match.seed,  # undo replays from the match seed
        ascii_only=settings.ascii or not suits_encodable(),
        four_colour=settings.four_colour,
        cpu_delay=delay,
        notes=(msg("resumed {id} (seed {seed})", id=save_id, seed=match.seed), *notes),
    )


def parse_seed(text: str) -> int:
    """A typed seed as ``--seed`` takes it: a whole number written with 0-9, from 0 to ``LARGEST_SEED``;
    anything else is a ``CardsuiteError`` in one line."""
    text = text.strip()
    if not _SEED.fullmatch(text) or len(text.lstrip("+-")) > 19 or not 0 <= int(text) <= LARGEST_SEED:
        raise CardsuiteError(_("the seed must be a whole number from 0 to {largest}, written with 0-9 "
                               "({seed} is not)").format(largest=LARGEST_SEED, seed=words_for(quoted(text, 24))))
    return int(text)


def cpu_levels(game: Game) -> tuple[str, ...]:
    """The game's CPU levels, weakest first; only ``random`` if its bots fail to load (with a notice why)."""
    try:
        return levels_for(game)
    except Exception as exc:  # a game's bot module failing must not close the table, but it is said
        from ..storage.paths import note

        error = Message(shown(f"{type(exc).__name__}: {exc}"[:200]))
        note(msg("{game}'s CPU players could not be loaded ({error}): only the random level plays",
                 game=Message(game.info.title), error=error))
        return ("random",)


def fit_level(game: Game, wanted: str) -> str:
    """The CPU level ``wanted`` if the game has it; else a one-line ``CardsuiteError`` naming the levels."""
    levels = cpu_levels(game)
    level = wanted.strip().lower()
    if level not in levels:
        raise CardsuiteError(msg(NO_LEVEL, game=Message(game.info.title), level=quoted(wanted, 20),
                                 levels=", ".join(levels)))
    return level


def build_seats(
    game: Game,
    players: int | None = None,
    humans: int = 1,
    cpu: str = "normal",
    seats_text: str | None = None,
    names: Sequence[str] = (),
) -> tuple[tuple[SeatSpec, ...], tuple[str, ...]]:
    """Seats from the command line: ``--seats "Ann,Bob,cpu:easy"`` or ``--players``/``--humans``/``--cpu``.

    People are named from ``names`` (the settings' default names) in order, else ``person_name``. A player
    count the game does not allow, a CPU level it does not have and a name that cannot be one (empty,
    too long, a control character) are refused in one line. The notes are kept for callers (none now).
    """
    out: list[SeatSpec] = []
    if seats_text is not None:
        entries = [e.strip() for e in seats_text.split(",")]
        for number, entry in enumerate(entries, 1):
            if not entry:
                raise CardsuiteError(msg("--seats: seat {number} is empty (give a name, cpu or cpu:LEVEL)",
                                         number=number))
        _check_count(game, len(entries))
        cpu_count = 0
        for entry in entries:
            if entry.lower() == "cpu" or entry.lower().startswith("cpu:"):
                cpu_count += 1
                level = fit_level(game, entry.partition(":")[2].strip() or cpu)
                out.append(SeatSpec(f"CPU {cpu_count}", "cpu", level))
            else:
                out.append(SeatSpec(check_name(entry)))
        if players is not None and players != len(out):
            raise CardsuiteError(msg_n("--seats names {n} seat but --players says {players}",
                                       "--seats names {n} seats but --players says {players}", len(out),
                                       players=players))
    else:
        count = players if players is not None else game.info.default_players
        _check_count(game, count)
        if not 0 <= humans <= count:
            raise CardsuiteError(msg("--humans must be between 0 and {count}", count=count))
        level = fit_level(game, cpu)
        for i in range(count):
            if i < humans:
                out.append(SeatSpec(check_name(person_name(i, humans, names))))
            else:
                out.append(SeatSpec(f"CPU {i - humans + 1}", "cpu", level))
    lowered = [s.name.lower() for s in out]
    if len(set(lowered)) != len(lowered):
        raise CardsuiteError(msg("two seats have the same name"))
    return tuple(out), ()


def _check_count(game: Game, count: int) -> None:
    """A one-line refusal of a player count the game does not allow, naming the counts it does."""
    if count not in game.info.players:
        counts = ", ".join(map(str, game.info.players))
        raise CardsuiteError(msg(PLAYER_COUNT, game=Message(game.info.title), counts=counts, players=count))


def person_name(index: int, humans: int, names: Sequence[str] = (), words: Callable[[str], str] = _) -> str:
    """The default name of the ``index``-th person: the settings' name, else "Player" (or "Player 2" ...)
    in the language of ``words`` (the one in use unless told): a default name is a word, a chosen one is data."""
    if index < len(names) and names[index].strip():
        return names[index].strip()
    return words(N_("Player")) if humans == 1 else words(N_("Player {n}")).format(n=index + 1)


def table_words(ascii_only: bool) -> Callable[[str], str]:
    """``gettext`` in the language a new table will speak: English at an ASCII-only table when the language in
    use cannot be read in ASCII (Japanese: ``CardsuiteApp.start_table``), else the language in use."""
    if ascii_only and not readable_in_ascii(current_language()):
        return translations(ENGLISH).gettext
    return _


def suits_encodable(stream: object = None, env: Mapping[str, str] | None = None) -> bool:
    """Whether the terminal can show ♠♥♦♣ and frames (else the table is ASCII only).

    Not when ``TERM`` is ``dumb``, when the locale (``LC_ALL``, else ``LC_CTYPE``, else ``LANG``; unset is
    the C locale) is not UTF-8, or when the output's encoding cannot encode the suits.
    """
    env = os.environ if env is None else env
    if env.get("TERM", "") == "dumb":
        return False
    locale = env.get("LC_ALL") or env.get("LC_CTYPE") or env.get("LANG") or "C"
    if "utf-8" not in locale.lower() and "utf8" not in locale.lower():
        return False
    encoding = getattr(stream if stream is not None else sys.__stdout__, "encoding", None) or "ascii"
    try:
        "♠♥♦♣─│".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def seat_names(seats: Sequence[SeatSpec]) -> tuple[str, ...]:
    """The display name of each seat."""
    return tuple(s.name for s in seats)
