"""What the draw services share (issue 13): the statuses and formats they test, their error,
and the small helpers every module that saves rounds and matches uses. The draw services
(:mod:`.draws`, :mod:`.draw_brackets`, :mod:`.draw_progress`, :mod:`.draw_edits`,
:mod:`.walkovers`, :mod:`.results_flow`) import this module; it imports none of them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_noop

from scoring.draws import Reason
from scoring.models import Event, Match, Round
from scoring.records.draw_state import DRAWABLE as DRAWABLE
from scoring.records.draw_state import ELIMINATION as ELIMINATION
from scoring.services.audit import Actor
from scoring.services.errors import ServiceError

SYSTEM = Actor(via="system", device="draw")
BRACKETS = (
    Round.Bracket.MAIN,
    Round.Bracket.WINNERS,
    Round.Bracket.LOSERS,
    Round.Bracket.FINAL,
    Round.Bracket.PLACEMENT,
)
NOT_STARTED = (Match.Status.SCHEDULED, Match.Status.READY)
READY = Match.Status.READY.value  # a plain string: sent to the database as it is

#: Round names stored in the database (English); pages translate them with gettext.
ROUND_NAMES = (
    gettext_noop("Final"),
    gettext_noop("Semi-final"),
    gettext_noop("Quarter-final"),
    gettext_noop("Round of 16"),
    gettext_noop("Round of 32"),
    gettext_noop("Round of 64"),
    gettext_noop("Round of 128"),
    gettext_noop("Round of 256"),
    gettext_noop("Round of 512"),
    gettext_noop("Round of 1024"),
    gettext_noop("Third-place match"),
    gettext_noop("Winners final"),
    gettext_noop("Losers final"),
    gettext_noop("Grand final"),
    gettext_noop("Grand final (reset)"),
)


class DrawServiceError(ServiceError):
    """A draw the organiser cannot make now; ``code``/``params`` are translated by the view
    (codes of :class:`scoring.draws.types.DrawError` pass through)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, **params)


def separation_key(event: Event) -> str | None:
    """ "club" or "nation" when the event keeps players of one apart (issue 14), else None."""
    value = event.settings.get("separate")
    return value if value in ("club", "nation") else None


def games_to_win(event: Event, *, number: int, stage: str) -> int:
    single = int(event.settings.get("single_game_rounds") or 0)
    if stage == "early" and number <= single:
        return 1
    return event.games_to_win


def reason_json(reason: Reason, *, numbers: dict[str, int] | None = None) -> dict[str, Any]:
    """A pure :class:`Reason` as JSON; knock-out feeds name match numbers, not slot ids."""
    params = dict(reason.params)
    if reason.code == "ko_feed":
        return {"code": "ko_feed", "params": {}}
    return {
        "code": reason.code,
        "params": {k: v for k, v in params.items() if isinstance(v, (int, str, float))},
    }


def next_match_number(event: Event) -> int:
    last = (
        Match.objects.filter(event=event)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    return (last or 0) + 1


def decided_fields(now: Any, **extra: Any) -> dict[str, Any]:
    return {"status": Match.Status.CONFIRMED, "finished_at": now, "confirmed_at": now, **extra}
