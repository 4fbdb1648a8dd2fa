"""Season pages (issue 33): clubs and federations, championships with their ranking (page and
PDF), a nation's ranking over a season, a player's clubs and championships; the organiser's
pages to create and change clubs, memberships and championships and add the tournaments that
count. Public pages need no login; every write asks ``permissions.may_manage_club``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scoring import permissions
from scoring.error_words import error_text
from scoring.forms.seasons import AddEventForm, ChampionshipForm, ClubForm, MembershipForm
from scoring.models import Championship, Club, Event
from scoring.pdf.seasons import ranking_pdf
from scoring.selectors import seasons as sel
from scoring.services import season_rankings
from scoring.services import seasons as service
from scoring.services.matches.base import Actor
from scoring.services.seasons import SeasonError


def _club(club_id: int) -> Club:
    club = sel.club_or_none(club_id)
    if club is None:
        raise Http404(_("No such club."))
    return club


def _nation(nation: str) -> str:
    """A nation of a URL: two or three letters, else no such page."""
    if nation and not (nation.isascii() and nation.isalpha() and 2 <= len(nation) <= 3):
        raise Http404(_("No such nation."))
    return nation.upper()


def _championship(championship_id: int) -> Championship:
    champ = sel.championship_or_none(championship_id)
    if champ is None:
        raise Http404(_("No such championship."))
    return champ


def _refuse(form: forms.BaseForm, err: SeasonError) -> None:
    form.add_error(None, error_text(err.code, err.params))


# --- public pages ------------------------------------------------------------------------------


@login_not_required
@require_safe
def index(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "scoring/seasons/index.html",
        {
            "championships": sel.championships(),
            "clubs": sel.clubs(),
            "may_create": permissions.may_create_club(request.user),
        },
    )


@login_not_required
@require_safe
def club_page(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _club(club_id)
    return render(
        request,
        "scoring/seasons/club.html",
        {
            "club": club,
            "members": sel.members_of(club),
            "championships": sel.championships().filter(club=club),
            "may_manage": permissions.may_manage_club(request.user, club),
        },
    )


@login_not_required
@require_safe
def championship_page(request: HttpRequest, championship_id: int, nation: str = "") -> HttpResponse:
    nation = _nation(nation)
    champ = _championship(championship_id)
    ranking = season_rankings.ranking(champ, nation=nation)
    return render(
        request,
        "scoring/seasons/championship.html",
        {
            "championship": champ,
            "ranking": ranking,
            "seasons": _season_chain(champ),
            "may_manage": permissions.may_manage_championship(request.user, champ),
        },
    )


def _season_chain(champ: Championship) -> dict[str, object]:
    return {"previous": champ.previous, "next": list(champ.next_seasons.order_by("created_at"))}


@login_not_required
@require_safe
def championship_pdf(request: HttpRequest, championship_id: int, nation: str = "") -> HttpResponse:
    nation = _nation(nation)
    champ = _championship(championship_id)
    sheet = season_rankings.ranking_sheet(season_rankings.ranking(champ, nation=nation))
    response = HttpResponse(ranking_pdf(sheet), content_type="application/pdf")
    name = f"championship-{champ.pk}{'-' + nation.lower() if nation else ''}.pdf"
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


@login_not_required
@require_safe
def player_page(request: HttpRequest, player_id: int) -> HttpResponse:
    player = sel.player_or_none(player_id)
    if player is None:
        raise Http404(_("No such player."))
    rows = []
    for champ in season_rankings.player_championships(player):
        ranking = season_rankings.ranking(champ)
        line = next((ln for ln in ranking.lines if player in ln.players), None)
        rows.append({"championship": champ, "line": line, "of": len(ranking.lines)})
    return render(
        request,
        "scoring/seasons/player.html",
        {"player": player, "memberships": sel.memberships_of(player), "rows": rows},
    )


# --- the organiser's pages ----------------------------------------------------------------------


def _require_creator(request: HttpRequest) -> None:
    if not permissions.may_create_club(request.user):
        raise PermissionDenied("organisers only")


def _managed_club(request: HttpRequest, club_id: int) -> Club:
    club = _club(club_id)
    permissions.require_club_manager(request.user, club)
    return club


def _managed_championship(request: HttpRequest, championship_id: int) -> Championship:
    champ = _championship(championship_id)
    permissions.require_club_manager(request.user, champ.club)
    return champ


@require_safe
def manage(request: HttpRequest) -> HttpResponse:
    """The organiser's clubs and federations with their championships."""
    _require_creator(request)
    clubs = list(sel.managed_clubs(request.user))
    return render(
        request,
        "scoring/seasons/manage.html",
        {"clubs": clubs, "championships": sel.championships().filter(club__in=clubs)},
    )


