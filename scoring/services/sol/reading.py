"""Import of SoL archives (``.sol`` / ``.sol.gz``), the format of Scarry On Line.

SoL (by Lele Gaifax) keeps European carrom history. Its portable archive is a stream of YAML
documents (gzip-compressed for ``.sol.gz``; a JSON list in some versions):

- the first document holds lists — ``players``, ``clubs``, ``championships`` (``seasons`` in
  SoL 3), ``ratings``, ``rates``, ``users`` — whose items are referred to elsewhere by their
  1-based position in the list;
- every further document is one tournament ("tourney"): ``guid``, ``description``, ``date``,
  ``location``, ``championship`` (a position), ``system``, ``competitors`` (each with
  ``players``: positions in the players list, ``retired``) and ``matches``: ``competitor1``,
  ``competitor2`` (positions in the competitors list; none for the phantom, a bye), ``turn``
  (the round), ``board`` (the table), ``final``, ``breaker`` (``"1"``/``"2"``), ``score1``,
  ``score2`` and optionally ``boards``: ``number``, ``coins1``, ``coins2`` — in a normal board
  the carrommen of the *opponent* still on the table, so the side with coins won the board with
  that many points — and ``queen`` (``"1"``/``"2"``, who pocketed it).

This module is our own reading of that format (see docs/EXPORT.md); no SoL code is used.
"""

from __future__ import annotations

import datetime
import io
import json
import zipfile
import zlib
from typing import Any

import yaml
from django.utils.translation import gettext_noop

from scoring.limits import strip_bidi
from scoring.report_words import Line
from scoring.services.backup import (
    ArchiveTooLarge,
    gunzip_capped,
    yaml_documents,
)
from scoring.services.backup import archive as backups
from scoring.services.errors import ServiceError


class SolError(ServiceError):
    """A file that is not a readable SoL archive; the message says why."""

    def __init__(self, message: str) -> None:
        super().__init__("sol_unreadable", message, detail=message)


def read_members(content: bytes) -> list[tuple[str, list[dict[str, Any]]]]:
    """Each SoL archive in ``content``: one (plain or gzip), or every ``.sol``/``.sol.gz``
    member of a ``.zip`` backup (SoL's backups hold an ``everything.sol``), read member by
    member; ``(member name, documents)``. The whole file is read under the caps of
    :mod:`scoring.services.backup.archive` (size, compression ratio, YAML nodes and aliases,
    time), the members' unpacked sizes counted together.

    :raises SolError: not an archive, a zip without a SoL member, or over a cap.
    """
    until = backups.deadline()
    if content[:4] != b"PK\x03\x04":
        return [("", read_archive(content, until=until))]
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            names = [
                n
                for n in archive.namelist()
                if n.lower().endswith((".sol", ".sol.gz")) and not n.endswith("/")
            ]
            if not names:
                raise SolError(Line.gettext("the zip file holds no .sol archive"))
            if len(names) > MAX_ZIP_MEMBERS:
                raise SolError(
                    Line.gettext(
                        "the zip file holds more than %(most)d .sol archives",
                        most=MAX_ZIP_MEMBERS,
                    )
                )
            out, unpacked = [], 0
            for name in names:
                try:
                    data = _read_member(archive, name, unpacked)
                    unpacked += len(data)
                    out.append((name, read_archive(data, until=until)))
                except SolError as err:
                    raise SolError(
                        Line.gettext("%(file)s: %(reason)s", file=name, reason=err.message)
                    ) from None
            return out
    except (zipfile.BadZipFile, OSError, EOFError, zlib.error) as err:
        raise SolError(
            Line.gettext("the zip data is damaged (%(reason)s)", reason=str(err))
        ) from None


#: The most SoL archives a zip file may hold.
MAX_ZIP_MEMBERS = 100


def _read_member(archive: zipfile.ZipFile, name: str, before: int = 0) -> bytes:
    """One zip member, read in pieces and refused past the unpacking cap (the members read
    ``before`` it counted in) or the compression ratio: a zip bomb never fills the memory,
    whatever its header claims."""
    packed = archive.getinfo(name).compress_size  # zipfile never reads past it
    out = bytearray()
    with archive.open(name) as member:
        while chunk := member.read(1 << 16):
            out += chunk
            try:
                backups.check_growth(len(out), packed=packed, before=before)
            except ArchiveTooLarge as err:
                raise SolError(str(err)) from None
    return bytes(out)


