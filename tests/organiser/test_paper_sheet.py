"""A whole paper sheet in one submission (issue 30): the toss, every board of every game,
scored by the engine (ICF 53-55, the queen worth nothing from 22 on), the result confirmed;
a sheet that does not make the match saves nothing."""

from __future__ import annotations

import uuid

import pytest

from scoring.models import Board, Match
from scoring.services import draws
from scoring.services.matches import StaleMatch
from scoring.services.paper_sheet import SheetBoard, SheetError, check_sheet, enter_sheet
from tests.factories import make_event, play_and_confirm
from tests.organiser.test_corrections import ORGANISER

pytestmark = pytest.mark.django_db

# game 1: A 12, 12, then A covers the queen at 24: 1 + 0 = 1 (25-0); game 2: B 12, 12, 1;
GAME = [(9, "a"), (9, "a"), (1, "a")]


def sheet(games: list[str]) -> list[SheetBoard]:
    return [
        SheetBoard(n, winner, left, winner if queen else "")
        for n, winner in enumerate(games, start=1)
        for left, queen in ((9, True), (9, True), (1, True))
    ]


def best_of_three(tournament):
    event = make_event(tournament, 4, name="sheet", games_to_win=2)
    draws.draw_event(event=event, actor=ORGANISER, random_seed=7)
    return event, list(Match.objects.filter(event=event, round__number=1).order_by("position"))


def test_a_whole_sheet_is_checked_then_entered_and_confirmed(
    tournament, django_capture_on_commit_callbacks
):
    event, semis = best_of_three(tournament)
    match = semis[0]
    boards = sheet(["a", "b", "a"])
    check = check_sheet(match=match, toss=("a", "break"), boards=boards, actor=ORGANISER)
    assert not check.problem and check.finished and check.winner == "a"
    assert [r.points for r in check.rows[:3]] == [12, 12, 1]
    assert check.rows[2].queen_lost  # 24 before the board: the queen counts nothing (ICF 54)
    assert [g[1:3] for g in check.games] == [(25, 0), (0, 25), (25, 0)]
    assert not Board.objects.filter(game__match=match).exists()  # a check saves nothing
    with pytest.raises(StaleMatch):
        enter_sheet(
            match=match,
            toss=("a", "break"),
            boards=boards,
            actor=ORGANISER,
            client_id=uuid.uuid4(),
            expected_revision=match.revision + 1,
        )
    with django_capture_on_commit_callbacks(execute=True):
        enter_sheet(
            match=match,
            toss=("a", "break"),
            boards=boards,
            actor=ORGANISER,
            client_id=uuid.uuid4(),
            expected_revision=match.revision,
        )
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.winner_side == "a"
    assert Board.objects.filter(game__match=match).count() == 9
    final = Match.objects.get(event=event, round__number=2)
    assert match.entry_a_id in (final.entry_a_id, final.entry_b_id)


def test_a_sheet_that_does_not_make_the_match_saves_nothing(tournament):
    _event, semis = best_of_three(tournament)
    match = semis[0]
    short = sheet(["a", "b"])[:-1]  # game 2 is not over
    check = check_sheet(match=match, toss=("a", "break"), boards=short, actor=ORGANISER)
    assert check.problem == "sheet_game_open" and check.params == {"game": 2}
    assert [g[1:3] for g in check.games] == [(25, 0), (0, 24)]
    with pytest.raises(SheetError):
        enter_sheet(
            match=match,
            toss=("a", "break"),
            boards=short,
            actor=ORGANISER,
            client_id=uuid.uuid4(),
            expected_revision=match.revision,
        )
    too_many = [*sheet(["a", "a"]), SheetBoard(3, "b", 9, "b")]
    assert (
        check_sheet(match=match, toss=("a", "break"), boards=too_many, actor=ORGANISER).problem
        == "sheet_match_over"
    )
    with pytest.raises(SheetError) as err:
        enter_sheet(
            match=match,
            toss=None,
            boards=sheet(["a", "a"]),
            actor=ORGANISER,
            client_id=uuid.uuid4(),
            expected_revision=match.revision,
        )
    assert err.value.code == "toss_required"
    match.refresh_from_db()
    assert not Board.objects.filter(game__match=match).exists() and not match.toss_winner
    play_and_confirm(semis[1], "a", ORGANISER)
    with pytest.raises(SheetError) as err:
        enter_sheet(
            match=semis[1],
            toss=("a", "break"),
            boards=sheet(["a", "a"]),
            actor=ORGANISER,
            client_id=uuid.uuid4(),
            expected_revision=None,
        )
    assert err.value.code == "sheet_started"


