"""The players' pages: a player's matches in the tournament and statistics from the stroke logs."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import F, Q

from scoring.draws import Standing
from scoring.draws.ranking import table
from scoring.models import Board, BoardEvent, Entry, Game, Match, Player, Tournament
from scoring.records import game_entries, live_events
from scoring.records.sides import by_colour, other_side, side_colours
from scoring.rules import derive_game, get_rules, variant_for
from scoring.rules.game import GameState
from scoring.selectors.live.common import SIDES, side_label
from scoring.selectors.live.tournament import MatchLine, with_games
from scoring.standings.results import DONE, decided_results, ranking_rule
from scoring.stats import SideStats, analyse_board


@dataclass
class PlayerMatch:
    line: MatchLine
    side: str
    partner: str  # doubles: the partner's name

    @property
    def match(self) -> Match:
        return self.line.match

    @property
    def opponent(self) -> str:
        # the other side, or in point carrom both other players
        return " · ".join(side_label(self.match, s) for s in self.match.sides if s != self.side)

    @property
    def result(self) -> str:
        """ "won", "lost" or "" (not decided)."""
        winner = self.match.winner_side
        if not winner or self.match.status not in DONE and not self.match.walkover:
            return ""
        return "won" if winner == self.side else "lost"

    @property
    def games(self) -> tuple[int, int]:
        a, b = self.line.games_won
        return (a, b) if self.side == "a" else (b, a)

    @property
    def game_scores(self) -> list[tuple[int, int]]:
        return [(a, b) if self.side == "a" else (b, a) for a, b in self.line.game_scores]


@dataclass
class Slam:
    kind: str  # "white" or "black"
    match: Match
    game: int
    board: int  # the board's sequence in its game: the {b} of its page
    opponent: str = ""
    number: int = 0  # its number as shown (records.board_numbers: a replay shares it)


@dataclass
class PlayerPage:
    player: Player
    entries: list[Entry]
    matches: list[PlayerMatch]
    stats: SideStats
    slams: list[Slam]


def tournament_players(tournament: Tournament) -> list[tuple[Player, list[Entry]]]:
    """Everyone entered in the tournament, with their entries (one query)."""
    players: dict[int, tuple[Player, list[Entry]]] = {}
    for entry in (
        Entry.objects.filter(event__tournament=tournament)
        .select_related("player", "partner", "event")
        .order_by("event__order", "event__name", "pk")
    ):
        for player in entry.players:
            players.setdefault(player.pk, (player, []))[1].append(entry)
    return sorted(players.values(), key=lambda pe: (pe[0].name.casefold(), pe[0].pk))


def player_page(tournament: Tournament, player: Player) -> PlayerPage:
    """A player's matches in the tournament and statistics from the stroke logs (six queries
    whatever the number of matches and boards)."""

    entries = list(
        Entry.objects.filter(event__tournament=tournament)
        .filter(Q(player=player) | Q(partner=player))
        .select_related("event", "player", "partner")
    )
    ids = [e.pk for e in entries]
    matches = list(
        with_games(
            Match.objects.filter(
                Q(entry_a_id__in=ids) | Q(entry_b_id__in=ids) | Q(entry_c_id__in=ids)
            )
        ).order_by(F("started_at").asc(nulls_last=True), "round__number", "number", "pk")
    )
    rows: dict[int, list[Board]] = defaultdict(list)
    for board in Board.objects.filter(game__match__in=[m.pk for m in matches]).order_by(
        "game_id", "sequence"
    ):
        rows[board.game_id].append(board)
    logs = [
        b.pk
        for bs in rows.values()
        for b in bs
        if b.kind == Board.Kind.LOG and b.finished and not b.void
    ]
    events: dict[int, list[BoardEvent]] = defaultdict(list)
    for event in BoardEvent.objects.filter(board_id__in=logs).order_by("board_id", "seq"):
        events[event.board_id].append(event)

    stats = SideStats()
    slams: list[Slam] = []
    out: list[PlayerMatch] = []
    for match in matches:
        line = MatchLine(match, list(match.games.all()))
        side = next(s for s in match.sides if getattr(match, f"entry_{s}_id") in ids)
        entry = match.entry_for(side)
        partner = ""
        if entry is not None and entry.partner_id:
            other = entry.partner if entry.player_id == player.pk else entry.player
            partner = other.name if other is not None else ""
        out.append(PlayerMatch(line, side, partner))
        if not variant_for(match.rules).stroke_stats or side not in SIDES:
            continue
        rules = get_rules(match.rules)
        for game in line.games:
            finished_rows = [b for b in rows.get(game.pk, []) if b.finished or b.kind != "log"]
            if not finished_rows:
                continue
            try:
                state = derive_game(
                    game_entries(finished_rows, None),
                    players=SIDES,
                    first_breaker=game.first_breaker,
                    rules=rules,
                    stage=match.stage,
                )
            except Exception:  # pragma: no cover - a damaged cache must not break the page
                continue
            _add_game(stats, slams, match, game, state, finished_rows, events, side)
    # matches, games and points: the standings' own figures (one definition, issue 31);
    # the boards' counts and the stroke-log figures above stay the logs'
    stats.points_for = stats.points_against = 0
    for entry in entries:
        if variant_for(entry.event.rules).points_by_player:  # its own table (standings.points)
            continue
        standing = entry_standing(entry)
        if standing is not None:
            stats.use_results(standing)
    return PlayerPage(player, entries, out, stats, slams)


def entry_standing(entry: Entry) -> Standing | None:
    """The entry's line over the event's decided results as the standings count them
    (:func:`scoring.standings.results.decided_results` credited by the event's ranking
    rule, :func:`scoring.draws.ranking.table`), every bracket of the event included; None
    while it has no decided match."""
    results, _confirmed, _last = decided_results(entry.event)
    mine = [r for r in results if entry.pk in (r.a, r.b)]
    if not mine:
        return None
    ids = sorted({e for r in mine for e in (r.a, r.b) if e is not None})
    return next(
        line for line in table(ids, mine, ranking_rule(entry.event)) if line.entry == entry.pk
    )


def _add_game(
    stats: SideStats,
    slams: list[Slam],
    match: Match,
    game: Game,
    state: GameState,
    rows: list[Board],
    events: dict[int, list[BoardEvent]],
    side: str,
) -> None:
    before = dict.fromkeys(SIDES, 0)
    for row, score in zip(rows, state.boards, strict=False):
        if score.void:
            continue
        stats.add_board(won=score.winner == side, points=score.points)
        if row.kind == Board.Kind.LOG and row.pk in events:
            analysis = analyse_board(
                [e.payload for e in live_events(events[row.pk])],
                rules=row.rules,
                scores=by_colour(before, row.breaker, 0),
            )
            colour = side_colours(row.breaker).get(side, "black")
            count = len(stats.slam_boards)
            stats.add_log(analysis, colour)
            if len(stats.slam_boards) > count:
                slams.append(
                    Slam(
                        stats.slam_boards[-1][0],
                        match,
                        game.number,
                        row.sequence,
                        side_label(match, other_side(side)),
                        score.number,
                    )
                )
        before = dict(score.scores_after or before)
