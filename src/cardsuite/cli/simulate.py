"""``cardsuite simulate``: CPU levels against each other, headless, with a table per level.

Plain: whole matches, levels rotating over the seats from match to match. ``--duplicate``: each deal
(a board) is played once for every rotation of the levels over the seats, with the same cards, and the
levels are compared by board (see ``cardsuite.simulate``). ``--jobs N`` plays the run's parts in N worker
processes, ``--cluster ADDRESS`` on a Ray cluster, with the same result (``cardsuite.pool``).
"""

from __future__ import annotations

import json
import sys
import threading
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from rich.table import Table

from ..core.message import msg_n
from ..core.options import parse_option_pairs
from ..core.registry import get_game
from ..i18n import _, ngettext
from ._args import LARGEST, whole

MAX_GAMES = 1_000_000
"""The most matches (or boards) one run plays: a million Nap matches take hours; more is a typing slip."""
PROGRESS_AFTER = 2.0
"""A run shows its progress bar (on a terminal's stderr) once it has taken this many seconds."""


def simulate_command(
    game: str = typer.Argument(..., help="The game, e.g. nap (see `cardsuite list`)."),
    players: int | None = typer.Option(
        None, "--players", "-p", parser=whole(0, 64), help="Players (default: the game's usual count)."
    ),
    games: int = typer.Option(
        100, "--games", "-g", parser=whole(1, MAX_GAMES),
        help="How many whole matches to play (with --duplicate: how many boards, each one deal).",
    ),
    seats: str = typer.Option(
        "", "--seats", help="CPU level per seat, comma-separated: random, easy, normal, hard (hard:300ms, hard:64), "
        "peek (sees every card: a ceiling to measure against; peek:16)."
    ),
    seed: int = typer.Option(1, "--seed", parser=whole(0, LARGEST), help="Seed for every shuffle and every bot."),
    option: list[str] = typer.Option([], "--option", "-o", help="A rule option as key=value (repeatable)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of the table."),
    duplicate: bool = typer.Option(
        False, "--duplicate",
        help="Play each deal once for every rotation of the levels over the seats (luck of the deal cancels).",
    ),
    jobs: int = typer.Option(
        0, "--jobs", "-j", parser=whole(0, 256),
        help="Worker processes (default 0: one per core); the result is the same for any number.",
    ),
    cluster: str | None = typer.Option(
        None, "--cluster",
        help="Play on the Ray cluster at this address (host:port or auto; needs cardsuite\\[cluster]).",
    ),
) -> None:
    """Play CPU levels against each other and compare them (levels rotate over the seats)."""
    from ..bots import levels_for
    from ..bots.peek import make_seat_bot
    from ..pool import check_cluster_address, part_count, pool_for, run

    found = get_game(game)
    count = players or found.info.default_players
    options = found.resolve_options(parse_option_pairs(option), count)
    if seats:
        levels = [s.strip() for s in seats.split(",") if s.strip()]
    else:
        offered = [level for level in levels_for(found) if level != "hard"]  # hard is slow: ask for it
        levels = [offered[min(i, len(offered) - 1)] for i in range(count)][::-1]
    if len(levels) != count:
        from . import fail

        raise fail(msg_n("--seats names {n} level for {players} players",
                         "--seats names {n} levels for {players} players",
                         len(levels), players=count))
    for level in levels:  # an unknown level or a bad budget is refused before anything is printed
        make_seat_bot(found, level)
    address = None if cluster is None else check_cluster_address(cluster)  # an empty address is refused
    bar = _ProgressBar(f"{found.info.title}: {_played(games, duplicate)}", games)
    try:
        with pool_for(jobs, address, part_count(games)) as pool:
            bar.start()
            result = run(pool, found.info.name, count, levels, games, seed, options, duplicate, bar.update)
    finally:
        bar.close()
    if as_json:
        print(json.dumps(result.as_json()))
        return
    from ._console import stdout_console

    _table(stdout_console(soft_wrap=False), result.as_json())  # the captions fold at 80 columns


