"""What a merge of two records of one person would move, and whether a merge can still be
undone (issue 31): read by the merge service under its lock and by the merge pages
(:mod:`scoring.selectors.merges`); the writes: :mod:`scoring.services.merges`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q

from scoring.models import Entry, ExternalRecord, Match, Player, PlayerMerge, Tournament

#: what the kept record takes over from the merged one where its own is empty
TAKEN_OVER = ("club", "nationality", "rating", "licence", "born")


@dataclass
class MergePreview:
    """What a merge of ``merged`` into ``kept`` moves, and why it cannot be done (``problem``:
    an error code of :mod:`scoring.error_words`, empty when it can)."""

    kept: Player
    merged: Player
    entries: list[Entry] = field(default_factory=list)  # the merged record's, to the kept one
    kept_entries: list[Entry] = field(default_factory=list)
    records: list[ExternalRecord] = field(default_factory=list)
    taken_over: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # field: (now, then)
    tournaments: list[Tournament] = field(default_factory=list)
    matches: int = 0
    problem: str = ""
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def possible(self) -> bool:
        return not self.problem


def tournaments_of(*players: Player) -> set[int]:
    """The tournaments the players are entered in (as a player or a partner)."""
    ids = [p.pk for p in players]
    return set(
        Entry.objects.filter(Q(player_id__in=ids) | Q(partner_id__in=ids)).values_list(
            "event__tournament_id", flat=True
        )
    )


def merge_preview(*, kept: Player, merged: Player) -> MergePreview:
    """What moves: the merged record's entries in every tournament, its imported records, the
    fields the kept record takes over; the matches and statistics that follow."""
    preview = MergePreview(kept=kept, merged=merged)
    preview.entries = list(
        Entry.objects.filter(Q(player=merged) | Q(partner=merged))
        .select_related("event__tournament", "player", "partner")
        .order_by("event__tournament__start_date", "event__name", "pk")
    )
    preview.kept_entries = list(
        Entry.objects.filter(Q(player=kept) | Q(partner=kept))
        .select_related("event__tournament", "player", "partner")
        .order_by("event__tournament__start_date", "event__name", "pk")
    )
    preview.records = list(ExternalRecord.objects.filter(player=merged).order_by("pk"))
    preview.taken_over = {
        name: (getattr(kept, name), getattr(merged, name))
        for name in TAKEN_OVER
        if getattr(kept, name) in ("", None) and getattr(merged, name) not in ("", None)
    }
    seen: dict[int, Tournament] = {}
    for entry in preview.entries + preview.kept_entries:
        seen.setdefault(entry.event.tournament_id, entry.event.tournament)
    preview.tournaments = sorted(seen.values(), key=lambda t: (t.start_date, t.name))
    ids = [e.pk for e in preview.entries]
    preview.matches = Match.objects.filter(
        Q(entry_a_id__in=ids) | Q(entry_b_id__in=ids) | Q(entry_c_id__in=ids)
    ).count()
    if kept.pk == merged.pk:
        preview.problem = "merge_same"
    elif kept.merged_into_id or merged.merged_into_id:
        preview.problem = "merge_merged"
        preview.params = {"name": (merged if merged.merged_into_id else kept).name}
    else:
        events = {e.event_id: e for e in preview.kept_entries}
        both = next((e for e in preview.entries if e.event_id in events), None)
        if both is not None:
            preview.problem = "merge_same_event"
            preview.params = {"event": both.event.name, "tournament": both.event.tournament.name}
    return preview


def undo_blocker(merge: PlayerMerge) -> str:
    """Why the merge can no longer be undone ("" when it can): it was undone already, or
    something new was recorded on what moved (a match of a moved entry changed, the kept
    player got a new entry, or another merge built on it)."""
    if merge.undone_at is not None:
        return "merge_undone"
    moved = merge.moved or {}
    entries = [*moved.get("as_player", []), *moved.get("as_partner", [])]
    changed = Match.objects.filter(
        Q(entry_a_id__in=entries) | Q(entry_b_id__in=entries) | Q(entry_c_id__in=entries),
        updated_at__gt=merge.created_at,
    ).exists()
    newer = Entry.objects.filter(
        Q(player_id=merge.kept_id) | Q(partner_id=merge.kept_id),
        pk__gt=moved.get("last_entry") or 0,
    ).exists()
    later = PlayerMerge.objects.filter(
        Q(kept_id__in=[merge.kept_id, merge.merged_id])
        | Q(merged_id__in=[merge.kept_id, merge.merged_id]),
        undone_at__isnull=True,
        pk__gt=merge.pk,
    ).exists()
    return "merge_recorded_since" if changed or newer or later else ""
