"""``{% seeded_by event as seeding %}``: the rating and date an event's draw is seeded by
(issue 33), or None."""

from __future__ import annotations

from typing import Any

from django import template

from scoring.selectors.ratings import seeding_of

register = template.Library()


@register.simple_tag
def seeded_by(event: Any) -> Any:
    return seeding_of(event)
