"""The umpire tablet on the wire, for tests and benchmarks (issue 12): it shows the regions of
its screen by fingerprint, sends them with each stroke (``X-Umpire-Regions``, as
static/js/umpire.js does) and keeps what an answer leaves out, so the answers it gets are the
ones a real tablet gets (only the regions that changed: at most :data:`LIMIT` bytes)."""

from __future__ import annotations

import gzip
import re
import uuid
from typing import Any
from urllib.parse import urlencode


def link(match: Any, action: str = "") -> str:
    """The umpire link's page (or one of its actions)."""
    return f"/u/{match.umpire_token}/" + (f"{action}/" if action else "")


LIMIT = 6 * 1024
INNER = (
    "summary-card",
    "quick",
    "count-white",
    "count-black",
    "count-off_white",
    "count-off_black",
    "toggles",
    "more",
    "undo-form",
    "actions-box",
)
INSIDE = {"count-off_white": "more", "count-off_black": "more"}  # kept with "More…"
_FIRST_TAG = re.compile(r'<[a-z]+ data-h="([0-9a-f]+)"[^>]*?\bid="([^"]+)"')


class _Regions:
    """The regions of an answer by element id: ``{id: fingerprint}``."""

    @staticmethod
    def findall(html: str) -> list[tuple[str, str]]:
        return [(region_id, h) for h, region_id in _FIRST_TAG.findall(html)]


_REGION = _Regions
_PRESERVED = re.compile(r'id="[^"]+" hx-preserve')


class Tablet:
    """What the tablet shows: the fingerprint of every region on its screen."""

    def __init__(self, client, match) -> None:
        self.client = client
        self.match = match
        self.wire = (0, 0)
        self.known: dict[str, str] = dict(_REGION.findall(client.get(link(match)).content.decode()))

    def header(self) -> str:
        return ",".join(f"{name}:{h}" for name, h in self.known.items())

    def post(self, fields: dict, revision: int | None = None) -> tuple[int, str]:
        """Post one stroke (``fields`` of the pad) at ``revision`` (the match's, read afresh
        when not given); :attr:`wire` is then the answer's size as sent and as HTML."""
        if revision is None:
            self.match.refresh_from_db()
            revision = self.match.revision
        data = {"client_id": str(uuid.uuid4()), "revision": revision, **fields}
        # form-encoded, as htmx and the tablet's queue (static/js/umpire.js) send a stroke
        response = self.client.post(
            link(self.match, "event"),
            urlencode(data),
            content_type="application/x-www-form-urlencoded",
            headers={
                "HX-Request": "true",
                "X-Umpire-Regions": self.header(),
                "Accept-Encoding": "gzip",
            },
        )
        body = response.content
        if response.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        html = body.decode()
        self.wire = (len(body), len(response.content))
        sent = dict(_REGION.findall(html))
        # inside the panel a region is either sent again or kept (hx-preserve); the rest of
        # the old panel is gone
        kept = {name: h for name, h in self.known.items() if name not in INNER}
        for name, h in self.known.items():
            if (
                name in INNER
                and name not in sent
                and (
                    f'id="{name}" hx-preserve' in html
                    or f'id="{INSIDE.get(name)}" hx-preserve' in html
                )
            ):
                kept[name] = h
        self.known = {**kept, **sent}
        loader = re.search(r'id="actions-box" class="u-region-loading" hx-get="([^"]+)"', html)
        if loader:  # the changed "other decisions" sheet is fetched right after
            sheet = self.client.get(loader.group(1), headers={"HX-Request": "true"})
            self.known.update(_REGION.findall(sheet.content.decode()))
        return response.status_code, html
