"""Elimination brackets as a static graph of matches, and how results flow through it.

A :class:`Bracket` is built once (by :func:`scoring.draws.knockout.single_elimination` or
:func:`scoring.draws.double_elimination.double_elimination`) and never changes. Each
:class:`BracketMatch` names where its two entrants come from (a :class:`Source`: a bracket line,
the winner of a match, or the loser of a match). :func:`advance` replays the results over the graph
and tells, for every match, who plays, whether it is ready, decided, a bye or void.

Byes propagate: a match with one empty side is a bye (its entrant advances, nobody drops to the
losers bracket); a match with two empty sides is void. A walkover is a normal result with
``walkover=True``; a double walkover (``winner=None``) empties the next slot.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from .types import DrawError, EntryId, MatchResult, Reason, Stage

type Section = Literal["winners", "losers", "third_place", "grand_final"]
type Status = Literal["waiting", "ready", "done", "bye", "void", "not_needed"]

#: Statuses after which a match's winner (possibly ``None``) is known.
DECIDED: frozenset[str] = frozenset({"done", "bye", "void", "not_needed"})


@dataclass(frozen=True)
class Source:
    """Where an entrant comes from: bracket ``line`` (int), or ``winner``/``loser`` of a match."""

    kind: Literal["line", "winner", "loser"]
    ref: int | str

    def describe(self) -> str:
        if self.kind == "line":
            return f"Line {int(self.ref) + 1}"
        return f"{self.kind.capitalize()} of {self.ref}"


@dataclass(frozen=True)
class BracketMatch:
    """One match slot of a bracket.

    ``id`` is stable and short: ``W2-3`` (winners bracket, round 2, match 3; the only bracket in
    single elimination), ``L4-1`` (losers bracket), ``3P`` (third place), ``GF1``/``GF2`` (grand
    final and its reset). ``index`` is 1-based, top to bottom.
    """

    id: str
    section: Section
    round: int
    index: int
    a: Source
    b: Source
    round_name: str
    stage: Stage
    reset: bool = False  # GF2: only played if the losers-bracket champion won GF1


@dataclass(frozen=True)
class Bracket:
    """A whole elimination draw: bracket ``lines`` (``None`` = bye) and the match graph."""

    kind: Literal["single_elimination", "double_elimination"]
    size: int
    lines: tuple[EntryId | None, ...]
    seeds: Mapping[EntryId, int | None] = field(hash=False)
    matches: tuple[BracketMatch, ...]  # in playable (topological) order

    def match(self, match_id: str) -> BracketMatch:
        for m in self.matches:
            if m.id == match_id:
                return m
        raise DrawError("bad_argument", detail=f"no match {match_id}")

    def round_matches(self, section: Section, round_number: int) -> tuple[BracketMatch, ...]:
        return tuple(m for m in self.matches if m.section == section and m.round == round_number)


@dataclass(frozen=True)
class MatchState:
    """A match after replaying the results: who plays, its status and (once decided) the winner."""

    match: BracketMatch
    a: EntryId | None
    b: EntryId | None
    status: Status
    winner: EntryId | None = None
    loser: EntryId | None = None
    walkover: bool = False
    reason: Reason = field(default_factory=lambda: Reason("ko_void"))

    @property
    def id(self) -> str:
        return self.match.id


@dataclass(frozen=True)
class Progress:
    """All match states of a bracket, in the bracket's order."""

    states: tuple[MatchState, ...]
    champion: EntryId | None

    @property
    def complete(self) -> bool:
        return all(s.status in DECIDED for s in self.states)

    @property
    def ready(self) -> tuple[MatchState, ...]:
        """Matches whose two entrants are known and that still need a result (the call-up list)."""
        return tuple(s for s in self.states if s.status == "ready")

    def state(self, match_id: str) -> MatchState:
        for s in self.states:
            if s.id == match_id:
                return s
        raise DrawError("bad_argument", detail=f"no match {match_id}")


class _Unknown:
    """The entrant of a slot whose feeding match is not decided yet."""


_UNKNOWN = _Unknown()


def advance(bracket: Bracket, results: Mapping[str, MatchResult]) -> Progress:
    """Replay ``results`` (by match id) over ``bracket``: winners advance, losers drop, byes pass.

    Raises ``DrawError("unexpected_result")`` for a result on a match that is not ready and
    ``DrawError("bad_result")`` if a result names other entrants than the match has.
    """
    states: dict[str, MatchState] = {}
    for m in bracket.matches:
        st = _resolve(bracket, m, states, results.get(m.id))
        states[m.id] = st
    for mid in results:
        if mid not in states:
            raise DrawError("unexpected_result", match=mid)
    champion: EntryId | None = None
    if bracket.kind == "double_elimination":
        gf2 = states.get("GF2")
        gf1 = states["GF1"]
        if gf2 is not None and gf2.status in ("done", "bye"):
            champion = gf2.winner
        elif gf1.status in DECIDED and (gf2 is None or gf2.status == "not_needed"):
            champion = gf1.winner
    else:
        final = next(m for m in reversed(bracket.matches) if m.section == "winners")
        if states[final.id].status in DECIDED:
            champion = states[final.id].winner
    return Progress(tuple(states[m.id] for m in bracket.matches), champion)


