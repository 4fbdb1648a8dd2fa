"""Every catalogue (German, French, Italian) is complete, keeps the placeholders and markup of
its English messages, and its committed .mo matches its .po; every template string is marked
(issue 35). No gettext needed except for the extraction test."""

from __future__ import annotations

import ast
import gettext
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import translation

from tests.foundation.helpers import PROJECT_ROOT

LOCALE_DIR = PROJECT_ROOT / "locale"
#: the languages with a catalogue (English is the source)
CATALOGUES = ("de", "fr", "it")
PO_FILE = LOCALE_DIR / "de" / "LC_MESSAGES" / "django.po"
MO_FILE = LOCALE_DIR / "de" / "LC_MESSAGES" / "django.mo"


def po_file(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / "django.po"


def mo_file(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / "django.mo"


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


def test_the_catalogues_are_the_languages_offered():
    from django.conf import settings

    assert [code for code, _name in settings.LANGUAGES] == ["en", *CATALOGUES]
    assert sorted(p.name for p in LOCALE_DIR.iterdir() if p.is_dir()) == sorted(CATALOGUES)


@pytest.mark.parametrize("language", CATALOGUES)
def test_every_message_is_translated_and_not_fuzzy(language):
    entries = [entry for entry in read_po(po_file(language)) if entry["msgid"]]

    assert entries, "django.po has no messages"
    untranslated = [
        entry["msgid"]
        for entry in entries
        if "fuzzy" in entry["flags"]
        or not all(value for key, value in entry.items() if key.startswith("msgstr"))
    ]
    assert untranslated == []


@pytest.mark.parametrize("language", CATALOGUES)
def test_every_catalogue_has_the_same_messages(language):
    """One extraction for all languages (`make messages`): no catalogue lags behind."""
    german = {catalog_key(entry) for entry in read_po(PO_FILE)}
    assert {catalog_key(entry) for entry in read_po(po_file(language))} == german


#: ``%(name)s``, ``%s``, ``{name}`` placeholders and HTML tags of a message
PLACEHOLDER = re.compile(r"%\([A-Za-z_][A-Za-z0-9_]*\)[sdfr]|%[sdfr]|\{[A-Za-z_][A-Za-z0-9_]*\}")
TAG = re.compile(r"</?[a-z][^>]*>")


def _marks(text: str) -> tuple[list[str], list[str]]:
    return sorted(PLACEHOLDER.findall(text)), sorted(TAG.findall(text))


@pytest.mark.parametrize("language", CATALOGUES)
def test_every_translation_keeps_the_placeholders_and_markup(language):
    """A translation that drops ``%(name)s`` (or adds one) fails at run time or loses a value;
    one that changes ``<strong>``/``<span class="visually-hidden">`` changes the page."""
    wrong = []
    for entry in read_po(po_file(language)):
        if not entry["msgid"]:
            continue
        if "msgid_plural" in entry:
            singular, plural = _marks(entry["msgid"]), _marks(entry["msgid_plural"])
            for key in (k for k in entry if k.startswith("msgstr[")):
                # a singular form may spell out the one (``%(count)s`` left out)
                got = _marks(entry[key])
                if got != plural and got != singular and not set(got[0]) <= set(plural[0]):
                    wrong.append((entry["msgid"], key, entry[key]))
        elif _marks(entry["msgstr"]) != _marks(entry["msgid"]):
            wrong.append((entry["msgid"], entry["msgstr"]))
    assert wrong == []


@pytest.mark.parametrize("language", CATALOGUES)
def test_compiled_mo_matches_po(language):
    """Run `make messages` after editing the .po: the committed .mo must not be stale."""
    with mo_file(language).open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]

    for entry in read_po(po_file(language)):
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
    ("language", "english", "translated"),
    [
        ("de", "Tournaments", "Turniere"),
        ("de", "Skip to main content", "Zum Hauptinhalt springen"),
        ("de", "Log in", "Anmelden"),
        ("de", "tournament", "Turnier"),
        ("de", "White slams", "Weiße Durchmärsche"),
        ("de", "Queen worth 5", "Dame zählt 5"),
        ("fr", "Tournaments", "Tournois"),
        ("fr", "Queen covered", "Reine confirmée"),
        ("fr", "Umpire", "Arbitre"),
        ("fr", "Toss", "Tirage au sort"),
        ("it", "Tournaments", "Tornei"),
        ("it", "Queen covered", "Regina confermata"),
        ("it", "Umpire", "Arbitro"),
        ("it", "Toss", "Sorteggio"),
    ],
)
def test_catalogues_are_loaded_at_runtime(language, english, translated):
    with translation.override(language):
        assert translation.gettext(english) == translated


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "name"),
    [("en", "English"), ("de", "Deutsch"), ("fr", "Français"), ("it", "Italiano")],
)
def test_the_chooser_names_each_language_in_itself(client, language, name):
    """The chooser on every page (base.html) offers each language in its own words."""
    for shown in ("en", "de", "fr", "it"):
        client.cookies["django_language"] = shown
        page = client.get("/").content.decode()
        assert f'lang="{language}"' in page and f">{name}</button>" in page, (shown, language)


