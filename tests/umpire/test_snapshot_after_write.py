"""``record_event`` answers with the match state derived from the rows it has just written
(without reading and replaying the log again). That state must be exactly what a fresh
``match_snapshot`` derives from the database, whatever happened: boards won, games and
matches ended, fouls, dues, technical fouls, rulings, void boards, undo, the extra board."""

from __future__ import annotations

import random
import uuid

import pytest

from scoring.models import Board, Match
from scoring.rules import Pieces, RulesError, Stroke, apply
from scoring.services.matches import (
    MatchError,
    match_snapshot,
    rebuild_match,
    record_event,
    undo_last_event,
)

from .conftest import UMPIRE


def picture(snapshot) -> dict:
    """Everything the tablet and the other pages read from a snapshot."""
    current = snapshot.current
    return {
        "state": snapshot.state.to_dict() if snapshot.state is not None else None,
        "finished": snapshot.finished,
        "winner": snapshot.winner,
        "games": [(g.pk, g.number, g.scores, g.winner_side, g.finished) for g in snapshot.games],
        "boards": {
            gid: [
                (
                    b.pk,
                    b.sequence,
                    b.breaker,
                    b.finished,
                    b.void,
                    b.result_winner,
                    b.result_points,
                    b.result_law,
                    b.result_interpretation,
                    b.result_carrommen,
                    b.result_queen,
                    b.result_extra_points,
                    b.last_seq,
                )
                for b in rows
            ]
            for gid, rows in snapshot.boards.items()
        },
        "current": None
        if current is None
        else {
            "board": current.board.pk if current.board is not None else None,
            "game": current.game_number,
            "number": current.board_number,
            "breaker": current.breaker,
            "position": current.position,
            "notes": current.notes,
            "events": [e.pk for e in current.events],
            "change_sides": current.change_sides,
            "extra_board": current.extra_board,
        },
        "revision": snapshot.match.revision,
    }


def a_legal_event(snapshot, rng: random.Random) -> dict | None:
    current = snapshot.current
    position = current.position
    if current.breaker is None or position is None:  # the extra board: its toss
        return {"type": "stroke", "by": "white", "pocketed": {"white": rng.randint(0, 3)}}
    roll = rng.random()
    if roll < 0.03:
        return {"type": "void"}
    if roll < 0.05:
        return {"type": "technical_foul", "by": rng.choice(["white", "black"])}
    if roll < 0.07:
        return {
            "type": "umpire_ruling",
            "winner": rng.choice(["white", "black"]),
            "points": rng.randint(1, 12),
            "law": "ICF 91",
        }
    by = position.on_turn
    opp = "black" if by == "white" else "white"
    for _ in range(20):
        own = rng.choice([0, 0, 1, 1, 2, 3, position.on_board[by]])
        other = rng.choice([0, 0, 0, 1, position.on_board[opp]])
        pieces = Pieces(
            **{by: min(own, position.on_board[by]), opp: min(other, position.on_board[opp])},
            queen=position.queen == "on_board" and rng.random() < 0.15,
            striker=rng.random() < 0.1,
        )
        stroke = Stroke(
            by,
            pieces,
            foul="improper_stroke" if rng.random() < 0.07 else None,
            extra_claimed=rng.random() < 0.3,
        )
        try:
            apply(position, stroke)
        except RulesError:
            continue
        return stroke.to_dict()
    return {"type": "stroke", "by": by}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_state_after_a_write_is_the_state_read_back(tossed: Match, seed: int):
    rng = random.Random(seed)
    boards_won = 0
    for _step in range(160):
        snapshot = match_snapshot(Match.objects.get(pk=tossed.pk))
        if snapshot.finished:
            break
        if rng.random() < 0.08 and snapshot.current.board is not None:
            outcome = undo_last_event(match=tossed, client_id=uuid.uuid4(), actor=UMPIRE)
        else:
            payload = a_legal_event(snapshot, rng)
            breaker = rng.choice(["a", "b"]) if snapshot.current.breaker is None else None
            try:
                outcome = record_event(
                    match=tossed,
                    payload=payload,
                    client_id=uuid.uuid4(),
                    actor=UMPIRE,
                    breaker=breaker,
                )
            except (RulesError, MatchError):
                continue
        fresh = match_snapshot(Match.objects.get(pk=tossed.pk))
        assert picture(outcome.snapshot) == picture(fresh)
        boards_won = Board.objects.filter(game__match=tossed, finished=True).count()
    # the walk went through several boards and into the second game
    assert boards_won >= 3 and len(match_snapshot(Match.objects.get(pk=tossed.pk)).games) >= 2
    # and the caches are what a rebuild from the log gives
    before = picture(match_snapshot(Match.objects.get(pk=tossed.pk)))
    rebuilt = rebuild_match(Match.objects.get(pk=tossed.pk))
    assert picture(rebuilt) == before
