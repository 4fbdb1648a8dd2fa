"""URLs of the scoring app (namespace ``scoring``).

Each area keeps its URL list beside its views (``scoring/views/<area>.py: urlpatterns``) so that
areas change independently: public pages at the top, the umpire tablet under ``u/<token>/`` and
``m/<id>/score/``, organiser pages under ``t/<slug>/organiser/``, live pages under ``t/<slug>/``,
printing under ``print/``, the JSON API under ``api/v1/``.
"""

from __future__ import annotations

from django.urls import URLPattern, path, register_converter

from scoring.converters import IdConverter
from scoring.views import (
    api,
    api_description,
    api_seasons,
    checkin,
    draw_pins,
    engine,
    exports,
    live,
    organiser,
    people,
    printing,
    public,
    ratings,
    round_clock,
    seasons,
    teams,
    time_up,
    trust,
    umpire,
)

app_name = "scoring"

register_converter(IdConverter, "id")


def _bounded(patterns: list[URLPattern]) -> list[URLPattern]:
    """Every ``<int:…>`` of the areas' URL lists as ``<id:…>`` (at most 18 digits): an id
    beyond what the database holds is no URL (404), never an overflow in a query (issue 16)."""
    out = []
    for pattern in patterns:
        route = str(pattern.pattern)
        if "<int:" in route:
            pattern = path(
                route.replace("<int:", "<id:"), pattern.callback, pattern.default_args, pattern.name
            )
        out.append(pattern)
    return out


urlpatterns = _bounded(
    [
        path("", public.home, name="home"),
        path("favicon.ico", public.favicon, name="favicon"),
        *umpire.urlpatterns,
        *engine.urlpatterns,
        *time_up.urlpatterns,
        *round_clock.urlpatterns,
        *organiser.urlpatterns,
        *draw_pins.urlpatterns,
        *people.urlpatterns,
        *checkin.urlpatterns,
        *exports.urlpatterns,
        *live.urlpatterns,
        *printing.urlpatterns,
        *api.urlpatterns,
        *api_seasons.urlpatterns,
        *seasons.urlpatterns,
        *api_description.urlpatterns,
        *teams.urlpatterns,
        *trust.urlpatterns,
        *ratings.urlpatterns,
    ]
)
