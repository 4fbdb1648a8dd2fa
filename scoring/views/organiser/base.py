"""Access and small helpers shared by the organiser's pages: the tournament, event or match
of a URL after the organiser check (``scoring.permissions``), the acting organiser, messages."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse

from scoring import permissions
from scoring.error_words import error_text
from scoring.models import Event, Match, Tournament
from scoring.selectors import organiser as organiser_selectors
from scoring.services.matches import Actor

MATCH_RELATED = organiser_selectors.MATCH_RELATED


def show_error(request: HttpRequest, err: Exception) -> None:
    code = getattr(err, "code", "error")
    messages.error(request, error_text(code, getattr(err, "params", {})))


def maybe_url(name: str, *args: Any) -> str:
    try:
        return reverse(f"scoring:{name}", args=args)
    except NoReverseMatch:  # another area's page that is not there (yet)
        return ""


# --- access ------------------------------------------------------------------------------------


def require_staff(request: HttpRequest) -> None:
    user = request.user
    if not (user.is_authenticated and (user.is_staff or user.is_superuser)):
        raise PermissionDenied("staff only")


def get_tournament(request: HttpRequest, slug: str) -> Tournament:
    tournament = organiser_selectors.tournament_by_slug(slug)
    permissions.require_organiser(request.user, tournament)
    return tournament


def get_event(request: HttpRequest, slug: str, event_id: int) -> tuple[Tournament, Event]:
    tournament = get_tournament(request, slug)
    return tournament, organiser_selectors.tournament_event(tournament, event_id)


def get_match(request: HttpRequest, slug: str, match_id: int) -> tuple[Tournament, Match]:
    tournament = get_tournament(request, slug)
    match = organiser_selectors.tournament_match(tournament, match_id)
    return tournament, match


def actor_of(request: HttpRequest, tournament: Tournament) -> Actor:
    return permissions.organiser_actor(request, tournament)


def posted_rounds(request: HttpRequest) -> int | None:
    try:
        return int(request.POST["rounds"])
    except (KeyError, ValueError):
        return None
