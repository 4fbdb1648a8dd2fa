"""The umpire tablet's reads: the page, the panel, the "other decisions" sheet, the cheap
poll and the service worker."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring.models import Match
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


@require_GET
@umpire_view
def state(
    request: HtmxHttpRequest, *, match: Match, actor: Actor, token: str | None
) -> HttpResponse:
    """The tablet's cheap poll: the match's revision, answered 304 while it is unchanged, so
    an idle tablet follows what another tablet records (it then fetches the panel)."""
    etag = f'"umpire-{match.pk}-{match.revision}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        response = JsonResponse({"revision": match.revision})
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


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
