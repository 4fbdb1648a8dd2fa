"""Pages of team events (issue 34): the organiser's teams and tie formats, a tie at the desk
(both lineups, walkovers, its rubbers), a captain's lineup page on a phone (the captain's
private link), and the tie sheets as PDF. Thin: services write, selectors read."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path, reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from scoring.error_words import error_text
from scoring.forms.teams import EventTieFormatForm, LineupForm, TeamForm, TieFormatForm
from scoring.models import Event, Tie
from scoring.pdf.tie_sheet import render_tie_sheets
from scoring.selectors import sheets
from scoring.selectors import ties as tie_sel
from scoring.selectors.ties import event_ties, team_page, team_tables, teams_of, tie_sheets
from scoring.services.matches import Actor
from scoring.services.teams import add_team_by_names, create_tie_format, set_tie_format
from scoring.services.ties import make_ties, set_tie_walkover, submit_lineup
from scoring.services.tournaments import TournamentError, entries_open
from scoring.standings.ties import formats_of, tie_format_for
from scoring.tie_words import format_name
from scoring.views.live.common import event_or_404
from scoring.views.organiser.base import actor_of, get_event, show_error
from scoring.views.printing import pdf_filename, pdf_response

T = "t/<slug:slug>/organiser/"


def _refused(form: Any, err: TournamentError) -> None:
    """The service's refusal on the form: every lineup problem, or the one error."""
    problems = getattr(err, "problems", None) or [(err.code, err.params)]
    for code, params in problems:
        form.add_error(None, error_text(code, params))


