"""A level 25–25 from SoL, kept as SoL recorded it (a game's score recorded by another
system, no ICF law): the scoresheet, the live pages, the API, the backup and the standings
show a draw at 25–25."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Board, Match
from scoring.services.backup import replay_problems
from scoring.services.sol import import_sol
from tests.printing.test_point_sheet import body, pdftotext

from .test_sol_generated import archive, event, m

pytestmark = pytest.mark.django_db


@pytest.fixture
def level() -> Match:
    import_sol(archive(players=4, matches=[m(1, 2, 25, 25), m(3, 4, 25, 9, table=2)]))
    return Match.objects.get(event=event(), number=1)


def test_the_log_holds_one_recorded_board_and_replays_to_it(level: Match) -> None:
    (board,) = Board.objects.filter(game__match=level)
    assert board.kind == Board.Kind.RECORDED and board.recorded_scores == {"a": 25, "b": 25}
    assert board.award_law == "SoL result"
    assert replay_problems(level.event.tournament) == []
    audit = level.audit_entries.filter(action="recorded_game").get()
    assert audit.detail["scores"] == {"a": 25, "b": 25}


def test_api_and_live_page_show_the_draw(client, level: Match) -> None:
    data = client.get(reverse("scoring:api-match", args=[level.pk])).json()
    assert data["draw"] is True and data["winner"] is None
    assert [g["scores"] for g in data["games"]] == [[25, 25]]
    (board,) = data["games"][0]["boards"]
    assert board["entered_as"] == "recorded" and board["law"] == "SoL result"
    doc = client.get(reverse("scoring:api-board", args=[level.pk, 1, 1]))
    assert doc.status_code == 200 and doc.json()["state"]["finished"] is True
    page = client.get(reverse("scoring:live-match", args=[level.event.tournament.slug, level.pk]))
    assert page.status_code == 200
    text = " ".join(page.content.decode().split())
    assert '<span class="badge text-bg-secondary">draw</span>' in text
    assert "Game 1 · 25–25" in text and "is-winner" not in text


def test_the_scoresheet_prints_25_25(admin_client, level: Match) -> None:
    url = reverse("scoring:print-scoresheet", args=[level.pk])
    flat = " ".join(pdftotext(body(admin_client.get(url + "?lang=en"))).split())
    # the board row: A's total 25, board 1, B's total 25, SoL's law; nobody won the game
    assert "25 ● 1 25 SoL result" in flat
    assert "Match result in games A 0 : 0 B Winner Draw" in flat


def test_a_recorded_score_is_checked_and_changes_nothing_when_refused(level: Match) -> None:
    from scoring.services.matches import Actor, MatchError
    from scoring.services.sol.results import record_game_score

    actor = Actor(via="import", device="test")
    other = Match.objects.get(event=level.event, number=2)  # has its award boards
    before = Board.objects.count()
    for match, scores, code in [
        (level, {"a": 25, "b": 25}, "match_finished"),
        (other, {"a": 25, "b": 25}, "match_finished"),
        (level, {"a": 25}, "bad_scores"),
        (level, {"a": -1, "b": 3}, "bad_scores"),
        (level, {"a": True, "b": 3}, "bad_scores"),
    ]:
        with pytest.raises(MatchError) as err:
            record_game_score(match=match, scores=scores, law="SoL result", actor=actor)
        assert err.value.code == code
    assert Board.objects.count() == before


def test_a_rating_from_another_tourney_is_no_tie_break_and_names_decide() -> None:
    """SoL ranks level competitors by their own rate in this tourney, then by last name and
    first name; a player's rating kept from another tourney is not theirs here (issue 31,
    "Finale 2008-2009")."""
    import yaml

    from scoring import standings
    from scoring.models import Player
    from scoring.services.sol import import_sol

    lists = {
        "players": [
            {"guid": "z", "firstname": "Zora", "lastname": "Adler"},
            {"guid": "b", "firstname": "Bea", "lastname": "Zander"},
        ],
        "clubs": [],
        "championships": [{"description": "Level Cup"}],
    }
    tourney = {
        "guid": "lvl",
        "description": "Level",
        "date": "2025-03-01",
        "championship": 1,
        "system": "swiss",
        "competitors": [{"players": [1]}, {"players": [2]}],
        "matches": [
            {"competitor1": 1, "competitor2": 2, "score1": 9, "score2": 9, "turn": 1, "board": 1}
        ],
    }
    report = import_sol(yaml.safe_dump_all([lists, tourney]).encode())
    Player.objects.filter(name="Zora Adler").update(rating=2400)  # from another tourney
    (table,) = standings.event_standings(report.tournaments[0].events.get())
    # SoL 5.26 run on this archive: Adler before Zander (last name, then first name)
    assert [row.name for row in table.rows] == ["Zora Adler", "Bea Zander"]
