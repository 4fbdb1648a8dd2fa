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
        # a team tie's match follows its rubbers (issue 34)
        from scoring.services import ties

        ties.connect()
        # ratings: a changed result re-rates its tournament's rating from its date on
        from scoring.services import ratings

        ratings.connect()
        # house presets: the engine finds a stored preset's rule set by its key
        from scoring.rules.presets import add_resolver
        from scoring.selectors.house_presets import rules_for_key

        add_resolver(rules_for_key)
        # a saved tournament's zone is forgotten by every process, also one answering no page
        zone_middleware.connect()
