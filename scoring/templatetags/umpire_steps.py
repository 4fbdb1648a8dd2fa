"""The interval before the deciding game (IT 102) for pages beside the tablet: the organiser's
match page shows it with "End the interval now" (templates/scoring/umpire/_interval_end.html)."""

from __future__ import annotations

import uuid
from typing import Any

from django import template
from django.utils import timezone

from scoring.records import match_snapshot
from scoring.selectors.umpire import tablet
from scoring.selectors.umpire_matches import steps_done

register = template.Library()


@register.simple_tag
def interval_of(match: Any) -> dict[str, Any] | None:
    """The running interval of ``match`` (its end, its step), or None."""
    if match is None or getattr(match, "is_locked", False):
        return None
    view = tablet(match_snapshot(match))
    if not view.card or not view.interval_end or view.interval_end <= timezone.now():
        return None
    if view.step_key in steps_done(match)["interval_ended"]:
        return None
    return {"end": view.interval_end, "step": view.step_key, "client_id": uuid.uuid4()}