def test_the_sheet_page_checks_live_and_saves_in_one_submission(
    client, organiser, tournament, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    _event, semis = best_of_three(tournament)
    match = semis[0]
    client.force_login(organiser)
    page = reverse("scoring:organiser-match-sheet", args=[tournament.slug, match.pk])
    assert (
        page
        in client.get(reverse("scoring:organiser-match", args=[tournament.slug, match.pk])).text
    )
    r = client.get(page)
    assert r.status_code == 200 and 'name="g3-b9-winner"' in r.text
    post = {
        "revision": str(match.revision),
        "client_id": str(uuid.uuid4()),
        "toss_winner": "a",
        "toss_choice": "break",
    }
    for g, winner in enumerate("aba", start=1):
        for k, (left, queen) in enumerate(((9, True), (9, True), (1, True)), start=1):
            post.update(
                {
                    f"g{g}-b{k}-winner": winner,
                    f"g{g}-b{k}-left": str(left),
                    f"g{g}-b{k}-queen": winner if queen else "",
                }
            )
    check = reverse("scoring:organiser-match-sheet-check", args=[tournament.slug, match.pk])
    r = client.post(
        check, {k: v for k, v in post.items() if not k.startswith("g3")}, HTTP_HX_REQUEST="true"
    )
    assert r.status_code == 200 and "Game 2: A 0 – 25 B" in r.text
    assert "The match is not over: game 3 is missing." in r.text
    assert 'id="pts-g1-b3" hx-swap-oob="true">A 1 <abbr' in r.text
    assert not Board.objects.filter(game__match=match).exists()
    r = client.post(page, {**post, "revision": str(match.revision + 5)})
    assert r.status_code == 409 and not Board.objects.filter(game__match=match).exists()
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(page, post)
    assert r.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.winner_side == "a"


def test_a_game_without_a_board_limit_gets_rows_as_the_sheet_needs_them(
    client, organiser, tournament
):
    """DCV 56(c): from the quarter-finals on a game has no board limit, so the sheet offers
    nine rows and adds one on "add a row" or when every row is filled; what was typed stays."""
    from django.urls import reverse

    from scoring.rules import get_rules

    _event, semis = best_of_three(tournament)
    match = semis[0]
    client.force_login(organiser)
    page = reverse("scoring:organiser-match-sheet", args=[tournament.slug, match.pk])
    # an early round, ICF 56(b) and ruling 3: eight boards and a tie's extra board, no more
    Match.objects.filter(pk=match.pk).update(stage="early")
    r = client.get(page)
    assert 'name="g3-b9-winner"' in r.text and 'name="g3-b10-winner"' not in r.text
    assert 'name="add_row"' not in r.text
    Match.objects.filter(pk=match.pk).update(stage="late")
    match.refresh_from_db()
    assert get_rules(match.rules).board_limit_for("late") is None
    r = client.get(page)
    assert 'name="g1-b9-winner"' in r.text and 'name="g1-b10-winner"' not in r.text
    assert r.text.count('name="add_row"') == 3
    post = {
        "revision": str(match.revision),
        "client_id": str(uuid.uuid4()),
        "toss_winner": "a",
        "toss_choice": "break",
        "rows-g1": "9",
        "rows-g2": "9",
        "rows-g3": "9",
        "g1-b1-winner": "b",
        "g1-b1-left": "4",
        "g1-b1-queen": "b",
    }
    r = client.post(page, {**post, "add_row": "2"})
    assert r.status_code == 200 and not Board.objects.filter(game__match=match).exists()
    assert 'name="g2-b10-winner"' in r.text and 'name="g1-b10-winner"' not in r.text
    assert 'name="rows-g2" value="10"' in r.text
    # what was typed is kept (board 1 of game 1: B, 4 left, queen by B)
    assert '<option value="b" selected>B</option>' in r.text
    assert 'name="g1-b1-left"' in r.text and '<option value="4" selected>4</option>' in r.text
    assert "B 7" in r.text  # the engine's points: 4 carrommen and the queen
    # nine boards of game 1, each 1 point, alternately: every row filled, one more appears
    filled = {**post}
    for k in range(1, 10):
        filled.update({f"g1-b{k}-winner": "ab"[k % 2], f"g1-b{k}-left": "1", f"g1-b{k}-queen": ""})
    check = reverse("scoring:organiser-match-sheet-check", args=[tournament.slug, match.pk])
    r = client.post(page, {**filled, "add_row": "3"})
    assert 'name="g1-b10-winner"' in r.text and 'name="g3-b10-winner"' in r.text
    # live: the check sends game 1 again with its tenth row, as typed; the others' points only
    r = client.post(check, filled, HTTP_HX_REQUEST="true")
    assert r.status_code == 200
    assert 'id="sheet-game-1" hx-swap-oob="true"' in r.text
    assert 'name="g1-b10-winner"' in r.text and 'name="rows-g1" value="10"' in r.text
    assert 'id="sheet-game-2"' not in r.text and 'id="pts-g2-b1" hx-swap-oob="true"' in r.text
    # never more rows than a game can take: (25 - 1) * 2 + 1 boards of one point
    r = client.post(page, {**post, "rows-g1": "200", "add_row": "1"})
    assert 'name="g1-b49-winner"' in r.text and 'name="g1-b50-winner"' not in r.text