def _entrant(
    bracket: Bracket, src: Source, states: Mapping[str, MatchState]
) -> EntryId | None | _Unknown:
    if src.kind == "line":
        return bracket.lines[int(src.ref)]
    feeder = states[str(src.ref)]
    if feeder.status not in DECIDED:
        return _UNKNOWN
    return feeder.winner if src.kind == "winner" else feeder.loser


def _resolve(
    bracket: Bracket,
    m: BracketMatch,
    states: Mapping[str, MatchState],
    result: MatchResult | None,
) -> MatchState:
    a = _entrant(bracket, m.a, states)
    b = _entrant(bracket, m.b, states)
    known_a = None if isinstance(a, _Unknown) else a
    known_b = None if isinstance(b, _Unknown) else b
    reason = _reason(bracket, m, states, known_a, known_b)

    if m.reset:
        gf1 = states["GF1"]
        if gf1.status not in DECIDED:
            if result is not None:
                raise DrawError("unexpected_result", match=m.id)
            return MatchState(m, known_a, known_b, "waiting", reason=reason)
        if gf1.status != "done" or gf1.winner == gf1.a:
            if result is not None:
                raise DrawError("unexpected_result", match=m.id)
            return MatchState(
                m, known_a, known_b, "not_needed", winner=gf1.winner, reason=Reason("de_not_needed")
            )

    if isinstance(a, _Unknown) or isinstance(b, _Unknown):
        if result is not None:
            raise DrawError("unexpected_result", match=m.id)
        return MatchState(m, known_a, known_b, "waiting", reason=reason)
    if a is None and b is None:
        if result is not None:
            raise DrawError("unexpected_result", match=m.id)
        return MatchState(m, None, None, "void", reason=Reason("ko_void"))
    if a is None or b is None:
        if result is not None:
            raise DrawError("unexpected_result", match=m.id)
        only = a if a is not None else b
        return MatchState(m, only, None, "bye", winner=only, reason=reason)
    if result is None:
        return MatchState(m, a, b, "ready", reason=reason)
    if {result.a, result.b} != {a, b}:
        raise DrawError("bad_result", detail=f"match {m.id} is {a} v {b}")
    return MatchState(
        m,
        a,
        b,
        "done",
        winner=result.winner,
        loser=result.loser,
        walkover=result.walkover,
        reason=reason,
    )


def _reason(
    bracket: Bracket,
    m: BracketMatch,
    states: Mapping[str, MatchState],
    a: EntryId | None,
    b: EntryId | None,
) -> Reason:
    if m.section == "third_place":
        return Reason("ko_third_place")
    if m.section == "grand_final":
        return Reason("de_reset" if m.reset else "de_grand_final")
    if m.a.kind == "line" and m.b.kind == "line":
        seeds = bracket.seeds
        if a is None or b is None:
            only = a if a is not None else b
            seed = seeds.get(only) if only is not None else None
            if only is None:
                return Reason("ko_void")
            return Reason("ko_bye", {"seed": seed}) if seed else Reason("ko_bye_drawn")
        sa, sb = seeds.get(a), seeds.get(b)
        if sa and sb:
            return Reason("ko_seeded", {"seed_a": min(sa, sb), "seed_b": max(sa, sb)})
        if sa or sb:
            return Reason("ko_seeded_drawn", {"seed_a": sa or sb})
        return Reason("ko_drawn", {"line_a": int(m.a.ref) + 1, "line_b": int(m.b.ref) + 1})
    src_a, src_b = m.a.describe(), m.b.describe()
    for src, side in ((m.a, "a"), (m.b, "b")):
        if src.kind == "winner":
            feeder = states.get(str(src.ref))
            if feeder is not None and feeder.walkover:
                text = f"{src.describe()} (walkover)"
                src_a, src_b = (text, src_b) if side == "a" else (src_a, text)
    if (a is None) != (b is None) and None not in (
        _entrant_kind(m.a, states),
        _entrant_kind(m.b, states),
    ):
        return Reason("ko_walkover_bye")
    return Reason("ko_feed", {"source_a": src_a, "source_b": src_b})


def _entrant_kind(src: Source, states: Mapping[str, MatchState]) -> object:
    """``None`` while a feeder is undecided, else True (used to word bye reasons)."""
    if src.kind == "line":
        return True
    feeder = states.get(str(src.ref))
    return True if feeder is not None and feeder.status in DECIDED else None
