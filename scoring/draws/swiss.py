"""Swiss system as carrom federations play it (no colours; the paired players toss for the break).

Rules implemented (issue 5, "Swiss system"; PEERS.md §5):

- **Score** = match points under the event's :class:`~scoring.draws.ranking.RankingRule`
  (``current``: match wins; ``european``: 2 a win, 1 a draw). A bye is a won match of one game
  ``bye_points``–0 (25–0 by default); a walkover is credited like a bye.
- **Ranking** (standings and pairing order): :func:`scoring.draws.ranking.table` — score, then
  the rule's tie-breaks (``current``: **Buchholz**, **net points**, the initial order).
- **Buchholz** = sum of the current wins of every opponent met. A bye has no opponent; by default
  (``bye_buchholz="own_score"``) it counts as a virtual opponent with the player's own wins, so a
  bye neither helps nor hurts (FIDE's "virtual opponent" idea); ``"zero"`` counts it as 0.
  Walkover opponents count like played ones (and are never paired again).
- **Bye** (odd number of active players): the lowest-ranked player who has not had a bye — unless
  the others could then not all be paired without repeats, in which case the next one up.
  Nobody gets a second bye.
- **Pairing**: score groups from the top. Within a group, top half v bottom half in ranking order
  (rank 1 v rank k/2+1, …), trying the next bottom-half player when a pair has met before. An odd
  player (the lowest-ranked one that can be spared) *floats down* and plays the highest-ranked
  possible player of the next group. More floaters are made only when the group cannot be paired
  otherwise.
- **Never the same opponents twice**: every step keeps the rest of the field pairable, checked
  exactly (a perfect matching via Edmonds' blossom algorithm on the "not met yet" graph, with
  Dirac's theorem as a fast shortcut for large fields), so a valid pairing is found whenever one
  exists, and ``DrawError("no_valid_pairing")`` is raised only when none does.
- Each pairing carries a :class:`~scoring.draws.types.Reason` (score group and ranks; float and its
  cause; bye and why).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from ._matching import augment, maximum_matching
from .ranking import CURRENT, RankingRule, Standing, table
from .types import DrawError, Entry, EntryId, MatchResult, Pairing, Reason

__all__ = ["SwissRound", "SwissStanding", "pair_round", "standings"]

type ByeBuchholz = Literal["own_score", "zero"]

#: DFS nodes tried per bracket before allowing two more floaters (keeps pathological cases fast).
NODE_LIMIT = 3000
#: Player sets up to this size get their own small graph for matching checks.
LOCAL_GRAPH = 64


#: One line of the Swiss table: :class:`scoring.draws.ranking.Standing` (one definition).
SwissStanding = Standing


@dataclass(frozen=True)
class SwissRound:
    """A drawn round: pairings (top boards first, the bye last) and the ranking it used."""

    number: int
    pairings: tuple[Pairing, ...]
    standings: tuple[SwissStanding, ...]


def standings(
    entries: Iterable[Entry | EntryId],
    results: Iterable[MatchResult],
    *,
    bye_buchholz: ByeBuchholz = "own_score",
    rule: RankingRule | None = None,
) -> tuple[SwissStanding, ...]:
    """The Swiss table: :func:`scoring.draws.ranking.table` under ``rule`` (the ``current``
    preset by default, with its Buchholz of a bye set by ``bye_buchholz``)."""
    if rule is None:
        rule = CURRENT if bye_buchholz == "own_score" else replace(CURRENT, bye_buchholz="zero")
    return table(entries, results, rule)


def pair_round(
    entries: Iterable[Entry | EntryId],
    results: Iterable[MatchResult],
    *,
    withdrawn: Collection[EntryId] = (),
    bye_buchholz: ByeBuchholz = "own_score",
    rule: RankingRule | None = None,
) -> SwissRound:
    """Pair the next round from all ``results`` so far (byes included as bye results).

    ``withdrawn`` entries stay in the table (their results count for Buchholz) but are not paired.
    """
    results = list(results)
    ranked = standings(entries, results, bye_buchholz=bye_buchholz, rule=rule)
    number = 1 + max((s.played for s in ranked), default=0)
    active = [s for s in ranked if s.entry not in withdrawn]
    if len(active) < 2:
        raise DrawError("too_few_entries", minimum=2)
    pos = {s.entry: n for n, s in enumerate(active)}
    played = [{pos[o] for o in s.opponents if o in pos} for s in active]
    scores = [s.score for s in active]
    pairer = _Pairer(scores, played)
    pairs, bye, skipped = pairer.pair([s.had_bye for s in active])
    worst = max((scores[x] - scores[y] for x, y in pairs), default=0)
    if worst >= 2:
        # Second pass: the top-down pass may float further than needed. Find the smallest
        # possible largest score gap (same bye) and pair again without the wider pairs.
        players = set(range(len(active))) - {bye}
        for gap in range(1, worst):
            narrow = [
                played[x] | {y for y in players if abs(scores[x] - scores[y]) > gap}
                for x in range(len(active))
            ]
            better = _Pairer(scores, narrow)
            if better.feasible(players):
                pairs, _, _ = better.pair([s.had_bye for s in active], fixed_bye=bye)
                pairer = better
                break

    pairings = []
    for x, y in sorted(pairs):
        sx, sy = active[x], active[y]
        if sx.score == sy.score:
            reason = Reason("swiss_pair", {"score": sx.score, "rank_a": sx.rank, "rank_b": sy.rank})
        else:
            code = "swiss_float_blocked" if pairer.blocked.get(x) else "swiss_float_odd"
            reason = Reason(
                code,
                {"score_a": sx.score, "score_b": sy.score, "rank_a": sx.rank, "rank_b": sy.rank},
            )
        pairings.append(Pairing(sx.entry, sy.entry, reason))
    if bye is not None:
        sb = active[bye]
        if skipped:
            reason = Reason("swiss_bye_moved", {"rank": sb.rank, "skipped": skipped})
        else:
            reason = Reason("swiss_bye", {"rank": sb.rank})
        pairings.append(Pairing(sb.entry, None, reason))
    return SwissRound(number, tuple(pairings), ranked)


class _Budget(Exception):
    """The bracket search used its node budget; retry with two more floaters."""


class _Adjacency:
    """Lazy "may still meet" lists: ``adj[p]`` = players p has not met (built on first use)."""

    def __init__(self, m: int, played: Sequence[set[int]]) -> None:
        self.m = m
        self.played = played
        self.lists: list[list[int] | None] = [None] * m

    def __len__(self) -> int:
        return self.m

    def __getitem__(self, p: int) -> list[int]:
        got = self.lists[p]
        if got is None:
            met = self.played[p]
            got = self.lists[p] = [q for q in range(self.m) if q != p and q not in met]
        return got


class _Pairer:
    """Pairs players 0..m-1 (already in ranking order) whose scores are ``scores``."""

    def __init__(self, scores: Sequence[int], played: Sequence[set[int]]) -> None:
        self.scores = scores
        self.played = played
        self.m = len(scores)
        self.adj = _Adjacency(self.m, played)
        # Dirac: if every player in a set S (|S| even) may still meet ≥ |S|/2 others of S, S has a
        # perfect matching. A player has met at most max_played others, so |S| ≥ 2·max+2 suffices.
        self.threshold = 2 * max((len(p) for p in played), default=0) + 2
        self.remaining: set[int] = set()
        # a perfect matching of ``remaining`` (mate list), or None when not computed / not needed
        self.witness: list[int] | None = None
        self.blocked: dict[int, bool] = {}  # floater -> floated because its group was blocked
        self.inner_memo: dict[frozenset[int], int] = {}

    def _local(self, players: Iterable[int]) -> tuple[list[int], list[list[int]]]:
        """The induced "not met yet" graph on ``players`` (cheaper than global lists when small)."""
        nodes = list(players)
        index = {p: i for i, p in enumerate(nodes)}
        played = self.played
        adj = [[index[q] for q in nodes if q != p and q not in played[p]] for p in nodes]
        return nodes, adj

    def _match(self, players: set[int]) -> list[int] | None:
        """A perfect matching of ``players`` as a global mate list, or None if there is none."""
        if len(players) > LOCAL_GRAPH:
            mate = maximum_matching(self.adj, players)
            return mate if all(mate[p] != -1 for p in players) else None
        nodes, adj = self._local(players)
        local = maximum_matching(adj)
        if -1 in local:
            return None
        mate = [-1] * self.m
        for i, j in enumerate(local):
            mate[nodes[i]] = nodes[j]
        return mate

    def feasible(self, players: set[int]) -> bool:
        """Can ``players`` all be paired without repeats?"""
        if len(players) % 2:
            return False
        return len(players) >= self.threshold or self._match(players) is not None

    def _inner_pairs(self, players: set[int]) -> int:
        """Size of a maximum matching among ``players`` alone."""
        n = len(players)
        if n >= self.threshold + n % 2:  # Dirac on the set (minus one player if odd)
            return n // 2
        key = frozenset(players)
        got = self.inner_memo.get(key)
        # Dirac inside the set: a player who has met at most n//2 - 1 of the others may
        # still meet at least ceil(n/2) of them, so n//2 pairs exist (a few set
        # intersections instead of the induced graph and a blossom search)
        if got is None and n >= 2 and self._dirac(key):
            got = self.inner_memo[key] = n // 2
        if got is None:
            if n > LOCAL_GRAPH:
                mate = maximum_matching(self.adj, players)
            else:
                mate = maximum_matching(self._local(players)[1])
            got = self.inner_memo[key] = sum(1 for q in mate if q != -1) // 2
        return got

    def _dirac(self, players: set[int] | frozenset[int]) -> bool:
        """Dirac's condition inside ``players`` (n of them): each has met at most
        ``n//2 - 1`` of the others, so may still meet half of them, and n//2 pairs exist
        (a perfect matching when n is even; a few set intersections instead of a search)."""
        most, played = len(players) // 2 - 1, self.played
        return all(len(played[p] & players) <= most for p in players)

    def _try_pair(self, x: int, y: int) -> bool:
        """Pair x and y if everybody left can still be paired (the caller undoes on failure)."""
        rem = self.remaining
        rem.discard(x)
        rem.discard(y)
        if len(rem) >= self.threshold or self._dirac(rem):
            self.witness = None
            return True
        old = self.witness
        if old is None:
            new = self._match(rem)
        else:
            new = old.copy()
            u, v = new[x], new[y]
            new[x] = new[y] = -1
            if u != y:  # x and y were not paired in the witness: repair it with one augmentation
                new[u] = new[v] = -1
                if len(rem) > LOCAL_GRAPH:
                    if not augment(self.adj, new, u, rem):
                        new = None
                else:
                    nodes, adj = self._local(rem)
                    index = {p: i for i, p in enumerate(nodes)}
                    local = [index[new[p]] if new[p] != -1 else -1 for p in nodes]
                    if augment(adj, local, index[u]):
                        for i, j in enumerate(local):
                            new[nodes[i]] = nodes[j]
                    else:
                        new = None
        if new is None:
            return False
        self.witness = new
        return True

    def pair(
        self, had_bye: Sequence[bool], fixed_bye: int | None = None
    ) -> tuple[list[tuple[int, int]], int | None, int]:
        everyone = set(range(self.m))
        bye: int | None = fixed_bye
        skipped = 0
        if bye is not None:
            everyone.discard(bye)
        elif self.m % 2:
            candidates = [p for p in reversed(range(self.m)) if not had_bye[p]]
            if not candidates:
                raise DrawError("no_bye_candidate")
            for p in candidates:
                if self.feasible(everyone - {p}):
                    bye = p
                    break
                skipped += 1
            else:
                raise DrawError("no_valid_pairing")
            everyone.discard(bye)
        elif not self.feasible(everyone):
            raise DrawError("no_valid_pairing")

        self.remaining = set(everyone)
        self.witness = None
        players = sorted(everyone)
        groups: list[list[int]] = []
        for p in players:
            if groups and self.scores[groups[-1][0]] == self.scores[p]:
                groups[-1].append(p)
            else:
                groups.append([p])
        pairs: list[tuple[int, int]] = []
        floaters: list[int] = []
        for gi, group in enumerate(groups):
            last = gi == len(groups) - 1
            got, floaters = self._pair_bracket(floaters, group, last)
            pairs.extend(got)
        assert not floaters and not self.remaining
        return pairs, bye, skipped

    def _pair_bracket(
        self, floaters: list[int], residents: list[int], last: bool
    ) -> tuple[list[tuple[int, int]], list[int]]:
        k = len(floaters) + len(residents)
        if last:
            # exact oracle: the search cannot dead-end, no budget needed
            attempts: list[tuple[int, int | None]] = [(0, None)]
        else:
            # fewest floaters: the bracket must pair among itself but for them, and the players
            # below must pair among themselves but for those who meet a floater
            bracket = set(floaters) | set(residents)
            below = self.remaining - bracket
            least = max(
                k - 2 * self._inner_pairs(bracket), len(below) - 2 * self._inner_pairs(below)
            )
            least += (least - k) % 2
            attempts = [(f, None if f == k else NODE_LIMIT) for f in range(least, k + 1, 2)]
        for f, limit in attempts:
            saved, witness = set(self.remaining), self.witness
            try:
                pairs, floated = self._search(floaters, residents, f, limit)
            except _Budget:
                pairs = None
            if pairs is None:
                self.remaining, self.witness = saved, witness
                continue
            for x in floated:
                self.blocked[x] = self.blocked.get(x, False) or f > k % 2
            return pairs, floated
        raise AssertionError("unreachable: floating the whole bracket is always feasible")

    def _search(
        self, floaters: list[int], residents: list[int], f: int, limit: int | None
    ) -> tuple[list[tuple[int, int]] | None, list[int]]:
        order = floaters + residents
        is_floater = set(floaters)
        unpaired = set(order)
        pairs: list[tuple[int, int]] = []
        floated: list[int] = []
        played = self.played
        nodes = 0
        floater_rank = {p: n for n, p in enumerate(floaters)}

        Split = tuple[set[int], list[int], list[int], dict[int, int], dict[int, int]]

        size = len(order)

        def rec(i: int, floats_left: int, split: Split | None) -> bool:
            nonlocal nodes
            while i < size and order[i] not in unpaired:
                i += 1
            if i == size:
                return True
            nodes += 1
            if limit is not None and nodes > limit:
                raise _Budget
            # the bracket's unpaired players must pair among themselves, but for floats_left
            need = len(unpaired) - floats_left
            if need > 0 and 2 * self._inner_pairs(unpaired) < need:
                return False
            x = order[i]
            if x in is_floater:
                # a floater plays the highest-ranked possible resident, else another floater
                cands = residents + floaters[floater_rank[x] + 1 :]
            else:
                if split is None:
                    rs = [r for r in residents if r in unpaired]
                    half = max(0, (len(rs) - floats_left) // 2)
                    s1, s2 = rs[:half], rs[half:]
                    split = (
                        set(s1),
                        s1,
                        s2,
                        {p: n for n, p in enumerate(s1)},
                        {p: n for n, p in enumerate(s2)},
                    )
                s1set, s1, s2, s1pos, s2pos = split
                # top half v bottom half; then (exchange) the lowest top-half players
                cands = s2 + s1[: s1pos[x] : -1] if x in s1set else s2[s2pos[x] + 1 :]
            unpaired.discard(x)
            met = played[x]
            for y in cands:
                if y not in unpaired or y in met:
                    continue
                witness = self.witness
                if self._try_pair(x, y):
                    unpaired.discard(y)
                    pairs.append((x, y))
                    if rec(i + 1, floats_left, split):
                        return True
                    pairs.pop()
                    unpaired.add(y)
                self.remaining.add(x)
                self.remaining.add(y)
                self.witness = witness
            if floats_left > 0:
                floated.append(x)
                if rec(i + 1, floats_left - 1, split):
                    return True
                floated.pop()
            unpaired.add(x)
            return False

        if rec(0, f, None):
            return pairs, floated
        return None, []
