"""Views of the umpire tablet (issue 4).

The same views serve two doors: the match's private umpire link ``u/<token>/`` (no login) and
``m/<id>/score/`` for logged-in umpires and organisers. Every write is an htmx POST that
answers with the panel (the main target) plus out-of-band swaps of the scoreboard, the rulings
and the history, and a status code that means something: 200 recorded, 422 illegal or invalid
(nothing changed), 409 someone else recorded meanwhile (the screen reloads), 423 the match is
locked, 403 not this visitor's match.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.contrib.staticfiles import finders
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import URLPattern, path, reverse
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import permissions
from scoring.forms.point_actions import PointActionForm, board_total
from scoring.forms.umpire import (
    ActionForm,
    ClaimForm,
    ConfirmForm,
    NewMatchForm,
    QuickBoardForm,
    SeatingForm,
    StrokeForm,
    TossForm,
    UndoForm,
    UnlockForm,
    WriteForm,
)
from scoring.models import Match
from scoring.records.sides import other_side
from scoring.rules import RULESETS, RulesError, first_breaker_of_game, get_rules, variant_for
from scoring.rules.events import LOSS_REASONS
from scoring.rulings import discarded_text, error_text, loss_reason
from scoring.selectors import umpire_matches as matches_read
from scoring.selectors.umpire import Tablet, tablet
from scoring.services import board_steps, stroke_clock
from scoring.services import matches as services
from scoring.services.matches import Actor, MatchError, MatchLocked, MatchSnapshot, StaleMatch
from scoring.templatetags.umpire_regions import parse_known
from scoring.views.time_up import _back as time_up_back

PAGE = "scoring/umpire/match.html"
UPDATE = "scoring/umpire/_update.html"

# --- resolving the match and who is asking -----------------------------------------------------


def _resolve(request: HttpRequest, token: str | None, match_id: int | None,
             lock: bool = False) -> tuple[Match, Actor]:
    # One query for the match, its tournament (the permission check) and its entries (the
    # names on the tablet); ``lock`` (inside the write's transaction): the same query locks
    # the match row (FOR UPDATE OF the match only).
    if token is not None:
        match = matches_read.match_for_link(token, lock=lock)
        if match is None:
            raise PermissionDenied("unknown umpire link")
    else:
        match = matches_read.match_by_id(match_id, lock=lock)
    return match, permissions.actor_for(request, match, token)


def _urls(match: Match, token: str | None) -> dict[str, str]:
    if token is not None:
        base = reverse("scoring:umpire-link", args=[token])
    else:
        base = reverse("scoring:umpire-match", args=[match.pk])
    urls = {name: f"{base}{name}/" for name in (
        "panel", "actions", "state", "event", "undo", "toss", "seating", "quick", "confirm",
        "claim", "unlock", "warning", "step", "interval-end")}
    urls["page"] = base
    return urls


UmpireView = Callable[..., HttpResponse]


def _umpire_write(view: Callable[..., Any]) -> UmpireView:
    """Like :func:`_umpire` for the stroke POST: the match is resolved and locked in one
    query inside the write's transaction; ``view`` returns the answer to render once the
    transaction is committed (a callable), so the lock is not held while rendering."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, token: str | None = None,
                match_id: int | None = None) -> HttpResponse:
        with transaction.atomic():
            match, actor = _resolve(request, token, match_id, lock=True)
            answer = view(request, match=match, actor=actor, token=token)
        return answer() if callable(answer) else answer

    return gzip_page(wrapped)


def _umpire(view: UmpireView) -> UmpireView:
    """Resolve ``match`` and ``actor`` from the link token or the match id for ``view``."""

    def wrapped(request: HttpRequest, token: str | None = None,
                match_id: int | None = None) -> HttpResponse:
        match, actor = _resolve(request, token, match_id)
        return view(request, match=match, actor=actor, token=token)

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    # The tablet's answers are gzipped for the hall's slow network. Safe against BREACH: no
    # text an attacker chooses is echoed beside the CSRF token (the pad echoes only counts
    # and flags), and Django's gzip pads every answer with random bytes.
    return gzip_page(wrapped)


# --- rendering -------------------------------------------------------------------------------


