"""Ratings' writes (issue 33): each rated tournament is one Glicko-2 rating period
(``scoring.ratings``); every participant's rate, deviation and volatility after it is kept as a
:class:`~scoring.models.Rate` row, the rating's history.

The history is rebuilt, never edited: :func:`rerate` deletes the rows from a tournament's date
on and rates those tournaments again in date order from the decided results
(``scoring.standings.results.decided_results``, the one decided result; byes and walkovers are
not played, so not rated). It runs after every change of a result: a match finished or
confirmed, a board corrected or a decision taken (the result flow calls
:func:`on_result_changed`, :mod:`scoring.services.results_flow`, after the commit), a
tournament put under a rating or taken out of it (:func:`set_tournament_rating`). A late
correction thus re-rates from that tournament's date on.
"""

from __future__ import annotations

import bisect
import collections
import datetime
import decimal
import logging
import math
from collections.abc import Hashable, Mapping
from typing import Any, cast

from django.db import transaction
from django.db.models import Exists, OuterRef, Q

from scoring import ratings as glicko
from scoring.models import Entry, Event, ImportedRate, Match, Rate, Rating, Round, Tournament
from scoring.services.tournaments.base import audit
from scoring.standings.placings import event_placings
from scoring.standings.results import decided_results

log = logging.getLogger("scoring.services.ratings")


def parameters(rating: Rating) -> glicko.Parameters:
    """The rating's Glicko-2 parameters as the pure module takes them."""
    return glicko.Parameters(
        rate=float(rating.default_rate),
        deviation=float(rating.default_deviation),
        volatility=float(rating.default_volatility),
        tau=float(rating.tau),
        lower_rate=None if rating.lower_rate is None else float(rating.lower_rate),
        higher_rate=None if rating.higher_rate is None else float(rating.higher_rate),
        outcome=rating.outcomes,
    )


def rated_tournaments(rating: Rating, *, since: datetime.date | None = None) -> list[Tournament]:
    """The rating's tournaments in rating order (last day, first day, id), from ``since``."""
    rows = Tournament.objects.filter(rating=rating)
    if since is not None:
        rows = rows.filter(end_date__gte=since)
    return list(rows.order_by("end_date", "start_date", "pk"))


def rates_before(rating: Rating, *, date: datetime.date) -> dict[int, glicko.Rate]:
    """Each player's last rate of the rating's tournaments ended before ``date``."""
    latest: dict[int, glicko.Rate] = {}
    for player, rate, deviation, volatility in (
        Rate.objects.filter(rating=rating, date__lt=date)
        .order_by("date", "tournament__start_date", "tournament_id")
        .values_list("player_id", "rate", "deviation", "volatility")
    ):
        latest[player] = glicko.Rate(rate, deviation, volatility)
    return latest


def rated_events(tournament: Tournament, *, scope: str = Rating.Scope.EVERY_EVENT) -> list[Event]:
    """The tournament's events a rating of ``scope`` rates (``Rating.scope``, docs/RATINGS.md
    "What is rated"): every event; its singles events; or, as SoL 5.26 rates ("only singles
    using the Swiss system"), its singles Swiss events once finished (their final rounds not
    rated, as SoL: :func:`tournament_matches`)."""
    events = Event.objects.filter(tournament=tournament)
    if scope != Rating.Scope.EVERY_EVENT:
        events = events.filter(kind=Event.Kind.SINGLES)
    if scope == Rating.Scope.SWISS_SINGLES:
        # SoL rates a tourney at its prize-giving (observed: a tourney whose prizes are not
        # given is not rated): a finished event, or one whose prizes SoL gave though a final
        # match was never played (SoL's 2018 archive: "Młodzieżowy Turniej Carrom" 2015, rated
        # by SoL without its final rounds)
        prized = Entry.objects.filter(event=OuterRef("pk"), prize__isnull=False)
        events = events.filter(
            Q(status=Event.Status.FINISHED) | Q(Exists(prized)), format=Event.Format.SWISS
        )
    return list(events.order_by("pk"))


#: The rating levels, the highest first (SoL's 1 to 4).
LEVELS = (
    Rating.Level.INTERNATIONAL,
    Rating.Level.NATIONAL,
    Rating.Level.REGIONAL,
    Rating.Level.CLUB,
)


