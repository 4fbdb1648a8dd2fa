"""A board entered from paper (a summary or an award), without its strokes."""

from __future__ import annotations

import uuid

from django.db import transaction
from django.utils import timezone

from scoring.models import AuditEntry, Board, Match
from scoring.records import match_snapshot
from scoring.records.sides import other_side
from scoring.rules import get_rules, variant_for
from scoring.services.matches.base import (
    Actor,
    MatchError,
    RecordOutcome,
    audit_match,
    bump_revision,
    check_write,
    checked_texts,
    lock_match,
)
from scoring.services.matches.caches import refresh_caches
from scoring.services.matches.recording import target_board


def check_quick_board(
    rules_key: str,
    *,
    winner: str,
    carrommen: int | None = None,
    queen: str | None = None,
    points: int | None = None,
    law: str = "",
) -> None:
    """A board entered from paper is one the rules allow: a winner (A or B) and the loser's
    carrommen left (0 to 9, ICF 53) with who covered the queen, or an award of 1 to the
    board's most points with its law (ICF 55).

    :raises MatchError: ``quick_entry_points``, ``bad_winner``, ``bad_carrommen``,
        ``bad_queen``, ``bad_points``, ``text_…``.
    """
    checked_texts(law, field="law")
    rules = get_rules(rules_key)
    if not variant_for(rules).quick_entry:
        raise MatchError("quick_entry_points", "quick entry is for two-sided matches")
    if winner not in ("a", "b"):
        raise MatchError("bad_winner", "the winner must be A or B")
    if points is None:
        if carrommen is None or not 0 <= carrommen <= rules.carrommen_per_colour:
            raise MatchError("bad_carrommen", "the loser has 0 to 9 carrommen left")
        if queen not in (None, "", winner, other_side(winner)):
            raise MatchError("bad_queen", "the queen was covered by A, B or nobody")
    elif not 1 <= points <= rules.board_max:
        raise MatchError("bad_points", "a board is worth 1 to %(max)s points", max=rules.board_max)


def record_quick_board(
    *,
    match: Match,
    winner: str,
    client_id: uuid.UUID | str,
    actor: Actor,
    carrommen: int | None = None,
    queen: str | None = None,
    points: int | None = None,
    law: str = "",
    expected_revision: int | None = None,
    breaker: str | None = None,
) -> RecordOutcome:
    """Quick entry of a board played on paper: winner, the loser's carrommen left and who
    covered the queen (ICF 53–55 computed), or an explicit award with its law."""
    client_id = uuid.UUID(str(client_id))
    check_quick_board(
        match.rules, winner=winner, carrommen=carrommen, queen=queen, points=points, law=law
    )
    with transaction.atomic():
        match = lock_match(match.pk)
        if AuditEntry.objects.filter(
            match=match, action="quick_board", detail__client_id=str(client_id)
        ).exists():
            return RecordOutcome(match_snapshot(match), None, duplicate=True)
        check_write(match, expected_revision=expected_revision, actor=actor)
        snapshot = match_snapshot(match)
        if snapshot.current is not None and snapshot.current.board is not None:
            raise MatchError("board_in_progress", "the current board is being recorded")
        board, _ = target_board(
            match, snapshot=snapshot, payload={"type": "stroke"}, breaker=breaker
        )
        if points is None:
            board.kind = Board.Kind.SUMMARY
            board.summary_carrommen = carrommen
            board.summary_queen = queen or ""
        else:
            board.kind = Board.Kind.AWARD
            board.award_points = points
            board.award_law = law
        board.summary_winner = winner
        board.save()
        bump_revision(
            match, started_at=match.started_at or timezone.now(), status=Match.Status.PLAYING
        )
        snapshot = refresh_caches(match)
        audit_match(
            match,
            actor=actor,
            action="quick_board",
            detail={
                "client_id": str(client_id),
                "board": board.pk,
                "winner": winner,
                "carrommen": carrommen,
                "queen": queen,
                "points": points,
                "law": law,
            },
        )
        return RecordOutcome(snapshot, None)
