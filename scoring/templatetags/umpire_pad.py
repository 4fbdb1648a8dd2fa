"""Template tags of the umpire tablet's stroke pad (templates/scoring/umpire/)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

#: The most carrommen of one colour a stroke can touch (ICF 3: nine of each colour).
MOST = 9

_BUTTON = (
    '<input type="radio" class="u-seg-input" name="{0}" value="{1}" id="pad-{0}-{1}"{2}>'
    '<label class="u-seg-btn" for="pad-{0}-{1}"><span class="visually-hidden">{3}: '
    "</span>{1}</label>"
)
_CHECKED = mark_safe(" checked")
_NOT = mark_safe("")


def _int(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0


@register.simple_tag
def count_buttons(name: str, text: str, value: Any = 0) -> SafeString:
    """The one-tap buttons 0 … 9 of a count on the pad (ICF 3: nine of each colour),
    ``value`` chosen. Always all ten, so that a count's row is the same from stroke to stroke
    and is not sent again (templatetags/umpire_regions.py): the tablet greys out what is no
    longer on the board (static/js/umpire.js), and the server refuses more than lies there."""
    chosen = _int(value)
    return format_html_join(
        "", _BUTTON, ((name, n, _CHECKED if n == chosen else _NOT, text) for n in range(MOST + 1))
    )
