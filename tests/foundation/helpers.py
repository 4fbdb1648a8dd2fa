"""Small helpers for the foundation tests."""

from __future__ import annotations

import os
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]

# Variables of the test process that must not leak into a manage.py subprocess.
INHERITED_SETTINGS_VARIABLES = frozenset(
    {
        "DJANGO_SETTINGS_MODULE",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
        "DATABASE_URL",
        "DEBUG",
        "SECRET_KEY",
        "ALLOWED_HOSTS",
    }
)


class AssetCollector(HTMLParser):
    """Collect tag/attribute pairs that load or link resources, plus inline scripts."""

    URL_ATTRIBUTES = {"src", "href", "action", "poster", "data", "srcset"}

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[tuple[str, str, str]] = []  # (tag, attribute, value)
        self.inline_scripts = 0
        self.inline_styles = 0
        self.event_handlers: list[str] = []
        self.html_lang: str | None = None
        self._in_script_without_src = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "html":
            self.html_lang = attributes.get("lang")
        for name, value in attrs:
            if name in self.URL_ATTRIBUTES and value:
                self.urls.append((tag, name, value))
            if name.startswith("on") or name.startswith("hx-on"):
                self.event_handlers.append(f"<{tag} {name}>")
            if name == "style":
                self.inline_styles += 1
        if tag == "script" and not attributes.get("src"):
            self._in_script_without_src = True
        if tag == "style":
            self.inline_styles += 1

    def handle_data(self, data: str) -> None:
        if self._in_script_without_src and data.strip():
            self.inline_scripts += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script_without_src = False


def parse_html(html: str) -> AssetCollector:
    collector = AssetCollector()
    collector.feed(html)
    collector.close()
    return collector


def run_manage(*args: str, env: dict[str, str], timeout: int = 120) -> subprocess.CompletedProcess:
    """Run ``manage.py`` in a fresh interpreter with exactly the given extra environment.

    The subprocess uses the project settings (not tests.settings), without the settings-related
    variables of this process (tests/conftest.py sets DJANGO_ALLOW_ASYNC_UNSAFE while the
    browser tests run, which check --deploy rightly rejects). Values in *env* win over a local
    .env file.
    """
    base = {
        key: value
        for key, value in os.environ.items()
        if key not in INHERITED_SETTINGS_VARIABLES
        and not key.startswith(("SECURE_", "SESSION_", "CSRF_"))
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=PROJECT_ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "carrom_tournament.settings", **env},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def read_env_example() -> dict[str, str]:
    """The documented production variables from .env.example."""
    values: dict[str, str] = {}
    for raw in (PROJECT_ROOT / ".env.example").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line and not line.startswith("#") and "=" in line:
            key, _sep, value = line.partition("=")
            values[key.strip()] = value.strip()
    return values
