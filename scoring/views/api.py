"""Views of the api area (see docs/ARCHITECTURE.md). Its URLs are listed in ``urlpatterns``
below and included by ``scoring/urls.py``."""

from __future__ import annotations

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
