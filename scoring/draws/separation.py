"""Separation of players of one club (or nation) in a draw (issue 14), pure Python.

``key`` maps an entry to its club or nation (entries without one are never "together").

- **Groups** (:func:`separate_groups`): snake seeding decides the pots (row *r* of the snake:
  one entry per group); within each pot entries change groups so that as few pairs of one
  club as possible share a group. The search is exact for small fields (every arrangement of
  the pots) and a swap search (a pot's two entries exchange groups while that lowers the count)
  for larger ones.
- **Swiss round 1** (:func:`separate_round_one`): the usual pairing, then the lower-ranked
  partners of two pairs swap while that lowers the number of clubmates paired; if that does
  not reach the smallest number possible (:func:`fewest_club_pairs`) the round is paired by
  club so that it does.
- **Later Swiss rounds** (:func:`separate_later_round`, SoL's "delay compatriots"): a soft
  preference. Pairs exchange partners only where the players' scores stay as the pairing made
  them (same score groups, the same floats, the same bye) and nobody meets again; among
  those pairings, the fewest clubmates. Exact for small fields, swaps beyond.
- **Knock-out lines** (:func:`separate_lines`): the drawn (unseeded) entries are placed so that
  clubmates meet as late as possible; seeds and byes keep their lines.

Every entry moved by separation is returned, so the "why this pair" reason can say so.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence

EntryId = Hashable
Key = Callable[[EntryId], str]
Pair = tuple[EntryId, EntryId]

#: exact search over the pots up to this many arrangements
EXACT_LIMIT = 20_000
#: later Swiss rounds: every pairing of up to this many players is tried
EXACT_PLAYERS = 12


def _club(key: Key, e: EntryId | None) -> str:
    return key(e) if e is not None else ""


def club_pairs_in_groups(groups: Sequence[Sequence[EntryId]], key: Key) -> int:
    """Pairs of entries of one club (or nation) that share a group."""
    total = 0
    for group in groups:
        counts = Counter(c for e in group if (c := _club(key, e)))
        total += sum(n * (n - 1) // 2 for n in counts.values())
    return total


def _pots(groups: Sequence[Sequence[EntryId]]) -> list[list[tuple[int, EntryId]]]:
    """Row r of the snake: (group, entry) for every group with an r-th entry."""
    rows = max(len(g) for g in groups)
    return [[(gi, g[r]) for gi, g in enumerate(groups) if r < len(g)] for r in range(rows)]


def _build(
    groups: Sequence[Sequence[EntryId]],
    pots: list[list[tuple[int, EntryId]]],
    choice: Sequence[Sequence[EntryId]],
) -> list[list[EntryId]]:
    out: list[list[EntryId]] = [[] for _ in groups]
    for pot, entries in zip(pots, choice, strict=True):
        for (gi, _e), e in zip(pot, entries, strict=True):
            out[gi].append(e)
    return out


def separate_groups(
    groups: Sequence[Sequence[EntryId]], key: Key
) -> tuple[tuple[tuple[EntryId, ...], ...], frozenset[EntryId]]:
    """Groups with as few clubmates together as the pots allow, and the entries moved."""
    pots = _pots(groups)
    best = [[e for _g, e in pot] for pot in pots]
    count = club_pairs_in_groups(groups, key)
    if count:
        arrangements = 1
        for pot in pots:
            arrangements *= _factorial(len(pot))
        if arrangements <= EXACT_LIMIT:
            for choice in itertools.product(
                *(itertools.permutations(e for _g, e in pot) for pot in pots)
            ):
                n = club_pairs_in_groups(_build(groups, pots, choice), key)
                if n < count:
                    best, count = [list(c) for c in choice], n
                    if n == 0:
                        break
        else:
            improved = True
            while improved and count:
                improved = False
                for entries in best:
                    for i, j in itertools.combinations(range(len(entries)), 2):
                        entries[i], entries[j] = entries[j], entries[i]
                        n = club_pairs_in_groups(_build(groups, pots, best), key)
                        if n < count:
                            count, improved = n, True
                        else:
                            entries[i], entries[j] = entries[j], entries[i]
    result = _build(groups, pots, best)
    moved = frozenset(
        e for old, new in zip(groups, result, strict=True) for e in new if e not in old
    )
    return tuple(tuple(g) for g in result), moved


def _factorial(n: int) -> int:
    out = 1
    for k in range(2, n + 1):
        out *= k
    return out


def club_pairs(pairs: Sequence[tuple[EntryId, EntryId | None]] | Sequence[Pair], key: Key) -> int:
    """Pairings of two entries of one club (or nation); a bye is nobody's clubmate."""
    return sum(
        1 for a, b in pairs if b is not None and _club(key, a) and _club(key, a) == _club(key, b)
    )


def fewest_club_pairs(entries: Sequence[EntryId], key: Key) -> int:
    """The fewest clubmates paired in a round of ``entries`` (one bye if odd): only a club
    with more than half of the field must meet itself (a complete multipartite graph)."""
    counts = Counter(c for e in entries if (c := _club(key, e)))
    if not counts:
        return 0
    largest = max(counts.values())
    n = len(entries)
    others = n - largest
    spare = largest - (1 if n % 2 else 0)  # the bye goes to one of the largest club
    return (spare - others) // 2 if spare > others else 0


