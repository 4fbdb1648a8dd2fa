"""An event of a tournament: create, change (format options checked by :func:`clean_settings`)
and delete while it has no match."""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction

from scoring.models import Event, HousePreset, Rating, Tournament
from scoring.round_clock import CLOCK_FROM, LIMIT_MAX, LIMIT_MIN
from scoring.rules import RULESETS, RuleSet, get_rules, variant_for
from scoring.services.audit import Actor
from scoring.services.tournaments.base import TournamentError, audit, clean_text

#: Format options kept in ``Event.settings`` (anything else there is left alone).
SETTING_KEYS = (
    "third_place",
    "random_draw",
    "rounds",
    "groups",
    "qualifiers",
    "reset",
    "single_game_rounds",
    "ranking",
    "bye_points",
    "walkover",
    "clock_from",
    "time_up_board",
    "separate",
    "ratings",
    "seed_rating",
    "seed_date",
    "bye_total",
)
#: Text options and their allowed values (the ranking rule, docs/STANDINGS.md).
TEXT_SETTINGS = {
    "ranking": ("current", "european"),
    "walkover": ("bye", "as_played"),
    "time_up_board": ("finish", "stop"),
    "clock_from": CLOCK_FROM,
    # SoL's ranking: the entries' own ratings only, then names (issue 31)
    "ratings": ("entry",),
    # SoL's total score: a bye's recorded score (issue 31)
    "bye_total": ("phantom", "recorded"),
}


def clean_settings(fmt: str, *, settings: dict[str, Any]) -> dict[str, Any]:
    """Only the options that mean something for ``fmt``, with their types checked."""
    out: dict[str, Any] = {}
    for key in SETTING_KEYS:
        if key not in settings or settings[key] in (None, ""):
            continue
        value = settings[key]
        if key in ("third_place", "random_draw", "reset"):
            out[key] = bool(value)
        elif key == "separate":  # players of one club or nation kept apart (draws)
            if value not in ("club", "nation", "none"):
                raise TournamentError("bad_setting", setting=key)
            if value != "none":
                out[key] = value
        elif key == "seed_rating":  # seeding by rating: which rating (issue 33)
            try:
                pk = int(value)
            except (TypeError, ValueError):
                raise TournamentError("bad_setting", setting=key) from None
            if not Rating.objects.filter(pk=pk).exists():
                raise TournamentError("bad_setting", setting=key)
            out[key] = pk
        elif key == "seed_date":  # seeding by rating: the rates of this day (issue 33)
            try:
                out[key] = datetime.date.fromisoformat(str(value)).isoformat()
            except ValueError:
                raise TournamentError("bad_setting", setting=key) from None
        elif key in TEXT_SETTINGS:
            if value not in TEXT_SETTINGS[key]:
                raise TournamentError("bad_setting", setting=key)
            out[key] = value
        else:
            try:
                out[key] = int(value)
            except (TypeError, ValueError):
                raise TournamentError("bad_setting", setting=key) from None
            if out[key] < 0:
                raise TournamentError("bad_setting", setting=key)
    if fmt == Event.Format.GROUPS and out.get("groups", 1) < 1:
        raise TournamentError("bad_setting", setting="groups")
    return out


def _check_round_minutes(minutes: int | None) -> None:
    """A round time limit is 1..600 minutes, or none (``scoring/round_clock.py``)."""
    if minutes is not None and not (isinstance(minutes, int) and LIMIT_MIN <= minutes <= LIMIT_MAX):
        raise TournamentError("bad_setting", setting="round_minutes")


def event_rules(tournament: Tournament, *, rules: str) -> RuleSet:
    """A built-in preset, or one of the tournament's house presets by its key.

    :raises TournamentError: ``unknown_rules``."""
    if (
        rules not in RULESETS
        and not HousePreset.objects.filter(tournament=tournament, key=rules).exists()
    ):
        raise TournamentError("unknown_rules", rules=rules)
    return get_rules(rules)


def house_time_rules(
    rules: RuleSet, *, round_minutes: int | None, settings: dict[str, Any]
) -> tuple[int | None, dict[str, Any]]:
    """A house preset's time switches as the event's defaults: its time limit when the event
    sets none, and what time-up means unless the event says (``time_up_board``)."""
    switches = dict(rules.switches)
    if round_minutes is None and switches.get("time_limit") is not None:
        round_minutes = rules.time_limit
    if "time_up" in switches and not settings.get("time_up_board"):
        settings = {**settings, "time_up_board": rules.time_up}
    return round_minutes, settings


