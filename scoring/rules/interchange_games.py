"""The interchange format v1's games and matches (``rules/README.md``): ``carrom-game/1`` →
``carrom-game-state/1`` (a point-carrom game too, seed 003) and ``carrom-match/1`` →
``carrom-match-state/1``; errors located by their path (``boards[2].events[5]``) or ``-``."""

from __future__ import annotations

from typing import Any

from .errors import RulesError
from .game import AwardEntry, BoardEntry, SummaryEntry, derive_game, derive_match
from .interchange_board import (
    BOARD_FORMAT,
    BOARD_KEYS,
    GAME_FORMAT,
    MATCH_FORMAT,
    LogEntry,
    check_fields,
    document_error,
    events_of,
    flag,
    format_of,
    json_object,
    whole_number,
)
from .presets import RuleSet, get_rules

_GAME_KEYS = {"format", "rules", "stage", "players", "first_breaker", "boards", "time_up"}
_MATCH_KEYS = {"format", "rules", "stage", "players", "toss", "games"}


def _players(data: dict[str, Any]) -> tuple[str, str]:
    players = data.get("players")
    if (
        not isinstance(players, list)
        or len(players) != 2
        or not all(isinstance(p, str) and p for p in players)
        or players[0] == players[1]
    ):
        raise document_error("bad_players", "players must be two different names")
    return players[0], players[1]


def _stage(data: dict[str, Any]) -> str:
    stage = data.get("stage", "early")
    if stage not in ("early", "late"):
        raise document_error("bad_stage", "stage must be 'early' or 'late'")
    return str(stage)


def _located(err: RulesError, path: str) -> RulesError:
    if err.where in (None, "-"):
        return type(err)(err.code, err.message, where=path)
    return err.at(path)


def parse_board_entry(entry: Any, players: tuple[str, str], path: str) -> BoardEntry:
    """Read one entry of a game's ``boards`` list (summary, award or log)."""
    try:
        entry = json_object(entry, "a board entry")
        breaker = entry.get("breaker")
        if breaker is not None and breaker not in players:
            raise document_error("bad_breaker", "breaker must be one of the players")
        if "log" in entry:
            check_fields(entry, {"log", "breaker"}, "a board entry")
            log = json_object(entry["log"], "log")
            format_of(log, BOARD_FORMAT)
            check_fields(log, BOARD_KEYS - {"players"}, "the board")
            return LogEntry(log=log, breaker=breaker)
        winner = entry.get("winner")
        if winner not in players:
            raise document_error("bad_winner", "winner must be one of the players")
        if "points" in entry:
            check_fields(entry, {"winner", "points", "law", "breaker"}, "a board award")
            law = entry.get("law")
            if law is not None and not isinstance(law, str):
                raise document_error("bad_law", "law must be a text such as 'ICF 107'")
            return AwardEntry(
                winner=winner,
                points=whole_number(entry["points"], "points"),
                law=law,
                breaker=breaker,
            )
        check_fields(entry, {"winner", "carrommen", "queen", "breaker"}, "a board summary")
        queen = entry.get("queen")
        if queen is not None and queen not in players:
            raise document_error("bad_queen", "queen must be one of the players or null")
        return SummaryEntry(
            winner=winner,
            carrommen=whole_number(entry.get("carrommen", 0), "carrommen", 0, 9),
            queen=queen,
            breaker=breaker,
        )
    except RulesError as err:
        raise _located(err, path) from None


def replay_game_document(data: Any) -> dict[str, Any]:
    """Replay a ``carrom-game/1`` document into ``carrom-game-state/1``."""
    format_of(data, GAME_FORMAT)
    rules = get_rules(data.get("rules", "icf"))
    if rules.family == "points":
        return _replay_point_game(data, rules)
    check_fields(data, _GAME_KEYS, "the game")
    stage = _stage(data)
    players = _players(data)
    first = data.get("first_breaker", players[0])
    if first not in players:
        raise document_error("bad_breaker", "first_breaker must be one of the players")
    time_up = flag(data.get("time_up", False), "time_up")
    boards = data.get("boards", [])
    if not isinstance(boards, list):
        raise document_error("bad_boards", "boards must be a list")
    entries = [parse_board_entry(b, players, f"boards[{i}]") for i, b in enumerate(boards)]
    game = derive_game(
        entries, players=players, first_breaker=first, rules=rules, stage=stage, time_up=time_up
    )
    return game.to_dict()


