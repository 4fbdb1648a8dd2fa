"""Views of the trust area, for organisers only: the audit trail of a tournament and of a
match, the paper-versus-tablet reconciliation (enter the paper scoresheet, see every
difference, record a decision) and an overview of a tournament's matches with the state of
their umpire links (revoking and renewing a link is the umpire area's link page).

Its URLs are listed in ``urlpatterns`` below and included by ``scoring/urls.py``.
"""

from __future__ import annotations

import json
from typing import Any

from crispy_forms.helper import FormHelper
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, URLPattern, path, reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST

from scoring import permissions
from scoring.forms.trust import (
    DECISIONS,
    PaperDecisionForm,
    PaperFormSet,
    SheetNoteForm,
    paper_rows,
)
from scoring.models import Match, Tournament
from scoring.rules import get_rules
from scoring.selectors import organiser_trust as trust_selectors
from scoring.services import reconcile
from scoring.views.organiser.base import get_tournament

#: Words for the audit trail's action codes (unknown codes are shown as they are).
ACTION_LABELS = {
    "toss": _("Toss"),
    "seating": _("Seating"),
    "event": _("Board event"),
    "undo": _("Undo"),
    "quick_board": _("Board (quick entry)"),
    "claim": _("Extra points claimed"),
    "confirm_side": _("Result confirmed by one side"),
    "confirmed": _("Result confirmed"),
    "unlock": _("Confirmed match reopened"),
    "umpire_link_revoked": _("Umpire link revoked"),
    "umpire_link_renewed": _("New umpire link"),
    "paper_sheet": _("Paper scoresheet entered"),
    "paper_decision": _("Decision on the paper scoresheet"),
    "restore": _("Tournament restored from a backup"),
    "import_sol": _("Imported from SoL"),
    "sol_result": _("Result imported from SoL"),
    # the organiser's and the hall's actions (issue 35: none shown as a raw code)
    "tournament_created": _("Tournament created"),
    "tournament_changed": _("Tournament settings changed"),
    "table_changed": _("Tables changed"),
    "umpires_changed": _("Umpires changed"),
    "organiser_added": _("Organiser added"),
    "organiser_revoked": _("Organiser removed"),
    "umpire_added": _("Umpire added"),
    "umpire_revoked": _("Umpire removed"),
    "password_code_issued": _("Set-password code issued"),
    "event_created": _("Event created"),
    "event_changed": _("Event changed"),
    "event_deleted": _("Event deleted"),
    "entry_added": _("Entry added"),
    "entry_removed": _("Entry removed"),
    "entry_seed": _("Seed changed"),
    "entry_withdrawn": _("Entry withdrawn"),
    "entry_reinstated": _("Entry reinstated"),
    "players_imported": _("Players imported"),
    "draw_made": _("Draw made"),
    "draw_pin": _("Pairing fixed by hand"),
    "draw_conflict": _("Draw conflict"),
    "round_drawn": _("Round drawn"),
    "round_deleted": _("Round deleted"),
    "round_games": _("Games per match of a round changed"),
    "match_created": _("Match created"),
    "match_moved": _("Match moved to another table"),
    "called": _("Match called to its table"),
    "call_released": _("Call withdrawn"),
    "auto_callup": _("Automatic call-up changed"),
    "checked_in": _("Checked in"),
    "checked_out": _("Check-in withdrawn"),
    "roll_call_opened": _("Roll call opened"),
    "roll_call_closed": _("Roll call closed"),
    "roll_call_options": _("Roll call settings changed"),
    "roll_call_applied": _("Roll call applied to the draw"),
    "walkover": _("Walkover"),
    "walkover_withdrawn": _("Walkover for a withdrawn entry"),
    "time_up": _("Time up"),
    "stroke_clock_warning": _("Stroke clock warning"),
    "interval_ended": _("Interval ended"),
    "correction": _("Late correction"),
    "correction_draw_kept": _("Late correction, draw kept"),
    "decision": _("Umpire's decision entered later"),
    "decision_draw_kept": _("Decision entered later, draw kept"),
    "recorded_game": _("Game recorded"),
    "rekey": _("Paper boards keyed again"),
    "later_replayed": _("Later match to be played again"),
    "later_awarded": _("Later match given by decision"),
    "eliminated_by_decision": _("Eliminated by decision"),
    "elimination_taken_back": _("Elimination by decision taken back"),
}

