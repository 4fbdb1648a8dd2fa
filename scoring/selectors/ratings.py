"""Reads of ratings (issue 33): the rating list as of a date with its filters, a player's
history under a rating and its chart, the rates that seed an event. Never writes."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import (
    Count,
    Exists,
    F,
    FloatField,
    IntegerField,
    Max,
    OuterRef,
    Q,
    Subquery,
    Sum,
)
from django.db.models.functions import Coalesce

from scoring.models import ImportedRate, Player, Rate, Rating, Tournament
from scoring.ratings.chart import Chart, history_chart
from scoring.records.seeding import seeding_date

#: Age groups of the rating list, by the age on the list's date (where the date of birth is
#: known): juniors under 18 (ICF's junior events), seniors 50 and over (veterans).
JUNIOR_UNDER = 18
SENIOR_FROM = 50


@dataclass(frozen=True)
class ListRow:
    rank: int
    player: Player
    rate: float
    deviation: float
    volatility: float
    matches: int
    tournaments: int
    last_date: datetime.date


@dataclass(frozen=True)
class RatingList:
    rating: Rating
    date: datetime.date | None
    rows: list[ListRow]
    nations: list[str]
    last_date: datetime.date | None


#: How many rates of the outer rating SoL recorded (imported), as a subquery of a rating row.
_imported_count = (
    ImportedRate.objects.filter(rating=OuterRef("pk"))
    .values("rating")
    .annotate(n=Count("id"))
    .values("n")
)


def ratings() -> list[Rating]:
    """Every rating with its number of tournaments and of rated players, and of players with a
    rate as SoL recorded it (``imported_count``), and ``is_stored_only`` (:func:`stored_only`
    of the two counts)."""
    imported = (
        ImportedRate.objects.filter(rating=OuterRef("pk"))
        .values("rating")
        .annotate(n=Count("player", distinct=True))
        .values("n")
    )
    rows: list[Rating] = list(
        Rating.objects.annotate(
            tournament_count=Count("tournaments", distinct=True),
            player_count=Count("rates__player", distinct=True),
            last_date=Max("rates__date"),
            imported_count=Coalesce(Subquery(imported, output_field=IntegerField()), 0),
        ).order_by("name")
    )
    for row in rows:  # the index's column says so (templates/scoring/ratings/index.html)
        counts = getattr(row, "player_count", 0), getattr(row, "imported_count", 0)
        row.is_stored_only = stored_only(*counts)  # type: ignore[attr-defined]
    return rows


#: The last id and the sum of the outer rating's stored rates (with the count: an import adds
#: rows, an edit in the admin changes the sum), as subqueries of a rating row.
_imported_last = (
    ImportedRate.objects.filter(rating=OuterRef("pk"))
    .values("rating")
    .annotate(last=Max("id"))
    .values("last")
)
_imported_sum = (
    ImportedRate.objects.filter(rating=OuterRef("pk"))
    .values("rating")
    .annotate(total=Sum(F("rate") + F("deviation") + F("volatility")))
    .values("total")
)


def rating_validator(rating_id: int) -> tuple[Any, ...] | None:
    """What the rating's pages and API answer depend on, in one query: its parameters and the
    history's rows (a re-rating writes new rows: the last id moves)."""
    row = (
        Rating.objects.filter(pk=rating_id)
        .annotate(
            n=Count("rates"),
            last=Max("rates__id"),
            # a subquery, not a second join: the two joins would multiply each other's rows
            imported=Coalesce(Subquery(_imported_count, output_field=IntegerField()), 0),
            imported_last=Subquery(_imported_last, output_field=IntegerField()),
            imported_sum=Subquery(_imported_sum, output_field=FloatField()),
        )
        .values_list(
            "name",
            "level",
            "nation",
            "default_rate",
            "default_deviation",
            "default_volatility",
            "tau",
            "lower_rate",
            "higher_rate",
            "outcomes",
            "n",
            "last",
            "imported",
            "imported_last",
            "imported_sum",
        )
        .first()
    )
    return row


def ratings_validator() -> tuple[Any, ...]:
    """The ratings index's validator: every rating's row and the history's size."""
    return (
        tuple(Rating.objects.values_list("pk", "name", "level", "nation")),
        Rate.objects.aggregate(n=Count("id"), last=Max("id"), t=Count("tournament", distinct=True)),
        ImportedRate.objects.aggregate(
            n=Count("id"), last=Max("id"), total=Sum(F("rate") + F("deviation"))
        ),
    )


