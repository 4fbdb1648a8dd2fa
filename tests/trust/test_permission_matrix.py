"""The whole permission matrix (issue 8): every URL that accepts a write (POST, PUT, DELETE) ×
every role, against an explicit table of who may do it.

Roles (tournament T1 with matches M1 and M2, tournament T2 with M3):

- ``anonymous``: no login, no link;
- ``umpire``: the account assigned as M1's umpire;
- ``umpire_link``: whoever holds M1's private umpire link (no login);
- ``other_umpire``: the account assigned as M2's umpire (same tournament);
- ``other_umpire_link``: whoever holds M2's link (no login);
- ``organiser``: an organiser of T1 (staff, no model permissions in the admin);
- ``other_organiser``: an organiser of T2 only (staff as well).

Every URL is built against M1 / T1. On ``u/<token>/…`` URLs the token is the visitor's
credential: M1's link for ``umpire_link``, an unknown token for the others (they do not hold
M1's link); ``other_umpire_link`` there would only address its own match M2 and is not
applicable. On every other URL a link holder is simply a visitor without a login.

*Denied* means 403, 404, or a redirect to a login page, and then nothing in the database
changed (every row of the app and of the user table is compared). *Allowed* means the
permission check let the request through (any other answer: 200, a redirect elsewhere, 409,
422, 423 …). Every request posts a blob of plausible fields (a legal stroke, a toss, a side, a
reason, ``action=revoke`` …) so that a denied role really tries to change something, and runs
in a savepoint that is rolled back, so each request meets the same data.

``test_every_write_url_is_classified`` asks the resolver for every URL, posts to it as a
superuser (POST, PUT and DELETE) and fails when one that does not answer 405 has no entry in
:data:`EXPECTED`: a new URL that changes data must be classified here.
"""

from __future__ import annotations

import copy
import datetime
import uuid
from dataclasses import dataclass
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from scoring.models import Entry, Event, HousePreset, Match, Player, Round, Table, Tournament
from scoring.services.matches import Actor, record_toss

ROLES = (
    "anonymous",
    "umpire",
    "umpire_link",
    "other_umpire",
    "other_umpire_link",
    "organiser",
    "other_organiser",
)
LINK_ROLES = {"umpire_link", "other_umpire_link"}
STAFF = {"organiser", "other_organiser"}
EVERYONE = frozenset(ROLES)
NOBODY: frozenset[str] = frozenset()
LOGGED_IN = frozenset({"umpire", "other_umpire", "organiser", "other_organiser"})
T1_ORGANISER = frozenset({"organiser"})
STAFF_ONLY = frozenset(STAFF)
# the tablet through the account door: this match's umpire and its tournament's organisers
TABLET_ACCOUNT = frozenset({"umpire", "organiser"})
TABLET_LINK = frozenset({"umpire_link"})


@dataclass(frozen=True)
class Rule:
    """Who may write to a URL. ``readonly``: the URL answers POST (like GET, or with a
    session-only effect) but must change nothing even for those allowed (``allowed=None``:
    who gets which answer does not matter there); ``methods``: the write methods it takes."""

    allowed: frozenset[str] | None  # None: anybody's answer is fine, only nothing may change
    readonly: bool = False
    methods: tuple[str, ...] = ("POST",)
    why: str = ""


def tablet(door: str, *, organiser: bool = True) -> Rule:
    if door == "link":
        return Rule(TABLET_LINK, why="the link is the key to its match only")
    allowed = TABLET_ACCOUNT if organiser else T1_ORGANISER
    return Rule(allowed, why="the match's umpire account and its tournament's organisers")


