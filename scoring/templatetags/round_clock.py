"""Template tags of the round's clock: the server's "now" for ``static/js/round-clock.js``."""

from __future__ import annotations

from django import template
from django.utils import timezone

register = template.Library()


@register.simple_tag
def server_now_ms() -> int:
    """The server's clock in ms since 1970, rendered into a page that is never kept (the
    countdowns of its polled regions are corrected by it: a region may come from a cache)."""
    return int(timezone.now().timestamp() * 1000)
