"""A restored match's games, its boards and every row of their logs (undo rows included),
checked (:mod:`.rows`) and replayed against what the document caches (issue 16)."""

from __future__ import annotations

import uuid
from typing import Any

from django.utils import timezone

from scoring.models import (
    Board,
    BoardEvent,
    Game,
    Match,
)
from scoring.services.backup.common import (
    BackupError,
    parse_timestamp,
)
from scoring.services.backup.rows import TOKEN as TOKEN
from scoring.services.backup.rows import (
    list_of,
    new_row,
    require,
    rules_key,
    valid_row,
)


def import_game(
    match: Match,
    *,
    match_ref: str,
    g: dict[str, Any],
    where: str,
    user_for: Any,
    board_ids: dict[str, int],
    counts: dict[str, int],
) -> None:
    number = require(g, key="number", where=where)
    game = new_row(
        Game,
        where=where,
        match=match,
        number=number,
        first_breaker=g.get("first_breaker", "a"),
        scores=g.get("scores") or {},
        winner_side=g.get("winner_side", ""),
        finished=bool(g.get("finished", False)),
        time_up=bool(g.get("time_up", False)),
        started_at=parse_timestamp(g.get("started_at"), where=where) or timezone.now(),
    )
    counts["games"] += 1
    for b in list_of(g, key="boards"):
        result = b.get("result") or {}
        sequence = require(b, key="sequence", where=where)
        board = new_row(
            Board,
            where=where,
            game=game,
            sequence=sequence,
            kind=b.get("kind", Board.Kind.LOG),
            breaker=require(b, key="breaker", where=where),
            rules=rules_key(b["rules"]) if "rules" in b else match.rules,
            summary_winner=b.get("summary_winner", ""),
            summary_carrommen=b.get("summary_carrommen"),
            summary_queen=b.get("summary_queen", ""),
            award_points=b.get("award_points"),
            award_law=b.get("award_law", ""),
            recorded_scores=b.get("recorded_scores") or {},
            finished=bool(result.get("finished", False)),
            void=bool(result.get("void", False)),
            result_winner=result.get("winner", ""),
            result_points=result.get("points"),
            result_law=result.get("law", ""),
            result_interpretation=bool(result.get("interpretation", False)),
            result_carrommen=result.get("carrommen"),
            result_queen=result.get("queen", ""),
            result_extra_points=result.get("extra_points", 0),
            result_points_by_side=result.get("points_by_side") or {},
            last_seq=b.get("last_seq", 0),
            created_at=parse_timestamp(b.get("created_at"), where=where) or timezone.now(),
            finished_at=parse_timestamp(b.get("finished_at"), where=where),
        )
        board_ids[f"{match_ref}/g{number}/b{sequence}"] = board.pk
        counts["boards"] += 1
        rows = list_of(b, key="events")
        import_rows(board, rows=rows, where=f"{where}.g{number}.b{sequence}", user_for=user_for)
        counts["board_events"] += len(rows)
        log = b.get("log")
        if isinstance(log, dict) and rows:
            live = [r["payload"] for r in live_rows(rows)]
            if log.get("events") != live:
                raise BackupError(
                    "log_mismatch",
                    f"{where} game {number} board {sequence}: the log's events are not the "
                    "live events of its rows",
                )


def live_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    retracted = {r.get("retracts") for r in rows if r.get("type") == "undo"}
    return [r for r in rows if r.get("type") != "undo" and r.get("seq") not in retracted]


def import_rows(board: Board, *, rows: list[dict[str, Any]], where: str, user_for: Any) -> None:
    """Recreate every row of a board's log, undo rows included (in two passes: an undo row
    points at an earlier row)."""
    by_seq: dict[int, BoardEvent] = {}
    seen: set[int] = set()
    plain: list[BoardEvent] = []
    undos: list[tuple[BoardEvent, Any]] = []
    for row in rows:
        seq = require(row, key="seq", where=where)
        if not isinstance(seq, int) or seq in seen:
            raise BackupError("bad_seq", f"{where}: event numbers must be distinct integers")
        seen.add(seq)
        try:
            client_id = uuid.UUID(str(require(row, key="client_id", where=where)))
        except ValueError:
            raise BackupError("bad_client_id", f"{where} #{seq}: client_id is not a UUID") from None
        event = BoardEvent(
            board=board,
            seq=seq,
            client_id=client_id,
            type=require(row, key="type", where=where),
            payload=row.get("payload") or {},
            recorded_by=user_for(row.get("recorded_by"), where),
            via=row.get("via", ""),
            device=row.get("device", ""),
            created_at=parse_timestamp(
                row.get("created_at"), where=f"{where} #{seq}", required=True
            ),
        )
        valid_row(event, where=f"{where} #{seq}")
        if event.type == BoardEvent.Type.UNDO:
            undos.append((event, row.get("retracts")))
        else:
            plain.append(event)
    for event in BoardEvent.objects.bulk_create(plain):
        by_seq[event.seq] = event
    for event, retracts in undos:
        if retracts is None and board.kind != Board.Kind.LOG:
            continue  # withdraws the paper board itself (no row to point at)
        if retracts not in by_seq:
            raise BackupError(
                "bad_undo", f"{where} #{event.seq}: undo of an unknown event #{retracts}"
            )
        event.retracts = by_seq[retracts]
    BoardEvent.objects.bulk_create([e for e, _ in undos])
