"""The organiser's event pages: a new event, its settings, the event page (entries, rounds,
bracket, standings) and its entries (the players' pages and CSV import:
:mod:`scoring.views.organiser.players`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from scoring import standings
from scoring.converters import bounded_id
from scoring.forms.matches import GAMES_CHOICES, WithdrawForm
from scoring.forms.organiser import (
    EntryForm,
    EventForm,
    SeedForm,
)
from scoring.models import Event, Player, Round, Tournament
from scoring.records.draw_state import ELIMINATION
from scoring.selectors import organiser as organiser_selectors
from scoring.services import draws as draw_service
from scoring.services import tournaments as tournament_service
from scoring.services.errors import ServiceError
from scoring.services.tournaments import PlayerData, PossibleDuplicate, TournamentError
from scoring.views.organiser.base import (
    actor_of,
    get_event,
    get_tournament,
    maybe_url,
    show_error,
)
from scoring.views.requests import HtmxHttpRequest


@require_http_methods(["GET", "POST"])
def event_new(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    tournament = get_tournament(request, slug)
    form = EventForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = tournament_service.create_event(
                tournament=tournament,
                actor=actor_of(request, tournament),
                name=data["name"],
                kind=data["kind"],
                format=data["format"],
                rules=data["rules"],
                games_to_win=data["games_to_win"],
                settings=form.draw_settings(),
                order=data.get("order"),
                round_minutes=data.get("round_minutes"),
            )
        except TournamentError as err:
            show_error(request, err)
        else:
            messages.success(
                request, _("Event %(name)s created. Enter its players next.") % {"name": event.name}
            )
            return redirect("scoring:organiser-event", slug=slug, event_id=event.pk)
    return render(
        request,
        "scoring/organiser/event_form.html",
        {"form": form, "tournament": tournament, "event": None},
    )


@require_http_methods(["GET", "POST"])
def event_edit(request: HtmxHttpRequest, slug: str, event_id: int) -> HttpResponse:
    tournament, event = get_event(request, slug, event_id)
    form = EventForm(request.POST or None, instance=event, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        data = {
            k: form.cleaned_data[k]
            for k in ("name", "kind", "format", "rules", "games_to_win", "order", "round_minutes")
            if not form.fields[k].disabled
        }
        event.refresh_from_db()
        try:
            tournament_service.update_event(
                event=event,
                actor=actor_of(request, tournament),
                settings=form.draw_settings(),
                **data,
            )
        except TournamentError as err:
            show_error(request, err)
        else:
            messages.success(request, _("Saved."))
            return redirect("scoring:organiser-event", slug=slug, event_id=event.pk)
    return render(
        request,
        "scoring/organiser/event_form.html",
        {"form": form, "tournament": tournament, "event": event},
    )


@require_POST
def event_delete(request: HtmxHttpRequest, slug: str, event_id: int) -> HttpResponse:
    tournament, event = get_event(request, slug, event_id)
    try:
        tournament_service.delete_event(event=event, actor=actor_of(request, tournament))
    except TournamentError as err:
        show_error(request, err)
        return redirect("scoring:organiser-event", slug=slug, event_id=event_id)
    messages.success(request, _("Event deleted."))
    return redirect("scoring:organiser-home", slug=slug)


def _section_title(bracket: str) -> str:
    titles: dict[str, str] = {
        Round.Bracket.MAIN: _("Knock-out"),
        Round.Bracket.WINNERS: _("Winners bracket"),
        Round.Bracket.LOSERS: _("Losers bracket"),
        Round.Bracket.FINAL: _("Grand final"),
        Round.Bracket.PLACEMENT: _("Placement matches"),
        Round.Bracket.GROUPS: _("Groups"),
    }
    return titles[bracket]


def _standings(event: Event) -> list[Any]:
    """The event's standings tables: the one definition the live pages, the API and the
    printed sheet read (:func:`scoring.standings.event_standings`)."""
    return standings.event_standings(event)


@require_http_methods(["GET"])
def event_page(request: HtmxHttpRequest, slug: str, event_id: int) -> HttpResponse:
    """Entries, the draw and its rounds (bracket or round list), standings, the next step."""
    tournament, event = get_event(request, slug, event_id)
    return render(
        request, "scoring/organiser/event.html", _event_context(request, tournament, event)
    )


def _event_context(
    request: HtmxHttpRequest,
    tournament: Tournament,
    event: Event,
    entry_form: EntryForm | None = None,
) -> dict[str, Any]:
    entries = organiser_selectors.event_entries(event)
    rounds = organiser_selectors.event_rounds(event)
    state = organiser_selectors.draw_state(event)
    elimination = [r for r in rounds if r.bracket != Round.Bracket.GROUPS]
    bracket_view = event.format in ELIMINATION or (
        event.format == Event.Format.GROUPS and elimination
    )
    shown = rounds
    selected = None
    if event.format in (Event.Format.SWISS, Event.Format.GROUPS):
        listed = (
            [r for r in rounds if r.bracket in (Round.Bracket.MAIN, Round.Bracket.GROUPS)]
            if event.format == Event.Format.SWISS
            else [r for r in rounds if r.bracket == Round.Bracket.GROUPS]
        )
        wanted = request.GET.get("round")
        selected = next((r for r in listed if str(r.number) == wanted), None)
        if selected is None and listed:
            open_rounds = organiser_selectors.open_rounds(listed)
            selected = open_rounds[0] if open_rounds else listed[-1]
        shown = ([selected] if selected else []) + (elimination if bracket_view else [])
    blocks = organiser_selectors.round_blocks(event, shown)
    sections = []
    if bracket_view:
        order = [
            Round.Bracket.MAIN,
            Round.Bracket.WINNERS,
            Round.Bracket.LOSERS,
            Round.Bracket.FINAL,
            Round.Bracket.PLACEMENT,
        ]
        for key in order:
            columns = [b for b in blocks if b.round.bracket == key]
            if columns:
                sections.append({"key": key, "title": _section_title(key), "columns": columns})
    list_blocks = [
        b
        for b in blocks
        if b.round.bracket in (Round.Bracket.GROUPS,) or event.format == Event.Format.SWISS
    ]
    # issue 29: the tournament's own players; typing asks for the organiser's register
    known = [
        p.name for p in organiser_selectors.search_players(tournament, request.user, "", limit=200)
    ]
    suggest = reverse("scoring:organiser-player-search", args=[tournament.slug])
    from scoring.services.bracket_repairs import later_conflicts

    conflicts = later_conflicts(event) if bracket_view else []
    return {
        "bracket_conflicts": conflicts,
        "tournament": tournament,
        "event": event,
        "entries": entries,
        "active_entries": sum(1 for e in entries if not e.withdrawn),
        "entries_open": tournament_service.entries_open(event),
        "entry_form": entry_form
        or EntryForm(doubles=event.is_doubles, suggest_url=f"{suggest}?as=names"),
        "known_players": known,
        "rounds": rounds,
        "state": state,
        "sections": sections,
        "list_blocks": list_blocks,
        "selected_round": selected,
        "listed_rounds": [
            r
            for r in rounds
            if r.bracket
            == (Round.Bracket.GROUPS if event.format == Event.Format.GROUPS else Round.Bracket.MAIN)
        ]
        if event.format in (Event.Format.SWISS, Event.Format.GROUPS)
        else [],
        "standings": _standings(event),
        "champion": draw_service.champion(event) if state.complete else None,
        "live_bracket_url": maybe_url("live-bracket", tournament.slug, event.pk),
        "live_event_url": maybe_url("live-event", tournament.slug, event.pk),
        "round_games_choices": GAMES_CHOICES,
    }


@require_POST
def entry_add(request: HtmxHttpRequest, slug: str, event_id: int) -> HttpResponse:
    """Enter a player (or a pair); a name known under another club is first shown to the
    organiser ("… already exists: same person?", issue 31) and entered after the answer."""
    tournament, event = get_event(request, slug, event_id)
    form = EntryForm(
        request.POST,
        doubles=event.is_doubles,
        suggest_url=reverse("scoring:organiser-player-search", args=[tournament.slug])
        + "?as=names",
    )
    duplicate: dict[str, Any] | None = None
    entered = False
    if form.is_valid():
        d = form.cleaned_data
        player = PlayerData(
            d["name"],
            d.get("club") or "",
            d.get("nationality") or "",
            d.get("rating"),
            d.get("licence") or "",
            d.get("born"),
        )
        partner = (
            PlayerData(d["partner"], d.get("partner_club") or d.get("club") or "")
            if event.is_doubles
            else None
        )
        same_as = _answers(d, player, partner)
        try:
            entry = tournament_service.add_entry(
                event=event,
                player=player,
                partner=partner,
                seed=d.get("seed"),
                same_as=same_as,
                ask=True,
                actor=actor_of(request, tournament),
            )
        except PossibleDuplicate as err:
            role, known = next(iter(err.known.items()))
            duplicate = {
                "role": role,
                "field": f"same_{role}",
                "data": player if role == "player" else partner,
                "known": known,
                "answers": {f"same_{r}": request.POST.get(f"same_{r}") for r in same_as},
            }
        except TournamentError as err:
            show_error(request, err)
        else:
            messages.success(request, _("%(name)s entered.") % {"name": entry.name})
            entered = True
    else:
        messages.error(request, _("Check the entry: some fields are not valid."))
    context = _event_context(request, tournament, event, entry_form=None if entered else form)
    context["duplicate"] = duplicate
    if request.htmx:
        return render(request, "scoring/organiser/_entries_response.html", context)
    if not entered:
        return render(
            request, "scoring/organiser/event.html", context, status=200 if duplicate else 422
        )
    return redirect("scoring:organiser-event", slug=slug, event_id=event.pk)


def _answers(
    data: dict[str, Any], player: PlayerData, partner: PlayerData | None
) -> dict[str, Player | None]:
    """The organiser's answers to "same person?": the known player meant (only one of that
    name), or None for a new player; roles not answered are left out."""
    answers: dict[str, Player | None] = {}
    for role, person in (("player", player), ("partner", partner)):
        value = data.get(f"same_{role}") or ""
        if person is None or not value:
            continue
        if value == "new":
            answers[role] = None
            continue
        known = organiser_selectors.player_named(bounded_id(value) or 0, person.name)
        if known is not None:
            answers[role] = known
    return answers


ENTRY_ACTIONS = ("withdraw", "reinstate", "remove", "seed")


@require_POST
def entry_action(request: HtmxHttpRequest, slug: str, entry_id: int, action: str) -> HttpResponse:
    tournament = get_tournament(request, slug)
    entry = organiser_selectors.tournament_entry(tournament, entry_id)
    actor = actor_of(request, tournament)
    try:
        if action == "withdraw":
            form = WithdrawForm(request.POST)
            if not form.is_valid():
                raise TournamentError("withdraw_unconfirmed")
            decided = draw_service.withdraw_entry(
                entry=entry, actor=actor, reason=form.cleaned_data["reason"]
            )
            messages.success(
                request,
                ngettext(
                    "%(name)s withdrawn; %(count)s match becomes a walkover.",
                    "%(name)s withdrawn; %(count)s matches become walkovers.",
                    len(decided),
                )
                % {"name": entry.name, "count": len(decided)},
            )
        elif action == "reinstate":
            draw_service.reinstate_entry(entry=entry, actor=actor)
            messages.success(request, _("%(name)s is back in the event.") % {"name": entry.name})
        elif action == "remove":
            tournament_service.remove_entry(entry=entry, actor=actor)
            messages.success(request, _("%(name)s removed.") % {"name": entry.name})
        elif action == "seed":
            seed_form = SeedForm(request.POST)
            if not seed_form.is_valid():
                raise TournamentError("bad_seed")
            seed = seed_form.cleaned_data["seed"]
            tournament_service.set_seed(entry=entry, seed=seed, actor=actor)
            messages.success(request, _("Seed saved."))
        else:
            raise PermissionDenied("unknown action")
    except ServiceError as err:
        show_error(request, err)
    if request.htmx:
        return render(
            request,
            "scoring/organiser/_entries_response.html",
            _event_context(request, tournament, entry.event),
        )
    return redirect("scoring:organiser-event", slug=slug, event_id=entry.event_id)


@require_POST
def event_replay_conflicts(request: HtmxHttpRequest, slug: str, event_id: int) -> HttpResponse:
    """The played matches that no longer fit the bracket are played again (draw_conflict told
    to the organiser, issue 30); nothing recorded is deleted."""
    from scoring.services import bracket_repairs

    tournament, event = get_event(request, slug, event_id)
    try:
        n = bracket_repairs.replay_conflicts(
            event=event, actor=actor_of(request, tournament), reason=request.POST.get("reason", "")
        )
    except ServiceError as err:  # e.g. a saved draw that is not a bracket: said
        messages.error(request, err.text())
    else:
        messages.success(
            request,
            ngettext(
                "%(n)s match is to be played again.", "%(n)s matches are to be played again.", n
            )
            % {"n": n},
        )
    return redirect("scoring:organiser-event", slug=tournament.slug, event_id=event.pk)
