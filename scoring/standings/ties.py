"""A team event's ties read through the one decided-result definition (issue 34).

A tie's result is never stored: it is :func:`scoring.draws.ties.tie_result` over its rubbers'
decided results, each read as :func:`scoring.standings.results.result_of` reads any match (a
rubber IS a match between the two teams' entries: played, walkover, double walkover, drawn by
a time limit, corrected, all as for any match). The event's tie format is
``Event.settings["tie_format"]``: a built-in key (``sds``, ``4s1d``) or an organiser's own
format ``t-<id>`` (:class:`scoring.models.TieFormat`).
"""

from __future__ import annotations

from collections.abc import Iterable

from scoring.draws.ties import (
    BUILT_IN,
    TieFormat,
    TieFormatError,
    TieResult,
    TieWalkover,
    tie_result,
)
from scoring.models import Event, Match, Rubber, Tie, Tournament
from scoring.models import TieFormat as TieFormatRow
from scoring.standings.results import RESULT_COLUMNS, TOTAL_COLUMNS, result_of

# A stored tie's walkover as the pure tie result takes it ("": none).
WALKOVERS: dict[str, TieWalkover] = {"a": "a", "b": "b", "both": "both"}

#: The tie format of a team event that names none.
DEFAULT_FORMAT = "sds"


def formats_of(tournament: Tournament) -> dict[str, TieFormat]:
    """Every tie format a tournament's team events may use, by key: the built-in ones, then
    the organiser's own (in name order)."""
    out = dict(BUILT_IN)
    for row in TieFormatRow.objects.filter(tournament=tournament).order_by("name", "pk"):
        out[row.key] = row.as_format()
    return out


def format_by_key(tournament: Tournament, key: str) -> TieFormat:
    """The format ``key`` names for ``tournament``.

    :raises TieFormatError: ``tie_format_unknown`` for a key the tournament does not have.
    """
    if key in BUILT_IN:
        return BUILT_IN[key]
    if key.startswith("t-") and key[2:].isdigit():
        row = TieFormatRow.objects.filter(tournament=tournament, pk=int(key[2:])).first()
        if row is not None:
            return row.as_format()
    raise TieFormatError("tie_format_unknown", key=key)


def tie_format_for(event: Event) -> TieFormat:
    """The event's tie format (``settings["tie_format"]``, S-D-S when it names none)."""
    key = str((event.settings or {}).get("tie_format") or DEFAULT_FORMAT)
    return format_by_key(event.tournament, key)


def tie_results(ties: Iterable[Tie]) -> dict[int, TieResult]:
    """Each tie's result (by tie id) from its rubbers, in two queries: the ties' matches
    (the two team entries) and their rubbers' match rows."""
    ties = list(ties)
    if not ties:
        return {}
    entries = {
        pk: (a, b)
        for pk, a, b in Match.objects.filter(pk__in=[t.match_id for t in ties]).values_list(
            "pk", "entry_a_id", "entry_b_id"
        )
    }
    rows: dict[int, dict[int, tuple[object, ...]]] = {}
    columns = [f"match__{c}" for c in (*RESULT_COLUMNS, *TOTAL_COLUMNS)]
    for tie_id, number, *row in Rubber.objects.filter(
        tie__in=ties, match__isnull=False
    ).values_list("tie_id", "number", *columns):
        rows.setdefault(tie_id, {})[number] = tuple(row)
    out = {}
    width = len(RESULT_COLUMNS)
    for tie in ties:
        fmt = tie.tie_format()
        a, b = entries[tie.match_id]
        mine = rows.get(tie.pk, {})
        results = []
        for number in range(1, len(fmt.rubbers) + 1):
            row = mine.get(number)
            results.append(None if row is None else result_of(row[:width], row[width:]))
        out[tie.pk] = tie_result(fmt, a, b, results, WALKOVERS.get(tie.walkover))
    return out


def tie_result_of(tie: Tie) -> TieResult:
    """One tie's result (:func:`tie_results`)."""
    return tie_results([tie])[tie.pk]
