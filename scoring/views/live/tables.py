"""A table's page (the QR code on the table label) and the stream overlay of a table."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from scoring.conditional import conditional, no_store
from scoring.models import Match, Tournament
from scoring.selectors import live as sel
from scoring.selectors.live import lookups
from scoring.views.live.common import POLL, by_table, tournament_or_404


@login_not_required
@require_safe
def live_table(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The page a table label's QR code opens: the match playing (or called) at the table;
    otherwise the table's last result and next match, updating itself. Never cached, so a
    scan never shows a previous match (SoL 5.16)."""
    tournament = tournament_or_404(slug)
    current = sel.table_current(tournament, number)
    if current is not None and current.status in sel.LIVE:
        return no_store(
            HttpResponseRedirect(
                reverse("scoring:live-match", kwargs={"slug": slug, "match_id": current.pk})
            )
        )
    return no_store(
        render(request, "scoring/live/table.html", _table_context(tournament, number, current))
    )


def _table_context(tournament: Tournament, number: int, current: Match | None) -> dict[str, Any]:
    table = lookups.table_at(tournament, number)
    view = sel.match_view(current, timeline=False) if current is not None else None
    return {
        "tournament": tournament,
        "number": number,
        "table": table,
        "current": current,
        "view": view,
        "next": sel.table_next(tournament, number),
        "poll": POLL["table"],
        "redirect": (
            reverse("scoring:live-match", kwargs={"slug": tournament.slug, "match_id": current.pk})
            if current is not None and current.status in sel.LIVE
            else ""
        ),
    }


@login_not_required
@require_safe
@conditional("table-status", by_table)
def table_status(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = tournament_or_404(slug)
    current = sel.table_current(tournament, number)
    return render(
        request, "scoring/live/table.html#status", _table_context(tournament, number, current)
    )


@login_not_required
@require_safe
def overlay(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A minimal transparent page for OBS: the current board score of one table."""
    tournament = tournament_or_404(slug)
    current = sel.table_current(tournament, number)
    return render(
        request, "scoring/live/overlay.html", _overlay_context(tournament, number, current)
    )


def _overlay_context(tournament: Tournament, number: int, current: Match | None) -> dict[str, Any]:
    return {
        "tournament": tournament,
        "number": number,
        "current": current,
        "view": sel.match_view(current, timeline=False) if current is not None else None,
        "poll": POLL["overlay"],
    }


@login_not_required
@require_safe
@conditional("overlay-score", by_table)
def overlay_score(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = tournament_or_404(slug)
    current = sel.table_current(tournament, number)
    return render(
        request, "scoring/live/overlay.html#score", _overlay_context(tournament, number, current)
    )
