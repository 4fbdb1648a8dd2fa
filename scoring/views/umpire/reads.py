"""The umpire tablet's reads: the page, the panel, the "other decisions" sheet, the one poll
(the revision and the round clock's chip) and the service worker."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring.conditional import LiveRequest, conditional
from scoring.models import Match
from scoring.selectors import round_clock as clocks
from scoring.selectors.umpire import tablet
from scoring.services import matches as services
from scoring.services.matches import Actor
from scoring.views.requests import HtmxHttpRequest
from scoring.views.umpire.base import (
    PAGE,
    render_tablet,
    respond,
    tablet_context,
    umpire_view,
)

# --- pages -----------------------------------------------------------------------------------


@require_GET
@umpire_view
def board(
    request: HtmxHttpRequest, *, match: Match, actor: Actor, token: str | None
) -> HttpResponse:
    """The umpire tablet: one page, updated by htmx."""
    snapshot = services.match_snapshot(match)
    return render_tablet(request, PAGE, tablet_context(request, tablet(snapshot), token))


@require_GET
@umpire_view
def panel(
    request: HtmxHttpRequest, *, match: Match, actor: Actor, token: str | None
) -> HttpResponse:
    """The current state as an htmx update (after a conflict, or to resynchronise)."""
    notice = _("The screen shows the latest state.") if request.GET.get("reload") else ""
    return respond(request, services.match_snapshot(match), token, notice=notice)


@require_GET
@umpire_view
def actions(
    request: HtmxHttpRequest, *, match: Match, actor: Actor, token: str | None
) -> HttpResponse:
    """The "other decisions" sheet alone: a stroke's answer that changed it carries a loader
    instead, and the tablet fetches the sheet right after (the answer stays small)."""
    view = tablet(services.match_snapshot(match))
    return render_tablet(
        request, "scoring/umpire/_foot_actions.html", tablet_context(request, view, token)
    )


#: The round clock's chip in the tablet's header (templates/scoring/partials/round_clock.html).
CHIP = "scoring/partials/round_clock.html#tablet"


def polled(*, match: Match, actor: Actor, token: str | None) -> tuple[int, clocks.ClockLine | None]:
    """What the tablet's poll brings: the match's revision and its round clock (None without
    one). The clock line leaves the passing time out of its ``repr``, so the ETag changes with
    what the chip draws (a start, added minutes, a stop, the call) and not with the time."""
    return match.revision, clocks.tablet_clock(match)


@require_GET
@umpire_view
@conditional("umpire-poll", polled, page=True)
def state(request: LiveRequest, *, match: Match, actor: Actor, token: str | None) -> HttpResponse:
    """The tablet's one poll (issue 36): the match's revision and the round clock's chip,
    answered 304 while neither changed (the one conditional GET, ``scoring/conditional.py``).
    An idle tablet follows what another tablet records (it then fetches the panel), and the
    chip follows the organiser's clock (static/js/umpire.js puts it in its place)."""
    revision, clock = request.live_value
    chip = render_to_string(CHIP, {"clock": clock}, request=request)
    return JsonResponse({"revision": revision, "clock": chip})


_SW_PATH = finders.find("js/umpire-sw.js") or ""


@login_not_required
@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The tablet's service worker, served at the site's root so that its scope covers the
    scoring pages (``u/<token>/`` and ``m/<id>/score/``): it keeps them and their static
    files for a reopening without network."""
    with open(_SW_PATH, "rb") as source:
        response = HttpResponse(source.read(), content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response
