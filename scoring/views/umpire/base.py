"""The umpire tablet's views, shared part: resolving the match and who is asking (the link's
token or the match id), and rendering the page or the htmx update (the screen model built
once, only the regions that changed, the request's keys put into the forms)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.forms import BaseForm
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import get_script_prefix, reverse
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page

from scoring import permissions
from scoring.forms.umpire import WriteForm
from scoring.models import BoardEvent, Match
from scoring.preset_words import preset_name
from scoring.records.sides import other_side
from scoring.regions import parse_known
from scoring.rules import RulesError, TossKind, first_breaker_of_game, get_rules
from scoring.rules.events import LOSS_REASONS
from scoring.rulings import describe_event, discarded_text, error_text, loss_reason
from scoring.selectors import umpire_matches as matches_read
from scoring.selectors.house_presets import house_rules_name
from scoring.selectors.umpire import Tablet, tablet, with_extra_board_toss
from scoring.services import matches as services
from scoring.services.matches import Actor, MatchError, MatchLocked, MatchSnapshot, StaleMatch
from scoring.views.requests import HtmxHttpRequest

PAGE = "scoring/umpire/match.html"
UPDATE = "scoring/umpire/match.html#update"  # the partials rendered in place


# --- resolving the match and who is asking -----------------------------------------------------


def _resolve(
    request: HttpRequest, token: str | None, match_id: int | None, lock: bool = False
) -> tuple[Match, Actor]:
    # One query for the match, its tournament (the permission check) and its entries (the
    # names on the tablet); ``lock`` (inside the write's transaction): the same query locks
    # the match row (FOR UPDATE OF the match only).
    if token is not None:
        match = matches_read.match_for_link(token, lock=lock)
        if match is None:
            raise PermissionDenied("unknown umpire link")
    elif match_id is not None:
        match = matches_read.match_by_id(match_id, lock=lock)
    else:  # neither door's key: no such page
        raise Http404("no match")
    return match, permissions.actor_for(request, match, token)


_ACTION_NAMES = (
    "panel",
    "actions",
    "state",
    "event",
    "undo",
    "toss",
    "seating",
    "quick",
    "confirm",
    "claim",
    "unlock",
    "warning",
    "step",
    "interval-end",
)


def _urls(match: Match, token: str | None) -> dict[str, str]:
    return dict(_urls_of(get_script_prefix(), token, None if token is not None else match.pk))


@functools.lru_cache(maxsize=1024)
def _urls_of(prefix: str, token: str | None, match_id: int | None) -> tuple[tuple[str, str], ...]:
    """The tablet's URLs for a link or a match (the same for the process, by the prefix the
    site is served under)."""
    if token is not None:
        base = reverse("scoring:umpire-link", args=[token])
    else:
        base = reverse("scoring:umpire-match", args=[match_id])
    return (*((name, f"{base}{name}/") for name in _ACTION_NAMES), ("page", base))


UmpireView = Callable[..., HttpResponse]


def umpire_write(view: Callable[..., HttpResponse | Callable[[], HttpResponse]]) -> UmpireView:
    """Like :func:`umpire_view` for the stroke POST: the match is resolved and locked in one
    query inside the write's transaction; ``view`` returns the answer to render once the
    transaction is committed (a callable), so the lock is not held while rendering."""

    @functools.wraps(view)
    def wrapped(
        request: HtmxHttpRequest, token: str | None = None, match_id: int | None = None
    ) -> HttpResponse:
        with transaction.atomic():
            match, actor = _resolve(request, token, match_id, lock=True)
            answer = view(request, match=match, actor=actor, token=token)
        return answer() if callable(answer) else answer

    return gzip_page(wrapped)


def umpire_view(view: UmpireView) -> UmpireView:
    """Resolve ``match`` and ``actor`` from the link token or the match id for ``view``."""

    def wrapped(
        request: HtmxHttpRequest, token: str | None = None, match_id: int | None = None
    ) -> HttpResponse:
        match, actor = _resolve(request, token, match_id)
        return view(request, match=match, actor=actor, token=token)

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    # The tablet's answers are gzipped for the hall's slow network. Safe against BREACH: no
    # text an attacker chooses is echoed beside the CSRF token (the pad echoes only counts
    # and flags), and Django's gzip pads every answer with random bytes.
    return gzip_page(wrapped)


# --- rendering -------------------------------------------------------------------------------


def tablet_context(
    request: HtmxHttpRequest,
    view: Tablet,
    token: str | None,
    *,
    error: str = "",
    notice: str = "",
    pad: dict[str, Any] | None = None,
    forms: dict[str, Any] | None = None,
) -> dict[str, Any]:
    match = view.match
    rules = get_rules(match.rules)
    organiser = permissions.is_organiser(request.user, match.event.tournament)
    first_breaker = None
    if match.toss_winner and match.toss_choice and view.variant.toss is TossKind.BREAK_OR_SIDE:
        first_breaker = first_breaker_of_game(1, ("a", "b"), match.toss_winner, match.toss_choice)
    write = WriteForm.fresh(match.revision)
    urls = _urls(match, token)
    context = {
        "t": view,
        "match": match,
        "rules": rules,
        "rules_name": (
            house_rules_name(match.rules, match.event.tournament_id)
            if rules.base is not None
            else preset_name(rules.key)
        ),
        "urls": urls,
        # relative to the page (…/u/<token>/ or …/score/): the forms' URLs are short, and
        # the same for every match (made once per process)
        "hx": _hx_all(),
        "by_key": BY,
        "keys": KEYS,  # this request's keys are put in once rendered (render_tablet)
        "write_keys": _keys(request, write["client_id"], match.revision, csrf=not request.htmx),
        "client_id": write["client_id"],
        "busy": BUSY,
        "revision": match.revision,
        "error": error,
        "notice": notice,
        "pad": pad or _NoPad(),
        "forms": forms or {},
        "is_organiser": organiser,
        "first_breaker": next((s for s in view.sides if s.side == first_breaker), None),
        "count_range": range(10),
        "points_range": range(1, rules.board_max + 1),
        "point_board_total": view.variant.board_total,
        "loss_reasons": _loss_reasons(),
        # read only when rendered (a template calls it): an answer that adds a stroke to the
        # board shown leaves the warnings as the tablet shows them (no query)
        "warnings": functools.partial(
            matches_read.warnings_of_board, match, view.history_game, view.history_board
        ),
    }
    context["step_done"] = context["interval_ended"] = False
    if view.card:  # between boards: the steps acknowledged on the server (board_steps.py)
        steps = matches_read.steps_and_tosses(match)
        context["step_done"] = view.step_key in steps.acknowledged
        context["interval_ended"] = view.step_key in steps.interval_ended
        toss = steps.tosses.get(view.step_key)
        if toss:  # the extra board's fresh toss is recorded: its winner breaks (ICF 56(b))
            with_extra_board_toss(view, toss)
    if view.phase == "seating" and first_breaker:
        context["seating_first"] = match.players_of(first_breaker)
        context["seating_right"] = match.players_of(other_side(first_breaker))
    return context


class _NoPad(dict[str, str]):
    """Nothing entered on the pad: every value is what the template language shows for a
    missing one (""), found without the failed look-up's exceptions (a stroke's answer reads
    the pad's values for its kept regions)."""

    def __missing__(self, key: str) -> str:
        return ""


