"""URLs of the scoring app (namespace ``scoring``).

Role in the path, as the layout in docs/ARCHITECTURE.md describes: public pages at the top,
later ``t/<slug>/umpire/…`` and ``t/<slug>/organiser/…``.
"""

from __future__ import annotations

from django.urls import path

from scoring.views import public

app_name = "scoring"

urlpatterns = [
    path("", public.home, name="home"),
    path("favicon.ico", public.favicon, name="favicon"),
]
