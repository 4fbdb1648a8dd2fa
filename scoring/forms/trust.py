"""Forms of the trust area (``scoring.views.trust``): a match's paper scoresheet entered row
by row, its note, and the official's decision on how it differs from the tablet."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.forms.fields import (
    BaseFormSet,
    NumberField,
    TextField,
    field_of,
)
from scoring.forms.matches import SIDE_CHOICES
from scoring.models import PaperScoresheet

#: Who won a paper row, or nobody yet (an empty row is ignored).
PAPER_SIDES = [("", "—"), *SIDE_CHOICES]

#: The official's decisions on a paper sheet that differs from the tablet (audit trail words).
DECISIONS = [
    ("tablet", _("The tablet's record is right")),
    ("paper", _("The paper is right: the tablet's record needs a correction")),
    ("other", _("Other decision (see the note)")),
]

#: Rows the paper form offers (at least 8 empty ones after a sheet's boards).
PAPER_ROWS = 30


class PaperBoardForm(forms.Form):
    """One board of the paper sheet (a row; empty rows are ignored)."""

    game = forms.TypedChoiceField(
        label=_("Game"), coerce=int, choices=[(1, 1), (2, 2), (3, 3)], initial=1
    )
    winner = forms.ChoiceField(label=_("Winner"), choices=PAPER_SIDES, required=False)
    carrommen = NumberField(
        label=_("Carrommen left"),
        min_value=0,
        max_value=9,
        required=False,
        help_text=_("The loser's carrommen on the board."),
    )
    queen = forms.ChoiceField(label=_("Queen covered by"), choices=PAPER_SIDES, required=False)
    points = NumberField(
        label=_("Points"),
        min_value=1,
        max_value=12,
        required=False,
        help_text=_("Only for an award instead of carrommen."),
    )
    law = TextField(label=_("Law"), max_length=30, required=False)

    def __init__(self, *args: Any, board_max: int = 12, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # an award gives at most what a board of the match's rules is worth (ICF 55)
        field_of(self, "points", NumberField).cap(board_max)
        # the row's fields sit under the table's column heads: each is named for screen
        # readers with its column and row (WCAG 4.1.2)
        row = (self.prefix or "").rsplit("-", 1)[-1]
        if row.isdigit():
            for field in self.fields.values():
                field.widget.attrs["aria-label"] = gettext("%(field)s, row %(n)s") % {
                    "field": field.label,
                    "n": int(row) + 1,
                }

    def has_content(self) -> bool:
        data = self.cleaned_data
        return any(
            data.get(k) not in (None, "") for k in ("winner", "carrommen", "queen", "points", "law")
        )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if not self.has_content():
            return data
        if not data.get("winner"):
            self.add_error("winner", _("Who won this board?"))
        if data.get("points") is None and data.get("carrommen") is None:
            self.add_error("carrommen", _("Give the carrommen left, or points for an award."))
        if data.get("points") is not None and (
            data.get("carrommen") is not None or data.get("queen")
        ):
            self.add_error(
                "points", _("An award has points and a law, not carrommen or the queen.")
            )
        return data


class BasePaperFormSet(BaseFormSet):
    """The paper sheet's rows: at least one board, games in order; :meth:`sheet` gives the
    games as :func:`scoring.services.reconcile.record_paper_sheet` takes them."""

    def clean(self) -> None:
        if any(self.errors):
            return
        games = sorted({f.cleaned_data["game"] for f in self.forms if f.has_content()})
        if not games:
            raise forms.ValidationError(_("Enter at least one board."))
        if games != list(range(1, len(games) + 1)):
            raise forms.ValidationError(
                _("Games must follow each other: game %(game)s has no boards.")
                % {"game": _first_gap(games)}
            )

    def sheet(self) -> list[list[dict[str, Any]]]:
        games: dict[int, list[dict[str, Any]]] = {}
        for form in self.forms:
            if not form.has_content():
                continue
            data = form.cleaned_data
            if data.get("points") is not None:
                board = {
                    "winner": data["winner"],
                    "points": data["points"],
                    "law": data.get("law") or "",
                }
            else:
                board = {
                    "winner": data["winner"],
                    "carrommen": data["carrommen"],
                    "queen": data.get("queen") or None,
                }
            games.setdefault(data["game"], []).append(board)
        return [games[g] for g in sorted(games)]


def _first_gap(games: list[int]) -> int:
    expected = 1
    for game in games:
        if game != expected:
            return expected
        expected += 1
    return expected


PaperFormSet = cast(
    "type[BasePaperFormSet]",
    forms.formset_factory(
        PaperBoardForm, formset=BasePaperFormSet, extra=0, max_num=60, validate_max=True
    ),
)


class SheetNoteForm(forms.Form):
    """A note entered with the paper sheet."""

    note = TextField(
        label=_("Note"), required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 2})
    )


class PaperDecisionForm(forms.Form):
    """The official's decision on the differences of the latest paper sheet."""

    decision = forms.ChoiceField(label=_("Decision"), choices=DECISIONS, widget=forms.RadioSelect)
    note = TextField(
        label=_("Note"), required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 2})
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("decision") == "other" and not data.get("note"):
            self.add_error("note", _("Say what was decided."))
        return data


def paper_rows(sheet: PaperScoresheet | None) -> list[dict[str, Any]]:
    """The rows the paper form starts with: the latest sheet's boards, then empty rows."""
    rows: list[dict[str, Any]] = []
    if sheet is not None:
        for g, boards in enumerate(sheet.games, 1):
            for board in boards:
                rows.append(
                    {
                        "game": g,
                        "winner": board.get("winner", ""),
                        "carrommen": board.get("carrommen"),
                        "queen": board.get("queen") or "",
                        "points": board.get("points"),
                        "law": board.get("law", ""),
                    }
                )
    rows += [{"game": rows[-1]["game"] if rows else 1}] * max(PAPER_ROWS - len(rows), 8)
    return rows
