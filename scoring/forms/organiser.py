"""Forms of the organiser pages (crispy-forms, Bootstrap 5). Each turns its data into the
arguments of one service call in :mod:`scoring.services.tournaments`, :mod:`~scoring.services.
draws` or :mod:`~scoring.services.callup`; the services decide what is allowed.

The forms of a match's result entry live in :mod:`scoring.forms.matches`, those of the
correction pages in :mod:`scoring.forms.corrections`; both are importable from here too."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.forms.corrections import (
    REPAIR_CHOICES,
    CorrectionForm,
    DecisionForm,
    LogCorrectionForm,
    PaperCorrectionForm,
)
from scoring.forms.fields import (
    BoundedModelChoiceField,
    ModelForm,
    NumberField,
    PeopleField,
    TextField,
    check_all_text,
    field_of,
    plain_text,
    rating_field,
)
from scoring.forms.matches import (
    GAMES_CHOICES,
    SIDE_CHOICES,
    QuickBoardForm,
    RoundGamesForm,
    TossForm,
    WalkoverForm,
    WithdrawForm,
)
from scoring.limits import RATING_MAX, RATING_MIN, SEED_MAX, has_bidi_control
from scoring.models import Event, Rating, Tournament
from scoring.preset_words import preset_choices
from scoring.rule_words import rules_name
from scoring.rules import RULESETS
from scoring.selectors.house_presets import presets_of
from scoring.services.tournaments.events import SETTING_KEYS

__all__ = [
    "BIDI_MESSAGE",
    "GAMES_CHOICES",
    "REPAIR_CHOICES",
    "RULE_CHOICES",
    "SIDE_CHOICES",
    "CallupSettingsForm",
    "CorrectionForm",
    "DateInput",
    "DecisionForm",
    "EntryForm",
    "EventForm",
    "ImportForm",
    "LogCorrectionForm",
    "PaperCorrectionForm",
    "QuickBoardForm",
    "RoundGamesForm",
    "SeedForm",
    "TossForm",
    "TournamentForm",
    "WalkoverForm",
    "WithdrawForm",
    "no_bidi",
    "rule_choices",
]

BIDI_MESSAGE = _("Remove the text-direction control characters.")


def no_bidi(value: str) -> None:
    """Names are shown on every page, sheet and export: no text-direction controls, no NUL or
    other control characters (the one check of ``scoring.forms.fields``)."""
    plain_text(value)


RULE_CHOICES = preset_choices()


def rule_choices(tournament: Tournament | None) -> list[Any]:
    """The built-in presets, then the tournament's own house presets (by their rules key)."""
    built_in = [(key, rules_name(rules)) for key, rules in RULESETS.items()]
    house = [] if tournament is None else [(p.key, p.name) for p in presets_of(tournament)]
    if not house:
        return built_in
    return [(_("Presets"), built_in), (_("House presets of this tournament"), house)]


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(format="%Y-%m-%d", **kwargs)


