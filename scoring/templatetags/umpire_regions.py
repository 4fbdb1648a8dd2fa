"""Regions of the umpire tablet's screen: a stroke's answer sends only what changed.

``{% region "name" %}<tag id="…">…</tag>{% endregion %}`` renders its one element with a
fingerprint of its content (``data-h``; the element's id names the region on the wire). The
tablet sends the ids and fingerprints it shows (``X-Umpire-Regions``, static/js/umpire.js);
a region whose content is the same is then not sent again: out of band it is left out, inside
the panel it becomes an empty placeholder with ``hx-preserve`` and htmx keeps the element.
The fingerprint is taken before the request's keys are put into the forms (views/umpire/base.py:
``KEYS``), so fresh keys do not make a region new; the tablet puts the new keys into the
forms it keeps.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from django import template
from django.template.base import FilterExpression, Node, NodeList, Parser, Token
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

_FIRST = re.compile(r"\A\s*<([a-z][a-z0-9]*)\b([^>]*)>", re.S)
_ID = re.compile(r'\bid="([^"]+)"')
_OOB = ' hx-swap-oob="true"'
_MARK = re.compile("\x00region(\\d+)\x00")


def fingerprint(html: str) -> str:
    """The region's fingerprint: the same content on the page and out of band."""
    return hashlib.blake2b(html.replace(_OOB, "").encode(), digest_size=6).hexdigest()


def parse_known(header: str) -> dict[str, str]:
    """``name:fingerprint`` pairs, comma separated, as the tablet sends them (bad pairs are
    ignored: the region is then simply sent)."""
    known: dict[str, str] = {}
    for pair in (header or "").split(",")[:64]:
        name, _sep, value = pair.strip().partition(":")
        if name and re.fullmatch(r"[0-9a-f]{12}", value):
            known[name[:40]] = value
    return known


class RegionNode(Node):
    def __init__(self, name: FilterExpression, nodelist: NodeList,
                 deferred: FilterExpression | None = None) -> None:
        self.name = name
        self.nodelist = nodelist
        self.deferred = deferred

    def render(self, context: Any) -> SafeString:
        if context.get("regions_off"):  # inside a cached fragment: plain content
            return self.nodelist.render(context)
        name = str(self.name.resolve(context))
        outer = context.get("_region_parts")
        parts: list[tuple[str, str]] = []  # regions inside this one: (fingerprint, output)
        with context.push(_region_parts=parts):
            html = self.nodelist.render(context).strip()
        first = _FIRST.match(html)
        found = _ID.search(first.group(2)) if first else None
        if first is None or found is None:
            raise template.TemplateSyntaxError(
                f"region {name!r}: its content must be one element with an id")
        # a region inside this one counts by its fingerprint, whether it is sent or kept
        digest = fingerprint(_MARK.sub(lambda m: parts[int(m.group(1))][0], html))
        html = _MARK.sub(lambda m: parts[int(m.group(1))][1], html)
        out = self._output(context, html, first, found.group(1), digest)
        if outer is not None:
            outer.append((digest, out))
            return mark_safe(f"\x00region{len(outer) - 1}\x00")
        return out

    def _output(self, context: Any, html: str, first: re.Match, id_: str, digest: str
                ) -> SafeString:
        oob = bool(context.get("oob"))
        if (context.get("regions_known") or {}).get(id_) == digest:
            if oob:
                return mark_safe("")
            return format_html('<{0} id="{1}" hx-preserve></{0}>', first.group(1), id_)
        known = context.get("regions_known")
        if self.deferred is not None and known and not oob:
            # a big region that changed (the "other decisions" sheet, at a board's start or
            # end): the answer carries a loader, and the tablet fetches the region at once
            return format_html(
                '<{0} id="{1}" class="u-region-loading" hx-get="{2}" hx-trigger="load" '
                'hx-target="this" hx-swap="outerHTML" hx-sync="this:replace" '
                'hx-disabled-elt="this"></{0}>',
                first.group(1), id_, self.deferred.resolve(context))
        attrs = f' data-h="{digest}"'
        if oob and "hx-swap-oob" not in first.group(2):
            attrs += _OOB
        at = first.end(1)
        return mark_safe(html[:at] + attrs + html[at:])


@register.tag("region")
def region(parser: Parser, token: Token) -> RegionNode:
    """``{% region "name" [url] %}…{% endregion %}``: one element of the screen, sent when
    it changed (with ``url``: fetched from there when it changed)."""
    bits = token.split_contents()
    if len(bits) not in (2, 3):
        raise template.TemplateSyntaxError(
            "region takes its name and, for a region fetched apart, its URL")
    nodelist = parser.parse(("endregion",))
    parser.delete_first_token()
    deferred = parser.compile_filter(bits[2]) if len(bits) == 3 else None
    return RegionNode(parser.compile_filter(bits[1]), nodelist, deferred)