def _age(born: datetime.date, on: datetime.date) -> int:
    return on.year - born.year - ((on.month, on.day) < (born.month, born.day))


def _listed(player: Player, on: datetime.date, *, nation: str, women: bool, age: str) -> bool:
    """Whether the rating list's filters keep ``player`` (the sex and the date of birth only
    where known)."""
    if nation and player.nationality != nation:
        return False
    if women and player.sex != "F":
        return False
    if age == "juniors" and not (player.born and _age(player.born, on) < JUNIOR_UNDER):
        return False
    return not (age == "seniors" and not (player.born and _age(player.born, on) >= SENIOR_FROM))


def current_rates(
    rating: Rating, date: datetime.date | None = None
) -> dict[int, tuple[Rate, int, int]]:
    """Each player's last rate of the rating on ``date`` (None: today's, the last one), with
    his matches and tournaments counted up to it."""
    rows = Rate.objects.filter(rating=rating)
    if date is not None:
        rows = rows.filter(date__lte=date)
    latest: dict[int, tuple[Rate, int, int]] = {}
    for rate in rows.order_by("date", "tournament__start_date", "tournament_id"):
        _last, matches, tournaments = latest.get(rate.player_id, (rate, 0, 0))
        latest[rate.player_id] = (rate, matches + rate.matches, tournaments + 1)
    return latest


def rating_list(
    rating: Rating,
    *,
    date: datetime.date | None = None,
    nation: str = "",
    women: bool = False,
    age: str = "",
) -> RatingList:
    """The rating list as of ``date`` (best rate first; ties by fewer deviation, then name),
    filtered by nation, women (where the sex is known) and ``age`` (``juniors`` or
    ``seniors``, where the date of birth is known)."""
    latest = current_rates(rating, date)
    players = Player.objects.in_bulk(list(latest))
    nations = sorted({p.nationality for p in players.values() if p.nationality})
    on = date or datetime.date.today()
    kept = [
        (players[pid], rate, matches, tournaments)
        for pid, (rate, matches, tournaments) in latest.items()
        if _listed(players[pid], on, nation=nation, women=women, age=age)
    ]
    kept.sort(key=lambda r: (-r[1].rate, r[1].deviation, r[0].name, r[0].pk))
    rows = [
        ListRow(
            n, player, rate.rate, rate.deviation, rate.volatility, matches, tournaments, rate.date
        )
        for n, (player, rate, matches, tournaments) in enumerate(kept, start=1)
    ]
    last = max((r.date for r, _m, _t in latest.values()), default=None)
    return RatingList(rating, date, rows, nations, last)


@dataclass(frozen=True)
class HistoryPoint:
    tournament: Tournament
    date: datetime.date
    rate: float
    deviation: float
    volatility: float
    matches: int
    change: float | None


def player_history(rating: Rating, player: Player) -> list[HistoryPoint]:
    """The player's rate after each tournament of the rating, oldest first, with the change
    from the previous one."""
    out: list[HistoryPoint] = []
    previous: float | None = None
    for rate in (
        Rate.objects.filter(rating=rating, player=player)
        .select_related("tournament")
        .order_by("date", "tournament__start_date", "tournament_id")
    ):
        out.append(
            HistoryPoint(
                rate.tournament,
                rate.date,
                rate.rate,
                rate.deviation,
                rate.volatility,
                rate.matches,
                None if previous is None else rate.rate - previous,
            )
        )
        previous = rate.rate
    return out


def player_chart(history: list[HistoryPoint]) -> Chart:
    """The history as the SVG chart draws it (:func:`scoring.ratings.chart.history_chart`)."""
    return history_chart([(h.date, h.rate, h.deviation) for h in history])


def player_ratings(player: Player) -> list[tuple[Rating, Rate]]:
    """Every rating the player has a rate in, with his last rate."""
    out = []
    seen: set[int] = set()
    for rate in (
        Rate.objects.filter(player=player)
        .select_related("rating")
        .order_by("rating_id", "-date", "-tournament_id")
    ):
        if rate.rating_id not in seen:
            seen.add(rate.rating_id)
            out.append((rate.rating, rate))
    return out


def rated_players(rating: Rating) -> dict[int, list[Rate]]:
    """Every player's rates under the rating, oldest first (the API's history)."""
    out: dict[int, list[Rate]] = {}
    for rate in Rate.objects.filter(rating=rating).order_by(
        "player_id", "date", "tournament__start_date", "tournament_id"
    ):
        out.setdefault(rate.player_id, []).append(rate)
    return out


