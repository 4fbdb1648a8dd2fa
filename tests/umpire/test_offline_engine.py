"""The tablet's offline rules engine (issue 12): the bundle is ``scoring/rules`` and its words,
built from the source; run without Django (as in the browser), it rules on strokes exactly as
the server does, in English and German; the page carries the board's log; the CSP lets
WebAssembly run and nothing else; Pyodide is vendored from the npm registry, checked.
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import random
import re
import subprocess
import sys
import tarfile
import zipfile
from dataclasses import replace
from html import unescape
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

from scoring.offline import bundle
from scoring.pad import cleaned_fields, stroke_payload
from scoring.selectors.engine_log import engine_log
from scoring.selectors.umpire import tablet
from scoring.services.matches import match_snapshot
from tests.umpire.conftest import link, stroke
from tools import fetch_pyodide

# Run the bundle as the browser does: Django cannot be imported at all.
BROWSER = r"""
import json, sys, zipfile
class NoDjango:
    def find_spec(self, name, path=None, target=None):
        if name == "django" or name.startswith("django."):
            raise ImportError("no Django in the browser")
sys.meta_path.insert(0, NoDjango())
zip_path, lang = sys.argv[1], sys.argv[2]
sys.path.insert(0, zip_path)
from scoring.offline import browser
names = zipfile.ZipFile(zip_path).namelist()
mo = f"catalogues/{lang}.mo"
browser.install_words(zipfile.ZipFile(zip_path).read(mo) if mo in names else None)
job = json.load(sys.stdin)
print(json.dumps(browser.rule(job["log"], job["pending"])))
"""


def in_browser(tmp_path: Path, log: dict, pending: list, lang: str) -> dict:
    zip_path = tmp_path / "engine.zip"
    zip_path.write_bytes(bundle.build().data)
    done = subprocess.run(
        [sys.executable, "-I", "-c", BROWSER, str(zip_path), lang],
        input=json.dumps({"log": log, "pending": pending}),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


def test_the_bundle_holds_the_rules_engine_and_no_django():
    built = bundle.build()
    names = zipfile.ZipFile(io.BytesIO(built.data)).namelist()
    rules = sorted(p.name for p in Path("scoring/rules").glob("*.py"))
    assert sorted(n.split("/")[-1] for n in names if n.startswith("scoring/rules/")) == rules
    assert {"catalogues/de.mo", "catalogues/fr.mo", "catalogues/it.mo"} <= set(names)
    assert bundle.build().digest == built.digest  # the same source, the same name
    django_imports = {}
    for name in names:
        if name.endswith(".py"):
            tree = ast.parse(zipfile.ZipFile(io.BytesIO(built.data)).read(name))
            found = sorted(
                {
                    n.module
                    for n in ast.walk(tree)
                    if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("django")
                }
                | {
                    a.name
                    for n in ast.walk(tree)
                    if isinstance(n, ast.Import)
                    for a in n.names
                    if a.name.startswith("django")
                }
            )
            if found:
                django_imports[name] = found
    # only the words import Django's translation helpers, which the browser stands in for;
    # the browser entry only tries whether Django is there
    assert django_imports == {
        "scoring/rulings.py": ["django.utils.text", "django.utils.translation"],
        "scoring/error_words.py": ["django.utils.translation"],
        "scoring/screen_words.py": ["django.utils.translation"],
        "scoring/offline/browser.py": ["django"],
    }


def random_strokes(rng: random.Random) -> list[dict[str, str]]:
    """Pad entries an umpire could tap: presets, counts, the queen, the striker, fouls."""
    out = []
    for _ in range(40):
        kind = rng.random()
        if kind < 0.3:
            out.append({"preset": rng.choice(["nothing", "own", "opponent", "white", "black"])})
            continue
        fields = {
            "white": str(rng.choice([0, 0, 1, 1, 2, 3])),
            "black": str(rng.choice([0, 0, 1, 1, 2])),
        }
        for flag, p in (("queen", 0.15), ("striker", 0.12), ("foul", 0.12), ("no_contact", 0.03)):
            if rng.random() < p:
                fields[flag] = "on"
        out.append(fields)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_engine_in_the_browser_rules_as_the_server(tossed, tmp_path, seed):
    """A board played on the server through the tablet; the same pad entries replayed by the
    bundle without Django give the server's rulings, word for word, in English, German,
    French and Italian."""
    client = Client()
    logs = {}
    for lang in ("en", "de", "fr", "it"):
        with translation.override(lang):
            logs[lang] = engine_log(tablet(match_snapshot(tossed)))
    assert logs["en"]["events"] == [] and logs["de"]["names"]["white"] == "Weiß (Ben Kirk)"
    pending = []
    for fields in random_strokes(random.Random(seed)):
        current = match_snapshot(tossed).current
        if current is None or (current.game_number, current.board_number) != (1, 1):
            break  # the board has ended
        by = current.position.on_turn if current.position is not None else "white"
        answer = stroke(client, tossed, by, **fields)
        if answer.status_code == 200:
            pending.append([["by", by], *fields.items()])
        else:
            assert answer.status_code == 422  # the engine refused it: nothing recorded
    assert len(pending) >= 5
    for lang in ("en", "de", "fr", "it"):
        with translation.override(lang):
            history = tablet(match_snapshot(tossed)).history
        server = [[(r.text, r.law) for r in item.rulings] for item in reversed(history)]
        got = in_browser(tmp_path, logs[lang], pending, lang)
        assert [
            [(r["text"], r["law"]) for r in item["rulings"]] for item in got["items"]
        ] == server, lang
        codes = {r["code"] for item in got["items"] for r in item["rulings"]}
        assert len(codes) >= 4, codes  # more than the turn passing
        assert [item["text"] for item in got["items"]] == [item.text for item in reversed(history)]


def test_a_stroke_the_laws_refuse_is_named_and_the_rest_waits(tossed, tmp_path):
    log = engine_log(tablet(match_snapshot(tossed)))
    pending = [
        [["by", "white"], ["white", "1"]],
        [["by", "black"], ["preset", "nothing"]],  # white is still on turn
        [["by", "white"], ["preset", "nothing"]],
    ]
    got = in_browser(tmp_path, log, pending, "en")
    assert got["items"][0]["rulings"][0]["text"] == "Break made by White (Ben Kirk)."
    assert got["items"][1]["error"] == "That colour is not on turn."
    assert got["items"][2] == {"ruled": False}
    assert got["position"]["on_board"] == {"white": 8, "black": 9}
    assert got["position"]["on_turn"] == "white"


def test_the_pad_reads_its_fields_as_the_form_does():
    d = cleaned_fields(
        [
            ("white", "2"),
            ("black", "x"),
            ("queen", "on"),
            ("foul", "false"),
            ("off_black", "12"),
            ("preset", "bogus"),
        ]
    )
    assert d["white"] == 2 and d["black"] == 0 and d["off_black"] == 0
    assert d["queen"] is True and d["foul"] is False and d["preset"] == ""
    assert stroke_payload(d, "white") == {
        "type": "stroke",
        "by": "white",
        "pocketed": {"white": 2, "queen": True},
    }


def test_the_page_carries_the_boards_log_and_the_bundle_is_served(tossed):
    client = Client()
    stroke(client, tossed, "white", white="1")
    html = client.get(link(tossed)).content.decode()
    data = json.loads(unescape(html.split("data-files='", 1)[1].split("'", 1)[0]))
    data["log"] = json.loads(unescape(html.split("data-log='", 1)[1].split("'", 1)[0]))
    tossed.refresh_from_db()
    assert data["log"]["revision"] == tossed.revision
    assert data["log"]["events"] == [{"type": "stroke", "by": "white", "pocketed": {"white": 1}}]
    assert data["log"]["names"] == {"white": "White (Ben Kirk)", "black": "Black (Asha Rao)"}
    answer = client.get(data["bundle"])
    assert answer.status_code == 200 and answer["Content-Type"] == "application/zip"
    assert b"".join(answer) == bundle.current().data
    assert "immutable" in answer["Cache-Control"]
    assert client.get("/umpire-engine/0000000000000000.zip").status_code == 404
    assert client.post(data["bundle"]).status_code == 405


def test_the_csp_lets_webassembly_run_and_nothing_else(tossed):
    policy = Client().get(link(tossed))["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
    assert "'wasm-unsafe-eval'" in directives["script-src"]
    assert "'unsafe-eval'" not in directives["script-src"].replace("'wasm-unsafe-eval'", "")
    assert "'unsafe-inline'" not in policy
    assert directives["worker-src"] == "'self'"


def _tarball(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def test_pyodide_is_vendored_only_when_its_checksum_holds(tmp_path):
    files = {name: name.encode() for name in fetch_pyodide.FILES}
    files["console.html"] = b"not needed in the browser"
    data = _tarball(files)
    dest = tmp_path / "pyodide"
    with pytest.raises(SystemExit, match="sha256"):
        fetch_pyodide.PYODIDE.install(data, dest)
    assert not dest.exists() and not fetch_pyodide.is_current(dest)
    pinned = replace(fetch_pyodide.PYODIDE, sha256=hashlib.sha256(data).hexdigest())
    pinned.install(data, dest)
    assert sorted(p.name for p in dest.iterdir()) == sorted([*fetch_pyodide.FILES, ".version"])
    assert pinned.is_current(dest) and not fetch_pyodide.is_current(dest)


@pytest.mark.skipif(not fetch_pyodide.is_current(), reason="Pyodide not vendored: make vendor")
def test_the_vendored_scripts_references_are_vendored_too():
    """collectstatic's hashed storage (make serve) fails on a script whose source map is
    missing; Pyodide loads its other files by name from the folder the page gives it."""
    for name in fetch_pyodide.FILES:
        if name.endswith((".js", ".mjs")):
            text = (fetch_pyodide.DEST / name).read_text(encoding="utf-8", errors="replace")
            for ref in re.findall(r"sourceMappingURL=(\S+)", text):
                assert ref in fetch_pyodide.FILES, (name, ref)


def test_the_page_names_pyodides_folder_by_its_plain_name(tossed):
    html = Client().get(link(tossed)).content.decode()
    data = json.loads(unescape(html.split("data-files='", 1)[1].split("'", 1)[0]))
    assert data["pyodide"] == "/static/vendor/pyodide/"
    assert data["worker"].startswith("/static/js/umpire-engine-worker")


def test_a_strokes_answer_brings_only_its_event_for_the_engine(tossed):
    """The answer to a stroke that goes on with the board carries the event and the revision
    after it (the tablet appends it to the log it keeps), not the whole log again."""
    client = Client()
    client.get(link(tossed))
    stroke(client, tossed, "white", white="1")
    tossed.refresh_from_db()
    answer = stroke(client, tossed, "white").content.decode()  # white pocketed: goes on
    assert "data-log=" not in answer and "data-files=" not in answer
    step = json.loads(answer.split("data-step='", 1)[1].split("'", 1)[0])
    tossed.refresh_from_db()
    assert step == {
        "event": {"type": "stroke", "by": "white"},
        "revision": tossed.revision,
        "board": "1-1",
    }


def test_the_log_in_its_attribute_survives_quotes_and_ampersands():
    from scoring.templatetags.umpire_engine import _attr_json

    text = _attr_json({"name": 'O\'Brien & <Co> "x"'})
    assert "'" not in text and "&" not in text and "<" not in text
    assert json.loads(text) == {"name": 'O\'Brien & <Co> "x"'}
