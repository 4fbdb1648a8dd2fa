"""Corrections of a finished or confirmed match (docs/CORRECTIONS.md): a board, or a game or
the match by an umpire's decision, previewed with what changes downstream, then saved."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.draw_words import round_title
from scoring.error_words import error_text
from scoring.forms.corrections import (
    CorrectionForm,
    DecisionForm,
    LogCorrectionForm,
    PaperCorrectionForm,
)
from scoring.models import Board, Match
from scoring.records.sides import other_side
from scoring.rules import get_rules
from scoring.selectors import organiser_corrections
from scoring.services import corrections as correction_service
from scoring.services import decisions as decision_service
from scoring.views.organiser.base import (
    get_match,
)
from scoring.views.organiser.correction_flow import (
    Outcome,
    check_or_save,
    correction_page,
    later_repair,
)
from scoring.views.requests import HtmxHttpRequest


def _correction_fix(board: Board, data: dict[str, Any]) -> Any:
    if board.kind == Board.Kind.LOG:
        return correction_service.LogFix(keep=data["keep"], events=tuple(data["events"]))
    return correction_service.PaperFix(
        winner=data["winner"],
        carrommen=None if data.get("points") else data.get("carrommen"),
        queen="" if data.get("points") else (data.get("queen") or ""),
        points=data.get("points"),
        law=(data.get("law") or "").strip(),
    )


def _correction_initial(match: Match, board: Board, events: list[Any]) -> dict[str, Any]:
    import json

    initial: dict[str, Any] = {"client_id": uuid.uuid4(), "revision": match.revision}
    if board.kind == Board.Kind.LOG:
        initial.update(keep=0, events="\n".join(json.dumps(e.payload) for e in events))
    elif board.kind == Board.Kind.AWARD:
        initial.update(winner=board.summary_winner, points=board.award_points, law=board.award_law)
    else:
        initial.update(
            winner=board.summary_winner,
            carrommen=board.summary_carrommen,
            queen=board.summary_queen,
        )
    return initial


def _paper_entry(request: HtmxHttpRequest, match: Match) -> dict[str, Any]:
    """The board of the official's paper sheet named by ``?from=paper&game=&board=`` (the
    reconciliation's "the paper is right"), or {}."""
    if request.method != "GET" or request.GET.get("from") != "paper":
        return {}
    try:
        game, number = int(request.GET.get("game", "")), int(request.GET.get("board", ""))
    except ValueError:
        return {}
    games = organiser_corrections.latest_paper_games(match)
    if not 0 < game <= len(games) or not 0 < number <= len(games[game - 1]):
        return {}
    return dict(games[game - 1][number - 1])


@require_http_methods(["GET", "POST"])
def match_correct(
    request: HtmxHttpRequest, slug: str, match_id: int, board_id: int
) -> HttpResponse:
    """Correct one board of a finished or confirmed match: the organiser enters the right
    board, sees what it changes downstream (next round, bracket slot, standings), chooses the
    repair and saves; every step is new rows in the log, audited with the reason."""
    tournament, match = get_match(request, slug, match_id)
    board = organiser_corrections.match_board(match, board_id)
    is_log = board.kind == Board.Kind.LOG
    events = organiser_corrections.board_live_events(board)
    form_class = LogCorrectionForm if is_log else PaperCorrectionForm
    initial = _correction_initial(match, board, events)
    paper_entry = _paper_entry(request, match)
    if paper_entry and not is_log:  # "the paper is right": the form starts from the sheet
        initial.update(
            winner=paper_entry.get("winner"),
            carrommen=paper_entry.get("carrommen"),
            queen=paper_entry.get("queen") or "",
            points=paper_entry.get("points"),
            law=paper_entry.get("law", ""),
        )
    if is_log:
        form = form_class(request.POST or None, initial=initial)
    else:
        form = PaperCorrectionForm(
            request.POST or None, initial=initial, board_max=get_rules(match.rules).board_max
        )
    outcome = check_or_save(
        request,
        tournament,
        match,
        form,
        lambda d, actor: correction_service.preview_correction(
            match=match, board_id=board.pk, fix=_correction_fix(board, d), actor=actor
        ),
        lambda d, actor: correction_service.correct_board(
            match=match,
            board_id=board.pk,
            fix=_correction_fix(board, d),
            actor=actor,
            reason=d["reason"],
            repair=d.get("repair") or "",
            client_id=d["client_id"],
            expected_revision=d["revision"],
            **later_repair(d),
        ),
        _("The result is corrected."),
    )
    if outcome.done is not None:
        return outcome.done
    return correction_page(
        request,
        "scoring/organiser/correction.html",
        "correction",
        match,
        outcome,
        tournament=tournament,
        board=board,
        events=events,
        form=form,
        is_log=is_log,
        paper_entry=paper_entry,
        carrommen_value=""
        if is_log or form["carrommen"].value() is None
        else str(form["carrommen"].value()),
    )


