"""A SoL tourney's matches played in memory and written in bulk (issue 31: SoL's 499-tourney
archive in minutes, not half an hour).

:class:`PaperMatch` plays one match as the match services would on the import's behalf, with
no database access: the toss (ICF 40), boards from paper (summary or award, checked by
:func:`~scoring.services.matches.quick.check_quick_board`), a game's score recorded as another
system recorded it, and the round's time limit; after each write the engine derives the match
again from its games and boards (:func:`~scoring.records.derive_snapshot`, the Variant's game
and match rules: a board the engine refuses is refused here too) and the caches follow the one
definition (:func:`~scoring.services.matches.caches.cache_fields`). :func:`write_matches` then
writes a tourney's matches, games, boards and audit rows with one INSERT each. Nothing is
signalled per match: the import re-rates once at its end, and an imported tournament has no
call-up, brackets to advance or team ties.
"""

from __future__ import annotations

import itertools
import uuid
from typing import Any

from django.utils import timezone

from scoring.models import AuditEntry, Board, Game, Match, Tournament
from scoring.records import MatchSnapshot, derive_snapshot
from scoring.rules import RulesError, variant_for
from scoring.rules.game import first_breaker_of_game
from scoring.services.matches import Actor, MatchError
from scoring.services.matches.caches import cache_fields
from scoring.services.matches.quick import check_quick_board
from scoring.services.sol.reading import SolError
from scoring.services.sol.report import Line


