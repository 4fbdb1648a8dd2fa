"""A small QR code encoder for the sheets' links: byte mode, error correction level M, mask
pattern 0, versions 1-10 (up to 213 bytes, ISO/IEC 18004).

Every sheet and card of a round carries its own umpire link, so a round of 128 matches needs
128 different codes; a general encoder (segno) spends about a millisecond on each, most of it
in per-module Python loops. Here the layout of each version (function patterns, format and
version information, the zig-zag order of the data modules and the mask) is computed once per
process, so a code is its Reed-Solomon blocks (big-integer arithmetic) and one pass that sets
the data modules. Longer payloads fall back to segno. The tests compare every module with
segno's matrix for the same settings and decode printed codes with zbarimg.
"""

from __future__ import annotations

import functools
import operator
import re
from typing import Any

# data codewords per block and error correction codewords per block, level M (ISO 18004,
# table 9): version -> (ec per block, [(blocks, data codewords per block), ...])
_BLOCKS = {
    1: (10, [(1, 16)]),
    2: (16, [(1, 28)]),
    3: (26, [(1, 44)]),
    4: (18, [(2, 32)]),
    5: (24, [(2, 43)]),
    6: (16, [(4, 27)]),
    7: (18, [(4, 31)]),
    8: (22, [(2, 38), (2, 39)]),
    9: (22, [(3, 36), (2, 37)]),
    10: (26, [(4, 43), (1, 44)]),
}
_ALIGNMENT = {
    1: [],
    2: [6, 18],
    3: [6, 22],
    4: [6, 26],
    5: [6, 30],
    6: [6, 34],
    7: [6, 22, 38],
    8: [6, 24, 42],
    9: [6, 26, 46],
    10: [6, 28, 50],
}
MAX_VERSION = 10

# GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1
_EXP = [0] * 512
_LOG = [0] * 256
_value = 1
for _i in range(255):
    _EXP[_i] = _value
    _LOG[_value] = _i
    _value <<= 1
    if _value & 0x100:
        _value ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]


