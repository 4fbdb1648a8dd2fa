"""House presets as data: a rule set an organiser composes from a preset and the documented
switches (``rules/LAWS.md`` §4, "with switches for every row above").

A house preset is a built-in preset (its ``base``) plus the switches it sets otherwise::

    compose("icf", {"game_points": 29, "queen_value": 5, "board_max": 14,
                    "off_board_foul": True}, name="UK 29")

:func:`compose` checks every switch and every combination and refuses what the engine cannot
play with an :class:`~.errors.InvalidDocument` whose ``where`` is ``switches.<switch>`` and
whose message names the switch. The composed :class:`~.presets.RuleSet` gets a key derived
from its content (``h-`` and ten hex digits), so the same switches always give the same key
and :func:`~.presets.get_rules` finds it again (content-addressed, never stale).

In the interchange format a document plays a house preset by naming the base in ``rules`` and
adding ``"switches"`` (:func:`with_switches`, read by the command); ``python -m scoring.rules
replay --rules PRESET.json FILE`` replays a file under a preset file
(``"format": "carrom-rules/1"``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .errors import InvalidDocument
from .presets import ICF, POINT_SETTINGS, RULESETS, RuleSet, get_rules, remember

RULES_FORMAT = "carrom-rules/1"

#: The codes of a combination the engine cannot play (each names the switch in ``where``).
COMBINATION_CODES = (
    "board_max_unreachable",
    "board_max_below_queen",
    "queen_cutoff_never",
    "late_limit_below",
)

#: What a time-up does to a board in play (the event's ``time_up_board`` setting).
TIME_UP_CHOICES = ("finish", "stop")


@dataclass(frozen=True, slots=True)
class Switch:
    """One documented switch: its kind, its range, the law it changes and its words."""

    key: str
    #: "int", "int_or_none" (None switches the rule off), "bool" or "choice".
    kind: str
    law: str
    text: str
    low: int = 0
    high: int = 99
    choices: tuple[object, ...] = ()
    #: Which families it applies to ("colours", "points").
    families: tuple[str, ...] = ("colours", "points")

    def check(self, value: Any) -> object:
        """``value`` if it is one this switch takes, else an error naming the switch."""
        where = f"switches.{self.key}"
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidDocument(
                    "bad_switch", f"{self.key} must be true or false", where=where
                )
            return value
        if self.kind == "choice":
            if value not in self.choices:
                options = ", ".join(repr(c) for c in self.choices)
                raise InvalidDocument(
                    "bad_switch", f"{self.key} must be one of {options}", where=where
                )
            return value
        if value is None and self.kind == "int_or_none":
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            off = " or null" if self.kind == "int_or_none" else ""
            raise InvalidDocument(
                "bad_switch", f"{self.key} must be a whole number{off}", where=where
            )
        if not self.low <= value <= self.high:
            raise InvalidDocument(
                "bad_switch",
                f"{self.key} must be {self.low} to {self.high}, not {value}",
                where=where,
            )
        return value


#: The documented switches, in the order a form and a sheet show them.
SWITCHES: dict[str, Switch] = {
    s.key: s
    for s in (
        Switch("game_points", "int", "ICF 56", "Points that win a game", low=1, high=99),
        Switch(
            "board_limit",
            "int",
            "ICF 56(b)",
            "Board limit up to the pre-quarter-finals (the leader after it wins)",
            low=1,
            high=50,
        ),
        Switch(
            "late_board_limit",
            "int_or_none",
            "DCV 56(c)",
            "Board limit from the quarter-finals on (null: none)",
            low=1,
            high=50,
        ),
        Switch(
            "extra_board_on_tie",
            "bool",
            "ICF 56(b)",
            "A tie after the board limit is decided by one extra board",
            families=("colours",),
        ),
        Switch(
            "queen_value",
            "int",
            "ICF 52(b)",
            "The queen's value",
            low=1,
            high=20,
            families=("colours",),
        ),
        Switch(
            "queen_cutoff",
            "int_or_none",
            "ICF 54",
            "The queen counts while the winner's score before the board is at most this "
            "(null: always)",
            low=0,
            high=98,
            families=("colours",),
        ),
        Switch(
            "board_max",
            "int",
            "ICF 55",
            "Points a board is worth at most",
            low=1,
            high=40,
            families=("colours",),
        ),
        Switch("off_board_foul", "bool", "ICF 65", "A piece leaving the board is a foul"),
        Switch(
            "time_limit",
            "int_or_none",
            "tournament rule",
            "Time limit of a round in minutes (null: none)",
            low=1,
            high=600,
            families=("colours",),
        ),
        Switch(
            "time_up",
            "choice",
            "tournament rule",
            'When time is up, the board in play is finished ("finish") or not counted ("stop")',
            choices=TIME_UP_CHOICES,
            families=("colours",),
        ),
        Switch(
            "queen_right_same_stroke",
            "bool",
            "ICF 92, 95(a)",
            POINT_SETTINGS["queen_right_same_stroke"].text,
            families=("points",),
        ),
        Switch(
            "game_end",
            "choice",
            "seed 003",
            POINT_SETTINGS["game_end"].text,
            choices=POINT_SETTINGS["game_end"].choices,
            families=("points",),
        ),
    )
}


def _base(key: Any) -> RuleSet:
    if not isinstance(key, str) or key not in RULESETS:
        known = ", ".join(k for k, r in RULESETS.items() if r.base is None)
        raise InvalidDocument(
            "unknown_rules", f"unknown rules preset {key!r} (known: {known})", where="rules"
        )
    rules = RULESETS[key]
    if rules.base is not None:
        # A built-in house preset (uk-29) as a base: its own base with its switches under.
        return rules
    return rules


def _value(rules: RuleSet, key: str) -> object:
    return getattr(rules, key)


def content_key(base: str, switches: Mapping[str, object]) -> str:
    """The key of a composed rule set: ``h-`` and ten hex digits of its content."""
    text = json.dumps(
        {"base": base, "switches": dict(sorted(switches.items()))},
        sort_keys=True,
        separators=(",", ":"),
    )
    return "h-" + hashlib.sha256(text.encode()).hexdigest()[:10]


def compose(base: Any, switches: Any, *, name: str = "", key: str | None = None) -> RuleSet:
    """The rule set ``base`` with ``switches`` set otherwise (LAWS.md §4).

    Switches equal to the base's value are dropped, so the result keeps only the differences.

    :raises InvalidDocument: an unknown base (``where="rules"``), an unknown switch, a value
        out of range, a switch that does not apply to the base's game, or a combination the
        engine cannot play (``where="switches.<switch>"``, the message names the switch).
    """
    start = _base(base)
    if switches is None:
        switches = {}
    if not isinstance(switches, dict):
        raise InvalidDocument("bad_switches", "switches must be an object", where="switches")
    merged: dict[str, object] = dict(start.switches)
    for switch_key, value in switches.items():
        switch = SWITCHES.get(switch_key) if isinstance(switch_key, str) else None
        if switch is None:
            known = ", ".join(SWITCHES)
            raise InvalidDocument(
                "unknown_switch",
                f"unknown switch {switch_key!r} (known: {known})",
                where=f"switches.{switch_key}",
            )
        checked = switch.check(value)
        if start.family not in switch.families:
            raise InvalidDocument(
                "switch_not_for_family",
                f"{switch_key} does not apply to {start.name}",
                where=f"switches.{switch_key}",
            )
        merged[switch_key] = checked
    root = RULESETS[start.base] if start.base is not None else start
    differences = {k: v for k, v in merged.items() if _value(root, k) != v}
    composed = replace(root, **differences)  # type: ignore[arg-type]
    if "queen_cutoff" in differences or "queen_value" in differences:
        # The special cases "by the queen's value" give 1 past the cutoff (ICF 102-109), and
        # the full value when there is no cutoff (as queen-5).
        reduced = composed.queen_value if composed.queen_cutoff is None else 1
        composed = replace(composed, reduced_queen_value=reduced)
    _check_combination(composed, differences, set(switches))
    ordered = {k: differences[k] for k in SWITCHES if k in differences}
    content = content_key(root.key, ordered)
    return remember(
        replace(
            composed,
            key=key or content,
            name=name or root.name,
            name_de=name or root.name_de,
            differences=tuple(describe(root, ordered)),
            base=root.key,
            switches=tuple(ordered.items()),
        )
    )


def _check_combination(rules: RuleSet, changed: Mapping[str, object], given: set[str]) -> None:
    """Combinations the engine cannot play, each refused naming the switch that breaks it
    (one of those ``given``, where it can)."""
    if rules.family != "colours":
        return
    most = rules.carrommen_per_colour + rules.queen_value
    blame = "queen_value" if "queen_value" in given and "board_max" not in given else "board_max"
    if rules.board_max > most:
        raise InvalidDocument(
            "board_max_unreachable",
            f"board_max {rules.board_max} cannot be reached with queen_value "
            f"{rules.queen_value}: a board holds {rules.carrommen_per_colour} carrommen and "
            f"the queen, at most {most}",
            where=f"switches.{blame}",
        )
    if rules.board_max < rules.queen_value:
        raise InvalidDocument(
            "board_max_below_queen",
            f"board_max {rules.board_max} is below queen_value {rules.queen_value}: a board "
            "won by the queen's value (ICF 107) would not fit",
            where=f"switches.{blame}",
        )
    if (
        rules.queen_cutoff is not None
        and rules.queen_cutoff >= rules.game_points
        and ("queen_cutoff" in changed or "game_points" in changed)
    ):
        blame = (
            "game_points"
            if "game_points" in given and "queen_cutoff" not in given
            else "queen_cutoff"
        )
        raise InvalidDocument(
            "queen_cutoff_never",
            f"queen_cutoff {rules.queen_cutoff} can never apply: a game ends at "
            f"game_points {rules.game_points}; set queen_cutoff below it or to null",
            where=f"switches.{blame}",
        )
    if (
        rules.late_board_limit is not None
        and rules.late_board_limit < rules.board_limit
        and "late_board_limit" in changed
    ):
        raise InvalidDocument(
            "late_limit_below",
            f"late_board_limit {rules.late_board_limit} is below board_limit "
            f"{rules.board_limit}: later rounds play at least as many boards",
            where="switches.late_board_limit",
        )


def _shown(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def describe(base: RuleSet, switches: Mapping[str, object]) -> list[str]:
    """The switches in words against ``base`` (English; the site translates its own)."""
    return [
        f"{SWITCHES[k].text}: {_shown(v)} ({base.key}: {_shown(_value(base, k))}, "
        f"{SWITCHES[k].law})"
        for k, v in switches.items()
    ]


def differences_from_icf(rules: RuleSet) -> list[tuple[str, object, object]]:
    """Every switch in which ``rules`` differs from ICF: ``(switch, ICF's value, its value)``."""
    reference = ICF if rules.family == "colours" else RULESETS.get(rules.base or rules.key, ICF)
    out = []
    for key, switch in SWITCHES.items():
        if rules.family not in switch.families:
            continue
        mine, theirs = _value(rules, key), _value(reference, key)
        if mine != theirs:
            out.append((key, theirs, mine))
    return out


def rules_document(rules: RuleSet) -> dict[str, Any]:
    """A rule set as a ``carrom-rules/1`` document: its base, switches and name."""
    return {
        "format": RULES_FORMAT,
        "name": rules.name,
        "rules": rules.base or rules.key,
        "switches": dict(rules.switches),
    }


def read_rules_document(data: Any) -> RuleSet:
    """A ``carrom-rules/1`` document (a preset file) as a rule set.

    :raises InvalidDocument: a document that is not one, or any error of :func:`compose`.
    """
    if not isinstance(data, dict) or data.get("format") != RULES_FORMAT:
        raise InvalidDocument(
            "bad_format", f'a rules file has "format": "{RULES_FORMAT}"', where="-"
        )
    unknown = set(data) - {"format", "name", "rules", "switches"}
    if unknown:
        raise InvalidDocument("unknown_field", f"unknown field {sorted(unknown)[0]!r}", where="-")
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > 80:
        raise InvalidDocument(
            "bad_name", "name must be a text of at most 80 characters", where="name"
        )
    return compose(data.get("rules", "icf"), data.get("switches", {}), name=name)


def _rules_field(document: dict[str, Any]) -> tuple[Any, Any]:
    """A document's preset and switches: ``"rules": "icf", "switches": {…}``, or ``rules`` as
    an object (``{"rules" | "base": "icf", "name": …, "switches": {…}}``, a preset file's
    fields)."""
    rules = document.get("rules", "icf")
    switches = document.get("switches")
    if isinstance(rules, dict):
        unknown = set(rules) - {"format", "name", "rules", "base", "switches"}
        if unknown:
            raise InvalidDocument(
                "unknown_field", f"unknown field {sorted(unknown)[0]!r} in rules", where="rules"
            )
        if switches is not None:
            raise InvalidDocument("two_rules", "switches are given twice", where="switches")
        switches = rules.get("switches", {})
        rules = rules.get("rules", rules.get("base", "icf"))
    return rules, switches


def _log_rules(entry: Any, base: Any, rules: RuleSet) -> Any:
    """A game's board entry whose ``log`` names the same preset (with or without the same
    switches), made to name the composed rule set as the game does."""
    if not isinstance(entry, dict) or not isinstance(entry.get("log"), dict):
        return entry
    log = dict(entry["log"])
    log_base, log_switches = _rules_field(log)
    if log_switches is not None:
        composed = compose(log_base, log_switches)
        log.pop("switches", None)
        log["rules"] = composed.key
    elif "rules" in log and log_base == base:
        log["rules"] = rules.key
    return {**entry, "log": log}


def with_switches(data: Any, rules: RuleSet | None = None) -> Any:
    """A document with ``"switches"`` (or ``rules`` as an object, or played under ``rules``,
    a preset file) turned into one the readers know: ``rules`` names the composed rule set,
    in the board logs of a game or match too."""
    if not isinstance(data, dict):
        return data
    base, switches = _rules_field(data)
    if switches is None and rules is None:
        return data
    document = dict(data)
    document.pop("switches", None)
    if rules is None:
        rules = compose(base, switches)
    elif switches is not None:
        raise InvalidDocument(
            "two_rules",
            "the document has switches and a rules file was given: use one",
            where="switches",
        )
    document["rules"] = rules.key
    if isinstance(document.get("boards"), list):
        document["boards"] = [_log_rules(b, base, rules) for b in document["boards"]]
    if isinstance(document.get("games"), list):
        document["games"] = [
            [_log_rules(b, base, rules) for b in g] if isinstance(g, list) else g
            for g in document["games"]
        ]
    return document


def document_rules(rules: RuleSet) -> dict[str, Any]:
    """The ``rules`` (and ``switches``) fields an exported document carries for ``rules``."""
    if rules.base is None:
        return {"rules": rules.key}
    return {"rules": rules.base, "switches": dict(rules.switches)}


__all__ = [
    "COMBINATION_CODES",
    "RULES_FORMAT",
    "SWITCHES",
    "Switch",
    "TIME_UP_CHOICES",
    "compose",
    "content_key",
    "describe",
    "differences_from_icf",
    "document_rules",
    "get_rules",
    "read_rules_document",
    "rules_document",
    "with_switches",
]
