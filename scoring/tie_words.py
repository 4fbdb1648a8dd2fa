"""The built-in tie formats' names in the reader's language (their data keeps English names,
``scoring.draws.ties.BUILT_IN``); an organiser's own format keeps the name it was given."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.draws.ties import TieFormat


def format_name(fmt: TieFormat) -> str:
    names = {
        "sds": _("S-D-S, best of three rubbers, stop when decided"),
        "4s1d": _("4 singles + 1 doubles, all played"),
    }
    return names.get(fmt.key, fmt.name)
