"""Point carrom (three players) recorded through the services, then read on the live match and
board pages and through the API: three players everywhere, per-player points, no empty
winner/points columns."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.models import Board, Match
from scoring.services.matches import (
    MatchError,
    draw_first_breaker,
    match_snapshot,
    record_toss,
)
from tests.factories import make_match

from .point_flow import BOARD_ONE, BOARD_TWO, SYSTEM, play, post, st


@pytest.fixture
def point_match(db) -> Match:
    match = make_match(rules="point-carrom", games_to_win=1)
    record_toss(match=match, winner="b", choice="break", actor=SYSTEM)
    match.refresh_from_db()
    return match


def test_toss_among_three_decides_the_first_breaker(point_match: Match) -> None:
    snapshot = match_snapshot(point_match)
    assert snapshot.current.breaker == "b"
    with pytest.raises(MatchError):
        record_toss(match=point_match, winner="c", choice="side", actor=SYSTEM)
    other = make_match(rules="point-carrom", games_to_win=1, slug="lot")
    drawn = draw_first_breaker(match=other, actor=SYSTEM)
    assert drawn.match.toss_winner in ("a", "b", "c")
    assert drawn.current.breaker == drawn.match.toss_winner


def test_queen_with_the_first_carromman_is_not_counted(point_match: Match) -> None:
    post(point_match, st("b", black=1, queen=True))
    position = match_snapshot(point_match).current.position
    assert position.queen == "on_board" and position.players[position.on_turn] == "c"


def test_board_one_then_a_mid_board_end(point_match: Match) -> None:
    play(point_match, BOARD_ONE)
    first = Board.objects.get(game__match=point_match, sequence=1)
    assert first.finished
    assert first.result_points_by_side == {"a": 17, "b": 8, "c": 7}
    # board 2 is broken by C; A needs 8 more: 4 whites end the game at once
    snapshot = match_snapshot(point_match)
    assert snapshot.current.breaker == "c"
    play(point_match, BOARD_TWO)
    snapshot = match_snapshot(point_match)
    assert snapshot.finished and snapshot.winner == "a"
    assert snapshot.state.scores == {"a": 25, "b": 8, "c": 7}
    second = Board.objects.get(game__match=point_match, sequence=2)
    assert second.finished and second.result_points_by_side == {"a": 8, "b": 0, "c": 0}
    assert "interpretation" in second.result_law


def _finished(point_match: Match) -> Match:
    test_board_one_then_a_mid_board_end(point_match)
    return point_match


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_match_page_shows_three_players_and_every_column(client, point_match: Match) -> None:
    match = _finished(point_match)
    slug = match.event.tournament.slug
    html = client.get(reverse("scoring:live-match", args=[slug, match.pk])).content.decode()
    text = _text(html)
    assert "Asha Rao · Ben Kirk · Chen Li" in text
    assert " vs " not in text and "and Chen" not in text
    # board 1 row: breaker B, points 17/8/7 with the totals, queen by B, no top scorer tie
    assert re.search(r"1 Ben Kirk 17 17 8 8 7 7 Ben Kirk Asha Rao all carrommen pocketed", text), (
        text
    )
    assert re.search(r"2 Chen Li 8 25 0 8 0 7 – Asha Rao a player reached the game points", text), (
        text
    )


def test_board_page_lists_strokes_with_their_points(client, point_match: Match) -> None:
    match = _finished(point_match)
    slug = match.event.tournament.slug
    url = reverse("scoring:live-board", args=[slug, match.pk, 1, 1])
    text = _text(client.get(url).content.decode())
    assert "Asha Rao · Ben Kirk · Chen Li" in text and " vs " not in text
    assert "Break (white)" not in text and "won 0 points" not in text
    assert "Ben Kirk: 1 white, the queen +7" in text  # 2 + 5
    assert "Queen covered by Ben Kirk (5 points)." in text
    assert "Asha Rao: 5 white, 7 black +17" in text
    url = reverse("scoring:live-board", args=[slug, match.pk, 1, 2])
    text = _text(client.get(url).content.decode())
    assert "Asha Rao reaches 25: the game ends at once (recorded as 25)." in text


def test_board_page_in_german(client, point_match: Match) -> None:
    match = _finished(point_match)
    slug = match.event.tournament.slug
    url = reverse("scoring:live-board", args=[slug, match.pk, 1, 1])
    text = _text(client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert "Dame gedeckt von Ben Kirk (5 Punkte)." in text
    assert "Punkte auf diesem Board" in text


def test_api_board_rows_carry_each_players_points(client, point_match: Match) -> None:
    match = _finished(point_match)
    data = client.get(reverse("scoring:api-match", args=[match.pk])).json()
    boards = data["games"][0]["boards"]
    a, b, c = data["entries"]
    assert boards[0]["points_by_player"] == [17, 8, 7]
    assert boards[0]["totals"] == [17, 8, 7]
    assert boards[0]["top_scorer"] == a and boards[0]["queen"] == b
    assert boards[0]["breaker"] == b and boards[0]["end"] == "carrommen"
    assert "winner" not in boards[0] and "points" not in boards[0]
    assert boards[1]["points_by_player"] == [8, 0, 0] and boards[1]["totals"] == [25, 8, 7]
    assert boards[1]["end"] == "game_points" and boards[1]["interpretation"] is True
    assert data["winner"] == a


def test_tablet_rulings_say_which_piece_came_back_and_why() -> None:
    from scoring.rules import get_rules
    from scoring.rules.point import opening, parse_point_stroke, replay_point, step_point
    from scoring.rulings import point_rulings

    rules = get_rules("point-carrom")
    names = {"a": "Asha Rao", "b": "Ben Kirk", "c": "Chen Li"}
    before = replay_point([st("a", white=1, black=1)], ("a", "b", "c"), rules)
    stroke = parse_point_stroke(
        {"type": "stroke", "by": "a", "pocketed": {"white": 2}, "foul": "improper_stroke"}
    )
    rulings = point_rulings(step_point(before, stroke, rules).notes, names)
    foul = next(r for r in rulings if r.code == "point_foul")
    assert foul.tone == "warning" and foul.law == "ICF 64"
    assert "Foul by Asha Rao: an improper stroke." in foul.text
    assert "This stroke's pieces come back: 2 white." in foul.text
    assert "Penalty: 1 black of his pocketed pieces back on the board" in foul.text
    full = opening(("a", "b", "c"), scores={"a": 22})
    rulings = point_rulings(
        step_point(full, parse_point_stroke(st("a", white=2)), rules).notes, names
    )
    assert rulings[-1].code == "game_points_reached" and rulings[-1].tone == "result"
    assert "Asha Rao reaches 26: the game ends at once (recorded as 25)." in rulings[-1].text


def test_api_board_document_replays_with_the_scores_before(client, point_match: Match) -> None:
    match = _finished(point_match)
    data = client.get(reverse("scoring:api-board", args=[match.pk, 1, 2])).json()
    assert data["log"]["scores"] == {"a": 17, "b": 8, "c": 7}
    assert data["log"]["players"] == ["c", "a", "b"]
    state = data["state"]
    assert state["finished"] and state["result"]["end"] == "game_points"
    assert state["result"]["points"] == {"c": 0, "a": 8, "b": 0}


def test_backup_replays_a_board_that_ended_the_game_at_25(point_match: Match) -> None:
    from scoring.services.backup import export_tournament, replay_problems

    match = _finished(point_match)
    tournament = match.event.tournament
    assert replay_problems(tournament) == []
    document = export_tournament(tournament)
    logs = [
        b["log"]
        for m in document["matches"]
        if m.get("rules") == "point-carrom"
        for g in m["games"]
        for b in g["boards"]
        if b.get("log")
    ]
    assert logs[1]["scores"] == {"a": 17, "b": 8, "c": 7}


def test_table_page_after_a_point_match(client, point_match: Match) -> None:
    from scoring.models import Table

    match = _finished(point_match)
    table = Table.objects.create(tournament=match.event.tournament, number=4)
    Match.objects.filter(pk=match.pk).update(table=table)
    slug = match.event.tournament.slug
    response = client.get(reverse("scoring:live-table", args=[slug, 4]))
    text = _text(response.content.decode())
    assert response.status_code == 200
    assert "Asha Rao · Ben Kirk · Chen Li" in text and " vs " not in text
