"""The objects a live page's URL names (a tournament by its slug, a player, a table by its
number) and the events a hall screen rotates through: one query each. Missing ones raise
``DoesNotExist`` (the view answers 404 with a sentence) or are ``None``."""

from __future__ import annotations

from scoring.models import Event, Player, Table, Tournament


def get_tournament(slug: str) -> Tournament:
    """:raises Tournament.DoesNotExist:"""
    return Tournament.objects.get(slug=slug)


def get_player(player_id: int) -> Player:
    """:raises Player.DoesNotExist:"""
    return Player.objects.get(pk=player_id)


def table_at(tournament: Tournament, number: int) -> Table | None:
    """Table ``number`` of the tournament, if the hall has it."""
    return Table.objects.filter(tournament=tournament, number=number).first()


def tournament_events(tournament: Tournament) -> list[Event]:
    """The tournament's events in their order (the hall's slides)."""
    return list(Event.objects.filter(tournament=tournament))
