"""Print a match's scoresheet to a PDF file: ``manage.py print_scoresheet MATCH_ID -o FILE.pdf``.

``--blank`` prints the blank, pre-filled sheet for scoring on paper; ``--lang de|en`` the
language (default: ``settings.LANGUAGE_CODE``); ``-o -`` writes the PDF to standard output.
The QR code's address starts with ``settings.SITE_URL``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.management.commands.print_round import add_output_options, write_pdf
from scoring.models import Match
from scoring.pdf import render_scoresheet
from scoring.selectors.sheets import SheetUnavailable, scoresheet_data


class Command(BaseCommand):
    help = "Write the scoresheet of a match (filled from its log, or blank) as a PDF."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("match_id", metavar="MATCH_ID", type=int)
        parser.add_argument(
            "--blank",
            action="store_true",
            help="blank sheet for scoring on paper (names, table, QR code)",
        )
        add_output_options(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        match_id = options["match_id"]
        try:
            match = Match.objects.get(pk=match_id)
        except Match.DoesNotExist:
            raise CommandError(f"Match {match_id} does not exist.") from None
        try:
            data = scoresheet_data(
                match,
                blank=bool(options["blank"]),
                language=options["lang"] or settings.LANGUAGE_CODE,
            )
        except SheetUnavailable as err:
            raise CommandError(str(err)) from None
        write_pdf(
            self,
            render_scoresheet(data),
            str(options["output"]),
            f"scoresheet of match {match.number} (id {match.pk})",
        )
