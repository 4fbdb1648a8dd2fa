"""``python manage.py export_tournament SLUG_OR_ID -o FILE.json``: back up one tournament.

The format is described in docs/EXPORT.md; ``import_tournament`` reads it back.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.management.commands._lookup import tournament_from_key
from scoring.services.backup import export_tournament


class Command(BaseCommand):
    help = "Export a tournament (with every stroke and the audit trail) to a JSON file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", help="slug or id of the tournament")
        parser.add_argument(
            "-o", "--output", default="-", help="file to write (default: standard output)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = tournament_from_key(options["tournament"])
        document = export_tournament(tournament)
        text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
        if options["output"] == "-":
            sys.stdout.write(text)
            return
        with open(options["output"], "w", encoding="utf-8") as f:
            f.write(text)
        matches = len(document["matches"])
        events = sum(
            len(b.get("events", []))
            for m in document["matches"]
            for g in m["games"]
            for b in g["boards"]
        )
        self.stdout.write(
            f"exported {tournament.slug}: {matches} matches, {events} board "
            f"events, {len(document['audit'])} audit entries -> "
            f"{options['output']}"
        )