class TournamentForm(forms.Form):
    """A new tournament, or its settings (the web address stays once it is created)."""

    name = TextField(label=_("Name"), max_length=200, validators=[no_bidi])
    slug = forms.SlugField(
        label=_("Web address"),
        max_length=100,
        required=False,
        help_text=_(
            "Short name in web addresses, e.g. spring-open-2026; made from the name if left empty."
        ),
    )
    start_date = forms.DateField(label=_("First day"), widget=DateInput())
    end_date = forms.DateField(label=_("Last day"), widget=DateInput())
    venue = TextField(label=_("Venue"), max_length=200, required=False, validators=[no_bidi])
    table_count = NumberField(
        label=_("Number of tables"),
        min_value=1,
        max_value=500,
        initial=8,
        help_text=_("Carrom boards in the hall."),
    )
    default_rules = forms.ChoiceField(label=_("Default rules"), choices=RULE_CHOICES, initial="icf")
    time_zone = Tournament._meta.get_field("time_zone").formfield(label=_("Time zone"))
    rating = rating_field(
        _(
            "The Glicko-2 rating this tournament's results count for; each result "
            "re-rates it from this tournament's date on."
        )
    )

    def __init__(self, *args: Any, instance: Tournament | None = None, **kwargs: Any) -> None:
        if instance is not None and "initial" not in kwargs:
            kwargs["initial"] = {
                f: getattr(instance, f)
                for f in (
                    "name",
                    "slug",
                    "start_date",
                    "end_date",
                    "venue",
                    "table_count",
                    "default_rules",
                    "time_zone",
                    "rating",
                )
            }
        super().__init__(*args, **kwargs)
        self.instance = instance
        if instance is not None:
            self.fields["slug"].disabled = True
        else:  # a new tournament starts in the server's zone; set on its settings page
            del self.fields["time_zone"]
            del self.fields["rating"]

    def clean_slug(self) -> str:
        slug = self.cleaned_data.get("slug") or ""
        if slug and self.instance is None and Tournament.objects.filter(slug=slug).exists():
            raise forms.ValidationError(_("This web address is taken."))
        return slug

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The last day cannot be before the first day."))
        return data


