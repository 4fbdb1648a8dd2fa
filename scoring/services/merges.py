"""Merging two records of one person (issue 31): a preview of what moves, one audited step,
and its undo while nothing new was recorded on what moved.

Everything built on a person reads the entries' players (busy holds of the call-up,
statistics, placings, the placings CSV, backups, SoL exports), so moving every entry (as the
player and as the partner) and every imported record (:class:`~scoring.models.ExternalRecord`,
SoL's keys) to the kept record makes them all follow. The merged record stays, marked
``merged_into``, so imports that meet it again land on the kept one and the merge can be
undone.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from scoring.models import Entry, ExternalRecord, Player, PlayerMerge, Tournament
from scoring.records.merges import merge_preview, undo_blocker
from scoring.services.audit import Actor
from scoring.services.tournaments.base import TournamentError, audit


def merge_players(
    *, tournament: Tournament, kept: Player, merged: Player, actor: Actor
) -> PlayerMerge:
    """Merge ``merged`` into ``kept`` in one audited step (the preview's moves); the caller
    checked that the actor may (:func:`scoring.permissions.may_merge_players`)."""
    with transaction.atomic():
        locked = {
            p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[kept.pk, merged.pk])
        }
        kept, merged = locked.get(kept.pk, kept), locked.get(merged.pk, merged)
        preview = merge_preview(kept=kept, merged=merged)
        if not preview.possible:
            raise TournamentError(preview.problem, **preview.params)
        as_player = [e.pk for e in preview.entries if e.player_id == merged.pk]
        as_partner = [e.pk for e in preview.entries if e.partner_id == merged.pk]
        records = [r.pk for r in preview.records]
        Entry.objects.filter(pk__in=as_player).update(player=kept)
        Entry.objects.filter(pk__in=as_partner).update(partner=kept)
        ExternalRecord.objects.filter(pk__in=records).update(player=kept)
        fields = {}
        for name, (_now, then) in preview.taken_over.items():
            setattr(kept, name, then)
            fields[name] = then.isoformat() if hasattr(then, "isoformat") else then
        if fields:
            kept.save(update_fields=list(fields))
        merged.merged_into = kept
        merged.save(update_fields=["merged_into"])
        record = PlayerMerge.objects.create(
            tournament=tournament,
            kept=kept,
            merged=merged,
            actor=actor.user,
            moved={
                "as_player": as_player,
                "as_partner": as_partner,
                "records": records,
                "fields": fields,
                "last_entry": Entry.objects.aggregate(last=Max("pk"))["last"] or 0,
            },
        )
        audit(
            tournament,
            actor=actor,
            action="players_merged",
            detail={
                "merge": record.pk,
                "kept": kept.pk,
                "merged": merged.pk,
                "name": kept.name,
                "merged_name": merged.name,
                "club": kept.club,
                "merged_club": merged.club,
                "entries": len(as_player) + len(as_partner),
                "records": len(records),
                "fields": fields,
                "tournaments": [t.pk for t in preview.tournaments],
            },
        )
        return record


def undo_merge(*, merge: PlayerMerge, actor: Actor) -> PlayerMerge:
    """Put every moved row back on the merged record and give the kept one its fields back,
    while :func:`undo_blocker` finds nothing new; audited."""
    with transaction.atomic():
        merge = PlayerMerge.objects.select_for_update().get(pk=merge.pk)
        problem = undo_blocker(merge)
        if problem:
            raise TournamentError(problem)
        moved = merge.moved or {}
        merged = Player.objects.select_for_update().get(pk=merge.merged_id)
        kept = Player.objects.select_for_update().get(pk=merge.kept_id)
        Entry.objects.filter(pk__in=moved.get("as_player", [])).update(player=merged)
        Entry.objects.filter(pk__in=moved.get("as_partner", [])).update(partner=merged)
        ExternalRecord.objects.filter(pk__in=moved.get("records", [])).update(player=merged)
        fields = list(moved.get("fields", {}))
        for name in fields:
            setattr(kept, name, None if name in ("rating", "born") else "")
        if fields:
            kept.save(update_fields=fields)
        merged.merged_into = None
        merged.save(update_fields=["merged_into"])
        merge.undone_at = timezone.now()
        merge.save(update_fields=["undone_at"])
        audit(
            merge.tournament,
            actor=actor,
            action="players_merge_undone",
            detail={"merge": merge.pk, "kept": kept.pk, "merged": merged.pk, "name": merged.name},
        )
        return merge
