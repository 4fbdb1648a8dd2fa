"""Fill translations into ``locale/<lang>/LC_MESSAGES/django.po`` from a JSON file.

Usage::

    python tools/po_fill.py [--lang de|fr|it] TRANSLATIONS.json
    python tools/po_fill.py [--lang de|fr|it] --missing [--json]

The JSON file maps English msgids to the language's msgstrs; a message with a plural form
takes a list ``[singular, plural]``. Only entries that are still untranslated (or fuzzy) are
filled, so several people can add their strings one after the other: run ``make messages``
first (it extracts every string for every language, keeping existing translations), then this
once per language, then ``make messages`` again to compile the .mo files. The language is
German when ``--lang`` is not given.

``--replace`` also overwrites existing translations of the given msgids (to fix a word).
``--missing`` lists the msgids that still have no translation; with ``--json`` it prints them
as a JSON object ``{msgid: ""}`` (``{msgid: ["", ""]}`` for plurals), ready to be filled in and
given back to this tool.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[1] / "locale"
LANGUAGES = ("de", "fr", "it")


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "django.po"


def _unquote(lines: list[str]) -> str:
    return "".join(json.loads(line) for line in lines)


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def entries(text: str) -> list[str]:
    return text.split("\n\n")


def _field(lines: list[str], start: int, keyword: str) -> tuple[str, int] | None:
    """The value of the field starting at ``lines[start]`` (``keyword "…"`` and its
    continuation lines) and the index after it; None when the line is another field."""
    if start >= len(lines) or not lines[start].startswith(keyword + " "):
        return None
    end = start + 1
    while end < len(lines) and lines[end].startswith('"'):
        end += 1
    return _unquote([lines[start][len(keyword) + 1 :], *lines[start + 1 : end]]), end


class Entry:
    """One message of a catalogue: its msgid, its plural msgid (if any) and its msgstrs."""

    def __init__(self, lines: list[str], first: int) -> None:
        self.lines = lines
        self.first = first  # the index of the msgid line
        msgid = _field(lines, first, "msgid")
        assert msgid is not None
        self.msgid, after = msgid
        plural = _field(lines, after, "msgid_plural")
        self.plural: str | None = None
        if plural is not None:
            self.plural, after = plural
        self.str_start = after
        self.msgstrs: list[str] = []
        while True:
            keyword = "msgstr" if self.plural is None else f"msgstr[{len(self.msgstrs)}]"
            field = _field(lines, after, keyword)
            if field is None:
                break
            self.msgstrs.append(field[0])
            after = field[1]
            if self.plural is None:
                break
        self.str_end = after

    @property
    def fuzzy(self) -> bool:
        return any(line.startswith("#,") and "fuzzy" in line for line in self.lines)

    @property
    def untranslated(self) -> bool:
        return self.fuzzy or not self.msgstrs or any(not s for s in self.msgstrs)

    def filled(self, value: str | list[str]) -> str:
        values = [value] if isinstance(value, str) else list(value)
        if self.plural is None:
            new = [f"msgstr {_quote(values[0])}"]
        else:
            count = max(len(self.msgstrs), 2)
            values += [values[-1]] * (count - len(values))
            new = [f"msgstr[{n}] {_quote(values[n])}" for n in range(count)]
        head = [
            line if not (line.startswith("#,") and "fuzzy" in line) else _without_fuzzy(line)
            for line in self.lines[: self.str_start]
        ]
        head = [line for line in head if line]
        return "\n".join(head + new + self.lines[self.str_end :])


def _without_fuzzy(line: str) -> str:
    flags = [f.strip() for f in line[2:].split(",") if f.strip() and f.strip() != "fuzzy"]
    return "#, " + ", ".join(flags) if flags else ""


def parse(block: str) -> Entry | None:
    lines = block.split("\n")
    try:
        first = next(n for n, line in enumerate(lines) if line.startswith("msgid "))
    except StopIteration:
        return None
    entry = Entry(lines, first)
    return entry if entry.msgid else None  # the header


def fill(
    lang: str, translations: dict[str, str | list[str]], *, replace: bool = False
) -> list[Entry]:
    """Fill ``translations`` into the language's catalogue (with ``replace`` also over the
    translations it has); the entries still missing."""
    path = po_path(lang)
    blocks = entries(path.read_text(encoding="utf-8"))
    missing: list[Entry] = []
    out = []
    for block in blocks:
        entry = parse(block)
        if entry is not None and (entry.untranslated or replace):
            if entry.msgid in translations and translations[entry.msgid]:
                block = entry.filled(translations[entry.msgid])
            elif entry.untranslated:
                missing.append(entry)
        out.append(block)
    path.write_text("\n\n".join(out), encoding="utf-8")
    return missing


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", choices=LANGUAGES, default="de")
    parser.add_argument("--missing", action="store_true", help="list what is untranslated")
    parser.add_argument("--json", action="store_true", help="list it as a JSON object")
    parser.add_argument(
        "--replace",
        action="store_true",
        help="also replace translations the catalogue has (a better word)",
    )
    parser.add_argument("translations", nargs="?", type=Path)
    args = parser.parse_args(argv[1:])
    translations = (
        json.loads(args.translations.read_text(encoding="utf-8")) if args.translations else {}
    )
    missing = fill(args.lang, translations, replace=args.replace)
    if args.json:
        print(
            json.dumps(
                {e.msgid: ("" if e.plural is None else ["", ""]) for e in missing},
                ensure_ascii=False,
                indent=1,
            )
        )
    else:
        for entry in missing:
            print(f"missing: {entry.msgid!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
