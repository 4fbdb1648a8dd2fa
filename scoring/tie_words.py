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


def tiebreak_label(code: str) -> str:
    """A team table's criterion (``scoring.draws.ties.TEAM_TIEBREAKS``) in words."""
    return {
        "tie_points": _("tie points"),
        "rubber_difference": _("rubber difference"),
        "game_difference": _("game difference"),
        "point_difference": _("point difference"),
        "rubbers_won": _("rubbers won"),
    }.get(code, code)


def decided_by_text(code: str) -> str:
    """Why a team is below the one above it: "" when level on everything."""
    if not code:
        return ""
    return _("Behind on %(criterion)s") % {"criterion": tiebreak_label(code)}
