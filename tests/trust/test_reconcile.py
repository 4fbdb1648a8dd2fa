"""Paper versus tablet: the sheet is checked, stored, audited and compared board by board."""

from __future__ import annotations

import uuid

import pytest

from scoring.models import AuditEntry, Match, PaperScoresheet
from scoring.services.matches import Actor, record_quick_board, record_toss
from scoring.services.reconcile import (
    Difference,
    PaperError,
    clean_sheet,
    compare,
    paper_boards,
    record_decision,
    record_paper_sheet,
)

from .conftest import play_board, user

LINK = Actor(via="link", device="Tablet")


@pytest.fixture
def match(db) -> Match:
    """Game 1 on the tablet: b 12 (log, queen by b), a 8 (summary 5 + queen), b 3 (award)."""
    from tests.factories import make_match

    match = make_match()
    record_toss(match=match, winner="b", choice="break", actor=LINK)
    play_board(match, LINK, "white")  # b breaks, b clears with the queen: 12
    record_quick_board(
        match=match, winner="a", carrommen=5, queen="a", client_id=uuid.uuid4(), actor=LINK
    )
    record_quick_board(
        match=match, winner="b", points=3, law="ICF 107", client_id=uuid.uuid4(), actor=LINK
    )
    match.refresh_from_db()
    return match


SAME = [
    [
        {"winner": "b", "carrommen": 9, "queen": "b"},
        {"winner": "a", "carrommen": 5, "queen": "a"},
        {"winner": "b", "points": 3, "law": "ICF 107"},
    ]
]


def test_an_identical_sheet_has_no_differences(match) -> None:
    assert compare(match, games=SAME) == []


def test_every_kind_of_difference_is_listed(match) -> None:
    paper = [
        [
            {"winner": "b", "carrommen": 1, "queen": "b"},  # carrommen and points differ
            {"winner": "b", "carrommen": 5, "queen": "a"},  # winner and points differ
            {"winner": "b", "points": 3, "law": "ICF 108"},  # law differs
            {"winner": "a", "carrommen": 2, "queen": None},
        ],  # not on the tablet
        [{"winner": "a", "carrommen": 9, "queen": "a"}],
    ]  # game 2 not on the tablet
    found = compare(match, games=paper)
    fields = [(d.game, d.board, d.field) for d in found]
    assert (1, 1, "carrommen") in fields and (1, 1, "points") in fields
    assert (1, 2, "winner") in fields and (1, 2, "points") in fields
    assert (1, 3, "law") in fields
    assert (1, 4, "board_missing_on_tablet") in fields
    assert (1, None, "game_score") in fields
    assert (2, None, "game_missing_on_tablet") in fields
    queen = Difference(1, 2, "queen", "a", "a")
    assert queen not in found  # same queen, different winner: only the winner is listed
    points = next(d for d in found if d.board == 1 and d.field == "points")
    assert (points.paper, points.tablet) == (4, 12)


def test_a_board_missing_on_paper_and_a_different_queen(match) -> None:
    paper = [[{"winner": "b", "carrommen": 9, "queen": None}]]
    fields = {(d.board, d.field) for d in compare(match, games=paper)}
    assert (1, "queen") in fields and (1, "points") in fields  # 9 without the queen
    assert (2, "board_missing_on_paper") in fields and (3, "board_missing_on_paper") in fields


def test_paper_points_follow_the_22_point_rule() -> None:
    games = [
        [
            {"winner": "a", "points": 12, "law": ""},
            {"winner": "a", "points": 10, "law": ""},
            {"winner": "a", "carrommen": 2, "queen": "a"},
        ]
    ]
    boards = paper_boards(games)[0]
    assert [b.points for b in boards] == [12, 10, 2]  # a has 22: the queen does not count


@pytest.mark.parametrize(
    "games, code",
    [
        ([], "no_games"),
        ([[]], "empty_game"),
        ([[{"winner": "c", "carrommen": 1}]], "bad_winner"),
        ([[{"winner": "a", "carrommen": 10}]], "bad_carrommen"),
        ([[{"winner": "a", "points": 13}]], "bad_points"),
        ([[{"winner": "a", "carrommen": 1, "queen": "x"}]], "bad_queen"),
        ([[{"winner": "a", "carrommen": 1, "colour": "white"}]], "bad_board"),
    ],
)
def test_invalid_sheets_are_refused(games, code) -> None:
    with pytest.raises(PaperError) as err:
        clean_sheet(games)
    assert err.value.code == code


def test_recording_a_sheet_and_a_decision_is_audited(match) -> None:
    olga = user("olga")
    actor = Actor(user=olga, via="organiser", device="Laptop", ip="10.0.0.1")
    sheet = record_paper_sheet(match=match, games=SAME, actor=actor, note="table 3")
    assert sheet.entered_by == olga and sheet.games[0][0] == {
        "winner": "b",
        "carrommen": 9,
        "queen": "b",
    }
    entry = AuditEntry.objects.get(action="paper_sheet")
    assert entry.actor == olga and entry.detail["after"] == SAME
    assert entry.detail["differences"] == 0 and entry.ip == "10.0.0.1"
    decision = record_decision(match=match, sheet=sheet, decision="tablet", note="", actor=actor)
    assert decision.detail["decision"] == "tablet" and decision.detail["differences"] == []
    with pytest.raises(PaperError):
        record_paper_sheet(match=match, games=[[{"winner": "a"}]], actor=actor)
    assert PaperScoresheet.objects.count() == 1