@require_http_methods(["GET", "POST"])
def match_decide(request: HtmxHttpRequest, slug: str, match_id: int) -> HttpResponse:
    """An umpire's decision on a game or the whole match of a finished or confirmed match
    (e.g. IT 107): the organiser chooses the game (or the match), the side, the law and the
    reason, sees what changes downstream, chooses the repair and saves; new rows only."""
    tournament, match = get_match(request, slug, match_id)
    form = DecisionForm(
        request.POST or None,
        games=organiser_corrections.game_count(match),
        initial={
            "client_id": uuid.uuid4(),
            "revision": match.revision,
            "scope": "match",
            "law": "IT 107",
        },
    )

    def decision(d: dict[str, Any]) -> decision_service.Decision:
        return decision_service.Decision(side=d["side"], law=d["law"], game=form.game())

    outcome = check_or_save(
        request,
        tournament,
        match,
        form,
        lambda d, actor: decision_service.preview_decision(
            match=match, decision=decision(d), actor=actor
        ),
        lambda d, actor: decision_service.decide(
            match=match,
            decision=decision(d),
            actor=actor,
            reason=d["reason"],
            repair=d.get("repair") or "",
            client_id=d["client_id"],
            expected_revision=d["revision"],
            **later_repair(d),
        ),
        _("The decision is entered."),
    )
    if outcome.done is not None:
        return outcome.done
    return correction_page(
        request,
        "scoring/organiser/decision.html",
        "decision",
        match,
        outcome,
        tournament=tournament,
        form=form,
        laws=decision_service.LAWS,
    )


def _from_paper(boards: list[Board], games: list[list[dict[str, Any]]]) -> dict[int, Any]:
    """The recorded paper boards as the official's paper sheet has them (reconciliation:
    "the paper is right"), board by board in each game's order."""
    out: dict[int, Any] = {}
    by_game: dict[int, list[Board]] = {}
    for board in boards:
        by_game.setdefault(board.game.number, []).append(board)
    for number, rows in by_game.items():
        paper = games[number - 1] if number <= len(games) else []
        for board, entry in zip(rows, paper, strict=False):
            if entry.get("points") is not None and board.kind == Board.Kind.AWARD:
                out[board.pk] = correction_service.PaperFix(
                    winner=entry["winner"], points=entry["points"], law=entry.get("law", "")
                )
            elif entry.get("points") is None and board.kind != Board.Kind.AWARD:
                out[board.pk] = correction_service.PaperFix(
                    winner=entry["winner"],
                    carrommen=entry.get("carrommen"),
                    queen=entry.get("queen") or "",
                )
    return out


def _rekey_rows(
    boards: list[Board], post: Any, swap: bool, paper: dict[int, Any] | None = None
) -> tuple[list[dict[str, Any]], dict[int, Any], list[str]]:
    """The form's rows (one a paper board: recorded and as keyed now), the fixes and the
    problems of the posted values. A GET (or "swap sides") starts from the record, or from
    the official's paper sheet (``paper``)."""
    rows, fixes, problems = [], {}, []
    for board in boards:
        recorded = correction_service.PaperFix(**_correction_paper(board))
        fix = (paper or {}).get(board.pk, recorded)
        if swap:
            fix = correction_service.swapped(recorded)
        elif post:
            winner = post.get(f"winner-{board.pk}", "")
            queen = post.get(f"queen-{board.pk}", "")
            carrommen: int | None = recorded.carrommen
            if board.kind != Board.Kind.AWARD:
                raw = post.get(f"carrommen-{board.pk}", "")
                carrommen = int(raw) if raw.isdigit() and int(raw) <= 9 else None
            if (
                winner not in ("a", "b")
                or queen not in ("", "a", "b")
                or (board.kind != Board.Kind.AWARD and carrommen is None)
            ):
                problems.append(
                    _(
                        "Game %(game)s, board %(board)s: choose the winner, the "
                        "loser's carrommen left and the queen."
                    )
                    % {"game": board.game.number, "board": board.sequence}
                )
            else:
                fix = correction_service.PaperFix(
                    winner=winner,
                    carrommen=carrommen,
                    queen="" if board.kind == Board.Kind.AWARD else queen,
                    points=recorded.points,
                    law=recorded.law,
                )
        fixes[board.pk] = fix
        rows.append(
            {
                "board": board,
                "recorded": recorded,
                "fix": fix,
                "changed": fix != recorded,
                "award": board.kind == Board.Kind.AWARD,
            }
        )
    return rows, fixes, problems