class _ProgressBar:
    """A progress bar on stderr, shown only when stderr is a terminal, once the run has lasted a few seconds."""

    def __init__(self, title: str, total: int) -> None:
        self.title = title
        self.total = total
        self.done = 0
        self.lock = threading.Lock()
        self.progress: Any = None
        self.task: Any = None
        self.timer: threading.Timer | None = None

    def start(self) -> None:
        """Show the bar in ``PROGRESS_AFTER`` seconds if the run is still going (on a terminal only)."""
        if sys.stderr.isatty():
            self.timer = threading.Timer(PROGRESS_AFTER, self._show)
            self.timer.daemon = True
            self.timer.start()

    def _show(self) -> None:
        from rich.console import Console
        from rich.progress import Progress

        with self.lock:
            if self.timer is None:
                return
            self.progress = Progress(console=Console(stderr=True), transient=True)
            self.progress.start()
            self.task = self.progress.add_task(self.title, total=self.total, completed=self.done)

    def update(self, done: int) -> None:
        """``done`` of the total are played."""
        with self.lock:
            self.done = done
            if self.progress is not None:
                self.progress.update(self.task, completed=done)

    def close(self) -> None:
        """Take the bar off the screen (or never show it)."""
        with self.lock:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            if self.progress is not None:
                self.progress.stop()
                self.progress = None


def _table(console: object, data: dict[str, object]) -> None:
    from rich.console import Console

    from ._console import print_whole

    assert isinstance(console, Console)
    title = _title(data)
    table = _compact_table(title, "mean: score per seat per deal; ms: decision time")
    for column in ("level", "seats", "mean", "95% interval", "bids", "made", "wins", "draws", "p50 ms", "p95 ms"):
        table.add_column(column, justify="right" if column != "level" else "left", no_wrap=True)
    levels = data["levels"]
    assert isinstance(levels, dict)
    for name, row in levels.items():
        low, high = row["ci95"]
        table.add_row(name, str(row["seats"]), f"{row['mean']:+.3f}", f"[{low:+.2f}, {high:+.2f}]",
                      str(row["bids"]), str(row["made"]), str(row["wins"]), str(row["draws"]),
                      f"{row['decision_ms']['p50']:.1f}", f"{row['decision_ms']['p95']:.1f}")
    print_whole(console, table)
    differences = data["differences"]
    assert isinstance(differences, list)
    if not differences:
        return
    duplicate = data["mode"] == "duplicate"
    unit = "board" if duplicate else "deal"
    caption = "gain: how many times more deals the plain form would need for as narrow an interval"
    paired = _compact_table(f"Paired differences of the mean per seat-deal, paired by {unit}",
                            caption if duplicate else None)
    columns = ["levels", "difference", "95% interval", f"{unit}s", *(["gain"] if duplicate else []), "verdict"]
    for column in columns:
        paired.add_column(column, justify="left" if column in ("levels", "verdict") else "right", no_wrap=True)
    for row in differences:
        first, second = row["levels"]
        low, high = row["ci95"]
        gain = ["-" if row.get("efficiency") is None else f"{row['efficiency']:.1f}×"] if duplicate else []
        paired.add_row(f"{first} − {second}", f"{row['mean']:+.3f}", f"[{low:+.3f}, {high:+.3f}]",
                       str(row["pairs"]), *gain, row["verdict"])
    print_whole(console, paired)


def _played(count: int, duplicate: bool) -> str:
    """How many matches (or, with ``--duplicate``, boards) a run plays, in the reader's language."""
    if duplicate:
        return ngettext("{n} board", "{n} boards", count).format(n=count)
    return ngettext("{n} match", "{n} matches", count).format(n=count)


def _title(data: dict[str, object]) -> str:
    """The table's title line: the game, the players, what was played, the deals and the time."""
    players, deals = _count(data["players"]), _count(data["deals"])
    if data["mode"] == "duplicate":
        rotations = _count(data["rotations"])
        played = _("duplicate: {boards} × {rotations}").format(
            boards=_played(_count(data["boards"]), True),
            rotations=ngettext("{n} rotation", "{n} rotations", rotations).format(n=rotations))
    else:
        played = _played(_count(data["matches"]), False)
    parts = (str(data["game"]), ngettext("{n} player", "{n} players", players).format(n=players), played,
             ngettext("{n} deal", "{n} deals", deals).format(n=deals), _("{seconds} s").format(seconds=data["seconds"]))
    return " · ".join(parts)


def _count(value: object) -> int:
    """A count of the run's JSON (a whole number)."""
    assert isinstance(value, int)
    return value


def _compact_table(title: str, caption: str | None = None) -> Table:
    """A table that fits 80 columns: a rule under the header, one space between columns."""
    from rich import box
    from rich.table import Table

    return Table(title=title, title_justify="left", caption=caption, caption_justify="left",
                 box=box.SIMPLE_HEAD, padding=0, pad_edge=False)


def register(app: typer.Typer) -> None:
    """Add ``simulate``."""
    app.command("simulate")(simulate_command)
