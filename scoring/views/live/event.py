"""An event's page, its bracket and its standings (full pages and polled parts)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scoring.conditional import LiveRequest, conditional, fragment
from scoring.models import Event
from scoring.selectors import live as sel
from scoring.views.live.common import (
    POLL,
    by_event,
    by_standings,
    event_context,
    event_or_404,
    page_and_part,
)


@login_not_required
@require_safe
@conditional("event-page", by_event, page=True)
def event_page(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    event = event_or_404(slug, event_id)
    from scoring.standings import point_table

    return render(
        request,
        "scoring/live/event.html",
        {
            **event_context(event),
            "rounds": sel.event_rounds(event),
            "point_table": point_table(event) if event.kind == Event.Kind.POINTS else None,
        },
    )


def _bracket_context(request: LiveRequest, slug: str, event_id: int) -> dict[str, Any]:
    event = event_or_404(slug, event_id)
    context = {**event_context(event), "poll": POLL["event"]}
    context["bracket_html"] = fragment(
        request,
        "bracket-html",
        "scoring/live/parts.html#bracket-sections",
        lambda: {**context, "sections": sel.event_bracket(event)},
    )
    return context


def _standings_context(request: LiveRequest, slug: str, event_id: int) -> dict[str, Any]:
    event = event_or_404(slug, event_id)
    if not sel.has_standings(event):
        raise Http404(_("This event has no standings: it is played as a knock-out."))
    context = {**event_context(event), "poll": POLL["event"]}

    def tables() -> dict[str, Any]:
        found = sel.event_standings(event)
        sel.link_players(found, event.tournament.slug)
        return {**context, "tables": found}

    context["tables_html"] = fragment(
        request, "standings-html", "scoring/live/standings.html#tables", tables
    )
    return context


bracket_page, bracket_part = page_and_part(
    ("bracket_page", "bracket_part"),
    ("bracket-page", "bracket-part"),
    by_event,
    "scoring/live/bracket.html",
    "bracket",
    _bracket_context,
)
standings_page, standings_part = page_and_part(
    ("standings_page", "standings_part"),
    ("standings-page", "standings-part"),
    by_standings,
    "scoring/live/standings.html",
    "standings",
    _standings_context,
)
