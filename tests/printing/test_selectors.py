"""The sheet data built from the database: the filled scoresheet follows the engine board by
board; blank sheets are pre-filled only; rounds load in a constant number of queries."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.models import Match
from scoring.selectors import sheets
from scoring.services.matches import match_snapshot, record_toss
from tests.factories import make_match

from .conftest import NAME_B, UMPIRE, UNICODE_A, World, log, quick, stroke

pytestmark = pytest.mark.django_db


def test_filled_sheet_matches_the_engine_board_by_board(world: World) -> None:
    match = world.played
    state = match_snapshot(match).state
    data = sheets.scoresheet_data(match)
    assert len(data.games) == len(state.games) == 3
    for sheet_game, game in zip(data.games, state.games, strict=True):
        assert len(sheet_game.boards) == len(game.boards)
        for row, board in zip(sheet_game.boards, game.boards, strict=True):
            assert row.number == board.number
            assert row.void == board.void
            assert row.breaker == "ab".index(board.breaker)
            if board.void:
                assert row.winner is None and row.points == 0
                continue
            assert row.winner == "ab".index(board.winner)
            assert row.points == board.points
            assert row.totals == (board.scores_after["a"], board.scores_after["b"])
            assert row.extra_board == board.extra_board
        assert sheet_game.score == (game.scores["a"], game.scores["b"])
        assert sheet_game.winner == "ab".index(game.winner)
    assert data.games_won == (state.games_won["a"], state.games_won["b"]) == (2, 1)
    assert data.winner == 0


def test_filled_sheet_details(world: World) -> None:
    data = sheets.scoresheet_data(world.played)
    g1, g2, g3 = data.games
    first, suicide, void, replay, award, last = g1.boards
    # a stroke-by-stroke board: the details come from the board's cache
    assert (first.carrommen, first.queen_by, first.queen_counted, first.points) == (9, 0, True, 12)
    assert first.law == ""  # an ordinary end (ICF 53) is not a special case
    assert (suicide.law, suicide.winner, suicide.breaker, suicide.points) == ("ICF 107", 0, 1, 3)
    assert void.void and void.number == replay.number == 3 and void.totals == (15, 0)
    assert (replay.carrommen, replay.queen_by, replay.queen_counted, replay.points) == (
        5,
        0,
        True,
        8,
    )
    assert (award.law, award.winner, award.points, award.totals) == ("ICF 91", 1, 4, (23, 4))
    assert last.totals == (25, 4) and g1.score == (25, 4)
    assert g2.score == (0, 25) and g2.winner == 1
    assert [b.side_change_after for b in g3.boards] == [False] * 3 + [True] + [False] * 5
    assert g3.boards[-1].extra_board and g3.boards[-1].number == 9
    assert g3.boards[-1].breaker == 1 and g3.score == (7, 4)
    assert data.toss.winner == 0 and data.toss.choice == "break"


def test_header_fields(world: World) -> None:
    data = sheets.scoresheet_data(world.played, language="de", base_url="https://c.example")
    assert data.tournament == world.tournament.name
    # a German sheet names the round in German
    assert data.event == "Men's Singles" and data.round_name == "Sechzehntelfinale"
    assert data.sides[0].name == UNICODE_A and data.sides[1].name == NAME_B
    assert data.sides[0].club == "CC Frankfurt"
    assert data.table == "1" and data.match_number == "1"
    assert data.umpire == "Ingrid Schäfer"
    assert data.language == "de" and data.kind == "singles" and data.board_limit == 8
    # the public match page, never the umpire's write link (issue 15)
    assert data.qr_url == (
        f"https://c.example/t/{world.played.event.tournament.slug}/match/{world.played.pk}/"
    )
    assert world.played.umpire_token not in data.qr_url
    assert data.reference == f"#{world.played.pk}"
    assert data.date is not None


def test_blank_sheet_is_prefilled_only(world: World) -> None:
    data = sheets.scoresheet_data(world.played, blank=True)
    assert data.blank and data.games == () and data.games_won is None
    assert data.sides[0].name == UNICODE_A and data.table == "1"
    assert data.qr_url.endswith(f"/match/{world.played.pk}/")
    assert world.played.umpire_token not in data.qr_url


def test_running_match_mid_board(world: World) -> None:
    match = world.matches[1]
    record_toss(match=match, winner="b", choice="side", actor=UMPIRE)
    quick(match, "a", carrommen=4)
    log(match, stroke("white", white=2))  # board 2 is being played
    match.refresh_from_db()
    data = sheets.scoresheet_data(match)
    state = match_snapshot(match).state
    assert len(data.games) == 1 and data.games[0].score is None
    assert [b.points for b in data.games[0].boards] == [b.points for b in state.games[0].boards]
    assert data.games[0].boards[0].breaker == 0  # B chose the side: A breaks
    assert data.games_won is None and data.winner is None
    assert data.toss.winner == 1 and data.toss.choice == "side"


def test_match_without_toss_prints_names_only(world: World) -> None:
    data = sheets.scoresheet_data(world.matches[2])
    assert data.games == () and not data.blank and data.toss.winner is None


def test_doubles_sheet_lists_the_pairs_in_seating_order(world: World) -> None:
    from scoring.models import Entry, Event, Player

    event = Event.objects.create(tournament=world.tournament, name="Mixed Doubles", kind="doubles")
    p = [Player.objects.create(name=n) for n in ("Ann Aa", "Bo Bb", "Cy Cc", "Di Dd")]
    a = Entry.objects.create(event=event, player=p[0], partner=p[1])
    b = Entry.objects.create(event=event, player=p[2], partner=p[3])
    match = make_match(event, a, b, seating=[p[0].pk, p[2].pk, p[1].pk, p[3].pk])
    data = sheets.scoresheet_data(match)
    assert data.kind == "doubles"
    assert [(s.name, s.seat) for s in data.sides[0].players] == [("Ann Aa", "1"), ("Bo Bb", "3")]
    assert [(s.name, s.seat) for s in data.sides[1].players] == [("Cy Cc", "2"), ("Di Dd", "4")]


def test_point_carrom_has_the_three_player_scoresheet(world: World) -> None:
    from scoring.models import Entry, Event, Player
    from scoring.pdf.point_sheet import PointSheetData

    event = Event.objects.create(
        tournament=world.tournament, name="Points", kind="points", rules="point-carrom"
    )
    entries = [
        Entry.objects.create(event=event, player=Player.objects.create(name=n))
        for n in ("X", "Y", "Z")
    ]
    match = make_match(event, entries[0], entries[1], entry_c=entries[2])
    data = sheets.scoresheet_data(match)
    assert isinstance(data, PointSheetData)
    assert [p.name for p in data.players] == ["X", "Y", "Z"] and data.boards == []
    assert sheets.scoresheets_data([match], blank=True)[0].blank


def test_bulk_sheets_equal_single_sheets(world: World) -> None:
    bulk = sheets.round_scoresheets(world.event, 1, base_url="")
    single = [sheets.scoresheet_data(m, base_url="") for m in world.matches]
    assert bulk == single
    assert [s.match_number for s in bulk] == ["1", "2", "3", "4"]


def _queries(world: World) -> int:
    with CaptureQueriesContext(connection) as ctx:
        sheets.round_scoresheets(world.event, 1)
    return len(ctx.captured_queries)


def test_round_query_count_does_not_grow_with_the_matches(world: World) -> None:
    few = _queries(world)
    entries = list(world.event.entries.all())
    for n in range(8):  # eight more matches, some with recorded boards
        match = make_match(
            world.event,
            entries[n % 4],
            entries[n % 4 + 4],
            number=10 + n,
            rnd=world.round,
            table=world.tables[n % 4],
        )
        if n % 2:
            record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
            quick(match, "a", carrommen=3)
            log(match, stroke("white", white=1))
    assert Match.objects.filter(round=world.round).count() == 12
    # matches, games, boards (+ the events of boards in progress): 4 at most, for any number
    assert few <= 4 and _queries(world) <= 4


def _loaded(got: Any, want: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The fields ``got`` has loaded, of ``got`` and of ``want`` (``None``: both ``None``)."""
    if got is None or want is None:
        assert got is want
        return None
    names = [
        f.attname for f in got._meta.concrete_fields if f.attname not in got.get_deferred_fields()
    ]
    return ({n: getattr(got, n) for n in names}, {n: getattr(want, n) for n in names})


