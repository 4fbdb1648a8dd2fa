"""``python manage.py import_sol FILE.sol|FILE.sol.gz|FILE.zip|FILE.box [--key HEX]``: import
SoL tournaments (a ``.box`` backup opened with its 64-digit key).

Players, tournaments, competitors and matches with their board results; a tourney or player
imported before (same SoL guid) is not imported again. The file is read under the caps of
``scoring.services.backup.archive`` (size, compression ratio, YAML nodes, time). See
docs/EXPORT.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.services.backup import archive
from scoring.services.sol import SolError, import_sol
from scoring.services.sol.reading import unbox


class Command(BaseCommand):
    help = "Import the tournaments of a SoL archive (.sol, .sol.gz) or backup (.zip, .box)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the .sol or .sol.gz archive written by SoL")
        parser.add_argument(
            "--key", default="", help="the 64 hexadecimal digits that open a .box backup"
        )
        parser.add_argument(
            "--user",
            help="username recorded as the importer; becomes an "
            "organiser of the imported tournaments",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            if path.stat().st_size > archive.MAX_UNPACKED_BYTES:
                raise CommandError(
                    f"{path.name}: the file is larger than "
                    f"{archive.MAX_UNPACKED_BYTES // 2**20} MiB"
                )
            content = path.read_bytes()
        except OSError as err:
            raise CommandError(f"cannot read {path}: {err.strerror}") from None
        user = None
        if options["user"]:
            User = get_user_model()
            user = User.objects.filter(**{User.USERNAME_FIELD: options["user"]}).first()
            if user is None:
                raise CommandError(f"no user {options['user']!r}")
        try:
            if path.name.lower().endswith(".box"):
                if not options["key"]:
                    raise CommandError(f"{path.name}: a .box backup is locked: give --key")
                content = unbox(content, options["key"])
            report = import_sol(content, user=user, file_name=path.name)
        except SolError as err:
            raise CommandError(f"{path.name}: {err}") from None
        for tournament in report.tournaments:
            self.stdout.write(f"imported {tournament.slug}: {tournament.name}")
        for name in report.skipped:
            self.stdout.write(f"skipped (imported before): {name}")
        self.stdout.write(
            f"{len(report.tournaments)} tournaments, {report.matches} matches, "
            f"{report.boards} boards; players: {report.players_created} new, "
            f"{report.players_reused} known"
        )
        for kept in report.kept:
            self.stdout.write(f"kept: {kept}")
        for flagged in report.flagged:
            self.stdout.write(f"flagged for the organiser: {flagged}")
        for warning in report.warnings:
            self.stderr.write(f"warning: {warning}")
