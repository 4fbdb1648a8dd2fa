"""The export: everything of a tournament as one JSON-ready document (docs/EXPORT.md), with
references instead of database ids.
"""

from __future__ import annotations

import copy
from typing import Any

from django.db.models import Q
from django.utils import timezone

from scoring.models import (
    AuditEntry,
    Board,
    BoardEvent,
    Entry,
    Event,
    ExternalRecord,
    Game,
    HousePreset,
    Match,
    MatchConfirmation,
    PaperScoresheet,
    Player,
    RollCall,
    Round,
    Table,
    Tournament,
)
from scoring.records import board_log_document, scores_before_boards
from scoring.services.backup.common import FORMAT, day_text, timestamp_text, username_of
from scoring.services.backup.teams import team_player_ids, teams_out


def _player_sort_key(player: Player) -> tuple[Any, ...]:
    # A natural order (not the id alone): players are shared between tournaments, so an import
    # may reuse existing rows whose ids are in another order.
    return (
        player.name,
        player.club,
        player.nationality,
        player.rating or 0,
        player.created_at,
        player.pk,
    )


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    """Everything of ``tournament`` as one JSON-ready document (docs/EXPORT.md)."""
    return _Export(tournament).document()


class _Export:
    """One export: the tournament's rows read once (a query per table), their references, and
    a part of the document per kind of row."""

    def __init__(self, t: Tournament) -> None:
        self.t = t
        self._read(t)
        self._refer()

    def _read(self, t: Tournament) -> None:
        self.events = list(Event.objects.filter(tournament=t).order_by("pk"))
        self.entries = list(Entry.objects.filter(event__tournament=t).order_by("pk"))
        self.rounds = list(Round.objects.filter(event__tournament=t).order_by("pk"))
        self.tables = list(Table.objects.filter(tournament=t).order_by("pk"))
        self.house_presets = list(HousePreset.objects.filter(tournament=t).order_by("pk"))
        self.matches = list(
            Match.objects.filter(event__tournament=t).select_related("umpire").order_by("pk")
        )
        self.games = list(
            Game.objects.filter(match__event__tournament=t).order_by("match_id", "number")
        )
        self.boards = list(
            Board.objects.filter(game__match__event__tournament=t).order_by("game_id", "sequence")
        )
        self.rows = list(
            BoardEvent.objects.filter(board__game__match__event__tournament=t)
            .select_related("recorded_by")
            .order_by("board_id", "seq")
        )
        self.confirmations = list(
            MatchConfirmation.objects.filter(match__event__tournament=t).order_by("pk")
        )
        self.sheets = list(
            PaperScoresheet.objects.filter(match__event__tournament=t)
            .select_related("entered_by")
            .order_by("pk")
        )
        self.audit = list(
            AuditEntry.objects.filter(Q(tournament=t) | Q(match__event__tournament=t))
            .select_related("actor")
            .distinct()
            .order_by("pk")
        )
        player_ids = {e.player_id for e in self.entries} | {
            e.partner_id for e in self.entries if e.partner_id
        }
        for match in self.matches:
            player_ids.update(p for p in match.seating if isinstance(p, int))
        player_ids |= team_player_ids(t)  # team events' players (issue 34)
        self.players = sorted(Player.objects.filter(pk__in=player_ids), key=_player_sort_key)
        self.externals = list(
            ExternalRecord.objects.filter(Q(tournament=t) | Q(player__in=self.players)).order_by(
                "pk"
            )
        )
        self.roll_calls = {r.event_id: r for r in RollCall.objects.filter(event__tournament=t)}

    def _refer(self) -> None:
        """References by place in the document (no database ids), and the rows by parent."""
        self.p_ref: dict[int | None, str] = {p.pk: f"p{i}" for i, p in enumerate(self.players, 1)}
        self.e_ref: dict[int | None, str] = {e.pk: f"e{i}" for i, e in enumerate(self.events, 1)}
        self.n_ref: dict[int | None, str] = {n.pk: f"n{i}" for i, n in enumerate(self.entries, 1)}
        self.r_ref: dict[int | None, str] = {r.pk: f"r{i}" for i, r in enumerate(self.rounds, 1)}
        self.t_ref: dict[int | None, str] = {x.pk: f"t{i}" for i, x in enumerate(self.tables, 1)}
        self.m_ref: dict[int | None, str] = {m.pk: f"m{i}" for i, m in enumerate(self.matches, 1)}
        self.games_of: dict[int, list[Game]] = {}
        for game in self.games:
            self.games_of.setdefault(game.match_id, []).append(game)
        self.boards_of: dict[int, list[Board]] = {}
        for board in self.boards:
            self.boards_of.setdefault(board.game_id, []).append(board)
        self.rows_of: dict[int, list[BoardEvent]] = {}
        for row in self.rows:
            self.rows_of.setdefault(row.board_id, []).append(row)
        self.confirmations_of: dict[int, list[MatchConfirmation]] = {}
        for c in self.confirmations:
            self.confirmations_of.setdefault(c.match_id, []).append(c)
        self.b_ref: dict[int, str] = {}
        for match in self.matches:
            for game in self.games_of.get(match.pk, []):
                for board in self.boards_of.get(game.pk, []):
                    ref = f"{self.m_ref[match.pk]}/g{game.number}/b{board.sequence}"
                    self.b_ref[board.pk] = ref

    def document(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "exported_at": timestamp_text(timezone.now()),
            "tournament": self.tournament_out(),
            "house_presets": [
                {
                    "name": h.name,
                    "rules": h.base,
                    "switches": h.switches,
                    "key": h.key,
                    "created_at": timestamp_text(h.created_at),
                }
                for h in self.house_presets
            ],
            "tables": [
                {"ref": self.t_ref[x.pk], "number": x.number, "label": x.label, "active": x.active}
                for x in self.tables
            ],
            "players": [
                {
                    "ref": self.p_ref[p.pk],
                    "name": p.name,
                    "club": p.club,
                    "nationality": p.nationality,
                    "rating": p.rating,
                    "licence": p.licence,
                    "born": p.born.isoformat() if p.born else None,
                    "sex": p.sex,
                    "created_at": timestamp_text(p.created_at),
                }
                for p in self.players
            ],
            "events": [self.event_out(e) for e in self.events],
            "entries": [self.entry_out(n) for n in self.entries],
            "rounds": [
                {
                    "ref": self.r_ref[r.pk],
                    "event": self.e_ref[r.event_id],
                    "number": r.number,
                    "name": r.name,
                    "bracket": r.bracket,
                    "stage": r.stage,
                    "games_to_win": r.games_to_win,
                    "clock_started_at": timestamp_text(r.clock_started_at),
                    "clock_extra_minutes": r.clock_extra_minutes,
                    "clock_stopped_at": timestamp_text(r.clock_stopped_at),
                    "clock_stopped_seconds": r.clock_stopped_seconds,
                    "created_at": timestamp_text(r.created_at),
                }
                for r in self.rounds
            ],
            "matches": [self.match_out(m) for m in self.matches],
            "paper_scoresheets": [
                {
                    "match": self.m_ref[s.match_id],
                    "games": s.games,
                    "entered_by": username_of(s.entered_by),
                    "note": s.note,
                    "created_at": timestamp_text(s.created_at),
                }
                for s in self.sheets
            ],
            "audit": [self.audit_out(a) for a in self.audit],
            **teams_out(
                self.t, p_ref=self.p_ref, e_ref=self.e_ref, n_ref=self.n_ref, m_ref=self.m_ref
            ),
            "external_records": [
                {
                    "source": x.source,
                    "kind": x.kind,
                    "key": x.key,
                    "player": self.p_ref.get(x.player_id),
                    "tournament": x.tournament_id == self.t.pk,
                    "data": x.data,
                    "created_at": timestamp_text(x.created_at),
                }
                for x in self.externals
            ],
        }

    def tournament_out(self) -> dict[str, Any]:
        t = self.t
        return {
            "name": t.name,
            "slug": t.slug,
            "start_date": day_text(t.start_date),
            "end_date": day_text(t.end_date),
            "venue": t.venue,
            "table_count": t.table_count,
            "default_rules": t.default_rules,
            "organisers": sorted(u.get_username() for u in t.organisers.all()),
            "umpires": sorted(u.get_username() for u in t.umpires.all()),
            "auto_callup": t.auto_callup,
            "time_zone": t.time_zone,
            "created_at": timestamp_text(t.created_at),
        }

    def event_out(self, e: Event) -> dict[str, Any]:
        return {
            "ref": self.e_ref[e.pk],
            "name": e.name,
            "kind": e.kind,
            "format": e.format,
            "rules": e.rules,
            "games_to_win": e.games_to_win,
            "settings": e.settings,
            "status": e.status,
            "order": e.order,
            "round_minutes": e.round_minutes,
            "prized": e.prized,
            "prizes_pending": e.prizes_pending,
            "created_at": timestamp_text(e.created_at),
            "roll_call": _roll_call_out(self.roll_calls.get(e.pk)),
        }

    def entry_out(self, n: Entry) -> dict[str, Any]:
        return {
            "ref": self.n_ref[n.pk],
            "event": self.e_ref[n.event_id],
            "player": self.p_ref[n.player_id],
            "partner": self.p_ref.get(n.partner_id),
            "seed": n.seed,
            "rating": n.rating,
            "withdrawn": n.withdrawn,
            # SoL's prize-giving of an imported tourney (a decimal, as text: exact)
            "prize": None if n.prize is None else str(n.prize),
            "present_at": timestamp_text(n.present_at),
            "present_via": n.present_via,
            "created_at": timestamp_text(n.created_at),
        }

    def seating_out(self, values: Any) -> Any:
        if not isinstance(values, list):
            return values
        return [self.p_ref.get(v, v) if isinstance(v, int) else v for v in values]

    def match_out(self, match: Match) -> dict[str, Any]:
        m_ref = self.m_ref
        games = self.games_of.get(match.pk, [])
        scores = scores_before_boards(
            match, [b for g in games for b in self.boards_of.get(g.pk, [])]
        )
        return {
            "ref": m_ref[match.pk],
            "event": self.e_ref[match.event_id],
            "round": self.r_ref.get(match.round_id),
            "number": match.number,
            "position": match.position,
            "group": match.group,
            "entry_a": self.n_ref.get(match.entry_a_id),
            "entry_b": self.n_ref.get(match.entry_b_id),
            "entry_c": self.n_ref.get(match.entry_c_id),
            "rules": match.rules,
            "stage": match.stage,
            "games_to_win": match.games_to_win,
            "winner_to": m_ref.get(match.winner_to_id),
            "winner_to_side": match.winner_to_side,
            "loser_to": m_ref.get(match.loser_to_id),
            "loser_to_side": match.loser_to_side,
            "advances": match.advances,
            "draw_reason": match.draw_reason,
            "toss_winner": match.toss_winner,
            "toss_choice": match.toss_choice,
            "seating": self.seating_out(match.seating),
            "table": self.t_ref.get(match.table_id),
            "umpire": username_of(match.umpire),
            "umpire_token": match.umpire_token,
            "umpire_token_revoked_at": timestamp_text(match.umpire_token_revoked_at),
            "status": match.status,
            "walkover": match.walkover,
            "bye": match.bye,
            "winner_side": match.winner_side,
            "games_won": match.games_won,
            "draw": match.draw,
            "needs_review": match.needs_review,
            "revision": match.revision,
            "called_at": timestamp_text(match.called_at),
            "started_at": timestamp_text(match.started_at),
            "finished_at": timestamp_text(match.finished_at),
            "confirmed_at": timestamp_text(match.confirmed_at),
            "updated_at": timestamp_text(match.updated_at),
            "created_at": timestamp_text(match.created_at),
            "confirmations": [
                {
                    "side": c.side,
                    "method": c.method,
                    "device": c.device,
                    "created_at": timestamp_text(c.created_at),
                }
                for c in self.confirmations_of.get(match.pk, [])
            ],
            "games": [self.game_out(match, game, scores) for game in games],
        }

    def game_out(
        self, match: Match, game: Game, scores: dict[int, dict[str, int]]
    ) -> dict[str, Any]:
        return {
            "number": game.number,
            "first_breaker": game.first_breaker,
            "scores": game.scores,
            "winner_side": game.winner_side,
            "finished": game.finished,
            "time_up": game.time_up,
            "started_at": timestamp_text(game.started_at),
            "boards": [
                self.board_out(match, board, scores.get(board.pk))
                for board in self.boards_of.get(game.pk, [])
            ],
        }

    def board_out(
        self, match: Match, board: Board, scores: dict[str, int] | None
    ) -> dict[str, Any]:
        board_rows = self.rows_of.get(board.pk, [])
        out: dict[str, Any] = {
            "sequence": board.sequence,
            "kind": board.kind,
            "breaker": board.breaker,
            "rules": board.rules,
            "summary_winner": board.summary_winner,
            "summary_carrommen": board.summary_carrommen,
            "summary_queen": board.summary_queen,
            "award_points": board.award_points,
            "award_law": board.award_law,
            "recorded_scores": board.recorded_scores,
            "result": _result_out(board),
            "last_seq": board.last_seq,
            "created_at": timestamp_text(board.created_at),
            "finished_at": timestamp_text(board.finished_at),
        }
        if board.kind == Board.Kind.LOG:
            out["log"] = board_log_document(board, board_rows, match=match, scores=scores)
        if board.kind == Board.Kind.LOG or board_rows:  # a paper board's withdrawal row
            out["events"] = _rows_out(board_rows)
        return out

    def audit_out(self, entry: AuditEntry) -> dict[str, Any]:
        return {
            "match": self.m_ref.get(entry.match_id),
            "actor": username_of(entry.actor),
            "via": entry.via,
            "device": entry.device,
            "ip": entry.ip,
            "action": entry.action,
            "detail": _detail_refs(entry.action, entry.detail, self.b_ref, self.p_ref),
            "created_at": timestamp_text(entry.created_at),
        }


