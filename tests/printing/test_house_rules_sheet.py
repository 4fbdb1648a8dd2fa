"""A match played by a house preset: its scoresheet and its live pages say which rules, and
how they differ from ICF, in the reader's language; ICF's sheet prints no rules line."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Match
from scoring.pdf import render_scoresheet
from scoring.selectors.sheets import scoresheets_data
from scoring.services import draws
from scoring.services import house_presets as service
from scoring.services import tournaments as tournament_service
from scoring.services.matches import Actor
from tests.factories import make_event, make_tournament, play
from tests.pdf.helpers import all_text

pytestmark = pytest.mark.django_db

ACTOR = Actor(via="system", device="tests")
UK = {"game_points": 29, "queen_value": 5, "board_max": 14, "off_board_foul": True}


def _match(rules: str | None = None, tournament=None) -> Match:
    tournament = tournament or make_tournament("sheet-open")
    event = make_event(tournament, 2, name=f"Open {rules or 'icf'}")
    if rules is not None:
        tournament_service.update_event(event=event, actor=ACTOR, rules=rules)
    draws.draw_event(event=event, actor=ACTOR)
    return play(Match.objects.get(event=event, entry_a__isnull=False))


def test_the_sheet_names_the_house_rules_and_their_differences():
    tournament = make_tournament("sheet-open")
    preset = service.create_preset(
        tournament=tournament, actor=ACTOR, name="Club 29", base="icf", switches=UK
    )
    match = _match(preset.key, tournament)
    (data,) = scoresheets_data([match], language="en")
    assert data.rules_name == "Club 29"
    assert "Points to win a game: 29 (ICF: 25)" in data.rules_differences
    text = all_text(render_scoresheet(data))
    assert "Rules: Club 29" in text and "Board maximum: 14 (ICF: 12)" in text
    (german,) = scoresheets_data([match], language="de")
    assert "Regeln: Club 29" in all_text(render_scoresheet(german))
    assert "Board-Höchstwert: 14 (ICF: 12)" in german.rules_differences


def test_uk_29_prints_its_name_and_icf_prints_none():
    uk = _match("uk-29")
    (data,) = scoresheets_data([uk], language="en")
    assert data.rules_name == "UK rules to 29" and len(data.rules_differences) == 4
    icf = _match(tournament=uk.event.tournament)
    (plain,) = scoresheets_data([icf], language="en")
    assert plain.rules_differences == () and "Rules:" not in all_text(render_scoresheet(plain))


def test_live_pages_show_the_differences(client):
    tournament = make_tournament("sheet-open")
    preset = service.create_preset(
        tournament=tournament, actor=ACTOR, name="Club 29", base="icf", switches=UK
    )
    match = _match(preset.key, tournament)
    page = client.get(reverse("scoring:live-match", args=[tournament.slug, match.pk]))
    html = page.content.decode()
    assert "Rules: Club 29 (differs from ICF)" in html
    assert "A piece off the board is a foul: yes (ICF: no)" in html
    event = client.get(
        reverse("scoring:live-event", args=[tournament.slug, match.event_id]),
        headers={"Accept-Language": "de"},
    )
    assert "Regeln: Club 29 (weicht von ICF ab)" in event.content.decode()
    plain = _match(tournament=tournament)
    html = client.get(
        reverse("scoring:live-match", args=[tournament.slug, plain.pk])
    ).content.decode()
    assert "differs from ICF" not in html
