"""Views of the organiser area (see docs/ARCHITECTURE.md): tournaments, events, entries and the
CSV import, draws and rounds, result entry (quick entry from the paper sheet, walkovers,
confirmation), tables and umpires, and the call-up board. Its URLs are listed in
``urlpatterns`` below (``organiser/…`` and ``t/<slug>/organiser/…``) and included by
``scoring/urls.py``.

Only the tournament's organisers (``scoring.permissions``) may open these pages; creating a
tournament needs a staff account. Every change goes through one service call; the services'
error codes are translated here.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models import F, Prefetch, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, URLPattern, path, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from scoring import permissions, standings
from scoring.converters import bounded_id
from scoring.forms.organiser import (
    CallupSettingsForm,
    EntryForm,
    EventForm,
    ImportForm,
    LogCorrectionForm,
    PaperCorrectionForm,
    QuickBoardForm,
    RoundGamesForm,
    SeedForm,
    TossForm,
    TournamentForm,
    WalkoverForm,
    WithdrawForm,
)
from scoring.models import Board, Entry, Event, Game, Match, Player, Round, Table, Tournament
from scoring.rulings import error_text as match_error_text
from scoring.services import callup as callup_service
from scoring.services import corrections as correction_service
from scoring.services import draw_edits
from scoring.services import draws as draw_service
from scoring.services import tournaments as tournament_service
from scoring.services.draws import DrawServiceError
from scoring.services.matches import (
    Actor,
    MatchError,
    live_events,
    match_snapshot,
    record_quick_board,
    record_toss,
)
from scoring.services.tournaments import PlayerData, TournamentError

MATCH_RELATED = ("event", "round", "table", "umpire", "entry_a__player", "entry_a__partner",
                 "entry_b__player", "entry_b__partner")


# --- texts -------------------------------------------------------------------------------------


def error_text(code: str, params: dict[str, Any] | None = None) -> str:
    """The organiser's message for a service error code (all services of this area)."""
    p = dict(params or {})
    texts = {
        # tournaments, events, entries
        "end_before_start": _("The last day cannot be before the first day."),
        "unknown_rules": _("Unknown rules."),
        "slug_taken": _("This web address is taken."),
        "bad_field": _("This cannot be changed here."),
        "bad_setting": _("An option of the format is not valid."),
        "points_rules": _("Point carrom events need the point carrom rules, and point carrom "
                          "rules need a point carrom event."),
        "points_no_draw": _("Point carrom events are single matches or a round robin of "
                            "three-player tables (format: round-robin groups)."),
        "event_exists": _("An event with this name exists already."),
        "drawn_fixed": _("The draw is made: kind, format and rules can no longer change."),
        "event_has_matches": _("The event has matches; it cannot be deleted."),
        "entries_closed": _("Entries to %(event)s are closed (the draw is made)."),
        "partner_missing": _("A doubles entry needs a partner."),
        "partner_singles": _("A singles entry has no partner."),
        "partner_self": _("A player cannot partner himself."),
        "already_entered": _("%(name)s is already entered in this event."),
        "bad_seed": _("A seed is a whole number from 1."),
        "seed_taken": _("Seed %(seed)s is already given to %(name)s."),
        "entry_has_matches": _("%(name)s has matches; withdraw the entry instead."),
        # call-up
        "wrong_tournament": _("That match is not part of this tournament."),
        "not_ready": _("Match %(number)s is not waiting for a table."),
        "table_inactive": _("%(table)s is not in use."),
        "table_taken": _("%(table)s is taken."),
        "player_busy": _("%(name)s is still playing (%(where)s)."),
        "umpire_busy": _("%(name)s is umpiring another match."),
        "not_called": _("Match %(number)s is not at a table."),
        # draws
        "not_drawable": _("This event has no draw (single matches)."),
        "already_drawn": _("The draw was made meanwhile (perhaps by a second click); nothing "
                           "was changed."),
        "too_few_entries": _("At least %(minimum)s entries are needed."),
        "too_many_point_entries": _("A point-carrom round robin takes at most %(maximum)s "
                                    "entries (every three of them meet once)."),
        "not_drawn": _("The draw is not made yet."),
        "round_incomplete": _("Not every match of the round is confirmed yet."),
        "all_rounds_drawn": _("Every planned round is drawn."),
        "groups_incomplete": _("Not every group match is confirmed yet."),
        "nothing_to_draw": _("There is nothing to draw now."),
        "stale_rounds": _("The rounds changed meanwhile; nothing was deleted. Check the page "
                          "and try again."),
        "round_started": _("A match of that round has started or has a result."),
        "walkover_not_ready": _("Both entries of the match must be known for a walkover."),
        "already_decided": _("The match already has a result."),
        "bad_games": _("Choose one game, best of three or best of five."),
        "bracket_mismatch": _("The saved bracket does not match its draw; check it in the "
                              "administration."),
        "duplicate_entry": _("An entry appears more than once."),
        "too_many_groups": _("%(entries)s entries cannot fill %(groups)s groups of at least "
                             "two."),
        "no_valid_pairing": _("No pairing without repeated opponents exists for this round."),
        "no_bye_candidate": _("Every player has had a bye already; nobody can take another."),
        "bad_argument": _("The draw options are not valid."),
        "bad_result": _("A result does not fit the draw."),
        "unexpected_result": _("A result was recorded on a match that was not ready."),
        # corrections (scoring.services.corrections)
        "reason_required": _("Say why the result is corrected (kept in the audit trail)."),
        "bad_repair": _("Choose what happens to the draw."),
        "repair_not_possible": _("That repair does not fit this correction; choose one of "
                                 "those shown."),
        "correction_not_finished": _("Only a finished match is corrected here; while it is "
                                     "played, undo on the tablet."),
        "bad_board": _("That board is not part of this match."),
        "board_withdrawn": _("That board was withdrawn; it does not count."),
        "bad_correction_kind": _("That board needs the other kind of correction."),
        "bad_correction_point": _("Choose an event of this board."),
        "correction_unchanged": _("That is what the board has already; nothing to correct."),
        "correction_illegal": _("The events are not a legal board: %(detail)s"),
        "correction_board_open": _("The corrected board must end: a win, or void."),
        "correction_breaks_match": _("After this correction a later board no longer fits its "
                                     "game (%(detail)s): correct that board too, or decide "
                                     "the game by an award."),
        "correction_unfinished": _("After this correction the match would not be over: a "
                                   "board is missing. Correct the board that was entered "
                                   "wrongly instead."),
        "bad_award": _("An award needs 1 to %(max)s points and its law."),
        "toss_required": _("Record the toss first (ICF 40): who won it, and whether he chose "
                           "the break or the side."),
        "withdraw_unconfirmed": _("Give a reason and tick the box to withdraw the entry."),
        # draw edits (scoring.services.draw_edits)
        "edit_not_last_round": _("Only the last Swiss round can be changed."),
        "edit_not_first_round": _("Only the first knock-out round can be changed; later "
                                  "rounds follow the results."),
        "edit_not_possible": _("The draw of this format cannot be changed by hand."),
        "edit_bad_places": _("Choose two different places of one round."),
        "draw_invariant": _("This change breaks a rule of the format (a repeated pairing or "
                            "a second bye). Tick “override” and give a reason to make it "
                            "anyway."),
        "override_reason": _("An override needs a reason (it is logged)."),
        # CSV import
        "csv_empty": _("The file has no lines to import."),
        "csv_no_name_column": _("The first line must name the columns; a name column is "
                                "required."),
        "csv_unknown_columns": _("Unknown columns: %(columns)s."),
        "csv_too_long": _("More than %(max)s lines."),
        "csv_broken": _("The file is not valid CSV: %(detail)s."),
        "name_missing": _("The name is missing."),
        "name_too_long": _("The name is longer than 120 characters."),
        "bad_nationality": _("“%(value)s” is not a country code (two or three letters)."),
        "bad_rating": _("The rating “%(value)s” is not a whole number from %(min)s to "
                        "%(max)s."),
        "bad_seed_value": _("The seed “%(value)s” is not a whole number from 1 to %(max)s."),
        "csv_wrong_delimiter": _("The columns are not separated by a comma, a semicolon or a "
                                 "tab (first line: “%(line)s”)."),
        "csv_changed_meanwhile": _("The entries changed while the file was read; nothing was "
                                   "imported. Please import it again."),
        "name_bidi": _("A name contains text-direction control characters; remove them."),
        "unknown_event": _("There is no event “%(value)s” in this tournament."),
        "event_missing": _("No event: fill the event column or choose an event above."),
        "duplicate_line": _("The same player is already on line %(other)s."),
        "duplicate_seed": _("Seed %(seed)s is also given on line %(other)s."),
    }
    text = texts.get(code)
    if text is None:
        return match_error_text(code, p, _("This is not possible now (%(code)s).")
                                % {"code": code})
    try:
        return text % p if "%(" in text else text
    except (KeyError, TypeError, ValueError):
        return text


