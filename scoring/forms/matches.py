"""Forms of a match's result entry from the paper sheet (the organiser's match page and the
round's match length): the toss, a board, a walkover, a withdrawal. Each turns its data into
the arguments of one service call; the services decide what is allowed."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.forms.fields import NumberField, TextField

GAMES_CHOICES = [(2, _("Best of three games")), (1, _("One game")), (3, _("Best of five games"))]
SIDE_CHOICES = [("a", "A"), ("b", "B")]


class TossForm(forms.Form):
    """ICF 40: who won the toss and what he chose; nothing is chosen for the organiser."""

    toss_winner = forms.ChoiceField(
        label=_("Toss won by"), choices=SIDE_CHOICES, widget=forms.RadioSelect
    )
    toss_choice = forms.ChoiceField(
        label=_("The toss winner chose"),
        choices=[("break", _("Break")), ("side", _("Side"))],
        widget=forms.RadioSelect,
    )


class QuickBoardForm(forms.Form):
    """One board from the paper scoresheet: winner, the loser's carrommen left, the queen."""

    client_id = forms.UUIDField(widget=forms.HiddenInput)
    revision = NumberField(widget=forms.HiddenInput, min_value=0)
    winner = forms.ChoiceField(
        label=_("Board won by"), choices=SIDE_CHOICES, widget=forms.RadioSelect
    )
    carrommen = forms.TypedChoiceField(
        label=_("Loser's carrommen left"), coerce=int, choices=[(n, str(n)) for n in range(10)]
    )
    queen = forms.ChoiceField(
        label=_("Queen covered by"),
        required=False,
        choices=[("", _("Nobody")), *SIDE_CHOICES],
        widget=forms.RadioSelect,
        initial="",
    )


class WithdrawForm(forms.Form):
    """An entry leaves the event: asked first, with a reason for the audit trail."""

    reason = TextField(label=_("Reason"), max_length=300)
    sure = forms.BooleanField(
        label=_("Yes, withdraw: the matches not yet played become walkovers."), required=True
    )


class WalkoverForm(forms.Form):
    absent = forms.ChoiceField(
        label=_("Who did not play?"),
        widget=forms.RadioSelect,
        choices=[("a", "A"), ("b", "B"), ("both", _("Both"))],
    )
    sure = forms.BooleanField(label=_("Yes, record the walkover"), required=True)


class RoundGamesForm(forms.Form):
    games_to_win = forms.TypedChoiceField(
        label=_("Match length"), choices=GAMES_CHOICES, coerce=int
    )
