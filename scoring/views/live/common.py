"""What every live page module uses: the objects of a URL (read through the
live selectors; a 404 when missing, with a sentence for a match or an
event of another tournament), the ETag validators of each kind of page, and the polling
intervals."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _

from scoring.models import Event, Match, Tournament
from scoring.selectors import live as sel
from scoring.selectors.house_presets import rules_summary
from scoring.selectors.live import lookups

#: Seconds between polls (rendered into hx-trigger; the hall rotates its slides itself).
POLL = {"match": 3, "table": 3, "tournament": 10, "event": 30, "overlay": 2}


def tournament_or_404(slug: str) -> Tournament:
    try:
        return lookups.get_tournament(slug)
    except Tournament.DoesNotExist:
        raise Http404 from None


def match_or_404(slug: str, match_id: int) -> Match:
    try:
        return sel.get_match(slug, match_id)
    except Match.DoesNotExist:
        raise Http404(_("No such match in this tournament.")) from None


def event_or_404(slug: str, event_id: int) -> Event:
    try:
        return sel.get_event(slug, event_id)
    except Event.DoesNotExist:
        raise Http404(_("No such event in this tournament.")) from None


def by_match(slug: str, match_id: int, **_kw: Any) -> Any:
    return sel.match_validator(match_id, slug)


def by_event(slug: str, event_id: int, **_kw: Any) -> Any:
    return sel.event_validator(event_id, slug)


def by_standings(slug: str, event_id: int, **_kw: Any) -> Any:
    """Standings change with results only, not with strokes."""
    return sel.event_validator(event_id, slug, decided=True)


def by_tournament(slug: str, **_kw: Any) -> Any:
    return sel.tournament_validator(slug)


def by_table(slug: str, number: int, **_kw: Any) -> Any:
    return sel.table_validator(slug, number)


def page_number(request: HttpRequest) -> int:
    try:
        return max(1, int(request.GET.get("page", "1")))
    except ValueError:
        return 1


def event_context(event: Event) -> dict[str, Any]:
    return {
        "tournament": event.tournament,
        "event": event,
        "has_bracket": event.format != Event.Format.SWISS
        and event.format != Event.Format.SINGLE_MATCH,
        "has_standings": sel.has_standings(event),
        "rules": rules_summary(event.rules, event.tournament_id),
    }