def _form_page(
    request: HttpRequest,
    form: forms.Form,
    write: Callable[[dict[str, Any]], Any],
    done: Callable[[Any], tuple[str, HttpResponse]],
    template: str,
    context: dict[str, Any],
) -> HttpResponse:
    """An organiser's season form (club, championship): on a valid POST the service
    ``write(cleaned_data)``; a refusal is worded on the form (422); else ``done(result)``
    gives the message and the redirect."""
    if request.method == "POST" and form.is_valid():
        try:
            result = write(form.cleaned_data)
        except SeasonError as err:
            _refuse(form, err)
        else:
            message, target = done(result)
            messages.success(request, message)
            return target
    status = 422 if request.method == "POST" else 200
    return render(request, template, {"form": form, **context}, status=status)


def _actor(request: HttpRequest) -> Actor:
    """The club manager's request as the audit trail's actor (a rating set on tournaments)."""
    return Actor(
        user=request.user,
        via="organiser",
        device=request.headers.get("User-Agent", "")[:200],
        ip=request.META.get("REMOTE_ADDR"),
    )


def _club_fields(data: dict[str, Any]) -> dict[str, Any]:
    keys = ("name", "nation", "federation", "website", "email")
    return {**{k: data[k] for k in keys}, "co_owners": list(data["co_owners"])}


@require_http_methods(["GET", "POST"])
def club_new(request: HttpRequest) -> HttpResponse:
    _require_creator(request)
    return _form_page(
        request,
        ClubForm(request.POST or None),
        lambda data: service.create_club(owner=request.user, **_club_fields(data)),
        lambda club: (
            _("%(name)s created.") % {"name": club.name},
            redirect("scoring:season-club-edit", club_id=club.pk),
        ),
        "scoring/seasons/club_form.html",
        {"club": None},
    )


