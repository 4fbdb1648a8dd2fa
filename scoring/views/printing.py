"""Printable sheets as PDF (issue 6): scoresheets (filled or blank), a round's scoresheets in
one file, a round's pairing and call-up lists, bracket, standings and table labels, plus a
page listing them for organisers.

Thin views: check who asks (:mod:`scoring.permissions`), build the data with
:mod:`scoring.selectors.sheets`, render with :mod:`scoring.pdf`, return the bytes.

* a round prints as full scoresheets (one match a page) or as score cards (six a page);
* ``?blank=1`` prints a blank scoresheet (names, table and QR code pre-filled);
* ``?lang=en|de|fr|it`` chooses the sheet's language (default: the organiser's current language).

Who may print: organisers of the tournament; a match's scoresheet also its umpire (the
assigned account, or whoever holds the match's umpire link: ``u/<token>/scoresheet.pdf``).
Sheets carry the private umpire link as a QR code, so responses are never cached.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.urls import URLPattern, path
from django.utils.text import slugify
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from scoring import permissions
from scoring.models import Event, Match, Round
from scoring.pdf import (
    render_bracket,
    render_callup_list,
    render_pairing_list,
    render_score_cards,
    render_scoresheet,
    render_scoresheets,
    render_standings,
    render_table_labels,
)
from scoring.selectors import sheets
from scoring.selectors.round_lists import round_list_data
from scoring.selectors.sheets import SheetUnavailable


def _options(request: HttpRequest) -> tuple[bool, str]:
    """``(blank, language)`` from the query string."""
    blank = request.GET.get("blank", "") not in ("", "0", "false", "no")
    return blank, sheets.sheet_language(request.GET.get("lang") or None)


def _base_url(request: HttpRequest) -> str:
    """Scheme and host for the QR codes: ``settings.SITE_URL`` if set, else this request's."""
    return (getattr(settings, "SITE_URL", "") or request.build_absolute_uri("/")).rstrip("/")


def pdf_response(data: bytes, filename: str) -> FileResponse:
    response = FileResponse(
        io.BytesIO(data), content_type="application/pdf", filename=filename, as_attachment=False
    )
    response["Content-Length"] = str(len(data))
    return response


def pdf_filename(*parts: object) -> str:
    return "-".join(slugify(str(p)) for p in parts if str(p)) + ".pdf"


def _found[T](obj: T | None) -> T:
    if obj is None:
        raise Http404("no such object")
    return obj


def _match(match_id: int) -> Match:
    return _found(sheets.match_for_sheet(match_id))


def _event(event_id: int) -> Event:
    return _found(sheets.event_for_sheet(event_id))


def _scoresheet_response(request: HttpRequest, match: Match) -> HttpResponseBase:
    blank, language = _options(request)
    try:
        data = sheets.scoresheet_data(
            match, blank=blank, language=language, base_url=_base_url(request)
        )
    except SheetUnavailable as err:
        raise Http404(str(err)) from err
    kind = "blank-scoresheet" if blank else "scoresheet"
    return pdf_response(
        render_scoresheet(data),
        pdf_filename(kind, match.event.tournament.slug, match.event.name, f"match-{match.number}"),
    )


@require_GET
@never_cache
def match_scoresheet(request: HttpRequest, match_id: int) -> HttpResponseBase:
    """A match's scoresheet for its organisers and its assigned umpire."""
    match = _match(match_id)
    if not permissions.may_score(request.user, match):
        raise PermissionDenied("organisers and this match's umpire only")
    return _scoresheet_response(request, match)


@login_not_required
@require_GET
@never_cache
def umpire_scoresheet(request: HttpRequest, token: str) -> HttpResponseBase:
    """The scoresheet of the match behind an umpire link (filled, or blank with ?blank=1)."""
    match = _found(sheets.match_for_umpire_link(token))
    if not permissions.may_score(request.user, match, token):
        raise PermissionDenied("this umpire link is no longer valid")
    return _scoresheet_response(request, match)


def _round_request(request: HttpRequest, event_id: int) -> tuple[Event, bool, str, str | None]:
    """An organiser's request for a round's PDF: the event, ``blank``, the language and the
    bracket (``?bracket=`` narrows a double elimination's round to one bracket)."""
    event = _event(event_id)
    permissions.require_organiser(request.user, event.tournament)
    blank, language = _options(request)
    bracket = request.GET.get("bracket") or None
    if bracket is not None and bracket not in Round.Bracket.values:
        raise Http404("unknown bracket")
    return event, blank, language, bracket


def _round_response(
    request: HttpRequest, event_id: int, round_number: int, kind: str, draw: Callable[[Any], bytes]
) -> HttpResponseBase:
    """An organiser's PDF of a round's matches, drawn by ``draw`` from the scoresheet data."""
    event, blank, language, bracket = _round_request(request, event_id)
    data = sheets.round_scoresheets(
        event,
        round_number,
        blank=blank,
        language=language,
        base_url=_base_url(request),
        bracket=bracket,
    )
    if not data:
        raise Http404("no matches in this round")
    if blank:
        kind = f"blank-{kind}"
    return pdf_response(
        draw(data),
        pdf_filename(
            kind, event.tournament.slug, event.name, bracket or "", f"round-{round_number}"
        ),
    )