class CallupSettingsForm(forms.Form):
    auto_callup = forms.BooleanField(
        label=_("Automatic call-up"),
        required=False,
        help_text=_("Call the next ready match to a free table as soon as a table is free."),
    )
    umpires = PeopleField(
        label=_("Umpires"),
        required=False,
        queryset=get_user_model().objects.none(),
        widget=forms.CheckboxSelectMultiple,
        help_text=_("The call-up assigns these umpires to matches (the least busy first)."),
    )

    def __init__(self, *args: Any, tournament: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # only the tournament's own people (added on its people page), never every account
        umpires = field_of(self, "umpires", forms.ModelMultipleChoiceField)
        umpires.queryset = (
            get_user_model()
            .objects.filter(
                Q(umpire_tournaments=tournament) | Q(organised_tournaments=tournament),
                is_active=True,
            )
            .distinct()
            .order_by("first_name", "username")
        )


class EventForm(ModelForm):
    """An event and its draw options (kept in ``Event.settings``)."""

    def clean_name(self) -> str:
        name = self.cleaned_data.get("name") or ""
        no_bidi(name)
        return name

    third_place = forms.BooleanField(label=_("Third-place match"), required=False)
    random_draw = forms.BooleanField(
        label=_("Draw unseeded entries at random"),
        required=False,
        initial=True,
        help_text=_("Otherwise unseeded entries take their places in the order entered."),
    )
    rounds = NumberField(
        label=_("Swiss rounds"), required=False, min_value=1, max_value=30, initial=7
    )
    groups = NumberField(
        label=_("Number of groups"), required=False, min_value=1, max_value=64, initial=4
    )
    qualifiers = NumberField(
        label=_("Qualifiers per group"),
        required=False,
        min_value=1,
        max_value=8,
        initial=2,
        help_text=_("The top entries of each group play the knock-out stage."),
    )
    reset = forms.BooleanField(
        label=_("Grand final reset"),
        required=False,
        initial=True,
        help_text=_("A second grand final if the losers-bracket champion wins the first."),
    )
    single_game_rounds = NumberField(
        label=_("One-game rounds"),
        required=False,
        min_value=0,
        max_value=30,
        initial=0,
        help_text=_(
            "The first rounds (up to the pre-quarter-finals) are played as one game "
            "instead of best of three."
        ),
    )
    games_to_win = forms.TypedChoiceField(
        label=_("Match length"), choices=GAMES_CHOICES, coerce=int, initial=2
    )
    ranking = forms.ChoiceField(
        label=_("Ranking rule"),
        required=False,
        initial="current",
        choices=[("current", _("Standard ranking")), ("european", _("European circuit ranking"))],
        help_text=_(
            "How the standings rank: standard (wins, Buchholz, net "
            "points) or the European circuit's (2 a win, 1 a draw, Buchholz with a bye "
            "adding 0, net score, total score, seed, rating)."
        ),
    )
    bye_points = NumberField(
        label=_("Bye value (points)"),
        required=False,
        min_value=0,
        max_value=25,
        initial=25,
        help_text=_("A bye is a won game of this many points to 0 (SoL's phantom score)."),
    )
    walkover = forms.ChoiceField(
        label=_("Walkover counts"),
        required=False,
        initial="bye",
        choices=[("bye", _("like a bye (ICF/DCV)")), ("as_played", _("as recorded"))],
    )
    clock_from = forms.ChoiceField(
        label=_("Round time counts from"),
        required=False,
        initial="round",
        choices=[
            ("round", _("the round's start (the organiser starts the clock)")),
            ("call", _("each match's call to its table")),
        ],
    )
    time_up_board = forms.ChoiceField(
        label=_("When time is up"),
        required=False,
        initial="",
        choices=[
            ("", _("as the rules say (the board in play is finished)")),
            ("finish", _("the board in play is finished")),
            ("stop", _("stop at once (the board in play is not counted)")),
        ],
    )
    separate = forms.ChoiceField(
        label=_("Keep apart"),
        required=False,
        initial="none",
        choices=[
            ("none", _("Nobody")),
            ("club", _("Players of one club")),
            ("nation", _("Players of one nation")),
        ],
        help_text=_(
            "Group seeding, knock-out seeding and Swiss round 1 keep them apart as "
            "far as the draw allows."
        ),
    )

    seed_rating = forms.TypedChoiceField(
        label=_("Seed by rating"),
        required=False,
        coerce=int,
        empty_value=None,
        help_text=_(
            "The draw ranks unseeded entries by their rate under this rating (a "
            "pair: its players' mean rate); otherwise by the rating entered with "
            "each player."
        ),
    )
    seed_date = forms.DateField(
        label=_("Rates as of"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_(
            "The rates after the tournaments ended before this day (empty: the "
            "tournament's first day)."
        ),
    )

    #: a preset or one of the tournament's house presets (set per form: ``rule_choices``)
    rules = forms.ChoiceField(label=_("Rules"), choices=RULE_CHOICES)

    class Meta:
        model = Event
        fields = ["name", "kind", "format", "rules", "games_to_win", "order", "round_minutes"]
        labels = {"round_minutes": _("Round time limit (minutes)")}

    def __init__(self, *args: Any, tournament: Tournament | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        check_all_text(self)
        field_of(self, "rules", forms.ChoiceField).choices = rule_choices(tournament)
        field_of(self, "seed_rating", forms.ChoiceField).choices = [
            ("", _("No: the entries' own ratings"))
        ] + [(r.pk, r.name) for r in Rating.objects.order_by("name")]
        if not self.instance.pk and tournament is not None:
            self.fields["rules"].initial = tournament.default_rules
            self.fields["order"].initial = tournament.events.count() + 1
        if self.instance.pk:
            for key in self.setting_keys():
                if key in self.instance.settings:
                    self.fields[key].initial = self.instance.settings[key]
            if self.instance.rounds.exists():
                for key in ("kind", "format", "rules"):
                    self.fields[key].disabled = True

    def setting_keys(self) -> tuple[str, ...]:
        """The format options this form edits: the service's ``SETTING_KEYS`` that are fields
        here (one list of options, kept by the service)."""
        return tuple(key for key in SETTING_KEYS if key in self.base_fields)

    def draw_settings(self) -> dict[str, Any]:
        out = {key: self.cleaned_data.get(key) for key in self.setting_keys()}
        seed_date = out.get("seed_date")
        if seed_date is not None:
            out["seed_date"] = seed_date.isoformat()
        return out


class EntryForm(forms.Form):
    """A player (and the partner in doubles) entered by hand."""

    name = TextField(label=_("Name"), max_length=120)
    club = TextField(label=_("Club"), max_length=120, required=False)
    nationality = forms.RegexField(
        label=_("Nationality"),
        regex=r"^[A-Za-z]{2,3}$",
        required=False,
        max_length=3,
        help_text=_("Country code, e.g. DE, FR, IN."),
    )
    rating = NumberField(
        label=_("Rating"), required=False, min_value=RATING_MIN, max_value=RATING_MAX
    )
    seed = NumberField(label=_("Seed"), required=False, min_value=1, max_value=SEED_MAX)
    licence = TextField(label=_("Licence number"), max_length=40, required=False)
    born = forms.DateField(
        label=_("Date of birth"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    partner = TextField(
        label=_("Partner"),
        max_length=120,
        required=False,
        help_text=_("Doubles only: the partner's name."),
    )
    partner_club = TextField(label=_("Partner's club"), max_length=120, required=False)
    #: the organiser's answer to "already exists: same person?" (issue 31): a player's id,
    #: or "new" for a new player; empty while not asked
    same_player = forms.RegexField(
        regex=r"^(new|\d{1,18})$", required=False, widget=forms.HiddenInput
    )
    same_partner = forms.RegexField(
        regex=r"^(new|\d{1,18})$", required=False, widget=forms.HiddenInput
    )

    def __init__(
        self, *args: Any, doubles: bool = False, suggest_url: str = "", **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.doubles = doubles
        if doubles:
            self.fields["partner"].required = True
        else:
            del self.fields["partner"]
            del self.fields["partner_club"]
        for name in ("name", "partner"):
            if name in self.fields:
                self.fields[name].widget.attrs["list"] = "known-players"
                self.fields[name].widget.attrs["autocomplete"] = "off"
                if suggest_url:  # typeahead: the organiser's register, as he types
                    self.fields[name].widget.attrs.update(
                        {
                            "hx-get": suggest_url,
                            "hx-target": "#known-players",
                            "hx-swap": "innerHTML",
                            "hx-sync": "this:replace",
                            "hx-trigger": "input changed delay:250ms",
                        }
                    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        for name in ("name", "club", "partner", "partner_club", "licence"):
            if has_bidi_control(data.get(name) or ""):
                self.add_error(name, BIDI_MESSAGE)
        born = data.get("born")
        if born is not None and not datetime.date(1900, 1, 1) <= born <= datetime.date.today():
            self.add_error("born", _("Enter a date of birth between 1900 and today."))
        return data


class SeedForm(forms.Form):
    seed = NumberField(label=_("Seed"), required=False, min_value=1, max_value=SEED_MAX)


class ImportForm(forms.Form):
    file = forms.FileField(label=_("CSV file"), required=False)
    text = TextField(
        label=_("…or paste the lines here"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )
    event = BoundedModelChoiceField(
        label=_("Event"),
        queryset=Event.objects.none(),
        required=False,
        help_text=_("For lines without an event column."),
    )
    check_only = forms.BooleanField(label=_("Only check, import nothing"), required=False)
    duplicates = forms.ChoiceField(
        label=_("A name already known under another club"),
        initial="ask",
        choices=[
            ("ask", _("Show me those lines first, import nothing")),
            ("same", _("The same person: enter the known player")),
            ("new", _("Another person: make a new player")),
        ],
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field_of(self, "event", forms.ModelChoiceField).queryset = tournament.events.exclude(
            format=Event.Format.SINGLE_MATCH
        )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        upload = data.get("file")
        if upload is not None and upload.size > 2_000_000:
            raise forms.ValidationError(_("The file is too large (at most 2 MB)."))
        if upload is None and not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Choose a CSV file or paste its lines."))
        return data

    def csv_content(self) -> bytes | str:
        """The CSV lines as given: the uploaded file's bytes, or the pasted text."""
        upload = self.cleaned_data.get("file")
        content: bytes | str = upload.read() if upload is not None else self.cleaned_data["text"]
        return content
