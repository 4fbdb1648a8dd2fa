"""``python manage.py export_sol SLUG_OR_ID -o FILE.sol``: the tournament as a SoL archive.

One SoL tourney per event (point carrom events are left out), written from SoL's documented
portable format (docs/EXPORT.md); SoL 5 loads it, and ``import_sol`` reads it back.
``--event ID`` (repeatable) exports only those events; ``--language de`` (or
``settings.LANGUAGE_CODE``) is the language of its messages.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation
from django.utils.translation import gettext as _

from scoring.management.commands._language import add_language_argument, language_of
from scoring.management.commands._lookup import tournament_from_key
from scoring.services.exports import sol_archive


class Command(BaseCommand):
    help = "Export a tournament's events as a SoL archive (.sol) for the federations' ranking."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", help="slug or id of the tournament")
        parser.add_argument(
            "-o", "--output", default="-", help="file to write (default: standard output)"
        )
        parser.add_argument(
            "--event",
            type=int,
            action="append",
            default=[],
            help="id of an event to export (default: all)",
        )
        add_language_argument(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        with translation.override(language_of(options)):
            self.export(options)

    def export(self, options: dict[str, Any]) -> None:
        tournament = tournament_from_key(options["tournament"])
        events = None
        if options["event"]:
            events = list(tournament.events.filter(pk__in=options["event"]))
            if len(events) != len(set(options["event"])):
                raise CommandError(_("an --event is not an event of this tournament"))
        content = sol_archive(tournament, events=events)
        if options["output"] == "-":
            sys.stdout.write(content.decode("utf-8"))
            return
        with open(options["output"], "wb") as f:
            f.write(content)
        self.stderr.write(
            _("%(slug)s: written to %(file)s")
            % {"slug": tournament.slug, "file": options["output"]}
        )
