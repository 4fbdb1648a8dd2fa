"""The hall screen (projector, 1920×1080): slides of the live tables, the call-ups and each
event's standings or bracket, rotated by ``static/js/live.js``."""

from __future__ import annotations

import dataclasses
from typing import Any

import segno
from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scoring.conditional import LiveRequest, conditional, fragment, no_store
from scoring.models import Event, Tournament
from scoring.selectors import live as sel
from scoring.selectors.live import lookups
from scoring.selectors.ties import ties_in_play
from scoring.views.live.common import (
    by_event,
    by_tournament,
    event_context,
    event_or_404,
    page_number,
    tournament_or_404,
)

HALL_SLIDE_SECONDS = 15
HALL_ROWS = 12  # standings rows on one hall slide (1920×1080); longer tables take more slides
HALL_GROUPS = 2  # group tables on one hall slide
HALL_COLUMNS = 3  # bracket rounds on one hall slide
HALL_TABLES = 9  # busy tables on one hall slide (three rows of three fit 1920×1080)
HALL_TABLES_WITH_CALLUPS = 6  # at most this many leave room for the call-ups under them
HALL_TIES = 3  # team ties in play on one hall slide: one row, each tie with its rubbers


def _seconds(request: HttpRequest) -> int:
    """Seconds per hall slide: ``?seconds=`` (2 to 600), default :data:`HALL_SLIDE_SECONDS`."""
    try:
        return min(600, max(2, int(request.GET.get("seconds", HALL_SLIDE_SECONDS))))
    except ValueError:
        return HALL_SLIDE_SECONDS


