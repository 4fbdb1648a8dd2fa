"""Imports that cannot exhaust the server (issue 29): a SoL archive is unpacked iteratively under
a size and a compression-ratio cap, parsed once by libyaml into plain values under a node budget
(an alias weighs what it repeats), an alias, document and depth cap, all within a time budget.
Every hostile file here is refused with a clear message, quickly and in bounded memory."""

from __future__ import annotations

import datetime
import gzip
import io
import time
import tracemalloc
import zipfile
import zlib
from collections.abc import Callable
from typing import Any

import pytest
import yaml
from django.core.management import CommandError, call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.services import backup
from scoring.services.backup import archive
from scoring.services.sol import SolError, read_archive, read_members


def _bounded(call: Callable[[], Any], *, seconds: float, mebibytes: int) -> Any:
    """Run ``call``; assert it took at most ``seconds`` and peaked under ``mebibytes`` of
    Python memory; return what it raised."""
    tracemalloc.start()
    started = time.monotonic()
    try:
        with pytest.raises(SolError) as err:
            call()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    elapsed = time.monotonic() - started
    assert elapsed < seconds, f"took {elapsed:.1f} s"
    assert peak < mebibytes * 2**20, f"peaked at {peak / 2**20:.0f} MiB"
    assert "Traceback" not in str(err.value) and "\n" not in str(err.value)
    return err.value


def _tourney_rows(count: int, seed: int = 0) -> bytes:
    """SoL-like match rows, varied enough to pack a few hundred times."""
    rows = []
    for i in range(count):
        n = (i * 7919 + seed) % 9973
        rows.append(
            f"- competitor1: {n % 64 + 1}\n  competitor2: {n % 61 + 1}\n"
            f"  turn: {n % 9 + 1}\n  board: {n % 32 + 1}\n  score1: {n % 26}\n"
            f"  score2: {(n // 26) % 26}\n"
        )
    return "".join(rows).encode()


def _gzip_of(size: int) -> bytes:
    """A ``.sol.gz`` of about ``size`` bytes of YAML, packed in pieces (the test never holds
    the whole text)."""
    pack = zlib.compressobj(9, zlib.DEFLATED, 31)
    head = b"players: []\n---\nguid: x\nmatches:\n"
    out, written = [pack.compress(head)], len(head)
    block = _tourney_rows(120)
    while written < size:
        out.append(pack.compress(block))
        written += len(block)
    out.append(pack.flush())
    return b"".join(out)


def test_the_yaml_is_parsed_by_libyaml() -> None:
    """PyYAML's wheel (pinned) bundles libyaml; the import uses its C parser."""
    assert yaml.__with_libyaml__
    assert archive.LOADER is yaml.CSafeLoader


def test_a_small_gzip_of_63_mib_of_yaml_is_refused_fast() -> None:
    """Like the attack's file: a few hundred KB packed, 63 MiB of YAML unpacked (refused at
    the ratio, after a few MiB, not after 600 s and 2.7 GB)."""
    bomb = _gzip_of(63 * 2**20)
    assert len(bomb) < 500_000  # 140 times smaller than its text
    error = _bounded(lambda: read_archive(bomb), seconds=5, mebibytes=32)
    assert "times its size" in str(error)


def test_a_huge_yaml_under_the_ratio_is_refused_at_the_node_budget(monkeypatch) -> None:
    """Past the ratio cap (raised here) the node budget stops the parse while it reads, long
    before the whole text is built into values."""
    monkeypatch.setattr(archive, "MAX_COMPRESSION_RATIO", 10_000)
    monkeypatch.setattr(archive, "MAX_YAML_NODES", 200_000)
    bomb = _gzip_of(12 * 2**20)
    error = _bounded(lambda: read_archive(bomb), seconds=20, mebibytes=64)
    assert "more than 200,000 YAML nodes" in str(error)


def test_a_billion_laughs_is_refused_at_the_node_budget() -> None:
    """Nine levels of nine aliases: 72 aliases that would expand to 387 million nodes."""
    laughs = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8)
    )
    error = _bounded(
        lambda: read_archive(("players: []\n" + laughs).encode()), seconds=2, mebibytes=8
    )
    assert "YAML nodes" in str(error)


def test_aliases_are_capped_by_count(monkeypatch) -> None:
    monkeypatch.setattr(archive, "MAX_YAML_ALIASES", 100)
    text = "players: &p []\nclubs: [" + ", ".join(["*p"] * 101) + "]\n"
    with pytest.raises(SolError, match="more than 100 YAML aliases"):
        read_archive(text.encode())


def test_five_thousand_empty_gzip_members_are_a_clear_error_not_a_recursion_error() -> None:
    members = gzip.compress(b"") * 5000
    error = _bounded(lambda: read_archive(members), seconds=5, mebibytes=8)
    assert "list of YAML documents" in str(error)


def test_many_gzip_members_holding_an_archive_are_read_one_after_the_other() -> None:
    text = b"players: []\n---\nguid: g\ndescription: Cup\n"
    data = b"".join(gzip.compress(text[i : i + 1]) for i in range(len(text)))  # one a byte
    assert read_archive(data) == [{"players": []}, {"guid": "g", "description": "Cup"}]
    many = gzip.compress(b"players: []\n") + gzip.compress(b"") * 6000
    assert read_archive(many) == [{"players": []}]