def _by_club(
    entries: Sequence[EntryId], key: Key, bye: EntryId | None
) -> tuple[list[tuple[EntryId, EntryId]], EntryId | None]:
    """A pairing with the fewest clubmates: clubs laid out largest first, position i meets
    position i + n/2 (no club longer than n/2 can hold both)."""
    rest = list(entries)
    counts = Counter(_club(key, e) for e in rest)
    if len(rest) % 2:
        big = max((c for c in counts if c), key=lambda c: counts[c], default="")
        pool = [e for e in rest if _club(key, e) == big] if big else rest
        bye = pool[-1]  # the lowest-ranked of the largest club
        rest.remove(bye)
        counts = Counter(_club(key, e) for e in rest)
    rank = {e: i for i, e in enumerate(rest)}
    order = sorted(
        rest,
        key=lambda e: (
            -counts[_club(key, e)] if _club(key, e) else 0,
            _club(key, e) == "",
            _club(key, e),
            rank[e],
        ),
    )
    half = len(order) // 2
    pairs: list[Pair] = []
    for i in range(half):
        x, y = order[i], order[i + half]
        pairs.append((x, y) if rank[x] <= rank[y] else (y, x))
    return sorted(pairs, key=lambda p: rank[p[0]]), bye


def separate_round_one(
    pairs: Sequence[tuple[EntryId, EntryId]], bye: EntryId | None, key: Key
) -> tuple[list[tuple[EntryId, EntryId]], EntryId | None, frozenset[EntryId]]:
    """Swiss round 1 with as few clubmates paired as possible; the entries moved."""
    current: list[Pair] = [(a, b) for a, b in pairs]
    entries = [e for p in current for e in p] + ([bye] if bye is not None else [])
    best = fewest_club_pairs(entries, key)
    count = club_pairs(current, key)
    improved = True
    while count > best and improved:
        improved = False
        for i, j in itertools.combinations(range(len(current)), 2):
            (a1, b1), (a2, b2) = current[i], current[j]
            trial: list[Pair] = [(a1, b2), (a2, b1)]
            if club_pairs(trial, key) < club_pairs([current[i], current[j]], key):
                current[i], current[j] = trial[0], trial[1]
                count = club_pairs(current, key)
                improved = True
    if count > best:
        ranked = sorted(entries, key=lambda e: _rank_in(pairs, bye, e))
        current, bye = _by_club(ranked, key, bye)
    before = {frozenset(p) for p in pairs}
    moved = frozenset(e for p in current if frozenset(p) not in before for e in p)
    return list(current), bye, moved


def _rank_in(
    pairs: Sequence[tuple[EntryId, EntryId]], bye: EntryId | None, e: EntryId
) -> tuple[int, int]:
    """Seeding order of ``e`` from the usual pairing (top half first, the bye last)."""
    for i, (a, b) in enumerate(pairs):
        if e == a:
            return (0, i)
        if e == b:
            return (1, i)
    return (2, 0)


def bracket_clash_cost(lines: Sequence[EntryId | None], key: Key) -> int:
    """Clubmates in a knock-out, each pair weighted by how early it can meet: a meeting in
    the first round outweighs any number of later ones; meeting only in the final costs 1."""
    size = len(lines)
    rounds = max(1, (size - 1).bit_length())
    weight = size + 1
    cost = 0
    placed = [(i, _club(key, e)) for i, e in enumerate(lines) if e is not None]
    for (i, ci), (j, cj) in itertools.combinations(placed, 2):
        if ci and ci == cj:
            cost += weight ** (rounds - (i ^ j).bit_length())
    return cost


def separate_lines(
    lines: Sequence[EntryId | None], movable: frozenset[EntryId] | set[EntryId], key: Key
) -> tuple[tuple[EntryId | None, ...], frozenset[EntryId]]:
    """Knock-out lines with the drawn (``movable``: unseeded) entries placed so that clubmates
    meet as late as possible: different halves, then quarters, as far as the seeding allows.
    Seeded entries and byes keep their lines. Exact for small fields, swaps beyond."""
    current = list(lines)
    slots = [i for i, e in enumerate(current) if e is not None and e in movable]
    best_cost = bracket_clash_cost(current, key)
    if best_cost and len(slots) > 1:
        if _factorial(len(slots)) <= EXACT_LIMIT:
            base = [current[i] for i in slots]
            best = base
            for perm in itertools.permutations(base):
                trial = list(current)
                for i, e in zip(slots, perm, strict=True):
                    trial[i] = e
                cost = bracket_clash_cost(trial, key)
                if cost < best_cost:
                    best, best_cost = list(perm), cost
            for i, e in zip(slots, best, strict=True):
                current[i] = e
        else:
            improved = True
            while improved and best_cost:
                improved = False
                for i, j in itertools.combinations(slots, 2):
                    current[i], current[j] = current[j], current[i]
                    cost = bracket_clash_cost(current, key)
                    if cost < best_cost:
                        best_cost, improved = cost, True
                    else:
                        current[i], current[j] = current[j], current[i]
    moved = frozenset(
        e for e, old in zip(current, lines, strict=True) if e is not None and e != old
    )
    return tuple(current), moved


