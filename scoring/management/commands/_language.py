"""The language a command speaks (issue 31): ``--language`` (or ``--lang``) one of the app's
languages, else ``settings.LANGUAGE_CODE``, as Django's commands run in the project's language;
its output and the lines it stores are worded in it."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import CommandParser


def add_language_argument(parser: CommandParser) -> None:
    parser.add_argument(
        "--language",
        "--lang",
        dest="language",
        choices=[code for code, _name in settings.LANGUAGES],
        help="the language of the command's output (default: settings.LANGUAGE_CODE)",
    )


def language_of(options: dict[str, Any]) -> str:
    return str(options.get("language") or settings.LANGUAGE_CODE)
