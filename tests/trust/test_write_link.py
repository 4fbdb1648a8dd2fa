"""The umpire's write link (issue 16, finding 8): never printed on a sheet posted at a table
(its QR code opens the public match page), and it stops working soon after its match is
confirmed; renewing it is in the audit trail."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from scoring.models import AuditEntry, Match
from scoring.permissions import CONFIRMED_LINK_GRACE, link_is_valid
from scoring.services.matches import Actor, renew_umpire_link
from tests.pdf.helpers import decode_qr_codes
from tests.trust.conftest import build_tournament

pytestmark = pytest.mark.django_db


def _body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def test_no_printed_sheet_carries_a_write_link(client) -> None:
    tournament = build_tournament()
    client.force_login(tournament.organisers.get())
    event = tournament.events.get(name="Singles")
    codes = []
    for match in event.matches.exclude(entry_a=None):
        for blank in ("", "1"):
            response = client.get(f"/print/match/{match.pk}/scoresheet.pdf?blank={blank}")
            assert response.status_code == 200
            codes += decode_qr_codes(_body(response))
    codes += decode_qr_codes(_body(client.get(f"/print/event/{event.pk}/round/1/scoresheets.pdf")))
    assert codes
    tokens = set(Match.objects.values_list("umpire_token", flat=True))
    assert not [c for c in codes if any(t in c for t in tokens) or "/u/" in c]
    assert all(f"/t/{tournament.slug}/match/" in c for c in codes)


def test_the_link_ends_after_confirmation_and_renewal_is_audited() -> None:
    build_tournament()
    match = (
        Match.objects.filter(status=Match.Status.CONFIRMED).first()
        or Match.objects.exclude(entry_a=None).first()
    )
    confirmed = timezone.now() - datetime.timedelta(hours=1)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.CONFIRMED, confirmed_at=confirmed)
    match.refresh_from_db()
    day = timezone.make_aware(
        datetime.datetime.combine(match.event.tournament.start_date, datetime.time(12))
    )
    match.confirmed_at = day
    assert link_is_valid(match, match.umpire_token, now=day + CONFIRMED_LINK_GRACE / 2)
    assert not link_is_valid(
        match, match.umpire_token, now=day + CONFIRMED_LINK_GRACE + datetime.timedelta(seconds=1)
    )
    renewed = renew_umpire_link(match=match, actor=Actor(via="organiser", device="tests"))
    assert renewed.umpire_token != match.umpire_token
    assert AuditEntry.objects.filter(match=match, action="umpire_link_renewed").exists()
