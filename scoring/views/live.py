"""Public live pages: tournament home, match page with the board timeline, brackets, standings,
players, the hall screen, the stream overlay, a table's page (the QR code on the table label)
and the CSV export of results. No login; nothing here changes data (GET only).

Live parts are small htmx partials polled by the page. Each poll first asks the database one
cheap question (a *validator*, :mod:`scoring.selectors.live`) and answers ``304 Not Modified``
when the ETag built from it matches ``If-None-Match``; a match's partial answers ``286`` (htmx:
stop polling) once the match is over.
"""

from __future__ import annotations

import csv
import dataclasses
import hashlib
from collections.abc import Callable
from functools import wraps
from typing import Any

import segno
from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.core.cache import cache
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseNotModified,
    HttpResponseRedirect,
)
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django_htmx.http import HttpResponseStopPolling

from scoring import conditional as early_answers
from scoring.models import Event, Match, Player, Tournament
from scoring.selectors import live as sel

#: Part of every ETag: bump it when templates change so browsers do not keep an old page.
LIVE_VERSION = "live-1"

#: Seconds between polls (rendered into hx-trigger; the hall rotates its slides itself).
POLL = {"match": 3, "table": 3, "tournament": 10, "event": 30, "overlay": 2}
HALL_SLIDE_SECONDS = 15
FRAGMENT_SECONDS = 3600
HALL_ROWS = 12  # standings rows on one hall slide (1920×1080); longer tables take more slides
HALL_GROUPS = 2  # group tables on one hall slide
HALL_COLUMNS = 3  # bracket rounds on one hall slide
HALL_TABLES = 12  # busy tables on one hall slide


# --------------------------------------------------------------------------- conditional GET


def make_etag(kind: str, validator: Any, *extra: Any) -> str:
    raw = repr((LIVE_VERSION, kind, get_language(), validator, extra))
    return '"' + hashlib.blake2b(raw.encode(), digest_size=12).hexdigest() + '"'


def _revalidate(response: HttpResponse, etag: str | None) -> HttpResponse:
    """Let the browser keep the response but ask every time (``If-None-Match``)."""
    if etag is not None:
        response["ETag"] = etag
    patch_cache_control(response, no_cache=True, max_age=0)
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


def not_modified(request: HttpRequest, etag: str) -> HttpResponse | None:
    """``304 Not Modified`` if the client already holds ``etag``."""
    if etag in parse_etags(request.headers.get("If-None-Match", "")) or (
            request.headers.get("If-None-Match", "").strip() == "*"):
        return _revalidate(HttpResponseNotModified(), etag)
    return None


def conditional(kind: str, validator: Callable[..., Any], *, page: bool = False):
    """Decorate a view: compute ``validator(**kwargs)`` (one query), answer 304 if the client
    has it, otherwise call the view with ``request.live_etag`` set and put the ETag on the
    answer. ``page``: a full page, whose navigation bar also depends on who is logged in."""

    def decorate(view):
        @wraps(view)
        def wrapper(request: HttpRequest, **kwargs: Any) -> HttpResponse:
            value = validator(**kwargs)
            extra = (request.get_full_path(), request.user.pk if page else None)
            etag = make_etag(kind, value, *extra) if value is not None else None
            if etag is not None and (answer := not_modified(request, etag)):
                return answer
            request.live_etag = etag  # type: ignore[attr-defined]
            request.live_value = value  # type: ignore[attr-defined]
            response = view(request, **kwargs)
            if response.status_code == 200:
                return _revalidate(response, etag)
            return response

        if not page:  # a full page also depends on who is logged in: not answered early
            def early(request: HttpRequest, kwargs: dict[str, Any]) -> HttpResponse | None:
                value = validator(**kwargs)
                if value is None:
                    return None
                return not_modified(
                    request, make_etag(kind, value, request.get_full_path(), None))

            early_answers.register(wrapper, early)
        return wrapper

    return decorate