def _context(request: HttpRequest, view: Tablet, token: str | None, *,
             error: str = "", notice: str = "", pad: dict[str, Any] | None = None,
             forms: dict[str, Any] | None = None) -> dict[str, Any]:
    match = view.match
    rules = RULESETS[match.rules]
    organiser = permissions.is_organiser(request.user, match.event.tournament)
    first_breaker = None
    if match.toss_winner and match.toss_choice and view.variant.has_colours:
        first_breaker = first_breaker_of_game(1, ("a", "b"), match.toss_winner,
                                              match.toss_choice)
    write = WriteForm.fresh(match.revision)
    urls = _urls(match, token)
    context = {
        "t": view,
        "match": match,
        "rules": rules,
        "rules_name": rules.name_de if (get_language() or "").startswith("de") else rules.name,
        "urls": urls,
        # relative to the page (…/u/<token>/ or …/score/): the forms' URLs are short
        "hx": {name.replace("-", "_"): _hx(f"./{name}/" if name != "page" else "./")
               for name in urls},
        "by_key": BY,
        "keys": KEYS,  # this request's keys are put in once rendered (_render)
        "write_keys": _keys(request, write["client_id"], match.revision,
                            csrf=not request.htmx),
        "client_id": write["client_id"],
        "busy": BUSY,
        "revision": match.revision,
        "error": error,
        "notice": notice,
        "pad": pad or {},
        "forms": forms or {},
        "is_organiser": organiser,
        "first_breaker": next((s for s in view.sides if s.side == first_breaker), None),
        "count_range": range(10),
        "points_range": range(1, rules.board_max + 1),
        "point_board_total": board_total(rules) if not view.variant.has_colours else None,
        "loss_reasons": _loss_reasons(),
        # read only when rendered (a template calls it): an answer that adds a stroke to the
        # board shown leaves the warnings as the tablet shows them (no query)
        "warnings": functools.partial(matches_read.warnings_of_board, match,
                                      view.history_game, view.history_board),
    }
    if view.card:  # between boards: the steps acknowledged on the server (board_steps.py)
        steps = matches_read.steps_done(match)
        context["step_done"] = view.step_key in steps["acknowledged"]
        context["interval_ended"] = view.step_key in steps["interval_ended"]
    if not forms:
        context["actions_key"] = _actions_key(view, urls["page"])
    if view.phase == "seating" and first_breaker:
        context["seating_first"] = match.entry_for(first_breaker).players
        context["seating_right"] = match.entry_for(other_side(first_breaker)).players
    return context


#: Stands for the hidden fields of a write (CSRF token, request key, revision) while a page
#: is rendered, so that a fragment with forms does not depend on them and can be reused.
KEYS = mark_safe("<!--write-keys-->")
_KEYS_BYTES = KEYS.encode()
#: Stands for who is on turn in the one-tap forms, for the same reason: the one-tap buttons
#: are the same region from stroke to stroke (the tablet puts who is on turn into them).
BY = mark_safe("<!--by-->")
_BY_BYTES = BY.encode()
_INDENT = re.compile(rb"\n\s+")


def _actions_key(view: Tablet, page: str) -> str:
    """What the "other decisions" and paper-entry forms show (_actions.html, with
    _ruling_form.html and _quick.html): they change only from board to board, so they are
    rendered once per board state instead of after every stroke. The key holds every value
    those templates read (tests/umpire/test_stroke_response.py renders with and without the
    cache and compares)."""
    end = view.board_end
    state = repr((
        page, get_language(), view.match.rules, view.phase, view.board_number,
        view.board_started, view.extra_board, view.forgo_by,
        [(s.side, s.name, s.colour) for s in view.sides],
        end and (end.number, end.void, end.breaker),
    ))
    return hashlib.blake2b(state.encode(), digest_size=16).hexdigest()


def _render(request: HttpRequest, template: str, context: dict[str, Any],
            status: int = 200) -> HttpResponse:
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
    token = format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">',
                        get_token(request)) if csrf else ""
    return format_html(
        '{}<input type="hidden" name="client_id" value="{}">'
        '<input type="hidden" name="revision" value="{}">', token, client_id, revision)


class _Busy:
    """What a button shows while its request runs (translated when rendered)."""

    def __html__(self) -> str:
        return format_html('<span class="u-btn-busy" aria-hidden="true">{}</span>',
                           _("Saving…"))  # the spinner: umpire-screen.css

    __str__ = __html__


