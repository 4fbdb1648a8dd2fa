"""``python manage.py import_tournament FILE.json [--slug NEW]``: restore a tournament.

Refuses a file whose slug exists already (``--slug`` imports a copy under another slug), a
file whose stroke logs do not replay to the results stored with them, a paper board beyond its
preset and a match result its games contradict. Roles named in the file go only to the logins
the import creates, unless ``--grant-existing-roles``. See docs/EXPORT.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.services.backup import BackupError, import_tournament


class Command(BaseCommand):
    help = "Import a tournament exported with export_tournament."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the JSON file written by export_tournament")
        parser.add_argument("--slug", help="import under this slug (a copy beside the original)")
        parser.add_argument("--user", help="username recorded as who restored (audit trail)")
        parser.add_argument(
            "--allow-replay-differences",
            action="store_true",
            help="import even if some board's log replays to another result "
            "than the one stored (listed in the audit entry)",
        )
        parser.add_argument(
            "--grant-existing-roles",
            action="store_true",
            help="give the file's roles (organiser, umpire) to logins that "
            "exist already on this server (by default a file gives "
            "roles only to the accounts it creates; a restore on the "
            "server the backup was made on)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except OSError as err:
            raise CommandError(f"cannot read {path}: {err.strerror}") from None
        except (UnicodeDecodeError, json.JSONDecodeError) as err:
            raise CommandError(f"{path} is not a JSON file: {err}") from None
        user = None
        if options["user"]:
            User = get_user_model()
            user = User.objects.filter(**{User.USERNAME_FIELD: options["user"]}).first()
            if user is None:
                raise CommandError(f"no user {options['user']!r}")
        try:
            report = import_tournament(
                document,
                slug=options["slug"],
                user=user,
                source_name=path.name,
                allow_replay_differences=options["allow_replay_differences"],
                grant_existing_roles=options["grant_existing_roles"],
            )
        except BackupError as err:
            raise CommandError(err.message) from None
        counts = ", ".join(f"{n} {what}" for what, n in report.counts.items())
        self.stdout.write(f"imported {report.tournament.slug}: {counts}")
        for name in report.created_users:
            self.stdout.write(f"created inactive user {name} (named in the file)")
        for held in report.roles_not_granted:
            self.stdout.write(f"not granted (the login existed before): {held}")
        for warning in report.warnings:
            self.stderr.write(f"warning: {warning}")