#: The expectation table: every URL name that accepts a write.
EXPECTED: dict[str, Rule] = {
    # --- the umpire tablet (two doors) ---------------------------------------------------------
    **{
        f"scoring:umpire-link-{a}": tablet("link")
        for a in (
            "event",
            "undo",
            "toss",
            "seating",
            "quick",
            "confirm",
            "claim",
            "warning",
            "step",
        )
    },
    **{
        f"scoring:umpire-match-{a}": tablet("account")
        for a in (
            "event",
            "undo",
            "toss",
            "seating",
            "quick",
            "confirm",
            "claim",
            "warning",
            "step",
        )
    },
    # "time is up" (scoring/views/time_up.py): the tablet's two doors, the organiser's page
    # posts through the account door
    "scoring:umpire-link-time-up": tablet("link"),
    "scoring:umpire-match-time-up": tablet("account"),
    # reopening a confirmed match: organisers only (never the link, never the umpire)
    "scoring:umpire-link-unlock": Rule(NOBODY, why="organisers unlock through their account"),
    "scoring:umpire-match-unlock": Rule(T1_ORGANISER, why="may_correct_locked"),
    # ending the interval before the deciding game early (IT 102): organisers only
    "scoring:umpire-link-interval-end": Rule(NOBODY, why="organisers end it through their account"),
    "scoring:umpire-match-interval-end": Rule(T1_ORGANISER, why="is_organiser"),
    "scoring:umpire-new-match": Rule(T1_ORGANISER),
    "scoring:umpire-link-admin": Rule(T1_ORGANISER, why="revoke / renew the link"),
    # --- organiser ----------------------------------------------------------------------------
    "scoring:organiser-tournament-new": Rule(STAFF_ONLY, why="staff create tournaments"),
    **{
        f"scoring:organiser-{n}": Rule(T1_ORGANISER)
        for n in (
            "tournament-edit",
            "import",
            "tables",
            "event-new",
            "event-edit",
            "event-delete",
            "entry-add",
            "draw",
            "next-round",
            "delete-round",
            "entry-action",
            "round-games",
            "match-toss",
            "match-quick",
            "match-walkover",
            "match-confirm",
            "callup-call",
            "callup-fill",
            "callup-auto",
            "callup-release",
            "callup-move",
            "match-correct",
            "match-decide",
            "draw-edit",
            "draw-pin",
            "house-presets",
            "house-preset",
            "house-preset-delete",
            "match-rekey",
            "match-sheet",
            "match-take-back-elimination",
            "event-replay-conflicts",
            "merge",
        )
    },
    # the whole paper sheet's live check (issue 30): entered and rolled back, nothing saved
    "scoring:organiser-match-sheet-check": Rule(
        T1_ORGANISER, readonly=True, why="a check, rolled back"
    ),
    # undoing a merge of players (issue 31): the world has none, so every role gets a 404
    "scoring:organiser-merge-undo": Rule(None, readonly=True, why="an unknown merge: 404"),
    # the round's clock on the call-up page (scoring/views/round_clock.py)
    **{
        f"scoring:organiser-clock-{a}": Rule(T1_ORGANISER, why="is_organiser")
        for a in ("start", "add", "stop", "restart")
    },
    # --- a team event's ties (issue 34): the desk is T1's; a captain's link is his key ------
    "scoring:organiser-event-teams": Rule(T1_ORGANISER),
    "scoring:organiser-tie": Rule(T1_ORGANISER),
    "scoring:captain-lineup": Rule(None, readonly=True, why="an unknown captain's link: 404"),
    # --- SoL upload (issue 31): staff upload; an upload is seen by its uploader only -------
    "scoring:organiser-sol-upload": Rule(STAFF_ONLY, why="staff import SoL files"),
    "scoring:organiser-sol-import-start": Rule(None, readonly=True, why="an unknown upload: 404"),
    # --- clubs and championships (issue 33): staff found a club; its owner (T1's organiser
    # here) and co-owners manage it and its championships ------------------------------------
    "scoring:season-club-new": Rule(STAFF_ONLY, why="any staff account may found a club"),
    **{
        f"scoring:season-{n}": Rule(T1_ORGANISER, why="may_manage_club: the club's owner")
        for n in (
            "club-edit",
            "member-add",
            "member-end",
            "championship-new",
            "championship-edit",
            "championship-add",
            "championship-remove",
            "championship-reprize",
        )
    },
    # --- people and roles (issue 15) ----------------------------------------------------------
    **{
        f"scoring:organiser-{n}": Rule(T1_ORGANISER)
        for n in (
            "people",
            "people-revoke",
            "people-reissue",
            "people-invitation-slip",
            "people-invitation-withdraw",
        )
    },
    # issue 29: the invited person's own answer (an invitation of another login: refused)
    "scoring:people-invitation-answer": Rule(
        LOGGED_IN, readonly=True, why="only the invited login's own invitation"
    ),
    "scoring:checkin-roll-call": Rule(T1_ORGANISER),
    "scoring:checkin-presence": Rule(T1_ORGANISER),
    "scoring:checkin-self": Rule(EVERYONE, readonly=True, why="no open roll call: refused"),
    "scoring:people-welcome": Rule(EVERYONE, readonly=True, why="a wrong code: nothing changes"),
    "scoring:people-welcome-link": Rule(None, readonly=True, why="an unknown token: 404"),
    # --- trust --------------------------------------------------------------------------------
    "scoring:trust-paper": Rule(T1_ORGANISER, why="the paper scoresheet"),
    "scoring:trust-paper-decision": Rule(T1_ORGANISER),
    # --- accounts and language (no tournament data) -----------------------------------------
    "set_language": Rule(EVERYONE, readonly=True, why="a cookie, no data"),
    "login": Rule(EVERYONE, readonly=True, why="wrong password: nothing changes"),
    "logout": Rule(None, readonly=True, why="ends the visitor's own session only"),
    "password_change": Rule(LOGGED_IN, readonly=True, why="own password; the blob is invalid"),
    "password_reset": Rule(
        None, readonly=True, why="not offered without mail (404); with mail it mails a link"
    ),
    "password_reset_confirm": Rule(EVERYONE, readonly=True, why="an invalid token"),
    # --- Django's admin: staff with model permissions only; none of the roles has any ------
    "admin:login": Rule(EVERYONE, readonly=True),
    "admin:logout": Rule(None, readonly=True),
    "admin:view_on_site": Rule(None, readonly=True, why="a redirect to the public page"),
    "admin:password_change": Rule(STAFF_ONLY, readonly=True),
    "admin:index": Rule(STAFF_ONLY, readonly=True, why="the (empty) admin index"),
    "admin:app_list": Rule(NOBODY, readonly=True),
}


