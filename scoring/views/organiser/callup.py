"""The call-up board: tables with what they play, the queue, calls, moves and releases."""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from scoring.converters import bounded_id
from scoring.models import Tournament
from scoring.round_clock import ADD_CHOICES
from scoring.selectors import organiser as organiser_selectors
from scoring.selectors import round_clock as clock_selectors
from scoring.selectors.round_clock import ClockLine
from scoring.services import callup as callup_service
from scoring.services.callup import TableLine
from scoring.services.tournaments import TournamentError
from scoring.views.organiser.base import (
    actor_of,
    get_match,
    get_tournament,
    show_error,
)
from scoring.views.requests import HtmxHttpRequest


@dataclass
class TableCard(TableLine):
    """A table of the call-up board as the page shows it: the minutes since its match was
    called or started, and the match's own countdown when its event counts from the call."""

    minutes: int | None = None
    clock: ClockLine | None = None


def _table_card(line: TableLine, now: datetime) -> TableCard:
    minutes = int((now - line.since).total_seconds() // 60) if line.since else None
    # an event that counts each match's time from its call: the table's own countdown
    clock = clock_selectors.loaded_match_clock(line.match, now) if line.match else None
    shown = clock if clock is not None and clock.from_call and clock.shown else None
    # the line as the service made it, with what the page adds
    shared = {f.name: getattr(line, f.name) for f in fields(line)}
    return TableCard(**shared, minutes=minutes, clock=shown)


def _callup_context(tournament: Tournament) -> dict[str, Any]:
    board = callup_service.board(tournament)
    now = timezone.now()
    board.tables = [_table_card(line, now) for line in board.tables]
    return {"tournament": tournament, "board": board, "now": now}


@require_http_methods(["GET"])
def callup(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The call-up board: every table with what it plays since when, and the queue."""
    tournament = get_tournament(request, slug)
    template = "scoring/organiser/callup.html"
    if request.htmx:
        template += "#board"
    clocks = (
        {}
        if request.htmx
        else {  # the round clocks' section reloads itself
            "clocks": clock_selectors.tournament_clocks(tournament),
            "add_choices": ADD_CHOICES,
        }
    )
    return render(
        request,
        template,
        {
            **_callup_context(tournament),
            **clocks,
            "ask_without_umpire": request.session.pop("callup_ask", 0),
        },
    )


def _callup_done(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    if request.htmx:
        return render(
            request,
            "scoring/organiser/callup.html#board",
            {
                **_callup_context(tournament),
                "ask_without_umpire": request.session.pop("callup_ask", 0),
            },
        )
    return redirect("scoring:organiser-callup", slug=tournament.slug)


@require_POST
def callup_call(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    tournament = get_tournament(request, slug)
    try:
        match = organiser_selectors.tournament_match(tournament, int(request.POST.get("match", 0)))
        table = organiser_selectors.tournament_table(tournament, int(request.POST.get("table", 0)))
    except ValueError:
        messages.error(request, _("Choose a match and a table."))
        return _callup_done(request, tournament)
    umpire = None
    if request.POST.get("umpire"):
        umpire = organiser_selectors.tournament_umpire(tournament, request.POST["umpire"])
    try:
        match = callup_service.call_match(
            match=match,
            table=table,
            umpire=umpire,
            actor=actor_of(request, tournament),
            force=request.POST.get("force") == "yes",
        )
    except TournamentError as err:
        show_error(request, err)
    else:
        messages.success(
            request,
            _("Match %(number)s called to %(table)s.") % {"number": match.number, "table": table},
        )
    return _callup_done(request, tournament)


class _Rollback(Exception):
    pass


def _calls_without_umpire(tournament: Tournament) -> int:
    """How many matches "fill the free tables" would call without an umpire (tried in a
    savepoint and rolled back: nothing is saved)."""
    from django.db import transaction

    try:
        with transaction.atomic():
            called = callup_service.auto_assign(tournament=tournament)
            raise _Rollback(sum(1 for m in called if m.umpire_id is None))
    except _Rollback as answer:
        return int(answer.args[0])


@require_POST
def callup_auto(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    tournament = get_tournament(request, slug)
    if request.POST.get("without_umpire") != "yes":
        lacking = _calls_without_umpire(tournament)
        if lacking:  # asked first: matches called without an umpire are the organiser's call
            messages.warning(
                request,
                ngettext(
                    "%(count)s match would be called without an umpire. Choose “Call them "
                    "without an umpire” to go on, or add umpires first.",
                    "%(count)s matches would be called without an umpire. Choose “Call them "
                    "without an umpire” to go on, or add umpires first.",
                    lacking,
                )
                % {"count": lacking},
            )
            request.session["callup_ask"] = lacking
            return _callup_done(request, tournament)
    called = callup_service.auto_assign(tournament=tournament, actor=actor_of(request, tournament))
    if called:
        messages.success(
            request,
            ngettext("%(count)s match called.", "%(count)s matches called.", len(called))
            % {"count": len(called)},
        )
    else:
        messages.info(
            request,
            _(
                "No match could be called: no free table, or every ready "
                "match has a player still playing."
            ),
        )
    return _callup_done(request, tournament)


@require_POST
def callup_autopilot(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    tournament = get_tournament(request, slug)
    on = request.POST.get("on") == "yes"
    callup_service.set_auto(tournament=tournament, on=on, actor=actor_of(request, tournament))
    messages.success(
        request, _("Automatic call-up is on.") if on else _("Automatic call-up is off.")
    )
    return _callup_done(request, tournament)


@require_POST
def callup_release(request: HtmxHttpRequest, slug: str, match_id: int) -> HttpResponse:
    tournament, match = get_match(request, slug, match_id)
    try:
        callup_service.release(match=match, actor=actor_of(request, tournament))
    except TournamentError as err:
        show_error(request, err)
    return _callup_done(request, tournament)


@require_POST
def callup_move(request: HtmxHttpRequest, slug: str, match_id: int) -> HttpResponse:
    tournament, match = get_match(request, slug, match_id)
    table = organiser_selectors.tournament_table(
        tournament, bounded_id(request.POST.get("table")) or 0
    )
    try:
        callup_service.move_match(match=match, table=table, actor=actor_of(request, tournament))
    except TournamentError as err:
        show_error(request, err)
    return _callup_done(request, tournament)
