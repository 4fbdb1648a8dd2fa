"""Several paper boards of a match keyed again at once (issue 30: faithful re-keying): a sheet
keyed with sides A and B swapped, or boards entered in the wrong order; each board gets its
``correction`` row (:func:`scoring.services.corrections.boards.fix_paper`), with the same
preview and repairs as one board's correction."""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction

from scoring.models import Board, BoardEvent, Event, Game, Match
from scoring.records.sides import SIDES, other_side
from scoring.services.corrections.base import CorrectionError, Downstream, PaperFix, rolled_back
from scoring.services.corrections.boards import (
    check_paper,
    check_reason,
    downstream_of,
    event_ranks,
    fix_paper,
    log_row,
    paper_entry,
    save_repair,
    still_decided,
)
from scoring.services.matches import (
    Actor,
    check_write,
    lock_match,
)

# --- several paper boards at once (issue 30: faithful re-keying) ---------------------------


def swapped(fix: PaperFix) -> PaperFix:
    """The entry of a board keyed with sides A and B swapped: the other side won it and the
    queen was covered by the other side (ICF 53–55); the award's points and law stay."""
    flip = {"a": "b", "b": "a", "": ""}
    return PaperFix(
        winner=flip[fix.winner],
        carrommen=fix.carrommen,
        queen=flip[fix.queen],
        points=fix.points,
        law=fix.law,
    )


def paper_entries(match: Match) -> dict[int, PaperFix]:
    """The recorded entry of every paper board of ``match`` that counts (award boards too),
    by board id in the order of the sheet; the form of a re-keying starts from these."""
    rows = (
        Board.objects.filter(game__match=match, void=False)
        .exclude(kind=Board.Kind.LOG)
        .select_related("game")
        .order_by("game__number", "sequence")
    )
    out = {}
    for board in rows:
        entry = paper_entry(board)
        out[board.pk] = PaperFix(
            winner=entry["winner"],
            carrommen=entry["carrommen"],
            queen=entry["queen"] or "",
            points=entry["points"],
            law=entry["law"],
        )
    return out


def swap_sides(match: Match) -> dict[int, PaperFix]:
    """Every paper board of ``match`` with sides A and B swapped (a sheet keyed the wrong way
    round); refused when the match has stroke-logged boards (corrected by retraction and
    re-entry, board by board)."""
    if Board.objects.filter(game__match=match, kind=Board.Kind.LOG, void=False).exists():
        raise CorrectionError("rekey_log_boards", "stroke-logged boards are corrected one by one")
    return {pk: swapped(fix) for pk, fix in paper_entries(match).items()}


def _flipped(side: str | None) -> str | None:
    """The other side of a recorded side ("a" <-> "b"), anything else (none) as it is."""
    return other_side(side) if side in SIDES else side


def _swap_toss(match: Match) -> dict[str, Any]:
    """The toss and the games' first breakers of a sheet keyed with sides A and B swapped,
    keyed the right way round: who won the toss (ICF 40) and so who breaks each game first
    (ICF 43) are the other side; the choice (break or side) stays. The before and after, for
    the audit row."""
    before = {"winner": match.toss_winner, "choice": match.toss_choice}
    after = {**before, "winner": _flipped(match.toss_winner) or ""}
    Match.objects.filter(pk=match.pk).update(toss_winner=after["winner"])
    match.toss_winner = after["winner"]
    for game in Game.objects.filter(match=match):
        if game.first_breaker in SIDES:
            Game.objects.filter(pk=game.pk).update(first_breaker=_flipped(game.first_breaker))
    return {"before": before, "after": after}


