from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        # Results flow: winners advance when a match is confirmed (scoring.services.draws).
        from scoring import zone_middleware
        from scoring.services import draws

        draws.connect()
        # a saved tournament's zone is forgotten by every process, also one answering no page
        zone_middleware.connect()
