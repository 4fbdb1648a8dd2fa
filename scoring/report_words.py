"""Report lines that are read in the reader's language (issue 31: the SoL import's preview
and report "in English and German"): a :class:`Line` is written in the active language and
remembers its message id and parameters; it is stored as both (:func:`stored`) and shown
again in the language of whoever reads the page (:func:`spoken`). Older stored reports are
plain strings and are shown as they are. A line kept in a text column (an imported match's
``needs_review``) is its JSON there (:func:`stored_text`, :func:`spoken_text`)."""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext, ngettext


class Line(str):
    """A report line in the active language that remembers its message id and parameters,
    so the stored report is shown in the language of whoever reads it (issue 31: the report
    in English and German). A parameter may itself be a :class:`Line`."""

    msgid: str
    plural: str
    params: dict[str, Any]

    def __new__(cls, msgid: str, plural: str = "", /, **params: Any) -> Line:
        text = spoken({"msgid": msgid, "plural": plural, "params": params})
        line = super().__new__(cls, text)
        line.msgid, line.plural, line.params = msgid, plural, params
        return line

    # named as the gettext functions so that ``makemessages`` extracts their message ids

    @classmethod
    def gettext(cls, msgid: str, /, **params: Any) -> Line:
        """A line: ``msgid`` with its named ``%(…)s`` placeholders filled from ``params``."""
        return cls(msgid, "", **params)

    @classmethod
    def ngettext(cls, singular: str, plural: str, /, *, n: int, **params: Any) -> Line:
        """A line on a count ``n`` (its placeholder ``%(n)d``), in the form the count takes."""
        return cls(singular, plural, n=n, **params)

    def stored(self) -> dict[str, Any]:
        """The JSON form kept in the upload's preview or report."""
        row: dict[str, Any] = {"msgid": self.msgid, "params": {}}
        if self.plural:
            row["plural"] = self.plural
        row["params"] = {k: stored(v) for k, v in self.params.items()}
        return row


def stored(value: Any) -> Any:
    """A line (or a plain value) as JSON: a :class:`Line` as its message id and parameters."""
    return value.stored() if isinstance(value, Line) else value


def spoken(value: Any) -> Any:
    """A stored line in the active language; a plain string (older reports) as it is."""
    if not isinstance(value, dict) or "msgid" not in value:
        return value
    params = {k: spoken(v) for k, v in (value.get("params") or {}).items()}
    if value.get("plural"):
        text = ngettext(value["msgid"], value["plural"], int(params.get("n") or 0))
    else:
        text = gettext(value["msgid"])
    for words in (text, str(value["msgid"])):  # a catalogue that lost a placeholder: English
        try:
            return words % params
        except (KeyError, TypeError, ValueError):
            continue
    return str(value["msgid"])  # a damaged stored line: its words as they are, never a 500


def stored_text(line: str, *, limit: int) -> str:
    """A line kept in a text column of ``limit`` characters (an imported match's
    ``needs_review``): a :class:`Line` as the JSON of its message id and parameters, worded
    again when read (:func:`spoken_text`); a plain string, or a line whose JSON is too long,
    as its words, cut to the limit."""
    if isinstance(line, Line):
        text = json.dumps(line.stored(), ensure_ascii=False, separators=(",", ":"))
        if len(text) <= limit:
            return text
    return str(line)[:limit]


def spoken_text(text: str) -> str:
    """A line kept by :func:`stored_text` in the active language; a plain string (a row
    written before, or by hand) as it is."""
    if not text.startswith("{"):
        return text
    try:
        value = json.loads(text)
    except ValueError:
        return text
    words = spoken(value)
    return words if isinstance(words, str) else text
