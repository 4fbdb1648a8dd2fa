"""A point-carrom ``carrom-board/1`` document (``"rules": "point-carrom"``, ``"players"``,
optional ``"scores"``, ``"breaker"`` and ``"settings"``) replayed into
``carrom-point-board-state/1``; a document's ``settings`` checked against
``presets.POINT_SETTINGS`` (exact values only)."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from .errors import InvalidDocument
from .point_step import replay_point
from .presets import POINT_SETTINGS, RuleSet, get_rules

_RULESET_FIELDS = frozenset(f.name for f in fields(RuleSet))


def rules_with_settings(rules: RuleSet, settings: Any) -> RuleSet:
    """``rules`` with a document's point-carrom ``settings`` (``POINT_SETTINGS``)."""
    if settings is None:
        return rules
    if not isinstance(settings, dict):
        raise InvalidDocument("bad_settings", "settings must be an object", where="-")
    if rules.family != "points":
        raise InvalidDocument("unknown_field", "settings apply to point carrom only", where="-")
    changes = {}
    for key, value in settings.items():
        setting = POINT_SETTINGS.get(key)
        if setting is None:
            raise InvalidDocument("unknown_setting", f"unknown setting {key!r}", where="-")
        # exact values only: 1 is not true, 0 is not false
        if not any(type(value) is type(c) and value == c for c in setting.choices):
            shown = ", ".join(json_text(c) for c in setting.choices)
            raise InvalidDocument("bad_setting", f"setting {key} must be one of {shown}", where="-")
        if key in _RULESET_FIELDS:
            changes[key] = value
        # "first_breaker": "toss" is how the preset finds the first breaker (by lot, seed
        # 003): a document names its breaker itself ("breaker", "first_breaker")
    return replace(rules, **changes)


def json_text(value: object) -> str:
    """A setting's value as the document writes it (true, "toss")."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else str(value)


def replay_point_board_document(data: dict[str, Any]) -> dict[str, Any]:
    """Replay a point-carrom ``carrom-board/1`` document."""
    allowed = {"format", "rules", "players", "scores", "events", "start", "settings", "breaker"}
    unknown = set(data) - allowed
    if unknown:
        raise InvalidDocument("unknown_field", f"unknown field {sorted(unknown)[0]!r}", where="-")
    if data.get("start") is not None:
        raise InvalidDocument("bad_start", "point carrom boards start from the opening", where="-")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise InvalidDocument("bad_players", "players must be a list of names", where="-")
    rules = rules_with_settings(get_rules(data.get("rules")), data.get("settings"))
    scores = data.get("scores")
    if scores is not None and not (
        isinstance(scores, dict)
        and all(k in players and type(v) is int and v >= 0 for k, v in scores.items())
    ):
        raise InvalidDocument(
            "bad_scores", "scores must map players to their game scores", where="-"
        )
    breaker = data.get("breaker")
    if breaker is not None and breaker not in players:
        raise InvalidDocument("bad_breaker", "breaker must be one of the players", where="-")
    events = data.get("events", [])
    if not isinstance(events, list):
        raise InvalidDocument("bad_events", "events must be a list", where="-")
    try:
        position = replay_point(events, tuple(players), rules, breaker, scores)
    except InvalidDocument as err:
        raise InvalidDocument(err.code, err.message, where="-") from None
    return position.to_state(rules)
