"""Views of the organiser area (see docs/ARCHITECTURE.md), one module per page area:

- ``tournaments``: the list, a new tournament, the dashboard, settings, tables and umpires;
- ``events``: events, the event page (entries, rounds, bracket, standings), entries;
- ``players``: the tournament's players, the pickers' typeahead and the CSV import;
- ``rounds``: the draw, the next round, taking back a round, a round's match length, draw edits;
- ``match``: result entry from the paper sheet (toss, boards, walkover, confirmation);
- ``corrections``: corrections of a finished match (a board; a game or the match by an
  umpire's decision);
- ``callup``: the call-up board;
- ``house_presets``: the tournament's own rule sets composed from a preset and switches;
- ``sol_upload``: a SoL archive or backup uploaded, previewed and imported in the background.

Shared: ``base`` (access checks, the acting organiser, messages) and ``scoring.draw_words``
(why a pair was made, round titles). Error codes are put into words by
:mod:`scoring.error_words`. Only the tournament's organisers (``scoring.permissions``) may open
these pages; creating a tournament needs a staff account. Reads go through
``scoring.selectors.organiser*``, every change through one service call. The URLs are
``urlpatterns`` below (``organiser/…`` and ``t/<slug>/organiser/…``), included by
``scoring/urls.py``.
"""

from __future__ import annotations

from django.urls import URLPattern, path

from scoring.draw_words import reason_text, round_title
from scoring.error_words import error_text
from scoring.views.organiser import (
    callup,
    corrections,
    events,
    house_presets,
    match,
    merges,
    paper_sheet,
    players,
    rounds,
    sol_upload,
    tournaments,
)

__all__ = ["error_text", "reason_text", "round_title", "urlpatterns"]

T = "t/<slug:slug>/organiser/"  # a tournament's organiser pages

urlpatterns: list[URLPattern] = [
    path("organiser/", tournaments.index, name="organiser-index"),
    path("organiser/tournaments/new/", tournaments.tournament_new, name="organiser-tournament-new"),
    path("organiser/sol/", sol_upload.sol_upload, name="organiser-sol-upload"),
    path("organiser/sol/<int:upload_id>/", sol_upload.sol_import, name="organiser-sol-import"),
    path(
        "organiser/sol/<int:upload_id>/start/",
        sol_upload.sol_import_start,
        name="organiser-sol-import-start",
    ),
    path(
        "organiser/sol/<int:upload_id>/progress/",
        sol_upload.sol_import_progress,
        name="organiser-sol-import-progress",
    ),
    path(T + "", tournaments.home, name="organiser-home"),
    path(T + "settings/", tournaments.tournament_edit, name="organiser-tournament-edit"),
    path(T + "players/", players.players, name="organiser-players"),
    path(T + "players/search/", players.player_search, name="organiser-player-search"),
    path(T + "import/", players.import_players, name="organiser-import"),
    path(T + "players/merge/", merges.merge_players, name="organiser-merge"),
    path(T + "players/merge/<int:merge_id>/undo/", merges.merge_undo, name="organiser-merge-undo"),
    path(T + "tables/", tournaments.tables, name="organiser-tables"),
    path(T + "rules/", house_presets.presets, name="organiser-house-presets"),
    path(T + "rules/<int:preset_id>/", house_presets.preset_edit, name="organiser-house-preset"),
    path(
        T + "rules/<int:preset_id>/delete/",
        house_presets.preset_delete,
        name="organiser-house-preset-delete",
    ),
    path(T + "events/new/", events.event_new, name="organiser-event-new"),
    path(T + "events/<int:event_id>/", events.event_page, name="organiser-event"),
    path(
        T + "events/<int:event_id>/conflicts/replay/",
        events.event_replay_conflicts,
        name="organiser-event-replay-conflicts",
    ),
    path(T + "events/<int:event_id>/edit/", events.event_edit, name="organiser-event-edit"),
    path(T + "events/<int:event_id>/delete/", events.event_delete, name="organiser-event-delete"),
    path(T + "events/<int:event_id>/entries/", events.entry_add, name="organiser-entry-add"),
    path(T + "events/<int:event_id>/draw/", rounds.draw, name="organiser-draw"),
    path(T + "events/<int:event_id>/next/", rounds.next_round, name="organiser-next-round"),
    path(T + "events/<int:event_id>/draw/edit/", rounds.draw_edit, name="organiser-draw-edit"),
    path(
        T + "events/<int:event_id>/take-back/", rounds.delete_round, name="organiser-delete-round"
    ),
    path(
        T + "entries/<int:entry_id>/<str:action>/",
        events.entry_action,
        name="organiser-entry-action",
    ),
    path(T + "rounds/<int:round_id>/games/", rounds.round_games, name="organiser-round-games"),
    path(T + "matches/<int:match_id>/", match.match_page, name="organiser-match"),
    path(T + "matches/<int:match_id>/toss/", match.match_toss, name="organiser-match-toss"),
    path(T + "matches/<int:match_id>/board/", match.match_quick, name="organiser-match-quick"),
    path(
        T + "matches/<int:match_id>/walkover/",
        match.match_walkover,
        name="organiser-match-walkover",
    ),
    path(
        T + "matches/<int:match_id>/boards/<int:board_id>/correct/",
        corrections.match_correct,
        name="organiser-match-correct",
    ),
    path(
        T + "matches/<int:match_id>/decision/",
        corrections.match_decide,
        name="organiser-match-decide",
    ),
    path(
        T + "matches/<int:match_id>/elimination/take-back/",
        corrections.match_take_back_elimination,
        name="organiser-match-take-back-elimination",
    ),
    path(
        T + "matches/<int:match_id>/rekey/", corrections.match_rekey, name="organiser-match-rekey"
    ),
    path(
        T + "matches/<int:match_id>/sheet/", paper_sheet.match_sheet, name="organiser-match-sheet"
    ),
    path(
        T + "matches/<int:match_id>/sheet/check/",
        paper_sheet.match_sheet_check,
        name="organiser-match-sheet-check",
    ),
    path(
        T + "matches/<int:match_id>/confirm/", match.match_confirm, name="organiser-match-confirm"
    ),
    path(T + "callup/", callup.callup, name="organiser-callup"),
    path(T + "callup/call/", callup.callup_call, name="organiser-callup-call"),
    path(T + "callup/fill/", callup.callup_auto, name="organiser-callup-fill"),
    path(T + "callup/automatic/", callup.callup_autopilot, name="organiser-callup-auto"),
    path(
        T + "callup/<int:match_id>/release/", callup.callup_release, name="organiser-callup-release"
    ),
    path(T + "callup/<int:match_id>/move/", callup.callup_move, name="organiser-callup-move"),
]
