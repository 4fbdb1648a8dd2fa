"""Forms of the correction pages (docs/CORRECTIONS.md): why a confirmed result is corrected
and what happens to the draw built on it; a paper board, an umpire's decision, a stroke-logged
board corrected from one of its events on."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.forms.fields import (
    NumberField,
    TextField,
    field_of,
)
from scoring.forms.matches import SIDE_CHOICES

REPAIR_CHOICES = [
    ("move", _("Move the new winner into the next match")),
    ("repair", _("Draw the later round again")),
    ("keep", _("Keep the draw as it is")),
    ("replay", _("Put the new winner in and play the later match again")),
    ("award", _("Put the new winner in and give the later match by decision")),
    ("eliminate", _("Keep the later results: the new winner is eliminated by decision")),
]


class CorrectionForm(forms.Form):
    """Why a confirmed result is corrected, and what happens to the draw built on it."""

    client_id = forms.UUIDField(widget=forms.HiddenInput)
    revision = NumberField(widget=forms.HiddenInput, min_value=0)
    reason = TextField(
        label=_("Reason for the correction"),
        max_length=300,
        help_text=_("Kept in the audit trail with your name and the time."),
    )
    repair = forms.ChoiceField(
        label=_("The draw"), choices=REPAIR_CHOICES, required=False, widget=forms.RadioSelect
    )
    award_to = forms.ChoiceField(
        label=_("The later match is given to"),
        required=False,
        initial="moved",
        choices=[
            ("moved", _("the new winner (who moves in)")),
            ("stayed", _("the opponent who played it")),
        ],
    )
    # checked by the service (decision_law) so that a refusal keeps the preview on the page
    repair_law = forms.CharField(
        label=_("Law of the decision on the later match"),
        max_length=30,
        required=False,
        initial="IT 107",
        help_text=_("As the rulebook cites it, e.g. IT 107"),
    )


class PaperCorrectionForm(CorrectionForm):
    """The right entry of a board from the paper sheet (ICF 53-55), or an umpire's award."""

    winner = forms.ChoiceField(
        label=_("Board won by"), choices=SIDE_CHOICES, widget=forms.RadioSelect
    )
    carrommen = forms.TypedChoiceField(
        label=_("Loser's carrommen left"),
        coerce=int,
        choices=[(n, str(n)) for n in range(10)],
        required=False,
        empty_value=None,
    )
    queen = forms.ChoiceField(
        label=_("Queen covered by"),
        required=False,
        choices=[("", _("Nobody")), *SIDE_CHOICES],
        widget=forms.RadioSelect,
    )
    points = NumberField(
        label=_("Or points awarded by the umpire"), required=False, min_value=1, max_value=12
    )
    law = TextField(
        label=_("Law of the award"), max_length=30, required=False, help_text=_("e.g. ICF 65")
    )

    def __init__(self, *args: Any, board_max: int = 12, **kwargs: Any) -> None:
        """``board_max``: the most a board of the match's rules is worth (ICF 55: 12; a house
        preset's board maximum, e.g. uk-29's 14), the most an award may give."""
        super().__init__(*args, **kwargs)
        field_of(self, "points", NumberField).cap(board_max)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("points") is None and data.get("carrommen") is None:
            self.add_error("carrommen", _("Choose the loser's carrommen left, or award points."))
        if data.get("points") is not None and not data.get("law"):
            self.add_error("law", _("An award needs its law."))
        return data


class DecisionForm(CorrectionForm):
    """An umpire's decision: a game or the whole match given to a side, with the law."""

    scope = forms.ChoiceField(label=_("The decision is about"))
    side = forms.ChoiceField(label=_("Given to"), choices=SIDE_CHOICES, widget=forms.RadioSelect)
    law = forms.RegexField(
        label=_("Law of the decision"),
        max_length=30,
        regex=r"^(ICF|IT|DCV) \d{1,3}(\([a-z]\))?$",
        help_text=_("As the rulebook cites it, e.g. IT 107 (loss of the whole match)"),
        error_messages={"invalid": _("Cite the law as the rulebook does, e.g. IT 107 or ICF 51.")},
    )

    def __init__(self, *args: Any, games: int = 1, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field_of(self, "scope", forms.ChoiceField).choices = [("match", _("The whole match"))] + [
            (str(n), _("Game %(number)s") % {"number": n}) for n in range(1, games + 1)
        ]

    def game(self) -> int | None:
        scope = self.cleaned_data["scope"]
        return None if scope == "match" else int(scope)


class LogCorrectionForm(CorrectionForm):
    """A stroke-logged board corrected from one of its events on: the events kept, and the
    right events after them (interchange format v1, one JSON object a line)."""

    keep = NumberField(label=_("Keep the events up to"), min_value=0)
    events = TextField(
        label=_("The right events from there on"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text=_("One event a line, as in the board log."),
    )

    def clean_events(self) -> list[dict[str, Any]]:
        rows = []
        for n, line in enumerate(self.cleaned_data["events"].splitlines(), start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError:
                raise forms.ValidationError(_("Line %(n)s is not an event.") % {"n": n}) from None
            if not isinstance(row, dict):
                raise forms.ValidationError(_("Line %(n)s is not an event.") % {"n": n})
            rows.append(row)
        return rows
