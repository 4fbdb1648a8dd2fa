"""People's names as the app prints them (a read: sheets, the call-up, the people page)."""

from __future__ import annotations

from typing import Any


def display_name(user: Any) -> str:
    """The name as printed (on sheets, the call-up, the people page), else the login."""
    if user is None:
        return ""
    return str(user.get_full_name() or user.get_username()).strip()
