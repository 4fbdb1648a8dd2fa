"""Backup and restore of one tournament as a JSON document (format: docs/EXPORT.md), by job.

:func:`export_tournament` (:mod:`.export`) reads everything of a tournament — organisers,
tables, players, events, entries, rounds, matches with their draw links, games, boards with
*every* row of their event log (undo rows included), confirmations, paper scoresheets and the
audit trail — into one plain ``dict``; :func:`import_tournament` (:mod:`.restore`) writes such
a document back into a database; :func:`replay_problems` (:mod:`.check`) replays every stroke
log against the cached results, :func:`result_problems` derives every match's result again from
its games. :mod:`.archive` unpacks and parses with caps; :mod:`.common`
holds the format, the fields and the conversions.

Database ids never appear in the document: every object has a *reference* (``p3``, ``m12``,
``m12/g1/b4``) given by its place in the document, and refers to others by reference. Users are
referred to by username. So an export, its import and a second export give the same document
(``exported_at`` aside), which :func:`comparable` prepares for comparing.

The import refuses a document whose slug already exists (import it under another slug to make a
copy), checks it, and replays every stroke log: a board whose replay does not give the cached
result it carries is refused too, unless the caller allows it. The restore itself is recorded
in the audit trail (action ``restore``). The names are importable from here as before.
"""

from scoring.services.backup.archive import (
    MAX_UNPACKED_BYTES,
    MAX_YAML_ALIASES,
    MAX_YAML_DOCUMENTS,
    ArchiveTooLarge,
    gunzip_capped,
    yaml_documents,
)
from scoring.services.backup.check import replay_problems, result_problems
from scoring.services.backup.common import (
    EXPORT_NAMES,
    FORMAT,
    NOT_EXPORTED,
    BackupError,
    document_digest,
)
from scoring.services.backup.export import comparable, export_tournament
from scoring.services.backup.restore import ImportReport, import_tournament
from scoring.services.backup.rows import TOKEN

__all__ = [
    "ArchiveTooLarge",
    "BackupError",
    "EXPORT_NAMES",
    "FORMAT",
    "ImportReport",
    "MAX_UNPACKED_BYTES",
    "MAX_YAML_ALIASES",
    "MAX_YAML_DOCUMENTS",
    "NOT_EXPORTED",
    "TOKEN",
    "comparable",
    "document_digest",
    "export_tournament",
    "gunzip_capped",
    "import_tournament",
    "replay_problems",
    "result_problems",
    "yaml_documents",
]
