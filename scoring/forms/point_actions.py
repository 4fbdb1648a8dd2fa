"""The "Other decisions" of a point-carrom board on the umpire tablet: board lost by conduct
(ICF 51, 91), void board (IT 101) and an umpire ruling with each player's points. Each form
turns its data into one point-carrom event (:func:`scoring.rules.point.parse_point_event`);
the engine decides whether it is legal."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.forms.fields import (
    NumberField,
    TextField,
    field_of,
)
from scoring.rules.events import LOSS_REASONS
from scoring.rules.presets import RuleSet

from .umpire import WriteForm, decision_payload

#: what a point-carrom umpire ruling may give one player (the engine's bound, parse_point_event)
RULING_MAX = 32


def board_total(rules: RuleSet) -> int:
    """Every piece of the board: 9 white, 9 black and the queen (seed 003: 32 points)."""
    values = rules.piece_values
    return 9 * values["white"] + 9 * values["black"] + values["queen"]


class PointActionForm(WriteForm):
    """Board lost by conduct, void board or umpire ruling on a point-carrom board."""

    KINDS = ("board_loss", "void", "umpire_ruling")

    kind = forms.ChoiceField(choices=[(k, k) for k in KINDS])
    by = forms.ChoiceField(required=False, choices=[], label=_("Player"))
    reason = forms.ChoiceField(
        required=False, initial="other", choices=[(r, r) for r in LOSS_REASONS]
    )
    law = TextField(required=False, max_length=30, label=_("Law"))

    def __init__(
        self,
        *args: Any,
        sides: tuple[str, ...],
        names: dict[str, str],
        rules: RuleSet,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.sides, self.names, self.rules = sides, names, rules
        field_of(self, "by", forms.ChoiceField).choices = [(s, names.get(s, s)) for s in sides]
        self.fields["by"].error_messages["invalid_choice"] = _(
            "That player does not play on this board."
        )
        for side in sides:
            self.fields[f"points_{side}"] = NumberField(
                required=False,
                min_value=0,
                max_value=RULING_MAX,
                label=names.get(side, side),
                error_messages={
                    "min_value": _("Points cannot be negative."),
                    "max_value": _("A player can get at most %(max)s points on a board.")
                    % {"max": RULING_MAX},
                    "invalid": _("Points must be whole numbers."),
                },
            )

    def clean(self) -> dict[str, Any]:
        super().clean()
        d = self.cleaned_data
        kind = d.get("kind")
        if kind == "board_loss" and not d.get("by") and "by" not in self.errors:
            self.add_error("by", _("Choose the player who loses the board."))
        if kind == "umpire_ruling" and not any(f"points_{s}" in self.errors for s in self.sides):
            total = sum(d.get(f"points_{s}") or 0 for s in self.sides)
            most = board_total(self.rules)
            if total > most:
                self.add_error(
                    None,
                    _("The players' points add up to %(total)s; a board holds only %(max)s points.")
                    % {"total": total, "max": most},
                )
        return d

    def payload(self) -> dict[str, Any]:
        d = self.cleaned_data
        if d["kind"] != "umpire_ruling":  # void and board loss read as in the colour game
            return decision_payload(d)
        out: dict[str, Any] = {
            "type": "umpire_ruling",
            "points": {s: d.get(f"points_{s}") or 0 for s in self.sides},
        }
        if (d.get("law") or "").strip():
            out["law"] = d["law"].strip()
        return out
