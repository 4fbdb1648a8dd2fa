"""Views of the umpire tablet (issue 4).

The same views serve two doors: the match's private umpire link ``u/<token>/`` (no login) and
``m/<id>/score/`` for logged-in umpires and organisers. Every write is an htmx POST that
answers with the panel (the main target) plus out-of-band swaps of the scoreboard, the rulings
and the history, and a status code that means something: 200 recorded, 422 illegal or invalid
(nothing changed), 409 someone else recorded meanwhile (the screen reloads), 423 the match is
locked, 403 not this visitor's match.

The package by job: ``base`` (resolving, rendering), ``reads`` (page, panel, poll, service
worker), ``writes`` (every POST of the tablet), ``admin`` (the umpire's matches, new match,
the link's page); the URL table is here.
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib.auth.decorators import login_not_required
from django.http import HttpResponse
from django.urls import URLPattern, path

from scoring.views.umpire.admin import home, link_admin, new_match, qr_data_uri, umpire_link_url
from scoring.views.umpire.base import UmpireView
from scoring.views.umpire.reads import actions, board, panel, service_worker, state
from scoring.views.umpire.writes import (
    claim,
    confirm,
    event,
    interval_end,
    quick,
    seating,
    step,
    toss,
    undo,
    unlock,
    warning,
)

__all__ = ["qr_data_uri", "umpire_link_url", "urlpatterns"]


# --- URLs ------------------------------------------------------------------------------------

_ACTIONS: dict[str, UmpireView] = {
    "": board,
    "panel/": panel,
    "actions/": actions,
    "state/": state,
    "event/": event,
    "undo/": undo,
    "toss/": toss,
    "seating/": seating,
    "quick/": quick,
    "confirm/": confirm,
    "claim/": claim,
    "unlock/": unlock,
    "warning/": warning,
    "step/": step,
    "interval-end/": interval_end,
}


def _without_login(view: UmpireView) -> UmpireView:
    """A copy of ``view`` open without a login (the umpire link is the key); the
    ``m/<id>/score/`` door keeps asking for one."""

    @functools.wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> HttpResponse:
        return view(*args, **kwargs)

    return login_not_required(wrapped)


def _patterns() -> list[URLPattern]:
    out = []
    for suffix, view in _ACTIONS.items():
        name = suffix.rstrip("/")
        link_name = "umpire-link" + (f"-{name}" if name else "")
        match_name = "umpire-match" + (f"-{name}" if name else "")
        out.append(path(f"u/<str:token>/{suffix}", _without_login(view), name=link_name))
        out.append(path(f"m/<int:match_id>/score/{suffix}", view, name=match_name))
    return out


urlpatterns: list[URLPattern] = [
    path("umpire/", home, name="umpire-home"),
    path("umpire-sw.js", service_worker, name="umpire-sw"),
    path("t/<slug:slug>/matches/new/", new_match, name="umpire-new-match"),
    path("m/<int:match_id>/link/", link_admin, name="umpire-link-admin"),
    *_patterns(),
]