class PaperMatch:
    """One imported match, its games, boards and audit rows, not yet saved."""

    def __init__(self, match: Match, tournament: Tournament, actor: Actor) -> None:
        if not variant_for(match.rules).quick_entry:
            raise SolError(Line.gettext("a SoL match is a game of the colours (no point carrom)"))
        self.match = match
        self.tournament = tournament
        self.actor = actor
        self.games: list[Game] = []
        self.boards: dict[int, list[Board]] = {}
        self.audits: list[tuple[AuditEntry, Board | None]] = []
        self._ids = itertools.count(-1, -1)  # the games' keys until they are saved
        self.snapshot = self._derive()

    # --- what the engine says -------------------------------------------------------------

    def _derive(self) -> MatchSnapshot:
        last = None
        for game in reversed(self.games):
            if self.boards.get(game.pk):
                last = self.boards[game.pk][-1]
                break
        return derive_snapshot(self.match, self.games, self.boards, last, [])

    def _refresh(self, bump: bool = False) -> None:
        """The match derived again and its caches set (``refresh_caches`` in memory)."""
        self.snapshot = self._derive()
        _games, fields = cache_fields(self.match, snapshot=self.snapshot)
        if bump:
            self.match.revision += 1
            fields["updated_at"] = timezone.now()
        for name, value in fields.items():
            setattr(self.match, name, value)

    def audit(self, action: str, detail: dict[str, Any], board: Board | None = None) -> None:
        """An audit row of this match (``board``: its id goes into the detail once saved)."""
        user = self.actor.user
        row = AuditEntry(
            tournament=self.tournament,
            match=self.match,
            actor=user if getattr(user, "pk", None) else None,
            via=self.actor.via,
            device=self.actor.device[:200],
            ip=self.actor.ip,
            action=action,
            detail=detail,
        )
        self.audits.append((row, board))

    # --- the writes, as the match services make them ---------------------------------------

    def toss(self, winner: str, choice: str) -> None:
        """ICF 40: who won the toss and chose (``record_toss``)."""
        if winner not in ("a", "b") or choice not in ("break", "side"):
            raise MatchError("bad_toss", "the toss needs a winner (A or B) and break or side")
        match = self.match
        before = {"winner": match.toss_winner, "choice": match.toss_choice}
        match.revision += 1
        match.toss_winner, match.toss_choice = winner, choice
        match.updated_at = timezone.now()
        self.audit("toss", {"before": before, "after": {"winner": winner, "choice": choice}})
        self.snapshot = self._derive()

    def _target(self) -> tuple[Game, bool, str]:
        """The game the next paper board belongs to (new, unsaved, when it has none yet), and
        who breaks it (the engine's breaker; an extra board's breaker is not on paper)."""
        snapshot = self.snapshot
        if snapshot.finished or snapshot.current is None:
            if snapshot.state is None:
                raise MatchError("toss_missing", "record the toss first (ICF 40)")
            raise MatchError("match_finished", "the match has ended")
        current = snapshot.current
        side = current.breaker
        if side not in self.match.sides:
            raise MatchError(
                "breaker_required", "a toss decides who breaks the extra board (ICF 56(b))"
            )
        for game in self.games:
            if game.number == current.game_number:
                return game, False, side
        return self._new_game(current.game_number), True, side

    def _new_game(self, number: int) -> Game:
        game = Game(
            match=self.match,
            number=number,
            first_breaker=first_breaker_of_game(
                number, ("a", "b"), self.match.toss_winner, self.match.toss_choice
            ),
        )
        game.pk = next(self._ids)
        self.games.append(game)
        self.boards[game.pk] = []
        return game

    def _add(self, board: Board, game: Game, created: bool) -> None:
        """``board`` added to its game and the match derived again; a board the engine
        refuses is taken back (with its new game) and its error raised."""
        match = self.match
        before = (match.revision, match.started_at, match.status, match.updated_at)
        self.boards.setdefault(game.pk, []).append(board)
        match.revision += 1
        match.started_at = match.started_at or timezone.now()
        match.status = Match.Status.PLAYING
        match.updated_at = timezone.now()
        try:
            self._refresh()
        except RulesError:
            self.boards[game.pk].pop()
            if created:
                self.games.remove(game)
                self.boards.pop(game.pk, None)
            match.revision, match.started_at, match.status, match.updated_at = before
            self.snapshot = self._derive()
            raise

    def quick_board(
        self,
        *,
        winner: str,
        carrommen: int | None = None,
        queen: str | None = None,
        points: int | None = None,
        law: str = "",
    ) -> None:
        """A board from paper: a summary (the loser's carrommen, who covered the queen; ICF
        53–55 computed by the engine) or an award with its law (``record_quick_board``)."""
        check_quick_board(
            self.match.rules,
            winner=winner,
            carrommen=carrommen,
            queen=queen,
            points=points,
            law=law,
        )
        game, created, breaker = self._target()
        board = Board(
            game=game,
            sequence=len(self.boards.get(game.pk, [])) + 1,
            kind=Board.Kind.SUMMARY if points is None else Board.Kind.AWARD,
            breaker=breaker,
            rules=self.match.rules,
            summary_winner=winner,
        )
        if points is None:
            board.summary_carrommen = carrommen
            board.summary_queen = queen or ""
        else:
            board.award_points = points
            board.award_law = law
        self._add(board, game, created)
        self.audit(
            "quick_board",
            {
                "client_id": str(uuid.uuid4()),
                "board": None,
                "winner": winner,
                "carrommen": carrommen,
                "queen": queen,
                "points": points,
                "law": law,
            },
            board,
        )

    def recorded_game(self, scores: dict[str, int], law: str) -> None:
        """A game's score as another system recorded it: the game's only board, of kind
        ``recorded`` (no ICF law, :class:`~scoring.rules.RecordedEntry`)."""
        check_scores(scores)
        game, created, breaker = self._target()
        if self.boards.get(game.pk):
            raise MatchError("recorded_not_alone", "a recorded score is the game's only board")
        board = Board(
            game=game,
            sequence=1,
            kind=Board.Kind.RECORDED,
            breaker=breaker,
            rules=self.match.rules,
            recorded_scores={"a": scores["a"], "b": scores["b"]},
            award_law=law[:30],
        )
        self._add(board, game, created)
        self.audit("recorded_game", {"board": None, "scores": scores, "law": law}, board)

    def time_up(self) -> None:
        """The round's time limit stops the match (``record_time_up``): the game in play ends,
        the leader wins it, level is a drawn game."""
        match = self.match
        if not variant_for(match.rules).time_limit:
            raise MatchError("time_up_points", "point carrom has no time-up rule")
        if match.bye or match.walkover or match.entry_a_id is None or match.entry_b_id is None:
            raise MatchError("match_finished", "the match has ended")
        if not match.toss_winner or not match.toss_choice:
            raise MatchError("toss_missing", "record the toss first (ICF 40)")
        snapshot = self.snapshot
        if snapshot.finished:
            raise MatchError("match_finished", "the match has ended")
        current = snapshot.current
        game = self.games[-1] if self.games else None
        if game is None or (
            game.finished and current is not None and current.game_number > game.number
        ):
            game = self._new_game(game.number + 1 if game else 1)
        game.time_up = True
        self._refresh(bump=True)
        self.audit(
            "time_up",
            {
                "game": game.number,
                "board_in_play": False,
                "winner_side": match.winner_side,
                "draw": match.draw,
                "games_won": match.games_won,
            },
        )


def check_scores(scores: dict[str, int]) -> None:
    """A recorded score gives both sides a whole number from 0.

    :raises MatchError: ``bad_scores``."""
    if set(scores) != {"a", "b"} or any(
        isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in scores.values()
    ):
        raise MatchError("bad_scores", "a recorded score gives both sides a whole number")


def write_matches(plans: list[PaperMatch]) -> None:
    """A tourney's matches, then their games, boards and audit rows, one INSERT each (in the
    order they were played: the audit rows keep their order)."""
    Match.objects.bulk_create([plan.match for plan in plans])
    games: list[Game] = []
    pairs: list[tuple[Board, Game]] = []
    for plan in plans:
        for game in plan.games:
            rows = plan.boards.get(game.pk, [])
            game.pk = None
            game.match = plan.match
            games.append(game)
            pairs.extend((board, game) for board in rows)
    Game.objects.bulk_create(games)
    for board, game in pairs:
        board.game = game
    Board.objects.bulk_create([board for board, _game in pairs])
    audits = []
    for plan in plans:
        for row, written in plan.audits:
            row.match = plan.match
            if written is not None:
                row.detail["board"] = written.pk
            audits.append(row)
    AuditEntry.objects.bulk_create(audits)
