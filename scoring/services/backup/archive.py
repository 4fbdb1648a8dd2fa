"""Archives and YAML read with caps: a gzip or zip member unpacked in pieces up to a size, YAML
documents up to a count and aliases.
"""

from __future__ import annotations

from typing import Any

#: The most a compressed archive may unpack to (a 1 MB ``.sol.gz`` grew to 1 GiB: issue 16).
MAX_UNPACKED_BYTES = 64 * 1024 * 1024


#: The most YAML documents, and aliases (``*ref``), an archive may hold.
MAX_YAML_DOCUMENTS = 5000


MAX_YAML_ALIASES = 10000


class ArchiveTooLarge(ValueError):
    """An archive beyond the caps above; the message says which."""


def gunzip_capped(content: bytes, limit: int | None = None) -> bytes:
    """Decompress gzip data in pieces, refusing as soon as the output passes ``limit``
    (never holding more than ``limit`` plus one piece in memory).

    :raises ArchiveTooLarge: bigger than ``limit``; ``OSError``/``EOFError``: damaged data.
    """
    import zlib

    limit = MAX_UNPACKED_BYTES if limit is None else limit
    unpack = zlib.decompressobj(wbits=31)
    out, size, view, step = [], 0, memoryview(content), 64 * 1024
    for start in range(0, len(view), step):
        data = view[start:start + step]
        while data:
            piece = unpack.decompress(data, step)
            size += len(piece)
            if size > limit:
                raise ArchiveTooLarge(f"the archive unpacks to more than {limit // 2**20} MiB")
            out.append(piece)
            data = unpack.unconsumed_tail
            if unpack.eof:
                if unpack.unused_data.startswith(b"\x1f\x8b"):  # another gzip member
                    rest = unpack.unused_data + bytes(view[start + step:])
                    return b"".join(out) + gunzip_capped(rest, limit - size)
                return b"".join(out)
    if not unpack.eof:
        raise EOFError("the compressed data ends early")
    return b"".join(out)


def yaml_documents(text: str) -> list[Any]:
    """``yaml.safe_load_all(text)`` with caps on documents and aliases (a YAML bomb expands
    a few aliases into millions of nodes).

    :raises ArchiveTooLarge: over a cap; ``yaml.YAMLError``: not YAML.
    """
    import yaml

    documents = aliases = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > MAX_YAML_DOCUMENTS:
                raise ArchiveTooLarge(f"more than {MAX_YAML_DOCUMENTS} YAML documents")
        elif isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_YAML_ALIASES:
                raise ArchiveTooLarge(f"more than {MAX_YAML_ALIASES} YAML aliases")
    return list(yaml.safe_load_all(text))
