"""SoL's ratings in and out (issue 33): a tourney's rating becomes a :class:`Rating` of the
same description with SoL's parameters, the tournament is rated under it, and the rating's
history is recomputed by this app (``scoring.services.ratings``) from the imported matches
once the import is done — never copied from SoL's stored rates. The export writes a
tournament's rating back in SoL's shape (:func:`sol_rating`)."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from decimal import Decimal, InvalidOperation
from typing import Any

from scoring.models import Rating, Tournament
from scoring.services.sol.reading import SolError
from scoring.services.sol.reading import date_of as reading_date
from scoring.services.sol.reading import number_of as whole_number

#: SoL's rating levels ("0" a historical, imported rating) → this app's levels, and back.
LEVELS = {
    "0": Rating.Level.INTERNATIONAL,
    "1": Rating.Level.INTERNATIONAL,
    "2": Rating.Level.NATIONAL,
    "3": Rating.Level.REGIONAL,
    "4": Rating.Level.CLUB,
}
SOL_LEVELS: dict[str, str] = {
    Rating.Level.INTERNATIONAL: "1",
    Rating.Level.NATIONAL: "2",
    Rating.Level.REGIONAL: "3",
    Rating.Level.CLUB: "4",
}
#: SoL's outcome formulas ("glicko": the standard scores) → this app's, and back.
OUTCOMES = {
    "glicko": Rating.Outcome.STANDARD,
    "glicko2": Rating.Outcome.STANDARD,
    "guido": Rating.Outcome.GUIDO,
}


def _number(value: Any, low: float, high: float) -> float | None:
    try:
        number = float(Decimal(str(value)))
    except (InvalidOperation, ValueError, TypeError):
        return None
    return number if low <= number <= high else None


def rating_for(lists: dict[str, Any], *, tourney: dict[str, Any]) -> Rating | None:
    """The tourney's SoL rating as a :class:`Rating` (found by its description, else made
    with SoL's parameters; a value out of range keeps the default), or None."""
    ratings = lists.get("ratings") or []
    position = tourney.get("rating")
    if not isinstance(position, int) or not 1 <= position <= len(ratings):
        return None
    row = ratings[position - 1]
    if not isinstance(row, dict):
        return None
    name = str(row.get("description") or "").strip()[:120] or f"SoL rating {position}"
    found = Rating.objects.filter(name=name).first()
    if found is not None:
        return found
    fields: dict[str, Any] = {
        "level": LEVELS.get(str(row.get("level") or ""), Rating.Level.NATIONAL),
        "outcomes": OUTCOMES.get(str(row.get("outcomes") or ""), Rating.Outcome.GUIDO),
        # SoL rates its singles Swiss tourneys only: a rating made by the import does the same
        # (docs/RATINGS.md, "What is rated"), and inherits where SoL's rating did
        "scope": Rating.Scope.SWISS_SINGLES,
        "inherit": row.get("inherit") is True,
    }
    for key, low, high in (
        ("default_rate", 1, 3000),
        ("default_deviation", 1, 500),
        ("default_volatility", 0.00001, 1),
        ("tau", 0.01, 2),
    ):
        value = _number(row.get(key), low, high)
        if value is not None:
            fields[key] = int(value) if key in ("default_rate", "default_deviation") else value
    lower = _number(row.get("lower_rate"), 0, 3000)
    higher = _number(row.get("higher_rate"), 0, 3000)
    if lower is not None and higher is not None and lower <= higher:
        fields["lower_rate"], fields["higher_rate"] = int(lower), int(higher)
    return Rating.objects.create(name=name, **fields)


def import_ratings(lists: dict[str, Any], *, tourneys: Iterable[Any]) -> list[Rating]:
    """Every rating of the archive that one of its tourneys or championships is rated under or
    that holds SoL's stored rates, found or made (:func:`rating_for`) in the archive's order,
    SoL's ids: a rating of stored rates only (no tourney of it in the file) comes along with
    its rates (:func:`keep_sol_rates`), and an inheriting rating starts its new players from
    them (``services.ratings.Inherited``), as SoL does; of two higher ratings with a rate of
    the same day, SoL takes the one made first (observed: SoL 5.26 on a crafted rating of each
    order; its 2018 archive: "PSC Torun" and "PSC U18 rating (old)" take "Polish Open
    Championship Brzeg"'s stored rates, tests/ratings/test_sol_archive_rules.py)."""
    used: set[int] = set()
    for row in (*(lists.get("rates") or []), *(lists.get("championships") or []), *tourneys):
        if isinstance(row, dict) and isinstance(row.get("rating"), int):
            used.add(row["rating"])
    found = (rating_for(lists, tourney={"rating": position}) for position in sorted(used))
    return [rating for rating in found if rating is not None]


def rerate_imported(tournaments: Iterable[Tournament]) -> None:
    """Rebuild the history of every rating the imported tournaments are rated under, once
    per rating, from the earliest of them on."""
    from scoring.services.ratings import LEVELS as ORDER
    from scoring.services.ratings import inheriting_ratings, rerate

    since: dict[int, datetime.date] = {}
    ratings: dict[int, Rating] = {}
    for t in Tournament.objects.filter(
        pk__in=[t.pk for t in tournaments], rating__isnull=False
    ).select_related("rating"):
        if t.rating is None:  # not met: filtered on a rating
            continue
        ratings[t.rating.pk] = t.rating
        since[t.rating.pk] = min(since.get(t.rating.pk, t.end_date), t.end_date)
    # the higher levels first: an inheriting rating starts its new players from their rates
    for pk, rating in sorted(ratings.items(), key=lambda item: ORDER.index(item[1].level)):
        rerate(rating, since=since[pk], cascade=False)
    # and the inheriting ratings below them that the archive did not touch
    below: dict[int, tuple[Rating, datetime.date]] = {}
    for pk, rating in ratings.items():
        for lower in inheriting_ratings(rating):
            if lower.pk not in ratings:
                day = min(below[lower.pk][1], since[pk]) if lower.pk in below else since[pk]
                below[lower.pk] = (lower, day)
    for lower, day in sorted(below.values(), key=lambda item: ORDER.index(item[0].level)):
        rerate(lower, since=day, cascade=False)


