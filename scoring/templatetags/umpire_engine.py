"""``{% umpire_engine t %}``: what the tablet's offline rules engine needs, as page data: JSON
in a data attribute (never executed, so the strict CSP holds; a ``json_script`` would not
survive the tablet's htmx swaps, which drop script elements)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urljoin

from django import template
from django.core.serializers.json import DjangoJSONEncoder
from django.templatetags.static import PrefixNode, static
from django.utils.safestring import SafeString, mark_safe

from scoring.selectors.engine_log import engine_log
from scoring.selectors.umpire import Tablet
from scoring.views.engine import bundle_url

register = template.Library()

#: JSON in a single-quoted attribute: these characters become JSON escapes, so the attribute
#: holds no quote, ampersand or angle bracket of its own (safe, and without the six bytes an
#: HTML-escaped double quote costs: the answer stays small)
_ATTR_SAFE = str.maketrans({"'": "\\u0027", "&": "\\u0026", "<": "\\u003c", ">": "\\u003e"})


def _attr_json(value: Any) -> str:
    return json.dumps(
        value, cls=DjangoJSONEncoder, separators=(",", ":"), ensure_ascii=False
    ).translate(_ATTR_SAFE)


def static_url() -> str:
    return PrefixNode.handle_simple("STATIC_URL")


@register.simple_tag
def umpire_engine_step(
    event: Any, revision: int, game: int, board: int, ends: bool = False, flip: bool = False
) -> SafeString:
    """An answer that adds one event to the board shown sends only that event (and the
    revision after it): the tablet appends it to the log it keeps (static/js/umpire.js), so a
    stroke's answer stays small however long the board (issue 12: at most 6 KB). ``ends``:
    the event ended the board (the answer shows the card, ``game``/``board`` are the next
    board's): the tablet appends it to the log of the board it follows (issue 28); ``flip``:
    the side panels beside the card are drawn the other way round from that board's colours
    (the other side breaks the next board)."""
    step: dict[str, Any] = {
        "event": event.payload,
        "revision": revision,
        "board": f"{game}-{board}",
    }
    if ends:  # 1: it ended the board; 2: and the panels beside the card are turned (flip)
        step["ends"] = 2 if flip else 1
    # hidden by static/css/umpire.css (#umpire-engine-step): every byte of an answer counts
    return mark_safe(
        f'<div id="umpire-engine-step" hx-swap-oob="true" data-step=\'{_attr_json(step)}\'></div>'
    )


@register.simple_tag
def umpire_engine(view: Tablet, oob: bool = False) -> SafeString:
    """The page: the engine's files (``#umpire-engine-files``, never swapped) and the board's
    log (``#umpire-engine-data``); an answer (``oob``) brings the log alone."""
    log = "<div id=\"umpire-engine-data\" hidden{} data-log='{}'></div>".format(
        ' hx-swap-oob="true"' if oob else "", _attr_json(engine_log(view))
    )
    if oob:
        return mark_safe(log)
    files = _attr_json(
        {
            # a folder, by its plain name: Pyodide loads its files by their own names (the
            # hashed storage keeps the originals beside the hashed copies)
            "pyodide": urljoin(static_url(), "vendor/pyodide/"),
            "worker": static("js/umpire-engine-worker.js"),
            "script": static("js/umpire-engine.js"),
            "bundle": bundle_url(),
        }
    )
    return mark_safe(
        f"<div id=\"umpire-engine-files\" hidden data-files='{files}'></div>"
        + log
        + '<div id="umpire-engine-step" hidden></div>'
    )
