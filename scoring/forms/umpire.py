"""Forms of the umpire tablet: every write carries ``client_id`` (the idempotency key) and
``revision`` (the match revision the tablet last saw). Each form turns its data into the
arguments of one service call; the engine decides whether the event is legal."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.converters import bounded_id
from scoring.forms.fields import BoundedModelChoiceField, NumberField, TextField, field_of
from scoring.forms.organiser import no_bidi
from scoring.models import Event, Match, Table
from scoring.models.match import STAGES
from scoring.pad import PRESETS, stroke_payload
from scoring.preset_words import preset_choices
from scoring.records.sides import other_side
from scoring.rules import RULESETS, variant_for
from scoring.rules.events import LOSS_REASONS

COUNT_CHOICES = [(n, str(n)) for n in range(10)]
SIDE_CHOICES = [("a", "A"), ("b", "B"), ("c", "C")]
COLOUR_CHOICES = [("white", _("White")), ("black", _("Black"))]


class CountField(forms.TypedChoiceField):
    """A count of carrommen on the pad (0-9, ICF 53): left empty, it counts none."""

    def __init__(self) -> None:
        super().__init__(choices=COUNT_CHOICES, coerce=int, required=False, empty_value=None)

    def clean(self, value: Any) -> int:
        return int(super().clean(value) or 0)


class WriteForm(forms.Form):
    """The two fields every write of the tablet carries."""

    client_id = forms.UUIDField(widget=forms.HiddenInput)
    revision = NumberField(min_value=0, widget=forms.HiddenInput)

    @classmethod
    def fresh(cls, revision: int) -> dict[str, Any]:
        """Initial data of a new form: a new request key for every rendering."""
        return {"client_id": uuid.uuid4(), "revision": revision}


class StrokeForm(WriteForm):
    """One stroke: what was pocketed, what left the board, a foul; or a one-tap preset."""

    PRESETS = PRESETS

    preset = forms.ChoiceField(required=False, choices=[("", "")] + [(p, p) for p in PRESETS])
    by = TextField(required=False, max_length=5)
    white = CountField()
    black = CountField()
    queen = forms.BooleanField(required=False)
    striker = forms.BooleanField(required=False)
    foul = forms.BooleanField(required=False)
    break_before_play = forms.BooleanField(required=False)
    no_contact = forms.BooleanField(required=False)
    off_white = CountField()
    off_black = CountField()
    off_queen = forms.BooleanField(required=False)
    off_striker = forms.BooleanField(required=False)
    extra_claimed = forms.BooleanField(required=False)
    breaker = forms.ChoiceField(required=False, choices=[("", "")] + SIDE_CHOICES[:2])

    def payload(self, by: str, *, points: bool = False) -> dict[str, Any]:
        """The interchange-format event; ``by`` is the colour on turn (a side in point
        carrom), so the tablet never has to send it."""
        return stroke_payload(self.cleaned_data, by, points=points)


class _SharedFields(dict[str, forms.Field]):
    """A form's fields shared by all its instances (issue 17): Django deep-copies them for
    every form, which for the stroke's seventeen fields cost more than validating them; a
    form that is only validated (never rendered, no field changed per instance) needs no
    copy."""

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, forms.Field]:
        return dict(self)


StrokeForm.base_fields = _SharedFields(StrokeForm.base_fields)


class ActionForm(WriteForm):
    """The other board events: technical foul, forgo, board lost, void, umpire ruling."""

    KINDS = ("technical_foul", "forgo", "board_loss", "void", "umpire_ruling")

    kind = forms.ChoiceField(choices=[(k, k) for k in KINDS])
    by = forms.ChoiceField(required=False, choices=COLOUR_CHOICES)
    reason = forms.ChoiceField(
        required=False,
        initial="other",
        choices=[(r, r) for r in LOSS_REASONS],
    )
    winner = forms.ChoiceField(required=False, choices=COLOUR_CHOICES, label=_("Winner"))
    points = NumberField(required=False, min_value=1, max_value=23, label=_("Points"))
    law = TextField(required=False, max_length=30, label=_("Law"), help_text=_("e.g. ICF 91"))
    breaker = forms.ChoiceField(required=False, choices=[("", "")] + SIDE_CHOICES[:2])

    def clean(self) -> dict[str, Any]:
        super().clean()
        d = self.cleaned_data
        kind = d.get("kind")
        if kind in ("technical_foul", "forgo", "board_loss") and not d.get("by"):
            self.add_error("by", _("Choose the player."))
        if kind == "umpire_ruling":
            if not d.get("winner"):
                self.add_error("winner", _("Choose the winner of the board."))
            if not d.get("points"):
                self.add_error("points", _("Enter the points."))
        return d

    def payload(self) -> dict[str, Any]:
        d = self.cleaned_data
        kind = d["kind"]
        if kind == "umpire_ruling":
            out: dict[str, Any] = {"type": kind, "winner": d["winner"], "points": d["points"]}
            if d.get("law"):
                out["law"] = d["law"].strip()
            return out
        return decision_payload(d)


def decision_payload(d: Mapping[str, Any]) -> dict[str, Any]:
    """A decision of the umpire's as the engine reads it in both games: a technical foul, a
    forgo, a board lost by conduct (ICF 51, 91: with its reason) or a void board (IT 101)."""
    kind = d["kind"]
    if kind == "void":
        return {"type": "void"}
    if kind == "board_loss":
        return {"type": kind, "by": d["by"], "reason": d.get("reason") or "other"}
    return {"type": kind, "by": d["by"]}


class UndoForm(WriteForm):
    pass


class ClaimForm(WriteForm):
    pass


class TossForm(WriteForm):
    winner = forms.ChoiceField(
        choices=SIDE_CHOICES[:2], widget=forms.RadioSelect, label=_("Who won the toss?")
    )
    choice = forms.ChoiceField(
        choices=Match.TossChoice.choices, widget=forms.RadioSelect, label=_("The winner chose")
    )


class SeatingForm(WriteForm):
    """Doubles: who breaks first, and which opponent sits to his right (ICF 49(b)); the
    partners sit opposite."""

    first = NumberField(label=_("Seat 1: breaks first"))
    right = NumberField(label=_("Seat 2: to the right of seat 1"))

    def __init__(self, *args: Any, match: Match, breaker: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.match = match
        self.breaker = breaker
        self.first_players = match.players_of(breaker)
        self.right_players = match.players_of(other_side(breaker))

    def clean(self) -> dict[str, Any]:
        super().clean()
        d = self.cleaned_data
        first, right = d.get("first"), d.get("right")
        first_ids = [p.pk for p in self.first_players]
        right_ids = [p.pk for p in self.right_players]
        if first not in first_ids:
            self.add_error("first", _("Choose a player of the side that breaks."))
        if right not in right_ids:
            self.add_error("right", _("Choose a player of the other side."))
        return d

    def seating(self) -> list[int]:
        first, right = self.cleaned_data["first"], self.cleaned_data["right"]
        partner = next(p.pk for p in self.first_players if p.pk != first)
        across = next(p.pk for p in self.right_players if p.pk != right)
        return [first, right, partner, across]


class QuickBoardForm(WriteForm):
    """A board played on paper: the winner and the loser's carrommen left with who covered
    the queen (ICF 53-55), or an explicit award with its law."""

    winner = forms.ChoiceField(
        choices=SIDE_CHOICES[:2], widget=forms.RadioSelect, label=_("Winner of the board")
    )
    mode = forms.ChoiceField(
        choices=[("count", _("Count the carrommen")), ("award", _("Award points with a law"))],
        initial="count",
        widget=forms.RadioSelect,
        label=_("Entry"),
    )
    carrommen = forms.TypedChoiceField(
        choices=COUNT_CHOICES,
        coerce=int,
        required=False,
        empty_value=None,
        label=_("Loser's carrommen left"),
    )
    queen = forms.ChoiceField(
        choices=[("", _("Nobody")), ("a", "A"), ("b", "B")],
        required=False,
        widget=forms.RadioSelect,
        label=_("Queen covered by"),
    )
    # the engine checks the preset's board maximum (ICF 55; a house preset's up to 40)
    points = NumberField(required=False, min_value=1, max_value=40, label=_("Points"))
    law = TextField(required=False, max_length=30, label=_("Law"), help_text=_("e.g. ICF 107"))
    breaker = forms.ChoiceField(required=False, choices=[("", "")] + SIDE_CHOICES[:2])

    def clean(self) -> dict[str, Any]:
        super().clean()
        d = self.cleaned_data
        if d.get("mode") == "award":
            if not d.get("points"):
                self.add_error("points", _("Enter the points awarded."))
            if not (d.get("law") or "").strip():
                self.add_error("law", _("An award needs the law it applies."))
        else:
            if d.get("carrommen") is None:
                self.add_error("carrommen", _("Enter the loser's carrommen left (0 to 9)."))
            elif d["carrommen"] == 0 and d.get("queen") != d.get("winner"):
                self.add_error(
                    "carrommen",
                    _(
                        "A board is worth at least one point: the loser has carrommen left, "
                        "or the winner covered the queen; otherwise enter an award with its law."
                    ),
                )
        return d

    def service_kwargs(self) -> dict[str, Any]:
        d = self.cleaned_data
        kwargs: dict[str, Any] = {"winner": d["winner"]}
        if d["mode"] == "award":
            kwargs.update(points=d["points"], law=d["law"].strip())
        else:
            kwargs.update(carrommen=d["carrommen"], queen=d.get("queen") or None)
        if d.get("breaker"):
            kwargs["breaker"] = d["breaker"]
        return kwargs


class ConfirmForm(forms.Form):
    side = forms.ChoiceField(choices=SIDE_CHOICES)


class UnlockForm(forms.Form):
    reason = TextField(max_length=200, label=_("Reason for the correction"))


# --- the organiser's stand-alone match ----------------------------------------------------------


class NewMatchForm(forms.Form):
    """A friendly match (or one before the draw exists): players, rules, stage, table, umpire.
    Existing players are chosen from the list, new ones typed in."""

    kind = forms.ChoiceField(
        choices=Event.Kind.choices, initial=Event.Kind.SINGLES, label=_("Kind")
    )
    rules = forms.ChoiceField(choices=preset_choices(), label=_("Rules"))
    stage = forms.ChoiceField(
        choices=STAGES,
        initial="early",
        label=_("Stage"),
        help_text=_("Quarter-finals and later have no 8-board limit."),
    )
    games_to_win = forms.TypedChoiceField(
        choices=[(2, _("Best of three games")), (1, _("One game"))],
        coerce=int,
        initial=2,
        label=_("Match length"),
    )
    table = BoundedModelChoiceField(queryset=Table.objects.none(), required=False, label=_("Table"))
    table_number = NumberField(
        required=False, min_value=1, max_value=999, label=_("or a new table number")
    )
    umpire = BoundedModelChoiceField(
        queryset=get_user_model().objects.none(),
        required=False,
        label=_("Umpire account"),
        help_text=_("Optional: the umpire link works without one."),
    )

    event = BoundedModelChoiceField(
        queryset=Event.objects.none(),
        required=False,
        label=_("Event"),
        help_text=_("A single-matches event of this kind; empty: the friendly matches."),
    )

    SLOTS = (
        ("a1", _("Player A")),
        ("a2", _("Partner of A")),
        ("b1", _("Player B")),
        ("b2", _("Partner of B")),
        ("c1", _("Player C")),
    )

    def __init__(self, *args: Any, tournament: Any, user: Any = None, **kwargs: Any) -> None:
        from scoring.selectors.organiser import register_players, search_players

        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.fields["rules"].initial = tournament.default_rules
        field_of(self, "table", BoundedModelChoiceField).queryset = Table.objects.filter(
            tournament=tournament, active=True
        )
        field_of(self, "event", BoundedModelChoiceField).queryset = Event.objects.filter(
            tournament=tournament, format=Event.Format.SINGLE_MATCH
        ).order_by("order", "pk")
        # issue 29: the tournament's own people and players only, never every account or
        # every player of every tournament (10,086 options, 2.56 MB a page)
        field_of(self, "umpire", BoundedModelChoiceField).queryset = (
            get_user_model()
            .objects.filter(
                Q(umpire_tournaments=tournament) | Q(organised_tournaments=tournament),
                is_active=True,
            )
            .distinct()
            .order_by("username")
        )
        players = register_players(tournament, user)
        first = search_players(tournament, user, "")
        for slot, label in self.SLOTS:
            field = BoundedModelChoiceField(
                queryset=players,
                required=False,
                label=label,
                help_text=_(
                    "Search by name or club above; the tournament's players and your own register."
                ),
            )
            shown = list(first)
            chosen = bounded_id(self.data.get(f"{slot}_player")) if self.is_bound else None
            if chosen and all(p.pk != chosen for p in shown):
                shown = [*players.filter(pk=chosen)[:1], *shown]
            field.widget.choices = [("", "---------")] + [
                (p.pk, f"{p.name} ({p.club})" if p.club else p.name) for p in shown
            ]
            self.fields[f"{slot}_player"] = field
            self.fields[f"{slot}_name"] = TextField(
                required=False,
                max_length=120,
                label=_("or a new player's name"),
                validators=[no_bidi],
            )

    def slots_for(self, kind: str) -> list[str]:
        if kind == Event.Kind.DOUBLES:
            return ["a1", "a2", "b1", "b2"]
        if kind == Event.Kind.POINTS:
            return ["a1", "b1", "c1"]
        return ["a1", "b1"]

    def clean(self) -> dict[str, Any]:
        super().clean()
        d = self.cleaned_data
        kind = d.get("kind")
        rules = d.get("rules")
        if kind and rules and kind not in variant_for(RULESETS[rules]).event_kinds:
            self.add_error(
                "rules",
                _("Point carrom has its own rules preset; the other kinds use a two-sided preset."),
            )
        event = d.get("event")
        if event is not None and kind and event.kind != kind:
            self.add_error("event", _("This event is for another kind of match."))
        chosen: list[Any] = []
        for slot in self.slots_for(kind or Event.Kind.SINGLES):
            player, name = d.get(f"{slot}_player"), (d.get(f"{slot}_name") or "").strip()
            if player is None and not name:
                self.add_error(f"{slot}_player", _("Choose a player or type a new name."))
            elif player is not None and name:
                self.add_error(f"{slot}_name", _("Choose a player or type a name, not both."))
            key = player.pk if player is not None else name.casefold()
            if key in chosen:
                self.add_error(f"{slot}_player", _("Each player can play only once."))
            chosen.append(key)
        return d