#: Stands for the hidden fields of a write (CSRF token, request key, revision) while a page
#: is rendered, so that a fragment with forms does not depend on them and can be reused.
KEYS = mark_safe("<!--write-keys-->")
_KEYS_BYTES = KEYS.encode()
#: Stands for who is on turn in the one-tap forms, for the same reason: the one-tap buttons
#: are the same region from stroke to stroke (the tablet puts who is on turn into them).
BY = mark_safe("<!--by-->")
_BY_BYTES = BY.encode()
_INDENT = re.compile(rb"\n\s+")


def render_tablet(
    request: HtmxHttpRequest, template: str, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    """Render an umpire page or update, then put this request's keys into its forms."""
    response = render(request, template, context, status=status)
    content = response.content.replace(_KEYS_BYTES, context["write_keys"].encode())
    view = context.get("t")
    by = getattr(view, "on_turn_by", None) or ""
    content = content.replace(_BY_BYTES, escape(by).encode())
    if request.htmx:  # the templates' indentation is not sent (no <pre> or <textarea>)
        content = _INDENT.sub(b"\n", content)
    response.content = content
    response["Cache-Control"] = "no-store"
    return response


def _hx(url: str) -> str:
    """The attributes of every write form: a plain POST without JavaScript; with htmx the
    panel is the target, one request at a time (``hx-sync``), buttons off while it runs
    (inherited from ``#umpire-app``, match.html: not repeated in every form)."""
    return format_html('method="post" action="{0}" hx-post="{0}" data-write', url)


def _keys(request: HttpRequest, client_id: Any, revision: int, *, csrf: bool = True) -> str:
    """The hidden fields of every write: the CSRF token, the request key, the revision.
    An htmx update leaves the token out: htmx sends it as a header (base.html)."""
    token = (
        format_html(
            '<input type="hidden" name="csrfmiddlewaretoken" value="{}">', get_token(request)
        )
        if csrf
        else ""
    )
    return format_html(
        '{}<input type="hidden" name="client_id" value="{}">'
        '<input type="hidden" name="revision" value="{}">',
        token,
        client_id,
        revision,
    )


class _Busy:
    """What a button shows while its request runs (translated when rendered)."""

    def __html__(self) -> str:
        return format_html(
            '<span class="u-btn-busy" aria-hidden="true">{}</span>', _("Saving…")
        )  # the spinner: umpire-screen.css

    __str__ = __html__


BUSY = _Busy()


def _loss_reasons() -> tuple[tuple[str, str], ...]:
    return _loss_reasons_in(get_language() or "")


@functools.lru_cache(maxsize=8)
def _loss_reasons_in(language: str) -> tuple[tuple[str, str], ...]:
    """The reasons in ``language`` (the active one: the key of the cache)."""
    return tuple((reason, loss_reason(reason)) for reason in LOSS_REASONS)


@functools.cache
def _hx_all() -> dict[str, str]:
    """Every write form's attributes by action (see :func:`_hx`), relative to the page."""
    return {name.replace("-", "_"): _hx(f"./{name}/") for name in _ACTION_NAMES} | {
        "page": _hx("./")
    }


def respond(
    request: HtmxHttpRequest,
    snapshot: MatchSnapshot,
    token: str | None,
    *,
    status: int = 200,
    appended: BoardEvent | None = None,
    **kwargs: Any,
) -> HttpResponse:
    """The page, or the htmx update. ``appended``: the event just recorded; when it is not
    the first of the board shown (it went on with the board, or ended it), the tablet adds
    its history line to those it shows instead of receiving the whole history again."""
    view = tablet(
        snapshot,
        appended=str(appended.client_id) if (appended is not None and request.htmx) else None,
    )  # the screen model, built once
    context = tablet_context(request, view, token, **kwargs)
    context["history_append"] = view.history_append
    # the warnings (ICF 50): the newest one the tablet shows (static/js/umpire.js sends it),
    # against the match's (read with the match, selectors/umpire_matches.py); a client that
    # does not say keeps the warnings it has until a full answer
    shown = request.headers.get("X-Umpire-Warnings")
    context["warnings_changed"] = shown is not None and shown != str(
        getattr(snapshot.match, "last_warning", None) or ""
    )
    # the offline engine's log grows by the event just recorded (no whole log in the answer),
    # also by the one that ended the board: the tablet's engine then begins the next board
    # from the card's step kept offline (issue 28)
    current = snapshot.current
    goes_on = current is not None and current.board is not None
    context["appended_event"] = (
        appended
        if (
            appended is not None
            and request.htmx
            and current is not None
            and (current.board is None or current.board.pk == appended.board_id)
        )
        else None
    )
    context["appended_ends"] = not goes_on
    # the side panels beside the card are drawn in the next board's colours: the log's board
    # the other way round when the other side breaks it
    ended = next(
        (
            row
            for rows in snapshot.boards.values()
            for row in rows
            if appended is not None and row.pk == appended.board_id
        ),
        None,
    )
    context["appended_flip"] = (
        not goes_on
        and ended is not None
        and current is not None
        and bool(current.breaker)
        and ended.breaker != current.breaker
    )
    if request.htmx:  # only the regions that changed (templatetags/umpire_regions.py)
        context["regions_known"] = parse_known(request.headers.get("X-Umpire-Regions", ""))
    return render_tablet(request, UPDATE if request.htmx else PAGE, context, status)


def after_write(
    request: HtmxHttpRequest, snapshot: MatchSnapshot, token: str | None, **kwargs: Any
) -> HttpResponse:
    """A successful write: the update for htmx, a redirect to the page otherwise."""
    if request.htmx:
        return respond(request, snapshot, token, **kwargs)
    return redirect(_urls(snapshot.match, token)["page"])


def refused(
    request: HtmxHttpRequest,
    match: Match,
    token: str | None,
    err: Exception,
    discarded: dict[str, Any] | None = None,
    **kwargs: Any,
) -> HttpResponse:
    """The answer to a write the match could not take; nothing was recorded. A stale tap
    is named with what was recorded first (``discarded``: the tap's event)."""
    match.refresh_from_db()
    snapshot = services.match_snapshot(match)
    if isinstance(err, StaleMatch):
        notice = error_text("stale")
        if discarded is not None:
            current = snapshot.current
            first = None
            if current is not None and current.events:
                first = current.events[-1].payload
            names = tablet(snapshot).names
            notice = discarded_text(discarded, names, first)
            if first is not None:  # and what was recorded instead (issue 28)
                notice = " ".join(
                    (
                        notice,
                        _("Recorded instead: %(event)s.") % {"event": describe_event(first, names)},
                    )
                )
        return respond(request, snapshot, token, status=409, notice=notice)
    if isinstance(err, MatchLocked):
        return respond(request, snapshot, token, status=423, error=error_text("match_locked"))
    if isinstance(err, MatchError | RulesError):
        message = error_text(err.code, getattr(err, "params", None), str(err))
        return respond(request, snapshot, token, status=422, error=message, **kwargs)
    raise err  # pragma: no cover


def invalid(
    request: HtmxHttpRequest, match: Match, token: str | None, form: BaseForm, **kwargs: Any
) -> HttpResponse:
    errors = [str(e) for field_errors in form.errors.values() for e in field_errors]
    if "client_id" in form.errors or "revision" in form.errors:
        errors = [_("The form is out of date: the screen has been reloaded.")]
    return respond(
        request, services.match_snapshot(match), token, status=422, error=" ".join(errors), **kwargs
    )


def point_names(match: Match) -> dict[str, str]:
    """Point carrom: each side's player by name (the form's labels and messages)."""
    return {side: entry.name if (entry := match.entry_for(side)) else side for side in match.sides}


def pad_state(data: Mapping[str, Any]) -> dict[str, Any]:
    """What the umpire had entered on the pad, to show it again after a refusal."""
    keys = ("white", "black", "off_white", "off_black")
    flags = (
        "queen",
        "striker",
        "foul",
        "break_before_play",
        "no_contact",
        "off_queen",
        "off_striker",
        "extra_claimed",
    )
    state: dict[str, Any] = {}
    for key in keys:
        try:
            state[key] = int(data.get(key) or 0)
        except ValueError:
            state[key] = 0
    for key in flags:
        state[key] = bool(data.get(key))
    return state
