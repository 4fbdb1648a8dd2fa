"""Template tags of the tournament day (issue 15): an event's placings and podium."""

from __future__ import annotations

from django import template

from scoring.models import Event
from scoring.standings.placings import Placing, event_placings, podium

register = template.Library()


@register.simple_tag
def event_podium(event: Event) -> dict[str, list[Placing]]:
    """``{% event_podium event as result %}``: ``result.podium`` (places 1–3 once the winner
    is known) and ``result.placings`` (every entry with its place)."""
    placings = event_placings(event) if event.kind != Event.Kind.POINTS else []
    return {"podium": podium(placings), "placings": placings}
