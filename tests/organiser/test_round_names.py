"""Round names from the event's format (issue 14): a Swiss match is "Round N" on the tablet's
header, not a knock-out stage."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Match
from scoring.services import draws
from tests.factories import make_event

pytestmark = pytest.mark.django_db


def test_swiss_knockout_and_groups_name_their_rounds(tournament, actor):
    swiss = make_event(tournament, 4, fmt="swiss", settings={"rounds": 3})
    draws.draw_event(event=swiss, actor=actor, random_seed=1)
    match = Match.objects.filter(event=swiss).first()
    assert match.get_stage_display() == "Round 1"
    ko = make_event(tournament, 8, name="ko")
    draws.draw_event(event=ko, actor=actor, random_seed=1)
    assert (
        Match.objects.filter(event=ko).order_by("number").first().get_stage_display()
        == "Quarter-final"
    )
    groups = make_event(
        tournament, 8, fmt="groups", name="gr", settings={"groups": 2, "qualifiers": 1}
    )
    draws.draw_event(event=groups, actor=actor, random_seed=1)
    assert (
        Match.objects.filter(event=groups).order_by("number").first().get_stage_display()
        == "Group A, round 1"
    )


def test_the_tablet_header_says_round_1_for_a_swiss_match(client, organiser, tournament, actor):
    swiss = make_event(tournament, 4, fmt="swiss", settings={"rounds": 3})
    draws.draw_event(event=swiss, actor=actor, random_seed=1)
    match = Match.objects.filter(event=swiss, bye=False).first()
    client.force_login(organiser)
    page = client.get(reverse("scoring:umpire-match", args=[match.pk]))
    assert page.status_code == 200
    assert "Round 1" in page.text and "pre-quarter-finals" not in page.text


def test_the_match_and_the_organiser_pages_name_a_round_with_the_same_words(tournament, actor):
    """``Match.round_label`` is ``draw_words.round_title`` (one place for round names), in
    German too; a named round (a knock-out's) keeps its name whatever the group."""
    from django.utils import translation

    from scoring.draw_words import round_title

    groups = make_event(
        tournament, 8, fmt="groups", name="gr", settings={"groups": 2, "qualifiers": 1}
    )
    draws.draw_event(event=groups, actor=actor, random_seed=1)
    match = Match.objects.filter(event=groups).order_by("number").first()
    with translation.override("de"):
        assert round_title(match.round, match.group) == match.round_label() == "Gruppe A, Runde 1"
        assert round_title(match.round) == "Runde 1"
    match.round.name = "Final"
    assert round_title(match.round, "A") == match.round_label() == "Final"