def test_gzip_members_are_capped(monkeypatch) -> None:
    monkeypatch.setattr(archive, "MAX_GZIP_MEMBERS", 100)
    with pytest.raises(SolError, match="more than 100 gzip members"):
        read_archive(gzip.compress(b"players: []\n") * 101)


def test_a_damaged_member_after_a_good_one_is_a_clear_error() -> None:
    data = gzip.compress(b"players: []\n") + gzip.compress(b"---\nguid: x\n")[:-10]
    with pytest.raises(SolError, match="gzip data is damaged"):
        read_archive(data)


def test_deep_nesting_is_refused() -> None:
    error = _bounded(lambda: read_archive(b"players: " + b"[" * 100_000), seconds=5, mebibytes=16)
    assert "nested deeper than 64" in str(error)


def test_a_json_archive_is_under_the_node_budget(monkeypatch) -> None:
    monkeypatch.setattr(archive, "MAX_YAML_NODES", 1000)
    with pytest.raises(SolError, match="values in the JSON"):
        read_archive(('[{"players": [' + ",".join(["1"] * 2000) + "]}]").encode())
    assert read_archive(b'[{"players": []}]') == [{"players": []}]


def test_deeply_nested_json_is_a_clear_error() -> None:
    with pytest.raises(SolError, match="neither YAML nor JSON"):
        read_archive(b"[" * 50_000 + b"]" * 50_000)


def test_the_time_budget_stops_a_slow_read(monkeypatch) -> None:
    monkeypatch.setattr(archive, "MAX_READ_SECONDS", 0.0)
    with pytest.raises(SolError, match="took longer than 0 s"):
        read_archive(b"players: []\n---\n" + _tourney_rows(2000))


def test_a_zip_of_many_members_is_capped_all_together(monkeypatch) -> None:
    """Each member under the cap, all of them together over it."""
    monkeypatch.setattr(archive, "MAX_UNPACKED_BYTES", 2 * 2**20)
    monkeypatch.setattr(archive, "MAX_COMPRESSION_RATIO", 10_000)
    member = b"players: []\n#" + b" " * (2**20 - 100) + b"\n"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        for i in range(3):
            bundle.writestr(f"part{i}.sol", member)
    with pytest.raises(SolError, match="unpacks to more than 2 MiB"):
        read_members(buffer.getvalue())


def test_a_zip_member_over_the_ratio_is_refused() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr("everything.sol", b"players: []\n" + b" " * (32 * 2**20))
    error = _bounded(lambda: read_members(buffer.getvalue()), seconds=5, mebibytes=16)
    assert "times its size" in str(error)


@pytest.mark.parametrize(
    "text, message",
    [
        ("players: !!python/object:os.system {}\n", "not plain data"),
        ("players: !!set {a: null}\n", "not plain data"),
        ("players: []\n? [a]\n: b\n", "mapping key"),
        ("players: *nowhere\n", "undefined alias"),
        ("players: [\n", "neither YAML nor JSON"),
        ("players: <<\n", "merge key"),
        ("players: [<<]\n", "merge key"),
        ("--- <<\n", "merge key"),
    ],
)
def test_yaml_that_is_not_plain_data_is_refused(text, message) -> None:
    with pytest.raises(SolError, match=message):
        read_archive(text.encode())


def test_merge_keys_and_anchors_read_as_pyyaml_reads_them() -> None:
    text = (
        "players: []\nbase: &b {x: 1, y: 2}\nmore: &m {y: 3, z: 4}\n"
        "one: {<<: *b, x: 9}\ntwo:\n  <<: [*m, *b]\nthree: *b\n"
    )
    assert read_archive(text.encode()) == list(yaml.safe_load_all(text))


_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False),
    st.text(max_size=20),
    st.dates(),
    st.datetimes(min_value=datetime.datetime(1900, 1, 1)),
)
_values = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.one_of(st.text(max_size=10), st.integers(), st.booleans()), inner, max_size=5
        )
    ),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_values, min_size=1, max_size=4))
def test_the_capped_reader_reads_what_pyyaml_reads(documents) -> None:
    """Whatever PyYAML writes, the capped reader reads back as PyYAML's own safe loader does."""
    text = yaml.safe_dump_all(documents, allow_unicode=True)
    assert backup.yaml_documents(text) == list(yaml.safe_load_all(text))


@pytest.mark.django_db
def test_the_import_sol_command_refuses_a_bomb_with_one_line(tmp_path) -> None:
    path = tmp_path / "bomb.sol.gz"
    path.write_bytes(_gzip_of(63 * 2**20))
    started = time.monotonic()
    with pytest.raises(CommandError) as err:
        call_command("import_sol", str(path))
    assert time.monotonic() - started < 5
    assert str(err.value).startswith("bomb.sol.gz: the archive unpacks to more than")


def test_without_libyaml_the_same_caps_hold(monkeypatch) -> None:
    """Where PyYAML was built without libyaml, its pure-Python parser feeds the same reader."""
    monkeypatch.setattr(archive, "LOADER", yaml.SafeLoader)
    text = "players: []\nx: &x {a: 1}\ny: [*x, *x]\n---\nguid: g\n"
    assert read_archive(text.encode()) == list(yaml.safe_load_all(text))
    laughs = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8)
    )
    with pytest.raises(SolError, match="YAML nodes"):
        read_archive(("players: []\n" + laughs).encode())
