"""Tournaments are isolated at the player level (issue 16, finding 1): an organiser's import or
entry form never changes a player row that plays in another tournament; this tournament gets
its own record of the player instead, and the audit trail says so."""

from __future__ import annotations

import pytest

from scoring.models import AuditEntry, Entry, Player
from scoring.services import tournaments as svc
from scoring.services.matches import Actor
from tests.factories import make_event, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def two(django_user_model):
    alice = django_user_model.objects.create_user("alice", password="pw")
    bob = django_user_model.objects.create_user("bob", password="pw")
    a = make_tournament("a-open", organiser=alice)
    b = make_tournament("b-open", organiser=bob)
    b_event = make_event(b, 0, name="Singles")
    shared = Player.objects.create(name="Bo Berg", club="CC B", nationality="DE", rating=1800)
    Entry.objects.create(event=b_event, player=shared)
    return a, b, shared, Actor(user=alice, via="organiser")


def test_import_never_changes_a_player_of_another_tournament(two):
    a, b, shared, actor = two
    event = make_event(a, 0, name="Singles")
    result = svc.import_csv(
        tournament=a,
        actor=actor,
        default_event=event,
        data="name,club,nationality,rating\nBo Berg,CC B,KP,500\n",
    )
    assert result.ok, result.errors
    shared.refresh_from_db()
    assert (shared.nationality, shared.rating) == ("DE", 1800)  # B's row as it was
    mine = Entry.objects.get(event=event).player
    assert mine.pk != shared.pk and (mine.nationality, mine.rating) == ("KP", 500)
    assert result.counts["players_copied"] == 1
    audit = AuditEntry.objects.get(tournament=a, action="players_imported")
    assert audit.detail["players_copied"][0]["player"] == shared.pk
    assert not AuditEntry.objects.filter(tournament=b).exists()
    # a second import finds this tournament's own record, not B's
    again = svc.import_csv(
        tournament=a, actor=actor, default_event=event, data="name,club,rating\nBo Berg,CC B,600\n"
    )
    assert again.ok and again.counts["entries_kept"] == 1
    mine.refresh_from_db()
    shared.refresh_from_db()
    assert (mine.rating, shared.rating) == (600, 1800)


def test_entry_form_never_changes_a_player_of_another_tournament(two):
    a, _b, shared, actor = two
    event = make_event(a, 0, name="Singles")
    entry = svc.add_entry(
        event=event, actor=actor, player=svc.PlayerData("bo berg", "cc b", "KP", 500)
    )
    shared.refresh_from_db()
    assert (shared.nationality, shared.rating) == ("DE", 1800)
    assert entry.player_id != shared.pk and entry.player.rating == 500
    audit = AuditEntry.objects.get(tournament=a, action="entry_added")
    assert audit.detail["players_copied"][0]["player"] == shared.pk


def _entered_then_imported(a, actor, player, text):
    """``player`` entered in a new event of ``a``, then ``text`` imported into it."""
    event = make_event(a, 0, name="Singles")
    Entry.objects.create(event=event, player=player)
    return svc.import_csv(tournament=a, actor=actor, default_event=event, data=text)


def test_a_player_only_here_is_updated_and_audited(two):
    a, _b, _shared, actor = two
    own = Player.objects.create(name="Cy Dahl", rating=1500)
    result = _entered_then_imported(a, actor, own, "name,rating\nCy Dahl,1600\n")
    assert result.ok and result.counts["players_updated"] == 1
    own.refresh_from_db()
    assert own.rating == 1600
    detail = AuditEntry.objects.get(tournament=a, action="players_imported").detail
    assert detail["players_changed"] == [
        {"player": own.pk, "name": "Cy Dahl", "before": {"rating": 1500}, "after": {"rating": 1600}}
    ]


def test_a_player_entered_here_and_elsewhere_is_not_changed(two):
    a, _b, shared, actor = two
    result = _entered_then_imported(a, actor, shared, "name,club,rating\nBo Berg,CC B,1\n")
    assert result.ok and result.counts["players_not_changed"] == 1
    shared.refresh_from_db()
    assert shared.rating == 1800
