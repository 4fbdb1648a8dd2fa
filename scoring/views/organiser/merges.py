"""Merging two records of one person (issue 31): choose, preview what moves, merge in one
step, undo while nothing new was recorded. Reads: :mod:`scoring.selectors.merges`; writes:
:mod:`scoring.services.merges`; who may: :func:`scoring.permissions.may_merge_players`."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from scoring import permissions
from scoring.error_words import error_text
from scoring.forms.fields import field_of
from scoring.models import Player, Tournament
from scoring.selectors import merges as merge_selectors
from scoring.services import merges as merge_service
from scoring.services.tournaments import TournamentError
from scoring.views.organiser.base import actor_of, get_tournament, show_error


class MergeForm(forms.Form):
    """The two records: the one kept and the one merged into it."""

    kept = forms.TypedChoiceField(label=gettext_lazy("Keep this record"), coerce=int)
    merged = forms.TypedChoiceField(label=gettext_lazy("Merge this record into it"), coerce=int)

    def __init__(self, *args: Any, choices: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        listed = [("", "—")] + [(p.pk, _label(p)) for p in choices]
        field_of(self, "kept", forms.ChoiceField).choices = listed
        field_of(self, "merged", forms.ChoiceField).choices = listed


def _label(player: Player) -> str:
    parts = [player.name, player.club, player.nationality, player.licence]
    return " · ".join(p for p in parts if p) + f" (#{player.pk})"


def _allowed(request: HttpRequest, tournament: Tournament, *players: Player) -> bool:
    touched = merge_selectors.tournaments_of(*players)
    return permissions.may_merge_players(request.user, tournament, touched)


@require_http_methods(["GET", "POST"])
def merge_players(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the two records and, once both are chosen, the preview; POST: the merge."""
    tournament = get_tournament(request, slug)
    choices = merge_selectors.merge_choices(tournament)
    form = MergeForm(
        request.POST if request.method == "POST" else request.GET or None, choices=choices
    )
    preview = None
    allowed = True
    if form.is_bound and form.is_valid():
        by_id = {p.pk: p for p in choices}
        kept, merged = by_id[form.cleaned_data["kept"]], by_id[form.cleaned_data["merged"]]
        preview = merge_selectors.merge_preview(kept=kept, merged=merged)
        allowed = _allowed(request, tournament, kept, merged)
        if request.method == "POST":
            if not allowed:
                raise PermissionDenied("organisers of every tournament touched only")
            try:
                merge_service.merge_players(
                    tournament=tournament,
                    kept=kept,
                    merged=merged,
                    actor=actor_of(request, tournament),
                )
            except TournamentError as err:
                show_error(request, err)
            else:
                messages.success(
                    request,
                    _(
                        "%(merged)s merged into %(kept)s: entries, statistics, placings and "
                        "exports now follow one player."
                    )
                    % {"merged": _label(merged), "kept": _label(kept)},
                )
                return redirect("scoring:organiser-players", slug=slug)
    status = 422 if request.method == "POST" else 200
    return render(
        request,
        "scoring/organiser/merge.html",
        {
            "tournament": tournament,
            "form": form,
            "preview": preview,
            "allowed": allowed,
            "candidates": merge_selectors.merge_candidates(tournament),
            "problem_text": error_text(preview.problem, preview.params)
            if preview is not None and preview.problem
            else "",
        },
        status=status,
    )


@require_POST
def merge_undo(request: HttpRequest, slug: str, merge_id: int) -> HttpResponse:
    """Undo a merge of this tournament while nothing new was recorded on it."""
    tournament = get_tournament(request, slug)
    merge = merge_selectors.tournament_merge(tournament, merge_id)
    if not _allowed(request, tournament, merge.kept, merge.merged):
        raise PermissionDenied("organisers of every tournament touched only")
    try:
        merge_service.undo_merge(merge=merge, actor=actor_of(request, tournament))
    except TournamentError as err:
        show_error(request, err)
    else:
        messages.success(
            request,
            _("The merge is undone: %(name)s is a record of its own again.")
            % {"name": _label(merge.merged)},
        )
    return redirect("scoring:organiser-players", slug=slug)