def _roll_call_out(r: RollCall | None) -> dict[str, Any] | None:
    if r is None:
        return None
    return {
        "open": r.open,
        "self_checkin": r.self_checkin,
        "code": r.code,
        "absent": r.absent,
        "opened_at": timestamp_text(r.opened_at),
        "applied_at": timestamp_text(r.applied_at),
    }


def _result_out(board: Board) -> dict[str, Any]:
    """A board's cached result (rebuilt from its log on import and checked against it)."""
    return {
        "finished": board.finished,
        "void": board.void,
        "winner": board.result_winner,
        "points": board.result_points,
        "law": board.result_law,
        "interpretation": board.result_interpretation,
        "carrommen": board.result_carrommen,
        "queen": board.result_queen,
        "extra_points": board.result_extra_points,
        "points_by_side": board.result_points_by_side,
    }


def _rows_out(board_rows: list[BoardEvent]) -> list[dict[str, Any]]:
    """Every row of a board's log (undo rows included; ``retracts`` by sequence number)."""
    seq_of: dict[int | None, int] = {row.pk: row.seq for row in board_rows}
    return [
        {
            "seq": row.seq,
            "client_id": str(row.client_id),
            "type": row.type,
            "payload": row.payload,
            "retracts": seq_of.get(row.retracts_id),
            "recorded_by": username_of(row.recorded_by),
            "via": row.via,
            "device": row.device,
            "created_at": timestamp_text(row.created_at),
        }
        for row in board_rows
    ]


