"""German translations are complete and the committed .mo matches the .po (no gettext needed)."""

from __future__ import annotations

import ast
import gettext
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import translation

from tests.foundation.helpers import PROJECT_ROOT

LOCALE_DIR = PROJECT_ROOT / "locale"
PO_FILE = LOCALE_DIR / "de" / "LC_MESSAGES" / "django.po"
MO_FILE = LOCALE_DIR / "de" / "LC_MESSAGES" / "django.mo"


def read_po(path: Path) -> list[dict]:
    """Parse a .po file into entries with msgctxt/msgid/msgid_plural/msgstr[n] and flags."""
    entries: list[dict] = []
    entry: dict = {"flags": set()}
    key: str | None = None

    def flush() -> None:
        nonlocal entry
        if "msgid" in entry:
            entries.append(entry)
        entry = {"flags": set()}

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            flush()
            key = None
        elif line.startswith("#,"):
            if "msgid" in entry:
                flush()
            entry["flags"].update(flag.strip() for flag in line[2:].split(","))
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[key] += ast.literal_eval(line)
        else:
            key, _sep, value = line.partition(" ")
            if key in {"msgctxt", "msgid"} and "msgid" in entry and key in entry:
                flush()
            entry[key] = ast.literal_eval(value)
    flush()
    return entries


def catalog_key(entry: dict) -> str:
    msgid = entry["msgid"]
    return f"{entry['msgctxt']}\x04{msgid}" if "msgctxt" in entry else msgid


def test_every_german_message_is_translated_and_not_fuzzy():
    entries = [entry for entry in read_po(PO_FILE) if entry["msgid"]]

    assert entries, "django.po has no messages"
    untranslated = [
        entry["msgid"]
        for entry in entries
        if "fuzzy" in entry["flags"]
        or not all(value for key, value in entry.items() if key.startswith("msgstr"))
    ]
    assert untranslated == []


def test_compiled_mo_matches_po():
    """Run `make messages` after editing the .po: the committed .mo must not be stale."""
    with MO_FILE.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]

    for entry in read_po(PO_FILE):
        if not entry["msgid"]:
            continue
        key = catalog_key(entry)
        if "msgid_plural" in entry:
            plurals = sorted(k for k in entry if k.startswith("msgstr["))
            for index, plural_key in enumerate(plurals):
                assert compiled.get((key, index)) == entry[plural_key], key
        else:
            assert compiled.get(key) == entry["msgstr"], key


@pytest.mark.parametrize(
    ("english", "german"),
    [
        ("Tournaments", "Turniere"),
        ("Skip to main content", "Zum Hauptinhalt springen"),
        ("Log in", "Anmelden"),
        ("tournament", "Turnier"),
    ],
)
def test_german_catalogue_is_loaded_at_runtime(english, german):
    with translation.override("de"):
        assert translation.gettext(english) == german


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="GNU gettext not installed")
def test_po_file_has_every_translatable_string_of_the_code(tmp_path):
    """`make messages` would add nothing: every wrapped string is in the committed .po.

    makemessages runs on a copy of the project, so the work tree is never touched.
    """
    copy = tmp_path / "project"
    ignore = shutil.ignore_patterns(
        ".venv", ".git", ".hypothesis", ".*_cache", "staticfiles", "__pycache__", "*.sqlite3*"
    )
    shutil.copytree(PROJECT_ROOT, copy, ignore=ignore)

    result = subprocess.run(
        [sys.executable, "manage.py", "makemessages", "--locale", "de", "--no-obsolete",
         "--ignore", "tests/*", "--ignore", "bench/*", "--ignore", "staticfiles/*"],
        cwd=copy,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "carrom_tournament.settings"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    committed = {catalog_key(entry) for entry in read_po(PO_FILE)}
    extracted = {catalog_key(entry) for entry in read_po(copy / PO_FILE.relative_to(PROJECT_ROOT))}
    assert extracted - committed == set(), "run `make messages` and translate the new strings"
