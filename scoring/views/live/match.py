"""A match page (its polled part answers ``286`` once the match is over) and one board
replayed from its log."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django_htmx.http import HttpResponseStopPolling

from scoring.conditional import LiveRequest, conditional, fragment, no_store
from scoring.models import Match
from scoring.selectors import live as sel
from scoring.selectors.house_presets import rules_summary
from scoring.views.live.common import POLL, by_match, match_or_404


def _match_context(match: Match) -> dict[str, Any]:
    view = sel.match_view(match)
    return {
        "tournament": match.event.tournament,
        "match": match,
        "view": view,
        "poll": POLL["match"],
        "status_label": sel.STATUS_LABELS.get(match.status, ""),
        "round_label": sel.round_label(match.round, match.group),
    }


@login_not_required
@require_safe
@conditional("match-page", by_match, page=True)
def match_page(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    match = match_or_404(slug, match_id)
    context = _match_context(match) | {
        "rules": rules_summary(match.rules, match.event.tournament_id)
    }
    return render(request, "scoring/live/match.html", context)


def _not_found() -> HttpResponse:
    raise Http404(_("No such match in this tournament."))


def _over(value: Any) -> bool:
    return value[2] in sel.DONE


@login_not_required
@require_safe
@conditional("match-live", by_match, missing=_not_found, over=_over)
def match_live(request: LiveRequest, slug: str, match_id: int) -> HttpResponse:
    """The polled part of the match page. 304 while nothing changed; 286 once it is over."""
    if _over(request.live_value):
        response = render(
            request,
            "scoring/live/match.html#live",
            _match_context(match_or_404(slug, match_id)),
            status=HttpResponseStopPolling.status_code,
        )
        return no_store(response)
    # the same for every spectator of this revision: rendered once, so that a stroke costs
    # one render, not one per spectator
    html = fragment(
        request,
        "match-live",
        "scoring/live/match.html#live",
        lambda: _match_context(match_or_404(slug, match_id)),
    )
    return HttpResponse(html)


@login_not_required
@require_safe
@conditional("board-page", by_match, page=True)
def board_page(
    request: HttpRequest, slug: str, match_id: int, game: int, board: int
) -> HttpResponse:
    """One board replayed from its stroke log (or its quick entry)."""
    match = match_or_404(slug, match_id)
    view = sel.match_view(match, timeline=False, point_strokes=True)
    line = sel.find_board(view, game, board)
    if line is None:
        raise Http404(_("No such board."))
    timeline = None
    if line.has_log and view.snapshot.variant.stroke_stats:
        timeline = sel.board_timeline(
            match, line.row, sel.board_events(line.row), line.scores_before
        )
    return render(
        request,
        "scoring/live/board.html",
        {
            "tournament": match.event.tournament,
            "match": match,
            "view": view,
            "line": line,
            "game_number": game,
            "timeline": timeline,
            "names": sel.colour_names(match, line.breaker),
            "round_label": sel.round_label(match.round, match.group),
        },
    )