@require_http_methods(["GET", "POST"])
def club_edit(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _managed_club(request, club_id)
    return _form_page(
        request,
        ClubForm(request.POST or None, club=club),
        lambda data: service.update_club(club=club, **_club_fields(data)),
        lambda _club: (_("Saved."), redirect("scoring:season-club-edit", club_id=club.pk)),
        "scoring/seasons/club_form.html",
        {"club": club, "members": sel.members_of(club), "member_form": MembershipForm()},
    )


@require_POST
def member_add(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _managed_club(request, club_id)
    form = MembershipForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        found = sel.players_named(data["player"])
        if not found:
            messages.error(request, _("No player is named %(name)s.") % {"name": data["player"]})
        elif len(found) > 1:
            messages.error(
                request,
                _("Several players are named %(name)s: merge them first.")
                % {"name": data["player"]},
            )
        else:
            try:
                service.add_membership(
                    club=club, player=found[0], since=data["since"], until=data["until"]
                )
            except SeasonError as err:
                messages.error(request, error_text(err.code, err.params))
            else:
                messages.success(
                    request,
                    _("%(player)s added to %(club)s.")
                    % {"player": found[0].name, "club": club.name},
                )
    else:
        messages.error(request, _("Give the player's name and valid dates."))
    return redirect("scoring:season-club-edit", club_id=club.pk)


@require_POST
def member_end(request: HttpRequest, club_id: int, membership_id: int) -> HttpResponse:
    club = _managed_club(request, club_id)
    membership = sel.membership_or_none(club, membership_id)
    if membership is None:
        raise Http404(_("No such membership."))
    form = MembershipForm({"player": membership.player.name, "until": request.POST.get("until")})
    if form.is_valid() and form.cleaned_data["until"]:
        try:
            service.end_membership(membership=membership, until=form.cleaned_data["until"])
        except SeasonError as err:
            messages.error(request, error_text(err.code, err.params))
        else:
            messages.success(request, _("Saved."))
    else:
        messages.error(request, _("Give the day the membership ends."))
    return redirect("scoring:season-club-edit", club_id=club.pk)


def _championship_fields(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": data["name"],
        "prizes": data["prizes"],
        "skip_worst": data["skip_worst"] or 0,
        "previous": data["previous"],
        "rating": data["rating"],
        # left out of the form where no doubles count: the setting is kept (None)
        "pairs_by_order": data.get("pairs_by_order"),
    }


@require_http_methods(["GET", "POST"])
def championship_new(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _managed_club(request, club_id)
    return _form_page(
        request,
        ChampionshipForm(request.POST or None, club=club),
        lambda data: service.create_championship(club=club, **_championship_fields(data)),
        lambda champ: (
            _("%(name)s created: now add the tournaments that count.") % {"name": champ.name},
            redirect("scoring:season-championship-edit", championship_id=champ.pk),
        ),
        "scoring/seasons/championship_form.html",
        {"club": club, "championship": None},
    )


@require_http_methods(["GET", "POST"])
def championship_edit(request: HttpRequest, championship_id: int) -> HttpResponse:
    champ = _managed_championship(request, championship_id)
    query = request.GET.get("q", "")[:100]
    return _form_page(
        request,
        ChampionshipForm(request.POST or None, club=champ.club, championship=champ),
        lambda data: service.update_championship(
            championship=champ,
            closed=data["closed"],
            actor=_actor(request),
            **_championship_fields(data),
        ),
        lambda _champ: (
            _("Saved."),
            redirect("scoring:season-championship-edit", championship_id=champ.pk),
        ),
        "scoring/seasons/championship_form.html",
        {
            "club": champ.club,
            "championship": champ,
            "events": season_rankings.counted_events(champ),
            "query": query,
            "found": sel.search_addable_events(champ, request.user, query),
        },
    )


@require_safe
def championship_find_events(request: HttpRequest, championship_id: int) -> HttpResponse:
    """The typeahead's results (htmx): the events the organiser may add that match ``q``."""
    champ = _managed_championship(request, championship_id)
    query = request.GET.get("q", "")[:100]
    return render(
        request,
        "scoring/seasons/_event_choices.html",
        {
            "championship": champ,
            "query": query,
            "found": sel.search_addable_events(champ, request.user, query),
        },
    )


@require_POST
def championship_add_event(request: HttpRequest, championship_id: int) -> HttpResponse:
    champ = _managed_championship(request, championship_id)
    form = AddEventForm(request.POST, championship=champ, user=request.user)
    if form.is_valid():
        event = form.cleaned_data["event"]
        try:
            service.add_event(championship=champ, event=event, actor=_actor(request))
        except SeasonError as err:
            messages.error(request, error_text(err.code, err.params))
        else:
            messages.success(
                request,
                _("%(event)s of %(tournament)s now counts.")
                % {"event": event.name, "tournament": event.tournament.name},
            )
    else:
        messages.error(request, _("Choose a tournament's event that does not count yet."))
    return redirect("scoring:season-championship-edit", championship_id=champ.pk)


def _managed_counted_event(
    request: HttpRequest, championship_id: int, event_id: int
) -> tuple[Championship, Event]:
    """The championship its club's manager changes, and one of its counted events (404 for
    an event that does not count for it)."""
    champ = _managed_championship(request, championship_id)
    event = sel.counted_event_or_none(champ, event_id)
    if event is None:
        raise Http404(_("That event does not count for this championship."))
    return champ, event


@require_POST
def championship_remove_event(
    request: HttpRequest, championship_id: int, event_id: int
) -> HttpResponse:
    champ, event = _managed_counted_event(request, championship_id, event_id)
    try:
        service.remove_event(championship=champ, event=event)
    except SeasonError as err:
        messages.error(request, error_text(err.code, err.params))
    else:
        messages.success(request, _("Removed."))
    return redirect("scoring:season-championship-edit", championship_id=champ.pk)


@require_POST
def championship_reprize_event(
    request: HttpRequest, championship_id: int, event_id: int
) -> HttpResponse:
    """The event's recorded prize-giving (SoL's) set aside: prized again from its results."""
    champ, event = _managed_counted_event(request, championship_id, event_id)
    permissions.require_organiser(request.user, event.tournament)  # its places change too
    try:
        service.reprize(event, championship=champ)
    except SeasonError as err:
        messages.error(request, error_text(err.code, err.params))
    else:
        messages.success(
            request,
            _("%(tournament)s is prized again from its results.")
            % {"tournament": event.tournament.name},
        )
    return redirect("scoring:season-championship-edit", championship_id=champ.pk)


C = "seasons/championships/<int:championship_id>/"
urlpatterns: list[URLPattern] = [
    path("seasons/", index, name="season-index"),
    path("seasons/clubs/<int:club_id>/", club_page, name="season-club"),
    path(C, championship_page, name="season-championship"),
    path(C + "ranking.pdf", championship_pdf, name="season-championship-pdf"),
    path(C + "nation/<str:nation>/", championship_page, name="season-national"),
    path(C + "nation/<str:nation>/ranking.pdf", championship_pdf, name="season-national-pdf"),
    path("seasons/players/<int:player_id>/", player_page, name="season-player"),
    path("organiser/seasons/", manage, name="season-manage"),
    path("organiser/seasons/clubs/new/", club_new, name="season-club-new"),
    path("organiser/seasons/clubs/<int:club_id>/", club_edit, name="season-club-edit"),
    path("organiser/seasons/clubs/<int:club_id>/members/", member_add, name="season-member-add"),
    path(
        "organiser/seasons/clubs/<int:club_id>/members/<int:membership_id>/end/",
        member_end,
        name="season-member-end",
    ),
    path(
        "organiser/seasons/clubs/<int:club_id>/championships/new/",
        championship_new,
        name="season-championship-new",
    ),
    path(
        "organiser/seasons/championships/<int:championship_id>/",
        championship_edit,
        name="season-championship-edit",
    ),
    path(
        "organiser/seasons/championships/<int:championship_id>/events/",
        championship_add_event,
        name="season-championship-add",
    ),
    path(
        "organiser/seasons/championships/<int:championship_id>/events/find/",
        championship_find_events,
        name="season-championship-find",
    ),
    path(
        "organiser/seasons/championships/<int:championship_id>/events/<int:event_id>/remove/",
        championship_remove_event,
        name="season-championship-remove",
    ),
    path(
        "organiser/seasons/championships/<int:championship_id>/events/<int:event_id>/reprize/",
        championship_reprize_event,
        name="season-championship-reprize",
    ),
]
