"""What the browser tests share besides fixtures: Debian's Chromium and the tablet sizes
(the fixtures that use them are in tests/conftest.py)."""

from __future__ import annotations

import os

# Debian's Chromium; never a browser downloaded by `playwright install` (no download works here).
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]
TABLET_PORTRAIT = {"width": 768, "height": 1024}
TABLET_LANDSCAPE = {"width": 1024, "height": 768}
