from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        # the result flow (draw, call-up, team ties, ratings) is called explicitly by the
        # services: scoring.services.results_flow
        from scoring import zone_middleware

        # house presets: the engine finds a stored preset's rule set by its key
        from scoring.rules.presets import add_resolver
        from scoring.selectors.house_presets import rules_for_key

        add_resolver(rules_for_key)
        # a saved tournament's zone is forgotten by every process, also one answering no page
        zone_middleware.connect()