REPAIR_WORDS = {
    "move": _("the new winner moved into the next match"),
    "repair": _("the later round drawn again"),
    "keep": _("the draw kept"),
    "replay": _("the later matches played again"),
    "award": _("the later matches given by decision"),
    "eliminate": _("the later results kept, the new winner eliminated by decision"),
}


def audit_words(action: str, detail: dict[str, Any]) -> str:
    """The audit row in a sentence (the raw data stays behind the page's "details")."""
    reason = detail.get("reason") or ""
    words = ""
    if action in ("correction", "decision", "rekey"):
        winner = detail.get("winner") or ["", ""]
        if action == "decision":
            words = _("Given to %(side)s (%(law)s).") % {
                "side": str(detail.get("side", "")).upper(),
                "law": detail.get("law", ""),
            }
        elif action == "correction":
            words = _("Game %(game)s, board %(board)s corrected.") % {
                "game": detail.get("game", "?"),
                "board": detail.get("sequence", "?"),
            }
        else:
            words = _("%(n)s boards keyed again.") % {"n": len(detail.get("boards") or [])}
        if len(winner) == 2 and winner[0] != winner[1]:
            words += " " + _("Winner %(before)s → %(after)s.") % {
                "before": str(winner[0]).upper(),
                "after": str(winner[1]).upper(),
            }
        if detail.get("repair") in REPAIR_WORDS:
            words += " " + _("Draw: %(repair)s.") % {"repair": REPAIR_WORDS[detail["repair"]]}
    elif action in ("later_replayed", "later_awarded"):
        words = _("Because match %(n)s was corrected.") % {"n": detail.get("corrected_match", "?")}
        if action == "later_awarded":
            words += " " + _("Given to %(side)s (%(law)s).") % {
                "side": str(detail.get("side", "")).upper(),
                "law": detail.get("law", ""),
            }
    elif action == "eliminated_by_decision":
        words = _("%(side)s goes on, %(other)s is eliminated (%(law)s).") % {
            "side": str(detail.get("goes_on", "")).upper(),
            "other": str(detail.get("eliminated", "")).upper(),
            "law": detail.get("law", ""),
        }
    elif action == "elimination_taken_back":
        words = _("%(side)s goes on again as the winner of the boards.") % {
            "side": str(detail.get("goes_on", "")).upper()
        }
    elif action == "draw_conflict":
        words = _(
            "The result of match %(n)s no longer fits the bracket: an earlier result "
            "was changed. Correct it with a repair of the later matches."
        ) % {"n": detail.get("match", "?")}
    elif action == "walkover":
        words = _("Side %(side)s absent.") % {"side": str(detail.get("absent", "")).upper()}
    if reason:
        words = f"{words} " + _("Reason: %(reason)s") % {"reason": reason}
    return words.strip()


VIA_LABELS = {
    "link": _("umpire link"),
    "account": _("umpire account"),
    "organiser": _("organiser"),
    "import": _("import"),
    "system": _("system"),
}

DIFFERENCE_LABELS = {
    "game_missing_on_tablet": _("The paper has this game, the tablet has not."),
    "game_missing_on_paper": _("The tablet has this game, the paper has not."),
    "board_missing_on_tablet": _("The paper has this board, the tablet has not."),
    "board_missing_on_paper": _("The tablet has this board, the paper has not."),
    "board_unfinished_on_tablet": _("The tablet has not finished this board yet."),
    "winner": _("Different board winner"),
    "points": _("Different points"),
    "carrommen": _("Different number of carrommen left"),
    "queen": _("Different player covered the queen"),
    "law": _("Different law"),
    "game_score": _("Different game score"),
    "not_comparable": _("Point carrom matches are not compared."),
}


# --- helpers ---------------------------------------------------------------------------------


def _match(request: HttpRequest, slug: str, match_id: int) -> tuple[Tournament, Match]:
    tournament = get_tournament(request, slug)
    match = trust_selectors.trust_match(tournament, match_id)
    return tournament, match


def _link_admin_url(match: Match) -> str | None:
    try:
        return reverse("scoring:umpire-link-admin", args=[match.pk])
    except NoReverseMatch:  # pragma: no cover - the umpire area provides it
        return None


def link_state(match: Match) -> str:
    """``revoked``, ``valid`` or ``expired`` (after the tournament's last day)."""
    if match.umpire_token_revoked_at is not None:
        return "revoked"
    return "valid" if permissions.link_is_valid(match, match.umpire_token) else "expired"


