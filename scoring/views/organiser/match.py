"""The organiser's match page: the toss, boards from the paper sheet, walkover, confirmation."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scoring.draw_words import reason_text, round_title
from scoring.error_words import error_text
from scoring.forms.matches import (
    QuickBoardForm,
    TossForm,
    WalkoverForm,
)
from scoring.models import Match, Tournament
from scoring.selectors import organiser as organiser_selectors
from scoring.services import draws as draw_service
from scoring.services.draw_base import DrawServiceError
from scoring.services.matches import (
    MatchError,
    match_snapshot,
    record_quick_board,
    record_toss,
)
from scoring.views.organiser.base import (
    actor_of,
    get_match,
    maybe_url,
    show_error,
)
from scoring.views.requests import HtmxHttpRequest


def _match_context(
    match: Match, quick_form: QuickBoardForm | None = None, error: str = ""
) -> dict[str, Any]:
    snapshot = match_snapshot(match)
    games = []
    state = snapshot.state
    if state is not None and hasattr(state, "games"):
        for number, (row, game) in enumerate(
            zip(snapshot.games, state.games, strict=False), start=1
        ):
            stored = snapshot.boards.get(row.pk, [])
            games.append(
                {
                    "number": number,
                    "scores": game.scores,
                    "finished": game.finished,
                    "winner": game.winner,
                    "boards": [b for b in game.boards if not b.void],
                    "rows": [
                        (board, score)
                        for board, score in zip(stored, game.boards, strict=False)
                        if not score.void
                    ],
                }
            )
    if quick_form is None:
        quick_form = QuickBoardForm(
            initial={"client_id": uuid.uuid4(), "revision": match.revision, "queen": ""}
        )
    return {
        "match": match,
        "snapshot": snapshot,
        "games": games,
        "names": {
            "a": match.entry_a.name if match.entry_a else "A",
            "b": match.entry_b.name if match.entry_b else "B",
        },
        "toss_form": TossForm(),
        "quick_form": quick_form,
        "walkover_form": WalkoverForm(),
        "error": error,
        "round_title": round_title(match.round),
        "reason": reason_text(match.draw_reason),
        "playable": (
            match.entry_a_id
            and match.entry_b_id
            and not match.bye
            and not match.walkover
            and match.status != Match.Status.CONFIRMED
        ),
        "correctable": snapshot.finished and not match.walkover and not match.bye,
        "rekeyable": snapshot.finished
        and not match.walkover
        and not match.bye
        and any(row.kind != "log" for game in games for row, _score in game["rows"]),
        "by_organiser": organiser_selectors.confirmed_by_organiser(match),
        "tablet_url": maybe_url("umpire-match", match.pk),
        "live_url": maybe_url("live-match", match.event.tournament.slug, match.pk),
    }


def _match_response(
    request: HtmxHttpRequest, tournament: Tournament, match: Match, status: int = 200, **extra: Any
) -> HttpResponse:
    match = organiser_selectors.fresh_match(match)
    context = {"tournament": tournament, **_match_context(match, **extra)}
    template = "scoring/organiser/match.html"
    if request.htmx:
        template += "#panel"
    return render(request, template, context, status=status)


@require_http_methods(["GET"])
def match_page(request: HtmxHttpRequest, slug: str, match_id: int) -> HttpResponse:
    """Result entry for one match: toss, boards from the paper sheet, walkover, confirmation."""
    tournament, match = get_match(request, slug, match_id)
    return _match_response(request, tournament, match)


@require_POST
def match_toss(request: HtmxHttpRequest, slug: str, match_id: int) -> HttpResponse:
    tournament, match = get_match(request, slug, match_id)
    form = TossForm(request.POST)
    if not form.is_valid():
        return _match_response(
            request, tournament, match, status=422, error=error_text("toss_required")
        )
    if form.is_valid():
        try:
            record_toss(
                match=match,
                winner=form.cleaned_data["toss_winner"],
                choice=form.cleaned_data["toss_choice"],
                actor=actor_of(request, tournament),
            )
        except MatchError as err:
            return _match_response(
                request,
                tournament,
                match,
                status=err.status,
                error=error_text(err.code, err.params),
            )
    return _after_result(request, tournament, match)


@require_POST
def match_quick(request: HtmxHttpRequest, slug: str, match_id: int) -> HttpResponse:
    """One board from the paper sheet. The toss is required before the first board (no
    default); the revision the page showed is checked (409 when someone recorded meanwhile)."""
    tournament, match = get_match(request, slug, match_id)
    form = QuickBoardForm(request.POST)
    if not form.is_valid():
        return _match_response(
            request,
            tournament,
            match,
            status=422,
            quick_form=form,
            error=_("Choose who won the board and the loser's carrommen left."),
        )
    d = form.cleaned_data
    actor = actor_of(request, tournament)
    revision = d["revision"]
    try:
        if not match.toss_winner:
            toss = TossForm(request.POST)
            if not toss.is_valid():
                return _match_response(
                    request,
                    tournament,
                    match,
                    status=422,
                    quick_form=form,
                    error=error_text("toss_required"),
                )
            record_toss(
                match=match,
                winner=toss.cleaned_data["toss_winner"],
                choice=toss.cleaned_data["toss_choice"],
                actor=actor,
                expected_revision=revision,
            )
            revision += 1
        record_quick_board(
            match=match,
            winner=d["winner"],
            carrommen=d["carrommen"],
            queen=d["queen"] or None,
            client_id=d["client_id"],
            actor=actor,
            expected_revision=revision,
        )
    except MatchError as err:
        return _match_response(
            request, tournament, match, status=err.status, error=error_text(err.code, err.params)
        )
    return _after_result(request, tournament, match)


@require_POST
def match_walkover(request: HtmxHttpRequest, slug: str, match_id: int) -> HttpResponse:
    tournament, match = get_match(request, slug, match_id)
    form = WalkoverForm(request.POST)
    if not form.is_valid():
        return _match_response(
            request,
            tournament,
            match,
            status=422,
            error=_("Choose who did not play and tick the box."),
        )
    try:
        draw_service.record_walkover(
            match=match, absent=form.cleaned_data["absent"], actor=actor_of(request, tournament)
        )
    except DrawServiceError as err:
        return _match_response(
            request, tournament, match, status=422, error=error_text(err.code, err.params)
        )
    messages.success(request, _("Walkover recorded."))
    return _after_result(request, tournament, match)


@require_POST
def match_confirm(request: HtmxHttpRequest, slug: str, match_id: int) -> HttpResponse:
    tournament, match = get_match(request, slug, match_id)
    try:
        draw_service.confirm_result(match=match, actor=actor_of(request, tournament))
    except DrawServiceError as err:
        if request.POST.get("next") == "callup":
            show_error(request, err)
            return redirect("scoring:organiser-callup", slug=slug)
        return _match_response(
            request, tournament, match, status=422, error=error_text(err.code, err.params)
        )
    messages.success(request, _("Result confirmed."))
    if request.POST.get("next") == "callup":
        return redirect("scoring:organiser-callup", slug=slug)
    return redirect("scoring:organiser-event", slug=slug, event_id=match.event_id)


def _after_result(request: HtmxHttpRequest, tournament: Tournament, match: Match) -> HttpResponse:
    if request.htmx:
        return _match_response(request, tournament, match)
    return redirect("scoring:organiser-match", slug=tournament.slug, match_id=match.pk)