def higher_ratings(rating: Rating) -> list[int]:
    """The ratings an inheriting rating takes a player's first rate from: those of a higher
    level than its own (SoL's ``inherit``: "whether to lookup rates in higher levels
    ratings"); none when it does not inherit."""
    if not rating.inherit or rating.level not in LEVELS:
        return []
    above = LEVELS[: LEVELS.index(rating.level)]
    return list(Rating.objects.filter(level__in=above).values_list("pk", flat=True))


def inheriting_ratings(rating: Rating) -> list[Rating]:
    """The inheriting ratings of a lower level than ``rating``: its rates are their new
    players' first rates, so they are re-rated after it."""
    if rating.level not in LEVELS:
        return []
    below = LEVELS[LEVELS.index(rating.level) + 1 :]
    found = Rating.objects.filter(inherit=True, level__in=below)
    return sorted(found, key=lambda r: (LEVELS.index(r.level), r.pk))


class Inherited:
    """The rates of the ratings an inheriting rating looks up (:func:`higher_ratings`), by
    player in date order: a player new to the rating starts from his latest of them dated
    before the tournament (his rate, deviation and volatility), as SoL starts him: rate and
    deviation as whole numbers, truncated, as SoL stores them (its 2018 archive: "CZ rating",
    "GB Rating", "FR rating" and "Kr Rating" agree with SoL for every player so, 71 of 84,
    111 of 123, 41 of 47 and 0 of 14 with the unrounded rates). A higher rating that rates no
    tournament here gives SoL's stored rates imported with it (``ImportedRate``); of two
    rates of the same day, the rating made first gives it (SoL 5.26, observed on a crafted
    pair of ratings made in either order; its 2018 archive: "PSC Torun" and "PSC U18 rating
    (old)" start players from "Polish Open Championship Brzeg", a rating of stored rates
    only, rather than from "Brzeg rating"'s rates of the same day)."""

    def __init__(self, ratings: list[int]) -> None:
        rows: list[tuple[tuple[Any, ...], int, glicko.Rate]] = []
        for (
            rating,
            player,
            day,
            rate,
            deviation,
            volatility,
            first_day,
            tournament,
        ) in Rate.objects.filter(rating_id__in=ratings).values_list(
            "rating_id",
            "player_id",
            "date",
            "rate",
            "deviation",
            "volatility",
            "tournament__start_date",
            "tournament_id",
        ):
            key = (day, -rating, first_day, tournament)
            rows.append((key, player, glicko.Rate(rate, deviation, volatility)))
        stored_only = [pk for pk in ratings if not Tournament.objects.filter(rating_id=pk).exists()]
        for rating, player, day, rate, deviation, volatility, pk in ImportedRate.objects.filter(
            rating_id__in=stored_only
        ).values_list("rating_id", "player_id", "date", "rate", "deviation", "volatility", "pk"):
            key = (day, -rating, datetime.date.min, pk)
            rows.append((key, player, glicko.Rate(rate, deviation, volatility)))
        rows.sort(key=lambda row: row[0])
        self.days: dict[int, list[datetime.date]] = {}
        self.rates: dict[int, list[glicko.Rate]] = {}
        for key, player, found in rows:
            self.days.setdefault(player, []).append(key[0])
            # as SoL reads another rating's rates: rate and deviation whole numbers, the
            # volatility to five decimals (each truncated, as it stores them)
            whole = glicko.Rate(
                math.trunc(found.rate),
                math.trunc(found.deviation),
                stored_volatility(found.volatility),
            )
            self.rates.setdefault(player, []).append(whole)

    def before(self, player: int, day: datetime.date) -> glicko.Rate | None:
        """The player's latest inherited rate dated before ``day``, or None."""
        days = self.days.get(player)
        if not days:
            return None
        position = bisect.bisect_left(days, day)
        return self.rates[player][position - 1] if position else None


def stored_volatility(volatility: float) -> float:
    """A volatility as SoL 5.26 stores it and reads it back: five decimals, truncated (0.0599986
    is read as 0.05999; observed by logging the volatility SoL's recomputation hands its
    Glicko-2 step for a player it inherits from a higher rating, its 2018 archive)."""
    return float(
        decimal.Decimal(repr(float(volatility))).quantize(
            decimal.Decimal("0.00001"), rounding=decimal.ROUND_DOWN
        )
    )


