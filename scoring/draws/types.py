"""Plain record types shared by every draw format (no Django import).

Entries are identified by an :data:`EntryId` (an int or a str chosen by the caller, e.g. the
primary key of an ``Entry`` row). Inputs are :class:`Entry` (id + optional seed / rating) and
:class:`MatchResult` (a named tuple); outputs are frozen dataclasses carrying a
:class:`Reason`, a machine code plus parameters, with a default English text, so the Django
layer can translate by ``code``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

type EntryId = int | str
type Stage = Literal["early", "late"]

#: Default English text per reason / error code. ``Reason.text`` formats these with ``params``.
TEXTS: dict[str, str] = {
    # knock-out and double elimination
    "ko_seeded": "Seed {seed_a} v seed {seed_b}.",
    "ko_seeded_drawn": "Seed {seed_a} v a drawn entry.",
    "ko_drawn": "Drawn entries (bracket lines {line_a} and {line_b}).",
    "ko_bye": "Bye for seed {seed}: byes go to the top seeds.",
    "ko_bye_drawn": "Bye for a drawn entry: there are more byes than seeded entries.",
    "ko_void": "No entrant reached this match.",
    "ko_walkover_bye": "The opponent's place is empty (double walkover or bye), so this entry "
    "advances.",
    "ko_feed": "{source_a} v {source_b}.",
    "ko_third_place": "Third-place match between the losing semi-finalists.",
    "de_grand_final": "Grand final: winners-bracket champion v losers-bracket champion.",
    "de_reset": "Grand final reset: the losers-bracket champion won the first grand final.",
    "de_not_needed": "Not needed: the winners-bracket champion won the first grand final.",
    # round robin
    "rr_round": "Round {round} of {rounds} (circle method).",
    "rr_bye": "Bye: the group has an odd number of entries.",
    # swiss
    "swiss_pair": "Score group {score}: rank {rank_a} v rank {rank_b}.",
    "swiss_float_odd": "Rank {rank_a} floated down from score group {score_a} to score group "
    "{score_b} (odd number in the group) to play rank {rank_b}.",
    "swiss_float_blocked": "Rank {rank_a} floated down from score group {score_a} to score group "
    "{score_b} (no new opponent left in the group) to play rank {rank_b}.",
    "swiss_bye": "Bye for rank {rank}: the lowest-ranked player without a bye.",
    "swiss_bye_moved": "Bye for rank {rank}: the {skipped} lower-ranked player(s) without a bye "
    "could not be given the bye and still pair everybody else.",
    "sep_moved": "Paired apart from clubmates: separation by {by} moved this pairing.",
    "sep_group": "Group {group}: separation by {by} moved this entry to another group of its pot.",
    # errors
    "too_few_entries": "At least {minimum} entries are needed.",
    "duplicate_entry": "Entry {entry} appears more than once.",
    "too_many_groups": "{entries} entries cannot fill {groups} groups of at least two.",
    "bad_result": "The result does not fit the match: {detail}.",
    "unexpected_result": "Match {match} is not ready to take a result.",
    "round_incomplete": "Round {round} cannot start yet: results of earlier matches are missing.",
    "no_valid_pairing": "No pairing without repeated opponents exists for this round.",
    "no_bye_candidate": "Every player has had a bye already; nobody can take another.",
    "bad_argument": "{detail}.",
}


@dataclass(frozen=True)
class Reason:
    """Why a pairing was made: machine ``code`` and ``params``; ``text`` is the English default."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict, hash=False)

    @property
    def text(self) -> str:
        return TEXTS.get(self.code, self.code).format(**self.params)

    def __str__(self) -> str:
        return self.text


class DrawError(ValueError):
    """An expected problem with the draw's input, shown to organisers.

    ``code`` is stable (for translation and tests); ``params`` fill the English text in ``TEXTS``.
    """

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(TEXTS.get(code, code).format(**params))


class Entry(NamedTuple):
    """A player or pair in one event: ``seed`` 1 is the strongest, higher ``rating`` is stronger
    (an immutable named tuple: a draw makes one per entry)."""

    id: EntryId
    seed: int | None = None
    rating: float | None = None


def as_entries(items: Iterable[Entry | EntryId]) -> tuple[Entry, ...]:
    """Accept entries or bare ids (bare ids are unseeded); reject duplicates."""
    out: list[Entry] = []
    seen: set[EntryId] = set()
    for item in items:
        entry = item if isinstance(item, Entry) else Entry(item)
        if entry.id in seen:
            raise DrawError("duplicate_entry", entry=entry.id)
        seen.add(entry.id)
        out.append(entry)
    return tuple(out)


def initial_order(entries: Iterable[Entry | EntryId]) -> tuple[Entry, ...]:
    """Initial ranking: seeded entries by seed, then the rest by rating (highest first), then
    input order. Used for Swiss round 1, snake seeding and final tie-breaks ("then seed")."""
    items = as_entries(entries)

    def key(pair: tuple[int, Entry]) -> tuple[int, float, float, int]:
        index, e = pair
        seed = e.seed if e.seed is not None else math.inf
        rating = -e.rating if e.rating is not None else math.inf
        return (0 if e.seed is not None else 1, seed, rating, index)

    return tuple(e for _, e in sorted(enumerate(items), key=key))


