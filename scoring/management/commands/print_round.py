"""Print every scoresheet of a round to one PDF, one match a page:
``manage.py print_round EVENT_ID ROUND_NUMBER -o FILE.pdf``.

``--cards`` prints the round as score cards instead, six to an A4 page; ``--pairings`` its
pairing list for the notice board (table, players, clubs), ``--callup`` its call-up list;
``--blank`` prints blank, pre-filled sheets; ``--lang de|en`` the language (default:
``settings.LANGUAGE_CODE``); ``--bracket`` narrows a double elimination's round number to one
bracket (winners, losers, ...); ``-o -`` writes the PDF to standard output.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.models import Event, Round
from scoring.pdf import (
    render_callup_list,
    render_pairing_list,
    render_score_cards,
    render_scoresheets,
)
from scoring.selectors.round_lists import round_list_data
from scoring.selectors.sheets import SheetUnavailable, round_scoresheets, sheet_language


def add_output_options(parser: CommandParser) -> None:
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="FILE.pdf",
        help="the PDF file to write ('-' for standard output)",
    )
    parser.add_argument(
        "--lang",
        choices=["de", "en"],
        default=None,
        help="language of the sheet (default: LANGUAGE_CODE)",
    )


def write_pdf(command: BaseCommand, pdf: bytes, output: str, what: str) -> None:
    if output == "-":
        sys.stdout.buffer.write(pdf)
        sys.stdout.buffer.flush()
        return
    path = Path(output)
    try:
        path.write_bytes(pdf)
    except OSError as err:
        raise CommandError(f"Cannot write {path}: {err.strerror}.") from None
    command.stderr.write(f"Wrote {what} to {path} ({len(pdf)} bytes).")


class Command(BaseCommand):
    help = "Write all scoresheets of a round of an event as one PDF (one match a page)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event_id", metavar="EVENT_ID", type=int)
        parser.add_argument("round_number", metavar="ROUND_NUMBER", type=int)
        parser.add_argument(
            "--blank", action="store_true", help="blank sheets for scoring on paper"
        )
        kind = parser.add_mutually_exclusive_group()
        kind.add_argument(
            "--cards",
            action="store_true",
            help="score cards, six to an A4 page, instead of full scoresheets",
        )
        kind.add_argument(
            "--pairings",
            action="store_true",
            help="the pairing list for the notice board (table, players, clubs)",
        )
        kind.add_argument(
            "--callup",
            action="store_true",
            help="the call-up list (call order with tick boxes, players A-Z)",
        )
        parser.add_argument(
            "--bracket",
            choices=Round.Bracket.values,
            default=None,
            help="only this bracket's round (double elimination)",
        )
        add_output_options(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        event_id, number = options["event_id"], options["round_number"]
        try:
            event = Event.objects.select_related("tournament").get(pk=event_id)
        except Event.DoesNotExist:
            raise CommandError(f"Event {event_id} does not exist.") from None
        rounds = event.rounds.filter(number=number)
        if options["bracket"]:
            rounds = rounds.filter(bracket=options["bracket"])
        if not rounds.exists():
            raise CommandError(f"Event {event_id} ({event.name}) has no round {number}.")
        language = sheet_language(options["lang"] or settings.LANGUAGE_CODE)
        if options["pairings"] or options["callup"]:
            try:
                data = round_list_data(
                    event,
                    number,
                    language=language,
                    bracket=options["bracket"],
                    by_table=bool(options["pairings"]),
                )
            except SheetUnavailable as err:
                raise CommandError(str(err)) from None
            draw = render_pairing_list if options["pairings"] else render_callup_list
            what = "pairing list" if options["pairings"] else "call-up list"
            write_pdf(
                self,
                draw(data),
                str(options["output"]),
                f"the {what} of round {number} of {event.name}",
            )
            return
        sheets = round_scoresheets(
            event,
            number,
            blank=bool(options["blank"]),
            language=language,
            bracket=options["bracket"],
        )
        if not sheets:
            raise CommandError(f"Round {number} of {event.name} has no matches to print.")
        if options["cards"]:
            pdf, what = render_score_cards(sheets), "score cards"
        else:
            pdf, what = render_scoresheets(sheets), "scoresheets"
        write_pdf(
            self,
            pdf,
            str(options["output"]),
            f"{len(sheets)} {what} of round {number} of {event.name}",
        )
