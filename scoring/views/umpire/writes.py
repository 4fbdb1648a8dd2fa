"""The umpire tablet's writes: a board event (the stroke POST), the stroke-clock warning, the
steps between boards, undo, the extra points claim, toss, seating, paper boards, the players'
confirmation and the organiser's unlock. Each answers with the panel (htmx) or redirects."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import permissions
from scoring.forms.point_actions import PointActionForm
from scoring.forms.umpire import (
    ActionForm,
    ClaimForm,
    ConfirmForm,
    QuickBoardForm,
    SeatingForm,
    StrokeForm,
    TossForm,
    UndoForm,
    UnlockForm,
)
from scoring.models import Match
from scoring.rules import PadKind, first_breaker_of_game, get_rules, variant_for
from scoring.rulings import error_text
from scoring.selectors import umpire_matches as matches_read
from scoring.selectors.umpire import tablet
from scoring.services import board_steps, stroke_clock
from scoring.services import matches as services
from scoring.services.errors import REFUSED
from scoring.services.matches import Actor, MatchError, MatchLocked, StaleMatch
from scoring.views.requests import HtmxHttpRequest
from scoring.views.time_up import back_url
from scoring.views.umpire.base import (
    after_write,
    invalid,
    pad_state,
    point_names,
    refused,
    respond,
    umpire_view,
    umpire_write,
)

# --- writes ----------------------------------------------------------------------------------


@require_POST
@umpire_write
def event(
    request: HtmxHttpRequest, *, match: Match, actor: Actor, token: str | None
) -> Callable[[], HttpResponse]:
    """Record one board event: a stroke (the pad or a one-tap preset) or another action
    (in the transaction that locked ``match``; the answer is rendered after it)."""
    kind = request.POST.get("kind", "stroke")
    variant = variant_for(match.rules)
    form: StrokeForm | ActionForm | PointActionForm
    if kind == "stroke":
        form = StrokeForm(request.POST)
        pad = pad_state(request.POST)
        if not form.is_valid():
            return lambda: invalid(request, match, token, form, pad=pad)
        by = form.cleaned_data.get("by") or ""
        if by not in variant.strikers(tuple(match.sides)):
            return lambda: invalid(request, match, token, form, pad=pad)
        payload = form.payload(by, points=variant.pad_kind is PadKind.POINTS)
        breaker = form.cleaned_data.get("breaker") or None
    elif variant.pad_kind is PadKind.POINTS:
        form = PointActionForm(
            request.POST,
            sides=tuple(match.sides),
            names=point_names(match),
            rules=get_rules(match.rules),
        )
        pad = {}
        if not form.is_valid():
            return lambda: invalid(request, match, token, form)
        payload = form.payload()
        breaker = None
    else:
        form = ActionForm(request.POST)
        pad = {}
        if not form.is_valid():
            return lambda: invalid(request, match, token, form)
        payload = form.payload()
        breaker = form.cleaned_data.get("breaker") or None
    try:
        outcome = services.record_event(
            match=match,
            payload=payload,
            client_id=form.cleaned_data["client_id"],
            actor=actor,
            expected_revision=form.cleaned_data["revision"],
            breaker=breaker,
            locked=True,
        )
    except REFUSED as refusal:
        err = refusal  # kept past the except block for the answer rendered after it
        return lambda: refused(request, match, token, err, discarded=payload, pad=pad)
    return lambda: after_write(
        request, outcome.snapshot, token, appended=None if outcome.duplicate else outcome.event
    )


@require_POST
@umpire_view
def warning(
    request: HtmxHttpRequest, *, match: Match, actor: Actor, token: str | None
) -> HttpResponse:
    """ICF 50: the umpire warned the player on turn when the stroke clock ran out (kept
    beside the board's log, services/stroke_clock.py)."""
    form = UndoForm(request.POST)  # the request key and the revision, nothing else
    if not form.is_valid():
        return invalid(request, match, token, form)
    try:
        given = stroke_clock.record_warning(
            match=match, actor=actor, client_id=form.cleaned_data["client_id"]
        )
    except MatchLocked as err:
        return refused(request, match, token, err)
    except MatchError:
        return respond(
            request,
            services.match_snapshot(match),
            token,
            status=422,
            error=_("No board is being played: there is nobody to warn."),
        )
    notice = _("Warning recorded: %(player)s, stroke clock (ICF 50).") % {"player": given.player}
    return after_write(request, services.match_snapshot(match), token, notice=notice)


@require_POST
@umpire_view
def step(
    request: HtmxHttpRequest, *, match: Match, actor: Actor, token: str | None
) -> HttpResponse:
    """The umpire goes on from the card between boards: "Sides changed" (ICF 58-60) or
    "Start board N"; kept on the server, so a reload or a second tablet knows it. Refused
    while the interval before the deciding game runs (IT 102)."""
    form = UndoForm(request.POST)
    if not form.is_valid():
        return invalid(request, match, token, form)
    snapshot = services.match_snapshot(match)
    view = tablet(snapshot)
    steps = matches_read.steps_done(match)
    try:
        board_steps.acknowledge_step(
            match=match,
            actor=actor,
            step=request.POST.get("step", "")[:60],
            sides_changed=view.change_sides,
            current_step=view.step_key if view.card else "",
            interval_end=view.interval_end,
            interval_ended=view.step_key in steps["interval_ended"],
            toss_for_break=view.extra_board,
            breaker=request.POST.get("breaker") or None,
        )
    except MatchLocked as err:
        return refused(request, match, token, err)
    except MatchError as err:
        return respond(request, snapshot, token, status=422, error=error_text(err.code))
    return after_write(request, services.match_snapshot(match), token)


@require_POST
@umpire_view
def interval_end(
    request: HtmxHttpRequest, *, match: Match, actor: Actor, token: str | None
) -> HttpResponse:
    """An organiser ends the interval before the deciding game now (IT 102)."""
    if not permissions.is_organiser(request.user, match.event.tournament):
        raise PermissionDenied("organisers only")
    form = UndoForm(request.POST)
    if not form.is_valid():
        return invalid(request, match, token, form)
    view = tablet(services.match_snapshot(match))
    if not view.interval_end:
        return respond(
            request, view.snapshot, token, status=422, error=_("There is no interval to end.")
        )
    try:
        board_steps.end_interval(match=match, actor=actor, step=view.step_key)
    except MatchLocked as err:
        return refused(request, match, token, err)
    notice = _("The interval was ended by the organiser (IT 102).")
    if not request.htmx:  # the organiser's match page: back to it
        messages.success(request, notice)
        return redirect(back_url(request, match, token))
    return after_write(request, services.match_snapshot(match), token, notice=notice)


@require_POST
@umpire_view
def undo(
    request: HtmxHttpRequest, *, match: Match, actor: Actor, token: str | None
) -> HttpResponse:
    """Retract the last event (a new log row; nothing is deleted)."""
    form = UndoForm(request.POST)
    if not form.is_valid():
        return invalid(request, match, token, form)
    try:
        outcome = services.undo_last_event(
            match=match,
            client_id=form.cleaned_data["client_id"],
            actor=actor,
            expected_revision=form.cleaned_data["revision"],
        )
    except REFUSED as err:
        return refused(request, match, token, err)
    notice = _("The last event was undone.")
    if outcome.event is not None and outcome.event.payload.get("withdraws") == "board":
        notice = _("The board entered from paper was withdrawn: enter it again.")
    return after_write(request, outcome.snapshot, token, notice=notice)


@require_POST
@umpire_view
def claim(
    request: HtmxHttpRequest, *, match: Match, actor: Actor, token: str | None
) -> HttpResponse:
    """The board winner demands the extra points of the stroke that ended the board."""
    form = ClaimForm(request.POST)
    if not form.is_valid():
        return invalid(request, match, token, form)
    try:
        outcome = services.claim_extra_points(
            match=match,
            client_id=form.cleaned_data["client_id"],
            actor=actor,
            expected_revision=form.cleaned_data["revision"],
        )
    except REFUSED as err:
        return refused(request, match, token, err)
    return after_write(request, outcome.snapshot, token)


@require_POST
@umpire_view
def toss(
    request: HtmxHttpRequest, *, match: Match, actor: Actor, token: str | None
) -> HttpResponse:
    """ICF 40: who won the toss, and whether he chose the break or the side."""
    form = TossForm(request.POST)
    if not form.is_valid():
        return invalid(request, match, token, form)
    d = form.cleaned_data
    try:
        snapshot = services.record_toss(
            match=match,
            winner=d["winner"],
            choice=d["choice"],
            actor=actor,
            expected_revision=d["revision"],
        )
    except StaleMatch as err:
        match.refresh_from_db()
        if (match.toss_winner, match.toss_choice) != (d["winner"], d["choice"]):
            return refused(request, match, token, err)
        snapshot = services.match_snapshot(match)  # a retry of a toss that was recorded
    except REFUSED as err:
        return refused(request, match, token, err)
    return after_write(request, snapshot, token)


@require_POST
@umpire_view
def seating(
    request: HtmxHttpRequest, *, match: Match, actor: Actor, token: str | None
) -> HttpResponse:
    """Doubles: the four players around the board in turn order (ICF 49(b))."""
    if not match.toss_winner:
        return refused(request, match, token, MatchError("toss_missing"))
    breaker = first_breaker_of_game(1, ("a", "b"), match.toss_winner, match.toss_choice)
    form = SeatingForm(request.POST, match=match, breaker=breaker)
    if not form.is_valid():
        return invalid(request, match, token, form)
    order = form.seating()
    try:
        snapshot = services.record_seating(
            match=match, seating=order, actor=actor, expected_revision=form.cleaned_data["revision"]
        )
    except StaleMatch as err:
        match.refresh_from_db()
        if list(match.seating) != order:
            return refused(request, match, token, err)
        snapshot = services.match_snapshot(match)
    except REFUSED as err:
        return refused(request, match, token, err)
    return after_write(request, snapshot, token)


@require_POST
@umpire_view
def quick(
    request: HtmxHttpRequest, *, match: Match, actor: Actor, token: str | None
) -> HttpResponse:
    """A board played on paper: winner, the loser's carrommen and the queen, or an award."""
    form = QuickBoardForm(request.POST)
    if not form.is_valid():
        return invalid(request, match, token, form, forms={"quick": form})
    try:
        outcome = services.record_quick_board(
            match=match,
            client_id=form.cleaned_data["client_id"],
            actor=actor,
            expected_revision=form.cleaned_data["revision"],
            **form.service_kwargs(),
        )
    except REFUSED as err:
        return refused(request, match, token, err, forms={"quick": form})
    return after_write(request, outcome.snapshot, token)


@require_POST
@umpire_view
def confirm(
    request: HtmxHttpRequest, *, match: Match, actor: Actor, token: str | None
) -> HttpResponse:
    """A side confirms the result at the table (a tap, recorded); both lock the match."""
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        return invalid(request, match, token, form)
    try:
        snapshot = services.confirm_match(
            match=match, side=form.cleaned_data["side"], method="tap", actor=actor
        )
    except REFUSED as err:
        return refused(request, match, token, err)
    return after_write(request, snapshot, token)


@require_POST
@umpire_view
def unlock(
    request: HtmxHttpRequest, *, match: Match, actor: Actor, token: str | None
) -> HttpResponse:
    """An organiser reopens a confirmed match for a correction (logged with the reason)."""
    if not permissions.may_correct_locked(request.user, match):
        raise PermissionDenied("organisers only")
    form = UnlockForm(request.POST)
    if not form.is_valid():
        return invalid(request, match, token, form)
    try:
        snapshot = services.unlock_match(
            match=match, actor=actor, reason=form.cleaned_data["reason"]
        )
    except REFUSED as err:
        return refused(request, match, token, err)
    return after_write(request, snapshot, token, notice=_("The match is open for a correction."))


# --- the umpire's home, the organiser's stand-alone match and the umpire link ------------------
