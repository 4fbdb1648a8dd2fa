"""What every live page module uses: the objects of a URL (read through the
live selectors; a 404 when missing, with a sentence for a match or an
event of another tournament), the ETag validators of each kind of page, and the polling
intervals, and :func:`page_and_part` (a page and its polled part under
:func:`scoring.conditional.conditional`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scoring.conditional import MaxAge, conditional
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


def page_and_part(
    names: tuple[str, str],
    kinds: tuple[str, str],
    validator: Callable[..., Any],
    template: str,
    part: str,
    context: Callable[..., dict[str, Any]],
    *,
    part_max_age: MaxAge = 0.0,
) -> tuple[Callable[..., HttpResponse], Callable[..., HttpResponse]]:
    """A public live page and its polled part (``template#part``), both drawn from
    ``context(request, **url kwargs)`` and checked against ``validator`` under their ETag
    ``kinds`` (page, part); the page's ETag also depends on who is logged in, the part's is
    answered early (its kept copy unasked while younger than ``part_max_age`` seconds).
    Returns the two views, with their ``names``."""

    def page_view(request: HttpRequest, **kwargs: Any) -> HttpResponse:
        return render(request, template, context(request, **kwargs))

    def part_view(request: HttpRequest, **kwargs: Any) -> HttpResponse:
        return render(request, f"{template}#{part}", context(request, **kwargs))

    page_view.__name__ = page_view.__qualname__ = names[0]
    part_view.__name__ = part_view.__qualname__ = names[1]
    return (
        login_not_required(require_safe(conditional(kinds[0], validator, page=True)(page_view))),
        login_not_required(
            require_safe(conditional(kinds[1], validator, max_age=part_max_age)(part_view))
        ),
    )