def admin_rule(name: str) -> Rule | None:
    """The admin's model pages (add/change/delete/history/changelist of every model): denied
    to all roles (no model permissions)."""
    if not name.startswith("admin:"):
        return None
    kind = name.rsplit("_", 1)[-1]
    if kind == "history":
        # a read-only page; for a missing object the admin redirects to its index first
        return Rule(None, readonly=True, why="admin history: read only")
    if kind in ("add", "change", "delete", "changelist"):
        return Rule(NOBODY, why="admin model pages need model permissions")
    return None


def rule_for(name: str) -> Rule | None:
    return EXPECTED.get(name) or admin_rule(name)


# --- the URL resolver ------------------------------------------------------------------------


def all_urls() -> list[tuple[str, URLPattern]]:
    def walk(patterns: list[Any], ns: str | None) -> Any:
        for p in patterns:
            if isinstance(p, URLResolver):
                inner = ns
                if p.namespace:
                    inner = f"{ns}:{p.namespace}" if ns else p.namespace
                yield from walk(p.url_patterns, inner)
            elif p.name:
                yield (f"{ns}:{p.name}" if ns else p.name), p

    seen: dict[str, URLPattern] = {}
    for name, pattern in walk(get_resolver().url_patterns, None):
        seen.setdefault(name, pattern)
    return sorted(seen.items())


# --- the world -------------------------------------------------------------------------------


@dataclass
class World:
    t1: Tournament
    t2: Tournament
    m1: Match
    m2: Match
    m3: Match
    users: dict[str, Any]
    invitation_id: int = 0
    seasons: dict[str, int] | None = None


