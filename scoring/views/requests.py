"""The request as the views that answer htmx see it (django-htmx's middleware sets
``request.htmx``, truthy when htmx sent the request)."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request with django-htmx's ``htmx`` details (the type only: every request the
    middleware has seen is one)."""

    htmx: HtmxDetails
