"""Rounds and the draw: draw an event, the next round, take back the last round, a round's
match length, and the draw edits (swap two places, pair the last Swiss round again)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scoring.draw_words import round_title
from scoring.error_words import error_text
from scoring.forms.matches import (
    RoundGamesForm,
)
from scoring.models import Event, Round
from scoring.records.draw_state import ELIMINATION
from scoring.selectors import organiser as organiser_selectors
from scoring.services import draw_edits
from scoring.services import draws as draw_service
from scoring.services.draw_base import DrawServiceError
from scoring.views.organiser.base import (
    actor_of,
    get_event,
    get_tournament,
    posted_rounds,
    show_error,
)


@require_POST
def draw(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    tournament, event = get_event(request, slug, event_id)
    try:
        draw_service.draw_event(
            event=event, actor=actor_of(request, tournament), expected_rounds=posted_rounds(request)
        )
    except DrawServiceError as err:
        show_error(request, err)
    else:
        messages.success(request, _("The draw is made."))
    return redirect("scoring:organiser-event", slug=slug, event_id=event.pk)


@require_POST
def next_round(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    tournament, event = get_event(request, slug, event_id)
    try:
        made = draw_service.next_round(
            event=event, actor=actor_of(request, tournament), expected_rounds=posted_rounds(request)
        )
    except DrawServiceError as err:
        show_error(request, err)
    else:
        messages.success(
            request, _("Drawn: %(rounds)s.") % {"rounds": ", ".join(round_title(r) for r in made)}
        )
    return redirect("scoring:organiser-event", slug=slug, event_id=event.pk)


@require_http_methods(["GET", "POST"])
def delete_round(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """Take back the last round (asks first; refuses once a match of it has started)."""
    tournament, event = get_event(request, slug, event_id)
    rounds = organiser_selectors.event_rounds(event)
    if request.method == "POST":
        if request.POST.get("sure") != "yes":
            messages.error(request, _("Tick the box to confirm."))
        else:
            try:
                draw_service.delete_last_round(
                    event=event,
                    actor=actor_of(request, tournament),
                    expected_rounds=posted_rounds(request) or -1,
                )
            except DrawServiceError as err:
                show_error(request, err)
            else:
                messages.success(request, _("The round was taken back."))
            return redirect("scoring:organiser-event", slug=slug, event_id=event.pk)
    if event.format == Event.Format.SWISS:
        doomed = rounds[-1:]
    elif event.format == Event.Format.GROUPS and any(
        r.bracket != Round.Bracket.GROUPS for r in rounds
    ):
        doomed = [r for r in rounds if r.bracket != Round.Bracket.GROUPS]
    else:
        doomed = rounds
    matches = organiser_selectors.round_match_count(doomed)
    return render(
        request,
        "scoring/organiser/delete_round.html",
        {
            "tournament": tournament,
            "event": event,
            "rounds": rounds,
            "doomed": [round_title(r) for r in doomed],
            "matches": matches,
        },
    )


@require_POST
def round_games(request: HttpRequest, slug: str, round_id: int) -> HttpResponse:
    tournament = get_tournament(request, slug)
    rnd = organiser_selectors.tournament_round(tournament, round_id)
    form = RoundGamesForm(request.POST)
    if form.is_valid():
        try:
            draw_service.set_round_games(
                rnd=rnd,
                games_to_win=form.cleaned_data["games_to_win"],
                actor=actor_of(request, tournament),
            )
        except DrawServiceError as err:
            show_error(request, err)
        else:
            messages.success(request, _("Saved."))
    return redirect(
        reverse("scoring:organiser-event", args=[slug, rnd.event_id]) + f"?round={rnd.number}"
    )


@require_http_methods(["GET", "POST"])
def draw_edit(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """Swap two places (or a place and a bye) of the round that can still change; pair the
    last Swiss round again. The format's invariants are re-checked (override logged)."""
    tournament, event = get_event(request, slug, event_id)
    rounds = organiser_selectors.event_rounds(event)
    rnd = None
    if event.format == Event.Format.SWISS and rounds:
        rnd = rounds[-1]
    elif event.format in ELIMINATION:
        rnd = next((r for r in rounds if r.number == 1), None)
    if request.method == "POST":
        actor = actor_of(request, tournament)
        try:
            if request.POST.get("action") == "pair_again":
                draw_edits.pair_round_again(
                    event=event, actor=actor, expected_rounds=posted_rounds(request) or -1
                )
                messages.success(request, _("The round is paired again."))
            else:
                first, second = (request.POST.get(k, "").split(":") for k in ("first", "second"))
                broken = draw_edits.swap_entries(
                    event=event,
                    first=(int(first[0]), first[1]),
                    second=(int(second[0]), second[1]),
                    actor=actor,
                    override=request.POST.get("override") == "yes",
                    reason=request.POST.get("reason", ""),
                )
                messages.success(
                    request, _("Swapped.") if not broken else _("Swapped; the override is logged.")
                )
        except (ValueError, IndexError):
            messages.error(request, error_text("edit_bad_places"))
        except DrawServiceError as err:
            show_error(request, err)
            for pair in organiser_selectors.repeat_pairings(err.params.get("broken") or []):
                messages.error(
                    request,
                    _(
                        "Match %(number)s: %(a)s and %(b)s already played "
                        "each other in round %(round)s."
                    )
                    % pair,
                )
            # the selections stay: the organiser ticks "override" or chooses again
            keep = {k: request.POST.get(k, "") for k in ("first", "second", "reason")}
            return redirect(
                reverse("scoring:organiser-draw-edit", args=[slug, event.pk])
                + "?"
                + urlencode(keep)
            )
        return redirect("scoring:organiser-draw-edit", slug=slug, event_id=event.pk)
    places = []
    if rnd is not None:
        for m in organiser_selectors.round_matches(rnd):
            for side in ("a", "b"):
                entry = m.entry_for(side)
                if entry is not None:
                    label = _("Match %(number)s, %(side)s: %(name)s") % {
                        "number": m.number,
                        "side": side.upper(),
                        "name": entry.name,
                    }
                    if m.bye:
                        label += " (" + _("Bye") + ")"
                    places.append((f"{m.pk}:{side}", label))
    return render(
        request,
        "scoring/organiser/draw_edit.html",
        {
            "tournament": tournament,
            "event": event,
            "round": rnd,
            "round_title": round_title(rnd),
            "places": places,
            "rounds": len(rounds),
            "editable": rnd is not None and draw_edits.swappable(event, rnd=rnd),
            "swiss": event.format == Event.Format.SWISS,
            "chosen": {k: request.GET.get(k, "") for k in ("first", "second", "reason")},
        },
    )