def tournament_matches(
    tournament: Tournament, *, scope: str = Rating.Scope.EVERY_EVENT
) -> tuple[list[glicko.Played], dict[int, int]]:
    """A tournament's played matches (players on each side, points, winner) from the decided
    results of the events a rating of ``scope`` rates (:func:`rated_events`), and each
    player's place in it (his best place over those events, for a new player's initial rate).
    Byes, walkovers and three-player point carrom are not rated: no two sides played."""
    played: list[glicko.Played] = []
    places: dict[int, int] = {}
    events = rated_events(tournament, scope=scope)
    for event in events:
        if Match.objects.filter(event=event, entry_c__isnull=False).exists():
            continue
        sides = {
            pk: (player,) if partner is None else (player, partner)
            for pk, player, partner in Entry.objects.filter(event=event).values_list(
                "pk", "player_id", "partner_id"
            )
        }
        # SoL rates a Swiss tourney's rounds, not its final rounds (observed)
        skipped = (Round.Bracket.FINAL,) if scope == Rating.Scope.SWISS_SINGLES else ()
        results, _confirmed, _last = decided_results(event, exclude_brackets=skipped)
        absent = scoreless(results) if scope == Rating.Scope.SWISS_SINGLES else set()
        any_played = False
        for r in results:
            if r.b is None or r.walkover or r.a not in sides or r.b not in sides:
                continue
            if r.a in absent or r.b in absent:
                continue
            winner = "a" if r.winner == r.a else "b" if r.winner == r.b else None
            played.append(glicko.Played(sides[r.a], sides[r.b], r.points_a, r.points_b, winner))
            any_played = True
        if any_played:
            ranked = sorted(
                (placing.place, placing.entry.pk)
                # a Swiss event rated though a final was never played: its table as it stands
                # at the prize-giving (SoL starts its new players from that ranking); a SoL
                # tourney by its results, its stored prize-giving set aside (SoL 5.26 ranks a
                # tourney again before it rates it: "Odm1-2014" of its 2018 archive, whose
                # stored 1st and 2nd it swaps; docs/RATINGS.md, session 18)
                for placing in event_placings(
                    event, prizes=False, as_it_stands=event.status != Event.Status.FINISHED
                )
                if placing.place is not None and placing.entry.pk not in absent
            )
            closed = _closed_up(ranked) if absent else {entry: place for place, entry in ranked}
            for entry, place in closed.items():
                for player in sides.get(entry, ()):
                    places[player] = min(places.get(player, place), place)
    return played, places


def scoreless(results: list[Any]) -> set[int]:
    """The entries that lost every match of the event 0-25 (no bye, no point scored): SoL
    5.26 rates neither them nor their opponents' games against them, and ranks the field
    without them for the new players' start (observed on a crafted tourney, and on its 2018
    archive: the players who retired after losing their only match 0-25 have no rate there,
    while a player who lost six matches 0-11 to 0-25 is rated). The decided results of one
    event."""
    forfeit: dict[int, bool] = {}
    for r in results:
        if r.walkover:
            continue
        if r.b is None:
            forfeit[r.a] = False
            continue
        forfeit[r.a] = forfeit.get(r.a, True) and r.points_a <= 0 and r.points_b >= 25
        forfeit[r.b] = forfeit.get(r.b, True) and r.points_b <= 0 and r.points_a >= 25
    return {entry for entry, lost_all in forfeit.items() if lost_all}


def _closed_up(ranked: list[tuple[int, int]]) -> dict[int, int]:
    """``(place, entry)`` pairs sorted by place, some entries left out: each entry's place
    among those left (tied entries keep one place)."""
    out: dict[int, int] = {}
    for position, (place, entry) in enumerate(ranked):
        tied = position and place == ranked[position - 1][0]
        out[entry] = out[ranked[position - 1][1]] if tied else position + 1
    return out


