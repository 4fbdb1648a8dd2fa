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

import itertools
import re
from typing import Any, NamedTuple

from django import template
from django.template.base import FilterExpression, Node, NodeList, Parser, Token
from django.utils.autoreload import file_changed
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from scoring.regions import OOB, fingerprint
from scoring.templatetags.template_reads import key_of, reads

register = template.Library()

_FIRST = re.compile(r"\A\s*<([a-z][a-z0-9]*)\b([^>]*)>", re.S)
_ID = re.compile(r'\bid="([^"]+)"')
_MARK = re.compile("\x00region(\\d+)\x00")


#: The rendered content of the regions kept by their inputs (``memo``), per process: the same
#: inputs give the same HTML (the templates are compiled once per process), so a stroke renders
#: only the regions whose inputs changed (issue 17). The inputs are every value the region's
#: content reads, found in the compiled template itself (:mod:`.template_reads`, issue 36):
#: nothing is listed by hand. Bounded: the least recently used go first.
#: A region kept holds no request's keys (CSRF token, request key, revision: ``KEYS``, put in
#: after rendering, views/umpire/base.py) and only URLs relative to the page, or its key holds
#: the page's URL (the "other decisions" sheet reads ``urls.page``).
_MEMO: dict[tuple[Any, ...], _Made] = {}
#: Names each ``region`` and ``memo`` tag of the compiled templates, never twice in a process
#: (a token's position in its template is known only with the templates' debug option, so
#: two tags of a template with the same values would otherwise share what is kept).
_SERIALS = itertools.count()
MEMO_SIZE = 512


class _Made(NamedTuple):
    """A region rendered: its content (its inner regions marked), its fingerprint, its inner
    regions, and its first tag parsed once (name, id, attributes, where attributes go)."""

    html: str
    digest: str
    parts: tuple[Any, ...]
    tag: str
    id: str
    attrs: str
    at: int


class RegionNode(Node):
    def __init__(
        self,
        name: FilterExpression,
        nodelist: NodeList,
        deferred: FilterExpression | None = None,
        memo: tuple[FilterExpression, ...] | None = None,
    ) -> None:
        self.name = name
        self.nodelist = nodelist
        self.deferred = deferred
        self.memo = memo
        self.serial = next(_SERIALS)
        self.reads: tuple[str, ...] | None = None  # what the content reads, found once

    def _reads(self, context: Any) -> tuple[str, ...]:
        if self.reads is None:
            found = reads(self.nodelist, context.template.engine)
            self.reads = found + tuple(p for v in self.memo or () if (p := _path_of(v)))
        return self.reads

    def render(self, context: Any) -> SafeString:
        if context.get("regions_off"):  # inside a cached fragment: plain content
            return self.nodelist.render(context)
        name = str(self.name.resolve(context))
        made = self._made(context, name)
        outer = context.get("_region_parts")
        if outer is not None:  # inside another region: that one puts it in (_emit)
            outer.append((self, made))
            return mark_safe(f"\x00region{len(outer) - 1}\x00")
        return self._emit(context, made)

    def _key(self, context: Any, name: str) -> tuple[Any, ...] | None:
        """What the region's content is made of: the tag itself (:data:`_SERIALS`), its name,
        the language and every value its content reads (None: rendered every time; a region
        without ``memo``, or one reading a value without content of its own)."""
        if self.memo is None or context.get("regions_memo_off"):
            return None
        values = key_of(self._reads(context), context)
        return None if values is None else (self.serial, name, get_language(), values)

    def _made(self, context: Any, name: str) -> _Made:
        """The region's content (its inner regions marked), its fingerprint and its inner
        regions, rendered or, for the same inputs, kept from an earlier answer."""
        key = self._key(context, name)
        if key is not None and (made := _MEMO.pop(key, None)) is not None:
            _MEMO[key] = made  # the newest again
            return made
        parts: list[tuple[RegionNode, _Made]] = []
        with context.push(_region_parts=parts):
            html = self.nodelist.render(context).strip()
        first = _FIRST.match(html)
        found = _ID.search(first.group(2)) if first is not None else None
        if first is None or found is None:
            raise template.TemplateSyntaxError(
                f"region {name!r}: its content must be one element with an id"
            )
        # a region inside this one counts by its fingerprint, whether it is sent or kept
        digest = fingerprint(_MARK.sub(lambda m: parts[int(m.group(1))][1].digest, html))
        made = _Made(
            html, digest, tuple(parts), first.group(1), found.group(1), first.group(2), first.end(1)
        )
        if key is not None:
            _MEMO[key] = made
            while len(_MEMO) > MEMO_SIZE:
                del _MEMO[next(iter(_MEMO))]
        return made

    def _emit(self, context: Any, made: _Made) -> SafeString:
        known = context.get("regions_known")
        kept = bool(known) and known.get(made.id) == made.digest
        html, parts = made.html, made.parts
        if parts and not kept:  # a region kept by the tablet is sent without its inner ones
            html = _MARK.sub(
                lambda m: parts[int(m.group(1))][0]._emit(context, parts[int(m.group(1))][1]), html
            )
        return self._output(context, html, made, kept, known)

    def _output(
        self, context: Any, html: str, made: _Made, kept: bool, known: dict[str, str] | None
    ) -> SafeString:
        oob = bool(context.get("oob"))
        if kept:
            if oob:
                return mark_safe("")
            # the tag and the id are the region's own (from the templates, escaped there)
            return mark_safe(f'<{made.tag} id="{made.id}" hx-preserve></{made.tag}>')
        if self.deferred is not None and known and not oob:
            # a big region that changed (the "other decisions" sheet, at a board's start or
            # end): the answer carries a loader, and the tablet fetches the region at once
            return format_html(
                '<{0} id="{1}" class="u-region-loading" hx-get="{2}" hx-trigger="load" '
                'hx-target="this" hx-swap="outerHTML" hx-sync="this:replace" '
                'hx-disabled-elt="this"></{0}>',
                made.tag,
                made.id,
                self.deferred.resolve(context),
            )
        attrs = f' data-h="{made.digest}"'
        if oob and "hx-swap-oob" not in made.attrs:
            attrs += OOB
        at = made.at
        return mark_safe(html[:at] + attrs + html[at:])


