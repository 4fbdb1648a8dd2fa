"""One board numbering after a void (issue 28): a void board and its replay carry the same
number on the tablet, the live page, the API, the scoresheet and the timeline; the API's
``sequence`` addresses the stored board (``records.board_numbers``)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.models import Board, Match
from scoring.records import board_numbers
from scoring.selectors.live import match_view
from scoring.selectors.umpire import tablet
from scoring.services.matches import match_snapshot

from .conftest import record


class _Row:
    def __init__(self, sequence: int, void: bool) -> None:
        self.sequence, self.void, self.game_id = sequence, void, 1


def test_a_void_board_and_its_replay_share_a_number():
    rows = [
        _Row(1, True),
        _Row(2, False),
        _Row(3, False),
        _Row(4, True),
        _Row(5, True),
        _Row(6, False),
    ]
    assert board_numbers(rows) == {1: 1, 2: 1, 3: 2, 4: 3, 5: 3, 6: 3}


@given(st.lists(st.booleans(), max_size=20))
def test_the_numbers_count_the_boards_played(voids):
    rows = [_Row(n, void) for n, void in enumerate(voids, start=1)]
    numbers = board_numbers(rows)
    for row in rows:  # 1 + the boards before it that counted (ICF 56; IT 101)
        assert numbers[row.sequence] == 1 + sum(
            1 for r in rows if r.sequence < row.sequence and not r.void
        )
    played = [numbers[r.sequence] for r in rows if not r.void]
    assert played == list(range(1, len(played) + 1))  # the boards that count: 1, 2, 3 …


def _void_first_board(match: Match) -> None:
    record(match, {"type": "stroke", "by": "white"})  # board 1 under way
    record(match, {"type": "void"})  # void: played again (IT 101)
    record(match, {"type": "stroke", "by": "white", "pocketed": {"white": 1}})


@pytest.mark.django_db
def test_every_surface_numbers_the_replay_as_the_void_board(client, tossed):
    _void_first_board(tossed)
    match = Match.objects.get(pk=tossed.pk)
    rows = list(Board.objects.filter(game__match=match).order_by("sequence"))
    assert [(r.sequence, r.void) for r in rows] == [(1, True), (2, False)]

    view = tablet(match_snapshot(match))  # the tablet: board 1 again, its history too
    assert view.board_number == 1 and view.history_board == 1
    assert [b.number for b in view.boards_table.rows] == [1]  # the void one

    live = match_view(match)  # the live page's table
    assert [(b.number, b.sequence, b.void) for b in live.games[0].boards] == [
        (1, 1, True),
        (1, 2, False),
    ]
    assert live.info is not None and live.info.board == 1

    data = json.loads(client.get(f"/api/v1/matches/{match.pk}/").content)
    boards = data["games"][0]["boards"]
    assert [(b["number"], b["sequence"], b["void"]) for b in boards] == [
        (1, 1, True),
        (1, 2, False),
    ]
    # the board resource is addressed by the sequence
    assert client.get(f"/api/v1/matches/{match.pk}/games/1/boards/2/").status_code == 200
    assert client.get(f"/api/v1/matches/{match.pk}/games/1/boards/3/").status_code == 404

    slug = match.event.tournament.slug
    html = client.get(f"/t/{slug}/match/{match.pk}/").content.decode()
    base = f"/t/{slug}/match/{match.pk}/game/1/board/"
    # the live table: both rows read 1, each links to its own stored board
    assert f'<a href="{base}1/">1</a>' in html and f'<a href="{base}2/">1</a>' in html
    page = client.get(f"{base}2/").content.decode()
    assert "Game 1, board 1" in page


@pytest.mark.django_db
def test_the_board_end_card_after_a_replayed_board_says_its_number(client, tossed):
    _void_first_board(tossed)
    match = Match.objects.get(pk=tossed.pk)
    # the replayed board 1 ends (a board lost by conduct is the shortest end)
    record(match, {"type": "board_loss", "by": "black", "reason": "other"})
    view = tablet(match_snapshot(Match.objects.get(pk=match.pk)))
    assert view.board_end is not None and view.board_end.number == 1
    assert view.board_number == 2  # "Start board 2"
    assert [b.number for b in view.boards_table.rows] == [1, 1]
