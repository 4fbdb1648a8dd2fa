"""``python manage.py replay_boards [SLUG_OR_ID] [--check]``: rebuild the cached results from the
log.

The append-only log of board events is the only truth; the result fields of boards, games and
matches are caches of it (docs/ARCHITECTURE.md). This command replays every board of every match
(of one tournament, or of all) through ``services.matches.rebuild_match`` and names the matches
whose cached results were not what the log gives. ``--check`` changes nothing: each rebuild is
rolled back, so it only reports (exit status 1 when a cache is stale).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.forms.models import model_to_dict

from scoring.management.commands._lookup import tournament_from_key
from scoring.models import Board, Game, Match
from scoring.services.matches import rebuild_match

#: fields a rebuild may touch without the result changing (a write's bookkeeping)
BOOKKEEPING = ("revision", "updated_at", "finished_at")


def cached_results(match_id: int) -> dict[str, Any]:
    """What a match, its games and its boards cache of the log, as plain values."""
    match = Match.objects.get(pk=match_id)
    return {
        "match": model_to_dict(match, exclude=BOOKKEEPING),
        "games": [model_to_dict(g) for g in Game.objects.filter(match=match).order_by("pk")],
        "boards": [
            model_to_dict(b) for b in Board.objects.filter(game__match=match).order_by("pk")
        ],
    }


class Command(BaseCommand):
    help = (
        "Rebuild the cached results of every match (of one tournament, or all) from the "
        "append-only log, and name the matches whose caches were stale."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "tournament", nargs="?", help="slug or id of the tournament (default: all)"
        )
        parser.add_argument(
            "--check",
            action="store_true",
            help="change nothing: only name the matches whose caches differ from the log",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        matches = Match.objects.order_by("pk")
        if options["tournament"]:
            matches = matches.filter(event__tournament=tournament_from_key(options["tournament"]))
        stale: list[int] = []
        ids = list(matches.values_list("pk", flat=True))
        for match_id in ids:
            before = cached_results(match_id)
            with transaction.atomic():
                rebuild_match(Match.objects.get(pk=match_id))
                after = cached_results(match_id)
                if options["check"]:
                    transaction.set_rollback(True)  # nothing changes, nothing follows
            if after != before:
                stale.append(match_id)
                self.stdout.write(f"match {match_id}: cached results differed from the log")
        verb = "differ from" if options["check"] else "were rebuilt from"
        self.stdout.write(
            f"{len(ids)} matches replayed; {len(stale)} {verb} the log"
            + (f" ({', '.join(map(str, stale))})" if stale else "")
        )
        if options["check"] and stale:
            raise CommandError(f"{len(stale)} matches have stale caches", returncode=1)
