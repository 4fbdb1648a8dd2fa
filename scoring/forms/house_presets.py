"""The organiser's house preset form: a name, the preset it starts from and every switch of
that preset's game (``scoring.rules.house.SWITCHES``), filled with the preset's values."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.limits import has_bidi_control
from scoring.models import HousePreset
from scoring.rule_words import CHOICE_WORDS, SWITCH_HELP, SWITCH_LABELS, rules_name
from scoring.rules import RULESETS, RuleSet, get_rules
from scoring.rules.house import SWITCHES, compose
from scoring.services.house_presets import NAME_MAX

BIDI_MESSAGE = _("Remove the invisible text-direction characters.")


def base_choices() -> list[tuple[str, str]]:
    """The built-in presets by their names in the reader's language."""
    return [(key, rules_name(rules)) for key, rules in RULESETS.items()]


def _field(key: str) -> forms.Field:
    switch = SWITCHES[key]
    label, help_text = SWITCH_LABELS[key], SWITCH_HELP[key]
    if switch.kind == "bool":
        return forms.TypedChoiceField(
            label=label,
            help_text=help_text,
            coerce=lambda v: v == "yes",
            choices=[("yes", _("yes")), ("no", _("no"))],
        )
    if switch.kind == "choice":
        return forms.ChoiceField(
            label=label, help_text=help_text, choices=[(c, CHOICE_WORDS[c]) for c in switch.choices]
        )
    return forms.IntegerField(
        label=label,
        help_text=help_text,
        min_value=switch.low,
        max_value=switch.high,
        required=switch.kind == "int",
    )


def _initial(key: str, value: object) -> object:
    if SWITCHES[key].kind == "bool":
        return "yes" if value else "no"
    return value


class HousePresetForm(forms.Form):
    """Name, base and the switches of the base's game; ``switches()`` gives what was set."""

    name = forms.CharField(
        label=_("Name"),
        max_length=NAME_MAX,
        help_text=_(
            "As players read it on the scoresheet and the live pages, e.g. “Club rules to 29”."
        ),
    )
    base = forms.ChoiceField(
        label=_("Starts from"),
        choices=base_choices,
        help_text=_("Every switch starts with this preset's value."),
    )

    def __init__(
        self, *args: Any, preset: HousePreset | None = None, base: str | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        chosen = base or (self.data.get("base") if self.is_bound else None)
        if chosen not in RULESETS:
            chosen = preset.base if preset is not None else "icf"
        start: RuleSet = get_rules(chosen)
        if preset is not None and chosen == preset.base:
            try:
                start = compose(preset.base, preset.switches, name=preset.name)
            except ValueError:
                start = get_rules(chosen)
            self.fields["name"].initial = preset.name
        self.fields["base"].initial = chosen
        self.base_rules = start
        self.switch_keys = [k for k, s in SWITCHES.items() if start.family in s.families]
        for key in self.switch_keys:
            self.fields[key] = _field(key)
            self.fields[key].initial = _initial(key, getattr(start, key))

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        if has_bidi_control(name):
            raise forms.ValidationError(BIDI_MESSAGE)
        return name

    def switches(self) -> dict[str, Any]:
        """Every switch as entered (the engine keeps those that differ from the base)."""
        return {key: self.cleaned_data.get(key) for key in self.switch_keys}

    def switch_error(self, switch: str, message: str) -> None:
        """Put an engine refusal on the switch it names (else on the form)."""
        self.add_error(switch if switch in self.fields else None, message)
