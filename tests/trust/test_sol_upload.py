"""The organiser's SoL upload (issue 31): a file read and previewed, nothing imported before
the confirmation, then the import as a background task with its progress and report; `.box`
backups opened with their key; bad files refused with a clear message, never a 500."""

from __future__ import annotations

import gzip
import io
import zipfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from nacl.secret import SecretBox

from scoring.models import ExternalRecord, Player, SolImport, Tournament
from scoring.services.sol import SolError, import_sol
from scoring.services.sol.reading import read_members, unbox
from scoring.services.sol.upload import preview_members, run_import, upload_sol

from .conftest import PASSWORD, user

FIXTURE = Path(__file__).parent / "data" / "nordstadt.sol"
KEY = "ab" * 32


def _zip(content: bytes, name: str = "everything.sol") -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, content)
        archive.writestr("portraits/someone.png", b"\x89PNG not really")
    return out.getvalue()


def _box(content: bytes, key: str = KEY) -> bytes:
    return bytes(SecretBox(bytes.fromhex(key)).encrypt(_zip(content)))


@pytest.fixture
def staff(db, client):
    account = user("sola", is_staff=True)
    client.login(username="sola", password=PASSWORD)
    return account


def _upload(client, content: bytes, name: str, key: str = ""):
    return client.post(
        reverse("scoring:organiser-sol-upload"),
        {"file": SimpleUploadedFile(name, content), "key": key},
    )


def test_upload_preview_confirm_import_and_report(client, staff) -> None:
    answer = _upload(client, FIXTURE.read_bytes(), "nordstadt.sol")
    upload = SolImport.objects.get()
    assert answer.status_code == 302 and answer["Location"] == reverse(
        "scoring:organiser-sol-import", args=[upload.pk]
    )
    # the preview: nothing imported yet
    assert not Tournament.objects.exists() and upload.status == SolImport.Status.PREVIEW
    page = client.get(answer["Location"]).content.decode()
    assert "Preview: nothing is imported yet" in page
    assert "3 tourneys in the file" in page and "Nordstadt Open II" in page
    assert "Asha Rao" in page and "New players" in page
    assert upload.preview["counts"]["created"] == 3
    # confirmed: the task runs (at once in the tests) and the page shows the report
    started = client.post(reverse("scoring:organiser-sol-import-start", args=[upload.pk]))
    assert started.status_code == 302
    upload.refresh_from_db()
    assert upload.status == SolImport.Status.DONE and upload.content in (b"", memoryview(b""))
    assert upload.tourneys_done == upload.tourneys_total == 3
    assert Tournament.objects.count() == 3
    assert Tournament.objects.filter(organisers=staff).count() == 3
    progress = client.get(
        reverse("scoring:organiser-sol-import-progress", args=[upload.pk])
    ).content.decode()
    assert "3 tournaments imported" in progress and "hx-trigger" not in progress
    assert "Nordstadt Doubles Night" in progress
    # confirmed once only
    again = client.post(
        reverse("scoring:organiser-sol-import-start", args=[upload.pk]), follow=True
    )
    assert "started before" in again.content.decode()
    assert Tournament.objects.count() == 3


def test_the_preview_matches_known_players_and_skips_known_tourneys(db) -> None:
    # Asha Rao of the same club exists (not from SoL): matched by the name key
    Player.objects.create(name="ASHA RAO", club="carrom club nordstadt")
    members = read_members(FIXTURE.read_bytes())
    preview = preview_members(members)
    assert [p["name"] for p in preview["matched"]] == ["Asha Rao"]
    assert preview["matched"][0]["player"] == "ASHA RAO"
    assert preview["counts"]["known"] == 0 and "Asha Rao" not in str(preview["new"])
    import_sol(FIXTURE.read_bytes(), file_name="nordstadt.sol")
    players = Player.objects.count()
    again = preview_members(members)
    assert again["counts"]["created"] == 0 and again["counts"]["skipped"] == 3
    assert all(t["imported_before"] for t in again["tourneys"])
    assert Player.objects.count() == players  # the preview writes nothing


def test_a_running_import_shows_its_progress_and_polls(client, staff) -> None:
    upload = upload_sol(user=staff, file_name="n.sol", content=FIXTURE.read_bytes())
    SolImport.objects.filter(pk=upload.pk).update(status=SolImport.Status.RUNNING, tourneys_done=1)
    page = client.get(reverse("scoring:organiser-sol-import", args=[upload.pk])).content.decode()
    assert "1 of 3 tourneys read" in page and 'hx-trigger="every 2s"' in page
    assert "<progress" in page