@require_http_methods(["GET", "POST"])
def event_teams(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """A team event's teams (add one), its tie format (choose or make one) and its ties."""
    tournament, event = get_event(request, slug, event_id)
    if not event.is_teams:
        raise Http404("not a team event")
    formats = formats_of(tournament)
    team_form = TeamForm(prefix="team")
    format_form = TieFormatForm(prefix="fmt")
    choice_form = EventTieFormatForm(
        prefix="choice", formats=formats, initial={"tie_format": tie_format_for(event).key}
    )
    if request.method == "POST":
        actor = actor_of(request, tournament)
        action = request.POST.get("action")
        try:
            if action == "team":
                team_form = TeamForm(request.POST, prefix="team")
                if team_form.is_valid():
                    data = team_form.cleaned_data
                    team = add_team_by_names(
                        event=event,
                        actor=actor,
                        name=data["name"],
                        club=data["club"],
                        names=data["players"],
                    )
                    messages.success(request, _("%(name)s is entered.") % {"name": team.name})
                    return redirect("scoring:organiser-event-teams", slug, event.pk)
            elif action == "format":
                format_form = TieFormatForm(request.POST, prefix="fmt")
                if format_form.is_valid():
                    data = format_form.cleaned_data
                    rubbers = [
                        {**r, "games_to_win": 1 if data["one_game"] else 2} for r in data["rubbers"]
                    ]
                    row = create_tie_format(
                        tournament=tournament,
                        actor=actor,
                        name=data["name"],
                        rubbers=rubbers,
                        stop_when_decided=data["stop_when_decided"],
                        player_rule=data["player_rule"],
                        win=data["win"],
                        draw=data["draw"],
                        loss=data["loss"],
                    )
                    messages.success(
                        request, _("The tie format %(name)s is saved.") % {"name": row.name}
                    )
                    return redirect("scoring:organiser-event-teams", slug, event.pk)
            elif action == "choice":
                choice_form = EventTieFormatForm(request.POST, prefix="choice", formats=formats)
                if choice_form.is_valid():
                    set_tie_format(
                        event=event, key=choice_form.cleaned_data["tie_format"], actor=actor
                    )
                    messages.success(request, _("The event's tie format is saved."))
                    return redirect("scoring:organiser-event-teams", slug, event.pk)
            elif action == "ties":
                made = make_ties(event)
                messages.success(request, _("Ties made: %(count)s.") % {"count": len(made)})
                return redirect("scoring:organiser-event-teams", slug, event.pk)
        except TournamentError as err:
            form = {"team": team_form, "format": format_form}.get(action or "", choice_form)
            _refused(form, err)
    return render(
        request,
        "scoring/teams/event_teams.html",
        {
            "tournament": tournament,
            "event": event,
            "teams": teams_of(event),
            "format": tie_format_for(event),
            "format_name": format_name(tie_format_for(event)),
            "formats": formats,
            "team_form": team_form,
            # knock-out and groups close with the draw, any event once finished: no form then
            "entries_open": entries_open(event),
            "entries_closed": error_text("entries_closed", {"event": event.name}),
            "format_form": format_form,
            "choice_form": choice_form,
            "ties": event_ties(event),
            "standing_tables": team_tables(event),
        },
    )


def _tie(event: Event, tie_id: int) -> Tie:
    return get_object_or_404(tie_sel.ties(), pk=tie_id, event=event)


def _lineup_form(tie: Tie, side: str, data: Any = None) -> LineupForm:
    line = event_ties(tie.event, [tie])[0]
    team = line.team_a if side == "a" else line.team_b
    players = [
        (p.pk, p.name) for p in next(t for t in teams_of(tie.event) if t.team.pk == team.pk).players
    ]
    current = tie_sel.lineup_players(tie, side)
    return LineupForm(data, prefix=side, fmt=line.format, players=players, current=current)


@require_http_methods(["GET", "POST"])
def tie_desk(request: HttpRequest, slug: str, event_id: int, tie_id: int) -> HttpResponse:
    """A tie at the desk: both lineups, the captains' links, walkovers, the rubbers."""
    tournament, event = get_event(request, slug, event_id)
    tie = _tie(event, tie_id)
    forms = {side: _lineup_form(tie, side) for side in ("a", "b")}
    if request.method == "POST":
        actor = actor_of(request, tournament)
        action = request.POST.get("action", "")
        if action in ("lineup_a", "lineup_b"):
            side = action[-1]
            form = forms[side] = _lineup_form(tie, side, request.POST)
            if form.is_valid():
                try:
                    submit_lineup(
                        tie=tie, side=side, players=form.lineup(), actor=actor, via="desk"
                    )
                    messages.success(request, _("The lineup is in."))
                    return redirect("scoring:organiser-tie", slug, event.pk, tie.pk)
                except TournamentError as err:
                    _refused(form, err)
        elif action == "walkover":
            try:
                set_tie_walkover(tie=tie, side=request.POST.get("side", ""), actor=actor)
                messages.success(request, _("The tie's walkover is saved."))
                return redirect("scoring:organiser-tie", slug, event.pk, tie.pk)
            except TournamentError as err:
                show_error(request, err)
    line = event_ties(event, [tie])[0]
    links = {
        side: request.build_absolute_uri(
            reverse("scoring:captain-lineup", args=[getattr(tie, f"captain_token_{side}")])
        )
        for side in ("a", "b")
    }
    return render(
        request,
        "scoring/teams/tie.html",
        {
            "tournament": tournament,
            "event": event,
            "line": line,
            "forms": forms,
            "links": links,
            "both_in": len(line.lineups_in) == 2,
        },
    )


@login_not_required
@never_cache
@require_http_methods(["GET", "POST"])
def captain_lineup(request: HttpRequest, token: str) -> HttpResponse:
    """A captain's lineup page (the captain's private link, made for a phone): the team's
    lineup form until it is in; the other team's lineup only when both are in."""
    found = tie_sel.tie_of_captain(token)
    if found is None:
        raise Http404
    tie, side = found
    form = _lineup_form(tie, side)
    if request.method == "POST":
        form = _lineup_form(tie, side, request.POST)
        if form.is_valid():
            try:
                submit_lineup(
                    tie=tie,
                    side=side,
                    players=form.lineup(),
                    actor=Actor(via="link", device="captain"),
                    via="captain",
                )
                messages.success(request, _("Your lineup is in."))
                return redirect("scoring:captain-lineup", token)
            except TournamentError as err:
                _refused(form, err)
    line = event_ties(tie.event, [tie])[0]
    return render(
        request,
        "scoring/teams/captain.html",
        {
            "tie": tie,
            "line": line,
            "side": side,
            "form": form,
            "team": line.team_a if side == "a" else line.team_b,
            "other": line.team_b if side == "a" else line.team_a,
            "mine_in": side in line.lineups_in,
            "both_in": len(line.lineups_in) == 2,
        },
    )


@require_GET
@never_cache
def tie_sheets_pdf(request: HttpRequest, slug: str, event_id: int) -> HttpResponseBase:
    """The tie sheets of a team event (``?round=N`` one round, ``?tie=id`` one tie)."""
    tournament, event = get_event(request, slug, event_id)
    language = sheets.sheet_language(request.GET.get("lang") or get_language())

    def number(name: str) -> int | None:
        value = request.GET.get(name, "")
        return int(value) if value.isdigit() and len(value) < 10 else None

    data = tie_sheets(event, language, round_number=number("round"), tie_id=number("tie"))
    if not data:
        raise Http404("no ties")
    return pdf_response(
        render_tie_sheets(data), pdf_filename("tie-sheets", tournament.slug, event.name)
    )


@login_not_required
@require_GET
def live_ties(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """A team event in public: the team standings (each place's reason in words) and every
    tie with its rubbers as they are played (the players once both lineups are in)."""
    event = event_or_404(slug, event_id)
    if not event.is_teams:
        raise Http404("not a team event")
    return render(
        request,
        "scoring/teams/live_ties.html",
        {
            "tournament": event.tournament,
            "event": event,
            "standing_tables": team_tables(event),
            "ties": event_ties(event),
        },
    )


@login_not_required
@require_GET
def live_team(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    """A team's public page: its players' records, its ties with their rubbers."""
    team = get_object_or_404(
        tie_sel.teams(),
        pk=team_id,
        event__tournament__slug=slug,
    )
    return render(
        request,
        "scoring/teams/live_team.html",
        {"tournament": team.event.tournament, "event": team.event, "page": team_page(team)},
    )


urlpatterns: list[URLPattern] = [
    path(T + "events/<int:event_id>/teams/", event_teams, name="organiser-event-teams"),
    path(T + "events/<int:event_id>/ties/<int:tie_id>/", tie_desk, name="organiser-tie"),
    path(T + "events/<int:event_id>/tie-sheets.pdf", tie_sheets_pdf, name="print-tie-sheets"),
    path("captain/<str:token>/", captain_lineup, name="captain-lineup"),
    path("t/<slug:slug>/event/<int:event_id>/ties/", live_ties, name="live-event-ties"),
    path("t/<slug:slug>/team/<int:team_id>/", live_team, name="live-team"),
]