@require_GET
@never_cache
def round_scoresheets(request: HttpRequest, event_id: int, round_number: int) -> HttpResponseBase:
    """All scoresheets of a round in one PDF, one match a page."""
    return _round_response(request, event_id, round_number, "scoresheets", render_scoresheets)


@require_GET
@never_cache
def round_score_cards(request: HttpRequest, event_id: int, round_number: int) -> HttpResponseBase:
    """The round's matches as score cards, six to an A4 page (the compact sheet)."""
    return _round_response(request, event_id, round_number, "score-cards", render_score_cards)


def _round_list(
    request: HttpRequest,
    event_id: int,
    round_number: int,
    kind: str,
    by_table: bool,
    draw: Callable[[Any], bytes],
) -> HttpResponseBase:
    """An organiser's list of a round (pairings for the notice board, the call-up list)."""
    event, _, language, bracket = _round_request(request, event_id)
    try:
        data = round_list_data(
            event, round_number, language=language, bracket=bracket, by_table=by_table
        )
    except SheetUnavailable as err:
        raise Http404(str(err)) from err
    return pdf_response(
        draw(data),
        pdf_filename(
            kind, event.tournament.slug, event.name, bracket or "", f"round-{round_number}"
        ),
    )


@require_GET
@never_cache
def round_pairings(request: HttpRequest, event_id: int, round_number: int) -> HttpResponseBase:
    """The round's pairing list in table order: table, players, clubs (the notice board)."""
    return _round_list(request, event_id, round_number, "pairings", True, render_pairing_list)


@require_GET
@never_cache
def round_callup(request: HttpRequest, event_id: int, round_number: int) -> HttpResponseBase:
    """The round's call-up list: matches in call order with tick boxes, players A to Z."""
    return _round_list(request, event_id, round_number, "call-up", False, render_callup_list)


def _event_sheet(
    request: HttpRequest,
    event_id: int,
    kind: str,
    build: Callable[..., Any],
    draw: Callable[[Any], bytes],
) -> HttpResponseBase:
    """An organiser's PDF of one event: ``build`` the sheet's data (404 when the event has
    none of that kind), ``draw`` it."""
    event = _event(event_id)
    permissions.require_organiser(request.user, event.tournament)
    _, language = _options(request)
    try:
        data = build(event, language=language)
    except SheetUnavailable as err:
        raise Http404(str(err)) from err
    return pdf_response(draw(data), pdf_filename(kind, event.tournament.slug, event.name))


@require_GET
@never_cache
def bracket_sheet(request: HttpRequest, event_id: int) -> HttpResponseBase:
    return _event_sheet(request, event_id, "bracket", sheets.bracket_data, render_bracket)


@require_GET
@never_cache
def standings_sheet(request: HttpRequest, event_id: int) -> HttpResponseBase:
    return _event_sheet(request, event_id, "standings", sheets.standings_data, render_standings)


@require_GET
@never_cache
def table_labels(request: HttpRequest, slug: str) -> HttpResponseBase:
    tournament = _found(sheets.tournament_for_sheet(slug))
    permissions.require_organiser(request.user, tournament)
    _, language = _options(request)
    data = sheets.table_label_data(tournament, language=language, base_url=_base_url(request))
    return pdf_response(render_table_labels(data), pdf_filename("table-labels", tournament.slug))


@require_GET
def index(request: HttpRequest, slug: str) -> HttpResponseBase:
    """The organiser's page of printable sheets: per event its rounds, bracket, standings."""
    tournament = _found(sheets.tournament_for_sheet(slug))
    permissions.require_organiser(request.user, tournament)
    return render(
        request,
        "scoring/printing/index.html",
        {
            "tournament": tournament,
            "events": sheets.printable_events(tournament),
        },
    )


urlpatterns: list[URLPattern] = [
    path("print/t/<slug:slug>/", index, name="print-index"),
    path("print/t/<slug:slug>/table-labels.pdf", table_labels, name="print-table-labels"),
    path("print/match/<int:match_id>/scoresheet.pdf", match_scoresheet, name="print-scoresheet"),
    path(
        "print/event/<int:event_id>/round/<int:round_number>/scoresheets.pdf",
        round_scoresheets,
        name="print-round",
    ),
    path(
        "print/event/<int:event_id>/round/<int:round_number>/score-cards.pdf",
        round_score_cards,
        name="print-round-cards",
    ),
    path(
        "print/event/<int:event_id>/round/<int:round_number>/pairings.pdf",
        round_pairings,
        name="print-round-pairings",
    ),
    path(
        "print/event/<int:event_id>/round/<int:round_number>/call-up.pdf",
        round_callup,
        name="print-round-callup",
    ),
    path("print/event/<int:event_id>/bracket.pdf", bracket_sheet, name="print-bracket"),
    path("print/event/<int:event_id>/standings.pdf", standings_sheet, name="print-standings"),
    path("u/<str:token>/scoresheet.pdf", umpire_scoresheet, name="print-umpire-scoresheet"),
]
