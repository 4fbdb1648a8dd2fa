"""Forms of team events (issue 34): a team, a tie format, the event's format, a lineup."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.draws.ties import MAX_PLAYERS, RubberKind, TieFormat
from scoring.forms.fields import (
    NumberField,
    TextField,
    field_of,
)
from scoring.tie_words import format_name

#: A format's rubbers typed as letters: "S-D-S", "SSSSD", "s d s".
RUBBERS_RE = re.compile(r"^[SDsd](?:[\s,\-]*[SDsd])*$")


class TeamForm(forms.Form):
    name = TextField(label=_("Team name"), max_length=120)
    club = TextField(
        label=_("Club or nation"),
        max_length=120,
        required=False,
        help_text=_("The draw keeps teams of one club or nation apart where it can."),
    )
    players = TextField(
        label=_("Players"),
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_(
            "One name a line, 2 to 8 players; the first is the captain. A name the "
            "register knows is that player."
        ),
    )

    def clean_players(self) -> list[str]:
        names = [line.strip() for line in self.cleaned_data["players"].splitlines() if line.strip()]
        if not 2 <= len(names) <= MAX_PLAYERS:
            raise forms.ValidationError(
                _("Name 2 to %(most)s players, one a line."), params={"most": MAX_PLAYERS}
            )
        if any(len(n) > 120 for n in names):
            raise forms.ValidationError(_("A name is longer than 120 characters."))
        return names


class TieFormatForm(forms.Form):
    name = TextField(label=_("Name of the format"), max_length=120)
    rubbers = TextField(
        label=_("Rubbers in order"),
        max_length=40,
        help_text=_(
            "S for a singles, D for a doubles, e.g. S-D-S or S-S-S-S-D (at most nine rubbers)."
        ),
    )
    one_game = forms.BooleanField(
        label=_("Each rubber is one game (not best of three)"), required=False
    )
    stop_when_decided = forms.BooleanField(
        label=_("Stop when decided"),
        required=False,
        initial=True,
        help_text=_("The remaining rubbers are not played once a team has won the tie."),
    )
    player_rule = forms.ChoiceField(
        label=_("Player rule"),
        choices=[
            ("one_each", _("A player plays at most one singles and one doubles rubber")),
            ("one_rubber", _("A player plays only one rubber of a tie")),
        ],
    )
    win = NumberField(label=_("Points for a tie won"), min_value=0, max_value=10, initial=2)
    draw = NumberField(label=_("Points for a tie drawn"), min_value=0, max_value=10, initial=1)
    loss = NumberField(label=_("Points for a tie lost"), min_value=0, max_value=10, initial=0)

    def clean_rubbers(self) -> list[dict[str, Any]]:
        text = self.cleaned_data["rubbers"].strip()
        if not RUBBERS_RE.match(text):
            raise forms.ValidationError(_("Type S for a singles and D for a doubles, e.g. S-D-S."))
        kinds = [
            RubberKind.SINGLES if ch in "sS" else RubberKind.DOUBLES for ch in text if ch in "sSdD"
        ]
        return [{"kind": str(k)} for k in kinds]


class EventTieFormatForm(forms.Form):
    tie_format = forms.ChoiceField(label=_("Tie format of this event"))

    def __init__(self, *args: Any, formats: dict[str, TieFormat], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field_of(self, "tie_format", forms.ChoiceField).choices = [
            (key, format_name(fmt)) for key, fmt in formats.items()
        ]


class LineupForm(forms.Form):
    """One side's lineup: a choice of the team's players for every place of every rubber."""

    def __init__(
        self,
        *args: Any,
        fmt: TieFormat,
        players: list[tuple[int, str]],
        current: list[list[int]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fmt = fmt
        choices = [("", "—"), *((str(pk), name) for pk, name in players)]
        self.places: list[tuple[int, str, list[str]]] = []
        for number, spec in enumerate(fmt.rubbers, start=1):
            kind = _("Singles") if spec.kind is RubberKind.SINGLES else _("Doubles")
            names = []
            for place in range(spec.kind.players):
                name = f"r{number}_{place}"
                # the rubber and its kind are the legend of the places' fieldset
                label = (
                    _("Player")
                    if spec.kind is RubberKind.SINGLES
                    else _("Player %(place)s") % {"place": place + 1}
                )
                initial = None
                if current and len(current) >= number and len(current[number - 1]) > place:
                    initial = str(current[number - 1][place])
                self.fields[name] = forms.TypedChoiceField(
                    label=label, choices=choices, coerce=int, initial=initial
                )
                names.append(name)
            self.places.append((number, str(kind), names))

    def lineup(self) -> list[list[int]]:
        return [[self.cleaned_data[n] for n in names] for _number, _kind, names in self.places]

    def rubber_fields(self) -> list[tuple[int, str, list[forms.BoundField]]]:
        return [(number, kind, [self[n] for n in names]) for number, kind, names in self.places]