def _correction_paper(board: Board) -> dict[str, Any]:
    if board.kind == Board.Kind.AWARD:
        return {
            "winner": board.summary_winner,
            "points": board.award_points,
            "law": board.award_law,
        }
    return {
        "winner": board.summary_winner,
        "carrommen": board.summary_carrommen,
        "queen": board.summary_queen or "",
    }


@require_http_methods(["GET", "POST"])
def match_rekey(request: HtmxHttpRequest, slug: str, match_id: int) -> HttpResponse:
    """The paper boards of a finished or confirmed match keyed again in one form, started from
    what is recorded, or with sides A and B swapped (a sheet keyed the wrong way round):
    the match before and after, what changes downstream, then saved with the repair chosen
    (new correction rows, checked together; stroke-logged boards stay corrected one by one)."""

    tournament, match = get_match(request, slug, match_id)
    boards = organiser_corrections.paper_boards(match)
    swap = request.method == "POST" and request.POST.get("swap") == "yes"
    swapped = swap or (request.method == "POST" and request.POST.get("swapped") == "yes")
    paper = None
    if request.method == "GET" and request.GET.get("from") == "paper":
        sheet = organiser_corrections.latest_paper_games(match)
        paper = _from_paper(boards, sheet) if sheet else None
    rows, fixes, problems = _rekey_rows(
        boards, request.POST if request.method == "POST" else None, swap, paper
    )
    form = CorrectionForm(
        request.POST or None, initial={"client_id": uuid.uuid4(), "revision": match.revision}
    )
    if swap:  # the swapped sheet is shown and checked; the reason may still be missing
        form = CorrectionForm(
            {
                **request.POST.dict(),
                "reason": request.POST.get("reason") or _("Sheet keyed with sides A and B swapped"),
            }
        )
    if problems:
        outcome = Outcome(error=" ".join(problems), status=422)
    else:
        outcome = check_or_save(
            request,
            tournament,
            match,
            form,
            lambda d, actor: correction_service.preview_rekey(
                match=match, fixes=fixes, actor=actor, swap=swapped
            ),
            lambda d, actor: correction_service.rekey_boards(
                match=match,
                fixes=fixes,
                actor=actor,
                reason=d["reason"],
                repair=d.get("repair") or "",
                client_id=d["client_id"],
                expected_revision=d["revision"],
                swap=swapped,
                **later_repair(d),
            ),
            _("The paper boards are keyed again."),
        )
    if outcome.done is not None:
        return outcome.done
    return correction_page(
        request,
        "scoring/organiser/rekey.html",
        "rekey",
        match,
        outcome,
        tournament=tournament,
        rows=rows,
        form=form,
        swapped=swapped,
        from_paper=paper is not None,
    )


@require_http_methods(["GET", "POST"])
def match_take_back_elimination(request: HtmxHttpRequest, slug: str, match_id: int) -> HttpResponse:
    """Take back an elimination by decision (a late correction's ``eliminate`` repair): the
    winner of the boards goes on again; the page names the later matches played on the
    decision and offers their repairs (played again, or given by decision), then saves it
    as a new audited decision (docs/CORRECTIONS.md)."""
    from scoring.services import bracket_repairs

    tournament, match = get_match(request, slug, match_id)
    form = CorrectionForm(
        request.POST or None, initial={"client_id": uuid.uuid4(), "revision": match.revision}
    )
    outcome = check_or_save(
        request,
        tournament,
        match,
        form,
        lambda d, actor: bracket_repairs.preview_take_back(match=match, actor=actor),
        lambda d, actor: bracket_repairs.take_back_elimination(
            match=match,
            actor=actor,
            reason=d["reason"],
            repair=d.get("repair") or "",
            client_id=d["client_id"],
            expected_revision=d["revision"],
            **later_repair(d),
        ),
        _("The elimination by decision is taken back."),
    )
    if outcome.done is not None:
        return outcome.done
    if match.advances not in ("a", "b") and outcome.preview is None and not outcome.error:
        outcome.error = error_text("not_eliminated")
    names = {
        "a": match.entry_a.name if match.entry_a else "A",
        "b": match.entry_b.name if match.entry_b else "B",
    }
    template = "scoring/organiser/take_back.html"
    if request.htmx:
        template += "#take_back"
    return render(
        request,
        template,
        {
            "match": match,
            "tournament": tournament,
            "form": form,
            "names": names,
            "preview": outcome.preview,
            "error": outcome.error,
            "going_on": names.get(match.advances, ""),
            "eliminated": names.get(other_side(match.advances), "") if match.advances else "",
            "round_title": round_title(match.round),
        },
        status=outcome.status,
    )
