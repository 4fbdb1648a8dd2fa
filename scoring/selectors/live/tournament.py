"""The tournament's pages, the hall screen and the stream overlay: listed matches, the overview by
event and table, what a table plays now and next.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict

from django.db.models import Count, F, Prefetch, Q, QuerySet
from django.utils.translation import gettext as _

from scoring.models import Event, Game, Match, Round, Table, Tournament
from scoring.rules import variant_for
from scoring.rules.variant import Variant
from scoring.selectors.live.common import (
    LIVE,
    MATCH_RELATED,
    STATUS_LABELS,
    match_queryset,
    side_label,
)
from scoring.selectors.live.validators import table_matches
from scoring.standings.results import DONE

if TYPE_CHECKING:  # django-stubs' type of an annotated row (not needed at run time)
    from django_stubs_ext import WithAnnotations


class RoundCounts(TypedDict):
    """A round's matches counted (:func:`tournament_overview`): all, and those not decided."""

    total: int
    open: int


@dataclass
class MatchLine:
    """A match in a list (home page, hall, table): names, games won, current game points."""

    match: Match
    games: list[Game]

    @property
    def names(self) -> tuple[str, str]:
        return side_label(self.match, "a"), side_label(self.match, "b")

    @property
    def games_won(self) -> tuple[int, int]:
        won = self.match.games_won or {}
        return int(won.get("a", 0) or 0), int(won.get("b", 0) or 0)

    @property
    def points(self) -> tuple[int, int] | None:
        """Points of the game in progress (the last game), if any."""
        if not self.games:
            return None
        scores = self.games[-1].scores or {}
        return int(scores.get("a", 0) or 0), int(scores.get("b", 0) or 0)

    @property
    def game_number(self) -> int | None:
        return self.games[-1].number if self.games else None

    @property
    def variant(self) -> Variant:
        """The engine's variant of the match (point carrom: :attr:`players` lists all three)."""
        return variant_for(self.match.rules)

    @property
    def players(self) -> list[dict[str, Any]]:
        """Every side in order: name, games won, points of the game in progress, winner."""
        won = self.match.games_won or {}
        scores = (self.games[-1].scores or {}) if self.games else {}
        return [
            {
                "side": s,
                "name": side_label(self.match, s),
                "games": int(won.get(s, 0) or 0),
                "points": int(scores.get(s, 0) or 0),
                "winner": self.match.winner_side == s,
            }
            for s in self.match.sides
        ]

    @property
    def game_scores(self) -> list[tuple[int, int]]:
        return [
            (int((g.scores or {}).get("a", 0) or 0), int((g.scores or {}).get("b", 0) or 0))
            for g in self.games
        ]

    @property
    def winner(self) -> str:
        return self.match.winner_side or ""

    @property
    def status_label(self) -> str:
        return str(STATUS_LABELS.get(self.match.status, self.match.status))


def match_lines(matches: Iterable[Match]) -> list[MatchLine]:
    return [MatchLine(m, list(m.games.all())) for m in matches]


def with_games(queryset: QuerySet[Match]) -> QuerySet[Match]:
    return queryset.select_related(*MATCH_RELATED).prefetch_related(
        Prefetch("games", queryset=Game.objects.order_by("number"))
    )


@dataclass
class EventLine:
    event: Event
    round_name: str
    open_matches: int
    total_matches: int


@dataclass
class TableLine:
    table: Table
    line: MatchLine | None


@dataclass
class Overview:
    tournament: Tournament
    events: list[EventLine]
    tables: list[TableLine]  # every active table with its current match, if any
    playing: list[MatchLine]  # playing, without a table
    called: list[MatchLine]  # call-ups: "Table 7: A v B"
    recent: list[MatchLine]


def round_label(rnd: Round | None, group: str = "") -> str:
    name = "" if rnd is None else rnd.label
    if group:
        group_name = _("Group %(name)s") % {"name": group}
        return f"{name} · {group_name}" if name else group_name
    return name


def all_tournaments() -> QuerySet[Tournament]:
    """Every tournament, in the model's order (the API's list)."""
    return Tournament.objects.all()


def tournament_overview(tournament: Tournament, *, recent: int = 8) -> Overview:
    """The tournament home and the hall's live slide: seven queries whatever the size."""
    events = list(tournament.events.all())
    rounds = (
        Round.objects.filter(event__tournament=tournament)
        .annotate(
            total=Count("matches"), open=Count("matches", filter=~Q(matches__status__in=DONE))
        )
        .order_by("event_id", "number", "bracket")
    )
    per_event: dict[int, list[WithAnnotations[Round, RoundCounts]]] = defaultdict(list)
    for rnd in rounds:
        per_event[rnd.event_id].append(rnd)
    lines = []
    for event in events:
        rnds = [r for r in per_event.get(event.pk, []) if r.total]
        current = next((r for r in rnds if r.open), None)
        if current is None and rnds and event.status != Event.Status.FINISHED:
            current = rnds[-1]  # every match decided, the next round not drawn yet
        # a finished event has no current round (the page says it is finished)
        lines.append(
            EventLine(
                event, round_label(current), sum(r.open for r in rnds), sum(r.total for r in rnds)
            )
        )
    tables = list(tournament.tables.filter(active=True).order_by("number"))
    live = match_lines(
        with_games(Match.objects.filter(event__tournament=tournament, status__in=LIVE)).order_by(
            "table__number", "called_at", "pk"
        )
    )
    by_table: dict[int, MatchLine] = {}
    playing, called = [], []
    for line in live:
        m = line.match
        if m.table_id is not None and (
            m.table_id not in by_table
            or (
                m.status == Match.Status.PLAYING
                and by_table[m.table_id].match.status != Match.Status.PLAYING
            )
        ):
            by_table[m.table_id] = line
        if m.status == Match.Status.CALLED:
            called.append(line)
        elif m.table_id is None:
            playing.append(line)
    finished = match_lines(
        with_games(Match.objects.filter(event__tournament=tournament, status__in=DONE)).order_by(
            F("finished_at").desc(nulls_last=True), "-pk"
        )[:recent]
    )
    return Overview(
        tournament=tournament,
        events=lines,
        tables=[TableLine(t, by_table.get(t.pk)) for t in tables],
        playing=playing,
        called=called,
        recent=finished,
    )


def table_current(tournament: Tournament, number: int) -> Match | None:
    """The table's current match (playing, called, else the last finished one)."""
    return table_matches(tournament.slug, number).select_related(*MATCH_RELATED).first()


def table_next(tournament: Tournament, number: int) -> Match | None:
    """The next match assigned to the table and not yet called, if any."""
    return (
        match_queryset()
        .filter(
            event__tournament=tournament,
            table__number=number,
            status__in=(Match.Status.SCHEDULED, Match.Status.READY),
        )
        .order_by("round__number", "number", "pk")
        .first()
    )
