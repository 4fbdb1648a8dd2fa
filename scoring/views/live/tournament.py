"""The tournament's home page and its polled part, and the CSV of every decided match."""

from __future__ import annotations

import csv
from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_safe

from scoring.selectors import live as sel
from scoring.selectors.live.results import decided_matches
from scoring.views.live.common import POLL, by_tournament, page_and_part, tournament_or_404


def _home_context(request: HttpRequest, slug: str) -> dict[str, Any]:
    tournament = tournament_or_404(slug)
    return {
        "tournament": tournament,
        "overview": sel.tournament_overview(tournament),
        "poll": POLL["tournament"],
    }


def _now_max_age() -> float:
    """The "now" part changes with every stroke at every table and is polled every 10 s: a
    copy up to ``LIVE_NOW_MAX_STALE_SECONDS`` old is served unasked (issue 16)."""
    return settings.LIVE_NOW_MAX_STALE_SECONDS


#: the home page, and its polled part: tables, call-ups, recent results
tournament_home, tournament_now = page_and_part(
    ("tournament_home", "tournament_now"),
    ("tournament-page", "tournament-now"),
    by_tournament,
    "scoring/live/tournament.html",
    "now",
    _home_context,
    part_max_age=_now_max_age,
)


def _cell(value: Any) -> Any:
    """A text cell that a spreadsheet will not run as a formula (CSV injection)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


@login_not_required
@require_safe
def results_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """Every decided match of the tournament as CSV (UTF-8, one row per match)."""
    tournament = tournament_or_404(slug)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-results.csv"'
    writer = csv.writer(response)
    writer.writerow(
        [
            "event",
            "round",
            "group",
            "match",
            "table",
            "entry_a",
            "entry_b",
            "games_a",
            "games_b",
            "game_scores",
            "winner",
            "walkover",
            "bye",
            "status",
            "finished_at",
            "match_id",
            "entry_a_id",
            "entry_b_id",
        ]
    )
    for match in decided_matches(tournament):
        games = sorted(match.games.all(), key=lambda g: g.number)
        won = match.games_won or {}
        writer.writerow(
            [
                _cell(value)
                for value in (
                    match.event.name,
                    sel.round_label(match.round),
                    match.group,
                    match.number,
                    match.table.number if match.table else "",
                    match.entry_a.name if match.entry_a else "",
                    match.entry_b.name if match.entry_b else "",
                    won.get("a", 0),
                    won.get("b", 0),
                    " ".join(f"{g.scores.get('a', 0)}-{g.scores.get('b', 0)}" for g in games),
                    sel.side_label(match, match.winner_side) if match.winner_side else "",
                    int(match.walkover),
                    int(match.bye),
                    sel.api_status(match.status),
                    timezone.localtime(match.finished_at).isoformat() if match.finished_at else "",
                    match.pk,
                    match.entry_a_id or "",
                    match.entry_b_id or "",
                )
            ]
        )
    return response
