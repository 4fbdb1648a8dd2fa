"""``{% umpire_engine t %}``: what the tablet's offline rules engine needs, as page data
(``json_script``: never executed, so the strict CSP holds)."""

from __future__ import annotations

from django import template
from django.templatetags.static import static
from django.utils.html import json_script
from django.utils.safestring import SafeString

from scoring.selectors.engine_log import engine_log
from scoring.selectors.umpire import Tablet
from scoring.views.engine import bundle_url

register = template.Library()


@register.simple_tag
def umpire_engine(view: Tablet) -> SafeString:
    return json_script({
        "pyodide": static("vendor/pyodide/"),
        "worker": static("js/umpire-engine-worker.js"),
        "script": static("js/umpire-engine.js"),
        "bundle": bundle_url(),
        "log": engine_log(view),
    }, "umpire-engine-data")
