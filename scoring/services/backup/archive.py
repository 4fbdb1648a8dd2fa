"""Archives and YAML read with caps (issues 16 and 29): gzip and zip members unpacked in pieces,
iteratively, up to a size and a compression ratio; YAML parsed once by libyaml (PyYAML's C
parser) into plain values under a budget of nodes (aliases counted as what they expand to),
aliases, documents and nesting depth; the whole reading under a time budget. A file over any
cap is refused with :class:`ArchiveTooLarge` saying which, before it fills the memory.
"""

from __future__ import annotations

import sys
import time
import zlib
from dataclasses import dataclass, field
from typing import Any, cast

import yaml

from scoring.services.errors import ServiceError

#: The most a compressed archive may unpack to (a 1 MB ``.sol.gz`` grew to 1 GiB: issue 16).
MAX_UNPACKED_BYTES = 64 * 1024 * 1024

#: The most an archive may grow by unpacking, once it is past :data:`RATIO_FLOOR_BYTES`
#: (SoL's YAML packs 10–30 times; a 192 KB ``.sol.gz`` of 63 MiB packs 330 times: issue 29).
MAX_COMPRESSION_RATIO = 100

#: Below this many unpacked bytes the ratio is not looked at (tiny files pack very well).
RATIO_FLOOR_BYTES = 1024 * 1024

#: The most gzip members a file may chain (``cat a.gz b.gz`` is valid gzip; 5,000 empty
#: members once ran the old recursive reader out of stack: issue 29).
MAX_GZIP_MEMBERS = 10_000

#: The most YAML documents, and aliases (``*ref``), an archive may hold.
MAX_YAML_DOCUMENTS = 5000

MAX_YAML_ALIASES = 10000

#: The most YAML nodes (scalars, lists, mappings) an archive may make, an alias counting as
#: every node it repeats (a billion laughs is refused at this count, not after it). A SoL
#: archive of 60 tourneys of 64 players over 7 rounds, every board written, is about 1.1
#: million; this leaves room for a large history at about 200 MB at most.
MAX_YAML_NODES = 3_000_000

#: The deepest nesting of lists and mappings (a SoL archive nests 5 deep).
MAX_YAML_DEPTH = 64

#: The longest an archive's reading (unpacking and parsing) may take, in seconds.
MAX_READ_SECONDS = 30.0

#: PyYAML's libyaml-backed loader (the wheel bundles libyaml; pinned in requirements.txt);
#: the pure-Python one only where PyYAML was built without it, under the same caps.
LOADER: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_STEP = 64 * 1024
_GZIP_MAGIC = b"\x1f\x8b"
_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"
_MAP_TAGS = {None, "!", "tag:yaml.org,2002:map"}
_SEQ_TAGS = {None, "!", "tag:yaml.org,2002:seq"}
_SCALAR_TAGS = {_STR, _MERGE} | {
    f"tag:yaml.org,2002:{name}" for name in ("null", "bool", "int", "float", "timestamp", "binary")
}


class ArchiveTooLarge(ServiceError, ValueError):
    """An archive beyond the caps above; the message says which."""

    def __init__(self, message: str) -> None:
        super().__init__("archive_too_large", message, detail=message)


def deadline(seconds: float | None = None) -> float:
    """The monotonic time by which a reading started now must be done."""
    return time.monotonic() + (MAX_READ_SECONDS if seconds is None else seconds)


def _check_time(until: float | None) -> None:
    if until is not None and time.monotonic() > until:
        raise ArchiveTooLarge(f"reading the archive took longer than {MAX_READ_SECONDS:g} s")


