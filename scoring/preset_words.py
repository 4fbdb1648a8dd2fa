"""The rules presets' names in the page's language (issue 35).

The engine's presets (:mod:`scoring.rules.presets`) carry their names as data, in English; the
app shows them through these gettext words so that every language has them (the choice lists
of the forms and models, the tablet's header). A preset without a word here shows its English
name until one is added.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from scoring.rules.presets import RULESETS, get_rules

PRESET_NAMES: dict[str, Promise] = {
    "icf": _("ICF Laws of Carrom"),
    "dcv": _("DCV (German Carrom Federation)"),
    "family-21": _("Family game to 21"),
    "queen-5": _("Queen worth 5"),
    "point-carrom": _("Point carrom (three players)"),
    "uk-29": _("UK rules to 29"),
}


def preset_name(key: str | None) -> str:
    """The name of the preset ``key`` in the active language."""
    rules = get_rules(key)
    word = PRESET_NAMES.get(rules.key)
    return str(word) if word is not None else rules.name


def preset_choices() -> list[tuple[str, str | Promise]]:
    """(key, name) of every preset, the names translated when shown."""
    return [(key, PRESET_NAMES.get(key, rules.name)) for key, rules in RULESETS.items()]
