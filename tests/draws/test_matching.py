"""Edmonds' blossom matching (the Swiss oracle) against brute force."""

from __future__ import annotations

from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.draws._matching import augment, has_perfect_matching, maximum_matching


def brute_force_size(n: int, edges: frozenset[tuple[int, int]]) -> int:
    @lru_cache(None)
    def best(free: frozenset[int]) -> int:
        if not free:
            return 0
        v = min(free)
        rest = free - {v}
        options = [best(rest)]
        for w in rest:
            if (min(v, w), max(v, w)) in edges:
                options.append(1 + best(rest - {w}))
        return max(options)

    return best(frozenset(range(n)))


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, frozenset[tuple[int, int]]]:
    n = draw(st.integers(0, 11))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
    return n, frozenset(chosen)


def adjacency(n: int, edges: frozenset[tuple[int, int]]) -> list[list[int]]:
    adj: list[list[int]] = [[] for _ in range(n)]
    for a, b in sorted(edges):
        adj[a].append(b)
        adj[b].append(a)
    return adj


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_maximum_matching_is_valid_and_maximum(graph: tuple[int, frozenset]) -> None:
    n, edges = graph
    mate = maximum_matching(adjacency(n, edges))
    for v, w in enumerate(mate):
        if w != -1:
            assert mate[w] == v
            assert (min(v, w), max(v, w)) in edges
    assert sum(w != -1 for w in mate) // 2 == brute_force_size(n, edges)


def test_odd_cycle_needs_a_blossom() -> None:
    # a triangle 0-1-2 with a tail 2-3 and 0-4, 4-5: perfect matching 0-4? no: 4-5, 0-1, 2-3
    edges = frozenset({(0, 1), (1, 2), (0, 2), (2, 3), (0, 4), (4, 5)})
    assert has_perfect_matching(adjacency(6, edges))
    assert not has_perfect_matching(adjacency(5, frozenset({(0, 1), (1, 2), (0, 2), (2, 3)})))


def test_augment_respects_alive_set() -> None:
    adj = adjacency(4, frozenset({(0, 1), (1, 2), (2, 3)}))
    mate = [-1, 2, 1, -1]
    assert not augment(adj, mate.copy(), 0, alive={0, 1, 2})  # 3 is not there: no path
    grown = mate.copy()
    assert augment(adj, grown, 0, alive={0, 1, 2, 3})
    assert grown == [1, 0, 3, 2]
