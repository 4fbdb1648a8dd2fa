"""Reads of the organiser's correction pages (``scoring.views.organiser.corrections``)."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404

from scoring.models import Board, Game, Match
from scoring.records import live_events


def match_board(match: Match, board_id: int) -> Board:
    """Board ``board_id`` of ``match`` with its game (404 when it is not of this match)."""
    return get_object_or_404(Board.objects.select_related("game"), pk=board_id,
                             game__match=match)


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
    return list(Board.objects.filter(game__match=match, void=False).exclude(
        kind=Board.Kind.LOG).select_related("game").order_by("game__number", "sequence"))
