"""The tablet's offline rules engine bundle (:mod:`scoring.offline.bundle`), served under
its content hash so that browsers and the service worker may keep it for good."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import URLPattern, path, reverse
from django.views.decorators.http import require_GET

from scoring.offline import bundle


def bundle_url() -> str:
    return reverse("scoring:umpire-engine", args=[bundle.current().digest])


@login_not_required
@require_GET
def engine_bundle(request: HttpRequest, digest: str) -> HttpResponse:
    """The zip of ``scoring/rules`` and its words (public: it is the app's own source)."""
    current = bundle.current()
    if digest != current.digest:
        raise Http404("no such engine bundle")
    response = HttpResponse(current.data, content_type="application/zip")
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


urlpatterns: list[URLPattern] = [
    path("umpire-engine/<str:digest>.zip", engine_bundle, name="umpire-engine"),
]
