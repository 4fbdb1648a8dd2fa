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
from django.shortcuts import redirect, render
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from scoring import permissions
from scoring.error_words import error_text
from scoring.forms.people import CodeForm, NewPasswordForm, PersonForm
from scoring.models import Tournament
from scoring.selectors import organiser as organiser_selectors
from scoring.services import people as service
from scoring.services.people import PeopleError, Welcome
from scoring.views.organiser.base import get_tournament
from scoring.views.umpire import qr_data_uri


def _welcome_context(request: HttpRequest, welcome: Welcome) -> dict[str, Any]:
    link = request.build_absolute_uri(reverse("scoring:people-welcome-link",
                                              args=[welcome.token]))
    return {"welcome": welcome, "link": link, "qr": qr_data_uri(link),
            "code_url": request.build_absolute_uri(reverse("scoring:people-welcome")),
            "name": service.display_name(welcome.user)}


def _page(request: HttpRequest, tournament: Tournament, form: PersonForm,
          status: int = 200) -> HttpResponse:
    return render(request, "scoring/organiser/people.html", {
        "tournament": tournament, "form": form, "people": service.people(tournament),
        "mail": service.mail_configured()}, status=status)


@never_cache
@require_http_methods(["GET", "POST"])
def people_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Organisers and umpires of the tournament: add one (a new account gets its set-password
    slip at once, shown only in this answer), revoke a role, issue a new code."""
    tournament = get_tournament(request, slug)
    form = PersonForm(request.POST or None)
    if request.method == "POST":
        if not form.is_valid():
            return _page(request, tournament, form, status=422)
        d = form.cleaned_data
        try:
            welcome = service.add_person(
                tournament=tournament, role=d["role"], name=d["name"],
                username=d["username"], email=d["email"],
                actor=permissions.organiser_actor(request, tournament))
        except PeopleError as err:
            form.add_error(None, error_text(err.code, err.params))
            return _page(request, tournament, form, status=422)
        if welcome is None:
            messages.success(request, _("%(login)s now has the role.")
                             % {"login": d["username"]})
            return redirect("scoring:organiser-people", slug=slug)
        return render(request, "scoring/organiser/people_welcome.html",
                      {"tournament": tournament, **_welcome_context(request, welcome)})
    return _page(request, tournament, form)


@require_POST
def revoke(request: HttpRequest, slug: str, user_id: int, role: str) -> HttpResponse:
    tournament = get_tournament(request, slug)
    user = organiser_selectors.user_by_id(user_id)
    try:
        service.revoke(tournament=tournament, user=user, role=role,
                       actor=permissions.organiser_actor(request, tournament))
    except PeopleError as err:
        messages.error(request, error_text(err.code, err.params))
    else:
        messages.success(request, _("Role removed from %(name)s.")
                         % {"name": service.display_name(user)})
    return redirect("scoring:organiser-people", slug=slug)


@never_cache
@require_POST
def reissue(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    tournament = get_tournament(request, slug)
    user = organiser_selectors.user_by_id(user_id)
    try:
        welcome = service.reissue(tournament=tournament, user=user,
                                  actor=permissions.organiser_actor(request, tournament))
    except PeopleError as err:
        messages.error(request, error_text(err.code, err.params))
        return redirect("scoring:organiser-people", slug=slug)
    return render(request, "scoring/organiser/people_welcome.html",
                  {"tournament": tournament, **_welcome_context(request, welcome)})


def _set_password(request: HttpRequest, invitation: Any, form: NewPasswordForm,
                  template: str, extra: dict[str, Any]) -> HttpResponse | None:
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
    messages.success(request, _("Your password is set. Log in with your login %(login)s.")
                     % {"login": invitation.user.get_username()})
    return redirect("login")


@login_not_required
@never_cache
@require_http_methods(["GET", "POST"])
def welcome_link(request: HttpRequest, token: str) -> HttpResponse:
    """The one-time set-password link (from the slip's QR code or an e-mail)."""
    invitation = service.invitation_for_token(token)
    template = "scoring/people/welcome.html"
    if invitation is None:
        return render(request, template, {"invalid": True}, status=404)
    form = NewPasswordForm(request.POST or None)
    extra = {"person": service.display_name(invitation.user),
             "login": invitation.user.get_username()}
    if request.method == "POST":
        answer = _set_password(request, invitation, form, template, extra)
        if answer is not None:
            return answer
        return render(request, template, {"form": form, **extra}, status=422)
    return render(request, template, {"form": form, **extra})


@login_not_required
@never_cache
@require_http_methods(["GET", "POST"])
def welcome_code(request: HttpRequest) -> HttpResponse:
    """Login, the printed code and a new password (no link, no e-mail: the hall's way)."""
    template = "scoring/people/welcome_code.html"
    code_form = CodeForm(request.POST or None)
    form = NewPasswordForm(request.POST or None)
    if request.method == "POST":
        invitation = None
        if code_form.is_valid():
            invitation = service.invitation_for_code(code_form.cleaned_data["username"],
                                                     code_form.cleaned_data["code"])
            if invitation is None:
                code_form.add_error("code", _("This login and code do not match, or the code "
                                              "was used or has expired."))
        if invitation is not None:
            answer = _set_password(request, invitation, form, template,
                                   {"code_form": code_form})
            if answer is not None:
                return answer
        form.is_valid()
        return render(request, template, {"form": form, "code_form": code_form}, status=422)
    return render(request, template, {"form": form, "code_form": code_form})


@login_not_required
@require_http_methods(["GET", "POST"])
def password_reset(request: HttpRequest) -> HttpResponse:
    """Django's password reset by e-mail, only when mail is set up; otherwise a page that
    says whom to ask (never a form that fails silently)."""
    if not service.mail_configured():
        return render(request, "scoring/people/no_reset.html", status=404)
    return auth_views.PasswordResetView.as_view()(request)


urlpatterns: list[URLPattern] = [
    path("t/<slug:slug>/organiser/people/", people_page, name="organiser-people"),
    path("t/<slug:slug>/organiser/people/<int:user_id>/revoke/<str:role>/", revoke,
         name="organiser-people-revoke"),
    path("t/<slug:slug>/organiser/people/<int:user_id>/code/", reissue,
         name="organiser-people-reissue"),
    path("welcome/", welcome_code, name="people-welcome"),
    path("welcome/<str:token>/", welcome_link, name="people-welcome-link"),
]

#: Put before ``django.contrib.auth.urls`` so that the reset is offered only with mail.
auth_urlpatterns: list[URLPattern] = [
    path("password_reset/", password_reset, name="password_reset"),
]
