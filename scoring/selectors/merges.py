"""What a merge of two records of one person would move, and whether a merge can still be
undone (issue 31; the writes: :mod:`scoring.services.merges`)."""

from __future__ import annotations

from django.db.models import Q

from scoring.models import Player, PlayerMerge, Tournament
from scoring.records.merges import MergePreview, merge_preview, tournaments_of, undo_blocker

# the merge's own reads live in scoring.records.merges (the service reads them too)
__all__ = [
    "MergePreview",
    "merge_candidates",
    "merge_choices",
    "merge_preview",
    "tournament_merge",
    "tournament_merges",
    "tournaments_of",
    "undo_blocker",
]


def merge_candidates(tournament: Tournament) -> list[tuple[Player, Player]]:
    """Pairs of records that may be one person: a player of the tournament and another
    record of the same name key (any case and Unicode form), not merged away; two queries."""
    mine = {
        p.pk: p
        for p in Player.objects.filter(
            Q(entries__event__tournament=tournament)
            | Q(partner_entries__event__tournament=tournament)
        ).distinct()
    }
    keys = {p.name_key for p in mine.values() if p.name_key}
    others: dict[str, list[Player]] = {}
    for player in Player.objects.filter(name_key__in=keys, merged_into__isnull=True).order_by("pk"):
        others.setdefault(player.name_key, []).append(player)
    pairs = []
    for player in sorted(mine.values(), key=lambda p: (p.name_key, p.pk)):
        for other in others.get(player.name_key, []):
            if other.pk != player.pk and not (other.pk in mine and other.pk < player.pk):
                pairs.append((player, other))
    return pairs


def merge_choices(tournament: Tournament) -> list[Player]:
    """The records an organiser of ``tournament`` may pick for a merge: its players and the
    other records of their names."""
    chosen = {p.pk: p for pair in merge_candidates(tournament) for p in pair}
    for player in Player.objects.filter(
        Q(entries__event__tournament=tournament) | Q(partner_entries__event__tournament=tournament)
    ).distinct():
        chosen.setdefault(player.pk, player)
    return sorted(chosen.values(), key=lambda p: (p.name_key, p.club, p.pk))


def tournament_merges(tournament: Tournament, limit: int = 20) -> list[PlayerMerge]:
    """The tournament's latest merges, with whether each can still be undone."""
    merges = list(
        PlayerMerge.objects.filter(tournament=tournament).select_related("kept", "merged")[:limit]
    )
    for merge in merges:
        merge.blocker = undo_blocker(merge)  # type: ignore[attr-defined]
    return merges


def tournament_merge(tournament: Tournament, merge_id: int) -> PlayerMerge:
    """One merge of players made in ``tournament`` (404 for another's or an unknown id)."""
    from django.shortcuts import get_object_or_404

    return get_object_or_404(
        PlayerMerge.objects.select_related("kept", "merged"), pk=merge_id, tournament=tournament
    )
