from __future__ import annotations

from django.contrib import admin

from scoring.models import Tournament


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "start_date", "end_date", "venue"]
    list_filter = ["start_date"]
    search_fields = ["name", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    date_hierarchy = "start_date"
