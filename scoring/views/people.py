"""People and roles of a tournament (``t/<slug>/organiser/people/``), setting a password with a
one-time link or printed code (``welcome/``), and the password reset that is offered only when
mail is set up. Its URLs are in ``urlpatterns`` (included by ``scoring/urls.py``) and
``auth_urlpatterns`` (put before Django's ``accounts/`` URLs by the root URLconf).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from scoring import attempts, permissions
from scoring.error_words import error_text
from scoring.forms.people import CodeForm, NewPasswordForm, PersonForm
from scoring.models import Tournament
from scoring.names import display_name
from scoring.selectors import organiser as organiser_selectors
from scoring.services import people as service
from scoring.services.people import PeopleError, Welcome
from scoring.views.organiser.base import get_tournament
from scoring.views.umpire import qr_data_uri


def _welcome_context(request: HttpRequest, welcome: Welcome) -> dict[str, Any]:
    link = request.build_absolute_uri(reverse("scoring:people-welcome-link", args=[welcome.token]))
    return {
        "welcome": welcome,
        "link": link,
        "qr": qr_data_uri(link),
        "code_url": request.build_absolute_uri(reverse("scoring:people-welcome")),
        "name": welcome.name or display_name(welcome.user),
    }


def _page(
    request: HttpRequest, tournament: Tournament, form: PersonForm, status: int = 200
) -> HttpResponse:
    return render(
        request,
        "scoring/organiser/people.html",
        {
            "tournament": tournament,
            "form": form,
            "people": service.people(tournament),
            "mail": service.mail_configured(),
        },
        status=status,
    )


@never_cache
@require_http_methods(["GET", "POST"])
def people_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Organisers and umpires of the tournament: invite one (the invitation slip is shown only
    in this answer, the same for a new and an existing login), revoke a role, a new code."""
    tournament = get_tournament(request, slug)
    form = PersonForm(request.POST or None)
    if request.method == "POST":
        if not form.is_valid():
            return _page(request, tournament, form, status=422)
        d = form.cleaned_data
        try:
            welcome = service.add_person(
                tournament=tournament,
                role=d["role"],
                name=d["name"],
                username=d["username"],
                email=d["email"],
                actor=permissions.organiser_actor(request, tournament),
            )
        except PeopleError as err:
            form.add_error(None, error_text(err.code, err.params))
            return _page(request, tournament, form, status=422)
        return _slip(request, tournament, welcome)
    return _page(request, tournament, form)


def _slip(request: HttpRequest, tournament: Tournament, welcome: Welcome) -> HttpResponse:
    return render(
        request,
        "scoring/organiser/people_welcome.html",
        {
            "tournament": tournament,
            "mail": service.mail_configured(),
            **_welcome_context(request, welcome),
        },
    )


@require_POST
def revoke(request: HttpRequest, slug: str, user_id: int, role: str) -> HttpResponse:
    tournament = get_tournament(request, slug)
    user = organiser_selectors.user_by_id(user_id)
    try:
        service.revoke(
            tournament=tournament,
            user=user,
            role=role,
            actor=permissions.organiser_actor(request, tournament),
        )
    except PeopleError as err:
        messages.error(request, error_text(err.code, err.params))
    else:
        messages.success(request, _("Role removed from %(name)s.") % {"name": display_name(user)})
    return redirect("scoring:organiser-people", slug=slug)


