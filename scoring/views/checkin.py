"""Check-in pages: the organiser's roll call of an event (fit for a tablet; one tap per entry,
htmx swaps the row) and the player's own check-in on the live page with the hall's code.
URLs in ``urlpatterns`` (included by ``scoring/urls.py``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scoring import attempts, permissions
from scoring.error_words import error_text
from scoring.models import Event, RollCall, Tournament
from scoring.selectors import organiser as organiser_selectors
from scoring.services import checkin as service
from scoring.services.checkin import CheckInError
from scoring.services.matches import Actor
from scoring.views.requests import HtmxHttpRequest


def _event(request: HtmxHttpRequest, slug: str, event_id: int) -> tuple[Tournament, Event]:
    tournament = organiser_selectors.tournament_by_slug(slug)
    permissions.require_organiser(request.user, tournament)
    return tournament, organiser_selectors.tournament_event(tournament, event_id)


def _context(tournament: Tournament, event: Event) -> dict[str, Any]:
    s = service.summary(event)
    return {
        "tournament": tournament,
        "event": event,
        "summary": s,
        "roll_call": s.roll_call,
        "absent_choices": RollCall.Absent.choices,
    }


@require_http_methods(["GET", "POST"])
def roll_call(request: HtmxHttpRequest, slug: str, event_id: int) -> HttpResponse:
    """The roll call page: open it (with its options), change the options, close it."""
    tournament, event = _event(request, slug, event_id)
    if request.method == "POST":
        actor = permissions.organiser_actor(request, tournament)
        action = request.POST.get("action", "")
        self_checkin = request.POST.get("self_checkin") == "on"
        absent = request.POST.get("absent", RollCall.Absent.WITHDRAW)
        current = service.roll_call_of(event)
        try:
            if action == "open":
                service.open_roll_call(
                    event=event, actor=actor, self_checkin=self_checkin, absent=absent
                )
                messages.success(
                    request, _("Roll call opened: everyone is absent until marked present.")
                )
            elif action == "options" and current is not None:
                service.set_options(
                    roll_call=current, actor=actor, self_checkin=self_checkin, absent=absent
                )
                messages.success(request, _("Saved."))
            elif action == "close" and current is not None:
                service.close_roll_call(roll_call=current, actor=actor)
                messages.info(request, _("Roll call closed; the next draw uses every entry."))
            else:
                messages.error(request, _("That did not work."))
        except CheckInError as err:
            messages.error(request, error_text(err.code, err.params))
        return redirect("scoring:checkin-roll-call", slug=slug, event_id=event.pk)
    return render(request, "scoring/checkin/roll_call.html", _context(tournament, event))


@require_POST
def presence(request: HtmxHttpRequest, slug: str, entry_id: int) -> HttpResponse:
    """Mark one entry present or absent (htmx: the row and the counts come back)."""
    tournament = organiser_selectors.tournament_by_slug(slug)
    permissions.require_organiser(request.user, tournament)
    entry = organiser_selectors.tournament_entry(tournament, entry_id)
    status = 200
    try:
        service.mark(
            entry=entry,
            present=request.POST.get("present") == "yes",
            actor=permissions.organiser_actor(request, tournament),
        )
    except CheckInError as err:
        messages.error(request, error_text(err.code, err.params))
        status = 422
    if request.htmx:
        return render(
            request,
            "scoring/checkin/roll_call.html#list",
            _context(tournament, entry.event),
            status=status,
        )
    return redirect("scoring:checkin-roll-call", slug=slug, event_id=entry.event_id)


@login_not_required
@require_http_methods(["GET", "POST"])
def self_check_in(request: HtmxHttpRequest, slug: str, event_id: int) -> HttpResponse:
    """The player's own check-in: pick your name, type the code shown in the hall."""
    tournament = organiser_selectors.tournament_by_slug(slug)
    event = organiser_selectors.tournament_event(tournament, event_id)
    s = service.summary(event)
    allowed = bool(s.roll_call and s.roll_call.open and s.roll_call.self_checkin)
    context = {"tournament": tournament, "event": event, "summary": s, "allowed": allowed}
    if request.method == "POST":
        entry = organiser_selectors.roll_call_entry(event, request.POST.get("entry"))
        if entry is None:
            context["error"] = _("Choose your name.")
            return render(request, "scoring/checkin/self.html", context, status=422)
        actor = Actor(
            via="self",
            device=request.headers.get("User-Agent", "")[:200],
            ip=request.META.get("REMOTE_ADDR"),
        )
        checks = attempts.checks_for(
            request,
            device=attempts.CHECKIN_DEVICE,
            address_limit=attempts.CHECKIN_ADDRESS,
            targets=[(attempts.CHECKIN_ROLL_CALL, f"{s.roll_call.pk}" if s.roll_call else "")],
        )
        wait = attempts.wait(checks)
        if wait:  # the code is not even compared (issue 29: 300 tries in 4 s)
            context["error"] = _("Too many wrong codes. Try again in %(seconds)s seconds.") % {
                "seconds": wait
            }
            return attempts.throttled_response(
                render(request, "scoring/checkin/self.html", context), wait
            )
        try:
            service.self_check_in(entry=entry, code=request.POST.get("code", ""), actor=actor)
        except CheckInError as err:
            if err.code == "wrong_code":
                attempts.failed(checks)
            context["error"] = error_text(err.code, err.params)
            return render(request, "scoring/checkin/self.html", context, status=422)
        if attempts.device_token(request):  # this device's own failures, never an address's
            attempts.cleared(checks[:1])
        context["done"] = entry
        context["summary"] = service.summary(event)
    return attempts.give_device_token(
        request, render(request, "scoring/checkin/self.html", context)
    )


urlpatterns: list[URLPattern] = [
    path(
        "t/<slug:slug>/organiser/events/<int:event_id>/roll-call/",
        roll_call,
        name="checkin-roll-call",
    ),
    path("t/<slug:slug>/organiser/roll-call/<int:entry_id>/", presence, name="checkin-presence"),
    path("t/<slug:slug>/check-in/<int:event_id>/", self_check_in, name="checkin-self"),
]
