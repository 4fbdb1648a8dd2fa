from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.http import HttpRequest

from scoring.models import (
    AuditEntry,
    Board,
    BoardEvent,
    Entry,
    Event,
    Game,
    Match,
    MatchConfirmation,
    PaperScoresheet,
    Player,
    Rate,
    Rating,
    Round,
    Table,
    Tournament,
)

if TYPE_CHECKING:  # generic in django-stubs only, not at run time
    ModelAdmin = admin.ModelAdmin[Any]
    TabularInline = admin.TabularInline[Any, Any]
else:
    ModelAdmin = admin.ModelAdmin
    TabularInline = admin.TabularInline


@admin.register(Tournament)
class TournamentAdmin(ModelAdmin):
    list_display = ["name", "start_date", "end_date", "venue"]
    list_filter = ["start_date"]
    search_fields = ["name", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    date_hierarchy = "start_date"


# --- events, entries, matches (raw data fixes; results are caches rebuilt from the log) ------


@admin.register(Player)
class PlayerAdmin(ModelAdmin):
    list_display = ["name", "club", "nationality", "rating"]
    search_fields = ["name", "club"]
    list_filter = ["nationality"]


class EntryInline(TabularInline):
    model = Entry
    extra = 0
    autocomplete_fields = ["player", "partner"]


@admin.register(Event)
class EventAdmin(ModelAdmin):
    list_display = ["name", "tournament", "kind", "format", "rules", "status"]
    list_filter = ["kind", "format", "rules", "status"]
    search_fields = ["name", "tournament__name"]
    inlines = [EntryInline]


@admin.register(Round)
class RoundAdmin(ModelAdmin):
    list_display = ["__str__", "event", "number", "bracket", "stage", "games_to_win"]
    list_filter = ["stage", "bracket"]


@admin.register(Table)
class TableAdmin(ModelAdmin):
    list_display = ["__str__", "tournament", "number", "active"]


class GameInline(TabularInline):
    model = Game
    extra = 0
    readonly_fields = ["number", "first_breaker", "scores", "winner_side", "finished"]
    can_delete = False


@admin.register(Match)
class MatchAdmin(ModelAdmin):
    list_display = ["__str__", "event", "round", "table", "status", "winner_side", "revision"]
    list_filter = ["status", "event__tournament"]
    search_fields = ["entry_a__player__name", "entry_b__player__name"]
    readonly_fields = ["revision", "winner_side", "games_won", "umpire_token"]
    raw_id_fields = ["entry_a", "entry_b", "entry_c", "winner_to", "loser_to"]
    inlines = [GameInline]


class BoardEventInline(TabularInline):
    """The log is append-only: shown, never edited here."""

    model = BoardEvent
    extra = 0
    can_delete = False
    readonly_fields = [
        "seq",
        "type",
        "payload",
        "retracts",
        "recorded_by",
        "via",
        "device",
        "created_at",
    ]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Board)
class BoardAdmin(ModelAdmin):
    list_display = [
        "__str__",
        "game",
        "kind",
        "breaker",
        "result_winner",
        "result_points",
        "result_law",
    ]
    readonly_fields = [
        "finished",
        "void",
        "result_winner",
        "result_points",
        "result_law",
        "result_interpretation",
        "result_carrommen",
        "result_queen",
        "result_extra_points",
        "last_seq",
    ]
    inlines = [BoardEventInline]


@admin.register(AuditEntry)
class AuditEntryAdmin(ModelAdmin):
    list_display = ["created_at", "action", "tournament", "match", "actor", "via"]
    list_filter = ["action", "via"]
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


admin.site.register(MatchConfirmation)
admin.site.register(PaperScoresheet)


@admin.register(Rating)
class RatingAdmin(ModelAdmin):
    """Ratings are made here (issue 33); a parameter changed re-rates the whole history."""

    list_display = [
        "name",
        "level",
        "nation",
        "outcomes",
        "scope",
        "inherit",
        "default_rate",
        "tau",
    ]
    list_filter = ["level", "outcomes", "scope", "inherit"]
    search_fields = ["name"]

    def save_model(self, request: Any, obj: Rating, form: Any, change: bool) -> None:
        from scoring.services.ratings import rerate

        super().save_model(request, obj, form, change)
        if change:
            rerate(obj)


@admin.register(Rate)
class RateAdmin(ModelAdmin):
    """The history, rebuilt from the decided results: read only."""

    list_display = ["rating", "player", "tournament", "date", "rate", "deviation", "matches"]
    list_filter = ["rating"]
    search_fields = ["player__name"]

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False
