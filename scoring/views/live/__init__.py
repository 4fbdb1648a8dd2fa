"""Public live pages: tournament home, match page with the board timeline, brackets, standings,
players, the hall screen, the stream overlay, a table's page (the QR code on the table label)
and the CSV export of results. No login; nothing here changes data (GET only).

Live parts are small htmx partials polled by the page. Each poll first asks the database one
cheap question (a *validator*, :mod:`scoring.selectors.live`) and answers ``304 Not Modified``
when the ETag built from it matches ``If-None-Match`` (:mod:`scoring.conditional`); a match's
partial answers ``286`` (htmx: stop polling) once the match is over.

One module per page: :mod:`.tournament` (home, results CSV), :mod:`.match` (match, board),
:mod:`.event` (event, bracket, standings), :mod:`.players`, :mod:`.tables` (table page,
overlay), :mod:`.hall` (hall screen); :mod:`.common` holds the objects of a URL and the
validators. The URL names and the names importable from ``scoring.views.live`` are as before.
"""

from __future__ import annotations

from django.urls import URLPattern, path

from scoring.views.live.common import POLL
from scoring.views.live.event import (
    bracket_page,
    bracket_part,
    event_page,
    standings_page,
    standings_part,
)
from scoring.views.live.hall import (
    HALL_COLUMNS,
    HALL_GROUPS,
    HALL_ROWS,
    HALL_SLIDE_SECONDS,
    HALL_TABLES,
    hall,
    hall_event,
    hall_tables,
)
from scoring.views.live.match import board_page, match_live, match_page
from scoring.views.live.players import player_page, players_page
from scoring.views.live.tables import live_table, overlay, overlay_score, table_status
from scoring.views.live.tournament import results_csv, tournament_home, tournament_now

__all__ = [
    "HALL_COLUMNS",
    "HALL_GROUPS",
    "HALL_ROWS",
    "HALL_SLIDE_SECONDS",
    "HALL_TABLES",
    "POLL",
    "board_page",
    "bracket_page",
    "bracket_part",
    "event_page",
    "hall",
    "hall_event",
    "hall_tables",
    "live_table",
    "match_live",
    "match_page",
    "overlay",
    "overlay_score",
    "player_page",
    "players_page",
    "results_csv",
    "standings_page",
    "standings_part",
    "table_status",
    "tournament_home",
    "tournament_now",
    "urlpatterns",
]

urlpatterns: list[URLPattern] = [
    path("t/<slug:slug>/", tournament_home, name="live-tournament"),
    path("t/<slug:slug>/now/", tournament_now, name="live-tournament-now"),
    path("t/<slug:slug>/results.csv", results_csv, name="live-results-csv"),
    path("t/<slug:slug>/match/<int:match_id>/", match_page, name="live-match"),
    path("t/<slug:slug>/match/<int:match_id>/live/", match_live, name="live-match-live"),
    path(
        "t/<slug:slug>/match/<int:match_id>/game/<int:game>/board/<int:board>/",
        board_page,
        name="live-board",
    ),
    path("t/<slug:slug>/event/<int:event_id>/", event_page, name="live-event"),
    path("t/<slug:slug>/event/<int:event_id>/bracket/", bracket_page, name="live-bracket"),
    path(
        "t/<slug:slug>/event/<int:event_id>/bracket/part/", bracket_part, name="live-bracket-part"
    ),
    path("t/<slug:slug>/event/<int:event_id>/standings/", standings_page, name="live-standings"),
    path(
        "t/<slug:slug>/event/<int:event_id>/standings/part/",
        standings_part,
        name="live-standings-part",
    ),
    path("t/<slug:slug>/players/", players_page, name="live-players"),
    path("t/<slug:slug>/player/<int:player_id>/", player_page, name="live-player"),
    path("t/<slug:slug>/table/<int:number>/", live_table, name="live-table"),
    path("t/<slug:slug>/table/<int:number>/status/", table_status, name="live-table-status"),
    path("t/<slug:slug>/overlay/table/<int:number>/", overlay, name="live-overlay"),
    path(
        "t/<slug:slug>/overlay/table/<int:number>/score/", overlay_score, name="live-overlay-score"
    ),
    path("t/<slug:slug>/hall/", hall, name="live-hall"),
    path("t/<slug:slug>/hall/tables/", hall_tables, name="live-hall-tables"),
    path("t/<slug:slug>/hall/event/<int:event_id>/", hall_event, name="live-hall-event"),
]
