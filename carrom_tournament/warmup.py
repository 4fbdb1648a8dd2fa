"""Work every process of the app would otherwise do on its first requests, done once when the
WSGI application is loaded (issue 16): the URL configuration (about 240 ms: it imports every
view module), the project's templates (compiled into the cached loader) and each language's
message catalogue. With gunicorn's ``--preload`` the master does it once and every worker
inherits it; without, each worker does it before it accepts a request. No database access: a
connection opened in the master would be shared by the forked workers."""

from __future__ import annotations

import logging
import time
from pathlib import Path

from django.conf import settings
from django.template import TemplateDoesNotExist, TemplateSyntaxError
from django.template.loader import get_template
from django.urls import get_resolver
from django.utils import translation

log = logging.getLogger(__name__)


def template_names() -> list[str]:
    """The project's own templates (``templates/``), by the names views load them with."""
    names = []
    for folder in settings.TEMPLATES[0].get("DIRS", []):
        root = Path(folder)
        names += sorted(str(p.relative_to(root)) for p in root.rglob("*.html"))
    return names


def warm_up() -> float:
    """Load the URL configuration, the templates and the catalogues; the seconds it took."""
    started = time.perf_counter()
    get_resolver().url_patterns  # noqa: B018 - imports every view module
    get_resolver()._populate()
    for name in template_names():
        try:
            get_template(name)
        except (TemplateDoesNotExist, TemplateSyntaxError) as err:  # the view would say so
            log.warning("warm-up: template %s: %s", name, err)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Board")
    return time.perf_counter() - started
