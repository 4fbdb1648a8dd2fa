"""Pages anyone may see without logging in."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.http import require_GET

from scoring.selectors.live import all_tournaments


@login_not_required
@require_GET
def home(request: HttpRequest) -> HttpResponse:
    tournaments = all_tournaments()
    return render(request, "scoring/public/home.html", {"tournaments": tournaments})


@login_not_required
@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico on pages without an icon link (e.g. the admin)."""
    return redirect(static("favicon.svg"), permanent=True)
