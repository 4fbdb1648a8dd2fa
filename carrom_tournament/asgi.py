"""ASGI entry point, kept for a later server-sent-events option (not used yet)."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "carrom_tournament.settings")

application = get_asgi_application()
