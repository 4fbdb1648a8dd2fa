"""A tournament itself: create and change it, its tables (1…n) and its umpires."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils.text import slugify

from scoring.models import Table, Tournament
from scoring.rules import RULESETS
from scoring.services.audit import Actor
from scoring.services.tournaments.base import TournamentError, audit, clean_text


def unique_slug(name: str, *, wanted: str = "") -> str:
    base = slugify(wanted or name)[:90] or "tournament"
    slug, n = base, 2
    while Tournament.objects.filter(slug=slug).exists():
        slug = f"{base}-{n}"
        n += 1
    return slug


def create_tournament(
    *,
    name: str,
    start_date: datetime.date,
    end_date: datetime.date,
    actor: Actor,
    slug: str = "",
    venue: str = "",
    table_count: int = 8,
    default_rules: str = "icf",
) -> Tournament:
    """A new tournament; whoever creates it becomes its organiser; tables 1…n are created."""
    if end_date < start_date:
        raise TournamentError("end_before_start")
    name, venue = clean_text(name, field="name"), clean_text(venue, field="venue")
    if default_rules not in RULESETS:
        raise TournamentError("unknown_rules", rules=default_rules)
    with transaction.atomic():
        if slug and Tournament.objects.filter(slug=slug).exists():
            raise TournamentError("slug_taken", slug=slug)
        tournament = Tournament.objects.create(
            name=name.strip(),
            slug=slug or unique_slug(name),
            start_date=start_date,
            end_date=end_date,
            venue=venue.strip(),
            table_count=table_count,
            default_rules=default_rules,
        )
        if getattr(actor.user, "pk", None):
            tournament.organisers.add(actor.user)
        sync_tables(tournament)
        audit(
            tournament,
            actor=actor,
            action="tournament_created",
            detail={"name": tournament.name, "slug": tournament.slug},
        )
        return tournament


def update_tournament(*, tournament: Tournament, actor: Actor, **fields: Any) -> Tournament:
    """Change name, dates, venue, number of tables or default rules (logged before/after)."""
    allowed = {
        "name",
        "start_date",
        "end_date",
        "venue",
        "table_count",
        "default_rules",
        "auto_callup",
        "time_zone",
        "rating",
    }
    unknown = set(fields) - allowed
    if unknown:
        raise TournamentError("bad_field", field=sorted(unknown)[0])
    start = fields.get("start_date", tournament.start_date)
    end = fields.get("end_date", tournament.end_date)
    if end < start:
        raise TournamentError("end_before_start")
    for key in ("name", "venue"):
        if key in fields:
            fields[key] = clean_text(fields[key], field=key)
    rated = "rating" in fields
    rating = fields.pop("rating", None)
    old_end = tournament.end_date
    with transaction.atomic():
        before: dict[str, Any] = {}
        after: dict[str, Any] = {}
        for key, value in fields.items():
            old = getattr(tournament, key)
            if old != value:
                before[key], after[key] = str(old), str(value)
                setattr(tournament, key, value)
        if after:
            tournament.save(update_fields=list(after))
            if "table_count" in after:
                sync_tables(tournament)
            audit(
                tournament,
                actor=actor,
                action="tournament_changed",
                detail={"before": before, "after": after},
            )
        from scoring.services import ratings  # issue 33: the rating follows the tournament

        if rated:
            ratings.set_tournament_rating(tournament=tournament, rating=rating, actor=actor)
        if "end_date" in after and tournament.rating is not None:
            ratings.rerate(tournament.rating, since=min(old_end, tournament.end_date))
        return tournament


def sync_tables(tournament: Tournament) -> list[Table]:
    """Tables 1…``table_count`` exist and are active; tables beyond it are deactivated."""
    existing = {t.number: t for t in tournament.tables.all()}
    missing = [
        Table(tournament=tournament, number=n)
        for n in range(1, tournament.table_count + 1)
        if n not in existing
    ]
    Table.objects.bulk_create(missing)
    Table.objects.filter(
        tournament=tournament, number__gt=tournament.table_count, active=True
    ).update(active=False)
    return list(tournament.tables.order_by("number"))


def update_table(
    *, table: Table, actor: Actor, label: str | None = None, active: bool | None = None
) -> Table:
    changed: dict[str, Any] = {}
    if label is not None and label != table.label:
        changed["label"] = clean_text(label, field="label").strip()[:40]
    if active is not None and active != table.active:
        changed["active"] = active
    if changed:
        for key, value in changed.items():
            setattr(table, key, value)
        table.save(update_fields=list(changed))
        audit(
            table.tournament,
            actor=actor,
            action="table_changed",
            detail={"table": table.number, **changed},
        )
    return table


def set_umpires(*, tournament: Tournament, users: Iterable[Any], actor: Actor) -> None:
    users = list(users)
    tournament.umpires.set(users)
    audit(
        tournament,
        actor=actor,
        action="umpires_changed",
        detail={"umpires": sorted(u.get_username() for u in users)},
    )
