"""House presets in the backup: exported with their switches, read back by the restore (the
events, matches and boards that play them follow), refused when the engine cannot play them;
the boards' logs name the preset they start from plus the switches (interchange format)."""

from __future__ import annotations

import json

import pytest

from scoring.models import Board, Event, HousePreset, Match, Tournament
from scoring.rules.cli import replay_document
from scoring.services import draws
from scoring.services import house_presets as service
from scoring.services import tournaments as tournament_service
from scoring.services.backup import BackupError, export_tournament, import_tournament
from scoring.services.backup.check import replay_problems
from scoring.services.matches import Actor
from tests.factories import make_event, make_tournament, play

pytestmark = pytest.mark.django_db

ACTOR = Actor(via="system", device="tests")
UK = {"game_points": 29, "queen_value": 5, "board_max": 14, "off_board_foul": True}


@pytest.fixture
def played() -> Tournament:
    tournament = make_tournament("house-open")
    preset = service.create_preset(
        tournament=tournament, actor=ACTOR, name="Club 29", base="icf", switches=UK
    )
    event = make_event(tournament, 2)
    tournament_service.update_event(event=event, actor=ACTOR, rules=preset.key)
    draws.draw_event(event=event, actor=ACTOR)
    play(Match.objects.get(event=event, entry_a__isnull=False))
    return tournament


def test_export_carries_the_presets(played):
    document = export_tournament(played)
    preset = HousePreset.objects.get()
    assert document["house_presets"] == [
        {
            "name": "Club 29",
            "rules": "icf",
            "switches": UK,
            "key": preset.key,
            "created_at": document["house_presets"][0]["created_at"],
        }
    ]
    assert document["events"][0]["rules"] == preset.key
    json.dumps(document)


def test_round_trip_under_a_new_slug(played):
    document = json.loads(json.dumps(export_tournament(played)))
    report = import_tournament(document, slug="house-open-copy")
    copy = report.tournament
    preset = HousePreset.objects.get(tournament=copy)
    assert (preset.name, preset.base, preset.switches) == ("Club 29", "icf", UK)
    assert Event.objects.get(tournament=copy).rules == preset.key
    assert set(
        Board.objects.filter(game__match__event__tournament=copy).values_list("rules", flat=True)
    ) == {preset.key}
    assert replay_problems(copy) == []
    again = export_tournament(copy)
    assert again["house_presets"][0]["switches"] == UK


def test_an_old_key_follows_the_engines_key(played):
    document = json.loads(json.dumps(export_tournament(played)))
    old = document["house_presets"][0]["key"]
    text = json.dumps(document).replace(old, "h-0000000000")
    report = import_tournament(json.loads(text), slug="house-open-keys")
    preset = HousePreset.objects.get(tournament=report.tournament)
    assert preset.key == old  # the key the engine gives these switches
    assert Event.objects.get(tournament=report.tournament).rules == old


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"switches": {"board_max": 20}}, "switches.board_max"),
        ({"switches": {"nonsense": 1}}, "unknown switch"),
        ({"rules": "uk-99"}, "unknown rules preset"),
        ({"name": ""}, "name must be"),
        ({"name": "x" * 81}, "name must be"),
    ],
)
def test_a_preset_the_engine_refuses_is_not_restored(played, change, words):
    document = json.loads(json.dumps(export_tournament(played)))
    document["house_presets"][0].update(change)
    with pytest.raises(BackupError) as caught:
        import_tournament(document, slug="house-open-bad")
    assert words in caught.value.message
    assert not Tournament.objects.filter(slug="house-open-bad").exists()


def test_unknown_rules_key_is_refused(played):
    document = json.loads(json.dumps(export_tournament(played)))
    document["house_presets"] = []
    with pytest.raises(BackupError) as caught:
        import_tournament(document, slug="house-open-none")
    assert "unknown rules" in caught.value.message


def test_board_logs_are_interchange_with_switches(played):
    document = export_tournament(played)
    logs = [
        b["log"]
        for m in document["matches"]
        for g in m.get("games", [])
        for b in g["boards"]
        if "log" in b
    ]
    boards = [b for m in document["matches"] for g in m.get("games", []) for b in g["boards"]]
    assert boards
    for log in logs:
        assert log["rules"] == "icf" and log["switches"] == UK
        replay_document(log)  # the command reads it as it is
