"""Views of the trust area: audit trail pages, paper-versus-tablet reconciliation, umpire link
revocation (see docs/ARCHITECTURE.md). Its URLs are listed in ``urlpatterns`` below and
included by ``scoring/urls.py``."""

from __future__ import annotations

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
