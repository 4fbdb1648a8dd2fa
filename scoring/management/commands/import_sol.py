"""``python manage.py import_sol FILE.sol|FILE.sol.gz|FILE.zip|FILE.box [--key HEX]``: import
SoL tournaments (a ``.box`` backup opened with its 64-digit key). ``--language de`` (or
``settings.LANGUAGE_CODE``) is the language of its output and of the report lines it keeps.

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
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.management.commands._language import add_language_argument, language_of
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
        add_language_argument(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        with translation.override(language_of(options)):
            self.import_file(options)

    def import_file(self, options: dict[str, Any]) -> None:
        path = Path(options["file"])
        try:
            if path.stat().st_size > archive.MAX_UNPACKED_BYTES:
                raise CommandError(
                    _("%(file)s: the file is larger than %(mib)d MiB")
                    % {"file": path.name, "mib": archive.MAX_UNPACKED_BYTES // 2**20}
                )
            content = path.read_bytes()
        except OSError as err:
            raise CommandError(
                _("cannot read %(file)s: %(reason)s") % {"file": path, "reason": err.strerror}
            ) from None
        user = None
        if options["user"]:
            User = get_user_model()
            user = User.objects.filter(**{User.USERNAME_FIELD: options["user"]}).first()
            if user is None:
                raise CommandError(_("no user %(name)r") % {"name": options["user"]})
        try:
            if path.name.lower().endswith(".box"):
                if not options["key"]:
                    raise CommandError(
                        _("%(file)s: a .box backup is locked: give --key") % {"file": path.name}
                    )
                content = unbox(content, key=options["key"])
            report = import_sol(content, user=user, file_name=path.name)
        except SolError as err:
            raise CommandError(f"{path.name}: {err}") from None
        for tournament in report.tournaments:
            self.stdout.write(
                _("imported %(slug)s: %(name)s")
                % {"slug": tournament.slug, "name": tournament.name}
            )
        for name in report.skipped:
            self.stdout.write(_("skipped (imported before): %(name)s") % {"name": name})
        counts = {
            "tournaments": len(report.tournaments),
            "matches": report.matches,
            "boards": report.boards,
            "new": report.players_created,
            "known": report.players_reused,
        }
        self.stdout.write(
            ngettext(
                "%(tournaments)d tournament, %(matches)d matches, %(boards)d boards; players: "
                "%(new)d new, %(known)d known",
                "%(tournaments)d tournaments, %(matches)d matches, %(boards)d boards; players: "
                "%(new)d new, %(known)d known",
                len(report.tournaments),
            )
            % counts
        )
        for kept in report.kept:
            self.stdout.write(_("kept: %(line)s") % {"line": kept})
        for flagged in report.flagged:
            self.stdout.write(_("flagged for the organiser: %(line)s") % {"line": flagged})
        for warning in report.warnings:
            self.stderr.write(_("warning: %(line)s") % {"line": warning})
