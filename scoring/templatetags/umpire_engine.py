"""``{% umpire_engine t %}``: what the tablet's offline rules engine needs, as page data: JSON
in a data attribute (never executed, so the strict CSP holds; a ``json_script`` would not
survive the tablet's htmx swaps, which drop script elements)."""

from __future__ import annotations

import json
from urllib.parse import urljoin

from django import template
from django.core.serializers.json import DjangoJSONEncoder
from django.templatetags.static import PrefixNode, static
from django.utils.html import format_html
from django.utils.safestring import SafeString

from scoring.selectors.engine_log import engine_log
from scoring.selectors.umpire import Tablet
from scoring.views.engine import bundle_url

register = template.Library()


def static_url() -> str:
    return PrefixNode.handle_simple("STATIC_URL")


@register.simple_tag
def umpire_engine(view: Tablet) -> SafeString:
    data = json.dumps({
        # a folder, by its plain name: Pyodide loads its files by their own names (the
        # hashed storage keeps the originals beside the hashed copies)
        "pyodide": urljoin(static_url(), "vendor/pyodide/"),
        "worker": static("js/umpire-engine-worker.js"),
        "script": static("js/umpire-engine.js"),
        "bundle": bundle_url(),
        "log": engine_log(view),
    }, cls=DjangoJSONEncoder, separators=(",", ":"))
    return format_html('<div id="umpire-engine-data" hidden data-engine="{}"></div>', data)