def _json(value: Any) -> str:
    if value in (None, "", {}, []):
        return ""
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _audit_rows(entries: Any) -> list[dict[str, Any]]:
    rows = []
    for entry in entries:
        detail = entry.detail if isinstance(entry.detail, dict) else {"detail": entry.detail}
        rest = {k: v for k, v in detail.items() if k not in ("before", "after")}
        rows.append(
            {
                "entry": entry,
                "who": entry.actor.get_username() if entry.actor else "",
                "via": VIA_LABELS.get(entry.via, entry.via),
                "action": ACTION_LABELS.get(entry.action, entry.action),
                "words": audit_words(entry.action, detail),
                "before": _json(detail.get("before")),
                "after": _json(detail.get("after")),
                "detail": _json(rest),
            }
        )
    return rows


# --- overview --------------------------------------------------------------------------------


@require_http_methods(["GET"])
def overview(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament's matches with their umpire link, paper sheets and audit trail."""
    tournament = get_tournament(request, slug)
    matches = trust_selectors.matches_with_sheets(tournament)
    rows = [{"match": m, "link": link_state(m), "link_url": _link_admin_url(m)} for m in matches]
    return render(request, "scoring/trust/overview.html", {"tournament": tournament, "rows": rows})


# --- audit trail -----------------------------------------------------------------------------


@require_http_methods(["GET"])
def tournament_audit(request: HttpRequest, slug: str) -> HttpResponse:
    """Every recorded action of the tournament, newest first (filter by action)."""
    tournament = get_tournament(request, slug)
    actions = trust_selectors.audit_actions(trust_selectors.tournament_audit(tournament))
    action = request.GET.get("action", "")
    entries = trust_selectors.tournament_audit(tournament, action)
    page = Paginator(entries, 50).get_page(request.GET.get("page"))
    return render(
        request,
        "scoring/trust/audit.html",
        {
            "tournament": tournament,
            "match": None,
            "page": page,
            "rows": _audit_rows(page.object_list),
            "action": action,
            "actions": [(a, ACTION_LABELS.get(a, a)) for a in actions],
        },
    )


@require_http_methods(["GET"])
def match_audit(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    """Every recorded action on one match, oldest first, with the match's umpire link."""
    tournament, match = _match(request, slug, match_id)
    entries = trust_selectors.match_audit(match)
    page = Paginator(entries, 200).get_page(request.GET.get("page"))
    return render(
        request,
        "scoring/trust/audit.html",
        {
            "tournament": tournament,
            "match": match,
            "page": page,
            "rows": _audit_rows(page.object_list),
            "link": link_state(match),
            "link_url": _link_admin_url(match),
        },
    )


# --- paper scoresheet ------------------------------------------------------------------------


def _formset_helper() -> FormHelper:
    helper = FormHelper()
    helper.form_tag = False
    helper.template = "bootstrap5/table_inline_formset.html"
    return helper


def _difference_rows(differences: list[reconcile.Difference]) -> list[dict[str, Any]]:
    def show(value: Any) -> str:
        if isinstance(value, dict):
            return ", ".join(
                f"{k}: {str(v).upper() if k == 'winner' else v}" for k, v in value.items()
            )
        if value in ("a", "b"):
            return str(value).upper()
        return "—" if value is None else str(value)

    return [
        {
            "difference": d,
            "label": DIFFERENCE_LABELS.get(d.field, d.field),
            "paper": show(d.paper),
            "tablet": show(d.tablet),
        }
        for d in differences
    ]


@require_http_methods(["GET", "POST"])
def paper(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    """Enter the paper scoresheet of a match and see how it differs from the tablet."""
    tournament, match = _match(request, slug, match_id)
    sheet = trust_selectors.latest_paper_sheet(match)
    if request.method == "POST":
        formset = PaperFormSet(
            request.POST,
            prefix="board",
            form_kwargs={"board_max": get_rules(match.rules).board_max},
        )
        note_form = SheetNoteForm(request.POST)
        if formset.is_valid() and note_form.is_valid():
            actor = permissions.organiser_actor(request, tournament)
            try:
                reconcile.record_paper_sheet(
                    match=match,
                    games=formset.sheet(),
                    actor=actor,
                    note=note_form.cleaned_data["note"],
                )
            except reconcile.PaperError as err:
                messages.error(
                    request, _("The sheet was not saved: %(reason)s") % {"reason": err.text()}
                )
            else:
                messages.success(request, _("The paper scoresheet was saved."))
                return redirect("scoring:trust-paper", slug=tournament.slug, match_id=match.pk)
        status = 422
    else:
        formset = PaperFormSet(
            prefix="board",
            initial=paper_rows(sheet),
            form_kwargs={"board_max": get_rules(match.rules).board_max},
        )
        note_form = SheetNoteForm()
        status = 200
    differences = reconcile.compare(match, games=sheet.games) if sheet is not None else None
    return render(
        request,
        "scoring/trust/paper.html",
        {
            "tournament": tournament,
            "match": match,
            "sheet": sheet,
            "formset": formset,
            "helper": _formset_helper(),
            "note_form": note_form,
            "differences": _difference_rows(differences) if differences is not None else None,
            "decision_form": PaperDecisionForm(),
            "closed": _closed(match, sheet),
            "decisions": [
                {"entry": e, "label": dict(DECISIONS).get(e.detail.get("decision"), "")}
                for e in trust_selectors.match_audit(match, "paper_decision", newest_first=True)
            ],
        },
        status=status,
    )


def _closed(match: Any, sheet: Any) -> Any:
    """The decision "the tablet is right" made on the latest sheet (the comparison is
    closed), or None."""
    if sheet is None:
        return None
    latest = next(
        iter(trust_selectors.match_audit(match, "paper_decision", newest_first=True)), None
    )
    if (
        latest is not None
        and latest.detail.get("decision") == "tablet"
        and (latest.created_at >= sheet.created_at)
    ):
        return latest
    return None


@require_POST
def paper_decision(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    """Record the official's decision on the differences of the latest paper sheet."""
    tournament, match = _match(request, slug, match_id)
    sheet = trust_selectors.latest_paper_sheet(match)
    form = PaperDecisionForm(request.POST)
    if sheet is None:
        messages.error(request, _("Enter the paper scoresheet first."))
    elif not form.is_valid():
        errors = "; ".join(str(e) for errs in form.errors.values() for e in errs)
        messages.error(request, _("The decision was not recorded: %(reason)s") % {"reason": errors})
    else:
        actor = permissions.organiser_actor(request, tournament)
        decision = form.cleaned_data["decision"]
        reconcile.record_decision(
            match=match, sheet=sheet, decision=decision, note=form.cleaned_data["note"], actor=actor
        )
        if decision == "tablet":
            messages.success(request, _("The tablet's record stands; the comparison is closed."))
        elif decision == "paper":
            target = _correction_for_paper(tournament, match, sheet)
            if target:
                messages.info(
                    request,
                    _(
                        "The paper is right: correct the record now. The "
                        "form is filled in from the paper sheet."
                    ),
                )
                return redirect(target)
            messages.success(request, _("The decision was recorded in the audit trail."))
        else:
            messages.success(request, _("The decision was recorded in the audit trail."))
    return redirect("scoring:trust-paper", slug=tournament.slug, match_id=match.pk)


def _correction_for_paper(tournament: Any, match: Any, sheet: Any) -> str:
    """Where "the paper is right" leads: the re-keying of the match's paper boards filled in
    from the sheet, or the correction of the first board that differs (stroke-logged); ""
    when the match is not finished (nothing to correct yet)."""
    from scoring.selectors import organiser_corrections

    if match.status not in ("finished", "confirmed") or match.walkover:
        return ""
    differences = reconcile.compare(match, games=sheet.games)
    first = next((d for d in differences if d.board is not None), None)
    board = (
        organiser_corrections.board_at(match, first.game, first.board)
        if first is not None and first.board is not None
        else None
    )
    if first is not None and board is not None and board.kind == "log":
        url = reverse("scoring:organiser-match-correct", args=[tournament.slug, match.pk, board.pk])
        return f"{url}?from=paper&game={first.game}&board={first.board}"
    if organiser_corrections.paper_boards(match):
        return reverse("scoring:organiser-match-rekey", args=[tournament.slug, match.pk]) + (
            "?from=paper"
        )
    return ""


urlpatterns: list[URLPattern] = [
    path("t/<slug:slug>/trust/", overview, name="trust-overview"),
    path("t/<slug:slug>/audit/", tournament_audit, name="trust-audit"),
    path("t/<slug:slug>/matches/<int:match_id>/audit/", match_audit, name="trust-match-audit"),
    path("t/<slug:slug>/matches/<int:match_id>/paper/", paper, name="trust-paper"),
    path(
        "t/<slug:slug>/matches/<int:match_id>/paper/decision/",
        paper_decision,
        name="trust-paper-decision",
    ),
]