def _user(name: str, **extra: Any) -> Any:
    return get_user_model().objects.create_user(name, password="matrix-long-password-1", **extra)


def _tournament(slug: str) -> tuple[Tournament, Event, list[Entry], Round, Table]:
    today = timezone.localdate()
    t = Tournament.objects.create(
        name=slug.title(), slug=slug, start_date=today, end_date=today + datetime.timedelta(days=2)
    )
    table = Table.objects.create(tournament=t, number=1)
    event = Event.objects.create(tournament=t, name="Singles", format="knockout")
    players = [Player.objects.create(name=f"{slug} player {i}") for i in range(4)]
    entries = [
        Entry.objects.create(event=event, player=p, seed=i + 1) for i, p in enumerate(players)
    ]
    rnd = Round.objects.create(event=event, number=1)
    return t, event, entries, rnd, table


@pytest.fixture
def world(db) -> World:
    users = {
        "umpire": _user("m-umpire"),
        "other_umpire": _user("m-other-umpire"),
        "organiser": _user("m-organiser", is_staff=True),
        "other_organiser": _user("m-other-organiser", is_staff=True),
    }
    t1, event1, entries1, round1, table1 = _tournament("matrix-one")
    t2, event2, entries2, round2, table2 = _tournament("matrix-two")
    t1.organisers.add(users["organiser"])
    t2.organisers.add(users["other_organiser"])
    m1 = Match.objects.create(
        event=event1,
        round=round1,
        number=1,
        entry_a=entries1[0],
        entry_b=entries1[1],
        table=table1,
        umpire=users["umpire"],
        status=Match.Status.READY,
    )
    m2 = Match.objects.create(
        event=event1,
        round=round1,
        number=2,
        entry_a=entries1[2],
        entry_b=entries1[3],
        umpire=users["other_umpire"],
        status=Match.Status.READY,
    )
    m3 = Match.objects.create(
        event=event2,
        round=round2,
        number=1,
        entry_a=entries2[0],
        entry_b=entries2[1],
        table=table2,
        status=Match.Status.READY,
    )
    actor = Actor(via="system", device="matrix")
    for m in (m1, m2, m3):
        record_toss(match=m, winner="a", choice="break", actor=actor)
        m.refresh_from_db()
    _paper_board(m1)
    HousePreset.objects.create(
        tournament=t1, name="Club 29", base="icf", switches={"game_points": 29}, key="h-0000000001"
    )
    # issue 29: a pending invitation of T1 for a login that is none of the roles
    from scoring.services import people

    invited = people.add_person(
        tournament=t1,
        role="umpire",
        name="Invited Person",
        username="m-invitee",
        actor=Actor(user=users["organiser"]),
    )
    invitation = people.invitation_for_token(invited.token)
    return World(
        t1, t2, m1, m2, m3, users, invitation.pk, _season_world(t1, entries1, users["organiser"])
    )


def _season_world(t1: Tournament, entries: list[Entry], organiser: Any) -> dict[str, int]:
    """Issues 33 and 34: a club owned by T1's organiser with a member and a championship
    counting T1's event, a rating T1 is rated under, and a team event of T1 with a tie (its
    captains' links are not the visitors' credentials)."""
    from scoring.models import Rating
    from scoring.services import draws, seasons
    from scoring.services.teams import add_team
    from scoring.services.ties import make_ties
    from scoring.services.tournaments import create_event

    club = seasons.create_club(owner=organiser, name="Matrix Club", nation="DE")
    membership = seasons.add_membership(club=club, player=entries[0].player, since=None)
    championship = seasons.create_championship(club=club, name="Matrix Season")
    seasons.add_event(championship=championship, event=entries[0].event)
    rating = Rating.objects.create(name="Matrix Rating")
    t1.rating = rating
    t1.save(update_fields=["rating"])
    actor = Actor(user=organiser)
    teams = create_event(tournament=t1, name="Teams", actor=actor, kind="teams", format="knockout")
    team_ids = []
    for t in range(2):
        squad = [Player.objects.create(name=f"Matrix team {t} player {n}") for n in range(3)]
        team_ids.append(
            add_team(
                event=teams, actor=actor, name=f"Matrix team {t}", players=squad, captain=squad[0]
            ).pk
        )
    draws.draw_event(event=teams, actor=actor, random_seed=1)
    tie = make_ties(teams)[0]
    return {
        "club_id": club.pk,
        "membership_id": membership.pk,
        "nation": "DE",
        "championship_id": championship.pk,
        "rating_id": rating.pk,
        "team_id": team_ids[0],
        "tie_id": tie.pk,
        "team_event_id": teams.pk,
    }


