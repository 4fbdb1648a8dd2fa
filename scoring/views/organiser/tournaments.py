"""The organiser's tournament pages: the list, a new tournament, the dashboard, settings,
tables and the umpire pool."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.error_words import error_text
from scoring.forms.organiser import (
    CallupSettingsForm,
    TournamentForm,
)
from scoring.selectors import organiser as organiser_selectors
from scoring.services import callup as callup_service
from scoring.services import tournaments as tournament_service
from scoring.services.matches import (
    Actor,
)
from scoring.services.tournaments import TournamentError
from scoring.views.organiser.base import (
    actor_of,
    get_tournament,
    maybe_url,
    require_staff,
    show_error,
)


@require_http_methods(["GET"])
def index(request: HttpRequest) -> HttpResponse:
    """The tournaments the user organises (all of them for a superuser)."""
    if not organiser_selectors.organises_any(request.user):
        require_staff(request)
    tournaments = organiser_selectors.organised_tournaments(request.user)
    user = request.user
    return render(
        request,
        "scoring/organiser/index.html",
        {
            "tournaments": tournaments,
            # the button only for those allowed to use it (tournament_new: staff)
            "may_create": user.is_authenticated and (user.is_staff or user.is_superuser),
        },
    )


@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest) -> HttpResponse:
    require_staff(request)
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        actor = Actor(
            user=request.user,
            via="organiser",
            device=request.headers.get("User-Agent", "")[:200],
            ip=request.META.get("REMOTE_ADDR"),
            may_edit_locked=True,
        )
        try:
            tournament = tournament_service.create_tournament(actor=actor, **form.cleaned_data)
        except TournamentError as err:
            show_error(request, err)
        else:
            messages.success(
                request,
                _("Tournament %(name)s created. Add its events next.") % {"name": tournament.name},
            )
            return redirect("scoring:organiser-home", slug=tournament.slug)
    return render(
        request, "scoring/organiser/tournament_form.html", {"form": form, "tournament": None}
    )


@require_http_methods(["GET"])
def home(request: HttpRequest, slug: str) -> HttpResponse:
    """The organiser's dashboard: events with their progress, tables at a glance."""
    tournament = get_tournament(request, slug)
    rows = organiser_selectors.dashboard_rows(tournament)
    board = callup_service.board(tournament)
    return render(
        request,
        "scoring/organiser/home.html",
        {
            "tournament": tournament,
            "rows": rows,
            "board": board,
            "live_url": maybe_url("live-tournament", tournament.slug),
            "print_url": maybe_url("print-index", tournament.slug),
            "trust_url": maybe_url("trust-overview", tournament.slug),
            "new_match_url": maybe_url("umpire-new-match", tournament.slug),
        },
    )


@require_http_methods(["GET", "POST"])
def tournament_edit(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_tournament(request, slug)
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        data = {k: v for k, v in form.cleaned_data.items() if k != "slug"}
        try:
            tournament_service.update_tournament(
                tournament=tournament, actor=actor_of(request, tournament), **data
            )
        except TournamentError as err:
            show_error(request, err)
        else:
            messages.success(request, _("Saved."))
            return redirect("scoring:organiser-home", slug=tournament.slug)
    return render(
        request, "scoring/organiser/tournament_form.html", {"form": form, "tournament": tournament}
    )


def _table_label_problem(request: HttpRequest, tables: Any) -> str:
    """The sentence refusing a posted table label (NUL, control or text-direction characters),
    or ``""``."""
    for table in tables:
        try:
            tournament_service.clean_text(request.POST.get(f"label-{table.pk}", ""), field="label")
        except TournamentError as err:
            return _("Table %(number)s: %(problem)s") % {
                "number": table.number,
                "problem": error_text(err.code, err.params),
            }
    return ""


@require_http_methods(["GET", "POST"])
def tables(request: HttpRequest, slug: str) -> HttpResponse:
    """Tables in use (with labels) and the umpire pool of the call-up."""
    tournament = get_tournament(request, slug)
    form = CallupSettingsForm(
        request.POST or None,
        tournament=tournament,
        initial={
            "auto_callup": tournament.auto_callup,
            "umpires": organiser_selectors.tournament_umpires(tournament),
        },
    )
    if request.method == "POST":
        actor = actor_of(request, tournament)
        if "save_tables" in request.POST:
            tables = organiser_selectors.tournament_tables(tournament)
            refused = _table_label_problem(request, tables)
            if refused:  # nothing saved: every label is checked first (issue 29)
                messages.error(request, refused)
                return render(
                    request,
                    "scoring/organiser/tables.html",
                    {"tournament": tournament, "tables": tables, "form": form},
                    status=422,
                )
            for table in tables:
                label = request.POST.get(f"label-{table.pk}", table.label)
                active = request.POST.get(f"active-{table.pk}") == "on"
                tournament_service.update_table(
                    table=table, actor=actor, label=label, active=active
                )
            count = request.POST.get("table_count") or ""
            if count.isascii() and count.isdigit() and 1 <= int(count) <= 500:
                tournament_service.update_tournament(
                    tournament=tournament, actor=actor, table_count=int(count)
                )
            messages.success(request, _("Tables saved."))
            return redirect("scoring:organiser-tables", slug=slug)
        if form.is_valid():
            tournament_service.set_umpires(
                tournament=tournament, users=form.cleaned_data["umpires"], actor=actor
            )
            if form.cleaned_data["auto_callup"] != tournament.auto_callup:
                callup_service.set_auto(
                    tournament=tournament, on=form.cleaned_data["auto_callup"], actor=actor
                )
            messages.success(request, _("Umpires and call-up saved."))
            return redirect("scoring:organiser-tables", slug=slug)
    return render(
        request,
        "scoring/organiser/tables.html",
        {
            "tournament": tournament,
            "tables": organiser_selectors.tournament_tables(tournament),
            "form": form,
        },
    )
