"""A match page (its polled part answers ``286`` once the match is over) and one board
replayed from its log."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_not_required
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django_htmx.http import HttpResponseStopPolling

from scoring import conditional as early_answers
from scoring.models import Match
from scoring.selectors import live as sel
from scoring.selectors.house_presets import rules_summary
from scoring.views.live.common import POLL, by_match, match_or_404
from scoring.views.live.etags import (
    FRAGMENT_SECONDS,
    conditional,
    make_etag,
    no_store,
    not_modified,
    revalidate,
)


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


@login_not_required
@require_safe
def match_live(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    """The polled part of the match page. 304 while nothing changed; 286 once it is over."""
    value = sel.match_validator(match_id, slug)
    if value is None:
        raise Http404(_("No such match in this tournament."))
    over = value[2] in sel.DONE
    etag = make_etag("match-live", value)
    if not over and (answer := not_modified(request, etag)):
        return answer
    if over:
        match = match_or_404(slug, match_id)
        response = render(
            request,
            "scoring/live/match.html#live",
            _match_context(match),
            status=HttpResponseStopPolling.status_code,
        )
        return no_store(response)
    # the partial is the same for every spectator of this revision: render it once (per
    # process) and share it, so a stroke costs one render, not one per spectator
    key = f"live-partial:{request.get_full_path()}:{etag}"
    html = cache.get(key)
    if html is None:
        match = match_or_404(slug, match_id)
        html = render_to_string(
            "scoring/live/match.html#live", _match_context(match), request=request
        )
        cache.set(key, html, FRAGMENT_SECONDS)
    return revalidate(HttpResponse(html), etag)


def _match_live_early(request: HttpRequest, kwargs: dict[str, Any]) -> HttpResponse | None:
    value = sel.match_validator(kwargs["match_id"], kwargs["slug"])
    if value is None or value[2] in sel.DONE:  # over: the view answers 286
        return None
    return not_modified(request, make_etag("match-live", value))


early_answers.register(match_live, _match_live_early)


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
    if line.has_log and view.snapshot.variant.has_colours:
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