def _paper_board(match: Match) -> Any:
    """A board of ``match`` from the paper sheet (the organiser's correction page addresses
    one)."""
    from scoring.models import Board, Game

    game, _created = Game.objects.get_or_create(
        match=match, number=1, defaults={"first_breaker": "a"}
    )
    board, _created = Board.objects.get_or_create(
        game=game,
        sequence=1,
        defaults={
            "kind": Board.Kind.SUMMARY,
            "breaker": "a",
            "summary_winner": "a",
            "summary_carrommen": 3,
        },
    )
    return board


#: URLs of a team event (issue 34): addressed at T1's team event, not at M1's singles event.
TEAM_EVENT_URLS = {
    "scoring:organiser-tie",
    "scoring:organiser-event-teams",
    "scoring:print-tie-sheets",
}


def url_for(name: str, pattern: URLPattern, world: World, token: str) -> str | None:
    """The URL of ``name`` addressed at M1 / T1 (None: a parameter nobody knows how to fill)."""
    m1 = world.m1
    values = {
        "slug": world.t1.slug,
        "match_id": m1.pk,
        "event_id": m1.event_id,
        "entry_id": m1.entry_a_id,
        "round_id": m1.round_id,
        "player_id": m1.entry_a.player_id,
        "tournament_id": world.t1.pk,
        "game": 1,
        "board": 1,
        "number": 1,
        "round_number": 1,
        "action": "withdraw",
        "token": token,
        "board_id": m1.games.get().boards.get().pk,
        "preset_id": world.t1.house_presets.get().pk,
        "user_id": world.users["umpire"].pk,
        "role": "umpire",
        "invitation_id": world.invitation_id,
        "digest": "0" * 16,  # the offline engine bundle (GET only)
        "merge_id": 999_999,  # no merge of players in the world
        "upload_id": 999_999,  # no SoL upload in the world (each is its uploader's own)
        **(world.seasons or {}),
        # Django's own URLs
        "object_id": str(m1.pk),
        "id": str(m1.pk),
        "app_label": "scoring",
        "uidb64": "MQ",
        "content_type_id": str(ContentType.objects.get_for_model(Match).pk),
    }
    names = list(pattern.pattern.regex.groupindex)
    if name == "password_reset_confirm":
        values["token"] = "set-password"
    if name in TEAM_EVENT_URLS:
        values["event_id"] = values["team_event_id"]  # addressed at T1's team event
    if any(n not in values for n in names):
        return None
    return reverse(name, kwargs={n: values[n] for n in names})


def blob(world: World) -> dict[str, str]:
    """Plausible fields of every write form at once: a legal stroke on M1 (just tossed: A
    breaks with white), a toss, a side, a quick board, a reason, an action."""
    m1 = world.m1
    m1.refresh_from_db()
    return {
        "client_id": str(uuid.uuid4()),
        "revision": str(m1.revision),
        "by": "white",
        "kind": "stroke",
        "winner": "a",
        "choice": "break",
        "side": "a",
        "mode": "count",
        "carrommen": "3",
        "reason": "matrix check",
        "action": "revoke",
        "decision": "tablet",
        "note": "matrix",
        "name": "Matrix",
        "match": str(m1.pk),
        "table": str(m1.table_id),
        "on": "yes",
        "seed": "1",
        "player": str(m1.entry_a.player_id),
        "new_password1": "Another-long-pass-9",
        "new_password2": "Another-long-pass-9",
        "old_password": "wrong",
        "username": "m-umpire",
        "password": "wrong",
        "email": "nobody@example.invalid",
        "language": "de",
        "next": "/",
    }