def _rate_one(
    rating: Rating,
    tournament: Tournament,
    params: glicko.Parameters,
    current: dict[int, glicko.Rate],
    inherited: Inherited | None = None,
) -> list[Rate]:
    played, places = tournament_matches(tournament, scope=rating.scope)
    if not played:
        return []
    # a placed player with a rate whose only match was a bye counts for the new players'
    # line (SoL 5.26), without a period of his own: his inherited rate is not kept
    players = {key for m in played for key in (*m.side_a, *m.side_b)}
    byes = set(
        Match.objects.filter(
            event__in=rated_events(tournament, scope=rating.scope), bye=True
        ).values_list("entry_a__player_id", flat=True)
    ) & (set(places) - players)
    idle: dict[int, glicko.Rate] = {}
    if inherited is not None:
        for player in players | byes:
            assert isinstance(player, int)
            if player not in current:
                found = inherited.before(player, tournament.end_date)
                if found is not None:
                    (current if player in players else idle)[player] = found
    rated = glicko.rate_period(
        cast(Mapping[Hashable, glicko.Rate], collections.ChainMap(current, idle)),
        played,
        params,
        cast(Mapping[Hashable, int], places),
        line_also=cast(set[Hashable], byes),
    )
    rows = []
    for player, result in rated.items():
        assert isinstance(player, int)
        # SoL's recomputation carries the computed rate, below the floor (period.FLOOR)
        current[player] = result.carried
        rows.append(
            Rate(
                rating=rating,
                player_id=player,
                tournament=tournament,
                date=tournament.end_date,
                rate=result.rate.rate,
                deviation=result.rate.deviation,
                volatility=result.rate.volatility,
                matches=result.matches,
            )
        )
    return rows


def rerate(rating: Rating, *, since: datetime.date | None = None, cascade: bool = True) -> int:
    """Rebuild the rating's history from ``since`` (every tournament ended on or after it;
    None: all) and return how many rates were written. One transaction, the rating's row
    locked so two re-ratings do not interleave. With ``cascade``, the inheriting ratings
    below it (:func:`inheriting_ratings`) are re-rated after it from ``since`` too: its rates
    are their new players' first rates."""
    written = _rerate(rating, since=since)
    if cascade:
        for lower in inheriting_ratings(rating):
            written += _rerate(lower, since=since)
    return written


def _rerate(rating: Rating, *, since: datetime.date | None) -> int:
    with transaction.atomic():
        rating = Rating.objects.select_for_update().get(pk=rating.pk)
        tournaments = rated_tournaments(rating, since=since)
        start = since if since is not None else datetime.date.min
        stale = Rate.objects.filter(rating=rating)
        if since is not None:
            stale = stale.filter(Q(date__gte=since) | Q(tournament__in=tournaments))
        stale.delete()
        Rate.objects.filter(rating=rating).exclude(tournament__rating=rating).delete()
        params = parameters(rating)
        current = rates_before(rating, date=start)
        above = higher_ratings(rating)
        inherited = Inherited(above) if above else None
        rows: list[Rate] = []
        for tournament in tournaments:
            rows.extend(_rate_one(rating, tournament, params, current, inherited))
        Rate.objects.bulk_create(rows, batch_size=500)
        return len(rows)


def rerate_tournament(tournament: Tournament | int) -> int:
    """Re-rate the tournament's rating from the tournament's date on (its results changed);
    0 when it is not rated."""
    row = (
        Tournament.objects.filter(
            pk=tournament.pk if isinstance(tournament, Tournament) else tournament
        )
        .select_related("rating")
        .first()
    )
    if row is None or row.rating is None:
        return 0
    return rerate(row.rating, since=row.end_date)


def set_tournament_rating(*, tournament: Tournament, rating: Rating | None, actor: Any) -> None:
    """Put the tournament under ``rating`` (None: not rated) and re-rate what changed: the
    old rating and the new one, from the tournament's date on. Audited."""
    with transaction.atomic():
        row = Tournament.objects.select_for_update().get(pk=tournament.pk)
        old = row.rating
        if (old.pk if old else None) == (rating.pk if rating else None):
            return
        row.rating = rating
        row.save(update_fields=["rating"])
        tournament.rating = rating
        audit(
            row,
            actor=actor,
            action="tournament.rating",
            detail={"from": old.pk if old else None, "to": rating.pk if rating else None},
        )
        for changed in (old, rating):
            if changed is not None:
                rerate(changed, since=row.end_date)


def on_result_changed(*, match: Match) -> None:
    """A decided result changed (a match finished, corrected, reopened or decided: the result
    flow's ``result_changed``; a walkover's confirmation): re-rate the match's tournament's
    rating from its date on, once per change. The result is saved either way; a failure is
    logged and the next change (or ``rerate``) rebuilds the history."""
    try:
        tournament_id = (
            Event.objects.filter(pk=match.event_id).values_list("tournament_id", flat=True).first()
        )
        if tournament_id is not None:
            rerate_tournament(tournament_id)
    except Exception:
        log.exception("re-rating failed after match %s", match.pk)
