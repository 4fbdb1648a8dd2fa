"""Settings for the carrom tournament project.

One module, driven by environment variables (see ``.env.example`` and the README). A ``.env`` file
in the project folder is read if present; variables already set in the environment win.

Local development needs no variables at all: DEBUG defaults to true and the database is the SQLite
file ``db.sqlite3`` in the project folder. Production sets at least ``DEBUG=false``,
``SECRET_KEY`` and ``ALLOWED_HOSTS``; the HTTPS hardening below is then on by default and
``python manage.py check --deploy`` reports no warnings.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def _read_dotenv(path: Path) -> None:
    """Load ``KEY=VALUE`` lines from *path* into os.environ without overriding existing values."""
    if not path.is_file():
        return
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _sep, value = line.partition("=")
        os.environ.setdefault(key.strip(), value.strip().strip("'\""))


_read_dotenv(BASE_DIR / ".env")


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    normalised = value.strip().lower()
    if normalised in {"1", "true", "yes", "on"}:
        return True
    if normalised in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name}={value!r} is not a boolean (use true or false).")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={value!r} is not an integer.") from exc


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


# --- Core -----------------------------------------------------------------------------------

DEBUG = env_bool("DEBUG", default=True)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is false.")
    SECRET_KEY = "django-insecure-local-development-only-never-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # Before django.contrib.staticfiles so runserver serves static files like production does.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "crispy_forms",
    "crispy_bootstrap5",
    "bootstrap",  # django-bootstrap-static: Bootstrap 5 CSS/JS as static files (no CDN).
    "axes",  # django-axes: login rate limiting (see Authentication below).
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Repeated polls of public live pages and the API: 304 before sessions, auth and templates.
    "scoring.conditional.EarlyNotModifiedMiddleware",
    # The JSON API answers every error in JSON (405, 403 of CSRF, …), never an HTML page.
    "scoring.views.errors.ApiErrorsMiddleware",
    # A database busy past its wait limit answers 503 "nothing saved, try again", not a 500.
    "scoring.views.errors.DatabaseBusyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After the session middleware, before CommonMiddleware (it may redirect by language).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "scoring.zone_middleware.TournamentTimeZoneMiddleware",  # the tournament's local time
    # Safe by default: every view needs a login unless decorated with @login_not_required.
    "django.contrib.auth.middleware.LoginRequiredMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last: turns a locked-out login attempt into a readable response (django-axes).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "carrom_tournament.urls"
WSGI_APPLICATION = "carrom_tournament.wsgi.application"
ASGI_APPLICATION = "carrom_tournament.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        # persistent connections (seconds): a new PostgreSQL connection per request forks a
        # server process, which under a hall's polling costs more than the request itself
        conn_max_age=env_int("CONN_MAX_AGE", 60),
        conn_health_checks=env_bool("CONN_HEALTH_CHECKS", default=True),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several umpire tablets write at once: WAL lets readers and one writer work concurrently,
    # IMMEDIATE takes the write lock when a transaction starts (no mid-transaction upgrade
    # failures), and the timeout (seconds) makes a writer wait instead of failing with
    # "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
else:
    # No request may run past gunicorn's worker timeout (30 s in `make serve`): a statement or
    # a lock wait that lasts too long is cancelled by PostgreSQL, and DatabaseBusyMiddleware
    # answers 503 "nothing saved, try again" (issue 16). Milliseconds; 0 turns a limit off.
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = (
        f"-c statement_timeout={max(0, env_int('DB_STATEMENT_TIMEOUT_MS', 20_000))} "
        f"-c lock_timeout={max(0, env_int('DB_LOCK_TIMEOUT_MS', 10_000))}"
    )
    # Server-side prepared statements (issue 16): PostgreSQL takes 2-7 ms to plan the match
    # query with its dozen joins that every stroke and every rendered live part runs, and
    # 0.3 ms to run it. With the parameters bound by the server, psycopg prepares a query on
    # its DB_PREPARE_THRESHOLD-th run on a connection and then reuses the plan (kept
    # connections: CONN_MAX_AGE). -1 turns it off (needed behind PgBouncer in transaction mode).
    if (prepare := env_int("DB_PREPARE_THRESHOLD", 2)) >= 0:
        DATABASES["default"]["OPTIONS"].update(server_side_binding=True, prepare_threshold=prepare)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Live pages under load ------------------------------------------------------------------

# The tournament's "now" part is answered from its kept copy (scoring/conditional.py) without
# asking the database while the copy is younger than this many seconds (the part declares it as
# its maximum age, scoring/views/live/tournament.py): it changes with every stroke at every
# table and is polled every 10 s, so a copy at most 2 s old costs one render per window instead
# of one per poll (issue 16). 0 turns it off.
LIVE_NOW_MAX_STALE_SECONDS = max(0, env_int("LIVE_NOW_MAX_STALE_SECONDS", 2))

# --- Authentication -------------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Login rate limiting (django-axes + scoring/login_limit.py): after AXES_FAILURE_LIMIT failed
# logins for one username from one IP address, that pair waits AXES_COOLOFF_SECONDS (HTTP 429);
# a browser that logged in to the account before is never locked out of it (known-device
# cookie); one address that fails LOGIN_IP_FREE_FAILURES times (any usernames) waits 1, 2, 4 …
# LOGIN_IP_MAX_DELAY seconds between tries. Behind a reverse proxy set AXES_IPWARE_PROXY_COUNT
# (the number of proxies in front) so the client's address is read from X-Forwarded-For.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_ENABLED = env_bool("AXES_ENABLED", default=True)
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = datetime.timedelta(seconds=env_int("AXES_COOLOFF_SECONDS", 60))
AXES_WHITELIST_CALLABLE = "scoring.login_limit.known_device"
AXES_IPWARE_PROXY_COUNT = env_int("AXES_IPWARE_PROXY_COUNT", 0) or None
LOGIN_IP_FREE_FAILURES = env_int("LOGIN_IP_FREE_FAILURES", 20)
LOGIN_IP_MAX_DELAY = env_int("LOGIN_IP_MAX_DELAY", 60)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# Keep the start-up banner out of every manage.py command (lockouts are still logged).
AXES_VERBOSE = False

#: The site's address as the tablets in the hall reach it (e.g. http://192.168.1.10:8000), used
#: for the QR codes on printed sheets made outside a request (management commands).
SITE_URL = env_str("SITE_URL", "")

#: Outgoing mail (set-password links, password reset), from EMAIL_HOST and friends. Empty
#: EMAIL_HOST: nothing is e-mailed and the password reset is not offered (a hall LAN needs no
#: mail; people get printed codes instead).
SEND_MAIL = bool(env_str("EMAIL_HOST", ""))
if SEND_MAIL:
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": env_str("EMAIL_HOST", ""),
                "port": env_int("EMAIL_PORT", 587),
                "username": env_str("EMAIL_HOST_USER", ""),
                "password": env_str("EMAIL_HOST_PASSWORD", ""),
                "use_tls": env_bool("EMAIL_USE_TLS", default=True),
            },
        }
    }
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "carrom@localhost")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "scoring:home"
LOGOUT_REDIRECT_URL = "scoring:home"

# --- Internationalisation -------------------------------------------------------------------

LANGUAGE_CODE = env_str("LANGUAGE_CODE", "en")
LANGUAGES = [
    ("en", _("English")),
    ("de", _("German")),
    ("fr", _("French")),
    ("it", _("Italian")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_TZ = True

# --- Static files ---------------------------------------------------------------------------

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed files served by whitenoise; needs `manage.py collectstatic` before
    # running with DEBUG=false (make serve does it). tests/settings.py uses plain storage.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# --- Background tasks -----------------------------------------------------------------------

# Long jobs (the SoL upload's import, issue 31) run through django.tasks in a thread of the
# web process; their progress is written to the database and polled by the page.
# tests/settings.py runs them at once (Django's immediate backend).
TASKS = {"default": {"BACKEND": "scoring.task_backends.ThreadBackend"}}

# --- Forms ----------------------------------------------------------------------------------

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# --- Security -------------------------------------------------------------------------------
# Secure by default when DEBUG is false; each switch can be turned off from the environment
# (for example SECURE_SSL_REDIRECT=false on a hall LAN without TLS).

SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", default=not DEBUG)
if env_bool("SECURE_PROXY_SSL_HEADER", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content Security Policy (Django 6 built-in). No inline scripts or styles: all JavaScript lives
# in static/js/, and scripts rendered by {% htmx_script %} carry the per-request nonce.
# Bootstrap's CSS uses data: URIs for a few SVG icons, hence img-src data:.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    # WebAssembly for the tablet's offline rules engine (Pyodide, issue 12): only that, no eval
    "script-src": [CSP.SELF, CSP.NONCE, CSP.WASM_UNSAFE_EVAL],
    "worker-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# --- Logging --------------------------------------------------------------------------------

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
