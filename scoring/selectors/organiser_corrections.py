"""Reads of the organiser's correction pages (``scoring.views.organiser.corrections``)."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404

from scoring.models import Board, Game, Match
from scoring.records import live_events


def match_board(match: Match, board_id: int) -> Board:
    """Board ``board_id`` of ``match`` with its game (404 when it is not of this match)."""
    return get_object_or_404(Board.objects.select_related("game"), pk=board_id, game__match=match)


def board_live_events(board: Board) -> list[Any]:
    """The events of a stroke-logged board that count (undone ones left out)."""
    if board.kind != Board.Kind.LOG:
        return []
    return live_events(list(board.events.order_by("seq")))


def game_count(match: Match) -> int:
    """How many games the match has (the games a decision may be about)."""
    return Game.objects.filter(match=match).count()


def paper_boards(match: Match) -> list[Board]:
    """The paper boards of ``match`` that count (entered from the sheet or awarded), in the
    order of the sheet, with their games: the rows of the re-keying form."""
    return list(
        Board.objects.filter(game__match=match, void=False)
        .exclude(kind=Board.Kind.LOG)
        .select_related("game")
        .order_by("game__number", "sequence")
    )


def latest_paper_games(match: Match) -> list[list[dict[str, Any]]]:
    """The games of the official's latest paper scoresheet of ``match`` (reconciliation), or
    an empty list."""
    from scoring.models import PaperScoresheet

    sheet = PaperScoresheet.objects.filter(match=match).order_by("-created_at", "-pk").first()
    return list(sheet.games) if sheet is not None else []


def board_at(match: Match, game: int, number: int) -> Board | None:
    """The ``number``-th board that counts of game ``game`` (as the paper sheet numbers its
    boards: void ones left out), or None."""
    rows = [
        b
        for b in Board.objects.filter(game__match=match, game__number=game).order_by("sequence")
        if not b.void
    ]
    return rows[number - 1] if 0 < number <= len(rows) else None