def fragment(request: HttpRequest, kind: str, template: str,
             context: Callable[[], dict[str, Any]]) -> str:
    """A rendered fragment, shared by every visitor until the data changes: cached (per
    process) under the ETag of the validator the request was checked with. Big standings and
    brackets are then rendered once per change, not once per visitor."""
    key = "live:" + make_etag(kind, request.live_value)  # type: ignore[attr-defined]
    html = cache.get(key)
    if html is None:
        html = render_to_string(template, context(), request=request)
        cache.set(key, html, FRAGMENT_SECONDS)
    return mark_safe(html)  # noqa: S308 - rendered by our own template


def _no_store(response: HttpResponse) -> HttpResponse:
    patch_cache_control(response, no_store=True)
    return response


# --------------------------------------------------------------------------- helpers


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def _match(slug: str, match_id: int) -> Match:
    try:
        return sel.get_match(slug, match_id)
    except Match.DoesNotExist:
        raise Http404(_("No such match in this tournament.")) from None


def _event(slug: str, event_id: int) -> Event:
    try:
        return sel.get_event(slug, event_id)
    except Event.DoesNotExist:
        raise Http404(_("No such event in this tournament.")) from None


def _match_validator(slug: str, match_id: int, **_kw: Any) -> Any:
    return sel.match_validator(match_id, slug)


def _event_validator(slug: str, event_id: int, **_kw: Any) -> Any:
    return sel.event_validator(event_id, slug)


def _standings_validator(slug: str, event_id: int, **_kw: Any) -> Any:
    """Standings change with results only, not with strokes."""
    return sel.event_validator(event_id, slug, decided=True)


def _tournament_validator(slug: str, **_kw: Any) -> Any:
    return sel.tournament_validator(slug)


def _table_validator(slug: str, number: int, **_kw: Any) -> Any:
    return sel.table_validator(slug, number)


def _seconds(request: HttpRequest) -> int:
    """Seconds per hall slide: ``?seconds=`` (2 to 600), default :data:`HALL_SLIDE_SECONDS`."""
    try:
        return min(600, max(2, int(request.GET.get("seconds", HALL_SLIDE_SECONDS))))
    except ValueError:
        return HALL_SLIDE_SECONDS


def _page(request: HttpRequest) -> int:
    try:
        return max(1, int(request.GET.get("page", "1")))
    except ValueError:
        return 1


def _event_context(event: Event) -> dict[str, Any]:
    return {
        "tournament": event.tournament, "event": event,
        "has_bracket": event.format != Event.Format.SWISS
        and event.format != Event.Format.SINGLE_MATCH,
        "has_standings": sel.has_standings(event),
    }


# --------------------------------------------------------------------------- tournament


