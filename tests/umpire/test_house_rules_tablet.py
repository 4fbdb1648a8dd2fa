"""The tablet plays a house preset: its header names it, and a piece off the board is a foul
under uk-29 (LAWS.md §4) where ICF lets it cost nothing."""

from __future__ import annotations

import pytest

from scoring.models import HousePreset
from scoring.services import house_presets as service
from scoring.services.matches import match_snapshot, record_toss
from tests.factories import make_match

from .conftest import UMPIRE, link, stroke

pytestmark = pytest.mark.django_db


def _tossed(rules: str):
    match = make_match(rules=rules)
    record_toss(match=match, winner="b", choice="break", actor=UMPIRE)
    match.refresh_from_db()
    return match


def test_uk_29_off_the_board_is_a_foul_on_the_tablet(client):
    match = _tossed("uk-29")
    html = client.get(link(match)).content.decode()
    assert "UK rules to 29" in html
    assert stroke(client, match, "white", white=2).status_code == 200
    assert stroke(client, match, "white", white=1, off_black=1).status_code == 200
    position = match_snapshot(match).current.position
    assert position.on_board.white == 8  # 7 - 1 pocketed, back with one penalty (ICF 64)
    assert position.on_turn == "black"


def test_a_house_presets_name_in_the_tablets_header(client):
    match = make_match()
    preset = service.create_preset(
        tournament=match.event.tournament,
        actor=UMPIRE,
        name="Club 29",
        base="icf",
        switches={"game_points": 29},
    )
    match.rules = preset.key
    match.save(update_fields=["rules"])
    record_toss(match=match, winner="b", choice="break", actor=UMPIRE)
    html = client.get(link(match)).content.decode()
    assert "Club 29" in html
    assert HousePreset.objects.get().key == match.rules
