"""The search tree of GOPS's ``hard`` bot: a node of simultaneous choices, regret matching, a draw from a mix."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass
class Node:
    """A joint-decision node: regrets and average strategy for every seat, children by outcome."""

    actions: list[list[int]]
    regrets: list[list[float]]
    average: list[list[float]]
    children: dict[tuple[object, ...], Node] = field(default_factory=dict)
    visits: int = 0
    value_sum: list[list[float]] = field(default_factory=list)
    value_count: list[list[int]] = field(default_factory=list)


def new_node(actions: list[list[int]]) -> Node:
    """A node with every seat's regrets, strategy and values at zero."""
    return Node(actions, [[0.0] * len(a) for a in actions], [[0.0] * len(a) for a in actions],
                value_sum=[[0.0] * len(a) for a in actions], value_count=[[0] * len(a) for a in actions])


def regret_strategy(regrets: list[float]) -> list[float]:
    """Regret matching: each action in proportion to its positive regret (all alike when none is)."""
    positive = [r if r > 0 else 0.0 for r in regrets]
    total = sum(positive)
    if total <= 0:
        return [1.0 / len(regrets)] * len(regrets)
    return [p / total for p in positive]


def draw_index(weights: Sequence[float], rng: random.Random) -> int:
    """An index drawn with the given weights (they sum to 1)."""
    x = rng.random()
    acc = 0.0
    for i, w in enumerate(weights):
        acc += w
        if x < acc:
            return i
    return len(weights) - 1
