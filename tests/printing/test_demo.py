"""The demo data prints: a filled sheet of a recorded demo match (board by board as the engine
counts it) and a blank sheet; the organiser's print page lists the demo events."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring.models import Match
from scoring.selectors import sheets
from scoring.services.matches import match_snapshot
from tests.pdf.helpers import all_text, rasterise

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo() -> None:
    call_command("seed_demo", stdout=io.StringIO())


def test_demo_matches_print_filled_and_blank(client, demo) -> None:
    from scoring.rules import get_rules

    matches = [
        m
        for m in Match.objects.exclude(toss_winner="")
        .filter(games__isnull=False)
        .distinct()
        .order_by("pk")
        if get_rules(m.rules).family != "points"
    ]
    assert matches, "the demo data has no recorded two-sided match"
    client.login(username="organiser", password="carrom-demo")
    for match in matches[:3]:
        state = match_snapshot(match).state
        data = sheets.scoresheet_data(match)
        for sheet_game, game in zip(data.games, state.games, strict=True):
            assert [(b.number, b.points, b.void) for b in sheet_game.boards] == [
                (b.number, 0 if b.void else b.points, b.void) for b in game.boards
            ]
        for query in ("", "?blank=1"):
            response = client.get(reverse("scoring:print-scoresheet", args=[match.pk]) + query)
            assert response.status_code == 200
            pdf = b"".join(response.streaming_content)
            assert match.entry_a.player.name in all_text(pdf)
            rasterise(pdf)


def test_demo_print_page(client, demo) -> None:
    from scoring.management.commands.seed_demo import DEMO_TOURNAMENT_SLUG

    client.login(username="organiser", password="carrom-demo")
    response = client.get(reverse("scoring:print-index", args=[DEMO_TOURNAMENT_SLUG]))
    assert response.status_code == 200
    labels = client.get(reverse("scoring:print-table-labels", args=[DEMO_TOURNAMENT_SLUG]))
    assert labels.status_code == 200
