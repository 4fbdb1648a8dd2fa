"""The organiser's players pages: every player of the tournament with the events entered, the
pickers' typeahead, and the CSV import of players and entries (``docs/CSV.md``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.error_words import error_text
from scoring.forms.organiser import ImportForm
from scoring.limits import text_problem
from scoring.selectors import merges as merge_selectors
from scoring.selectors import organiser as organiser_selectors
from scoring.services import tournaments as tournament_service
from scoring.views.organiser.base import actor_of, get_tournament


@require_http_methods(["GET"])
def players(request: HttpRequest, slug: str) -> HttpResponse:
    """Every player of the tournament with the events entered."""
    tournament = get_tournament(request, slug)
    ordered = organiser_selectors.tournament_players(tournament)
    return render(
        request,
        "scoring/organiser/players.html",
        {
            "tournament": tournament,
            "rows": ordered,
            "candidates": merge_selectors.merge_candidates(tournament),
            "merges": merge_selectors.tournament_merges(tournament),
        },
    )


@require_http_methods(["GET", "POST"])
def import_players(request: HttpRequest, slug: str) -> HttpResponse:
    """CSV import of players and entries (``docs/CSV.md``): all lines or none."""
    tournament = get_tournament(request, slug)
    initial = {}
    if request.GET.get("event"):
        initial["event"] = request.GET["event"]
    form = ImportForm(
        request.POST or None, request.FILES or None, tournament=tournament, initial=initial
    )
    result = None
    errors: list[dict[str, Any]] = []
    duplicates: list[dict[str, Any]] = []
    if request.method == "POST" and form.is_valid():
        result = tournament_service.import_csv(
            tournament=tournament,
            data=form.csv_content(),
            actor=actor_of(request, tournament),
            default_event=form.cleaned_data.get("event"),
            dry_run=form.cleaned_data.get("check_only", False),
            duplicates=form.cleaned_data.get("duplicates") or "ask",
        )
        errors = [{"line": e.line, "text": error_text(e.code, e.params)} for e in result.errors]
        duplicates = (
            [
                {"line": e.line, "name": e.params["name"], "known": e.params["known"]}
                for e in result.duplicates
            ]
            if not result.errors
            else []
        )
        if duplicates:
            # asked: the lines come back in the text box, so the answer sends them again
            data = request.POST.copy()
            data["text"] = result.text
            data["duplicates"] = "same"
            form = ImportForm(data, tournament=tournament)
            form.is_valid()
        if result.ok and not form.cleaned_data.get("check_only"):
            c = result.counts
            messages.success(
                request,
                _(
                    "Imported %(lines)s lines: %(created)s new players, %(entries)s new entries "
                    "(%(kept)s already entered, %(updated)s players updated)."
                )
                % {
                    "lines": result.rows,
                    "created": c["players_created"],
                    "entries": c["entries_created"],
                    "kept": c["entries_kept"],
                    "updated": c["players_updated"],
                },
            )
            if c["players_copied"] or c["players_not_changed"]:
                messages.info(
                    request,
                    _(
                        "Players who also play in other tournaments were not changed: "
                        "%(copied)s got a record of their own in this tournament, %(kept)s kept "
                        "their rating and nationality."
                    )
                    % {"copied": c["players_copied"], "kept": c["players_not_changed"]},
                )
            event = form.cleaned_data.get("event")
            if event is not None:
                return redirect("scoring:organiser-event", slug=slug, event_id=event.pk)
            return redirect("scoring:organiser-players", slug=slug)
    status = 422 if result is not None and not result.ok and not duplicates else 200
    return render(
        request,
        "scoring/organiser/import.html",
        {
            "tournament": tournament,
            "form": form,
            "result": result,
            "errors": errors,
            "duplicates": duplicates,
            "columns": tournament_service.COLUMNS,
        },
        status=status,
    )


@require_http_methods(["GET"])
def player_search(request: HttpRequest, slug: str) -> HttpResponse:
    """The pickers' typeahead (htmx, issue 29): at most 20 players of the tournament and of the
    organiser's own register whose name or club holds the text typed — never every player.
    ``as=names``: ``<option>`` values for the entry form's suggestions; else a select's
    options (the new-match page)."""
    tournament = get_tournament(request, slug)
    text = next((request.GET[k] for k in ("q", "name", "partner") if request.GET.get(k)), "")
    if text_problem(text) is not None:
        text = ""  # a NUL would be refused by PostgreSQL: no search for it
    players = organiser_selectors.search_players(tournament, request.user, text)
    part = "names" if request.GET.get("as") == "names" else "options"
    return render(
        request, f"scoring/organiser/player_picker.html#{part}", {"players": players, "text": text}
    )
