"""An organiser's house presets (``scoring/rules/house.py``): create, change, delete.

The engine checks every preset (:func:`scoring.rules.house.compose`); a switch it refuses is a
:class:`TournamentError` ``bad_switch`` naming the switch. A preset's rules key names its
switches, so a change of switches gives a new key: the events that play it follow while none
of them is drawn; once one is, the switches are fixed (the name may still change). A preset
an event plays cannot be deleted.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from scoring.models import Event, HousePreset, Match, Tournament
from scoring.rules import RulesError, RuleSet
from scoring.rules.house import compose
from scoring.services.audit import Actor
from scoring.services.tournaments.base import TournamentError, audit

NAME_MAX = 80


def check_preset(base: str, *, switches: dict[str, Any], name: str = "") -> RuleSet:
    """The engine's rule set of ``base`` + ``switches``.

    :raises TournamentError: ``bad_switch`` (``switch``: the switch the engine names,
        ``reason``: its code, ``detail``: its English message)."""
    try:
        return compose(base, switches, name=name)
    except RulesError as err:
        where = (err.where or "").removeprefix("switches.")
        raise TournamentError(
            "bad_switch", switch=where or "rules", reason=err.code, detail=err.message
        ) from None


def _clean_name(tournament: Tournament, name: str, preset: HousePreset | None) -> str:
    name = (name or "").strip()
    if not name or len(name) > NAME_MAX:
        raise TournamentError("bad_preset_name")
    same = HousePreset.objects.filter(tournament=tournament, name__iexact=name)
    if preset is not None:
        same = same.exclude(pk=preset.pk)
    if same.exists():
        raise TournamentError("preset_exists", name=name)
    return name


def _same_rules(tournament: Tournament, key: str, preset: HousePreset | None) -> None:
    same = HousePreset.objects.filter(tournament=tournament, key=key)
    if preset is not None:
        same = same.exclude(pk=preset.pk)
    other = same.values_list("name", flat=True).first()
    if other is not None:
        raise TournamentError("preset_same_rules", name=other)


def create_preset(
    *, tournament: Tournament, actor: Actor, name: str, base: str, switches: dict[str, Any]
) -> HousePreset:
    """A new house preset of ``tournament``, checked by the engine."""
    rules = check_preset(base, switches=switches, name=name)
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        name = _clean_name(tournament, name, None)
        _same_rules(tournament, rules.key, None)
        try:
            preset = HousePreset.objects.create(
                tournament=tournament,
                name=name,
                base=rules.base or base,
                switches=dict(rules.switches),
                key=rules.key,
            )
        except IntegrityError:  # pragma: no cover - the checks above run under the lock
            raise TournamentError("preset_exists", name=name) from None
        audit(
            tournament,
            actor=actor,
            action="house_preset_created",
            detail={
                "preset": preset.pk,
                "name": name,
                "rules": preset.base,
                "switches": preset.switches,
            },
        )
        return preset


def _drawn_events(preset: HousePreset) -> list[str]:
    events = Event.objects.filter(tournament_id=preset.tournament_id, rules=preset.key)
    drawn = events.filter(rounds__isnull=False).distinct()
    played = Match.objects.filter(
        event__tournament_id=preset.tournament_id, rules=preset.key
    ).values_list("event__name", flat=True)
    return sorted(set(drawn.values_list("name", flat=True)) | set(played))


def update_preset(
    *, preset: HousePreset, actor: Actor, name: str, base: str, switches: dict[str, Any]
) -> HousePreset:
    """Change a preset's name and switches; the events that play it follow (their rules key),
    unless one of them is drawn or has a match: then only the name may change."""
    rules = check_preset(base, switches=switches, name=name)
    tournament = preset.tournament
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        preset = HousePreset.objects.get(pk=preset.pk)
        name = _clean_name(tournament, name, preset)
        old_key = preset.key
        if rules.key != old_key:
            drawn = _drawn_events(preset)
            if drawn:
                raise TournamentError("preset_in_play", events=", ".join(drawn))
            _same_rules(tournament, rules.key, preset)
        before = {"name": preset.name, "rules": preset.base, "switches": preset.switches}
        preset.name, preset.base = name, rules.base or base
        preset.switches, preset.key = dict(rules.switches), rules.key
        preset.save()
        if rules.key != old_key:
            Event.objects.filter(tournament=tournament, rules=old_key).update(rules=rules.key)
        audit(
            tournament,
            actor=actor,
            action="house_preset_changed",
            detail={
                "preset": preset.pk,
                "before": before,
                "after": {"name": name, "rules": preset.base, "switches": preset.switches},
            },
        )
        return preset


def delete_preset(*, preset: HousePreset, actor: Actor) -> None:
    """Delete a preset no event and no match plays."""
    tournament = preset.tournament
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        events = sorted(
            set(
                Event.objects.filter(tournament=tournament, rules=preset.key).values_list(
                    "name", flat=True
                )
            )
            | set(
                Match.objects.filter(event__tournament=tournament, rules=preset.key).values_list(
                    "event__name", flat=True
                )
            )
        )
        if events:
            raise TournamentError("preset_used", events=", ".join(events))
        audit(
            tournament,
            actor=actor,
            action="house_preset_deleted",
            detail={"preset": preset.pk, "name": preset.name},
        )
        preset.delete()
