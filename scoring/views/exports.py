"""Downloads for federations (organisers only): the placings CSV with licence numbers and the
SoL archive. URLs in ``urlpatterns`` (included by ``scoring/urls.py``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path
from django.views.decorators.http import require_safe

from scoring.services.exports import placings_csv, sol_archive
from scoring.views.organiser.base import get_tournament


@require_safe
def sol(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament as a SoL archive (``.sol``, YAML), for SoL 5 and the circuit's ranking."""
    tournament = get_tournament(request, slug)
    response = HttpResponse(sol_archive(tournament), content_type="application/x-yaml")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.sol"'
    return response


@require_safe
def placings(request: HttpRequest, slug: str) -> HttpResponse:
    """Final placings of every event with the players' licence numbers (CSV, UTF-8)."""
    tournament = get_tournament(request, slug)
    response = HttpResponse(
        "\ufeff" + placings_csv(tournament), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-placings.csv"'
    return response


urlpatterns: list[URLPattern] = [
    path("t/<slug:slug>/organiser/export/sol/", sol, name="exports-sol"),
    path("t/<slug:slug>/organiser/export/placings.csv", placings, name="exports-placings-csv"),
]
