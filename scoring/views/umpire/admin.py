"""The pages around the tablet: the umpire's matches, a stand-alone match made by an organiser
and the organiser's view of a match's umpire link (its QR code, revoke, renew)."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from scoring import permissions
from scoring.forms.umpire import (
    NewMatchForm,
)
from scoring.models import Match
from scoring.selectors import umpire_matches as matches_read
from scoring.services import matches as services
from scoring.services.matches import MatchError


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The matches a logged-in umpire may score: assigned to him, or (organisers) in his
    tournaments, not yet confirmed."""
    return render(
        request,
        "scoring/umpire/home.html",
        {"matches": matches_read.matches_to_score(request.user)},
    )


@require_http_methods(["GET", "POST"])
def new_match(request: HttpRequest, slug: str) -> HttpResponse:
    """An organiser creates a stand-alone match and gets its umpire link."""
    tournament = matches_read.tournament_by_slug(slug)
    actor = permissions.organiser_actor(request, tournament)
    form = NewMatchForm(request.POST or None, tournament=tournament, user=request.user)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        players = [
            d[f"{slot}_player"] or d[f"{slot}_name"].strip() for slot in form.slots_for(d["kind"])
        ]
        try:
            match = services.create_single_match(
                tournament=tournament,
                kind=d["kind"],
                rules=d["rules"],
                players=players,
                actor=actor,
                stage=d["stage"],
                games_to_win=d["games_to_win"],
                table=d["table"],
                table_number=d["table_number"],
                umpire=d["umpire"],
                event_name=_default_event_name(d["kind"]),
                event=d["event"],
            )
        except MatchError as err:
            form.add_error(
                None,
                _("%(player)s already plays in the friendly event with another partner.")
                % err.params,
            )
        else:
            messages.success(request, _("Match created. Give the umpire this link."))
            return redirect("scoring:umpire-link-admin", match_id=match.pk)
    slots = [
        {
            "key": slot,
            "label": label,
            "player": form[f"{slot}_player"],
            "name": form[f"{slot}_name"],
        }
        for slot, label in NewMatchForm.SLOTS
    ]
    return render(
        request,
        "scoring/umpire/new_match.html",
        {
            "form": form,
            "tournament": tournament,
            "slots": slots,
            "search_url": reverse("scoring:organiser-player-search", args=[tournament.slug]),
        },
    )


def _default_event_name(kind: str) -> str:
    return {
        "singles": _("Friendly matches"),
        "doubles": _("Friendly doubles"),
        "points": _("Friendly point carrom"),
    }[kind]


def umpire_link_url(request: HttpRequest, match: Match) -> str:
    return request.build_absolute_uri(reverse("scoring:umpire-link", args=[match.umpire_token]))


def qr_data_uri(text: str) -> str:
    """The QR code of ``text`` as a PNG data URI (allowed by the CSP's img-src data:)."""
    return segno.make(text, error="m").png_data_uri(scale=8, border=2)


@require_http_methods(["GET", "POST"])
def link_admin(request: HttpRequest, match_id: int) -> HttpResponse:
    """The organiser's view of a match's umpire link: the link, its QR code, revoke, renew."""
    match = matches_read.match_by_id(match_id)
    actor = permissions.organiser_actor(request, match.event.tournament)
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "revoke":
            services.revoke_umpire_link(match=match, actor=actor)
            messages.success(request, _("The umpire link was revoked; it no longer works."))
        elif action == "renew":
            services.renew_umpire_link(match=match, actor=actor)
            messages.success(request, _("A new umpire link was made; the old one no longer works."))
        return redirect("scoring:umpire-link-admin", match_id=match.pk)
    url = umpire_link_url(request, match)
    valid = permissions.link_is_valid(match, match.umpire_token)
    return render(
        request,
        "scoring/umpire/link.html",
        {
            "match": match,
            "url": url,
            "valid": valid,
            "qr": qr_data_uri(url) if valid else "",
            "score_url": reverse("scoring:umpire-match", args=[match.pk]),
        },
    )