def read_archive(content: bytes, *, until: float | None = None) -> list[dict[str, Any]]:
    """The documents of a SoL archive (gzip-compressed or not, YAML or JSON), read under the
    caps of :mod:`scoring.services.backup.archive`: unpacked size and ratio, gzip members
    (read one after the other, never recursively), YAML nodes, aliases, documents and depth,
    and the time budget ``until`` (a monotonic time; by default the cap's seconds from now).
    The YAML is parsed once, by libyaml.

    :raises SolError: not an archive, or over a cap (the message says which).
    """
    until = backups.deadline() if until is None else until
    if content[:2] == b"\x1f\x8b":
        try:
            content = gunzip_capped(content, until=until)
        except ArchiveTooLarge as err:
            raise SolError(str(err)) from None
        except (OSError, EOFError, zlib.error) as err:
            raise SolError(
                Line.gettext("the gzip data is damaged (%(reason)s)", reason=str(err))
            ) from None
    try:
        head = content[:4096].lstrip()
        documents = (
            _json_documents(content)
            if head.startswith(b"[")
            else yaml_documents(content, until=until)
        )  # libyaml decodes the bytes
    except ArchiveTooLarge as err:
        raise SolError(str(err)) from None
    except (UnicodeDecodeError, yaml.reader.ReaderError):
        raise SolError(
            Line.gettext("the file is not UTF-8 text (nor gzip-compressed text)")
        ) from None
    except (ValueError, RecursionError, yaml.YAMLError) as err:
        raise SolError(
            Line.gettext("the file is neither YAML nor JSON: %(reason)s", reason=str(err))
        ) from None
    documents = [d for d in documents if d is not None]
    if not documents or not all(isinstance(d, dict) for d in documents):
        raise SolError(Line.gettext("a SoL archive is a list of YAML documents (mappings)"))
    if "players" not in documents[0]:
        raise SolError(
            Line.gettext("the first document of a SoL archive lists the players; it is missing")
        )
    return documents


def _json_documents(text: bytes) -> list[Any]:
    """A JSON archive under the YAML node cap: its values are at most its commas, colons and
    opening brackets (plus one), counted before parsing; a JSON archive must be a list."""
    bound = text.count(b",") + text.count(b":") + text.count(b"[") + text.count(b"{") + 1
    if bound > backups.MAX_YAML_NODES:
        raise ArchiveTooLarge(f"more than {backups.MAX_YAML_NODES:,} values in the JSON")
    documents = json.loads(text)
    if not isinstance(documents, list):
        raise ValueError("a JSON archive is a list of documents")
    return documents


#: The archive's lists an item is looked up in, and the line when it is not there.
MISSING = {
    "player": gettext_noop("player %(position)s does not exist in the archive"),
    "club": gettext_noop("club %(position)s does not exist in the archive"),
    "championship": gettext_noop("championship %(position)s does not exist in the archive"),
}


def item_at(items: list[Any], *, position: Any, what: str) -> Any:
    if isinstance(position, dict):  # SoL 2 wrote the item itself
        return position
    if not isinstance(position, int) or not 1 <= position <= len(items):
        raise SolError(Line(MISSING[what], position=repr(position)))
    return items[position - 1]


def date_of(value: Any, *, what: str) -> datetime.date:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value[:10])
        except ValueError:
            pass
    raise SolError(Line.gettext("%(what)s: %(value)s is not a date", what=what, value=repr(value)))


def text_of(value: Any) -> str:
    """A text of the archive, without text-direction controls (they would flip names)."""
    return "" if value is None else strip_bidi(str(value)).strip()


def number_of(value: Any) -> int | None:
    """A whole number of the archive, or ``None`` (missing, or not a number)."""
    if isinstance(value, bool) or value is None:
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


#: A SoL ``.box`` backup: its ``.zip`` backup locked in a NaCl secret box (XSalsa20-Poly1305)
#: whose key SoL's administrator holds as 64 hexadecimal digits.
BOX_KEY_DIGITS = 64


def unbox(content: bytes, *, key: str) -> bytes:
    """The zip backup inside a SoL ``.box`` backup, opened with the key the organiser gives
    (as SoL's own restore asks for it).

    :raises SolError: the key is not 64 hexadecimal digits, or does not open this file.
    """
    from django.utils.translation import gettext as _
    from nacl.exceptions import CryptoError
    from nacl.secret import SecretBox

    key = "".join(key.split())
    if len(key) != BOX_KEY_DIGITS:
        raise SolError(_("the key of a .box backup is 64 hexadecimal digits"))
    try:
        secret = bytes.fromhex(key)
    except ValueError:
        raise SolError(_("the key of a .box backup is 64 hexadecimal digits")) from None
    if len(content) > backups.MAX_UNPACKED_BYTES:
        raise SolError(
            _("the file is larger than %(mib)s MiB") % {"mib": backups.MAX_UNPACKED_BYTES // 2**20}
        )
    try:
        return SecretBox(secret).decrypt(content)
    except (CryptoError, ValueError):
        raise SolError(
            _("this key does not open the .box backup (or the file is damaged)")
        ) from None
