"""The round's clock on three screens (``templates/scoring/partials/round_clock.html``, counted
down by ``static/js/round-clock.js`` from the deadline and the server's "now"):

- the organiser's call-up page: ``t/<slug>/organiser/clock/`` (the rounds' clocks, an htmx
  region polled with its ETag) and ``…/clock/<round>/<start|add|stop|restart>/`` (POST, htmx:
  the section again);
- the hall screen: ``t/<slug>/clock/`` (public, an htmx region polled with its ETag, answered
  early with 304 like the live pages' parts: ``scoring/conditional.py``);
- the umpire tablet's header: its chip rides on the tablet's one poll
  (``views/umpire/reads.py``: ``state``, issue 36).

The ETag of both regions is :func:`~scoring.selectors.round_clock.clocks_state`: the organiser's
start, added minutes, stop and restart change it; the passing time does not (the browser
counts down between polls).

Reads in ``scoring/selectors/round_clock.py``, writes in ``scoring/services/round_clock.py``.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_POST, require_safe

from scoring.conditional import conditional
from scoring.error_words import error_text
from scoring.models import Tournament
from scoring.round_clock import ADD_CHOICES, ADD_MAX, ADD_MIN, ClockError
from scoring.selectors import organiser as organiser_selectors
from scoring.selectors import round_clock as clocks
from scoring.services import round_clock as clock_service
from scoring.views.organiser.base import actor_of, get_tournament
from scoring.views.requests import HtmxHttpRequest

PARTIAL = "scoring/partials/round_clock.html"
#: The organiser's changes, one URL each (``organiser-clock-<action>``).
ACTIONS = ("start", "add", "stop", "restart")


def _organiser_section(
    request: HtmxHttpRequest, tournament: Tournament, *, status: int = 200, error: str = ""
) -> HttpResponse:
    context: dict[str, Any] = {
        "tournament": tournament,
        "clocks": clocks.tournament_clocks(tournament),
        "add_choices": ADD_CHOICES,
        "clock_error": error,
    }
    return render(request, f"{PARTIAL}#organiser", context, status=status)


def clocks_state(slug: str, **_kw: Any) -> tuple[tuple[Any, ...], ...]:
    """The validator (ETag) of the polled clock regions."""
    return clocks.clocks_state(slug)


@require_safe
@conditional("organiser-clocks", clocks_state, page=True)
def organiser_clocks(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The call-up page's clocks section (an htmx region polled with its ETag; the ETag also
    holds the organiser, so it is never answered before the login check)."""
    response = _organiser_section(request, get_tournament(request, slug))
    patch_cache_control(response, private=True)
    return response


def _minutes(request: HtmxHttpRequest) -> int:
    try:
        minutes = int(request.POST.get("minutes", ""))
    except ValueError:
        raise ClockError("clock_bad_minutes") from None
    if not ADD_MIN <= minutes <= ADD_MAX:
        raise ClockError("clock_bad_minutes")
    return minutes


@require_POST
def organiser_clock_change(
    request: HtmxHttpRequest, slug: str, round_id: int, action: str
) -> HttpResponse:
    """Start, add minutes to, stop or restart a round's clock (audited)."""
    tournament = get_tournament(request, slug)
    rnd = clocks.tournament_round(tournament, round_id)
    if rnd is None or action not in ACTIONS:
        raise Http404("no such round clock")
    actor = actor_of(request, tournament)
    try:
        if action == "start":
            clock_service.start_clock(round=rnd, actor=actor)
        elif action == "add":
            clock_service.add_minutes(round=rnd, minutes=_minutes(request), actor=actor)
        elif action == "stop":
            clock_service.stop_clock(round=rnd, actor=actor)
        else:
            clock_service.restart_clock(round=rnd, actor=actor)
    except ClockError as err:
        if request.htmx:
            return _organiser_section(request, tournament, status=422, error=error_text(err.code))
        messages.error(request, error_text(err.code))
    if request.htmx:
        return _organiser_section(request, tournament)
    return redirect("scoring:organiser-callup", slug=slug)


@login_not_required
@require_safe
@conditional("hall-clocks", clocks_state)
def hall_clocks(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The hall screen's countdowns: every round on the clock (public; the inside of the
    hall's ``#hall-clocks`` region, polled with its ETag)."""
    tournament = organiser_selectors.tournament_by_slug(slug)
    lines = [line for line in clocks.tournament_clocks(tournament) if line.shown]
    return render(request, f"{PARTIAL}#hall", {"clocks": lines})


urlpatterns: list[URLPattern] = [
    path("t/<slug:slug>/organiser/clock/", organiser_clocks, name="organiser-clocks"),
    *[
        path(
            f"t/<slug:slug>/organiser/clock/<int:round_id>/{action}/",
            organiser_clock_change,
            {"action": action},
            name=f"organiser-clock-{action}",
        )
        for action in ACTIONS
    ],
    path("t/<slug:slug>/clock/", hall_clocks, name="live-clocks"),
]
