"""The check-or-save flow that the correction pages share (docs/CORRECTIONS.md): the form
checked, the preview of what changes downstream (next round, bracket slot, standings), or the
change saved with the repair chosen for the draw built on it (issue 30's repairs); the page
rendered with the preview's words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from scoring.draw_words import round_title
from scoring.error_words import error_text
from scoring.models import Match, Tournament
from scoring.services.matches import MatchError
from scoring.views.organiser.base import actor_of
from scoring.views.requests import HtmxHttpRequest


def later_repair(data: dict[str, Any]) -> dict[str, str]:
    """The law and the side of a decision on the later matches (issue 30's repairs)."""
    return {
        "law": (data.get("repair_law") or "").strip(),
        "award_to": data.get("award_to") or "moved",
    }


def repair_texts(preview: Any) -> dict[str, str]:
    return {
        "move": _("Move the new winner into match %(number)s.") % {"number": preview.next_match}
        if preview and preview.next_match
        else "",
        "repair": _("Draw the later round again on the corrected result."),
        "keep": _("Keep the draw as it is (the reason is logged)."),
        "replay": _(
            "Put the new winner into the later match and play it again: its "
            "boards are kept as withdrawn, the players toss again."
        ),
        "award": _(
            "Put the new winner in and give the later match by an umpire's "
            "decision (award boards with the law)."
        ),
        "eliminate": _(
            "Keep the later results as they are: %(winner)s is eliminated by "
            "decision and %(old)s goes on."
        )
        % {
            "winner": preview.names.get(preview.winner_after, ""),
            "old": preview.names.get(preview.winner_before, ""),
        }
        if preview and preview.names
        else "",
    }


@dataclass
class Outcome:
    """What the check-or-save flow of a correction page answers."""

    preview: Any = None
    error: str = ""
    status: int = 200
    done: HttpResponse | None = None


def check_or_save(
    request: HtmxHttpRequest,
    tournament: Tournament,
    match: Match,
    form: Any,
    preview: Callable[[dict[str, Any], Any], Any],
    save: Callable[[dict[str, Any], Any], Any],
    saved: str,
) -> Outcome:
    """The flow both correction pages share: an invalid form is 422; "save" saves and goes
    back to the match (``saved`` is the message); otherwise the preview of what changes. A
    refusal of the service is its words and status; nothing is saved."""
    if request.method != "POST":
        return Outcome()
    if not form.is_valid():
        return Outcome(error=_("Check the marked fields."), status=422)
    data, actor = form.cleaned_data, actor_of(request, tournament)
    try:
        if request.POST.get("save") == "yes":
            save(data, actor)
            messages.success(request, saved)
            return Outcome(
                done=redirect("scoring:organiser-match", slug=tournament.slug, match_id=match.pk)
            )
        return Outcome(preview=preview(data, actor))
    except MatchError as err:
        shown = None
        if request.POST.get("save") == "yes" and err.code in (
            "decision_law",
            "bad_winner",
            "repair_not_possible",
        ):
            try:  # a refused repair keeps what changes on the page, to choose again
                shown = preview(data, actor)
            except MatchError:
                shown = None
        return Outcome(preview=shown, error=error_text(err.code, err.params), status=err.status)


def correction_page(
    request: HtmxHttpRequest,
    template: str,
    partial: str,
    match: Match,
    outcome: Outcome,
    **context: Any,
) -> HttpResponse:
    if request.htmx:
        template += f"#{partial}"
    return render(
        request,
        template,
        {
            "match": match,
            "preview": outcome.preview,
            "error": outcome.error,
            "repair_texts": repair_texts(outcome.preview),
            "names": {
                "a": match.entry_a.name if match.entry_a else "A",
                "b": match.entry_b.name if match.entry_b else "B",
            },
            "round_title": round_title(match.round),
            **context,
        },
        status=outcome.status,
    )