def _detail_refs(
    action: str, detail: Any, b_ref: dict[int, str], p_ref: dict[int | None, str]
) -> Any:
    """Replace the database ids the audit trail keeps (a board, seated players) by refs."""
    if not isinstance(detail, dict):
        return detail
    out = copy.deepcopy(detail)
    board = out.get("board")
    if isinstance(board, int) and not isinstance(board, bool) and board in b_ref:
        out["board"] = b_ref[board]
    if action == "seating":
        for key in ("before", "after"):
            if isinstance(out.get(key), list):
                out[key] = [p_ref.get(v, v) if isinstance(v, int) else v for v in out[key]]
    return out


def detail_ids(
    action: str, *, detail: Any, board_ids: dict[str, int], player_ids: dict[str, int]
) -> Any:
    if not isinstance(detail, dict):
        return detail
    out = copy.deepcopy(detail)
    if isinstance(out.get("board"), str) and out["board"] in board_ids:
        out["board"] = board_ids[out["board"]]
    if action == "seating":
        for key in ("before", "after"):
            if isinstance(out.get(key), list):
                out[key] = [player_ids.get(v, v) if isinstance(v, str) else v for v in out[key]]
    return out


def comparable(document: dict[str, Any], *, ignore_tokens: bool = False) -> dict[str, Any]:
    """The document without what differs between two exports of the same tournament: the
    export time and the audit entries of restores (and, for a copy imported beside the
    original, the umpire tokens, which must be unique)."""
    out = copy.deepcopy(document)
    out.pop("exported_at", None)
    out["audit"] = [a for a in out.get("audit", []) if a.get("action") != "restore"]
    if ignore_tokens:
        for match in out.get("matches", []):
            match.pop("umpire_token", None)
    return out