def check_growth(unpacked: int, *, packed: int, limit: int | None = None, before: int = 0) -> None:
    """Refuse ``unpacked`` bytes made from ``packed`` ones past the size cap (counting the
    ``before`` bytes of earlier members in) or the ratio cap.

    :raises ArchiveTooLarge: which cap was passed.
    """
    limit = MAX_UNPACKED_BYTES if limit is None else limit
    if before + unpacked > limit:
        raise ArchiveTooLarge(f"the archive unpacks to more than {limit // 2**20} MiB")
    if unpacked > RATIO_FLOOR_BYTES and unpacked > MAX_COMPRESSION_RATIO * max(packed, 1):
        raise ArchiveTooLarge(
            f"the archive unpacks to more than {MAX_COMPRESSION_RATIO} times "
            "its size (a compression bomb?)"
        )


def gunzip_capped(content: bytes, *, limit: int | None = None, until: float | None = None) -> bytes:
    """Decompress gzip data — every member of it, one after the other, without recursion — in
    pieces, refusing as soon as the output passes ``limit`` or the ratio cap (never holding
    more than ``limit`` plus one piece in memory).

    :raises ArchiveTooLarge: over a cap (size, ratio, members, time); ``OSError``/``EOFError``/
        ``zlib.error``: damaged data.
    """
    out: list[bytes] = []
    size, start, members, view = 0, 0, 0, memoryview(content)
    while start < len(view) and view[start : start + 2] == _GZIP_MAGIC:
        members += 1
        if members > MAX_GZIP_MEMBERS:
            raise ArchiveTooLarge(f"more than {MAX_GZIP_MEMBERS} gzip members")
        unpack = zlib.decompressobj(wbits=31)
        fed = start  # the end of the compressed bytes handed to this member so far
        while not unpack.eof:
            if unpack.unconsumed_tail:
                data: bytes | memoryview = unpack.unconsumed_tail
            elif fed < len(view):
                data, fed = view[fed : fed + _STEP], min(fed + _STEP, len(view))
            else:
                raise EOFError("the compressed data ends early")
            piece = unpack.decompress(data, _STEP)
            size += len(piece)
            check_growth(size, packed=fed, limit=limit)
            _check_time(until)
            out.append(piece)
        start = fed - len(unpack.unused_data)
    if members == 0:
        raise OSError("not gzip data")
    return b"".join(out)


@dataclass(slots=True)
class _Frame:
    """A list or mapping being built from the event stream."""

    value: Any
    anchor: str | None
    mapping: bool
    weight: int = 1
    key: Any = None
    has_key: bool = False
    merges: list[Any] = field(default_factory=list)


def yaml_documents(text: str | bytes, *, until: float | None = None) -> list[Any]:
    """The documents of ``text`` as ``yaml.safe_load_all`` gives them (plain values), parsed
    once by libyaml (``bytes`` read as UTF-8 in place, no decoded copy) and built here from
    its events, so every cap applies while it is read: documents, aliases, nodes (an alias
    weighing what it repeats), depth and time.

    :raises ArchiveTooLarge: over a cap; ``yaml.YAMLError``: not YAML (or a tag that is not
        plain data).
    """
    until = deadline() if until is None else until
    loader = LOADER(text)
    try:
        return _build(loader, until)
    finally:
        loader.dispose()


