"""Umpire links: valid until the end of the tournament (plus the grace day), never after a
revocation, never with a wrong token."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from scoring.models import Match
from scoring.permissions import LINK_GRACE, link_is_valid, may_score

from .conftest import user


@pytest.fixture
def match(db) -> Match:
    from tests.factories import make_match

    return make_match()  # the tournament ends on 2026-12-06


def at(day: int, hour: int = 12, minute: int = 0) -> datetime.datetime:
    return timezone.make_aware(datetime.datetime(2026, 12, day, hour, minute))


def test_link_works_during_the_tournament_and_the_grace_day(match) -> None:
    token = match.umpire_token
    assert link_is_valid(match, token, now=at(5))
    assert link_is_valid(match, token, now=at(6, 23, 59))  # the last day
    assert datetime.timedelta(days=1) == LINK_GRACE
    assert link_is_valid(match, token, now=at(7, 23, 59))  # grace: results after midnight
    assert not link_is_valid(match, token, now=at(8, 0, 1))  # expired


def test_wrong_or_empty_tokens_never_work(match) -> None:
    assert not link_is_valid(match, "", now=at(5))
    assert not link_is_valid(match, match.umpire_token + "x", now=at(5))
    assert not link_is_valid(match, match.umpire_token[:-1], now=at(5))


def test_a_revoked_link_stops_at_once_and_a_new_token_replaces_it(match) -> None:
    old = match.umpire_token
    Match.objects.filter(pk=match.pk).update(umpire_token_revoked_at=timezone.now())
    match.refresh_from_db()
    assert not link_is_valid(match, old, now=at(5))
    from django.contrib.auth.models import AnonymousUser

    assert not may_score(AnonymousUser(), match, old)
    # the organiser can still score with his account
    organiser = user("olga")
    match.event.tournament.organisers.add(organiser)
    assert may_score(organiser, match, old)


def test_tokens_are_long_and_unique(db) -> None:
    from tests.factories import make_match

    tokens = {make_match().umpire_token for _ in range(5)}
    assert len(tokens) == 5 and all(len(t) >= 32 for t in tokens)


def test_organiser_revokes_and_renews_the_link_with_an_audit_entry(match) -> None:
    from scoring.models import AuditEntry
    from scoring.services.matches import Actor, renew_umpire_link, revoke_umpire_link

    organiser = Actor(user=user("olga"), via="organiser", device="Laptop")
    old = match.umpire_token
    revoke_umpire_link(match=match, actor=organiser)
    match.refresh_from_db()
    assert match.umpire_token_revoked_at is not None
    assert not link_is_valid(match, old, now=at(5))
    renew_umpire_link(match=match, actor=organiser)
    match.refresh_from_db()
    assert match.umpire_token != old and match.umpire_token_revoked_at is None
    assert link_is_valid(match, match.umpire_token, now=at(5))
    assert not link_is_valid(match, old, now=at(5))  # the old link stays dead
    actions = list(
        AuditEntry.objects.filter(match=match)
        .order_by("pk")
        .values_list("action", "actor__username", "via")
    )
    assert actions == [
        ("umpire_link_revoked", "olga", "organiser"),
        ("umpire_link_renewed", "olga", "organiser"),
    ]