def reason_text(reason: dict[str, Any] | None) -> str:
    """Why a pair was made (``Match.draw_reason``), in the current language."""
    if not reason:
        return ""
    p = dict(reason.get("params") or {})
    if "by" in p:
        p["by"] = {"club": _("club"), "nation": _("nation")}.get(p["by"], p["by"])
    texts = {
        "ko_seeded": _("Seed %(seed_a)s v seed %(seed_b)s."),
        "manual_swap": _("Changed by hand by the organiser (logged)."),
        "sep_moved": _("Paired apart from clubmates: separation by %(by)s moved this "
                       "pairing."),
        "sep_group": _("Group %(group)s: separation by %(by)s moved an entry here from "
                       "another group of its pot."),
        "ko_seeded_drawn": _("Seed %(seed_a)s v a drawn entry."),
        "ko_drawn": _("Drawn entries (bracket lines %(line_a)s and %(line_b)s)."),
        "ko_bye": _("Bye for seed %(seed)s: byes go to the top seeds."),
        "ko_bye_drawn": _("Bye for a drawn entry: there are more byes than seeded entries."),
        "ko_void": _("No entrant reaches this match."),
        "ko_walkover_bye": _("The opponent's place is empty (bye or double walkover), so this "
                             "entry advances."),
        "ko_feed": _("The winners of the earlier matches meet."),
        "ko_third_place": _("Third-place match between the losing semi-finalists."),
        "de_grand_final": _("Grand final: winners-bracket champion v losers-bracket champion."),
        "de_reset": _("Grand final reset: the losers-bracket champion won the first grand "
                      "final."),
        "de_not_needed": _("Not needed: the winners-bracket champion won the first grand "
                           "final."),
        "group_places": _("Place %(place_a)s of group %(group_a)s v place %(place_b)s of "
                          "group %(group_b)s."),
        "group_bye": _("Bye for place %(place)s of group %(group)s: byes go to the best "
                       "qualifiers."),
        "rr_round": _("Round %(round)s of %(rounds)s (circle method)."),
        "rr_bye": _("Bye: the group has an odd number of entries."),
        "swiss_pair": _("Score group %(score)s: rank %(rank_a)s v rank %(rank_b)s."),
        "swiss_float_odd": _("Rank %(rank_a)s floated down from score group %(score_a)s to "
                             "score group %(score_b)s (odd number in the group) to play rank "
                             "%(rank_b)s."),
        "swiss_float_blocked": _("Rank %(rank_a)s floated down from score group %(score_a)s "
                                 "to score group %(score_b)s (no new opponent left in the "
                                 "group) to play rank %(rank_b)s."),
        "swiss_bye": _("Bye for rank %(rank)s: the lowest-ranked player without a bye (a won "
                       "game 25–0)."),
        "swiss_bye_moved": _("Bye for rank %(rank)s: the %(skipped)s lower-ranked player(s) "
                             "without a bye could not be given the bye and still pair "
                             "everybody else."),
    }
    text = texts.get(reason.get("code", ""), "")
    try:
        return text % p if text and "%(" in text else text
    except (KeyError, TypeError, ValueError):
        return text


def round_title(rnd: Round | None) -> str:
    """A round's name in the current language (stored names are English msgids)."""
    if rnd is None:
        return ""
    if rnd.name:
        return _(rnd.name)
    return _("Round %(number)s") % {"number": rnd.number}


def _fail(request: HttpRequest, err: Exception) -> None:
    code = getattr(err, "code", "error")
    messages.error(request, error_text(code, getattr(err, "params", {})))


def _maybe_url(name: str, *args: Any) -> str:
    try:
        return reverse(f"scoring:{name}", args=args)
    except NoReverseMatch:  # another area's page that is not there (yet)
        return ""


# --- access ------------------------------------------------------------------------------------


def _staff(request: HttpRequest) -> None:
    user = request.user
    if not (user.is_authenticated and (user.is_staff or user.is_superuser)):
        raise PermissionDenied("staff only")


def _tournament(request: HttpRequest, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    permissions.require_organiser(request.user, tournament)
    return tournament


def _event(request: HttpRequest, slug: str, event_id: int) -> tuple[Tournament, Event]:
    tournament = _tournament(request, slug)
    return tournament, get_object_or_404(Event, pk=event_id, tournament=tournament)


def _match(request: HttpRequest, slug: str, match_id: int) -> tuple[Tournament, Match]:
    tournament = _tournament(request, slug)
    match = get_object_or_404(Match.objects.select_related(*MATCH_RELATED), pk=match_id,
                              event__tournament=tournament)
    return tournament, match


def _actor(request: HttpRequest, tournament: Tournament):
    return permissions.organiser_actor(request, tournament)


# --- tournaments -------------------------------------------------------------------------------


@require_http_methods(["GET"])
def index(request: HttpRequest) -> HttpResponse:
    """The tournaments the user organises (all of them for a superuser)."""
    if not request.user.organised_tournaments.exists():
        _staff(request)
    tournaments = Tournament.objects.all()
    if not request.user.is_superuser:
        tournaments = tournaments.filter(organisers=request.user)
    return render(request, "scoring/organiser/index.html", {"tournaments": tournaments})


@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest) -> HttpResponse:
    _staff(request)
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        actor = Actor(user=request.user, via="organiser",
                                  device=request.headers.get("User-Agent", "")[:200],
                                  ip=request.META.get("REMOTE_ADDR"), may_edit_locked=True)
        try:
            tournament = tournament_service.create_tournament(actor=actor, **form.cleaned_data)
        except TournamentError as err:
            _fail(request, err)
        else:
            messages.success(request, _("Tournament %(name)s created. Add its events next.")
                             % {"name": tournament.name})
            return redirect("scoring:organiser-home", slug=tournament.slug)
    return render(request, "scoring/organiser/tournament_form.html",
                  {"form": form, "tournament": None})