BUSY = _Busy()


def _loss_reasons() -> list[tuple[str, str]]:
    return [(reason, loss_reason(reason)) for reason in LOSS_REASONS]


def _respond(request: HttpRequest, snapshot: MatchSnapshot, token: str | None, *,
             status: int = 200, appended: Any = None, **kwargs: Any) -> HttpResponse:
    """The page, or the htmx update. ``appended``: the event just recorded; when it is not
    the first of the board shown (it went on with the board, or ended it), the tablet adds
    its history line to those it shows instead of receiving the whole history again."""
    view = tablet(snapshot, appended=str(appended.client_id) if (
        appended is not None and request.htmx) else None)  # the screen model, built once
    context = _context(request, view, token, **kwargs)
    context["history_append"] = view.history_append
    # the warnings (ICF 50): the newest one the tablet shows, against the match's (read with
    # the match, selectors/umpire_matches.py)
    context["warnings_changed"] = request.headers.get("X-Umpire-Warnings") != str(
        getattr(snapshot.match, "last_warning", None) or "")
    # the offline engine's log grows by the event just recorded (no whole log in the answer)
    current = snapshot.current
    context["appended_event"] = appended if (
        appended is not None and request.htmx and current is not None
        and current.board is not None and current.board.pk == appended.board_id) else None
    if request.htmx:  # only the regions that changed (templatetags/umpire_regions.py)
        context["regions_known"] = parse_known(request.headers.get("X-Umpire-Regions", ""))
    return _render(request, UPDATE if request.htmx else PAGE, context, status)


def _after_write(request: HttpRequest, snapshot: MatchSnapshot, token: str | None,
                 **kwargs: Any) -> HttpResponse:
    """A successful write: the update for htmx, a redirect to the page otherwise."""
    if request.htmx:
        return _respond(request, snapshot, token, **kwargs)
    return redirect(_urls(snapshot.match, token)["page"])


def _refused(request: HttpRequest, match: Match, token: str | None, err: Exception,
             discarded: dict[str, Any] | None = None, **kwargs: Any) -> HttpResponse:
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
        return _respond(request, snapshot, token, status=409, notice=notice)
    if isinstance(err, MatchLocked):
        return _respond(request, snapshot, token, status=423,
                        error=error_text("match_locked"))
    if isinstance(err, MatchError | RulesError):
        message = error_text(err.code, getattr(err, "params", None), str(err))
        return _respond(request, snapshot, token, status=422, error=message, **kwargs)
    raise err  # pragma: no cover


def _invalid(request: HttpRequest, match: Match, token: str | None, form: Any,
             **kwargs: Any) -> HttpResponse:
    errors = [str(e) for field_errors in form.errors.values() for e in field_errors]
    if "client_id" in form.errors or "revision" in form.errors:
        errors = [_("The form is out of date: the screen has been reloaded.")]
    return _respond(request, services.match_snapshot(match), token, status=422,
                    error=" ".join(errors), **kwargs)


def _point_names(match: Match) -> dict[str, str]:
    """Point carrom: each side's player by name (the form's labels and messages)."""
    return {side: entry.name if (entry := match.entry_for(side)) else side
            for side in match.sides}


def _pad_state(data: Any) -> dict[str, Any]:
    """What the umpire had entered on the pad, to show it again after a refusal."""
    keys = ("white", "black", "off_white", "off_black")
    flags = ("queen", "striker", "foul", "break_before_play", "no_contact", "off_queen",
             "off_striker", "extra_claimed")
    state: dict[str, Any] = {}
    for key in keys:
        try:
            state[key] = int(data.get(key) or 0)
        except ValueError:
            state[key] = 0
    for key in flags:
        state[key] = bool(data.get(key))
    return state


# --- pages -----------------------------------------------------------------------------------


@require_GET
@_umpire
def board(request: HttpRequest, *, match: Match, actor: Actor, token: str | None
          ) -> HttpResponse:
    """The umpire tablet: one page, updated by htmx."""
    snapshot = services.match_snapshot(match)
    return _render(request, PAGE, _context(request, tablet(snapshot), token))