def _build(loader: Any, until: float) -> list[Any]:
    documents: list[Any] = []
    anchors: dict[str, tuple[Any, int]] = {}
    stack: list[_Frame] = []
    nodes = aliases = events = 0
    while True:
        event = loader.get_event()
        events += 1
        if not events & 4095:
            _check_time(until)
        kind = type(event)
        if kind is yaml.ScalarEvent:
            value, weight = _scalar(loader, event), 1
            if event.anchor is not None:
                anchors[event.anchor] = (value, 1)
        elif kind is yaml.AliasEvent:
            aliases += 1
            if aliases > MAX_YAML_ALIASES:
                raise ArchiveTooLarge(f"more than {MAX_YAML_ALIASES} YAML aliases")
            if event.anchor not in anchors:
                raise yaml.composer.ComposerError(
                    None, None, f"found undefined alias {event.anchor!r}", event.start_mark
                )
            value, weight = anchors[event.anchor]
        elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            mapping = kind is yaml.MappingStartEvent
            if event.tag not in (_MAP_TAGS if mapping else _SEQ_TAGS):
                raise yaml.constructor.ConstructorError(
                    None, None, f"the tag {event.tag!r} is not plain data", event.start_mark
                )
            stack.append(_Frame({} if mapping else [], event.anchor, mapping))
            if len(stack) > MAX_YAML_DEPTH:
                raise ArchiveTooLarge(f"YAML nested deeper than {MAX_YAML_DEPTH} levels")
            nodes += 1
            if nodes > MAX_YAML_NODES:
                raise ArchiveTooLarge(f"more than {MAX_YAML_NODES:,} YAML nodes")
            continue
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            frame = stack.pop()
            value, weight = frame.value, frame.weight
            if frame.merges:
                value = _merged(frame, event)
            if frame.anchor is not None:
                anchors[frame.anchor] = (value, weight)
            if stack:  # its nodes are counted already
                stack[-1].weight += weight
                _attach(stack[-1], value, event)
            else:
                documents.append(value)
            continue
        elif kind is yaml.DocumentStartEvent:
            anchors = {}
            if len(documents) >= MAX_YAML_DOCUMENTS:
                raise ArchiveTooLarge(f"more than {MAX_YAML_DOCUMENTS} YAML documents")
            continue
        elif kind is yaml.StreamEndEvent:
            return documents
        else:  # stream start, document end
            continue
        nodes += weight
        if nodes > MAX_YAML_NODES:
            raise ArchiveTooLarge(f"more than {MAX_YAML_NODES:,} YAML nodes")
        if stack:
            stack[-1].weight += weight
            _attach(stack[-1], value, event)
        elif value is _MERGE_KEY:
            raise yaml.constructor.ConstructorError(
                None, None, "a merge key (<<) stands only as a mapping's key", event.start_mark
            )
        else:
            documents.append(value)


class _MergeKey:
    """The ``<<`` key of a mapping (its values are merged into the mapping)."""


_MERGE_KEY = _MergeKey()


def _scalar(loader: Any, event: Any) -> Any:
    tag = event.tag
    if tag is None or tag == "!":
        tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
    if tag == _STR:
        return event.value
    if tag == _MERGE:
        return _MERGE_KEY
    if tag not in _SCALAR_TAGS:
        raise yaml.constructor.ConstructorError(
            None, None, f"the tag {tag!r} is not plain data", event.start_mark
        )
    node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
    return loader.yaml_constructors[tag](loader, node)


def _attach(frame: _Frame, value: Any, event: Any) -> None:
    if value is _MERGE_KEY and (not frame.mapping or frame.has_key):
        raise yaml.constructor.ConstructorError(
            None, None, "a merge key (<<) stands only as a mapping's key", event.start_mark
        )
    if not frame.mapping:
        frame.value.append(value)
    elif frame.has_key:
        frame.has_key = False
        if frame.key is _MERGE_KEY:
            frame.merges.append(value)
        else:
            frame.value[frame.key] = value
    else:
        if isinstance(value, str) and len(value) <= 64:
            value = sys.intern(value)  # one copy of each field name, however many rows
        try:
            hash(value)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "found a list or mapping as a mapping key", event.start_mark
            ) from None
        frame.key, frame.has_key = value, True


def _merged(frame: _Frame, event: Any) -> dict[Any, Any]:
    """A mapping with its ``<<`` merges: the first merged mapping wins over later ones, the
    mapping's own keys over all of them (YAML's merge key)."""
    merged: dict[Any, Any] = {}
    for source in frame.merges:
        for item in source if isinstance(source, list) else [source]:
            if not isinstance(item, dict):
                raise yaml.constructor.ConstructorError(
                    None, None, "a merge key (<<) takes mappings", event.start_mark
                )
            for key, value in item.items():
                merged.setdefault(key, value)
    merged.update(frame.value)
    frame.value.clear()
    frame.value.update(merged)
    return cast(
        dict[Any, Any], frame.value
    )  # the same object (an alias to it may be stored already)