#: Template text that is not a sentence to translate: law citations and the CSV sample
TEMPLATE_WORDS_ALLOWED = re.compile(r"^(ICF( \d+)?|IT|vs)$")


def _unmarked_words(source: str) -> list[str]:
    text = re.sub(r"\{#.*?#\}", "", source, flags=re.S)
    text = re.sub(r"\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", "", text, flags=re.S)
    text = re.sub(r"\{%\s*blocktranslate.*?endblocktranslate\s*%\}", "", text, flags=re.S)
    text = re.sub(r"<(pre|code|kbd|script|style)\b.*?</\1>", "", text, flags=re.S)
    text = re.sub(r"\{%.*?%\}|\{\{.*?\}\}", " ", text, flags=re.S)
    attributes = re.findall(r'\b(?:title|aria-label|placeholder|alt)="([^"]*)"', text)
    text = re.sub(r"<[^>]*>", " ", text)
    words = re.findall(r"[A-Za-z][A-Za-z'’]+(?:\s+[A-Za-z][A-Za-z'’]+)*", text)
    words += [a for a in attributes if re.search("[A-Za-z]{2}", a)]
    return [w for w in (" ".join(w.split()) for w in words) if not TEMPLATE_WORDS_ALLOWED.match(w)]


def test_every_template_text_is_marked_for_translation():
    """No English left in a template outside ``{% translate %}``/``{% blocktranslate %}``
    (law citations such as ICF 50 and sample file contents excepted)."""
    found = {}
    for path in sorted((PROJECT_ROOT / "templates").rglob("*.html")):
        words = _unmarked_words(path.read_text(encoding="utf-8"))
        if words:
            found[str(path.relative_to(PROJECT_ROOT))] = words
    assert found == {}


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
        [
            sys.executable,
            "manage.py",
            "makemessages",
            "--locale",
            "de",
            "--no-obsolete",
            "--ignore",
            "tests/*",
            "--ignore",
            "bench/*",
            "--ignore",
            "staticfiles/*",
        ],
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


@pytest.mark.parametrize(
    ("language", "label"),
    [("de", "– Bitte auswählen –"), ("fr", "– Choisir une option –"), ("it", "– Scegli –")],
)
def test_a_blank_choice_speaks_the_page_language(language, label):
    """Django 6 labels a choice field that may stay empty "- Select an option -"; its own
    catalogues have no German or Italian, ours do (scoring/forms/fields.py)."""
    from django import forms

    from scoring.models import Championship

    field = forms.ModelChoiceField(queryset=Championship.objects.none(), required=False)
    with translation.override(language):
        assert [str(text) for _value, text in field.choices] == [label]