def test_a_box_backup_opens_with_its_key_only(client, staff) -> None:
    boxed = _box(FIXTURE.read_bytes())
    assert read_members(unbox(boxed, key=KEY))[0][0] == "everything.sol"
    with pytest.raises(SolError, match="does not open"):
        unbox(boxed, key="cd" * 32)
    with pytest.raises(SolError, match="64 hexadecimal"):
        unbox(boxed, key="not a key")
    wrong = _upload(client, boxed, "2024-06-01.box", key="cd" * 32)
    assert wrong.status_code == 422 and "does not open" in wrong.content.decode()
    missing = _upload(client, boxed, "2024-06-01.box")
    assert missing.status_code == 422 and "enter its key" in missing.content.decode()
    assert not SolImport.objects.exists()
    right = _upload(client, boxed, "2024-06-01.box", key=KEY.upper())
    upload = SolImport.objects.get()
    assert right.status_code == 302 and upload.preview["counts"]["tourneys"] == 3
    client.post(reverse("scoring:organiser-sol-import-start", args=[upload.pk]))
    assert Tournament.objects.count() == 3


def test_a_zip_backup_and_a_gzip_archive_are_read(client, staff) -> None:
    assert _upload(client, _zip(FIXTURE.read_bytes()), "backup.zip").status_code == 302
    assert _upload(client, gzip.compress(FIXTURE.read_bytes()), "n.sol.gz").status_code == 302
    assert SolImport.objects.count() == 2


@pytest.mark.parametrize(
    "content, name, words",
    [
        (b"hello", "notes.txt", "Choose a SoL file"),
        (b"\x1f\x8b\x08broken", "broken.sol.gz", "gzip data is damaged"),
        (b"players: [\n", "half.sol", "neither YAML nor JSON"),
        (b"PK\x03\x04 not a zip", "broken.zip", "zip data is damaged"),
        (_zip(b"nothing", "readme.txt"), "other.zip", "holds no .sol archive"),
        (b"- just\n- a list\n", "list.sol", "mappings"),
        (b"players: []\n---\ndescription: no date\n", "nodate.sol", "is not a date"),
    ],
)
def test_bad_files_get_a_clear_message_never_a_500(client, staff, content, name, words) -> None:
    answer = _upload(client, content, name)
    assert answer.status_code == 422 and words in answer.content.decode()
    assert not SolImport.objects.exists() and not Tournament.objects.exists()


def test_a_failed_import_says_why_and_keeps_what_was_read(db) -> None:
    staff = user("sola", is_staff=True)
    broken = (
        FIXTURE.read_bytes() + b"---\ndescription: Late\ndate: 2024-09-01\n"
        b"competitors:\n- players: [99]\n"
    )
    with pytest.raises(SolError):
        upload_sol(user=staff, file_name="b.sol", content=broken)  # the preview refuses it
    upload = SolImport.objects.create(
        created_by=staff,
        file_name="b.sol",
        content=broken,
        status=SolImport.Status.QUEUED,
        tourneys_total=4,
    )
    run_import(upload.pk)
    upload.refresh_from_db()
    assert upload.status == SolImport.Status.FAILED and "player 99" in upload.message
    assert upload.tourneys_done == 3 and Tournament.objects.count() == 3


def test_uploads_are_for_staff_and_each_seen_by_its_owner_only(client, db) -> None:
    url = reverse("scoring:organiser-sol-upload")
    assert client.get(url).status_code in (302, 403)  # anonymous: to the login
    user("plain")
    client.login(username="plain", password=PASSWORD)
    assert client.get(url).status_code == 403
    owner = user("owner", is_staff=True)
    upload = upload_sol(user=owner, file_name="n.sol", content=FIXTURE.read_bytes())
    user("other", is_staff=True)
    client.login(username="other", password=PASSWORD)
    assert client.get(url).status_code == 200
    for name in ("organiser-sol-import", "organiser-sol-import-progress"):
        assert client.get(reverse(f"scoring:{name}", args=[upload.pk])).status_code == 404
    assert (
        client.post(reverse("scoring:organiser-sol-import-start", args=[upload.pk])).status_code
        == 404
    )
    assert not ExternalRecord.objects.exists()


def test_an_import_whose_server_stopped_is_shown_as_stopped(client, staff) -> None:
    import datetime

    from django.utils import timezone

    upload = upload_sol(user=staff, file_name="n.sol", content=FIXTURE.read_bytes())
    SolImport.objects.filter(pk=upload.pk).update(
        status=SolImport.Status.RUNNING,
        tourneys_done=2,
        updated_at=timezone.now() - datetime.timedelta(minutes=11),
    )
    page = client.get(
        reverse("scoring:organiser-sol-import-progress", args=[upload.pk])
    ).content.decode()
    assert "The import stopped" in page and "2 of 3 tourneys were read" in page
    assert "hx-trigger" not in page


def test_the_command_opens_a_box_backup_with_its_key(db, tmp_path) -> None:
    from django.core.management import call_command
    from django.core.management.base import CommandError

    path = tmp_path / "2024-06-01.box"
    path.write_bytes(_box(FIXTURE.read_bytes()))
    with pytest.raises(CommandError, match="give --key"):
        call_command("import_sol", str(path))
    with pytest.raises(CommandError, match="does not open"):
        call_command("import_sol", str(path), key="cd" * 32)
    call_command("import_sol", str(path), key=KEY)
    assert Tournament.objects.count() == 3
