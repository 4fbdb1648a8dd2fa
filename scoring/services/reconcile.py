"""Paper versus tablet: an official's entry of the paper scoresheet, compared board by board.

The paper sheet is a second, independent record of a match (double entry): per game a list of
boards, each a quick entry — ``{"winner": "a", "carrommen": 3, "queen": "a"}`` (the loser's
carrommen left and who covered the queen; the engine computes the points, 22-point rule
included) or ``{"winner": "b", "points": 4, "law": "ICF 107"}`` (an explicit award).

:func:`compare` sets it against the boards the tablet's log derives
(``match_snapshot(match).state.games[i].boards``: void boards left out, as the sheet does) and
lists every difference for a decision: a game or board on one record only, a different winner,
points, carrommen, queen or law, a different game score. Nothing here changes the tablet's
record; a correction is an organiser's separate, audited action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from scoring.models import AuditEntry, Board, Match, PaperScoresheet
from scoring.rules import BoardScore, MatchState, SummaryEntry, get_rules, variant_for
from scoring.rules.game import summary_points
from scoring.services.errors import ServiceError
from scoring.services.matches import Actor, match_snapshot

SIDES = ("a", "b")

#: What a difference is about (stable codes; the page words them).
FIELDS = (
    "game_missing_on_tablet",
    "game_missing_on_paper",
    "board_missing_on_tablet",
    "board_missing_on_paper",
    "board_unfinished_on_tablet",
    "winner",
    "points",
    "carrommen",
    "queen",
    "law",
    "game_score",
    "not_comparable",
)


class PaperError(ServiceError):
    """An invalid paper sheet; ``code`` is stable, ``where`` says which game/board."""

    def __init__(self, code: str, message: str, where: str = "") -> None:
        super().__init__(code, message, where=where)
        self.args = (f"{where}: {message}" if where else message,)
        self.where = where


@dataclass(frozen=True)
class PaperBoard:
    winner: str
    points: int
    carrommen: int | None = None
    queen: str | None = None
    law: str = ""
    award: bool = False


@dataclass(frozen=True)
class Difference:
    game: int
    board: int | None  # None: the whole game
    field: str
    paper: Any = None
    tablet: Any = None


def clean_sheet(
    games: Any, *, carrommen_max: int = 9, board_max: int = 12
) -> list[list[dict[str, Any]]]:
    """Check a paper sheet and return it in its stored form.

    :raises PaperError: with the game and board at fault.
    """
    if not isinstance(games, list) or not games:
        raise PaperError("no_games", "the sheet needs at least one game with a board")
    out: list[list[dict[str, Any]]] = []
    for g, boards in enumerate(games, 1):
        if not isinstance(boards, list):
            raise PaperError("bad_game", "a game is a list of boards", f"game {g}")
        clean = []
        for b, board in enumerate(boards, 1):
            where = f"game {g}, board {b}"
            if not isinstance(board, dict):
                raise PaperError("bad_board", "a board is an object", where)
            unknown = set(board) - {"winner", "carrommen", "queen", "points", "law"}
            if unknown:
                raise PaperError("bad_board", f"unknown field {sorted(unknown)[0]!r}", where)
            winner = board.get("winner")
            if winner not in SIDES:
                raise PaperError("bad_winner", "the winner must be A or B", where)
            points, carrommen = board.get("points"), board.get("carrommen")
            if points is not None:
                if not isinstance(points, int) or not 1 <= points <= board_max:
                    raise PaperError(
                        "bad_points", f"a board is worth 1 to {board_max} points", where
                    )
                law = board.get("law") or ""
                if not isinstance(law, str) or len(law) > 30:
                    raise PaperError("bad_law", "the law is a short text, e.g. ICF 107", where)
                clean.append({"winner": winner, "points": points, "law": law})
                continue
            if not isinstance(carrommen, int) or not 0 <= carrommen <= carrommen_max:
                raise PaperError(
                    "bad_carrommen", f"the loser has 0 to {carrommen_max} carrommen left", where
                )
            queen = board.get("queen") or None
            if queen not in (None, *SIDES):
                raise PaperError("bad_queen", "the queen was covered by A, B or nobody", where)
            clean.append({"winner": winner, "carrommen": carrommen, "queen": queen})
        if not clean:
            raise PaperError("empty_game", "a game needs at least one board", f"game {g}")
        out.append(clean)
    return out


def record_paper_sheet(
    *, match: Match, games: Any, actor: Actor, note: str = ""
) -> PaperScoresheet:
    """Store an official's entry of the paper scoresheet (a new row; earlier ones stay) and
    audit it.

    :raises PaperError: an invalid sheet (nothing is stored).
    """
    rules = get_rules(match.rules)
    if not variant_for(rules).paper_sheets:
        raise PaperError("points", "paper sheets are compared for two-sided matches only")
    games = clean_sheet(games, carrommen_max=rules.carrommen_per_colour, board_max=rules.board_max)
    with transaction.atomic():
        sheet = PaperScoresheet.objects.create(
            match=match,
            games=games,
            note=note,
            entered_by=actor.user if getattr(actor.user, "pk", None) else None,
        )
        AuditEntry.objects.create(
            tournament_id=match.event.tournament_id,
            match=match,
            actor=actor.user if getattr(actor.user, "pk", None) else None,
            via=actor.via,
            device=actor.device[:200],
            ip=actor.ip,
            action="paper_sheet",
            detail={"after": games, "note": note, "differences": len(compare(match, games=games))},
        )
    return sheet


def record_decision(
    *, match: Match, sheet: PaperScoresheet, decision: str, note: str, actor: Actor
) -> AuditEntry:
    """The official's decision on the differences of ``sheet`` (which record is right), kept
    in the audit trail with the differences it was made on."""
    differences = compare(match, games=sheet.games)
    return AuditEntry.objects.create(
        tournament_id=match.event.tournament_id,
        match=match,
        actor=actor.user if getattr(actor.user, "pk", None) else None,
        via=actor.via,
        device=actor.device[:200],
        ip=actor.ip,
        action="paper_decision",
        detail={
            "decision": decision,
            "note": note,
            "sheet_entered_at": sheet.created_at.isoformat(),
            "differences": [d.__dict__ for d in differences],
        },
    )


def paper_boards(
    games: list[list[dict[str, Any]]], *, rules_key: str = "icf"
) -> list[list[PaperBoard]]:
    """The sheet's boards with their points (summaries scored like the engine does: the
    loser's carrommen, plus the queen's value if the winner covered it at 21 or less)."""
    rules = get_rules(rules_key)
    out = []
    for boards in games:
        scores = {"a": 0, "b": 0}
        game = []
        for board in boards:
            winner = board["winner"]
            if board.get("points") is not None:
                entry = PaperBoard(winner, board["points"], law=board.get("law") or "", award=True)
            else:
                points, _counted = summary_points(
                    SummaryEntry(winner, board["carrommen"], board.get("queen")),
                    scores[winner],
                    rules,
                )
                entry = PaperBoard(winner, points, board["carrommen"], board.get("queen"), "ICF 53")
            scores[winner] = min(scores[winner] + entry.points, rules.game_points)
            game.append(entry)
        out.append(game)
    return out


def _paper_score(boards: list[PaperBoard], game_points: int) -> dict[str, int]:
    scores = {"a": 0, "b": 0}
    for board in boards:
        scores[board.winner] = min(scores[board.winner] + board.points, game_points)
    return scores


def compare(match: Match, *, games: list[list[dict[str, Any]]]) -> list[Difference]:
    """Every difference between the paper sheet ``games`` and the tablet's record."""
    rules = get_rules(match.rules)
    if not variant_for(rules).paper_sheets:
        return [Difference(1, None, "not_comparable")]
    snapshot = match_snapshot(match)
    state = snapshot.state
    tablet_games = list(state.games) if isinstance(state, MatchState) else []
    tablet_boards = _tablet_boards(snapshot) if tablet_games else []
    paper = paper_boards(games, rules_key=match.rules)
    out: list[Difference] = []
    for g in range(max(len(paper), len(tablet_games))):
        number = g + 1
        if g >= len(tablet_games):
            out.append(Difference(number, None, "game_missing_on_tablet"))
            continue
        if g >= len(paper):
            out.append(Difference(number, None, "game_missing_on_paper"))
            continue
        tablet = tablet_boards[g] if g < len(tablet_boards) else []
        current = tablet_games[g].current
        for i in range(max(len(paper[g]), len(tablet))):
            board_no = i + 1
            if i >= len(tablet):
                field = (
                    "board_unfinished_on_tablet"
                    if current is not None and i == len(tablet)
                    else "board_missing_on_tablet"
                )
                out.append(Difference(number, board_no, field, _describe(paper[g][i]), None))
                continue
            if i >= len(paper[g]):
                out.append(
                    Difference(
                        number, board_no, "board_missing_on_paper", None, _describe(tablet[i])
                    )
                )
                continue
            out.extend(_board_differences(number, board_no, paper[g][i], tablet[i]))
        paper_score = _paper_score(paper[g], rules.game_points)
        tablet_score = dict(tablet_games[g].scores)
        if paper_score != tablet_score:
            out.append(Difference(number, None, "game_score", paper_score, tablet_score))
    return out