def _replay_point_game(data: dict[str, Any], rules: RuleSet) -> dict[str, Any]:
    """A point-carrom game (seed 003): ``players`` in turn order, boards as
    ``{"points": {...}}`` or ``{"log": {...}}`` (a point-carrom board log, replayed from the
    game's score before it), each optionally with its ``breaker``; ``stage``, ``time_up`` and
    ``settings`` as in a point board. Counted by :func:`~.point.derive_point_games`."""
    from .point import (
        PointAwardEntry,
        PointEntry,
        PointPlayedEntry,
        derive_point_games,
        parse_point_event,
        rules_with_settings,
    )

    check_fields(data, _GAME_KEYS | {"settings"}, "the game")
    base = rules
    rules = rules_with_settings(rules, data.get("settings"))
    stage = _stage(data)
    players = data.get("players")
    if (
        not isinstance(players, list)
        or len(players) < 2
        or not all(isinstance(p, str) and p for p in players)
        or len(set(players)) != len(players)
    ):
        raise document_error("bad_players", "players must be two or more different names")
    players_t = tuple(players)
    first = data.get("first_breaker", players[0])
    if not isinstance(first, str) or first not in players:
        raise document_error("bad_breaker", "first_breaker must be one of the players")
    time_up = flag(data.get("time_up", False), "time_up")
    boards = data.get("boards", [])
    if not isinstance(boards, list):
        raise document_error("bad_boards", "boards must be a list")
    entries: list[PointEntry] = []
    for i, entry in enumerate(boards):
        path = f"boards[{i}]"
        try:
            entry = json_object(entry, "a board entry")
            breaker = entry.get("breaker")
            if breaker is not None and (not isinstance(breaker, str) or breaker not in players):
                raise document_error("bad_breaker", "breaker must be one of the players")
            if "log" in entry:
                check_fields(entry, {"log", "breaker"}, "a board entry")
                log = json_object(entry["log"], "log")
                format_of(log, BOARD_FORMAT)
                check_fields(
                    log,
                    {
                        "format",
                        "rules",
                        "players",
                        "events",
                        "scores",
                        "settings",
                        "breaker",
                        "start",
                    },
                    "the board",
                )
                if log.get("rules", base.key) != base.key:
                    raise document_error(
                        "rules_mismatch",
                        f"the board is played under "
                        f"{log.get('rules')!r}, the game under {base.key!r}",
                    )
                if "settings" in log and rules_with_settings(rules, log["settings"]) != rules:
                    raise document_error(
                        "settings_mismatch", "the board's settings differ from the game's"
                    )
                if log.get("start") is not None:
                    raise document_error("bad_start", "point carrom boards start from the opening")
                named = log.get("players", players)
                if (
                    not isinstance(named, list)
                    or sorted(map(str, named)) != sorted(players)
                    or len(named) != len(players)
                ):
                    raise document_error(
                        "players_mismatch", "the board's players are not the game's"
                    )
                log_breaker = log.get("breaker")
                if log_breaker is not None:
                    if breaker is not None and log_breaker != breaker or log_breaker not in players:
                        raise document_error(
                            "bad_breaker", "the board's breaker is not the entry's"
                        )
                    breaker = log_breaker
                # the log's own scores give way to the game's (README, carrom-game/1)
                events = events_of(log)
                parsed = []
                for j, item in enumerate(events):
                    try:
                        parsed.append(parse_point_event(item))
                    except RulesError as err:
                        raise err.at(f"events[{j}]") from None
                entries.append(PointPlayedEntry(tuple(parsed), breaker))
            else:
                check_fields(entry, {"points", "breaker"}, "a board entry")
                points = json_object(entry.get("points"), "points")
                check_fields(points, set(players), "points")
                entries.append(
                    PointAwardEntry(
                        tuple(
                            (p, whole_number(points[p], f"points.{p}"))
                            for p in players
                            if p in points
                        ),
                        breaker,
                    )
                )
        except RulesError as err:
            raise _located(err, path) from None
    game = derive_point_games(entries, players_t, rules, first, stage=stage, time_up=time_up)
    return game.to_dict()


def replay_match_document(data: Any) -> dict[str, Any]:
    """Replay a ``carrom-match/1`` document into ``carrom-match-state/1``."""
    format_of(data, MATCH_FORMAT)
    check_fields(data, _MATCH_KEYS, "the match")
    rules = get_rules(data.get("rules", "icf"))
    if rules.family == "points":
        # rulebook, engine details: point carrom has no best-of-three of two sides
        raise document_error(
            "wrong_family", "point carrom has no match of two sides: replay its games"
        )
    stage = _stage(data)
    players = _players(data)
    toss = json_object(data.get("toss", {"winner": players[0], "chose": "break"}), "toss")
    check_fields(toss, {"winner", "chose"}, "toss")
    if toss.get("winner", players[0]) not in players:
        raise document_error("bad_toss", "toss.winner must be one of the players")
    if toss.get("chose", "break") not in ("break", "side"):
        raise document_error("bad_toss", "toss.chose must be 'break' or 'side'")
    games = data.get("games", [])
    if not isinstance(games, list):
        raise document_error("bad_games", "games must be a list")
    parsed = []
    for g, boards in enumerate(games):
        if not isinstance(boards, list):
            raise document_error("bad_games", f"games[{g}] must be a list of boards").at(
                f"games[{g}]"
            )
        parsed.append(
            [parse_board_entry(b, players, f"games[{g}].boards[{i}]") for i, b in enumerate(boards)]
        )
    match = derive_match(
        parsed,
        players=players,
        toss_winner=toss.get("winner", players[0]),
        toss_choice=toss.get("chose", "break"),
        rules=rules,
        stage=stage,
    )
    return match.to_dict()
