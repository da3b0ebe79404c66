"""What an operator reads off a running server: ``GET /health`` and ``GET /metrics``.

``/metrics`` is plain text in the Prometheus exposition format, one figure a line with a ``# HELP`` line
before it, readable by a person with ``curl`` and by any Prometheus scraper: tables, connections, TCP
connections open and turned away (``sockets.py``), actions in all and per second over the last minute,
and the p50/p95 of the time from an action's arrival to its ``ok`` (rules check, store commit and the
views sent) over the last minute.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Mapping

WINDOW = 60.0
"""Seconds of recent actions the rates and percentiles cover."""


class Metrics:
    """Counters and the last minute of action timings of one server process."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.recent: deque[tuple[float, float]] = deque()  # (when, seconds it took)

    def action(self, seconds: float, now: float | None = None) -> None:
        """One action answered ``ok`` after ``seconds``."""
        now = time.monotonic() if now is None else now
        self.recent.append((now, seconds))
        self._trim(now)

    def _trim(self, now: float) -> None:
        while self.recent and self.recent[0][0] < now - WINDOW:
            self.recent.popleft()

    def summary(self, now: float | None = None) -> dict[str, float]:
        """Actions per second and the p50/p95 of their time (milliseconds) over the last minute."""
        now = time.monotonic() if now is None else now
        self._trim(now)
        times = sorted(s for _, s in self.recent)
        span = min(WINDOW, max(1.0, now - self.started))

        def at(q: float) -> float:
            return round(1000 * times[min(len(times) - 1, int(q * len(times)))], 2) if times else 0.0

        return {"actions_per_second": round(len(times) / span, 2), "action_p50_ms": at(0.50),
                "action_p95_ms": at(0.95)}


HELP = {
    "cardsuite_tables": "tables this process serves",
    "cardsuite_connections": "open protocol connections to this process",
    "cardsuite_sockets": "open TCP connections to this process, in any state (counted from the accept)",
    "cardsuite_sockets_turned_away_total": "TCP connections closed at once over --sockets-per-address or "
                                           "--max-sockets since this process started",
    "cardsuite_actions_total": "actions stored and confirmed by this process since it started",
    "cardsuite_actions_per_second": "actions confirmed per second over the last minute",
    "cardsuite_action_p50_ms": "median time from an action's arrival to its ok, last minute (ms)",
    "cardsuite_action_p95_ms": "95th percentile of that time, last minute (ms)",
    "cardsuite_tables_adopted_total": "tables taken over from processes that stopped",
    "cardsuite_tables_lost_total": "tables let go after a lost lease (another process took them, or the store "
                                   "was away until they could have)",
    "cardsuite_store_tables": "unfinished tables in the whole store, by status",
    "cardsuite_store_processes": "server processes that renewed their leases lately",
    "cardsuite_store_up": "1 when the shared store answered this request, 0 when not (its figures are then left out)",
    "cardsuite_uptime_seconds": "seconds since this process started",
}


def exposition(values: Mapping[str, float | Mapping[str, float]]) -> str:
    """Figures as Prometheus text: ``name value``, or ``name{label="x"} value`` for a mapping."""
    lines: list[str] = []
    for name, value in values.items():
        lines.append(f"# HELP {name} {HELP.get(name, name)}")
        kind = "counter" if name.endswith("_total") else "gauge"
        lines.append(f"# TYPE {name} {kind}")
        if isinstance(value, Mapping):
            for label, figure in sorted(value.items()):
                lines.append(f'{name}{{status="{label}"}} {_figure(figure)}')
        else:
            lines.append(f"{name} {_figure(value)}")
    return "\n".join(lines) + "\n"


def _figure(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