@require_GET
@_umpire
def panel(request: HttpRequest, *, match: Match, actor: Actor, token: str | None
          ) -> HttpResponse:
    """The current state as an htmx update (after a conflict, or to resynchronise)."""
    notice = _("The screen shows the latest state.") if request.GET.get("reload") else ""
    return _respond(request, services.match_snapshot(match), token, notice=notice)


@require_GET
@_umpire
def actions(request: HttpRequest, *, match: Match, actor: Actor, token: str | None
            ) -> HttpResponse:
    """The "other decisions" sheet alone: a stroke's answer that changed it carries a loader
    instead, and the tablet fetches the sheet right after (the answer stays small)."""
    view = tablet(services.match_snapshot(match))
    return _render(request, "scoring/umpire/_foot_actions.html",
                   _context(request, view, token))


@require_GET
@_umpire
def state(request: HttpRequest, *, match: Match, actor: Actor, token: str | None
          ) -> HttpResponse:
    """The tablet's cheap poll: the match's revision, answered 304 while it is unchanged, so
    an idle tablet follows what another tablet records (it then fetches the panel)."""
    etag = f'"umpire-{match.pk}-{match.revision}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        response = JsonResponse({"revision": match.revision})
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


_SW_PATH = finders.find("js/umpire-sw.js") or ""