def fingerprint() -> list[Any]:
    """Every row of the app's tables and of the user table (not sessions, not last_login, not
    the counters of failed tries: a wrong password or code is counted, as axes counts it)."""
    from scoring.models import AttemptCounter

    out: list[Any] = []
    for model in apps.get_app_config("scoring").get_models():
        if model is AttemptCounter:
            continue
        out.append((model.__name__, list(model.objects.order_by("pk").values_list())))
    out.append(
        list(
            get_user_model()
            .objects.order_by("pk")
            .values_list(
                "pk", "username", "password", "is_active", "is_staff", "is_superuser", "email"
            )
        )
    )
    return out


def client_for(role: str, world: World) -> Client:
    client = Client(raise_request_exception=False)
    if role in world.users:
        client.force_login(world.users[role])
    return client


def token_for(role: str, world: World) -> str | None:
    if role == "umpire_link":
        return world.m1.umpire_token
    if role == "other_umpire_link":
        return None  # M2's link addresses M2 only: not applicable to M1's URLs
    return "not-this-match-" + "x" * 20


def denied(response: Any) -> bool:
    if response.status_code in (403, 404):
        return True
    if response.status_code in (301, 302):
        location = response.get("Location", "")
        return "/login/" in location
    return False


def send(
    client: Client,
    method: str,
    url: str,
    data: dict[str, str],
    *,
    compare: bool = True,
    baseline: list[Any] | None = None,
) -> tuple[Any, bool]:
    """Send one request in a savepoint that is rolled back; did it change anything? The
    client's cookies are restored too (a logout or password change must not leak into the
    next request: its session row comes back with the rollback)."""
    cookies = copy.deepcopy(client.cookies)
    with transaction.atomic():
        # every request is rolled back, so the data before each one is the same baseline
        before = (baseline if baseline is not None else fingerprint()) if compare else None
        if method == "POST":
            response = client.post(url, data)
        else:
            from urllib.parse import urlencode

            response = client.generic(
                method, url, urlencode(data), content_type="application/x-www-form-urlencoded"
            )
        changed = compare and fingerprint() != before
        transaction.set_rollback(True)
    client.cookies = cookies
    return response, changed


# --- the tests -------------------------------------------------------------------------------


def test_every_write_url_is_classified(world):
    """A superuser's POST / PUT / DELETE to every URL of the resolver: each one that does not
    answer 405 must have an entry in the table (or be an admin model page)."""
    admin = _user("m-root", is_staff=True, is_superuser=True)
    client = Client(raise_request_exception=False)
    client.force_login(admin)
    missing, unbuildable, wrong_methods = [], [], []
    for name, pattern in all_urls():
        url = url_for(name, pattern, world, world.m1.umpire_token)
        if url is None:
            unbuildable.append(f"{name} ({pattern.pattern})")
            continue
        takes = []
        for method in ("POST", "PUT", "DELETE"):
            response, _ = send(client, method, url, blob(world), compare=False)
            if response.status_code != 405:
                takes.append(method)
        rule = rule_for(name)
        if takes and rule is None:
            missing.append(f"{name} ({', '.join(takes)})")
        elif (
            rule is not None and name.startswith("scoring:") and not set(takes) <= set(rule.methods)
        ):
            wrong_methods.append(f"{name} takes {takes}, the table says {rule.methods}")
    assert not unbuildable, f"teach url_for these parameters: {unbuildable}"
    assert not missing, (
        f"URLs that accept writes but have no entry in EXPECTED (classify them): {missing}"
    )
    assert not wrong_methods, wrong_methods


