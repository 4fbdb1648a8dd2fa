"""The rules engine in the umpire tablet's browser while offline (Pyodide; issue 12).

Runs in the browser, never on the server's request path: the tablet hands it the board's log
as the server last showed it (:func:`scoring.selectors.engine_log.engine_log`) and the strokes
queued since, and it replays them through :mod:`scoring.rules` and words the notes with
:mod:`scoring.rulings`, so the rulings shown offline are the server's own. No Django here:
the three translation helpers :mod:`scoring.rulings` imports are stood in for by the standard
library's :mod:`gettext` reading the app's compiled catalogue (``locale/*/django.mo``).
"""

from __future__ import annotations

import gettext
import io
import json
import sys
import types
from typing import Any


def _capfirst(value: Any) -> str:
    text = str(value)
    return text[:1].upper() + text[1:]


def install_words(catalogue: bytes | None) -> None:
    """Give :mod:`scoring.rulings` its ``gettext``/``ngettext``/``capfirst`` without Django:
    the compiled catalogue of the page's language (``None``: English). Does nothing where
    Django is installed (the server)."""
    try:
        import django  # noqa: F401
    except ImportError:
        pass
    else:
        return
    words = (gettext.GNUTranslations(io.BytesIO(catalogue)) if catalogue
             else gettext.NullTranslations())
    translation = types.ModuleType("django.utils.translation")
    translation.gettext = words.gettext  # type: ignore[attr-defined]
    translation.ngettext = words.ngettext  # type: ignore[attr-defined]
    text = types.ModuleType("django.utils.text")
    text.capfirst = _capfirst  # type: ignore[attr-defined]
    utils = types.ModuleType("django.utils")
    utils.translation, utils.text = translation, text  # type: ignore[attr-defined]
    root = types.ModuleType("django")
    root.utils = utils  # type: ignore[attr-defined]
    sys.modules.update({"django": root, "django.utils": utils,
                        "django.utils.translation": translation, "django.utils.text": text})


def _ruling(r: Any) -> dict[str, str]:
    return {"text": r.text, "law": r.law, "tone": r.tone, "code": r.code}


def rule(log: dict[str, Any], pending: list[list[list[str]]]) -> dict[str, Any]:
    """Replay ``log`` (``rules``, ``scores`` by colour, ``names`` by colour, ``events``: the
    board's event payloads) and then each pending stroke (the pad's posted fields): for each
    stroke what it was and the rulings with their law; the position after the last one.
    A stroke the engine refuses gets the reason, and the strokes after it are not ruled."""
    from scoring import rulings
    from scoring.pad import cleaned_fields, stroke_payload
    from scoring.rules import PerColour, RulesError, get_rules, parse_event, step
    from scoring.rules.interchange import parse_start

    if log.get("switches"):  # a house preset: its base and switches (scoring/rules/house.py)
        from scoring.rules.house import compose

        rules = compose(log["rules"], log["switches"])
    else:
        rules = get_rules(log["rules"])
    names = dict(log["names"])
    scores = log["scores"]
    after = parse_start(None, PerColour(int(scores["white"]), int(scores["black"])))
    for payload in log["events"]:
        after = step(after, parse_event(payload), rules, explain=False).position
    items: list[dict[str, Any]] = []
    refused = False
    for fields in pending:
        pairs = [(str(name), str(value)) for name, value in fields]
        if refused or after.finished or after.on_turn is None:
            items.append({"ruled": False})
            continue
        by = dict(pairs).get("by") or after.on_turn
        payload = stroke_payload(cleaned_fields(pairs), by)
        before = after
        try:
            result = step(before, parse_event(payload), rules)
        except RulesError as err:
            refused = True
            items.append({"ruled": True, "error": rulings.error_text(err.code, {}, err.message),
                          "text": rulings.describe_event(payload, names)})
            continue
        after = result.position
        words = (rulings.explain(result.notes, names)
                 + rulings.explained_more(before, after, payload, result.notes, rules, names))
        items.append({"ruled": True, "text": rulings.describe_event(payload, names),
                      "rulings": [_ruling(r) for r in words]})
    result = after.result
    return {"items": items, "position": {
        "on_board": after.on_board.to_dict(), "queen": after.queen, "on_turn": after.on_turn,
        "dues": after.dues.to_dict(), "finished": after.finished,
        "break_made": after.break_made, "break_attempts": after.break_attempts,
        "result": None if result is None else {
            "winner": result.winner, "points": result.points, "law": result.law,
            "void": result.void}}}


def rule_json(log_json: str, pending_json: str) -> str:
    """:func:`rule` for JavaScript: JSON in, JSON out."""
    return json.dumps(rule(json.loads(log_json), json.loads(pending_json)))
