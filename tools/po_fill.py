"""Fill German translations into locale/de/LC_MESSAGES/django.po from a JSON file.

Usage: ``python tools/po_fill.py TRANSLATIONS.json`` where the file maps English msgids to German
msgstrs. Only entries that are still untranslated (or fuzzy) are filled, so several people can
add their strings one after the other: run ``make messages`` first (it extracts every string,
keeping existing translations), then this, then ``make messages`` again to compile the .mo.
``--missing`` lists the msgids that still have no translation.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

PO = Path(__file__).resolve().parents[1] / "locale" / "de" / "LC_MESSAGES" / "django.po"


def _unquote(lines: list[str]) -> str:
    return "".join(json.loads(line) for line in lines)


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def entries(text: str) -> list[str]:
    return text.split("\n\n")


def parse(block: str) -> tuple[str, list[str], int, int] | None:
    """(msgid, lines, start, end) where lines[start:end] are the msgstr lines."""
    lines = block.split("\n")
    try:
        i = next(n for n, line in enumerate(lines) if line.startswith("msgid "))
    except StopIteration:
        return None
    j = i + 1
    while j < len(lines) and lines[j].startswith('"'):
        j += 1
    msgid = _unquote([lines[i][6:], *lines[i + 1:j]])
    if j >= len(lines) or not lines[j].startswith("msgstr "):
        return None  # plural forms are filled by hand
    k = j + 1
    while k < len(lines) and lines[k].startswith('"'):
        k += 1
    return msgid, lines, j, k


def main(argv: list[str]) -> int:
    text = PO.read_text(encoding="utf-8")
    blocks = entries(text)
    missing = []
    translations = json.loads(Path(argv[1]).read_text(encoding="utf-8")) if argv[1:] and \
        argv[1] != "--missing" else {}
    out = []
    for block in blocks:
        parsed = parse(block)
        if parsed is None or not parsed[0]:
            out.append(block)
            continue
        msgid, lines, start, end = parsed
        current = _unquote([lines[start][7:], *lines[start + 1:end]])
        fuzzy = any(line.startswith("#,") and "fuzzy" in line for line in lines)
        if (not current or fuzzy) and msgid in translations:
            lines = [line for line in lines[:start]
                     if not (line.startswith("#,") and "fuzzy" in line)] + \
                [f"msgstr {_quote(translations[msgid])}"] + lines[end:]
            block = "\n".join(lines)
        elif not current or fuzzy:
            missing.append(msgid)
        out.append(block)
    PO.write_text("\n\n".join(out), encoding="utf-8")
    for msgid in missing:
        print(f"missing: {msgid!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