@require_http_methods(["GET"])
def home(request: HttpRequest, slug: str) -> HttpResponse:
    """The organiser's dashboard: events with their progress, tables at a glance."""
    tournament = _tournament(request, slug)
    events = list(tournament.events.order_by("order", "name"))
    counts = defaultdict(lambda: defaultdict(int))
    for event_id, status in Match.objects.filter(event__tournament=tournament).values_list(
            "event_id", "status"):
        counts[event_id][status] += 1
    entries = defaultdict(int)
    for event_id in Entry.objects.filter(event__tournament=tournament,
                                         withdrawn=False).values_list("event_id", flat=True):
        entries[event_id] += 1
    rows = []
    for event in events:
        c = counts[event.pk]
        total = sum(c.values())
        rows.append({"event": event, "entries": entries[event.pk], "matches": total,
                     "done": c[Match.Status.CONFIRMED],
                     "playing": c[Match.Status.CALLED] + c[Match.Status.PLAYING],
                     "waiting": c[Match.Status.FINISHED]})
    board = callup_service.board(tournament)
    return render(request, "scoring/organiser/home.html", {
        "tournament": tournament, "rows": rows, "board": board,
        "live_url": _maybe_url("live-tournament", tournament.slug),
        "print_url": _maybe_url("print-index", tournament.slug),
        "trust_url": _maybe_url("trust-overview", tournament.slug),
        "new_match_url": _maybe_url("umpire-new-match", tournament.slug),
    })