@register.tag("region")
def region(parser: Parser, token: Token) -> RegionNode:
    """``{% region "name" [url] [memo] %}…{% endregion %}``: one element of the screen, sent
    when it changed (with ``url``: fetched from there when it changed; with ``memo``: rendered
    once per process for the same values of everything its content reads, found in the
    template; values named after ``memo`` are read too)."""
    bits = token.split_contents()
    memo: tuple[FilterExpression, ...] | None = None
    if "memo" in bits:
        at = bits.index("memo")
        memo = tuple(parser.compile_filter(bit) for bit in bits[at + 1 :])
        bits = bits[:at]
    if len(bits) not in (2, 3):
        raise template.TemplateSyntaxError(
            "region takes its name and, for a region fetched apart, its URL"
        )
    nodelist = parser.parse(("endregion",))
    parser.delete_first_token()
    deferred = parser.compile_filter(bits[2]) if len(bits) == 3 else None
    return RegionNode(parser.compile_filter(bits[1]), nodelist, deferred, memo)


class MemoNode(Node):
    """What ``{% memo %}…{% endmemo %}`` holds: its content rendered once per process for the
    same values of everything it reads and the language (an event's history line), without the
    cache backend's pickling and key hashing."""

    def __init__(self, nodelist: NodeList, values: tuple[FilterExpression, ...]) -> None:
        self.nodelist = nodelist
        self.values = values
        self.serial = next(_SERIALS)
        self.reads: tuple[str, ...] | None = None  # what the content reads, found once

    def _reads(self, context: Any) -> tuple[str, ...]:
        if self.reads is None:
            found = reads(self.nodelist, context.template.engine)
            named = tuple(p for v in self.values if (p := _path_of(v)))
            # a region inside is sent or kept by what the tablet shows
            inner = ("oob", "regions_known", "regions_off")
            regions = inner if self.nodelist.get_nodes_by_type(RegionNode) else ()
            self.reads = found + named + regions
        return self.reads

    def render(self, context: Any) -> SafeString:
        values = key_of(self._reads(context), context)
        if values is None:
            return mark_safe(self.nodelist.render(context))
        key = ("memo", self.serial, get_language(), values)
        html = _LINES.pop(key, None)
        if html is None:
            html = self.nodelist.render(context)
        _LINES[key] = html
        while len(_LINES) > LINES_SIZE:
            del _LINES[next(iter(_LINES))]
        return mark_safe(html)


#: The lines kept by ``{% memo %}``, per process, the least recently used going first.
_LINES: dict[tuple[Any, ...], str] = {}
LINES_SIZE = 2048


@register.tag("memo")
def memo(parser: Parser, token: Token) -> MemoNode:
    """``{% memo %}…{% endmemo %}``: the content rendered once per process for the same values
    of everything it reads (found in the template) and the language; values named in the tag
    are read too."""
    bits = token.split_contents()
    nodelist = parser.parse(("endmemo",))
    parser.delete_first_token()
    return MemoNode(nodelist, tuple(parser.compile_filter(bit) for bit in bits[1:]))


def _path_of(expression: FilterExpression) -> str | None:
    """The context path a value named in the tag reads (None: a literal)."""
    var = expression.var
    lookups = getattr(var, "lookups", None)
    return ".".join(lookups) if lookups else None


def _forget(**kwargs: Any) -> None:
    """A file changed under the development server (which then reloads the templates without
    a restart): the kept regions and lines are forgotten with them."""
    _MEMO.clear()
    _LINES.clear()


file_changed.connect(_forget, dispatch_uid="umpire-regions-memo")