def _apply_many(
    match: Match,
    fixes: dict[int, PaperFix],
    actor: Actor,
    client_id: uuid.UUID,
    expected_revision: int | None,
    swap: bool = False,
) -> tuple[Match, dict[str, Any], Downstream]:
    """Several paper boards keyed again (see :func:`rekey_boards`); ``swap``: the sheet was
    keyed with sides A and B swapped, so the toss and who broke each board (withdrawn
    boards too) are swapped as well and the re-keyed match is the same match, sides
    swapped."""
    match = lock_match(match.pk)
    check_write(match, expected_revision=expected_revision, actor=actor)
    if match.status not in (Match.Status.FINISHED, Match.Status.CONFIRMED) or match.walkover:
        raise CorrectionError(
            "correction_not_finished", "only a finished match is corrected; undo on the tablet"
        )
    if swap and Board.objects.filter(game__match=match, kind=Board.Kind.LOG).exists():
        raise CorrectionError("rekey_log_boards", "stroke-logged boards are corrected one by one")
    boards = {
        b.pk: b
        for b in Board.objects.filter(game__match=match, pk__in=list(fixes)).select_related("game")
    }
    if len(boards) != len(fixes):
        raise CorrectionError("bad_board", "this board is not of this match")
    ranks = (
        event_ranks(match.event)
        if match.event.format in (Event.Format.SWISS, Event.Format.GROUPS) and match.confirmed_at
        else {}
    )
    before = (match.winner_side, dict(match.games_won), ranks)
    changed = []
    for board in sorted(boards.values(), key=lambda b: (b.game.number, b.sequence)):
        fix = fixes[board.pk]
        if board.kind == Board.Kind.LOG:
            raise CorrectionError("bad_correction_kind", "this board needs the other kind of entry")
        if board.void:
            raise CorrectionError("board_withdrawn", "this board was withdrawn")
        check_paper(match, fix=fix)
        breaker = _flipped(board.breaker) if swap else None
        if paper_entry(board) == fix.entry() and breaker in (None, board.breaker):
            continue
        detail = fix_paper(
            match,
            board=board,
            fix=fix,
            actor=actor,
            client_id=uuid.uuid5(client_id, f"rekey-{board.pk}"),
            breaker=breaker,
        )
        changed.append(
            {**detail, "board": board.pk, "game": board.game.number, "sequence": board.sequence}
        )
    if not changed:
        raise CorrectionError("correction_unchanged", "the board already has this entry")
    extra: dict[str, Any] = {}
    if swap:
        # withdrawn paper boards were broken by the other side as well (IT 101: the same
        # breaker plays the board again): their breaker keyed again, their entry kept
        for board in (
            Board.objects.filter(game__match=match, void=True)
            .exclude(kind=Board.Kind.LOG)
            .exclude(pk__in=list(boards))
            .select_related("game")
        ):
            if board.breaker in SIDES:
                entry = paper_entry(board)
                fix = PaperFix(
                    winner=entry["winner"],
                    carrommen=entry["carrommen"],
                    queen=entry["queen"] or "",
                    points=entry["points"],
                    law=entry["law"],
                )
                log_row(
                    actor,
                    board=board,
                    client_id=uuid.uuid5(client_id, f"rekey-void-{board.pk}"),
                    type=BoardEvent.Type.CORRECTION,
                    payload={
                        "type": "correction",
                        "before": {**fix.entry(), "breaker": board.breaker},
                        "after": {**fix.entry(), "breaker": _flipped(board.breaker)},
                    },
                )
                Board.objects.filter(pk=board.pk).update(
                    last_seq=board.last_seq, breaker=_flipped(board.breaker)
                )
        extra["toss"] = _swap_toss(match)
    still_decided(
        match,
        breaks_code="correction_breaks_match",
        breaks="after this correction a later board no longer fits the game "
        "(%(detail)s): correct that board or decide the game",
        unfinished="after this correction the match would not be over",
    )
    return match, {"boards": changed, **extra}, downstream_of(match, before=before)


def preview_rekey(
    *, match: Match, fixes: dict[int, PaperFix], actor: Actor, swap: bool = False
) -> Downstream:
    """What :func:`rekey_boards` would change (the match before and after, downstream);
    nothing is saved."""

    def change() -> Downstream:
        _match, detail, downstream = _apply_many(match, fixes, actor, uuid.uuid4(), None, swap)
        downstream.boards = detail["boards"]
        downstream.toss = detail.get("toss", {})
        return downstream

    return rolled_back(change)


def rekey_boards(
    *,
    match: Match,
    fixes: dict[int, PaperFix],
    actor: Actor,
    reason: str,
    repair: str,
    client_id: uuid.UUID | str,
    expected_revision: int | None = None,
    swap: bool = False,
    law: str = "",
    award_to: str = "moved",
) -> Downstream:
    """Several paper boards of a finished or confirmed match keyed again at once (a
    ``correction`` row on each board that changes, checked together, so a sheet keyed with
    sides A and B swapped gets its real board scores), with ``repair`` downstream; audited
    as ``rekey`` (``swap``: the sides were swapped).

    :raises CorrectionError: the boards do not make the match (nothing is saved).
    :raises StaleMatch: the match changed since the organiser looked at it.
    """
    reason = check_reason(reason, repair=repair, law=law, award_to=award_to)
    client_id = uuid.UUID(str(client_id))
    with transaction.atomic():
        match, detail, downstream = _apply_many(
            match, fixes, actor, client_id, expected_revision, swap
        )
        downstream.boards = detail["boards"]
        downstream.toss = detail.get("toss", {})
        return save_repair(
            match,
            actor=actor,
            action="rekey",
            detail={**detail, "swap": swap},
            downstream=downstream,
            reason=reason,
            repair=repair,
            law=law,
            award_to=award_to,
            client_id=client_id,
        )
