"""What SoL 5.26 rates, as observed on its own 2018 archive and on crafted tourneys (issue 33,
``bench/sol_season.py --sol-archives``): the rules this app follows so that a SoL archive's
ratings are recomputed here as SoL recomputes them. docs/RATINGS.md."""

from __future__ import annotations

import copy

import pytest
import yaml

from scoring.models import Event, Rate, Rating
from scoring.services.sol import import_sol
from tests.trust.test_sol_generated import m
from tests.trust.test_sol_ranking import lists, tourney

pytestmark = pytest.mark.django_db


def _prized_swiss_with_an_unplayed_final(prized: bool) -> bytes:
    """Four players, two Swiss turns played, the final (turn 3) never played (0-0); SoL's
    prizes given or not."""
    data = lists(4)
    matches = [
        m(1, 2, 25, 10, turn=1, table=1),
        m(3, 4, 25, 20, turn=1, table=2),
        m(1, 3, 25, 12, turn=2, table=1),
        m(2, 4, 18, 25, turn=2, table=2),
        m(1, 4, 0, 0, turn=3, table=1, final=True),
    ]
    doc = tourney([[1], [2], [3], [4]], matches)
    doc["finals"] = 1
    if prized:
        doc["prized"] = True
        for competitor, prize in zip(doc["competitors"], ("18", "16", "14", "13"), strict=True):
            competitor["prize"] = prize
    return yaml.safe_dump_all([data, copy.deepcopy(doc)]).encode()


def test_a_prized_swiss_tourney_is_rated_though_a_final_was_never_played() -> None:
    """SoL rates a tourney at its prize-giving: the 2018 archive's "Młodzieżowy Turniej
    Carrom" (2015, "PSC U18 rating (old)") has an unplayed final yet SoL gave its prizes and
    rated its Swiss turns. The event is not finished here (a match is open), and is rated all
    the same, its Swiss turns only; without SoL's prizes it is not rated (SoL neither)."""
    import_sol(_prized_swiss_with_an_unplayed_final(prized=True))
    event = Event.objects.get()
    assert event.status != Event.Status.FINISHED
    rates = Rate.objects.filter(rating__name="Generated")
    assert sorted(r.matches for r in rates) == [2, 2, 2, 2]


def test_an_unprized_unfinished_swiss_tourney_is_not_rated() -> None:
    import_sol(_prized_swiss_with_an_unplayed_final(prized=False))
    assert Rating.objects.filter(name="Generated").exists()
    assert not Rate.objects.exists()
