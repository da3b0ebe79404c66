"""What ``GET /status`` and ``GET /metrics`` read off a running hub: counts only, never a table's content."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from .faultlog import fault

if TYPE_CHECKING:
    from .hub import Hub


def status(hub: Hub) -> dict[str, Any]:
    """Counts for ``GET /status`` (the load bench and the tests read them)."""
    return {"tables": len(hub.tables), "connections": sum(len(c) for c in hub.conns.values()),
            "live": len(hub.live), "actions": hub.actions, "web_seats": sum(hub.addresses.web.values()),
            "sockets": hub.sockets.open, "sockets_turned_away": hub.sockets.refused,
            "refused": dict(sorted(hub.refused.items())), **hub.metrics.summary()}


def figures(hub: Hub) -> dict[str, Any]:
    """Everything ``GET /metrics`` shows (``metrics.exposition`` writes it out); with a shared store that does
    not answer, its own figures are left out and ``cardsuite_store_up`` is 0."""
    summary = hub.metrics.summary()
    out: dict[str, Any] = {
        "cardsuite_tables": len(hub.tables),
        "cardsuite_connections": len(hub.live),
        "cardsuite_sockets": hub.sockets.open,
        "cardsuite_sockets_turned_away_total": hub.sockets.refused,
        "cardsuite_actions_total": hub.actions,
        "cardsuite_actions_per_second": summary["actions_per_second"],
        "cardsuite_action_p50_ms": summary["action_p50_ms"],
        "cardsuite_action_p95_ms": summary["action_p95_ms"],
        "cardsuite_uptime_seconds": round(time.monotonic() - hub.metrics.started, 1),
    }
    if hub.cluster is not None:
        out["cardsuite_tables_adopted_total"] = hub.cluster.adopted
        out["cardsuite_tables_lost_total"] = hub.cluster.lost
        try:
            counts = hub.store.counts()  # type: ignore[attr-defined]  # a cluster's store is the shared one
        except Exception as exc:  # the store is away: the figures above still tell the operator what happens
            fault("metrics: the store did not answer", exc)
            out["cardsuite_store_up"] = 0
            return out
        out["cardsuite_store_up"] = 1
        out["cardsuite_store_tables"] = {k.removeprefix("tables_"): v for k, v in counts.items()
                                         if k.startswith("tables_")}
        out["cardsuite_store_processes"] = counts.get("processes", 0)
    return out
