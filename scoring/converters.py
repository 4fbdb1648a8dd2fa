"""Ids as the database can hold them: a URL or form value never reaches a query out of range.

SQLite and PostgreSQL keep primary keys as signed 64-bit integers; an id of 2**63 or more made
the database driver raise (``OverflowError``, a 500) instead of "not found". The ``id``
converter matches at most 18 digits, so a longer number is simply no URL (404), and
:func:`bounded_id` does the same for ids sent in a form or a query string.
"""

from __future__ import annotations

from typing import Any

#: The largest id any URL or form accepts (18 digits; below 2**63 - 1).
MAX_ID = 10**18 - 1


class IdConverter:
    """``<id:name>``: a positive integer below :data:`MAX_ID` (``<int:>`` with a bound)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: Any) -> str:
        return str(int(value))


def bounded_id(value: Any) -> int | None:
    """``value`` as an id if it is a decimal integer in 1…MAX_ID, else ``None``."""
    text = str(value if value is not None else "").strip()
    if not text.isascii() or not text.isdigit() or len(text) > 18:
        return None
    number = int(text)
    return number if 1 <= number <= MAX_ID else None