@login_not_required
@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The tablet's service worker, served at the site's root so that its scope covers the
    scoring pages (``u/<token>/`` and ``m/<id>/score/``): it keeps them and their static
    files for a reopening without network."""
    with open(_SW_PATH, "rb") as source:
        response = HttpResponse(source.read(), content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


# --- writes ----------------------------------------------------------------------------------


@require_POST
@_umpire_write
def event(request: HttpRequest, *, match: Match, actor: Actor, token: str | None
          ) -> Callable[[], HttpResponse]:
    """Record one board event: a stroke (the pad or a one-tap preset) or another action
    (in the transaction that locked ``match``; the answer is rendered after it)."""
    kind = request.POST.get("kind", "stroke")
    variant = variant_for(match.rules)
    if kind == "stroke":
        form: StrokeForm | ActionForm | PointActionForm = StrokeForm(request.POST)
        pad = _pad_state(request.POST)
        if not form.is_valid():
            return lambda: _invalid(request, match, token, form, pad=pad)
        by = form.cleaned_data.get("by") or ""
        if by not in variant.strikers(match.sides):
            return lambda: _invalid(request, match, token, form, pad=pad)
        payload = form.payload(by, points=not variant.has_colours)
        breaker = form.cleaned_data.get("breaker") or None
    elif not variant.has_colours:
        form = PointActionForm(request.POST, sides=tuple(match.sides),
                               names=_point_names(match), rules=get_rules(match.rules))
        pad = {}
        if not form.is_valid():
            return lambda: _invalid(request, match, token, form)
        payload = form.payload()
        breaker = None
    else:
        form = ActionForm(request.POST)
        pad = {}
        if not form.is_valid():
            return lambda: _invalid(request, match, token, form)
        payload = form.payload()
        breaker = form.cleaned_data.get("breaker") or None
    try:
        outcome = services.record_event(
            match=match, payload=payload, client_id=form.cleaned_data["client_id"],
            actor=actor, expected_revision=form.cleaned_data["revision"], breaker=breaker,
            locked=True,
        )
    except (MatchError, RulesError) as refusal:
        err = refusal  # kept past the except block for the answer rendered after it
        return lambda: _refused(request, match, token, err, discarded=payload, pad=pad)
    return lambda: _after_write(request, outcome.snapshot, token,
                                appended=None if outcome.duplicate else outcome.event)


@require_POST
@_umpire
def warning(request: HttpRequest, *, match: Match, actor: Actor, token: str | None
            ) -> HttpResponse:
    """ICF 50: the umpire warned the player on turn when the stroke clock ran out (kept
    beside the board's log, services/stroke_clock.py)."""
    form = UndoForm(request.POST)  # the request key and the revision, nothing else
    if not form.is_valid():
        return _invalid(request, match, token, form)
    try:
        given = stroke_clock.record_warning(match=match, actor=actor,
                                            client_id=form.cleaned_data["client_id"])
    except MatchLocked as err:
        return _refused(request, match, token, err)
    except MatchError:
        return _respond(request, services.match_snapshot(match), token, status=422,
                        error=_("No board is being played: there is nobody to warn."))
    notice = _("Warning recorded: %(player)s, stroke clock (ICF 50).") % {
        "player": given.player}
    return _after_write(request, services.match_snapshot(match), token, notice=notice)


@require_POST
@_umpire
def step(request: HttpRequest, *, match: Match, actor: Actor, token: str | None
         ) -> HttpResponse:
    """The umpire goes on from the card between boards: "Sides changed" (ICF 58-60) or
    "Start board N"; kept on the server, so a reload or a second tablet knows it. Refused
    while the interval before the deciding game runs (IT 102)."""
    form = UndoForm(request.POST)
    if not form.is_valid():
        return _invalid(request, match, token, form)
    snapshot = services.match_snapshot(match)
    view = tablet(snapshot)
    steps = matches_read.steps_done(match)
    try:
        board_steps.acknowledge_step(
            match=match, actor=actor, step=request.POST.get("step", "")[:60],
            sides_changed=view.change_sides, current_step=view.step_key if view.card else "",
            interval_end=view.interval_end,
            interval_ended=view.step_key in steps["interval_ended"])
    except MatchLocked as err:
        return _refused(request, match, token, err)
    except MatchError as err:
        return _respond(request, snapshot, token, status=422, error=error_text(err.code))
    return _after_write(request, services.match_snapshot(match), token)


@require_POST
@_umpire
def interval_end(request: HttpRequest, *, match: Match, actor: Actor, token: str | None
                 ) -> HttpResponse:
    """An organiser ends the interval before the deciding game now (IT 102)."""
    if not permissions.is_organiser(request.user, match.event.tournament):
        raise PermissionDenied("organisers only")
    form = UndoForm(request.POST)
    if not form.is_valid():
        return _invalid(request, match, token, form)
    view = tablet(services.match_snapshot(match))
    if not view.interval_end:
        return _respond(request, view.snapshot, token, status=422,
                        error=_("There is no interval to end."))
    try:
        board_steps.end_interval(match=match, actor=actor, step=view.step_key)
    except MatchLocked as err:
        return _refused(request, match, token, err)
    notice = _("The interval was ended by the organiser (IT 102).")
    if not request.htmx:  # the organiser's match page: back to it
        messages.success(request, notice)
        return redirect(time_up_back(request, match, token))
    return _after_write(request, services.match_snapshot(match), token, notice=notice)


@require_POST
@_umpire
def undo(request: HttpRequest, *, match: Match, actor: Actor, token: str | None
         ) -> HttpResponse:
    """Retract the last event (a new log row; nothing is deleted)."""
    form = UndoForm(request.POST)
    if not form.is_valid():
        return _invalid(request, match, token, form)
    try:
        outcome = services.undo_last_event(
            match=match, client_id=form.cleaned_data["client_id"], actor=actor,
            expected_revision=form.cleaned_data["revision"],
        )
    except (MatchError, RulesError) as err:
        return _refused(request, match, token, err)
    notice = _("The last event was undone.")
    if outcome.event is not None and outcome.event.payload.get("withdraws") == "board":
        notice = _("The board entered from paper was withdrawn: enter it again.")
    return _after_write(request, outcome.snapshot, token, notice=notice)


@require_POST
@_umpire
def claim(request: HttpRequest, *, match: Match, actor: Actor, token: str | None
          ) -> HttpResponse:
    """The board winner demands the extra points of the stroke that ended the board."""
    form = ClaimForm(request.POST)
    if not form.is_valid():
        return _invalid(request, match, token, form)
    try:
        outcome = services.claim_extra_points(
            match=match, client_id=form.cleaned_data["client_id"], actor=actor,
            expected_revision=form.cleaned_data["revision"],
        )
    except (MatchError, RulesError) as err:
        return _refused(request, match, token, err)
    return _after_write(request, outcome.snapshot, token)


@require_POST
@_umpire
def toss(request: HttpRequest, *, match: Match, actor: Actor, token: str | None
         ) -> HttpResponse:
    """ICF 40: who won the toss, and whether he chose the break or the side."""
    form = TossForm(request.POST)
    if not form.is_valid():
        return _invalid(request, match, token, form)
    d = form.cleaned_data
    try:
        snapshot = services.record_toss(match=match, winner=d["winner"], choice=d["choice"],
                                        actor=actor, expected_revision=d["revision"])
    except StaleMatch as err:
        match.refresh_from_db()
        if (match.toss_winner, match.toss_choice) != (d["winner"], d["choice"]):
            return _refused(request, match, token, err)
        snapshot = services.match_snapshot(match)  # a retry of a toss that was recorded
    except (MatchError, RulesError) as err:
        return _refused(request, match, token, err)
    return _after_write(request, snapshot, token)


@require_POST
@_umpire
def seating(request: HttpRequest, *, match: Match, actor: Actor, token: str | None
            ) -> HttpResponse:
    """Doubles: the four players around the board in turn order (ICF 49(b))."""
    if not match.toss_winner:
        return _refused(request, match, token, MatchError("toss_missing"))
    breaker = first_breaker_of_game(1, ("a", "b"), match.toss_winner, match.toss_choice)
    form = SeatingForm(request.POST, match=match, breaker=breaker)
    if not form.is_valid():
        return _invalid(request, match, token, form)
    order = form.seating()
    try:
        snapshot = services.record_seating(match=match, seating=order, actor=actor,
                                           expected_revision=form.cleaned_data["revision"])
    except StaleMatch as err:
        match.refresh_from_db()
        if list(match.seating) != order:
            return _refused(request, match, token, err)
        snapshot = services.match_snapshot(match)
    except (MatchError, RulesError) as err:
        return _refused(request, match, token, err)
    return _after_write(request, snapshot, token)


@require_POST
@_umpire
def quick(request: HttpRequest, *, match: Match, actor: Actor, token: str | None
          ) -> HttpResponse:
    """A board played on paper: winner, the loser's carrommen and the queen, or an award."""
    form = QuickBoardForm(request.POST)
    if not form.is_valid():
        return _invalid(request, match, token, form, forms={"quick": form})
    try:
        outcome = services.record_quick_board(
            match=match, client_id=form.cleaned_data["client_id"], actor=actor,
            expected_revision=form.cleaned_data["revision"], **form.service_kwargs(),
        )
    except (MatchError, RulesError) as err:
        return _refused(request, match, token, err, forms={"quick": form})
    return _after_write(request, outcome.snapshot, token)


@require_POST
@_umpire
def confirm(request: HttpRequest, *, match: Match, actor: Actor, token: str | None
            ) -> HttpResponse:
    """A side confirms the result at the table (a tap, recorded); both lock the match."""
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        return _invalid(request, match, token, form)
    try:
        snapshot = services.confirm_match(match=match, side=form.cleaned_data["side"],
                                          method="tap", actor=actor)
    except (MatchError, RulesError) as err:
        return _refused(request, match, token, err)
    return _after_write(request, snapshot, token)


@require_POST
@_umpire
def unlock(request: HttpRequest, *, match: Match, actor: Actor, token: str | None
           ) -> HttpResponse:
    """An organiser reopens a confirmed match for a correction (logged with the reason)."""
    if not permissions.may_correct_locked(request.user, match):
        raise PermissionDenied("organisers only")
    form = UnlockForm(request.POST)
    if not form.is_valid():
        return _invalid(request, match, token, form)
    try:
        snapshot = services.unlock_match(match=match, actor=actor,
                                         reason=form.cleaned_data["reason"])
    except (MatchError, RulesError) as err:
        return _refused(request, match, token, err)
    return _after_write(request, snapshot, token,
                        notice=_("The match is open for a correction."))


# --- the umpire's home, the organiser's stand-alone match and the umpire link ------------------


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The matches a logged-in umpire may score: assigned to him, or (organisers) in his
    tournaments, not yet confirmed."""
    return render(request, "scoring/umpire/home.html",
                  {"matches": matches_read.matches_to_score(request.user)})


@require_http_methods(["GET", "POST"])
def new_match(request: HttpRequest, slug: str) -> HttpResponse:
    """An organiser creates a stand-alone match and gets its umpire link."""
    tournament = matches_read.tournament_by_slug(slug)
    actor = permissions.organiser_actor(request, tournament)
    form = NewMatchForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        players = [d[f"{slot}_player"] or d[f"{slot}_name"].strip()
                   for slot in form.slots_for(d["kind"])]
        try:
            match = services.create_single_match(
                tournament=tournament, kind=d["kind"], rules=d["rules"], players=players,
                actor=actor, stage=d["stage"], games_to_win=d["games_to_win"],
                table=d["table"], table_number=d["table_number"], umpire=d["umpire"],
                event_name=_default_event_name(d["kind"]), event=d["event"],
            )
        except MatchError as err:
            form.add_error(None, _("%(player)s already plays in the friendly event with "
                                   "another partner.") % err.params)
        else:
            messages.success(request, _("Match created. Give the umpire this link."))
            return redirect("scoring:umpire-link-admin", match_id=match.pk)
    slots = [{"player": form[f"{slot}_player"], "name": form[f"{slot}_name"]}
             for slot, _label in NewMatchForm.SLOTS]
    return render(request, "scoring/umpire/new_match.html",
                  {"form": form, "tournament": tournament, "slots": slots})


def _default_event_name(kind: str) -> str:
    return {"singles": _("Friendly matches"), "doubles": _("Friendly doubles"),
            "points": _("Friendly point carrom")}[kind]


def umpire_link_url(request: HttpRequest, match: Match) -> str:
    return request.build_absolute_uri(reverse("scoring:umpire-link", args=[match.umpire_token]))


def qr_data_uri(text: str) -> str:
    """The QR code of ``text`` as a PNG data URI (allowed by the CSP's img-src data:)."""
    return segno.make(text, error="m").png_data_uri(scale=8, border=2)


@require_http_methods(["GET", "POST"])
def link_admin(request: HttpRequest, match_id: int) -> HttpResponse:
    """The organiser's view of a match's umpire link: the link, its QR code, revoke, renew."""
    match = matches_read.match_by_id(match_id)
    actor = permissions.organiser_actor(request, match.event.tournament)
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "revoke":
            services.revoke_umpire_link(match=match, actor=actor)
            messages.success(request, _("The umpire link was revoked; it no longer works."))
        elif action == "renew":
            services.renew_umpire_link(match=match, actor=actor)
            messages.success(request, _("A new umpire link was made; the old one no longer "
                                        "works."))
        return redirect("scoring:umpire-link-admin", match_id=match.pk)
    url = umpire_link_url(request, match)
    valid = permissions.link_is_valid(match, match.umpire_token)
    return render(request, "scoring/umpire/link.html", {
        "match": match, "url": url, "valid": valid,
        "qr": qr_data_uri(url) if valid else "",
        "score_url": reverse("scoring:umpire-match", args=[match.pk]),
    })


# --- URLs ------------------------------------------------------------------------------------

_ACTIONS: dict[str, UmpireView] = {
    "": board, "panel/": panel, "actions/": actions, "state/": state, "event/": event,
    "undo/": undo, "toss/": toss, "seating/": seating, "quick/": quick, "confirm/": confirm,
    "claim/": claim, "unlock/": unlock, "warning/": warning, "step/": step,
    "interval-end/": interval_end,
}


def _without_login(view: UmpireView) -> UmpireView:
    """A copy of ``view`` open without a login (the umpire link is the key); the
    ``m/<id>/score/`` door keeps asking for one."""

    @functools.wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> HttpResponse:
        return view(*args, **kwargs)

    return login_not_required(wrapped)


def _patterns() -> list[URLPattern]:
    out = []
    for suffix, view in _ACTIONS.items():
        name = suffix.rstrip("/")
        link_name = "umpire-link" + (f"-{name}" if name else "")
        match_name = "umpire-match" + (f"-{name}" if name else "")
        out.append(path(f"u/<str:token>/{suffix}", _without_login(view), name=link_name))
        out.append(path(f"m/<int:match_id>/score/{suffix}", view, name=match_name))
    return out


urlpatterns: list[URLPattern] = [
    path("umpire/", home, name="umpire-home"),
    path("umpire-sw.js", service_worker, name="umpire-sw"),
    path("t/<slug:slug>/matches/new/", new_match, name="umpire-new-match"),
    path("m/<int:match_id>/link/", link_admin, name="umpire-link-admin"),
    *_patterns(),
]

