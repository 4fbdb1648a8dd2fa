"""A whole paper scoresheet entered in one form (issue 30; ``services/paper_sheet.py``):
the toss and every board of every game, the live totals checked by the server (htmx, the
rules engine's own scoring), the result confirmed in one submission."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scoring.draw_words import round_title
from scoring.error_words import error_text
from scoring.models import Match
from scoring.rules import get_rules
from scoring.services import paper_sheet as sheet_service
from scoring.services.matches import MatchError
from scoring.views.organiser.base import actor_of, get_match


def _games(match: Match) -> int:
    return 2 * match.games_to_win - 1


def board_rows(match: Match) -> tuple[int, int]:
    """How many board rows a game of the sheet offers at first, and at most: with a board
    limit (ICF 56(b): 8 boards in the early rounds), the limit and the extra board of a tie
    (ruling 3); without one (DCV 56(c): late rounds, point carrom to its points), as many
    as a game can take (every board 1 point, the game points less one each, then the last)
    and rows are added as the sheet needs them."""
    rules = get_rules(match.rules)
    most = 2 * (rules.game_points - 1) + 1
    limit = rules.board_limit_for(match.stage)
    if limit:
        return limit + (1 if rules.extra_board_on_tie else 0), limit + (
            1 if rules.extra_board_on_tie else 0
        )
    return min(rules.board_limit + 1, most), most


def _row_count(post: Any, game: int, first: int, most: int) -> tuple[int, bool]:
    """The rows of ``game`` the form has: as posted (``rows-g<n>``), one more for "add a
    row" to this game, and one more when every row is filled (the sheet goes on); and
    whether it grew (the live check then sends the game's rows again)."""
    try:
        count = int(post.get(f"rows-g{game}", first)) if post else first
    except ValueError:
        count = first
    count = max(first, min(count, most))
    if post and (
        post.get("add_row") == str(game)
        or all(post.get(f"g{game}-b{k}-winner") in ("a", "b") for k in range(1, count + 1))
    ):
        return min(count + 1, most), count < most
    return count, False


def _posted(
    post: Any, match: Match
) -> tuple[tuple[str, str] | None, list[Any], list[dict[str, Any]]]:
    """The toss, the boards filled in (in the order of the sheet) and the form's rows."""
    toss = None
    if (
        post
        and post.get("toss_winner") in ("a", "b")
        and post.get("toss_choice") in ("break", "side")
    ):
        toss = (post["toss_winner"], post["toss_choice"])
    first, most = board_rows(match)
    boards, games = [], []
    for g in range(1, _games(match) + 1):
        rows = []
        count, grew = _row_count(post, g, first, most)
        for k in range(1, count + 1):
            key = f"g{g}-b{k}"
            winner = post.get(f"{key}-winner", "") if post else ""
            left = post.get(f"{key}-left", "") if post else ""
            queen = post.get(f"{key}-queen", "") if post else ""
            rows.append({"key": key, "number": k, "winner": winner, "left": left, "queen": queen})
            if winner in ("a", "b"):
                carrommen = int(left) if left.isdigit() and int(left) <= 9 else 0
                boards.append(
                    sheet_service.SheetBoard(
                        g, winner, carrommen, queen if queen in ("a", "b") else ""
                    )
                )
        games.append({"number": g, "rows": rows, "more": count < most, "grew": grew})
    return toss, boards, games


def _context(match: Match, check: Any, games: list[dict[str, Any]]) -> dict[str, Any]:
    points = {}
    if check is not None:
        for row in check.rows:
            points[f"g{row.game}-b{row.board}"] = row
    totals = {n: (a, b, w) for n, a, b, w in (check.games if check else [])}
    for game in games:
        game["total"] = totals.get(game["number"])
        for row in game["rows"]:
            row["check"] = points.get(row["key"])
    return {
        "match": match,
        "check": check,
        "games": games,
        "problem": error_text(check.problem, check.params) if check and check.problem else "",
        "names": {
            "a": match.entry_a.name if match.entry_a else "A",
            "b": match.entry_b.name if match.entry_b else "B",
        },
        "round_title": round_title(match.round),
        "lefts": range(10),
    }


@require_http_methods(["GET", "POST"])
def match_sheet(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    """The whole paper sheet of a match not yet played: entered, checked, and on "Save and
    confirm" recorded and confirmed at once (nothing is saved if the sheet does not make the
    match, or the match changed meanwhile)."""
    tournament, match = get_match(request, slug, match_id)
    toss, boards, games = _posted(request.POST if request.method == "POST" else None, match)
    check, error, status = None, "", 200
    revision = request.POST.get("revision", str(match.revision))
    if request.method == "POST" and request.POST.get("add_row"):
        # a row added to a game: the sheet comes back as typed, checked, nothing saved
        check = sheet_service.check_sheet(
            match=match, toss=toss, boards=boards, actor=actor_of(request, tournament)
        )
    elif request.method == "POST":
        actor = actor_of(request, tournament)
        try:
            expected = int(revision)
        except ValueError:
            expected = -1
        try:
            sheet_service.enter_sheet(
                match=match,
                toss=toss,
                boards=boards,
                actor=actor,
                client_id=request.POST.get("client_id") or uuid.uuid4(),
                expected_revision=expected,
            )
            messages.success(request, _("The sheet is entered and the result confirmed."))
            return redirect("scoring:organiser-match", slug=tournament.slug, match_id=match.pk)
        except (MatchError, ValueError) as err:
            code = getattr(err, "code", "bad_request")
            error, status = (
                error_text(code, getattr(err, "params", {})),
                getattr(err, "status", 422),
            )
            check = sheet_service.check_sheet(match=match, toss=toss, boards=boards, actor=actor)
    return render(
        request,
        "scoring/organiser/sheet.html",
        {
            "tournament": tournament,
            **_context(match, check, games),
            "error": error,
            "revision": revision,
            "client_id": uuid.uuid4(),
            "toss": toss or (match.toss_winner, match.toss_choice),
        },
        status=status,
    )


@require_POST
def match_sheet_check(request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
    """htmx: the sheet as the engine scores it so far (each board's points, the games' totals,
    the first problem); nothing is saved."""
    tournament, match = get_match(request, slug, match_id)
    toss, boards, games = _posted(request.POST, match)
    check = sheet_service.check_sheet(
        match=match, toss=toss, boards=boards, actor=actor_of(request, tournament)
    )
    return render(
        request,
        "scoring/organiser/sheet.html#check",
        {"tournament": tournament, **_context(match, check, games), "oob": True},
    )
