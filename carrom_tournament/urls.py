"""Root URLconf: admin, language switching, authentication and the scoring app."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.decorators import login_not_required
from django.urls import include, path
from django.views.i18n import set_language

from scoring.login_limit import LimitedLoginView
from scoring.views import people

urlpatterns = [
    path("admin/", admin.site.urls),
    # The language switcher must work for anonymous visitors too (LoginRequiredMiddleware is on).
    path("i18n/setlang/", login_not_required(set_language), name="set_language"),
    # Login with the per-address throttle and the known-device cookie (scoring/login_limit.py).
    path("accounts/login/", LimitedLoginView.as_view(), name="login"),
    # the password reset only when mail is set up (scoring/views/people.py), then Django's
    path("accounts/", include(people.auth_urlpatterns)),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("scoring.urls")),
]

# The JSON API answers its errors in JSON (scoring/views/errors.py), other pages in HTML.
handler400 = "scoring.views.errors.bad_request"
handler403 = "scoring.views.errors.permission_denied"
handler404 = "scoring.views.errors.page_not_found"
handler500 = "scoring.views.errors.server_error"
