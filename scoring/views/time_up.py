""" "Time is up" on the tablet and the organiser's match page (``…/time-up/``, POST only).

The umpire (link ``u/<token>/time-up/`` or account ``m/<id>/score/time-up/``) or the
organiser records that the round's time limit stopped the match
(:func:`scoring.services.time_up.record_time_up`). A success goes back to the page it came
from (htmx: ``HX-Redirect``); a refusal answers the ``_time_up.html`` partial with the reason
(422 invalid, 409 stale, 423 locked) and records nothing.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path, reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from scoring import permissions
from scoring.error_words import error_text
from scoring.models import Match
from scoring.selectors import organiser as organiser_selectors
from scoring.services.matches import MatchError, MatchLocked, StaleMatch
from scoring.services.time_up import record_time_up

PARTIAL = "scoring/umpire/_time_up.html"


def _match(token: str | None, match_id: int | None) -> Match:
    match = organiser_selectors.scored_match(token, match_id)
    if match is None:
        raise PermissionDenied("unknown umpire link")
    return match


def back_url(request: HttpRequest, match: Match, token: str | None) -> str:
    wanted = request.POST.get("next", "")
    if wanted and url_has_allowed_host_and_scheme(
        wanted, {request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    if token is not None:
        return reverse("scoring:umpire-link", args=[token])
    return reverse("scoring:umpire-match", args=[match.pk])


def _revision(request: HttpRequest) -> int | None:
    raw = request.POST.get("revision", "")
    if raw == "":
        return None
    try:
        value = int(raw)
    except ValueError:
        raise MatchError("bad_revision") from None
    if value < 0:
        raise MatchError("bad_revision")
    return value


def _time_up(
    request: HttpRequest, token: str | None = None, match_id: int | None = None
) -> HttpResponse:
    match = _match(token, match_id)
    actor = permissions.actor_for(request, match, token)
    back = back_url(request, match, token)
    try:
        record_time_up(match=match, actor=actor, expected_revision=_revision(request))
    except MatchError as err:
        match.refresh_from_db()
        status = (
            409 if isinstance(err, StaleMatch) else 423 if isinstance(err, MatchLocked) else 422
        )
        context: dict[str, Any] = {
            "match": match,
            "time_up_url": request.path,
            "revision": match.revision,
            "time_up_next": back,
            "time_up_error": error_text(err.code),
            "time_up_open": True,
        }
        return render(request, f"{PARTIAL}#time-up", context, status=status)
    if request.headers.get("HX-Request"):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = back
        return response
    return redirect(back)


time_up_by_link = login_not_required(require_POST(_time_up))
time_up_by_account = require_POST(_time_up)

urlpatterns: list[URLPattern] = [
    path("u/<str:token>/time-up/", time_up_by_link, name="umpire-link-time-up"),
    path("m/<int:match_id>/score/time-up/", time_up_by_account, name="umpire-match-time-up"),
]
