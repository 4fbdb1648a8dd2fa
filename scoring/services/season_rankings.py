"""A championship's ranking and a nation's ranking over a season (issue 33). Reads only.

Each counted event's places are the project's one placings (:func:`scoring.standings.placings.
event_placings`, not computed again here); the prizes and the sum are the pure
:mod:`scoring.seasons.prizes` (SoL's methods, the worst N skipped). An event counts once all its
entries are placed (a withdrawn entry without a place aside); until then its column is shown
as "not placed yet" and gives no prize.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from scoring.models import Championship, Entry, Event, Player, Tournament
from scoring.pdf.seasons import RankingSheetData, RankingSheetLine
from scoring.seasons import Placed, ranking_of_prizes, tournament_prizes
from scoring.standings.placings import event_placings

Competitor = tuple[int, ...]


@dataclass(frozen=True)
class Column:
    """One counted event (of one tournament) of the championship."""

    event: Event
    placed: bool  # every entry has its final place: its prizes count
    recorded: bool = False  # the prizes as the prize-giving recorded them (SoL's "prized")
    pending: bool = False  # a SoL tourney never prized (``Event.prizes_pending``): no prizes

    @property
    def tournament(self) -> Tournament:
        """The event's tournament."""
        return self.event.tournament


@dataclass(frozen=True)
class RankLine:
    rank: int
    players: list[Player]
    total: Decimal
    prizes: tuple[Decimal | None, ...]
    skipped: tuple[bool, ...]

    @property
    def cells(self) -> list[tuple[Decimal | None, bool]]:
        return list(zip(self.prizes, self.skipped, strict=True))

    @property
    def name(self) -> str:
        return " / ".join(p.name for p in self.players)


@dataclass(frozen=True)
class Ranking:
    championship: Championship
    columns: list[Column]
    lines: list[RankLine]
    nation: str = ""
    nations: list[str] = field(default_factory=list)

    @property
    def pairs(self) -> bool:
        """A doubles event counts: some lines are pairs (``Championship.pairs_by_order``
        says what a pair is)."""
        return any(c.event.kind == Event.Kind.DOUBLES for c in self.columns)

    @property
    def pending(self) -> bool:
        """A tourney of the ranking waits for its prize-giving (SoL never prized it)."""
        return any(c.pending for c in self.columns)

    @property
    def pair_rule(self) -> str:
        """What a pair of this ranking is, in the active language ("" without doubles)."""
        from django.utils.translation import gettext as _

        if not self.pairs:
            return ""
        if self.championship.pairs_by_order:
            return _(
                "A pair is its two players in the order entered, as SoL ranks them: "
                "A/B and B/A are two pairs."
            )
        return _("A pair is the same two players in either order.")


def counted_events(championship: Championship) -> list[Event]:
    """The championship's events in the order played (by the tournament's first day)."""
    return list(
        championship.events.select_related("tournament").order_by(
            "tournament__start_date", "tournament__id", "order", "id"
        )
    )


def _competitor(player_ids: Iterable[int | None], *, by_order: bool) -> Competitor:
    """A ranking line's key: its player, or its pair. With ``Championship.pairs_by_order`` a
    pair is its two players in the order entered (SoL 5.26 ranks A/B and B/A as two pairs);
    otherwise the same two players in either order are one pair."""
    ids = tuple(pk for pk in player_ids if pk is not None)
    return ids if by_order else tuple(sorted(ids))


def _placed(
    event: Event, *, recorded: bool = True, by_order: bool = False
) -> tuple[bool, list[tuple[Competitor, int, int | None]]]:
    # a tourney SoL prized is placed as its prize-giving placed it: by its table then; prized
    # again, its recorded prizes are set aside (SoL's ``resetPrizes``), while the prizes left
    # on a tourney whose prize-giving was undone still lead its table (SoL sorts by them)
    placings = event_placings(event, prizes=recorded or not event.prized, as_it_stands=event.prized)
    rows = []
    complete = bool(placings)
    for p in placings:
        if p.place is None:
            if not p.entry.withdrawn:
                complete = False
            continue
        ids = _competitor((p.entry.player_id, p.entry.partner_id), by_order=by_order)
        rows.append((ids, p.place, p.last))
    return complete, rows


def _recorded(event: Event, *, by_order: bool = False) -> dict[Hashable, Decimal]:
    """A prized event's prizes as its prize-giving recorded them (SoL's, kept on import), by
    competitor: every entry, a missing prize 0 (SoL counts each of its competitors)."""
    return {
        _competitor((e.player_id, e.partner_id), by_order=by_order): _plain(e.prize or Decimal(0))
        for e in Entry.objects.filter(event=event).order_by("pk")
    }


def _plain(value: Decimal) -> Decimal:
    """A recorded prize as the computed ones read: 18, not 18.00; 2.5, not 2.50."""
    return value.quantize(Decimal(1)) if value == value.to_integral_value() else value.normalize()


