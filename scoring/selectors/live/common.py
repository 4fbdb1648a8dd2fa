"""What the live pages share: the match statuses, the query of a listed match, and the labels of
sides, colours, statuses and the queen.
"""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.models import Match
from scoring.rulings import colour_word
from scoring.standings.results import DONE

SIDES = ("a", "b")


LIVE = (Match.Status.CALLED, Match.Status.PLAYING)


MATCH_RELATED = (
    "event__tournament",
    "round",
    "table",
    "entry_a__player",
    "entry_a__partner",
    "entry_b__player",
    "entry_b__partner",
    "entry_c__player",
)


def api_status(status: str) -> str:
    """The three public states of the API: scheduled, playing, finished."""
    if status in DONE:
        return "finished"
    if status == Match.Status.PLAYING:
        return "playing"
    return "scheduled"


def is_over(match: Match) -> bool:
    return match.status in DONE


def match_queryset() -> QuerySet[Match]:
    return Match.objects.select_related(*MATCH_RELATED)


def side_label(match: Match, side: str | None) -> str:
    """The name of a side's entry, or "Bye" / "to be decided"."""
    if side is None:
        return ""
    entry = match.entry_for(side)
    if entry is not None:
        return entry.name
    return _("Bye") if match.bye else _("to be decided")


def colour_name(colour: str | None) -> str:
    return colour_word(colour)


STATUS_LABELS: dict[str, Promise] = {
    Match.Status.SCHEDULED: gettext_lazy("Scheduled"),
    Match.Status.READY: gettext_lazy("Waiting for a table"),
    Match.Status.CALLED: gettext_lazy("Called to the table"),
    Match.Status.PLAYING: gettext_lazy("Playing"),
    Match.Status.FINISHED: gettext_lazy("Finished"),
    Match.Status.CONFIRMED: gettext_lazy("Finished and confirmed"),
}


QUEEN_LABELS = {
    "on_board": gettext_lazy("on the board"),
    "pending_cover:white": gettext_lazy("pocketed by white, cover due"),
    "pending_cover:black": gettext_lazy("pocketed by black, cover due"),
    "covered:white": gettext_lazy("covered by white"),
    "covered:black": gettext_lazy("covered by black"),
}
