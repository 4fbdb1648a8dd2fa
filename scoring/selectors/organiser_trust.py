"""Reads of the trust pages (``scoring.views.trust``): the tournament's matches with their
paper sheets, and the audit trail of a tournament or a match."""

from __future__ import annotations

from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404

from scoring.models import AuditEntry, Match, PaperScoresheet, Tournament

MATCH_RELATED = (
    "event__tournament",
    "round",
    "table",
    "entry_a__player",
    "entry_a__partner",
    "entry_b__player",
    "entry_b__partner",
    "entry_c__player",
    "umpire",
)


def trust_match(tournament: Tournament, match_id: int) -> Match:
    """Match ``match_id`` of the tournament with what the trust pages show (404 otherwise)."""
    return get_object_or_404(
        Match.objects.select_related(*MATCH_RELATED), pk=match_id, event__tournament=tournament
    )


def matches_with_sheets(tournament: Tournament) -> QuerySet[Match]:
    """Every match of the tournament in event and round order, with its paper sheet count."""
    return (
        Match.objects.filter(event__tournament=tournament)
        .select_related(*MATCH_RELATED)
        .annotate(sheets=Count("paper_sheets", distinct=True))
        .order_by("event__order", "event__name", "round__number", "number", "pk")
    )


def tournament_audit(tournament: Tournament, action: str = "") -> QuerySet[AuditEntry]:
    """Every recorded action of the tournament (its own and its matches'), newest first;
    only ``action``'s when given."""
    entries = (
        AuditEntry.objects.filter(Q(tournament=tournament) | Q(match__event__tournament=tournament))
        .select_related("actor", "match")
        .order_by("-created_at", "-id")
    )
    return entries.filter(action=action) if action else entries


def audit_actions(entries: QuerySet[AuditEntry]) -> list[str]:
    return sorted(set(entries.values_list("action", flat=True)))


def match_audit(
    match: Match, action: str | None = None, *, newest_first: bool = False
) -> QuerySet[AuditEntry]:
    """The recorded actions on one match (oldest first unless ``newest_first``)."""
    entries = AuditEntry.objects.filter(match=match).select_related("actor")
    if action:
        entries = entries.filter(action=action)
    order = ("-created_at", "-id") if newest_first else ("created_at", "id")
    return entries.order_by(*order)


def latest_paper_sheet(match: Match) -> PaperScoresheet | None:
    """The match's paper scoresheet entered last (the one compared and decided on), if any."""
    return (
        PaperScoresheet.objects.filter(match=match)
        .select_related("entered_by")
        .order_by("-created_at", "-id")
        .first()
    )
