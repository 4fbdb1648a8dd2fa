"""The season's words on other pages (issue 33): a player's club and federation on a
tournament's day (past tournaments keep the club of their day)."""

from __future__ import annotations

from typing import Any

from django import template

from scoring.models import Player, Tournament
from scoring.selectors.seasons import club_on

register = template.Library()


@register.simple_tag
def clubs_on_the_day(player: Player, tournament: Tournament) -> dict[str, Any]:
    """``{"club": …, "federation": …}`` of ``player`` on the tournament's first day (a
    membership's club, else the club named on the player's record)."""
    day = tournament.start_date
    club = club_on(player, day)
    return {
        "club": club.name if club else player.club,
        "federation": club_on(player, day, federation=True),
    }
