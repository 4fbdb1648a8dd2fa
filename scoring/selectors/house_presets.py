"""Reads of house presets: a tournament's presets, the rule set behind a stored key (the
engine's resolver, ``scoring.rules.presets.add_resolver``) and a rule set's name and
differences from ICF for pages and sheets."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from scoring.models import Event, HousePreset, Tournament
from scoring.rule_words import differences_in_words, rules_name
from scoring.rules import RulesError, RuleSet, get_rules
from scoring.rules.house import compose


def presets_of(tournament: Tournament) -> QuerySet[HousePreset]:
    """The tournament's house presets by name."""
    return HousePreset.objects.filter(tournament=tournament).order_by("name")


def tournament_preset(tournament: Tournament, preset_id: int) -> HousePreset | None:
    """The tournament's preset of that id (``None``: none, or another tournament's)."""
    return HousePreset.objects.filter(tournament=tournament, pk=preset_id).first()


def preset_rules(preset: HousePreset) -> RuleSet:
    """The engine's rule set of a stored preset (checked again: a changed engine may refuse
    it, then :class:`RulesError`)."""
    return compose(preset.base, preset.switches, name=preset.name)


def rules_for_key(key: str) -> RuleSet | None:
    """The rule set a stored house preset's key names (``None``: no such preset). Keys name
    their content, so the engine keeps what this returns for good."""
    row = HousePreset.objects.filter(key=key).values_list("base", "switches", "name").first()
    if row is None:
        return None
    try:
        return compose(row[0], row[1], name=row[2])
    except RulesError:
        return None


def events_using(preset: HousePreset) -> QuerySet[Event]:
    """The tournament's events that play ``preset``."""
    return Event.objects.filter(tournament_id=preset.tournament_id, rules=preset.key)


@dataclass(frozen=True, slots=True)
class RulesSummary:
    """A rule set as pages and sheets show it: its name and its differences from ICF."""

    key: str
    name: str
    differences: tuple[str, ...]
    house: bool


def rules_summary(key: str, tournament_id: int | None = None) -> RulesSummary:
    """The name (a house preset's own, else the preset's in the reader's language) and the
    differences from ICF in words of the rules ``key``."""
    try:
        rules = get_rules(key)
    except RulesError:
        return RulesSummary(key, key, (), False)
    name = None
    if rules.key.startswith("h-") and tournament_id is not None:
        name = (
            HousePreset.objects.filter(tournament_id=tournament_id, key=key)
            .values_list("name", flat=True)
            .first()
        )
    return RulesSummary(
        key, rules_name(rules, name), tuple(differences_in_words(rules)), rules.base is not None
    )


def house_rules_name(key: str, tournament_id: int | None) -> str:
    """A house preset's name for the tablet's header (the key's rule set's name if the
    tournament has no preset of that key, e.g. uk-29)."""
    return rules_summary(key, tournament_id).name