def _mul(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


@functools.cache
def _divisor_table(degree: int) -> list[int]:
    """For each byte value ``f``: the generator polynomial times ``f``, as one integer of
    ``degree`` bytes (highest coefficient first)."""
    gen = [1]
    for i in range(degree):  # (x - 2^0)(x - 2^1)...: coefficients after the leading 1
        nxt = [0] * (len(gen) + 1)
        for j, c in enumerate(gen):
            nxt[j] ^= c
            nxt[j + 1] ^= _mul(c, _EXP[i])
        gen = nxt
    coefficients = gen[1:]
    table = []
    for f in range(256):
        value = 0
        for c in coefficients:
            value = (value << 8) | _mul(c, f)
        table.append(value)
    return table


def _ecc(block: bytes, degree: int) -> bytes:
    """Reed-Solomon error correction codewords of ``block``."""
    table = _divisor_table(degree)
    shift = 8 * (degree - 1)
    mask = (1 << (8 * degree)) - 1
    rem = 0
    for byte in block:
        factor = (rem >> shift) ^ byte
        rem = ((rem << 8) & mask) ^ table[factor]
    return rem.to_bytes(degree, "big")


def _capacity(version: int) -> int:
    _, groups = _BLOCKS[version]
    return sum(n * k for n, k in groups)


def _version_for(length: int) -> int | None:
    for version in range(1, MAX_VERSION + 1):
        count_bits = 8 if version < 10 else 16
        if 4 + count_bits + 8 * length <= 8 * _capacity(version):
            return version
    return None


@functools.cache
def _layout(version: int) -> tuple[int, list[int], list[int], list[int]]:
    """``(size, modules, data_positions, mask)`` of ``version``: the function patterns and
    format/version information already set (level M, mask 0), the flat indices of the data
    modules in placement order, and mask 0's value at each of them."""
    size = 17 + 4 * version
    modules = [0] * (size * size)
    function = [False] * (size * size)

    def put(x: int, y: int, dark: bool) -> None:
        modules[y * size + x] = 1 if dark else 0
        function[y * size + x] = True

    for i in range(size):  # timing patterns
        put(6, i, i % 2 == 0)
        put(i, 6, i % 2 == 0)
    for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):  # finders with their separators
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                x, y = cx + dx, cy + dy
                if 0 <= x < size and 0 <= y < size:
                    put(x, y, max(abs(dx), abs(dy)) not in (2, 4))
    positions = _ALIGNMENT[version]
    last = len(positions) - 1
    for i, ax in enumerate(positions):
        for j, ay in enumerate(positions):
            if (i, j) in ((0, 0), (0, last), (last, 0)):
                continue
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    put(ax + dx, ay + dy, max(abs(dx), abs(dy)) != 1)
    # format information: level M (00) and mask 0 (000), BCH(15,5), masked with 0x5412
    data = 0
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    bits = ((data << 10) | rem) ^ 0x5412

    def bit(i: int) -> bool:
        return (bits >> i) & 1 == 1

    for i in range(6):
        put(8, i, bit(i))
    put(8, 7, bit(6))
    put(8, 8, bit(7))
    put(7, 8, bit(8))
    for i in range(9, 15):
        put(14 - i, 8, bit(i))
    for i in range(8):
        put(size - 1 - i, 8, bit(i))
    for i in range(8, 15):
        put(8, size - 15 + i, bit(i))
    put(8, size - 8, True)  # the dark module
    if version >= 7:  # version information, BCH(18,6)
        rem = version
        for _ in range(12):
            rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
        vbits = (version << 12) | rem
        for i in range(18):
            dark = (vbits >> i) & 1 == 1
            a, b = size - 11 + i % 3, i // 3
            put(a, b, dark)
            put(b, a, dark)
    order: list[int] = []
    right = size - 1
    while right >= 1:  # two-module columns, right to left, zig-zag (the timing column skipped)
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        for vert in range(size):
            y = size - 1 - vert if upward else vert
            for x in (right, right - 1):
                if not function[y * size + x]:
                    order.append(y * size + x)
        right -= 2
    mask = [1 if (p % size + p // size) % 2 == 0 else 0 for p in order]
    for p, m in zip(order, mask, strict=True):  # remainder bits: light, then masked
        modules[p] = m
    return size, [48 + v for v in modules], order, mask  # as the ASCII digits "0" and "1"


def _data_codewords(payload: bytes, version: int) -> bytes:
    """Mode, count, the bytes, the terminator and the pad codewords (ISO 18004, 7.4)."""
    capacity = _capacity(version)
    count_bits = 8 if version < 10 else 16
    value = (0b0100 << count_bits) | len(payload)  # byte mode, character count
    value = (value << (8 * len(payload))) | int.from_bytes(payload, "big")
    used = 4 + count_bits + 8 * len(payload)
    terminator = min(4, 8 * capacity - used)
    pad = -(used + terminator) % 8
    value <<= terminator + pad
    data = value.to_bytes((used + terminator + pad) // 8, "big")
    fill = capacity - len(data)
    return data + (b"\xec\x11" * (fill // 2 + 1))[:fill]


def _rows(version: int, data: bytes) -> list[bytes]:
    """The symbol of ``version`` holding the data codewords ``data`` and their error
    correction, blocks interleaved (ISO 18004, 7.6), mask 0 applied: one ``b"0101…"`` a
    row, top to bottom."""
    ec, groups = _BLOCKS[version]
    blocks, eccs, start = [], [], 0
    for count, length in groups:
        for _ in range(count):
            block = data[start : start + length]
            start += length
            blocks.append(block)
            eccs.append(_ecc(block, ec))
    codewords = _interleave(version)(data + b"".join(eccs))
    size, template, pick, mask_bits, length = _scatter(version)
    value = int.from_bytes(codewords, "big") >> (8 * len(codewords) - length)
    masked = format(value ^ mask_bits, f"0{length}b").encode()
    full = bytes(pick(template + masked))  # every module in one C-level gather
    return [full[y * size : (y + 1) * size] for y in range(size)]


@functools.cache
def _interleave(version: int) -> Any:
    """A function from the data codewords followed by each block's error correction (block
    after block) to the codewords in the symbol's order: the blocks' i-th data codewords in
    turn, then their i-th error correction codewords (ISO 18004, 7.6)."""
    ec, groups = _BLOCKS[version]
    lengths = [length for count, length in groups for _ in range(count)]
    starts = [sum(lengths[:k]) for k in range(len(lengths))]
    order = [
        start + i
        for i in range(max(lengths))
        for start, length in zip(starts, lengths, strict=True)
        if i < length
    ]
    total = sum(lengths)
    order += [total + k * ec + i for i in range(ec) for k in range(len(lengths))]
    pick = operator.itemgetter(*order)
    return lambda codewords: bytes(pick(codewords))


@functools.cache
def _scatter(version: int) -> tuple[int, bytes, Any, int, int]:
    """How a symbol of ``version`` is put together in one gather: the template (function
    patterns; the mask on the data modules), a getter that reads each module from the
    template followed by the masked data bits, mask 0 over those bits as one integer, and
    their number (the data and error correction codewords' bits; remainder bits keep the
    template)."""
    size, template, order, mask = _layout(version)
    ec, groups = _BLOCKS[version]
    codewords = sum(n * k for n, k in groups) + ec * sum(n for n, _k in groups)
    length = min(len(order), 8 * codewords)
    cells = size * size
    source = list(range(cells))
    for k in range(length):
        source[order[k]] = cells + k
    mask_bits = int("".join(map(str, mask[:length])), 2)
    return size, bytes(template), operator.itemgetter(*source), mask_bits, length


def _place(version: int, data: bytes) -> list[list[int]]:
    return [[v - 48 for v in row] for row in _rows(version, data)]


def qr_rows(text: str) -> list[bytes] | None:
    """The rows of ``text``'s QR code as ``b"0"``/``b"1"`` (1 = dark; no quiet zone), or
    ``None`` when it needs more than version 10."""
    payload = text.encode("utf-8")
    version = _version_for(len(payload))
    if version is None:
        return None
    return _rows(version, _data_codewords(payload, version))


def qr_matrix(text: str) -> list[list[int]] | None:
    """:func:`qr_rows` as lists of 0 and 1."""
    rows = qr_rows(text)
    return None if rows is None else [[v - 48 for v in row] for row in rows]


_DARK_RUN = re.compile(b"1+")


def dark_runs(rows: list[bytes]) -> list[tuple[int, int, int]]:
    """``(row, start, length)`` of every horizontal run of dark modules."""
    return [
        (r, m.start(), m.end() - m.start())
        for r, row in enumerate(rows)
        for m in _DARK_RUN.finditer(row)
    ]
