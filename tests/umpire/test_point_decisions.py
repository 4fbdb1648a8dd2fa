"""Point carrom on the tablet (issue 19): board lost by conduct, void board and umpire ruling
from the "Other decisions" sheet, and pieces off the board from the pad's "More" sheet; bad
input is refused with a message and changes nothing."""

from __future__ import annotations

import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.models import Board, BoardEvent, Match
from tests.factories import make_match

from .conftest import post, stroke


@pytest.fixture
def points(db) -> Match:
    """A point-carrom match (Asha Rao A, Ben Kirk B, C the third player); A breaks."""
    return make_match(rules="point-carrom", games_to_win=1)


def decide(
    client,
    match: Match,
    kind: str,
    revision: int | None = None,
    headers: dict | None = None,
    **fields,
):
    match.refresh_from_db()
    data = {
        "kind": kind,
        "client_id": str(uuid.uuid4()),
        "revision": match.revision if revision is None else revision,
        **fields,
    }
    return post(client, match, "event", data, headers=headers)


def started(client, match: Match) -> None:
    """A breaks and pockets a white (2 points), then a foul-free black (1 point)."""
    assert stroke(client, match, "a", preset="white").status_code == 200
    assert stroke(client, match, "a", preset="black").status_code == 200


def events(match: Match) -> list[dict]:
    return [
        e.payload
        for e in BoardEvent.objects.filter(board__game__match=match).order_by(
            "board__sequence", "seq"
        )
    ]


def test_the_sheet_is_on_the_point_carrom_tablet(client, points):
    html = client.get(f"/u/{points.umpire_token}/").content.decode()
    assert 'id="actions"' in html and 'id="loss-c"' in html  # the third player too
    assert 'id="void"' not in html  # nothing to void before the board has begun
    started(client, points)
    html = client.get(f"/u/{points.umpire_token}/").content.decode()
    assert 'id="void"' in html and 'id="ruling-points-c"' in html
    assert "together at most 32" in html


def test_the_more_sheet_offers_pieces_off_the_board(client, points):
    html = client.get(f"/u/{points.umpire_token}/").content.decode()
    assert 'id="more"' in html and 'name="off_white"' in html and "ICF 65" in html
    response = stroke(client, points, "a", white=1, off_black=1)
    assert response.status_code == 200
    assert events(points)[-1]["off_board"] == {"black": 1}
    assert "Off the board: 1 black; back on the centre circle." in response.content.decode()


def test_a_board_lost_by_conduct(client, points):
    started(client, points)
    response = decide(client, points, "board_loss", by="a", reason="left_seat")
    html = response.content.decode()
    assert response.status_code == 200
    assert events(points)[-1] == {"type": "board_loss", "by": "a", "reason": "left_seat"}
    assert "Asha Rao loses the board: no points for him on this board." in html
    board = Board.objects.get(game__match=points)
    assert board.finished and board.result_points_by_side["a"] == 0


def test_a_void_board_is_played_again_by_the_same_breaker(client, points):
    started(client, points)
    response = decide(client, points, "void")
    html = response.content.decode()
    assert response.status_code == 200
    assert events(points)[-1] == {"type": "void"}
    assert "Board declared void" in html
    assert "The board is void; the same player breaks it again." in html
    assert "Board 1 is void and is played again." in html  # the card, not "is over"
    assert stroke(client, points, "a", preset="nothing").status_code == 200  # A breaks again
    boards = list(Board.objects.filter(game__match=points).order_by("sequence"))
    assert [b.breaker for b in boards] == ["a", "a"] and boards[0].void