@login_not_required
@require_safe
@conditional("tournament-page", _tournament_validator, page=True)
def tournament_home(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(slug)
    return render(request, "scoring/live/tournament.html", {
        "tournament": tournament, "overview": sel.tournament_overview(tournament),
        "poll": POLL["tournament"],
    })


@login_not_required
@require_safe
@conditional("tournament-now", _tournament_validator)
def tournament_now(request: HttpRequest, slug: str) -> HttpResponse:
    """The polled part of the tournament home: tables, call-ups, recent results."""
    tournament = _tournament(slug)
    return render(request, "scoring/live/tournament.html#now", {
        "tournament": tournament, "overview": sel.tournament_overview(tournament),
        "poll": POLL["tournament"],
    })


def _cell(value: Any) -> Any:
    """A text cell that a spreadsheet will not run as a formula (CSV injection)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


@login_not_required
@require_safe
def results_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """Every decided match of the tournament as CSV (UTF-8, one row per match)."""
    tournament = _tournament(slug)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-results.csv"'
    writer = csv.writer(response)
    writer.writerow([
        "event", "round", "group", "match", "table", "entry_a", "entry_b", "games_a",
        "games_b", "game_scores", "winner", "walkover", "bye", "status", "finished_at",
        "match_id", "entry_a_id", "entry_b_id",
    ])
    matches = (sel.match_queryset().filter(event__tournament=tournament)
               .prefetch_related("games").order_by("event__order", "event__name",
                                                   "round__number", "number", "pk"))
    for match in matches:
        if match.status not in sel.DONE and not match.walkover and not match.bye:
            continue
        games = sorted(match.games.all(), key=lambda g: g.number)
        won = match.games_won or {}
        writer.writerow([_cell(value) for value in (
            match.event.name, sel.round_label(match.round), match.group, match.number,
            match.table.number if match.table else "",
            match.entry_a.name if match.entry_a else "", match.entry_b.name if match.entry_b
            else "", won.get("a", 0), won.get("b", 0),
            " ".join(f"{g.scores.get('a', 0)}-{g.scores.get('b', 0)}" for g in games),
            sel.side_label(match, match.winner_side) if match.winner_side else "",
            int(match.walkover), int(match.bye), sel.api_status(match.status),
            timezone.localtime(match.finished_at).isoformat() if match.finished_at else "",
            match.pk, match.entry_a_id or "", match.entry_b_id or "",
        )])
    return response


# --------------------------------------------------------------------------- matches


def _match_context(match: Match) -> dict[str, Any]:
    view = sel.match_view(match)
    return {
        "tournament": match.event.tournament, "match": match, "view": view,
        "poll": POLL["match"], "status_label": sel.STATUS_LABELS.get(match.status, ""),
        "round_label": sel.round_label(match.round, match.group),
    }


@login_not_required
@require_safe
@conditional("match-page", _match_validator, page=True)
def match_page(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    match = _match(slug, match_id)
    return render(request, "scoring/live/match.html", _match_context(match))


@login_not_required
@require_safe
def match_live(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    """The polled part of the match page. 304 while nothing changed; 286 once it is over."""
    value = sel.match_validator(match_id, slug)
    if value is None:
        raise Http404(_("No such match in this tournament."))
    over = value[2] in sel.DONE
    etag = make_etag("match-live", value)
    if not over and (answer := not_modified(request, etag)):
        return answer
    if over:
        match = _match(slug, match_id)
        response = render(request, "scoring/live/match.html#live", _match_context(match),
                          status=HttpResponseStopPolling.status_code)
        return _no_store(response)
    # the partial is the same for every spectator of this revision: render it once (per
    # process) and share it, so a stroke costs one render, not one per spectator
    key = f"live-partial:{request.get_full_path()}:{etag}"
    html = cache.get(key)
    if html is None:
        match = _match(slug, match_id)
        html = render_to_string("scoring/live/match.html#live", _match_context(match),
                                request=request)
        cache.set(key, html, FRAGMENT_SECONDS)
    return _revalidate(HttpResponse(html), etag)


def _match_live_early(request: HttpRequest, kwargs: dict[str, Any]) -> HttpResponse | None:
    value = sel.match_validator(kwargs["match_id"], kwargs["slug"])
    if value is None or value[2] in sel.DONE:  # over: the view answers 286
        return None
    return not_modified(request, make_etag("match-live", value))


early_answers.register(match_live, _match_live_early)


@login_not_required
@require_safe
@conditional("board-page", _match_validator, page=True)
def board_page(request: HttpRequest, slug: str, match_id: int, game: int,
               board: int) -> HttpResponse:
    """One board replayed from its stroke log (or its quick entry)."""
    match = _match(slug, match_id)
    view = sel.match_view(match, timeline=False, point_strokes=True)
    line = sel.find_board(view, game, board)
    if line is None:
        raise Http404(_("No such board."))
    timeline = None
    if line.has_log and view.snapshot.variant.has_colours:
        timeline = sel.board_timeline(match, line.row, sel.board_events(line.row),
                                      line.scores_before)
    return render(request, "scoring/live/board.html", {
        "tournament": match.event.tournament, "match": match, "view": view, "line": line,
        "game_number": game, "timeline": timeline,
        "names": sel.colour_names(match, line.breaker),
        "round_label": sel.round_label(match.round, match.group),
    })


# --------------------------------------------------------------------------- events


@login_not_required
@require_safe
@conditional("event-page", _event_validator, page=True)
def event_page(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    event = _event(slug, event_id)
    from scoring.selectors.point_table import point_table

    return render(request, "scoring/live/event.html", {
        **_event_context(event), "rounds": sel.event_rounds(event),
        "point_table": point_table(event) if event.kind == Event.Kind.POINTS else None,
    })


@login_not_required
@require_safe
@conditional("bracket-page", _event_validator, page=True)
def bracket_page(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    event = _event(slug, event_id)
    return render(request, "scoring/live/bracket.html", _bracket_context(request, event))


@login_not_required
@require_safe
@conditional("bracket-part", _event_validator)
def bracket_part(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    event = _event(slug, event_id)
    return render(request, "scoring/live/bracket.html#bracket",
                  _bracket_context(request, event))


def _bracket_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    context = {**_event_context(event), "poll": POLL["event"]}
    context["bracket_html"] = fragment(
        request, "bracket-html", "scoring/live/parts.html#bracket-sections",
        lambda: {**context, "sections": sel.event_bracket(event)})
    return context


@login_not_required
@require_safe
@conditional("standings-page", _standings_validator, page=True)
def standings_page(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    event = _event(slug, event_id)
    return render(request, "scoring/live/standings.html", _standings_context(request, event))


@login_not_required
@require_safe
@conditional("standings-part", _standings_validator)
def standings_part(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    event = _event(slug, event_id)
    return render(request, "scoring/live/standings.html#standings",
                  _standings_context(request, event))


def _standings_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    if not sel.has_standings(event):
        raise Http404(_("This event has no standings: it is played as a knock-out."))
    context = {**_event_context(event), "poll": POLL["event"]}

    def tables() -> dict[str, Any]:
        found = sel.event_standings(event)
        sel.link_players(found, event.tournament.slug)
        return {**context, "tables": found}

    context["tables_html"] = fragment(request, "standings-html",
                                      "scoring/live/standings.html#tables", tables)
    return context


# --------------------------------------------------------------------------- players


@login_not_required
@require_safe
@conditional("players-page", _tournament_validator, page=True)
def players_page(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(slug)
    return render(request, "scoring/live/players.html", {
        "tournament": tournament, "players": sel.tournament_players(tournament),
    })


@login_not_required
@require_safe
@conditional("player-page", _tournament_validator, page=True)
def player_page(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    tournament = _tournament(slug)
    player = get_object_or_404(Player, pk=player_id)
    page = sel.player_page(tournament, player)
    if not page.entries:
        raise Http404(_("This player is not entered in this tournament."))
    return render(request, "scoring/live/player.html", {
        "tournament": tournament, "page": page, "stats": page.stats,
    })


# --------------------------------------------------------------------------- tables


@login_not_required
@require_safe
def live_table(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The page a table label's QR code opens: the match playing (or called) at the table;
    otherwise the table's last result and next match, updating itself. Never cached, so a
    scan never shows a previous match (SoL 5.16)."""
    tournament = _tournament(slug)
    current = sel.table_current(tournament, number)
    if current is not None and current.status in sel.LIVE:
        return _no_store(HttpResponseRedirect(
            reverse("scoring:live-match", kwargs={"slug": slug, "match_id": current.pk})))
    return _no_store(render(request, "scoring/live/table.html", _table_context(
        tournament, number, current)))


def _table_context(tournament: Tournament, number: int, current: Match | None
                   ) -> dict[str, Any]:
    table = tournament.tables.filter(number=number).first()
    view = sel.match_view(current, timeline=False) if current is not None else None
    return {
        "tournament": tournament, "number": number, "table": table, "current": current,
        "view": view, "next": sel.table_next(tournament, number), "poll": POLL["table"],
        "redirect": (reverse("scoring:live-match", kwargs={"slug": tournament.slug,
                                                           "match_id": current.pk})
                     if current is not None and current.status in sel.LIVE else ""),
    }


@login_not_required
@require_safe
@conditional("table-status", _table_validator)
def table_status(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _tournament(slug)
    current = sel.table_current(tournament, number)
    return render(request, "scoring/live/table.html#status",
                  _table_context(tournament, number, current))


@login_not_required
@require_safe
def overlay(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A minimal transparent page for OBS: the current board score of one table."""
    tournament = _tournament(slug)
    current = sel.table_current(tournament, number)
    return render(request, "scoring/live/overlay.html", _overlay_context(
        tournament, number, current))


def _overlay_context(tournament: Tournament, number: int, current: Match | None
                     ) -> dict[str, Any]:
    return {
        "tournament": tournament, "number": number, "current": current,
        "view": sel.match_view(current, timeline=False) if current is not None else None,
        "poll": POLL["overlay"],
    }


@login_not_required
@require_safe
@conditional("overlay-score", _table_validator)
def overlay_score(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _tournament(slug)
    current = sel.table_current(tournament, number)
    return render(request, "scoring/live/overlay.html#score",
                  _overlay_context(tournament, number, current))


# --------------------------------------------------------------------------- hall screen


def _hall_pages(overview: sel.Overview) -> int:
    busy = sum(1 for item in overview.tables if item.line) + len(overview.playing)
    return max(1, -(-busy // HALL_TABLES))


def _hall_tables_page(overview: sel.Overview, page: int) -> dict[str, Any]:
    """One slide's share of the busy tables (a projector fits :data:`HALL_TABLES`)."""
    busy = [item for item in overview.tables if item.line]
    start = (page - 1) * HALL_TABLES
    return {"overview": overview, "busy": busy[start:start + HALL_TABLES],
            "playing": overview.playing if page == 1 else [],
            "called": overview.called if page == 1 else []}


def _hall_slides(tournament: Tournament, overview: sel.Overview) -> list[dict[str, str]]:
    pages = _hall_pages(overview)
    url = reverse("scoring:live-hall-tables", kwargs={"slug": tournament.slug})
    slides = [{"url": f"{url}?page={page}" if page > 1 else url,
               "label": _("Live tables") if pages == 1 else
               _("Live tables (%(page)s of %(pages)s)") % {"page": page, "pages": pages}}
              for page in range(1, pages + 1)]
    # the call-up slide: who is called to which table, in big type (issue 15)
    slides.append({"url": f"{url}?show=callup", "label": _("Call-ups")})
    for event in tournament.events.all():
        if sel.has_standings(event) or event.format in (Event.Format.KNOCKOUT,
                                                        Event.Format.DOUBLE_ELIMINATION):
            url = reverse("scoring:live-hall-event", kwargs={"slug": tournament.slug,
                                                             "event_id": event.pk})
            count = len(_hall_standings_pages(sel.event_standings(event))) \
                if sel.has_standings(event) else 1
            for page in range(1, count + 1):
                slides.append({"url": f"{url}?page={page}" if page > 1 else url,
                               "label": event.name if count == 1 else
                               _("%(event)s (%(page)s of %(pages)s)") % {
                                   "event": event.name, "page": page, "pages": count}})
    return slides


def _hall_standings_pages(tables: list[sel.StandingsTable]) -> list[list[sel.StandingsTable]]:
    """The standings cut into hall slides: a long table in pieces of :data:`HALL_ROWS` rows
    (the ranks go on), small group tables :data:`HALL_GROUPS` to a slide."""
    pages: list[list[sel.StandingsTable]] = []
    if len(tables) == 1:
        rows = tables[0].rows
        for start in range(0, max(len(rows), 1), HALL_ROWS):
            pages.append([dataclasses.replace(tables[0], rows=rows[start:start + HALL_ROWS])])
        return pages
    for start in range(0, len(tables), HALL_GROUPS):
        pages.append(tables[start:start + HALL_GROUPS])
    return pages or [[]]


@login_not_required
@require_safe
def hall(request: HttpRequest, slug: str) -> HttpResponse:
    """Full-screen projector mode: rotates through the live tables and each event's standings
    or bracket, with no interaction, for hours (static/js/live.js)."""
    tournament = _tournament(slug)
    overview = sel.tournament_overview(tournament, recent=0)
    # the live address as the hall's phones reach it: SITE_URL when set (README)
    path = reverse("scoring:live-tournament", kwargs={"slug": slug})
    site = getattr(settings, "SITE_URL", "").rstrip("/")
    public_url = site + path if site else request.build_absolute_uri(path)
    return _no_store(render(request, "scoring/live/hall.html", {
        "tournament": tournament, "slides": _hall_slides(tournament, overview),
        "seconds": _seconds(request), **_hall_tables_page(overview, 1),
        "now": timezone.now(), "public_url": public_url, "time_zone": tournament.time_zone,
        "public_qr": segno.make(public_url, error="m").png_data_uri(scale=4, border=2),
    }))


@login_not_required
@require_safe
@conditional("hall-tables", _tournament_validator)
def hall_tables(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _tournament(slug)
    overview = sel.tournament_overview(tournament, recent=0)
    if request.GET.get("show") == "callup":
        return render(request, "scoring/live/hall.html#callup-slide",
                      {"tournament": tournament, "called": overview.called})
    return render(request, "scoring/live/hall.html#tables", {
        "tournament": tournament, **_hall_tables_page(overview, _page(request)),
    })


@login_not_required
@require_safe
@conditional("hall-event", _event_validator)
def hall_event(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    event = _event(slug, event_id)
    page = _page(request)
    context = {**_event_context(event), "hall": True, "hall_rows": HALL_ROWS}

    def build() -> dict[str, Any]:
        if sel.has_standings(event):
            pages = _hall_standings_pages(sel.event_standings(event))
            return {**context, "tables": pages[min(page, len(pages)) - 1]}
        return {**context, "sections": [_hall_bracket(s) for s in sel.event_bracket(event)]}

    html = fragment(request, f"hall-event-html:{page}", "scoring/live/hall.html#event", build)
    return HttpResponse(html)


def _hall_bracket(section: sel.BracketSection) -> sel.BracketSection:
    """The rounds that matter now: from the first round with a match still to finish, at
    most :data:`HALL_COLUMNS` of them (the whole bracket does not fit a projector)."""
    columns = section.columns
    start = next((i for i, c in enumerate(columns)
                  if any(card.line.match.status not in sel.DONE for card in c.cards)),
                 max(0, len(columns) - HALL_COLUMNS))
    return sel.BracketSection(section.key, section.label,
                              columns[start:start + HALL_COLUMNS])


urlpatterns: list[URLPattern] = [
    path("t/<slug:slug>/", tournament_home, name="live-tournament"),
    path("t/<slug:slug>/now/", tournament_now, name="live-tournament-now"),
    path("t/<slug:slug>/results.csv", results_csv, name="live-results-csv"),
    path("t/<slug:slug>/match/<int:match_id>/", match_page, name="live-match"),
    path("t/<slug:slug>/match/<int:match_id>/live/", match_live, name="live-match-live"),
    path("t/<slug:slug>/match/<int:match_id>/game/<int:game>/board/<int:board>/", board_page,
         name="live-board"),
    path("t/<slug:slug>/event/<int:event_id>/", event_page, name="live-event"),
    path("t/<slug:slug>/event/<int:event_id>/bracket/", bracket_page, name="live-bracket"),
    path("t/<slug:slug>/event/<int:event_id>/bracket/part/", bracket_part,
         name="live-bracket-part"),
    path("t/<slug:slug>/event/<int:event_id>/standings/", standings_page,
         name="live-standings"),
    path("t/<slug:slug>/event/<int:event_id>/standings/part/", standings_part,
         name="live-standings-part"),
    path("t/<slug:slug>/players/", players_page, name="live-players"),
    path("t/<slug:slug>/player/<int:player_id>/", player_page, name="live-player"),
    path("t/<slug:slug>/table/<int:number>/", live_table, name="live-table"),
    path("t/<slug:slug>/table/<int:number>/status/", table_status, name="live-table-status"),
    path("t/<slug:slug>/overlay/table/<int:number>/", overlay, name="live-overlay"),
    path("t/<slug:slug>/overlay/table/<int:number>/score/", overlay_score,
         name="live-overlay-score"),
    path("t/<slug:slug>/hall/", hall, name="live-hall"),
    path("t/<slug:slug>/hall/tables/", hall_tables, name="live-hall-tables"),
    path("t/<slug:slug>/hall/event/<int:event_id>/", hall_event, name="live-hall-event"),
]
