"""Rule sets in words: a preset's name and its differences from ICF, switch by switch, in the
reader's language (the organiser's house presets, the scoresheet, the live pages).

The switches and their laws are the engine's (``scoring.rules.house.SWITCHES``); only their
words are here.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.preset_words import preset_name
from scoring.rules import RuleSet
from scoring.rules.house import SWITCHES, differences_from_icf

#: A switch's label, as a form and a sheet show it.
SWITCH_LABELS: dict[str, Any] = {
    "game_points": gettext_lazy("Points to win a game"),
    "board_limit": gettext_lazy("Board limit (up to the pre-quarter-finals)"),
    "late_board_limit": gettext_lazy("Board limit (from the quarter-finals)"),
    "extra_board_on_tie": gettext_lazy("Extra board on a tie after the board limit"),
    "queen_value": gettext_lazy("Queen's value"),
    "queen_cutoff": gettext_lazy("Queen counts up to this score (22-point rule)"),
    "board_max": gettext_lazy("Board maximum"),
    "off_board_foul": gettext_lazy("A piece off the board is a foul"),
    "time_limit": gettext_lazy("Time limit of a round (minutes)"),
    "time_up": gettext_lazy("When time is up"),
    "queen_right_same_stroke": gettext_lazy("Queen right from a carromman of the same stroke"),
    "game_end": gettext_lazy("A game ends"),
}

#: What each switch means, for the form's help texts.
SWITCH_HELP: dict[str, Any] = {
    "game_points": gettext_lazy("ICF 56: 25."),
    "board_limit": gettext_lazy("ICF 56(b): 8; the leader after it wins."),
    "late_board_limit": gettext_lazy("DCV 56(c): none (empty)."),
    "extra_board_on_tie": gettext_lazy("ICF 56(b): yes, with a fresh toss for the break."),
    "queen_value": gettext_lazy("ICF 52(b): 3."),
    "queen_cutoff": gettext_lazy(
        "ICF 54: 21 (the queen counts up to and including 21 "
        "points before the board); empty: always."
    ),
    "board_max": gettext_lazy("ICF 55: 12 (9 carrommen + the queen)."),
    "off_board_foul": gettext_lazy("ICF 65: no (the piece goes back to the centre)."),
    "time_limit": gettext_lazy("Not in the ICF Laws; empty: none."),
    "time_up": gettext_lazy("The board in play is finished, or not counted."),
    "queen_right_same_stroke": gettext_lazy("ICF 92, 95(a): no."),
    "game_end": gettext_lazy("Seed 003: at once when a player reaches the points."),
}

CHOICE_WORDS: dict[object, Any] = {
    "finish": gettext_lazy("finish the board in play"),
    "stop": gettext_lazy("do not count the board in play"),
    "at_points": gettext_lazy("at once at the points"),
    "board_end": gettext_lazy("at the end of the board"),
}


def value_words(key: str, value: object) -> str:
    """A switch's value in words ("yes", "none", "29")."""
    if value is None:
        return _("none") if key != "queen_cutoff" else _("always counts")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value in CHOICE_WORDS:
        return str(CHOICE_WORDS[value])
    return str(value)


def rules_name(rules: RuleSet, name: str | None = None) -> str:
    """The preset's name in the reader's language (a house preset: its own name)."""
    if name:
        return name
    return preset_name(rules.key)


def differences_in_words(rules: RuleSet) -> list[str]:
    """Each switch in which ``rules`` differs from ICF (point carrom: from its preset), as
    "Queen's value: 5 (ICF: 3)"."""
    reference = "ICF" if rules.family == "colours" else _("point carrom")
    return [
        _("%(switch)s: %(value)s (%(reference)s: %(default)s)")
        % {
            "switch": SWITCH_LABELS[key],
            "value": value_words(key, value),
            "reference": reference,
            "default": value_words(key, default),
        }
        for key, default, value in differences_from_icf(rules)
    ]


assert set(SWITCH_LABELS) == set(SWITCHES) == set(SWITCH_HELP)
