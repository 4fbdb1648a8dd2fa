"""The organiser's house presets of a tournament (``t/<slug>/organiser/rules/``): the list with
what each changes from ICF and the events that play it, a form to compose one from a preset
(htmx reloads the switches when the starting preset changes), edit and delete.

Organisers of the tournament only (``get_tournament``); a preset of another tournament is a
404. The engine refuses a switch it cannot play: the form shows why on that switch (422).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scoring.error_words import error_text
from scoring.forms.house_presets import HousePresetForm
from scoring.models import HousePreset, Tournament
from scoring.rule_words import differences_in_words, rules_name
from scoring.rules import RULESETS, RulesError
from scoring.selectors.house_presets import (
    events_using,
    preset_rules,
    presets_of,
    tournament_preset,
)
from scoring.services import house_presets as service
from scoring.services.tournaments import TournamentError
from scoring.views.organiser.base import actor_of, get_tournament, show_error
from scoring.views.requests import HtmxHttpRequest

TEMPLATE = "scoring/organiser/house_presets.html"


def _preset(tournament: Tournament, preset_id: int) -> HousePreset:
    preset = tournament_preset(tournament, preset_id)
    if preset is None:
        raise Http404("no such house preset")
    return preset


def _rows(tournament: Tournament) -> list[dict[str, object]]:
    rows = []
    for preset in presets_of(tournament):
        try:
            words = differences_in_words(preset_rules(preset))
        except RulesError:
            words = [_("The engine no longer plays these switches: change them.")]
        base = RULESETS.get(preset.base)
        rows.append(
            {
                "preset": preset,
                "differences": words,
                "base": rules_name(base) if base is not None else preset.base,
                "events": list(events_using(preset).values_list("name", flat=True)),
            }
        )
    return rows


def _save(
    request: HtmxHttpRequest,
    tournament: Tournament,
    form: HousePresetForm,
    preset: HousePreset | None,
) -> HousePreset | None:
    """Create or change the preset from a valid form; a refusal goes onto the form."""
    data = form.cleaned_data
    try:
        if preset is None:
            return service.create_preset(
                tournament=tournament,
                actor=actor_of(request, tournament),
                name=data["name"],
                base=data["base"],
                switches=form.switches(),
            )
        return service.update_preset(
            preset=preset,
            actor=actor_of(request, tournament),
            name=data["name"],
            base=data["base"],
            switches=form.switches(),
        )
    except TournamentError as err:
        if err.code == "bad_switch":
            form.switch_error(
                str(err.params.get("switch")), error_text(str(err.params.get("reason")), err.params)
            )
        elif err.code in ("preset_exists", "bad_preset_name"):
            form.add_error("name", error_text(err.code, err.params))
        else:
            form.add_error(None, error_text(err.code, err.params))
        return None


def _page(
    request: HtmxHttpRequest,
    tournament: Tournament,
    form: HousePresetForm,
    preset: HousePreset | None,
    status: int = 200,
) -> HttpResponse:
    context = {"tournament": tournament, "form": form, "preset": preset, "rows": _rows(tournament)}
    if request.htmx and request.method == "GET":
        return render(request, TEMPLATE + "#preset-form", context)
    return render(request, TEMPLATE, context, status=status)


@require_http_methods(["GET", "POST"])
def presets(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The list and the form of a new preset (``?base=`` starts it from another preset)."""
    tournament = get_tournament(request, slug)
    if request.method == "POST":
        form = HousePresetForm(request.POST)
        if form.is_valid():
            created = _save(request, tournament, form, None)
            if created is not None:
                messages.success(
                    request,
                    _("House preset %(name)s saved. Choose it in an event's rules.")
                    % {"name": created.name},
                )
                return redirect("scoring:organiser-house-presets", slug=slug)
        return _page(request, tournament, form, None, status=422)
    form = HousePresetForm(base=request.GET.get("base"))
    return _page(request, tournament, form, None)


@require_http_methods(["GET", "POST"])
def preset_edit(request: HtmxHttpRequest, slug: str, preset_id: int) -> HttpResponse:
    tournament = get_tournament(request, slug)
    preset = _preset(tournament, preset_id)
    if request.method == "POST":
        form = HousePresetForm(request.POST, preset=preset)
        if form.is_valid() and _save(request, tournament, form, preset) is not None:
            messages.success(request, _("Saved."))
            return redirect("scoring:organiser-house-presets", slug=slug)
        return _page(request, tournament, form, preset, status=422)
    form = HousePresetForm(preset=preset, base=request.GET.get("base"))
    return _page(request, tournament, form, preset)


@require_POST
def preset_delete(request: HtmxHttpRequest, slug: str, preset_id: int) -> HttpResponse:
    tournament = get_tournament(request, slug)
    preset = _preset(tournament, preset_id)
    try:
        service.delete_preset(preset=preset, actor=actor_of(request, tournament))
    except TournamentError as err:
        show_error(request, err)
    else:
        messages.success(request, _("House preset %(name)s deleted.") % {"name": preset.name})
    return redirect("scoring:organiser-house-presets", slug=slug)