def test_a_rounds_plain_sql_loads_what_select_related_would(world: World) -> None:
    expected = list(sheets.round_matches(world.event, 1))
    loaded, played = sheets.round_match_list(world.event, 1, None)
    assert sheets.round_match_list(world.event, 1, "main") == (loaded, played)
    assert loaded == expected and played  # the world has a played match
    assert "number" not in loaded[0].get_deferred_fields()
    assert "created_at" in loaded[0].get_deferred_fields()  # a field no sheet reads
    with CaptureQueriesContext(connection) as ctx:
        for got, want in zip(loaded, expected, strict=True):
            pair = _loaded(got, want)
            assert pair is not None and pair[0] == pair[1]
            assert got.event.tournament == world.tournament
            for related in sheets.PER_MATCH_RELATED:
                a, b = got, want
                for part in related.split("__"):
                    a = a and getattr(a, part)
                    b = b and getattr(b, part)
                pair = _loaded(a, b)
                assert pair is None or pair[0] == pair[1]
    assert not ctx.captured_queries
    assert sheets.round_match_list(world.event, 99, None) == ([], False)


def test_a_round_printed_before_play_reads_its_matches_only(world: World) -> None:
    from scoring.models import Round

    rnd = Round.objects.create(event=world.event, number=2)
    entries = list(world.event.entries.all())
    matches = [
        make_match(
            world.event, entries[n], entries[n + 4], number=n + 1, rnd=rnd, table=world.tables[n]
        )
        for n in range(4)
    ]
    record_toss(match=matches[0], winner="a", choice="break", actor=UMPIRE)
    with CaptureQueriesContext(connection) as ctx:
        data = sheets.round_scoresheets(world.event, 2, base_url="")
    assert len(ctx.captured_queries) == 1
    assert data == [sheets.scoresheet_data(m, base_url="") for m in matches]
    assert data[0].toss is not None and data[0].toss.winner == 0