def _check_event(
    kind: str, fmt: str, games_to_win: int, rules: str, tournament: Tournament | None = None
) -> None:
    if tournament is not None:
        ruleset = event_rules(tournament, rules=rules)
    elif rules in RULESETS:
        ruleset = RULESETS[rules]
    else:
        raise TournamentError("unknown_rules", rules=rules)
    if kind in Event.Kind.values and kind not in variant_for(ruleset).event_kinds:
        raise TournamentError("points_rules")
    if kind == Event.Kind.POINTS and fmt not in (Event.Format.SINGLE_MATCH, Event.Format.GROUPS):
        # point carrom: single matches, or a round robin of three-player tables
        raise TournamentError("points_no_draw")
    if games_to_win not in (1, 2, 3):
        raise TournamentError("bad_setting", setting="games_to_win")


def create_event(
    *,
    tournament: Tournament,
    name: str,
    actor: Actor,
    kind: str = "singles",
    format: str = "knockout",
    rules: str = "",
    games_to_win: int = 2,
    settings: dict[str, Any] | None = None,
    order: int | None = None,
    round_minutes: int | None = None,
) -> Event:
    rules = rules or tournament.default_rules
    name = clean_text(name, field="name")
    _check_event(kind, format, games_to_win, rules, tournament)
    round_minutes, settings = house_time_rules(
        get_rules(rules), round_minutes=round_minutes, settings=settings or {}
    )
    _check_round_minutes(round_minutes)
    with transaction.atomic():
        if tournament.events.filter(name__iexact=name.strip()).exists():
            raise TournamentError("event_exists", name=name)
        if order is None:
            order = tournament.events.count() + 1
        event = Event.objects.create(
            tournament=tournament,
            name=name.strip(),
            kind=kind,
            format=format,
            rules=rules,
            games_to_win=games_to_win,
            settings=clean_settings(format, settings=settings or {}),
            order=order,
            round_minutes=round_minutes,
        )
        audit(
            tournament,
            actor=actor,
            action="event_created",
            detail={"event": event.pk, "name": event.name, "format": format, "kind": kind},
        )
        return event


def update_event(*, event: Event, actor: Actor, **fields: Any) -> Event:
    """Change an event; kind, format and rules are fixed once the draw is made."""
    if "name" in fields:
        fields["name"] = clean_text(fields["name"], field="name")
    drawn = event.rounds.exists()
    settings = fields.pop("settings", None)
    with transaction.atomic():
        before: dict[str, Any] = {}
        after: dict[str, Any] = {}
        for key in ("kind", "format", "rules") if drawn else ():
            if key in fields and fields[key] != getattr(event, key):
                raise TournamentError("drawn_fixed", field=key)
        new = {
            k: fields.get(k, getattr(event, k)) for k in ("kind", "format", "rules", "games_to_win")
        }
        _check_event(
            new["kind"], new["format"], int(new["games_to_win"]), new["rules"], event.tournament
        )
        if "round_minutes" in fields or settings is not None:
            minutes, timed = house_time_rules(
                get_rules(new["rules"]),
                round_minutes=fields.get("round_minutes", event.round_minutes),
                settings=settings if settings is not None else {},
            )
            if "round_minutes" in fields:
                fields["round_minutes"] = minutes
            if settings is not None:
                settings = timed
        if (
            "name" in fields
            and fields["name"].strip().lower() != event.name.lower()
            and (
                event.tournament.events.filter(name__iexact=fields["name"].strip())
                .exclude(pk=event.pk)
                .exists()
            )
        ):
            raise TournamentError("event_exists", name=fields["name"])
        for key, value in fields.items():
            if key not in (
                "name",
                "kind",
                "format",
                "rules",
                "games_to_win",
                "order",
                "status",
                "round_minutes",
            ):
                raise TournamentError("bad_field", field=key)
            if key == "round_minutes":
                _check_round_minutes(value)
            if getattr(event, key) != value:
                before[key], after[key] = str(getattr(event, key)), str(value)
                setattr(event, key, value)
        if settings is not None:
            merged = {k: v for k, v in event.settings.items() if k not in SETTING_KEYS}
            merged.update(clean_settings(event.format, settings=settings))
            if merged != event.settings:
                before["settings"], after["settings"] = event.settings, merged
                event.settings = merged
        if after:
            event.save()
            audit(
                event.tournament,
                actor=actor,
                action="event_changed",
                detail={"event": event.pk, "before": before, "after": after},
            )
        return event


def delete_event(*, event: Event, actor: Actor) -> None:
    if event.matches.exists():
        raise TournamentError("event_has_matches")
    with transaction.atomic():
        audit(
            event.tournament,
            actor=actor,
            action="event_deleted",
            detail={"event": event.pk, "name": event.name},
        )
        event.delete()