def _tablet_boards(snapshot: Any) -> list[list[PaperBoard]]:
    """The tablet's counted boards per game: points and winner as the engine counts them,
    carrommen and queen from the board rows (a finished log board's result cache, a summary's
    entry; unknown for an award). Void and unfinished boards are left out."""
    out = []
    for game, state in zip(snapshot.games, snapshot.state.games, strict=False):
        scored = list(state.boards)
        index = 0
        boards = []
        for row in snapshot.boards.get(game.pk, []):
            if row.kind == Board.Kind.LOG and not row.void and not row.finished:
                continue  # the board in progress (or not begun)
            if index >= len(scored):  # pragma: no cover - rows and derived boards agree
                break
            score: BoardScore = scored[index]
            index += 1
            if score.void:
                continue
            if row.kind == Board.Kind.LOG:
                carrommen, queen = row.result_carrommen, row.result_queen or None
            elif row.kind == Board.Kind.SUMMARY:
                carrommen, queen = row.summary_carrommen, row.summary_queen or None
            else:
                carrommen, queen = None, None
            boards.append(
                PaperBoard(
                    score.winner or "",
                    score.points,
                    carrommen,
                    queen,
                    score.law or "",
                    award=carrommen is None,
                )
            )
        out.append(boards)
    return out


def _describe(board: PaperBoard) -> dict[str, Any]:
    return {"winner": board.winner, "points": board.points}


def _board_differences(
    game: int, number: int, paper: PaperBoard, tablet: PaperBoard
) -> list[Difference]:
    out = []
    if paper.winner != tablet.winner:
        out.append(Difference(game, number, "winner", paper.winner, tablet.winner))
    if paper.points != tablet.points:
        out.append(Difference(game, number, "points", paper.points, tablet.points))
    tablet_knows_pieces = tablet.carrommen is not None  # a summary or a log, not an award
    if not paper.award and tablet_knows_pieces:
        if paper.carrommen != tablet.carrommen:
            out.append(Difference(game, number, "carrommen", paper.carrommen, tablet.carrommen))
        if (paper.queen or None) != (tablet.queen or None):
            out.append(Difference(game, number, "queen", paper.queen, tablet.queen))
    if paper.award and paper.law and tablet.law and paper.law != tablet.law:
        out.append(Difference(game, number, "law", paper.law, tablet.law))
    return out