def separate_later_round(
    pairs: Sequence[tuple[EntryId, EntryId]],
    score: Mapping[EntryId, float],
    met: Callable[[EntryId, EntryId], bool],
    key: Key,
    rank: Mapping[EntryId, int],
) -> tuple[list[tuple[EntryId, EntryId]], frozenset[EntryId]]:
    """A later Swiss round with as few clubmates paired as the pairing's scores allow.

    Partners change only between pairs of the same scores (a pair of scores 3 and 2 stays a
    pair of scores 3 and 2), never to a repeat (``met``); the bye is not in ``pairs``. Each pair
    keeps the higher-ranked (``rank``) entry first and its board. Returns the pairs and the
    entries moved (none when separation cannot pair fewer clubmates)."""
    current: list[Pair] = [(a, b) for a, b in pairs]
    count = club_pairs(current, key)
    if not count:
        return current, frozenset()

    def profile(a: EntryId, b: EntryId) -> tuple[float, float]:
        x, y = score[a], score[b]
        return (x, y) if x >= y else (y, x)

    def ordered(a: EntryId, b: EntryId) -> tuple[EntryId, EntryId]:
        return (a, b) if rank[a] <= rank[b] else (b, a)

    if 2 * len(current) <= EXACT_PLAYERS:
        found = _fewest_with_scores(current, profile, met, key, count)
        if found is not None:
            current = _on_boards(current, [ordered(a, b) for a, b in found], profile)
    else:
        improved = True
        while improved and count:
            improved = False
            for i, j in itertools.combinations(range(len(current)), 2):
                (a1, b1), (a2, b2) = current[i], current[j]
                here = club_pairs([current[i], current[j]], key)
                if not here:
                    continue
                wanted = sorted((profile(a1, b1), profile(a2, b2)))
                for (p, q), (r, t) in (((a1, b2), (a2, b1)), ((a1, a2), (b1, b2))):
                    if met(p, q) or met(r, t):
                        continue
                    if sorted((profile(p, q), profile(r, t))) != wanted:
                        continue
                    if club_pairs([(p, q), (r, t)], key) < here:
                        first, second = ordered(p, q), ordered(r, t)
                        # the pair of the higher scores keeps the upper board
                        if profile(*first) < profile(*second) or (
                            profile(*first) == profile(*second) and rank[first[0]] > rank[second[0]]
                        ):
                            first, second = second, first
                        current[i], current[j] = first, second
                        count = club_pairs(current, key)
                        improved = True
                        break
    before = {frozenset(p) for p in pairs}
    moved = frozenset(e for p in current if frozenset(p) not in before for e in p)
    return current, moved


def _fewest_with_scores(
    pairs: list[tuple[EntryId, EntryId]],
    profile: Callable[[EntryId, EntryId], tuple[float, float]],
    met: Callable[[EntryId, EntryId], bool],
    key: Key,
    count: int,
) -> list[tuple[EntryId, EntryId]] | None:
    """Every pairing of the players of ``pairs`` with their score profiles and no repeat: one
    with fewer than ``count`` clubmates paired (the fewest), or None."""
    players = [e for p in pairs for e in p]
    wanted = Counter(profile(a, b) for a, b in pairs)
    best: list[list[tuple[EntryId, EntryId]]] = []
    best_count = [count]

    def rec(left: list[EntryId], chosen: list[tuple[EntryId, EntryId]], clubs: int) -> None:
        if clubs >= best_count[0]:
            return
        if not left:
            best_count[0] = clubs
            best[:] = [list(chosen)]
            return
        x, rest = left[0], left[1:]
        for k, y in enumerate(rest):
            pr = profile(x, y)
            if not wanted[pr] or met(x, y):
                continue
            wanted[pr] -= 1
            chosen.append((x, y))
            rec(rest[:k] + rest[k + 1 :], chosen, clubs + club_pairs([(x, y)], key))
            chosen.pop()
            wanted[pr] += 1

    rec(players, [], 0)
    return best[0] if best else None


def _on_boards(
    old: list[tuple[EntryId, EntryId]],
    new: list[tuple[EntryId, EntryId]],
    profile: Callable[[EntryId, EntryId], tuple[float, float]],
) -> list[tuple[EntryId, EntryId]]:
    """``new`` pairs on the boards of ``old``: an unchanged pair keeps its board, the others
    take the free boards of their score profile in order."""
    kept = {frozenset(p) for p in new} & {frozenset(p) for p in old}
    free: dict[tuple[float, float], list[int]] = {}
    out: list[tuple[EntryId, EntryId] | None] = [None] * len(old)
    for i, p in enumerate(old):
        if frozenset(p) in kept:
            out[i] = p
        else:
            free.setdefault(profile(*p), []).append(i)
    for p in new:
        if frozenset(p) not in kept:
            out[free[profile(*p)].pop(0)] = p
    return [p for p in out if p is not None]