def test_an_umpire_ruling_gives_each_player_his_points(client, points):
    started(client, points)
    response = decide(
        client, points, "umpire_ruling", points_a="10", points_b="7", points_c="0", law="ICF 91"
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert events(points)[-1] == {
        "type": "umpire_ruling",
        "points": {"a": 10, "b": 7, "c": 0},
        "law": "ICF 91",
    }
    assert "Umpire ruling:" in html and "The umpire decides the board." in html
    board = Board.objects.get(game__match=points)
    assert board.result_points_by_side == {"a": 10, "b": 7, "c": 0}


@pytest.mark.parametrize(
    ("kind", "fields", "message"),
    [
        ("board_loss", {"by": "d"}, "That player does not play on this board."),
        ("board_loss", {"by": "white"}, "That player does not play on this board."),
        ("board_loss", {}, "Choose the player who loses the board."),
        ("board_loss", {"by": "b", "reason": "rudeness"}, "Select a valid choice"),
        ("umpire_ruling", {"points_a": "-1"}, "Points cannot be negative."),
        ("umpire_ruling", {"points_a": "33"}, "at most 32 points"),
        ("umpire_ruling", {"points_a": "x"}, "Points must be whole numbers."),
        (
            "umpire_ruling",
            {"points_a": "20", "points_b": "10", "points_c": "5"},
            "add up to 35; a board holds only 32 points.",
        ),
        ("stroke_please", {}, "Select a valid choice"),
    ],
)
def test_bad_decisions_are_refused_and_change_nothing(client, points, kind, fields, message):
    started(client, points)
    before = events(points)
    response = decide(client, points, kind, **fields)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert events(points) == before


def test_a_board_that_has_ended_may_still_be_declared_void(client, points):
    """As in the colour game (rules README, engine details: point carrom behaves as the
    colour game after the end): a void still reaches the board that ended, and the same
    player breaks it again; a void board takes no further decision."""
    started(client, points)
    assert decide(client, points, "umpire_ruling", points_a="5").status_code == 200
    response = decide(client, points, "void")
    assert response.status_code == 200
    boards = list(Board.objects.filter(game__match=points).order_by("sequence"))
    assert len(boards) == 1 and boards[0].void
    assert stroke(client, points, "a", preset="nothing").status_code == 200  # A breaks again
    boards = list(Board.objects.filter(game__match=points).order_by("sequence"))
    assert [b.breaker for b in boards] == ["a", "a"]


def test_a_stale_decision_is_a_conflict(client, points):
    started(client, points)
    points.refresh_from_db()
    old = points.revision - 1
    assert (
        "Board declared void was not recorded: Asha Rao recorded first."
        in decide(client, points, "void", revision=old).content.decode()
    )
    for kind, fields in (
        ("void", {}),
        ("board_loss", {"by": "b"}),
        ("umpire_ruling", {"points_a": "3"}),
    ):
        before = events(points)
        response = decide(client, points, kind, revision=old, **fields)
        assert response.status_code == 409, kind
        assert "was not recorded" in response.content.decode()
        assert " by  was" not in response.content.decode()  # no empty player's name
        assert events(points) == before


def test_the_history_names_a_recorded_ruling_in_german(client, points):
    started(client, points)
    decide(client, points, "umpire_ruling", points_a="4", points_b="2", points_c="1")
    html = client.get(
        f"/u/{points.umpire_token}/", headers={"Accept-Language": "de"}
    ).content.decode()
    assert "Schiedsrichterentscheid: Asha Rao 4, Ben Kirk 2" in html
    assert "Der Schiedsrichter entscheidet das Board." in html
    assert "Weitere Entscheidungen…" in html


def test_the_new_sheet_in_german(client, points):
    started(client, points)
    html = client.get(
        f"/u/{points.umpire_token}/", headers={"Accept-Language": "de"}
    ).content.decode()
    assert "Board für ungültig erklären (wird wiederholt, gleicher Anstoß)" in html
    assert "Punkte jedes Spielers auf diesem Board (zusammen höchstens 32)" in html
    assert "Mehr: Steine vom Brett" in html
    response = decide(
        client,
        points,
        "umpire_ruling",
        points_a="30",
        points_b="3",
        headers={"Accept-Language": "de"},
    )
    assert response.status_code == 422
    assert "ergeben zusammen 33; ein Board hat nur 32 Punkte." in response.content.decode()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.integers(-5, 40), st.just("")), min_size=3, max_size=3))
def test_the_ruling_form_accepts_exactly_what_the_engine_and_the_board_allow(values):
    """Every ruling the form lets through the engine reads; none gives more than 32 points
    together or a player less than 0 or more than 32."""
    from scoring.forms.point_actions import PointActionForm
    from scoring.rules.point import parse_point_event
    from scoring.rules.presets import POINT_CARROM

    data = {"kind": "umpire_ruling", "client_id": str(uuid.uuid4()), "revision": "0"}
    data.update({f"points_{s}": str(v) for s, v in zip("abc", values, strict=True)})
    form = PointActionForm(data, sides=("a", "b", "c"), names={}, rules=POINT_CARROM)
    numbers = [0 if v == "" else v for v in values]
    allowed = all(0 <= n <= 32 for n in numbers) and sum(numbers) <= 32
    assert form.is_valid() == allowed
    if allowed:
        assert dict(parse_point_event(form.payload()).points) == dict(
            zip("abc", numbers, strict=True)
        )
