"""Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm).

Used by the Swiss pairer as an exact oracle: "can these players still all be paired without a
repeat?". The pairer keeps one perfect matching of the unpaired players as a witness and, after
each tentative pair, repairs it with a single augmenting-path search (:func:`augment`), so each
check costs one breadth-first search instead of a whole matching.

Vertices are ``0..n-1``; ``alive`` (a set) restricts the graph to a vertex subset.
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from typing import Protocol


class Graph(Protocol):
    """Adjacency lists: ``graph[v]`` are v's neighbours (a list of lists, or a lazy view)."""

    def __len__(self) -> int: ...

    def __getitem__(self, v: int, /) -> Sequence[int]: ...


def maximum_matching(adj: Graph, alive: Set[int] | None = None) -> list[int]:
    """``mate[v]`` (or -1) of a maximum matching; ``adj[v]`` lists v's neighbours."""
    n = len(adj)
    vertices = range(n) if alive is None else sorted(alive)
    mate = [-1] * n
    # greedy start: most augmentations are then unnecessary
    for v in vertices:
        if mate[v] == -1:
            for w in adj[v]:
                if mate[w] == -1 and w != v and (alive is None or w in alive):
                    mate[v], mate[w] = w, v
                    break
    for root in vertices:
        if mate[root] == -1:
            augment(adj, mate, root, alive)
    return mate


def has_perfect_matching(adj: Graph) -> bool:
    if len(adj) % 2:
        return False
    return all(m != -1 for m in maximum_matching(adj))


def augment(adj: Graph, mate: list[int], root: int, alive: Set[int] | None = None) -> bool:
    """Enlarge ``mate`` in place by an augmenting path from the free vertex ``root``, if any."""
    end, parent = _find_augmenting_path(adj, mate, root, alive)
    if end == -1:
        return False
    v = end
    while v != -1:  # flip the path
        pv = parent[v]
        nxt = mate[pv]
        mate[v], mate[pv] = pv, v
        v = nxt
    return True


def _find_augmenting_path(
    adj: Graph, mate: list[int], root: int, alive: Set[int] | None
) -> tuple[int, list[int]]:
    """Breadth-first search for an augmenting path from ``root``; returns (free end, parents)."""
    n = len(adj)
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n  # vertex is "even" (outer) in the alternating forest
    used[root] = True
    queue = [root]
    qi = 0

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while qi < len(queue):
        v = queue[qi]
        qi += 1
        for to in adj[v]:
            if base[v] == base[to] or mate[v] == to or (alive is not None and to not in alive):
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                cur = lca(v, to)
                blossom = [False] * n
                mark_path(v, cur, to, blossom)
                mark_path(to, cur, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    return to, parent
                used[mate[to]] = True
                queue.append(mate[to])
    return -1, parent
