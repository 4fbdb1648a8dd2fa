"""The app's processes do their first-request work when the WSGI application loads (issue 16:
after a restart the first strokes and polls waited behind 240 ms of URL imports and template
compiling in every worker)."""

from __future__ import annotations

import subprocess
import sys

from django.conf import settings
from django.template import engines

from carrom_tournament import warmup


def test_every_project_template_is_found_by_its_name():
    names = warmup.template_names()
    assert "scoring/live/match.html" in names and "scoring/umpire/match.html" in names
    assert len(names) == len(set(names)) > 20


def test_the_warm_up_compiles_every_template_into_the_cached_loader():
    loader = engines["django"].engine.template_loaders[0]
    loader.reset()
    warmup.warm_up()
    cached = {key.split("-")[0] for key in loader.get_template_cache}
    assert set(warmup.template_names()) <= cached


def test_loading_the_wsgi_application_leaves_nothing_for_the_first_request():
    """In a fresh interpreter: after ``import carrom_tournament.wsgi`` the URL configuration is
    loaded and the live match template is compiled (no database is touched)."""
    code = (
        "import carrom_tournament.wsgi\n"
        "from django.urls import get_resolver\n"
        "from django.template import engines\n"
        "loader = engines['django'].engine.template_loaders[0]\n"
        "print(get_resolver()._populated,"
        " any(k.startswith('scoring/live/match.html') for k in loader.get_template_cache))\n"
    )
    env = {
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "PATH": "/usr/bin:/bin",
        "DATABASE_URL": "sqlite:////nonexistent/folder/db.sqlite3",
        "SECRET_KEY": settings.SECRET_KEY,
    }
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "True"]