@never_cache
@require_POST
def reissue(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    """A new password code, only for an account this tournament made and that works for no
    other (``services.people.may_reissue``); otherwise a link to the owner's own e-mail."""
    tournament = get_tournament(request, slug)
    user = organiser_selectors.user_by_id(user_id)
    try:
        welcome = service.reissue(
            tournament=tournament, user=user, actor=permissions.organiser_actor(request, tournament)
        )
    except PeopleError as err:
        messages.error(request, error_text(err.code, err.params))
        return redirect("scoring:organiser-people", slug=slug)
    if welcome is None:
        messages.success(
            request,
            _("A link to set a new password was sent to the e-mail address of %(name)s's account.")
            % {"name": display_name(user)},
        )
        return redirect("scoring:organiser-people", slug=slug)
    return _slip(request, tournament, welcome)


@never_cache
@require_POST
def invitation_slip(request: HttpRequest, slug: str, invitation_id: int) -> HttpResponse:
    """A new slip for a pending invitation (the old link and code stop working)."""
    tournament = get_tournament(request, slug)
    invitation = service.pending_invitation(tournament, invitation_id=invitation_id)
    if invitation is None:
        messages.error(request, _("This invitation was accepted, declined or withdrawn."))
        return redirect("scoring:organiser-people", slug=slug)
    return _slip(
        request,
        tournament,
        service.renew_invitation(
            tournament=tournament,
            invitation=invitation,
            actor=permissions.organiser_actor(request, tournament),
        ),
    )


@require_POST
def invitation_withdraw(request: HttpRequest, slug: str, invitation_id: int) -> HttpResponse:
    tournament = get_tournament(request, slug)
    invitation = service.pending_invitation(tournament, invitation_id=invitation_id)
    if invitation is not None:
        service.withdraw_invitation(
            tournament=tournament,
            invitation=invitation,
            actor=permissions.organiser_actor(request, tournament),
        )
        messages.success(request, _("Invitation withdrawn."))
    return redirect("scoring:organiser-people", slug=slug)


def _set_password(
    request: HttpRequest,
    invitation: Any,
    form: NewPasswordForm,
    template: str,
    extra: dict[str, Any],
) -> HttpResponse | None:
    if not form.is_valid():
        return None
    try:
        service.set_password(invitation=invitation, password=form.cleaned_data["password1"])
    except PeopleError as err:
        if err.code == "bad_password":
            for text in err.params["messages"]:
                form.add_error("password1", text)
        else:
            form.add_error(None, error_text(err.code, err.params))
        return render(request, template, {"form": form, **extra}, status=422)
    messages.success(
        request,
        _("Your password is set. Log in with your login %(login)s.")
        % {"login": invitation.user.get_username()},
    )
    return redirect("login")


def _accept_page(request: HttpRequest, invitation: Any, token: str) -> HttpResponse:
    """An invitation of an existing login: accept or decline, logged in as that login."""
    template = "scoring/people/accept.html"
    context = {
        "invitation": invitation,
        "login": invitation.user.get_username(),
        "mine": request.user.is_authenticated and request.user.pk == invitation.user_id,
        "login_url": f"{reverse('login')}?next={request.path}",
    }
    if request.method == "POST" and context["mine"]:
        return _answer_invitation(request, invitation)
    return render(request, template, context, status=200 if request.method == "GET" else 403)


def _answer_invitation(request: HttpRequest, invitation: Any) -> HttpResponse:
    try:
        if request.POST.get("answer") == "accept":
            service.accept_invitation(invitation=invitation, user=request.user)
            messages.success(
                request,
                _("You are now %(role)s of %(tournament)s.")
                % {"role": invitation.get_role_display(), "tournament": invitation.tournament},
            )
        else:
            service.decline_invitation(invitation=invitation, user=request.user)
            messages.info(request, _("Invitation declined."))
    except PeopleError as err:
        messages.error(request, error_text(err.code, err.params))
    return redirect("scoring:people-invitations")


@login_not_required
@never_cache
@require_http_methods(["GET", "POST"])
def welcome_link(request: HttpRequest, token: str) -> HttpResponse:
    """The invitation link (the slip's QR code or an e-mail): a new login sets its password
    here and so accepts; an existing login logs in and accepts (never a password here)."""
    invitation = service.invitation_for_token(token)
    template = "scoring/people/welcome.html"
    if invitation is None:
        return attempts.give_device_token(
            request, render(request, template, {"invalid": True}, status=404)
        )
    if not invitation.new_account:
        return _accept_page(request, invitation, token)
    form = NewPasswordForm(request.POST or None)
    extra = {
        "person": display_name(invitation.user),
        "login": invitation.user.get_username(),
        "invitation": invitation,
    }
    if request.method == "POST":
        answer = _set_password(request, invitation, form, template, extra)
        if answer is not None:
            return answer
        return render(request, template, {"form": form, **extra}, status=422)
    return render(request, template, {"form": form, **extra})


def _code_checks(request: HttpRequest, username: str) -> list[attempts.Check]:
    return attempts.checks_for(
        request,
        device=attempts.WELCOME_DEVICE,
        address_limit=attempts.WELCOME_ADDRESS,
        targets=[(attempts.WELCOME_ACCOUNT, username.strip().lower()[:150])],
    )


@login_not_required
@never_cache
@require_http_methods(["GET", "POST"])
def welcome_code(request: HttpRequest) -> HttpResponse:
    """Login, the printed code and a new password (no link, no e-mail: the hall's way).
    Wrong codes are limited like logins (``scoring/attempts.py``)."""
    template = "scoring/people/welcome_code.html"
    code_form = CodeForm(request.POST or None)
    form = NewPasswordForm(request.POST or None)
    if request.method == "POST":
        invitation = None
        checks: list[attempts.Check] = []
        if code_form.is_valid():
            checks = _code_checks(request, code_form.cleaned_data["username"])
            wait = attempts.wait(checks)
            if wait:
                code_form.add_error(
                    None,
                    _("Too many wrong codes. Try again in %(seconds)s seconds.")
                    % {"seconds": wait},
                )
                return attempts.throttled_response(
                    render(request, template, {"form": form, "code_form": code_form}), wait
                )
            invitation = service.invitation_for_code(
                code_form.cleaned_data["username"], code=code_form.cleaned_data["code"]
            )
            if invitation is None:
                attempts.failed(checks)
                code_form.add_error(
                    "code",
                    _("This login and code do not match, or the code was used or has expired."),
                )
            elif not invitation.new_account:
                code_form.add_error(
                    None, error_text("log_in_to_accept", {"login": invitation.user.get_username()})
                )
                invitation = None
        if invitation is not None:
            answer = _set_password(request, invitation, form, template, {"code_form": code_form})
            if answer is not None:
                attempts.cleared(checks[1:])
                return answer
        form.is_valid()
        return render(request, template, {"form": form, "code_form": code_form}, status=422)
    return attempts.give_device_token(
        request, render(request, template, {"form": form, "code_form": code_form})
    )


@never_cache
@require_http_methods(["GET"])
def my_invitations(request: HttpRequest) -> HttpResponse:
    """The logged-in person's pending invitations, each to accept or decline."""
    return render(
        request,
        "scoring/people/invitations.html",
        {"invitations": service.invitations_of(request.user)},
    )


@require_POST
def answer_invitation(request: HttpRequest, invitation_id: int) -> HttpResponse:
    invitation = service.invitation_of_user(request.user, invitation_id=invitation_id)
    if invitation is None:
        messages.error(request, _("This invitation was accepted, declined or withdrawn."))
        return redirect("scoring:people-invitations")
    return _answer_invitation(request, invitation)


@login_not_required
@require_http_methods(["GET", "POST"])
def password_reset(request: HttpRequest) -> HttpResponseBase:
    """Django's password reset by e-mail, only when mail is set up; otherwise a page that
    says whom to ask (never a form that fails silently)."""
    if not service.mail_configured():
        return render(request, "scoring/people/no_reset.html", status=404)
    return auth_views.PasswordResetView.as_view()(request)


urlpatterns: list[URLPattern] = [
    path("t/<slug:slug>/organiser/people/", people_page, name="organiser-people"),
    path(
        "t/<slug:slug>/organiser/people/<int:user_id>/revoke/<str:role>/",
        revoke,
        name="organiser-people-revoke",
    ),
    path(
        "t/<slug:slug>/organiser/people/<int:user_id>/code/",
        reissue,
        name="organiser-people-reissue",
    ),
    path(
        "t/<slug:slug>/organiser/people/invitations/<int:invitation_id>/slip/",
        invitation_slip,
        name="organiser-people-invitation-slip",
    ),
    path(
        "t/<slug:slug>/organiser/people/invitations/<int:invitation_id>/withdraw/",
        invitation_withdraw,
        name="organiser-people-invitation-withdraw",
    ),
    path("invitations/", my_invitations, name="people-invitations"),
    path("invitations/<int:invitation_id>/", answer_invitation, name="people-invitation-answer"),
    path("welcome/", welcome_code, name="people-welcome"),
    path("welcome/<str:token>/", welcome_link, name="people-welcome-link"),
]

#: Put before ``django.contrib.auth.urls`` so that the reset is offered only with mail.
auth_urlpatterns: list[URLPattern] = [
    path("password_reset/", password_reset, name="password_reset"),
]
