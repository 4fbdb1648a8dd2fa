"""The umpire tablet's regions on the wire (issue 17): what a stroke's answer leaves out.

Each region of the tablet's screen (``{% region %}``, :mod:`scoring.templatetags.umpire_regions`)
carries a fingerprint of its content; the tablet sends the fingerprints of the regions it shows
in the ``X-Umpire-Regions`` header (``static/js/umpire.js``), and a region whose fingerprint is
the same is not sent again. Plain Python: the view reads the header, the template tag makes the
fingerprints, both from here.
"""

from __future__ import annotations

import hashlib
import re

#: What makes a region out of band (left out of its fingerprint: the same content either way).
OOB = ' hx-swap-oob="true"'
_FINGERPRINT = re.compile(r"[0-9a-f]{12}")


def fingerprint(html: str) -> str:
    """The region's fingerprint: the same content on the page and out of band."""
    return hashlib.blake2b(html.replace(OOB, "").encode(), digest_size=6).hexdigest()


def parse_known(header: str) -> dict[str, str]:
    """``name:fingerprint`` pairs, comma separated, as the tablet sends them (bad pairs are
    ignored: the region is then simply sent)."""
    known: dict[str, str] = {}
    for pair in (header or "").split(",")[:64]:
        name, _sep, value = pair.strip().partition(":")
        if name and _FINGERPRINT.fullmatch(value):
            known[name[:40]] = value
    return known