def test_the_table_has_no_stale_entries():
    names = {name for name, _ in all_urls()}
    stale = sorted(set(EXPECTED) - names)
    assert not stale, f"EXPECTED names URLs that no longer exist: {stale}"


def _cases() -> list[tuple[str, str]]:
    return [(name, role) for name, _ in all_urls() if rule_for(name) for role in ROLES]


def _matrix_ids() -> list[str]:
    return [f"{name}-{role}" for name, role in _cases()]


@pytest.fixture(scope="module")
def urls_by_name() -> dict[str, URLPattern]:
    return dict(all_urls())


def test_the_whole_matrix(world, urls_by_name):
    """Every classified URL × every role: the exact allowed set; a denial changes nothing; a
    read-only URL changes nothing for anybody."""
    problems: list[str] = []
    cells = 0
    clients = {role: client_for(role, world) for role in ROLES}
    baseline = fingerprint()
    for name, pattern in sorted(urls_by_name.items()):
        rule = rule_for(name)
        if rule is None:
            continue
        is_link = "token" in pattern.pattern.regex.groupindex and name.startswith("scoring:")
        for role in ROLES:
            if is_link:
                token = token_for(role, world)
                if token is None:
                    continue
            else:
                token = world.m1.umpire_token  # unused by the URL
            url = url_for(name, pattern, world, token)
            assert url is not None, name
            for method in rule.methods:
                cells += 1
                response, changed = send(clients[role], method, url, blob(world), baseline=baseline)
                got = not denied(response)
                expect = got if rule.allowed is None else role in rule.allowed
                where = f"{method} {name} as {role}: HTTP {response.status_code}"
                if expect and not got:
                    problems.append(f"{where}: denied, but the table allows it")
                elif got and not expect:
                    problems.append(f"{where}: ALLOWED, the table denies it")
                if changed and (not got or rule.readonly):
                    problems.append(f"{where}: changed data on a denied/read-only request")
    print(f"permission matrix: {cells} cells")
    assert cells > 100
    assert not problems, "\n".join(problems)


def _cross_url(name: str, pattern: URLPattern, *, slug: str, target: Match) -> str | None:
    """``name`` with the tournament slug of one tournament and the object ids of another."""
    values = {
        "slug": slug,
        "match_id": target.pk,
        "event_id": target.event_id,
        "entry_id": target.entry_a_id,
        "round_id": target.round_id,
        "player_id": target.entry_a.player_id,
        "action": "withdraw",
    }
    names = list(pattern.pattern.regex.groupindex)
    if "slug" not in names or len(names) < 2 or any(n not in values for n in names):
        return None
    return reverse(name, kwargs={n: values[n] for n in names})


def test_an_organiser_cannot_reach_another_tournaments_objects_through_his_own(world, urls_by_name):
    """Confused ids: the organiser of T1 posts to T1's URLs carrying T2's match / event /
    entry / round ids, and T2's organiser to T2's URLs carrying T1's ids. Every such write is
    denied (403 or 404) and changes nothing."""
    problems: list[str] = []
    cells = 0
    for role, slug, target in (
        ("organiser", world.t1.slug, world.m3),
        ("other_organiser", world.t2.slug, world.m1),
    ):
        client = client_for(role, world)
        baseline = fingerprint()
        for name, pattern in sorted(urls_by_name.items()):
            rule = rule_for(name)
            if rule is None or rule.readonly or not name.startswith("scoring:"):
                continue
            url = _cross_url(name, pattern, slug=slug, target=target)
            if url is None:
                continue
            data = blob(world)
            data.update(
                match=str(target.pk), table=str(target.table_id or 0), revision=str(target.revision)
            )
            cells += 1
            response, changed = send(client, "POST", url, data, baseline=baseline)
            if not denied(response) or changed:
                problems.append(
                    f"POST {url} as {role}: HTTP {response.status_code}"
                    f"{', changed data' if changed else ''}"
                )
    print(f"cross-tournament cells: {cells}")
    assert cells >= 10
    assert not problems, "\n".join(problems)