def sol_rating(rating: Rating) -> dict[str, Any]:
    """A rating in SoL's shape (its ``ratings`` list's rows)."""
    return {
        "description": rating.name,
        "level": SOL_LEVELS.get(rating.level, "2"),
        "tau": str(rating.tau),
        "default_rate": rating.default_rate,
        "default_deviation": rating.default_deviation,
        "default_volatility": str(rating.default_volatility),
        "lower_rate": rating.lower_rate if rating.lower_rate is not None else 0,
        "higher_rate": rating.higher_rate if rating.higher_rate is not None else 0,
        "outcomes": "glicko" if rating.outcomes == Rating.Outcome.STANDARD else "guido",
        "inherit": rating.inherit,
    }


def keep_sol_rates(lists: dict[str, Any]) -> int:
    """Keep SoL's own stored rates of an imported archive as :class:`ImportedRate` rows (as
    SoL recorded them, shown as imported; this app's history is recomputed beside them, never
    from them): each rate of a rating this app has (by its description) of a player imported
    from the archive (by SoL's guid, or SoL's name key when it has none). Returns how many
    were added; a rate kept before adds nothing."""
    from scoring.models import ExternalRecord, ImportedRate

    ratings = lists.get("ratings") or []
    players = lists.get("players") or []
    by_name = {r.name: r for r in Rating.objects.all()}
    rating_at: dict[int, Rating] = {}
    for position, row in enumerate(ratings, 1):
        if isinstance(row, dict):
            found = by_name.get(str(row.get("description") or "").strip()[:120])
            if found is not None:
                rating_at[position] = found
    keys: dict[int, str] = {}
    for position, row in enumerate(players, 1):
        if isinstance(row, dict):
            keys[position] = _sol_key(row)
    player_of = dict(
        ExternalRecord.objects.filter(
            source="sol", kind="player", key__in=set(keys.values())
        ).values_list("key", "player_id")
    )
    rows: list[ImportedRate] = []
    for rate in lists.get("rates") or []:
        if not isinstance(rate, dict):
            continue
        rating = rating_at.get(rate.get("rating"))  # type: ignore[arg-type]
        player = player_of.get(keys.get(rate.get("player"), ""))  # type: ignore[arg-type]
        value = _number(rate.get("rate"), 0, 4000)
        deviation = _number(rate.get("deviation"), 0, 1000)
        volatility = _number(rate.get("volatility"), 0, 10)
        try:
            day = datetime.date.fromisoformat(str(rate.get("date")))
        except ValueError:
            continue
        if rating is None or player is None or value is None:
            continue
        if deviation is None or volatility is None:
            continue
        rows.append(
            ImportedRate(
                rating=rating,
                player_id=player,
                date=day,
                rate=value,
                deviation=deviation,
                volatility=volatility,
            )
        )
    before = ImportedRate.objects.count()
    ImportedRate.objects.bulk_create(rows, batch_size=500, ignore_conflicts=True)
    return ImportedRate.objects.count() - before


def _sol_key(splayer: dict[str, Any]) -> str:
    """SoL's key of a player as the import records it: the guid, else the names."""
    guid = str(splayer.get("guid") or "").strip()
    if guid:
        return guid
    parts = [
        str(splayer.get(k) or "").strip().casefold() for k in ("lastname", "firstname", "nickname")
    ]
    return "name:" + "|".join(parts)


def entry_rates(
    lists: dict[str, Any], *, tourney: dict[str, Any], day: datetime.date
) -> Callable[[list[Any]], int | None]:
    """A competitor's rate as SoL ranks by it (the last tie-break): with the tourney's rating,
    the sum of its players' rates, each the player's latest rate in that rating dated before
    the tourney (or in a rating of a lower level, when the rating inherits them), else the
    rating's default rate; without a rating, none."""
    ratings = lists.get("ratings") or []
    position = tourney.get("rating")
    if (
        not isinstance(position, int)
        or not 1 <= position <= len(ratings)
        or not isinstance(ratings[position - 1], dict)
    ):
        return lambda members: None
    rating = ratings[position - 1]
    level = str(rating.get("level") or "0")
    counted = {position}
    if level > "0" and rating.get("inherit"):
        counted |= {
            n
            for n, r in enumerate(ratings, 1)
            if isinstance(r, dict) and str(r.get("level") or "0") < level
        }
    latest: dict[Any, tuple[datetime.date, int]] = {}
    for rate in lists.get("rates") or []:
        if not isinstance(rate, dict) or rate.get("rating") not in counted:
            continue
        value = whole_number(rate.get("rate"))
        try:
            when = reading_date(rate.get("date"), what="a rate")
        except SolError:
            continue
        player = rate.get("player")
        if value is None or when >= day or not isinstance(player, int):
            continue
        if player not in latest or when > latest[player][0]:
            latest[player] = (when, value)
    default = whole_number(rating.get("default_rate")) or 0

    def rate_of(members: list[Any]) -> int | None:
        return sum(latest[p][1] if p in latest else default for p in members)

    return rate_of