class _Result(NamedTuple):
    a: EntryId
    b: EntryId | None
    winner: EntryId | None
    games_a: int = 0
    games_b: int = 0
    points_a: int = 0
    points_b: int = 0
    walkover: bool = False
    draw: bool = False


class MatchResult(_Result):
    """The outcome of one match between ``a`` and ``b`` (``b is None``: a bye for ``a``).

    ``winner`` is ``a`` or ``b``; ``None`` only for a double walkover (nobody advances) or a
    ``draw`` (a game stopped by a round time limit with level scores: nobody wins).
    ``walkover`` marks a match not played (withdrawal / no-show): the winner advances, and result
    lists should show it (e.g. with a '*').

    An immutable named tuple (the standings read hundreds at a time: made and unpacked at C
    speed); the constructor refuses an impossible result.
    """

    __slots__ = ()

    def __new__(
        cls,
        a: EntryId,
        b: EntryId | None,
        winner: EntryId | None,
        games_a: int = 0,
        games_b: int = 0,
        points_a: int = 0,
        points_b: int = 0,
        walkover: bool = False,
        draw: bool = False,
    ) -> MatchResult:
        if a == b:
            raise DrawError("bad_result", detail="an entry cannot play itself")
        if winner is not None and winner not in (a, b):
            raise DrawError("bad_result", detail=f"winner {winner} did not play")
        if winner is None and not (walkover or draw):
            raise DrawError("bad_result", detail="only a double walkover or a draw has no winner")
        if draw and (winner is not None or b is None):
            raise DrawError("bad_result", detail="a draw has two entries and no winner")
        if b is None and winner != a:
            raise DrawError("bad_result", detail="a bye is won by its entry")
        return tuple.__new__(
            cls, (a, b, winner, games_a, games_b, points_a, points_b, walkover, draw)
        )

    @property
    def bye(self) -> bool:
        return self.b is None

    @property
    def loser(self) -> EntryId | None:
        if self.winner is None or self.b is None:
            return None
        return self.b if self.winner == self.a else self.a

    @property
    def entries(self) -> tuple[EntryId, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)

    def opponent(self, entry: EntryId) -> EntryId | None:
        return self.b if entry == self.a else self.a

    def games(self, entry: EntryId) -> tuple[int, int]:
        """(games won, games lost) for ``entry``."""
        return (self.games_a, self.games_b) if entry == self.a else (self.games_b, self.games_a)

    def points(self, entry: EntryId) -> tuple[int, int]:
        """(points for, points against) for ``entry``."""
        return (self.points_a, self.points_b) if entry == self.a else (self.points_b, self.points_a)

    @classmethod
    def won(
        cls,
        a: EntryId,
        b: EntryId,
        winner: EntryId,
        games_a: int,
        games_b: int,
        points_a: int,
        points_b: int,
        walkover: bool = False,
    ) -> MatchResult:
        """A match of two entries won by ``winner``: the checks of the constructor without its
        call (the standings read hundreds of results at a time)."""
        if a == b or b is None or winner not in (a, b):
            return cls(a, b, winner, games_a, games_b, points_a, points_b, walkover)  # raises
        return tuple.__new__(
            cls, (a, b, winner, games_a, games_b, points_a, points_b, walkover, False)
        )

    @classmethod
    def for_bye(cls, entry: EntryId, points: int = 25) -> MatchResult:
        """A bye: a won match with one game won ``points``–0 (25–0 by default)."""
        return cls(entry, None, entry, games_a=1, games_b=0, points_a=points, points_b=0)

    @classmethod
    def for_walkover(
        cls, a: EntryId, b: EntryId, *, withdrawn: EntryId, games: int = 0, points: int = 0
    ) -> MatchResult:
        """``withdrawn`` did not play: the opponent wins, marked as walkover.

        ``games``/``points`` credited to the winner default to 0 (policy left to the organiser).
        """
        if withdrawn not in (a, b):
            raise DrawError("bad_result", detail=f"{withdrawn} is not in this match")
        winner = b if withdrawn == a else a
        wa = winner == a
        return cls(
            a,
            b,
            winner,
            games_a=games if wa else 0,
            games_b=0 if wa else games,
            points_a=points if wa else 0,
            points_b=0 if wa else points,
            walkover=True,
        )


@dataclass(frozen=True)
class Pairing:
    """Two entries to play each other (``b is None``: a bye for ``a``), and why."""

    a: EntryId
    b: EntryId | None
    reason: Reason

    @property
    def entries(self) -> tuple[EntryId, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)


def stage_for(matches_in_round: int) -> Stage:
    """Stage of an elimination round: "late" from the quarter-finals on (at most 4 matches)."""
    return "late" if matches_in_round <= 4 else "early"
