"""WSGI entry point, used by gunicorn: ``gunicorn carrom_tournament.wsgi``."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "carrom_tournament.settings")

application = get_wsgi_application()

from carrom_tournament.warmup import warm_up  # noqa: E402 - needs the settings loaded

warm_up()
