"""URLs of the scoring app (namespace ``scoring``).

Each area keeps its URL list beside its views (``scoring/views/<area>.py: urlpatterns``) so that
areas change independently: public pages at the top, the umpire tablet under ``u/<token>/`` and
``m/<id>/score/``, organiser pages under ``t/<slug>/organiser/``, live pages under ``t/<slug>/``,
printing under ``print/``, the JSON API under ``api/v1/``.
"""

from __future__ import annotations

from django.urls import path

from scoring.views import (
    api,
    checkin,
    exports,
    live,
    organiser,
    people,
    printing,
    public,
    trust,
    umpire,
)

app_name = "scoring"

urlpatterns = [
    path("", public.home, name="home"),
    path("favicon.ico", public.favicon, name="favicon"),
    *umpire.urlpatterns,
    *organiser.urlpatterns,
    *people.urlpatterns,
    *checkin.urlpatterns,
    *exports.urlpatterns,
    *live.urlpatterns,
    *printing.urlpatterns,
    *api.urlpatterns,
    *trust.urlpatterns,
]