def ranking(championship: Championship, *, nation: str = "", recorded: bool = True) -> Ranking:
    """The championship's ranking; with ``nation`` (a country code) only that nation's players
    (a pair: both of them) ranked among themselves, each with the prize of his place in the
    whole field (the national ranking of a season, as federations publish it).

    An event whose prize-giving is recorded (``Event.prized``: a SoL tourney SoL had prized)
    counts its prizes as recorded, as SoL ranks the championship; a SoL tourney never prized
    (``Event.prizes_pending``) gives none, as SoL ranks its prized tourneys only;
    ``recorded=False`` gives every event its prizes again from its results (SoL's
    prize-giving done again)."""
    columns: list[Column] = []
    given: list[dict[Hashable, Decimal]] = []
    everybody: set[int] = set()
    by_order = championship.pairs_by_order
    for event in counted_events(championship):
        if recorded and event.prized:
            prizes = _recorded(event, by_order=by_order)
            columns.append(Column(event, True, recorded=True))
            everybody.update(pk for ids in prizes for pk in _ids(ids))
            given.append(prizes)
            continue
        if recorded and event.prizes_pending:  # SoL ranks its prized tourneys only
            columns.append(Column(event, False, pending=True))
            given.append({})
            continue
        complete, rows = _placed(event, recorded=recorded, by_order=by_order)
        columns.append(Column(event, complete))
        everybody.update(pk for ids, _place, _last in rows for pk in ids)
        placed = [Placed(ids, place, last) for ids, place, last in rows] if complete else []
        given.append(tournament_prizes(championship.prizes, placed))
    players = {p.pk: p for p in Player.objects.filter(pk__in=everybody)}
    nations = sorted({p.nationality.upper() for p in players.values() if p.nationality})
    code = nation.strip().upper()
    if code:
        given = [
            {
                ids: v
                for ids, v in column.items()
                if all(players[pk].nationality.upper() == code for pk in _ids(ids))
            }
            for column in given
        ]
    names = {
        ids: " / ".join(players[pk].name for pk in _ids(ids)) for column in given for ids in column
    }
    # an event that gives no prizes yet is no column of the sum: its absence is no prize of 0
    # that the worst skipped would take first (SoL ranks its prized tourneys only)
    counted = [i for i, column in enumerate(columns) if column.placed]
    lines = []
    for line in ranking_of_prizes([given[i] for i in counted], championship.skip_worst, names):
        cells: list[Decimal | None] = [None] * len(columns)
        skipped = [False] * len(columns)
        for k, i in enumerate(counted):
            cells[i], skipped[i] = line.prizes[k], line.skipped[k]
        lines.append(
            RankLine(
                line.rank,
                [players[pk] for pk in _ids(line.competitor)],
                line.total,
                tuple(cells),
                tuple(skipped),
            )
        )
    return Ranking(championship, columns, lines, code, nations)


def _ids(competitor: Hashable) -> Competitor:
    assert isinstance(competitor, tuple)
    return competitor


def player_championships(player: Player) -> list[Championship]:
    """The championships an event of ``player`` (as player or partner) counts for."""
    from django.db.models import Q

    return list(
        Championship.objects.filter(
            Q(events__entries__player=player) | Q(events__entries__partner=player)
        )
        .select_related("club")
        .distinct()
        .order_by("-created_at", "name")
    )


def ranking_sheet(ranking: Ranking) -> RankingSheetData:
    """The ranking as the PDF's data, its words in the active language."""
    from django.utils import formats
    from django.utils.translation import gettext as _
    from django.utils.translation import ngettext

    champ = ranking.championship
    title = (
        champ.name
        if not ranking.nation
        else _("%(name)s: national ranking %(nation)s")
        % {"name": champ.name, "nation": ranking.nation}
    )
    subtitle = " · ".join(
        x
        for x in (
            champ.club.name,
            str(champ.get_prizes_display()),
            (
                ngettext(
                    "the worst prize is skipped",
                    "the %(n)s worst prizes are skipped",
                    champ.skip_worst,
                )
                % {"n": champ.skip_worst}
            )
            if champ.skip_worst
            else "",
        )
        if x
    )
    columns = [
        f"{c.event.tournament.name} "
        f"{formats.date_format(c.event.tournament.start_date, 'SHORT_DATE_FORMAT')}"
        + (f" · {_('not prized yet')}" if c.pending else "")
        for c in ranking.columns
    ]

    def cell(value: Decimal | None, skipped: bool) -> str:
        text = "–" if value is None else formats.number_format(value)
        return f"({text})" if skipped else text

    lines = [
        RankingSheetLine(
            line.rank,
            line.name,
            " / ".join(p.nationality for p in line.players if p.nationality),
            [cell(v, s) for v, s in line.cells],
            formats.number_format(line.total),
        )
        for line in ranking.lines
    ]
    return RankingSheetData(
        title=title,
        subtitle=subtitle,
        headers=[_("Rank"), _("Player"), _("Nation"), _("Total")],
        columns=columns,
        lines=lines,
        legend=" ".join(
            x
            for x in (
                _("Prizes in brackets are skipped; a dash: did not play."),
                ranking.pair_rule,
                _(
                    "A tournament not prized yet (its prize-giving was not done in SoL) gives no "
                    "prizes until its organiser prizes it from its results."
                )
                if ranking.pending
                else "",
            )
            if x
        ),
        empty=_("Nobody is placed yet."),
    )