def tournaments_rated(rating: Rating) -> list[Tournament]:
    return list(
        Tournament.objects.filter(rating=rating)
        .order_by("end_date", "pk")
        .filter(Q(rates__rating=rating) | Q(rates__isnull=True))
        .distinct()
    )


def seeding_of(event: Any) -> tuple[Rating, datetime.date, datetime.date] | None:
    """The rating and date an event is seeded by, and the day of the rating list that holds
    those rates (the day before: the tournaments ended before the date), or None (the
    entries' own ratings)."""
    rating_id = (event.settings or {}).get("seed_rating")
    rating = Rating.objects.filter(pk=rating_id).first() if rating_id else None
    if rating is None:
        return None
    day = seeding_date(event)
    return rating, day, day - datetime.timedelta(days=1)


def tournaments_by_pk(pks: set[int]) -> dict[int, Tournament]:
    return {t.pk: t for t in Tournament.objects.filter(pk__in=pks)}


def imported_history(rating: Rating, player: Player) -> list[ImportedRate]:
    """The player's rates under ``rating`` as SoL recorded them in imported archives (kept
    beside this app's own history, never used by it), newest first."""
    return list(ImportedRate.objects.filter(rating=rating, player=player).order_by("-date", "-pk"))


def stored_only(rated: int, stored: int) -> bool:
    """Whether a rating is one of SoL's stored rates only: it rates no tournament here (not one
    rate of this app's history) and was imported with the rates SoL stored (``ImportedRate``).
    Its page and the API list those rates, marked as imported (:func:`imported_list`,
    :func:`imported_players`), and the API's index counts their players; a rating with rates
    of both kinds lists this app's (its stored ones are on each player's page), a rating with
    neither lists nothing. ``rated`` and ``stored``: how many of each the rating holds (rates
    or players; a flag is 0 or 1), from the index's counts (:func:`ratings`) or one rating's
    flags (:func:`rating_with_kind`)."""
    return not rated and stored > 0


def rating_with_kind(rating_id: int) -> tuple[Rating, bool] | None:
    """The rating and whether it is of SoL's stored rates only (:func:`stored_only`), in one
    query; None: no such rating."""
    row = (
        Rating.objects.filter(pk=rating_id)
        .annotate(
            rated=Exists(Rate.objects.filter(rating=OuterRef("pk"))),
            stored=Exists(ImportedRate.objects.filter(rating=OuterRef("pk"))),
        )
        .first()
    )
    return None if row is None else (row, stored_only(row.rated, row.stored))


@dataclass(frozen=True)
class ImportedRow:
    rank: int
    player: Player
    rate: ImportedRate


def imported_list(
    rating: Rating,
    *,
    date: datetime.date | None = None,
    nation: str = "",
    women: bool = False,
    age: str = "",
) -> tuple[list[ImportedRow], list[str]]:
    """The list of a rating of SoL's stored rates only (:func:`stored_only`): each player's
    last rate as SoL recorded it on ``date``, best first, with the same filters as
    :func:`rating_list`; and the nations of its players."""
    rows = ImportedRate.objects.filter(rating=rating).select_related("player")
    if date is not None:
        rows = rows.filter(date__lte=date)
    latest: dict[int, ImportedRate] = {}
    for rate in rows.order_by("date", "pk"):
        latest[rate.player_id] = rate
    on = date or datetime.date.today()
    nations = sorted({r.player.nationality for r in latest.values() if r.player.nationality})
    kept = sorted(
        (r for r in latest.values() if _listed(r.player, on, nation=nation, women=women, age=age)),
        key=lambda r: (-r.rate, r.deviation, r.player.name, r.player_id),
    )
    return [ImportedRow(n, r.player, r) for n, r in enumerate(kept, start=1)], nations


def imported_players(rating: Rating) -> dict[int, list[ImportedRate]]:
    """Every player's rates under ``rating`` as SoL recorded them (imported), oldest first:
    the API's players of a rating of SoL's stored rates only (:func:`stored_only`)."""
    out: dict[int, list[ImportedRate]] = {}
    for rate in ImportedRate.objects.filter(rating=rating).order_by("player_id", "date", "pk"):
        out.setdefault(rate.player_id, []).append(rate)
    return out