@require_http_methods(["GET", "POST"])
def tournament_edit(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(request, slug)
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        data = {k: v for k, v in form.cleaned_data.items() if k != "slug"}
        try:
            tournament_service.update_tournament(tournament=tournament,
                                                 actor=_actor(request, tournament), **data)
        except TournamentError as err:
            _fail(request, err)
        else:
            messages.success(request, _("Saved."))
            return redirect("scoring:organiser-home", slug=tournament.slug)
    return render(request, "scoring/organiser/tournament_form.html",
                  {"form": form, "tournament": tournament})


# --- events ------------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def event_new(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(request, slug)
    form = EventForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = tournament_service.create_event(
                tournament=tournament, actor=_actor(request, tournament), name=data["name"],
                kind=data["kind"], format=data["format"], rules=data["rules"],
                games_to_win=data["games_to_win"], settings=form.draw_settings(),
                order=data.get("order"))
        except TournamentError as err:
            _fail(request, err)
        else:
            messages.success(request, _("Event %(name)s created. Enter its players next.")
                             % {"name": event.name})
            return redirect("scoring:organiser-event", slug=slug, event_id=event.pk)
    return render(request, "scoring/organiser/event_form.html",
                  {"form": form, "tournament": tournament, "event": None})


@require_http_methods(["GET", "POST"])
def event_edit(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    tournament, event = _event(request, slug, event_id)
    form = EventForm(request.POST or None, instance=event, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        data = {k: form.cleaned_data[k] for k in ("name", "kind", "format", "rules",
                                                   "games_to_win", "order")
                if not form.fields[k].disabled}
        event.refresh_from_db()
        try:
            tournament_service.update_event(event=event, actor=_actor(request, tournament),
                                            settings=form.draw_settings(), **data)
        except TournamentError as err:
            _fail(request, err)
        else:
            messages.success(request, _("Saved."))
            return redirect("scoring:organiser-event", slug=slug, event_id=event.pk)
    return render(request, "scoring/organiser/event_form.html",
                  {"form": form, "tournament": tournament, "event": event})


@require_POST
def event_delete(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    tournament, event = _event(request, slug, event_id)
    try:
        tournament_service.delete_event(event=event, actor=_actor(request, tournament))
    except TournamentError as err:
        _fail(request, err)
        return redirect("scoring:organiser-event", slug=slug, event_id=event_id)
    messages.success(request, _("Event deleted."))
    return redirect("scoring:organiser-home", slug=slug)


@dataclass
class MatchLine:
    match: Match
    labels: tuple[str, str]
    known: tuple[bool, bool]
    reason: str
    games: list[Game] = field(default_factory=list)

    @property
    def result(self) -> str:
        m = self.match
        if m.bye:
            return _("Bye") if (m.entry_a_id or m.entry_b_id) else "—"
        won = m.games_won or {}
        if m.walkover:
            return _("Walkover")
        if not self.games:
            return ""
        return f"{won.get('a', 0)}–{won.get('b', 0)}"

    @property
    def scores(self) -> str:
        return ", ".join(f"{g.scores.get('a', 0)}–{g.scores.get('b', 0)}" for g in self.games
                         if g.scores)

    @property
    def winner(self) -> str:
        return self.match.winner_side if self.match.status == Match.Status.CONFIRMED else ""


@dataclass
class RoundBlock:
    round: Round
    title: str
    lines: list[MatchLine]
    open: int = 0


def _section_title(bracket: str) -> str:
    return {
        Round.Bracket.MAIN: _("Knock-out"), Round.Bracket.WINNERS: _("Winners bracket"),
        Round.Bracket.LOSERS: _("Losers bracket"), Round.Bracket.FINAL: _("Grand final"),
        Round.Bracket.PLACEMENT: _("Placement matches"), Round.Bracket.GROUPS: _("Groups"),
    }[bracket]


def _round_blocks(event: Event, rounds: list[Round]) -> list[RoundBlock]:
    """The matches of ``rounds`` with entrant labels ("Winner of match 3"), results and the
    reason of each pairing (three queries)."""
    ids = [r.pk for r in rounds]
    matches = list(Match.objects.filter(round_id__in=ids)
                   .select_related(*MATCH_RELATED)
                   .prefetch_related(Prefetch("games", queryset=Game.objects.order_by("number")))
                   .order_by("round_id", "group", "position", "number"))
    feeders: dict[tuple[int, str], tuple[str, int]] = {}
    for m in Match.objects.filter(event=event).filter(
            Q(winner_to__isnull=False) | Q(loser_to__isnull=False)).values_list(
            "number", "winner_to_id", "winner_to_side", "loser_to_id", "loser_to_side"):
        number, wt, ws, lt, ls = m
        if wt:
            feeders[(wt, ws)] = ("winner", number)
        if lt:
            feeders[(lt, ls)] = ("loser", number)
    by_round: dict[int, list[MatchLine]] = defaultdict(list)
    for m in matches:
        labels, known = [], []
        for side in ("a", "b"):
            entry = m.entry_for(side)
            if entry is not None:
                labels.append(entry.name)
                known.append(True)
                continue
            known.append(False)
            feeder = feeders.get((m.pk, side))
            if m.bye:
                labels.append(_("Bye"))
            elif feeder is not None:
                kind, number = feeder
                labels.append((_("Winner of match %(number)s") if kind == "winner"
                               else _("Loser of match %(number)s")) % {"number": number})
            else:
                labels.append(_("to be decided"))
        by_round[m.round_id].append(MatchLine(m, (labels[0], labels[1]),
                                              (known[0], known[1]),
                                              reason_text(m.draw_reason), list(m.games.all())))
    blocks = []
    for r in rounds:
        lines = by_round.get(r.pk, [])
        blocks.append(RoundBlock(r, round_title(r), lines,
                                 sum(1 for line in lines
                                     if line.match.status != Match.Status.CONFIRMED)))
    return blocks


def _standings(event: Event) -> list[Any]:
    """The event's standings tables: the one definition the live pages, the API and the
    printed sheet read (:func:`scoring.standings.event_standings`)."""
    return standings.event_standings(event)


@require_http_methods(["GET"])
def event_page(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """Entries, the draw and its rounds (bracket or round list), standings, the next step."""
    tournament, event = _event(request, slug, event_id)
    return render(request, "scoring/organiser/event.html",
                  _event_context(request, tournament, event))


def _event_context(request: HttpRequest, tournament: Tournament, event: Event,
                   entry_form: EntryForm | None = None) -> dict[str, Any]:
    entries = list(event.entries.select_related("player", "partner")
                   .order_by("withdrawn", F("seed").asc(nulls_last=True), "player__name"))
    rounds = list(event.rounds.order_by("number", "bracket"))
    state = draw_service.draw_state(event)
    elimination = [r for r in rounds if r.bracket != Round.Bracket.GROUPS]
    bracket_view = event.format in draw_service.ELIMINATION or (
        event.format == Event.Format.GROUPS and elimination)
    shown = rounds
    selected = None
    if event.format in (Event.Format.SWISS, Event.Format.GROUPS):
        listed = [r for r in rounds if r.bracket in (Round.Bracket.MAIN, Round.Bracket.GROUPS)
                  ] if event.format == Event.Format.SWISS else [
            r for r in rounds if r.bracket == Round.Bracket.GROUPS]
        wanted = request.GET.get("round")
        selected = next((r for r in listed if str(r.number) == wanted), None)
        if selected is None and listed:
            open_rounds = [r for r in listed if Match.objects.filter(round=r).exclude(
                status=Match.Status.CONFIRMED).exists()]
            selected = open_rounds[0] if open_rounds else listed[-1]
        shown = ([selected] if selected else []) + (elimination if bracket_view else [])
    blocks = _round_blocks(event, shown)
    sections = []
    if bracket_view:
        order = [Round.Bracket.MAIN, Round.Bracket.WINNERS, Round.Bracket.LOSERS,
                 Round.Bracket.FINAL, Round.Bracket.PLACEMENT]
        for key in order:
            columns = [b for b in blocks if b.round.bracket == key]
            if columns:
                sections.append({"key": key, "title": _section_title(key),
                                 "columns": columns})
    list_blocks = [b for b in blocks if b.round.bracket in (Round.Bracket.GROUPS,)
                   or event.format == Event.Format.SWISS]
    known = list(Player.objects.order_by("name").values_list("name", flat=True)[:2000])
    return {
        "tournament": tournament, "event": event, "entries": entries,
        "active_entries": sum(1 for e in entries if not e.withdrawn),
        "entries_open": tournament_service.entries_open(event),
        "entry_form": entry_form or EntryForm(doubles=event.is_doubles),
        "known_players": known, "rounds": rounds, "state": state,
        "sections": sections, "list_blocks": list_blocks, "selected_round": selected,
        "listed_rounds": [r for r in rounds if r.bracket == (
            Round.Bracket.GROUPS if event.format == Event.Format.GROUPS else Round.Bracket.MAIN)]
        if event.format in (Event.Format.SWISS, Event.Format.GROUPS) else [],
        "standings": _standings(event),
        "champion": draw_service.champion(event) if state.complete else None,
        "live_bracket_url": _maybe_url("live-bracket", tournament.slug, event.pk),
        "live_event_url": _maybe_url("live-event", tournament.slug, event.pk),
        "round_games_choices": RoundGamesForm.base_fields["games_to_win"].choices,
    }


# --- entries -----------------------------------------------------------------------------------


@require_POST
def entry_add(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    tournament, event = _event(request, slug, event_id)
    form = EntryForm(request.POST, doubles=event.is_doubles)
    if form.is_valid():
        d = form.cleaned_data
        player = PlayerData(d["name"], d.get("club") or "", d.get("nationality") or "",
                            d.get("rating"))
        partner = (PlayerData(d["partner"], d.get("partner_club") or d.get("club") or "")
                   if event.is_doubles else None)
        try:
            entry = tournament_service.add_entry(event=event, player=player, partner=partner,
                                                 seed=d.get("seed"),
                                                 actor=_actor(request, tournament))
        except TournamentError as err:
            _fail(request, err)
        else:
            messages.success(request, _("%(name)s entered.") % {"name": entry.name})
            form = None
    else:
        messages.error(request, _("Check the entry: some fields are not valid."))
    if request.htmx:
        return render(request, "scoring/organiser/_entries_response.html",
                      _event_context(request, tournament, event, entry_form=form))
    if form is not None:
        return render(request, "scoring/organiser/event.html",
                      _event_context(request, tournament, event, entry_form=form), status=422)
    return redirect("scoring:organiser-event", slug=slug, event_id=event.pk)


ENTRY_ACTIONS = ("withdraw", "reinstate", "remove", "seed")


@require_POST
def entry_action(request: HttpRequest, slug: str, entry_id: int, action: str) -> HttpResponse:
    tournament = _tournament(request, slug)
    entry = get_object_or_404(Entry.objects.select_related("event", "player", "partner"),
                              pk=entry_id, event__tournament=tournament)
    actor = _actor(request, tournament)
    try:
        if action == "withdraw":
            form = WithdrawForm(request.POST)
            if not form.is_valid():
                raise TournamentError("withdraw_unconfirmed")
            decided = draw_service.withdraw_entry(entry=entry, actor=actor,
                                                  reason=form.cleaned_data["reason"])
            messages.success(request, ngettext(
                "%(name)s withdrawn; %(count)s match becomes a walkover.",
                "%(name)s withdrawn; %(count)s matches become walkovers.", len(decided))
                % {"name": entry.name, "count": len(decided)})
        elif action == "reinstate":
            draw_service.reinstate_entry(entry=entry, actor=actor)
            messages.success(request, _("%(name)s is back in the event.") % {"name": entry.name})
        elif action == "remove":
            tournament_service.remove_entry(entry=entry, actor=actor)
            messages.success(request, _("%(name)s removed.") % {"name": entry.name})
        elif action == "seed":
            form = SeedForm(request.POST)
            if not form.is_valid():
                raise TournamentError("bad_seed")
            tournament_service.set_seed(entry=entry, seed=form.cleaned_data["seed"],
                                        actor=actor)
            messages.success(request, _("Seed saved."))
        else:
            raise PermissionDenied("unknown action")
    except (TournamentError, DrawServiceError) as err:
        _fail(request, err)
    if request.htmx:
        return render(request, "scoring/organiser/_entries_response.html",
                      _event_context(request, tournament, entry.event))
    return redirect("scoring:organiser-event", slug=slug, event_id=entry.event_id)


@require_http_methods(["GET"])
def players(request: HttpRequest, slug: str) -> HttpResponse:
    """Every player of the tournament with the events entered."""
    tournament = _tournament(request, slug)
    rows: dict[int, dict[str, Any]] = {}
    for entry in (Entry.objects.filter(event__tournament=tournament)
                  .select_related("event", "player", "partner").order_by("player__name")):
        for player in entry.players:
            row = rows.setdefault(player.pk, {"player": player, "entries": []})
            row["entries"].append(entry)
    ordered = sorted(rows.values(), key=lambda r: (r["player"].name.lower(),
                                                   r["player"].club.lower()))
    return render(request, "scoring/organiser/players.html",
                  {"tournament": tournament, "rows": ordered})


@require_http_methods(["GET", "POST"])
def import_players(request: HttpRequest, slug: str) -> HttpResponse:
    """CSV import of players and entries (``docs/CSV.md``): all lines or none."""
    tournament = _tournament(request, slug)
    initial = {}
    if request.GET.get("event"):
        initial["event"] = request.GET["event"]
    form = ImportForm(request.POST or None, request.FILES or None, tournament=tournament,
                      initial=initial)
    result = None
    errors: list[dict[str, Any]] = []
    if request.method == "POST" and form.is_valid():
        result = tournament_service.import_csv(
            tournament=tournament, data=form.raw(), actor=_actor(request, tournament),
            default_event=form.cleaned_data.get("event"),
            dry_run=form.cleaned_data.get("check_only", False))
        errors = [{"line": e.line, "text": error_text(e.code, e.params)} for e in result.errors]
        if result.ok and not form.cleaned_data.get("check_only"):
            c = result.counts
            messages.success(request, _(
                "Imported %(lines)s lines: %(created)s new players, %(entries)s new entries "
                "(%(kept)s already entered, %(updated)s players updated).") % {
                "lines": result.rows, "created": c["players_created"],
                "entries": c["entries_created"], "kept": c["entries_kept"],
                "updated": c["players_updated"]})
            if c["players_copied"] or c["players_not_changed"]:
                messages.info(request, _(
                    "Players who also play in other tournaments were not changed: "
                    "%(copied)s got a record of their own in this tournament, %(kept)s kept "
                    "their rating and nationality.") % {
                    "copied": c["players_copied"], "kept": c["players_not_changed"]})
            event = form.cleaned_data.get("event")
            if event is not None:
                return redirect("scoring:organiser-event", slug=slug, event_id=event.pk)
            return redirect("scoring:organiser-players", slug=slug)
    status = 422 if result is not None and not result.ok else 200
    return render(request, "scoring/organiser/import.html", {
        "tournament": tournament, "form": form, "result": result, "errors": errors,
        "columns": tournament_service.COLUMNS,
    }, status=status)


# --- draws -------------------------------------------------------------------------------------


def _expected(request: HttpRequest) -> int | None:
    try:
        return int(request.POST["rounds"])
    except (KeyError, ValueError):
        return None


@require_POST
def draw(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    tournament, event = _event(request, slug, event_id)
    try:
        draw_service.draw_event(event=event, actor=_actor(request, tournament),
                                expected_rounds=_expected(request))
    except DrawServiceError as err:
        _fail(request, err)
    else:
        messages.success(request, _("The draw is made."))
    return redirect("scoring:organiser-event", slug=slug, event_id=event.pk)


@require_POST
def next_round(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    tournament, event = _event(request, slug, event_id)
    try:
        made = draw_service.next_round(event=event, actor=_actor(request, tournament),
                                       expected_rounds=_expected(request))
    except DrawServiceError as err:
        _fail(request, err)
    else:
        messages.success(request, _("Drawn: %(rounds)s.") % {
            "rounds": ", ".join(round_title(r) for r in made)})
    return redirect("scoring:organiser-event", slug=slug, event_id=event.pk)


@require_http_methods(["GET", "POST"])
def delete_round(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """Take back the last round (asks first; refuses once a match of it has started)."""
    tournament, event = _event(request, slug, event_id)
    rounds = list(event.rounds.order_by("number"))
    if request.method == "POST":
        if request.POST.get("sure") != "yes":
            messages.error(request, _("Tick the box to confirm."))
        else:
            try:
                draw_service.delete_last_round(event=event, actor=_actor(request, tournament),
                                               expected_rounds=_expected(request) or -1)
            except DrawServiceError as err:
                _fail(request, err)
            else:
                messages.success(request, _("The round was taken back."))
            return redirect("scoring:organiser-event", slug=slug, event_id=event.pk)
    if event.format == Event.Format.SWISS:
        doomed = rounds[-1:]
    elif event.format == Event.Format.GROUPS and any(
            r.bracket != Round.Bracket.GROUPS for r in rounds):
        doomed = [r for r in rounds if r.bracket != Round.Bracket.GROUPS]
    else:
        doomed = rounds
    matches = Match.objects.filter(round__in=doomed).count()
    return render(request, "scoring/organiser/delete_round.html", {
        "tournament": tournament, "event": event, "rounds": rounds,
        "doomed": [round_title(r) for r in doomed], "matches": matches})


@require_POST
def round_games(request: HttpRequest, slug: str, round_id: int) -> HttpResponse:
    tournament = _tournament(request, slug)
    rnd = get_object_or_404(Round.objects.select_related("event"), pk=round_id,
                            event__tournament=tournament)
    form = RoundGamesForm(request.POST)
    if form.is_valid():
        try:
            draw_service.set_round_games(rnd=rnd, games_to_win=form.cleaned_data["games_to_win"],
                                         actor=_actor(request, tournament))
        except DrawServiceError as err:
            _fail(request, err)
        else:
            messages.success(request, _("Saved."))
    return redirect(reverse("scoring:organiser-event", args=[slug, rnd.event_id])
                    + f"?round={rnd.number}")


# --- results -----------------------------------------------------------------------------------


def _match_context(match: Match, quick_form: QuickBoardForm | None = None,
                   error: str = "") -> dict[str, Any]:
    snapshot = match_snapshot(match)
    games = []
    state = snapshot.state
    if state is not None and hasattr(state, "games"):
        for number, (row, game) in enumerate(zip(snapshot.games, state.games, strict=False),
                                             start=1):
            stored = snapshot.boards.get(row.pk, [])
            games.append({"number": number, "scores": game.scores, "finished": game.finished,
                          "winner": game.winner,
                          "boards": [b for b in game.boards if not b.void],
                          "rows": [(board, score) for board, score
                                   in zip(stored, game.boards, strict=False)
                                   if not score.void]})
    if quick_form is None:
        quick_form = QuickBoardForm(initial={"client_id": uuid.uuid4(),
                                             "revision": match.revision, "queen": ""})
    return {
        "match": match, "snapshot": snapshot, "games": games,
        "names": {"a": match.entry_a.name if match.entry_a else "A",
                  "b": match.entry_b.name if match.entry_b else "B"},
        "toss_form": TossForm(), "quick_form": quick_form, "walkover_form": WalkoverForm(),
        "error": error, "round_title": round_title(match.round),
        "reason": reason_text(match.draw_reason),
        "playable": (match.entry_a_id and match.entry_b_id and not match.bye
                     and not match.walkover and match.status != Match.Status.CONFIRMED),
        "correctable": snapshot.finished and not match.walkover and not match.bye,
        "by_organiser": match.confirmed_at is not None and match.confirmations.filter(
            method="organiser").exists(),
        "tablet_url": _maybe_url("umpire-match", match.pk),
        "live_url": _maybe_url("live-match", match.event.tournament.slug, match.pk),
    }


def _match_response(request: HttpRequest, tournament: Tournament, match: Match,
                    status: int = 200, **extra: Any) -> HttpResponse:
    match = Match.objects.select_related(*MATCH_RELATED).get(pk=match.pk)
    context = {"tournament": tournament, **_match_context(match, **extra)}
    template = "scoring/organiser/match.html"
    if request.htmx:
        template += "#panel"
    return render(request, template, context, status=status)


@require_http_methods(["GET"])
def match_page(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    """Result entry for one match: toss, boards from the paper sheet, walkover, confirmation."""
    tournament, match = _match(request, slug, match_id)
    return _match_response(request, tournament, match)


@require_POST
def match_toss(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    tournament, match = _match(request, slug, match_id)
    form = TossForm(request.POST)
    if not form.is_valid():
        return _match_response(request, tournament, match, status=422,
                               error=error_text("toss_required"))
    if form.is_valid():
        try:
            record_toss(match=match, winner=form.cleaned_data["toss_winner"],
                        choice=form.cleaned_data["toss_choice"],
                        actor=_actor(request, tournament))
        except MatchError as err:
            return _match_response(request, tournament, match, status=err.status,
                                   error=error_text(err.code, err.params))
    return _after_result(request, tournament, match)


@require_POST
def match_quick(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    """One board from the paper sheet. The toss is required before the first board (no
    default); the revision the page showed is checked (409 when someone recorded meanwhile)."""
    tournament, match = _match(request, slug, match_id)
    form = QuickBoardForm(request.POST)
    if not form.is_valid():
        return _match_response(request, tournament, match, status=422, quick_form=form,
                               error=_("Choose who won the board and the loser's carrommen "
                                       "left."))
    d = form.cleaned_data
    actor = _actor(request, tournament)
    revision = d["revision"]
    try:
        if not match.toss_winner:
            toss = TossForm(request.POST)
            if not toss.is_valid():
                return _match_response(request, tournament, match, status=422,
                                       quick_form=form, error=error_text("toss_required"))
            record_toss(match=match, winner=toss.cleaned_data["toss_winner"],
                        choice=toss.cleaned_data["toss_choice"], actor=actor,
                        expected_revision=revision)
            revision += 1
        record_quick_board(match=match, winner=d["winner"], carrommen=d["carrommen"],
                           queen=d["queen"] or None, client_id=d["client_id"], actor=actor,
                           expected_revision=revision)
    except MatchError as err:
        return _match_response(request, tournament, match, status=err.status,
                               error=error_text(err.code, err.params))
    return _after_result(request, tournament, match)


@require_POST
def match_walkover(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    tournament, match = _match(request, slug, match_id)
    form = WalkoverForm(request.POST)
    if not form.is_valid():
        return _match_response(request, tournament, match, status=422,
                               error=_("Choose who did not play and tick the box."))
    try:
        draw_service.record_walkover(match=match, absent=form.cleaned_data["absent"],
                                     actor=_actor(request, tournament))
    except DrawServiceError as err:
        return _match_response(request, tournament, match, status=422,
                               error=error_text(err.code, err.params))
    messages.success(request, _("Walkover recorded."))
    return _after_result(request, tournament, match)


@require_POST
def match_confirm(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    tournament, match = _match(request, slug, match_id)
    try:
        draw_service.confirm_result(match=match, actor=_actor(request, tournament))
    except DrawServiceError as err:
        if request.POST.get("next") == "callup":
            _fail(request, err)
            return redirect("scoring:organiser-callup", slug=slug)
        return _match_response(request, tournament, match, status=422,
                               error=error_text(err.code, err.params))
    messages.success(request, _("Result confirmed."))
    if request.POST.get("next") == "callup":
        return redirect("scoring:organiser-callup", slug=slug)
    return redirect("scoring:organiser-event", slug=slug, event_id=match.event_id)


def _after_result(request: HttpRequest, tournament: Tournament, match: Match) -> HttpResponse:
    if request.htmx:
        return _match_response(request, tournament, match)
    return redirect("scoring:organiser-match", slug=tournament.slug, match_id=match.pk)


# --- draw edits --------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def draw_edit(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """Swap two places (or a place and a bye) of the round that can still change; pair the
    last Swiss round again. The format's invariants are re-checked (override logged)."""
    tournament, event = _event(request, slug, event_id)
    rounds = list(event.rounds.order_by("number"))
    rnd = None
    if event.format == Event.Format.SWISS and rounds:
        rnd = rounds[-1]
    elif event.format in draw_service.ELIMINATION:
        rnd = next((r for r in rounds if r.number == 1), None)
    if request.method == "POST":
        actor = _actor(request, tournament)
        try:
            if request.POST.get("action") == "pair_again":
                draw_edits.pair_round_again(event=event, actor=actor,
                                            expected_rounds=_expected(request) or -1)
                messages.success(request, _("The round is paired again."))
            else:
                first, second = (request.POST.get(k, "").split(":") for k in ("first",
                                                                             "second"))
                broken = draw_edits.swap_entries(
                    event=event, first=(int(first[0]), first[1]),
                    second=(int(second[0]), second[1]), actor=actor,
                    override=request.POST.get("override") == "yes",
                    reason=request.POST.get("reason", ""))
                messages.success(request, _("Swapped.") if not broken else
                                 _("Swapped; the override is logged."))
        except (ValueError, IndexError):
            messages.error(request, error_text("edit_bad_places"))
        except DrawServiceError as err:
            _fail(request, err)
        return redirect("scoring:organiser-draw-edit", slug=slug, event_id=event.pk)
    places = []
    if rnd is not None:
        for m in Match.objects.filter(round=rnd).select_related(*MATCH_RELATED).order_by(
                "position", "number"):
            for side in ("a", "b"):
                entry = m.entry_for(side)
                if entry is not None:
                    label = _("Match %(number)s, %(side)s: %(name)s") % {
                        "number": m.number, "side": side.upper(), "name": entry.name}
                    if m.bye:
                        label += " (" + _("Bye") + ")"
                    places.append((f"{m.pk}:{side}", label))
    return render(request, "scoring/organiser/draw_edit.html", {
        "tournament": tournament, "event": event, "round": rnd,
        "round_title": round_title(rnd), "places": places, "rounds": len(rounds),
        "editable": rnd is not None and draw_edits.swappable(event, rnd),
        "swiss": event.format == Event.Format.SWISS})


# --- corrections -------------------------------------------------------------------------------


def _correction_fix(board: Board, data: dict[str, Any]) -> Any:
    if board.kind == Board.Kind.LOG:
        return correction_service.LogFix(keep=data["keep"], events=tuple(data["events"]))
    return correction_service.PaperFix(
        winner=data["winner"], carrommen=None if data.get("points") else data.get("carrommen"),
        queen="" if data.get("points") else (data.get("queen") or ""),
        points=data.get("points"), law=(data.get("law") or "").strip())


def _correction_initial(match: Match, board: Board, events: list[Any]) -> dict[str, Any]:
    import json

    initial: dict[str, Any] = {"client_id": uuid.uuid4(), "revision": match.revision}
    if board.kind == Board.Kind.LOG:
        initial.update(keep=0, events="\n".join(json.dumps(e.payload) for e in events))
    elif board.kind == Board.Kind.AWARD:
        initial.update(winner=board.summary_winner, points=board.award_points,
                       law=board.award_law)
    else:
        initial.update(winner=board.summary_winner, carrommen=board.summary_carrommen,
                       queen=board.summary_queen)
    return initial


@require_http_methods(["GET", "POST"])
def match_correct(request: HttpRequest, slug: str, match_id: int, board_id: int
                  ) -> HttpResponse:
    """Correct one board of a finished or confirmed match: the organiser enters the right
    board, sees what it changes downstream (next round, bracket slot, standings), chooses the
    repair and saves; every step is new rows in the log, audited with the reason."""
    tournament, match = _match(request, slug, match_id)
    board = get_object_or_404(Board.objects.select_related("game"), pk=board_id,
                              game__match=match)
    is_log = board.kind == Board.Kind.LOG
    events = live_events(list(board.events.order_by("seq"))) if is_log else []
    form_class = LogCorrectionForm if is_log else PaperCorrectionForm
    form = form_class(request.POST or None, initial=_correction_initial(match, board, events))
    preview, error, status = None, "", 200
    if request.method == "POST":
        if not form.is_valid():
            error, status = _("Check the marked fields."), 422
        else:
            d = form.cleaned_data
            fix = _correction_fix(board, d)
            actor = _actor(request, tournament)
            try:
                if request.POST.get("save") == "yes":
                    correction_service.correct_board(
                        match=match, board_id=board.pk, fix=fix, actor=actor,
                        reason=d["reason"], repair=d.get("repair") or "",
                        client_id=d["client_id"], expected_revision=d["revision"])
                    messages.success(request, _("The result is corrected."))
                    return redirect("scoring:organiser-match", slug=slug, match_id=match.pk)
                preview = correction_service.preview_correction(
                    match=match, board_id=board.pk, fix=fix, actor=actor)
            except MatchError as err:
                error, status = error_text(err.code, err.params), err.status
    repair_texts = {"move": _("Move the new winner into match %(number)s.")
                    % {"number": preview.next_match} if preview and preview.next_match else "",
                    "repair": _("Draw the later round again on the corrected result."),
                    "keep": _("Keep the draw as it is (the reason is logged).")}
    template = "scoring/organiser/correction.html"
    if request.htmx:
        template += "#correction"
    return render(request, template, {
        "tournament": tournament, "match": match, "board": board, "events": events,
        "form": form, "preview": preview, "error": error, "is_log": is_log,
        "carrommen_value": "" if is_log or form["carrommen"].value() is None
        else str(form["carrommen"].value()),
        "repair_texts": repair_texts,
        "names": {"a": match.entry_a.name if match.entry_a else "A",
                  "b": match.entry_b.name if match.entry_b else "B"},
        "round_title": round_title(match.round)}, status=status)


# --- tables, umpires, call-up ------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def tables(request: HttpRequest, slug: str) -> HttpResponse:
    """Tables in use (with labels) and the umpire pool of the call-up."""
    tournament = _tournament(request, slug)
    form = CallupSettingsForm(request.POST or None, tournament=tournament, initial={
        "auto_callup": tournament.auto_callup, "umpires": list(tournament.umpires.all())})
    if request.method == "POST":
        actor = _actor(request, tournament)
        if "save_tables" in request.POST:
            for table in tournament.tables.all():
                label = request.POST.get(f"label-{table.pk}", table.label)
                active = request.POST.get(f"active-{table.pk}") == "on"
                tournament_service.update_table(table=table, actor=actor, label=label,
                                                active=active)
            count = request.POST.get("table_count")
            if count and count.isdigit() and 1 <= int(count) <= 500:
                tournament_service.update_tournament(tournament=tournament, actor=actor,
                                                     table_count=int(count))
            messages.success(request, _("Tables saved."))
            return redirect("scoring:organiser-tables", slug=slug)
        if form.is_valid():
            tournament_service.set_umpires(tournament=tournament,
                                           users=form.cleaned_data["umpires"], actor=actor)
            if form.cleaned_data["auto_callup"] != tournament.auto_callup:
                callup_service.set_auto(tournament=tournament,
                                        on=form.cleaned_data["auto_callup"], actor=actor)
            messages.success(request, _("Umpires and call-up saved."))
            return redirect("scoring:organiser-tables", slug=slug)
    return render(request, "scoring/organiser/tables.html", {
        "tournament": tournament, "tables": tournament.tables.order_by("number"),
        "form": form})


def _callup_context(tournament: Tournament) -> dict[str, Any]:
    board = callup_service.board(tournament)
    now = timezone.now()
    for line in board.tables:
        line.minutes = int((now - line.since).total_seconds() // 60) if line.since else None
    return {"tournament": tournament, "board": board, "now": now}


@require_http_methods(["GET"])
def callup(request: HttpRequest, slug: str) -> HttpResponse:
    """The call-up board: every table with what it plays since when, and the queue."""
    tournament = _tournament(request, slug)
    template = "scoring/organiser/callup.html"
    if request.htmx:
        template += "#board"
    return render(request, template, {
        **_callup_context(tournament),
        "ask_without_umpire": request.session.pop("callup_ask", 0)})


def _callup_done(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if request.htmx:
        return render(request, "scoring/organiser/callup.html#board",
                      {**_callup_context(tournament),
                       "ask_without_umpire": request.session.pop("callup_ask", 0)})
    return redirect("scoring:organiser-callup", slug=tournament.slug)


@require_POST
def callup_call(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(request, slug)
    try:
        match = get_object_or_404(Match, pk=int(request.POST.get("match", 0)),
                                  event__tournament=tournament)
        table = get_object_or_404(Table, pk=int(request.POST.get("table", 0)),
                                  tournament=tournament)
    except ValueError:
        messages.error(request, _("Choose a match and a table."))
        return _callup_done(request, tournament)
    umpire = None
    if request.POST.get("umpire"):
        umpire = get_object_or_404(get_user_model(), pk=request.POST["umpire"],
                                   umpire_tournaments=tournament)
    try:
        match = callup_service.call_match(match=match, table=table, umpire=umpire,
                                          actor=_actor(request, tournament),
                                          force=request.POST.get("force") == "yes")
    except TournamentError as err:
        _fail(request, err)
    else:
        messages.success(request, _("Match %(number)s called to %(table)s.")
                         % {"number": match.number, "table": table})
    return _callup_done(request, tournament)


class _Rollback(Exception):
    pass


def _calls_without_umpire(tournament: Tournament) -> int:
    """How many matches "fill the free tables" would call without an umpire (tried in a
    savepoint and rolled back: nothing is saved)."""
    from django.db import transaction

    try:
        with transaction.atomic():
            called = callup_service.auto_assign(tournament=tournament)
            raise _Rollback(sum(1 for m in called if m.umpire_id is None))
    except _Rollback as answer:
        return answer.args[0]


@require_POST
def callup_auto(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(request, slug)
    if request.POST.get("without_umpire") != "yes":
        lacking = _calls_without_umpire(tournament)
        if lacking:  # asked first: matches called without an umpire are the organiser's call
            messages.warning(request, ngettext(
                "%(count)s match would be called without an umpire. Choose “Call them "
                "without an umpire” to go on, or add umpires first.",
                "%(count)s matches would be called without an umpire. Choose “Call them "
                "without an umpire” to go on, or add umpires first.", lacking)
                % {"count": lacking})
            request.session["callup_ask"] = lacking
            return _callup_done(request, tournament)
    called = callup_service.auto_assign(tournament=tournament,
                                        actor=_actor(request, tournament))
    if called:
        messages.success(request, ngettext("%(count)s match called.",
                                           "%(count)s matches called.", len(called))
                         % {"count": len(called)})
    else:
        messages.info(request, _("No match could be called: no free table, or every ready "
                                 "match has a player still playing."))
    return _callup_done(request, tournament)


@require_POST
def callup_autopilot(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(request, slug)
    on = request.POST.get("on") == "yes"
    callup_service.set_auto(tournament=tournament, on=on, actor=_actor(request, tournament))
    messages.success(request, _("Automatic call-up is on.") if on
                     else _("Automatic call-up is off."))
    return _callup_done(request, tournament)


@require_POST
def callup_release(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    tournament, match = _match(request, slug, match_id)
    try:
        callup_service.release(match=match, actor=_actor(request, tournament))
    except TournamentError as err:
        _fail(request, err)
    return _callup_done(request, tournament)


@require_POST
def callup_move(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    tournament, match = _match(request, slug, match_id)
    table = get_object_or_404(Table, pk=bounded_id(request.POST.get("table")) or 0,
                              tournament=tournament)
    try:
        callup_service.move_match(match=match, table=table, actor=_actor(request, tournament))
    except TournamentError as err:
        _fail(request, err)
    return _callup_done(request, tournament)


urlpatterns: list[URLPattern] = [
    path("organiser/", index, name="organiser-index"),
    path("organiser/tournaments/new/", tournament_new, name="organiser-tournament-new"),
    path("t/<slug:slug>/organiser/", home, name="organiser-home"),
    path("t/<slug:slug>/organiser/settings/", tournament_edit, name="organiser-tournament-edit"),
    path("t/<slug:slug>/organiser/players/", players, name="organiser-players"),
    path("t/<slug:slug>/organiser/import/", import_players, name="organiser-import"),
    path("t/<slug:slug>/organiser/tables/", tables, name="organiser-tables"),
    path("t/<slug:slug>/organiser/events/new/", event_new, name="organiser-event-new"),
    path("t/<slug:slug>/organiser/events/<int:event_id>/", event_page, name="organiser-event"),
    path("t/<slug:slug>/organiser/events/<int:event_id>/edit/", event_edit,
         name="organiser-event-edit"),
    path("t/<slug:slug>/organiser/events/<int:event_id>/delete/", event_delete,
         name="organiser-event-delete"),
    path("t/<slug:slug>/organiser/events/<int:event_id>/entries/", entry_add,
         name="organiser-entry-add"),
    path("t/<slug:slug>/organiser/events/<int:event_id>/draw/", draw, name="organiser-draw"),
    path("t/<slug:slug>/organiser/events/<int:event_id>/next/", next_round,
         name="organiser-next-round"),
    path("t/<slug:slug>/organiser/events/<int:event_id>/draw/edit/", draw_edit,
         name="organiser-draw-edit"),
    path("t/<slug:slug>/organiser/events/<int:event_id>/take-back/", delete_round,
         name="organiser-delete-round"),
    path("t/<slug:slug>/organiser/entries/<int:entry_id>/<str:action>/", entry_action,
         name="organiser-entry-action"),
    path("t/<slug:slug>/organiser/rounds/<int:round_id>/games/", round_games,
         name="organiser-round-games"),
    path("t/<slug:slug>/organiser/matches/<int:match_id>/", match_page, name="organiser-match"),
    path("t/<slug:slug>/organiser/matches/<int:match_id>/toss/", match_toss,
         name="organiser-match-toss"),
    path("t/<slug:slug>/organiser/matches/<int:match_id>/board/", match_quick,
         name="organiser-match-quick"),
    path("t/<slug:slug>/organiser/matches/<int:match_id>/walkover/", match_walkover,
         name="organiser-match-walkover"),
    path("t/<slug:slug>/organiser/matches/<int:match_id>/boards/<int:board_id>/correct/",
         match_correct, name="organiser-match-correct"),
    path("t/<slug:slug>/organiser/matches/<int:match_id>/confirm/", match_confirm,
         name="organiser-match-confirm"),
    path("t/<slug:slug>/organiser/callup/", callup, name="organiser-callup"),
    path("t/<slug:slug>/organiser/callup/call/", callup_call, name="organiser-callup-call"),
    path("t/<slug:slug>/organiser/callup/fill/", callup_auto, name="organiser-callup-fill"),
    path("t/<slug:slug>/organiser/callup/automatic/", callup_autopilot,
         name="organiser-callup-auto"),
    path("t/<slug:slug>/organiser/callup/<int:match_id>/release/", callup_release,
         name="organiser-callup-release"),
    path("t/<slug:slug>/organiser/callup/<int:match_id>/move/", callup_move,
         name="organiser-callup-move"),
]
