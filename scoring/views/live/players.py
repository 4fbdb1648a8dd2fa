"""The tournament's players and one player's page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scoring.conditional import conditional
from scoring.models import Player
from scoring.selectors import live as sel
from scoring.selectors.live import lookups
from scoring.views.live.common import by_tournament, tournament_or_404


@login_not_required
@require_safe
@conditional("players-page", by_tournament, page=True)
def players_page(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    return render(
        request,
        "scoring/live/players.html",
        {
            "tournament": tournament,
            "players": sel.tournament_players(tournament),
        },
    )


@login_not_required
@require_safe
@conditional("player-page", by_tournament, page=True)
def player_page(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    tournament = tournament_or_404(slug)
    try:
        player = lookups.get_player(player_id)
    except Player.DoesNotExist:
        raise Http404 from None
    page = sel.player_page(tournament, player)
    if not page.entries:
        raise Http404(_("This player is not entered in this tournament."))
    return render(
        request,
        "scoring/live/player.html",
        {
            "tournament": tournament,
            "page": page,
            "stats": page.stats,
        },
    )
