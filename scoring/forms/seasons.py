"""Forms of the season's organiser pages (issue 33): a club or federation, a membership, a
championship and the event added to it."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from scoring.forms.fields import (
    BoundedModelChoiceField,
    BoundedModelMultipleChoiceField,
    NumberField,
    TextField,
    field_of,
    rating_field,
)
from scoring.models import Championship, Club, Event


class ClubForm(forms.Form):
    name = TextField(label=_("Name"), max_length=120)
    nation = TextField(
        label=_("Nation"),
        max_length=3,
        required=False,
        help_text=_("Country code, e.g. DE, FR, IN."),
    )
    federation = forms.BooleanField(
        label=_("This is a federation (players are licensed with it)"), required=False
    )
    website = forms.URLField(label=_("Website"), required=False, assume_scheme="https")
    email = forms.EmailField(label=_("Email"), required=False)
    co_owners = BoundedModelMultipleChoiceField(
        label=_("Co-owners"),
        required=False,
        queryset=get_user_model().objects.none(),
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Organisers who may manage it with you."),
    )

    def __init__(self, *args: Any, club: Club | None = None, **kwargs: Any) -> None:
        if club is not None and "initial" not in kwargs:
            kwargs["initial"] = {
                "name": club.name,
                "nation": club.nation,
                "federation": club.federation,
                "website": club.website,
                "email": club.email,
                "co_owners": list(club.co_owners.all()),
            }
        super().__init__(*args, **kwargs)
        users = get_user_model().objects.filter(is_active=True, is_staff=True)
        if club is not None and club.owner_id:
            users = users.exclude(pk=club.owner_id)
        field_of(self, "co_owners", forms.ModelMultipleChoiceField).queryset = users.order_by(
            "username"
        )[:200]


class MembershipForm(forms.Form):
    player = TextField(label=_("Player's name"), max_length=120)
    since = forms.DateField(
        label=_("Member since"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    until = forms.DateField(
        label=_("Member until"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )


class ChampionshipForm(forms.Form):
    name = TextField(label=_("Name"), max_length=150)
    prizes = forms.ChoiceField(label=_("Prize method"), choices=Championship.Prizes.choices)
    skip_worst = NumberField(
        label=_("Worst prizes skipped"),
        min_value=0,
        max_value=99,
        initial=0,
        help_text=_("How many of each player's worst prizes do not count (0: all count)."),
    )
    previous = BoundedModelChoiceField(
        label=_("Previous season"), required=False, queryset=Championship.objects.none()
    )
    rating = rating_field(
        _("Its tournaments are rated under this rating unless they name their own rating.")
    )
    closed = forms.BooleanField(label=_("Closed (takes no more tournaments)"), required=False)
    pairs_by_order = forms.BooleanField(
        label=_("A pair is its two players in the order entered (as SoL ranks)"),
        required=False,
        help_text=_(
            "For doubles only. Ticked, A/B and B/A are two pairs of the ranking, as SoL ranks "
            "them (a championship imported from SoL); unticked, the same two players in "
            "either order are one pair."
        ),
    )

    def __init__(
        self, *args: Any, club: Club, championship: Championship | None = None, **kwargs: Any
    ) -> None:
        if championship is not None and "initial" not in kwargs:
            kwargs["initial"] = {
                "name": championship.name,
                "prizes": championship.prizes,
                "skip_worst": championship.skip_worst,
                "previous": championship.previous_id,
                "rating": championship.rating_id,
                "closed": championship.closed,
                "pairs_by_order": championship.pairs_by_order,
            }
        super().__init__(*args, **kwargs)
        others = Championship.objects.filter(club=club).order_by("-created_at")
        if championship is not None:
            others = others.exclude(pk=championship.pk)
        field_of(self, "previous", forms.ModelChoiceField).queryset = others
        if championship is not None and _singles_only(championship):
            del self.fields["pairs_by_order"]  # what a pair is matters to doubles only


def _singles_only(championship: Championship) -> bool:
    """Events count for the championship and none is doubles (the pair setting is moot)."""
    kinds = set(championship.events.values_list("kind", flat=True))
    return bool(kinds) and Event.Kind.DOUBLES not in kinds


class AddEventForm(forms.Form):
    """The event picked in the typeahead (``selectors.seasons.search_addable_events``): one
    of the events the organiser may add (``selectors.seasons.addable_events``)."""

    event = BoundedModelChoiceField(label=_("Tournament and event"), queryset=Event.objects.none())

    def __init__(self, *args: Any, championship: Championship, user: Any, **kwargs: Any) -> None:
        from scoring.selectors.seasons import addable_events

        super().__init__(*args, **kwargs)
        field_of(self, "event", forms.ModelChoiceField).queryset = addable_events(
            championship, user
        )
