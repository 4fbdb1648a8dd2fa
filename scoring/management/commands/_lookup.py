"""Shared argument handling of the management commands (not a command: the name starts with
an underscore)."""

from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from scoring.models import Tournament


def tournament_from_key(key: str) -> Tournament:
    """The tournament named by its slug or id.

    :raises CommandError: no such tournament.
    """
    tournament = Tournament.objects.filter(slug=key).first()
    if tournament is None and key.isdigit():
        tournament = Tournament.objects.filter(pk=int(key)).first()
    if tournament is None:
        raise CommandError(_("no tournament with the slug or id %(key)r") % {"key": key})
    return tournament