def _hall_pages(overview: sel.Overview) -> int:
    busy = sum(1 for item in overview.tables if item.line) + len(overview.playing)
    return max(1, -(-busy // HALL_TABLES))


def _hall_tables_page(overview: sel.Overview, page: int) -> dict[str, Any]:
    """One slide's share of the busy tables (a projector fits :data:`HALL_TABLES`)."""
    busy = [item for item in overview.tables if item.line]
    start = (page - 1) * HALL_TABLES
    shown = busy[start : start + HALL_TABLES]
    playing = overview.playing if page == 1 else []
    # the call-ups have their own slide; beside the tables only where they fit (issue 30:
    # the heading lay half under the footer)
    room = len(shown) + len(playing) <= HALL_TABLES_WITH_CALLUPS
    return {
        "overview": overview,
        "busy": shown,
        "playing": playing,
        "called": overview.called if page == 1 and room else [],
    }


def _hall_slides(tournament: Tournament, overview: sel.Overview) -> list[dict[str, str]]:
    pages = _hall_pages(overview)
    url = reverse("scoring:live-hall-tables", kwargs={"slug": tournament.slug})
    slides = [
        {
            "url": f"{url}?page={page}" if page > 1 else url,
            "label": _("Live tables")
            if pages == 1
            else _("Live tables (%(page)s of %(pages)s)") % {"page": page, "pages": pages},
        }
        for page in range(1, pages + 1)
    ]
    # the call-up slide: who is called to which table, in big type (issue 15)
    slides.append({"url": f"{url}?show=callup", "label": _("Call-ups")})
    for event in lookups.tournament_events(tournament):
        if event.is_teams:  # the ties being played: their score and rubbers (issue 34)
            url = reverse(
                "scoring:live-hall-event", kwargs={"slug": tournament.slug, "event_id": event.pk}
            )
            count = -(-len(ties_in_play(event)) // HALL_TIES)
            for page in range(1, count + 1):
                label = _("%(event)s: ties in play") % {"event": event.name}
                if count > 1:
                    label = _("%(event)s: ties in play (%(page)s of %(pages)s)") % {
                        "event": event.name,
                        "page": page,
                        "pages": count,
                    }
                slides.append({"url": f"{url}?show=ties&page={page}", "label": label})
        if sel.has_standings(event) or event.format in (
            Event.Format.KNOCKOUT,
            Event.Format.DOUBLE_ELIMINATION,
        ):
            url = reverse(
                "scoring:live-hall-event", kwargs={"slug": tournament.slug, "event_id": event.pk}
            )
            count = (
                len(_hall_standings_pages(sel.event_standings(event)))
                if sel.has_standings(event)
                else 1
            )
            for page in range(1, count + 1):
                slides.append(
                    {
                        "url": f"{url}?page={page}" if page > 1 else url,
                        "label": event.name
                        if count == 1
                        else _("%(event)s (%(page)s of %(pages)s)")
                        % {"event": event.name, "page": page, "pages": count},
                    }
                )
    return slides


def _hall_standings_pages(tables: list[sel.StandingsTable]) -> list[list[sel.StandingsTable]]:
    """The standings cut into hall slides: a long table in pieces of :data:`HALL_ROWS` rows
    (the ranks go on), small group tables :data:`HALL_GROUPS` to a slide."""
    pages: list[list[sel.StandingsTable]] = []
    if len(tables) == 1:
        rows = tables[0].rows
        for start in range(0, max(len(rows), 1), HALL_ROWS):
            pages.append([dataclasses.replace(tables[0], rows=rows[start : start + HALL_ROWS])])
        return pages
    for start in range(0, len(tables), HALL_GROUPS):
        pages.append(tables[start : start + HALL_GROUPS])
    return pages or [[]]


@login_not_required
@require_safe
def hall(request: HttpRequest, slug: str) -> HttpResponse:
    """Full-screen projector mode: rotates through the live tables and each event's standings
    or bracket, with no interaction, for hours (static/js/live.js)."""
    tournament = tournament_or_404(slug)
    overview = sel.tournament_overview(tournament, recent=0)
    # the live address as the hall's phones reach it: SITE_URL when set (README)
    path = reverse("scoring:live-tournament", kwargs={"slug": slug})
    site = getattr(settings, "SITE_URL", "").rstrip("/")
    public_url = site + path if site else request.build_absolute_uri(path)
    return no_store(
        render(
            request,
            "scoring/live/hall.html",
            {
                "tournament": tournament,
                "slides": _hall_slides(tournament, overview),
                "seconds": _seconds(request),
                **_hall_tables_page(overview, 1),
                "now": timezone.now(),
                "public_url": public_url,
                "time_zone": tournament.time_zone,
                "public_qr": segno.make(public_url, error="m").png_data_uri(scale=4, border=2),
            },
        )
    )


@login_not_required
@require_safe
@conditional("hall-tables", by_tournament)
def hall_tables(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    overview = sel.tournament_overview(tournament, recent=0)
    if request.GET.get("show") == "callup":
        return render(
            request,
            "scoring/live/hall.html#callup-slide",
            {"tournament": tournament, "called": overview.called},
        )
    return render(
        request,
        "scoring/live/hall.html#tables",
        {
            "tournament": tournament,
            **_hall_tables_page(overview, page_number(request)),
        },
    )


@login_not_required
@require_safe
@conditional("hall-event", by_event)
def hall_event(request: LiveRequest, slug: str, event_id: int) -> HttpResponse:
    event = event_or_404(slug, event_id)
    page = page_number(request)
    context = {**event_context(event), "hall": True, "hall_rows": HALL_ROWS}
    if request.GET.get("show") == "ties" and event.is_teams:

        def ties() -> dict[str, Any]:
            lines = ties_in_play(event)
            return {**context, "ties": lines[(page - 1) * HALL_TIES : page * HALL_TIES]}

        html = fragment(request, f"hall-ties-html:{page}", "scoring/live/hall.html#ties", ties)
        return HttpResponse(html)

    def build() -> dict[str, Any]:
        if sel.has_standings(event):
            pages = _hall_standings_pages(sel.event_standings(event))
            return {**context, "tables": pages[min(page, len(pages)) - 1]}
        return {**context, "sections": [_hall_bracket(s) for s in sel.event_bracket(event)]}

    html = fragment(request, f"hall-event-html:{page}", "scoring/live/hall.html#event", build)
    return HttpResponse(html)


def _hall_bracket(section: sel.BracketSection) -> sel.BracketSection:
    """The rounds that matter now: from the first round with a match still to finish, at
    most :data:`HALL_COLUMNS` of them (the whole bracket does not fit a projector)."""
    columns = section.columns
    start = next(
        (
            i
            for i, c in enumerate(columns)
            if any(card.line.match.status not in sel.DONE for card in c.cards)
        ),
        max(0, len(columns) - HALL_COLUMNS),
    )
    return sel.BracketSection(section.key, section.label, columns[start : start + HALL_COLUMNS])
