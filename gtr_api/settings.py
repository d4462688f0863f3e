"""Settings for the Glory to Rome game server.

The embedded default needs no external service. It runs SQLite in var/ and the embedded broker.
DEBUG is on for manage.py's own commands (runserver, the tests); `make run` turns it off
(GTR_LOOPBACK=1, below; `make run DEBUG=1` keeps it on).

DJANGO_DEBUG=0 asks for production (docs/deploy.md). Production refuses to start without a
SECRET_KEY of its own. It turns on HTTPS-only cookies, HSTS and the redirect to HTTPS. TLS ends
at a proxy in front. DATABASE_URL names PostgreSQL, and REDIS_URL the broker.
"""

import os
import re
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from celery.schedules import crontab
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("GTR_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)

DEVELOPMENT_SECRET_KEY = "dev-only-insecure-key-change-me"
_debug = os.environ.get("DJANGO_DEBUG", "1")
if _debug not in ("0", "1"):
    raise ImproperlyConfigured(f"DJANGO_DEBUG is 0 (production) or 1, not {_debug!r}.")
DEBUG = _debug == "1"
# GTR_LOOPBACK=1 is `make run`: the whole server on one machine, over plain HTTP on the loopback,
# with DEBUG off unless `make run DEBUG=1` (so a wrong address gets the site's own 404 page, not
# Django's list of URL patterns). No HTTPS settings apply (below), and without a SECRET_KEY in
# the environment the key is made once and kept in var/secret_key, readable by its owner only.
LOOPBACK = os.environ.get("GTR_LOOPBACK") == "1"


def _loopback_secret_key() -> str:
    path = VAR_DIR / "secret_key"
    if not path.exists():
        import secrets

        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


# manage.py's other commands (DEBUG on) use that key too once it exists, so that what they sign
# (a mail's reply code, a seat's link) holds for the server. Production never reads the file.
if os.environ.get("SECRET_KEY"):
    SECRET_KEY = os.environ["SECRET_KEY"]
elif (LOOPBACK and not DEBUG) or (DEBUG and (VAR_DIR / "secret_key").exists()):
    SECRET_KEY = _loopback_secret_key()
else:
    SECRET_KEY = DEVELOPMENT_SECRET_KEY
if not DEBUG and SECRET_KEY in ("", DEVELOPMENT_SECRET_KEY):
    raise ImproperlyConfigured(
        "Production (DJANGO_DEBUG=0) needs a SECRET_KEY of its own: set SECRET_KEY to a long "
        "random string (python -c 'import secrets; print(secrets.token_urlsafe(50))')."
    )
ALLOWED_HOSTS = os.environ.get("ALLOWED_HOSTS", "*").split(",")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "servestatic",  # For its checks of the middleware (below) and STATIC_ROOT.
    "django.contrib.staticfiles",
    "corsheaders",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "games",
    "players",
    "tournaments",
    "web",
    "anymail",
    "csp",  # For its checks of CONTENT_SECURITY_POLICY.
]

MIDDLEWARE = [
    "gtr_api.errors.error_bodies",
    "games.api.throttles.rate_limit_headers",  # X-RateLimit-* on every counted answer
    "django.middleware.security.SecurityMiddleware",
    "gtr_api.security.CSPMiddleware",  # Content-Security-Policy (below), on every response.
    "corsheaders.middleware.CorsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "players.accounts.middleware.StoredLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "gtr_api.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "gtr_api.wsgi.application"
ASGI_APPLICATION = "gtr_api.asgi.application"

# gtr_api.asgi sets GTR_ASGI=1. Under the ASGI server each request runs in a thread of its own.
# A connection kept open by one request is never reused by the next. So there PostgreSQL
# connections come from a pool (psycopg_pool), GTR_DB_POOL_SIZE per process. SQLite's are closed
# after each request. Workers and commands keep one connection per thread for a minute, checked
# before its first use in each task (a database restarted meanwhile costs no task).
ASGI = os.environ.get("GTR_ASGI") == "1"
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=0 if ASGI else 60,
        conn_health_checks=not ASGI,
    )
}
if ASGI and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 2,
        "max_size": int(os.environ.get("GTR_DB_POOL_SIZE", "20")),
        "timeout": 30,  # Seconds a request waits for a free connection.
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and os.environ.get(
    "GTR_DB_PREPARED", "1"
) not in ("0", ""):
    # A connection prepares a statement of games.store.rows after five runs
    # (games.store.rows._cursor). They read the game with its seats for every move and view. They
    # also run the view cache's probe and a move's writes. The ORM's statements are never
    # prepared. Set GTR_DB_PREPARED=0 behind PgBouncer in transaction mode, before 1.21 or
    # without max_prepared_statements.
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 5
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers take the lock at BEGIN. So two moves never both read the same `seq` and collide.
    # Waiting writers queue instead of failing with "database is locked". WAL lets readers such as
    # views and long polls run while a move commits.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# The languages of the interface and of card names (docs/api.md, Languages). They are English
# and Polish, with the Polish edition's card names. LocaleMiddleware picks one per request. It
# reads the web client's language cookie, else Accept-Language. A player's stored choice wins
# over both (players.accounts.middleware, games.words.language).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("pl", "Polski")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# `collectstatic` gathers and gzips the static files here. The ASGI application serves them
# (gtr_api.asgi, servestatic), so they need no other server. `manage.py serve` collects them
# before it starts the server.
STATIC_ROOT = Path(os.environ.get("GTR_STATIC_ROOT", VAR_DIR / "static"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "servestatic.storage.CompressedStaticFilesStorage"},
}
if DEBUG:
    # In development (runserver, the test client) servestatic's middleware also serves the apps'
    # static files. It reads them from their folders as they change, with no collectstatic step.
    # They are the web client's CSS and script and the API docs' assets.
    MIDDLEWARE.insert(1, "servestatic.middleware.ServeStaticMiddleware")
    SERVESTATIC_USE_FINDERS = True
    SERVESTATIC_AUTOREFRESH = True
# Django's, but a session never restores a bot account (players/bots/auth.py, docs/bots.md).
AUTHENTICATION_BACKENDS = ["players.bots.auth.PeopleSessionBackend"]
LOGIN_URL = "web:login"
LOGIN_REDIRECT_URL = "web:lobby"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Request bodies above this many bytes are refused with 413 (games.api.parsers).
DATA_UPLOAD_MAX_MEMORY_SIZE = int(os.environ.get("GTR_MAX_BODY", 64 * 1024))
CSRF_FAILURE_VIEW = "gtr_api.errors.csrf_failure"

# Rate limits, one per endpoint class (games.api.throttles; docs/api.md, Rate limits), counted per
# account, seat token or (anonymous) client address; log-in and sign-up per address. Over one the
# answer is 429 `throttled` with Retry-After. GTR_<SCOPE>_RATE overrides each ("600/min", or
# "none": no limit). The counts live in the cache (Redis when REDIS_URL is set).
GTR_RATE_DEFAULTS = {
    "view": "1200/min",  # reads: a view, a list, a page of events
    "move": "600/min",  # moves and the other plays at a table: ten a second, sustained
    "stream": "600/min",  # opening an event stream, and long polls: one per move
    "create": "60/min",  # new games and webhooks
    "write": "120/min",  # mail preferences, webhooks changed, tokens revoked
    "chat": "30/min",  # lines said at a table (and 5 in 10 seconds at most, games.services.chat)
    "login": "10/min",
    "signup": "5/min",
}


# A chat flood (games.services.chat): at most this many lines from one author at one table in
# GTR_CHAT_BURST_SECONDS, over the `chat` rate; 429 `chat_flood` with Retry-After.
GTR_CHAT_BURST = int(os.environ.get("GTR_CHAT_BURST", "5"))
GTR_CHAT_BURST_SECONDS = int(os.environ.get("GTR_CHAT_BURST_SECONDS", "10"))


def _rate(scope: str, default: str) -> str | None:
    rate = os.environ.get(f"GTR_{scope.upper()}_RATE", default).strip()
    if rate.lower() == "none":
        return None
    if not re.fullmatch(r"[0-9]+/(s|sec|second|m|min|minute|h|hour|d|day)", rate):
        raise ImproperlyConfigured(f"GTR_{scope.upper()}_RATE: {rate!r} is not like '600/min'.")
    return rate


REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "players.accounts.auth.TokenAuthentication",
        "games.api.auth.SeatTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_PARSER_CLASSES": ["games.api.parsers.LimitedJSONParser"],
    "DEFAULT_RENDERER_CLASSES": [
        "games.api.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "EXCEPTION_HANDLER": "gtr_api.errors.exception_handler",
    "DEFAULT_PAGINATION_CLASS": "games.api.pagination.Pagination",
    "PAGE_SIZE": 20,
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    "DEFAULT_THROTTLE_CLASSES": ["games.api.throttles.ScopeThrottle"],
    "DEFAULT_THROTTLE_RATES": {s: _rate(s, rate) for s, rate in GTR_RATE_DEFAULTS.items()},
    # Set GTR_NUM_PROXIES to the number of proxies in front of the server. Throttling then takes
    # the client address from that many X-Forwarded-For entries. With 0 it takes the
    # connection's own address.
    "NUM_PROXIES": int(os.environ.get("GTR_NUM_PROXIES", "0")) or None,
}

# Security headers (docs/deploy.md, Security headers) -----------------------------------------

# Content-Security-Policy on every response, pages and API alike (django-csp,
# gtr_api.security.CSPMiddleware). Everything comes from this origin: the web client's script,
# stylesheet and card faces, its fetches and event streams. No inline script or style runs: the
# table's data is JSON in a <script type="application/json">, which is never executed (docs/web.md).
# No page may be framed, no <base> set, no form sent elsewhere. The API docs and DRF's pages add
# what they need (gtr_api/security.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
# Django's own headers, as its defaults are, said here so that nobody loosens them unknowingly.
# No framing (and frame-ancestors above). No MIME sniffing. No Referer to other sites. A window
# of its own, with no opener from another origin. And no script reads the session cookie.
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True

# Production is HTTPS only (docs/deploy.md). TLS ends at the proxy in front. The proxy says so
# with X-Forwarded-Proto. The web server (uvicorn --proxy-headers) believes it only from the
# addresses in GTR_FORWARDED_ALLOW_IPS, so Django sees the request as secure and needs no
# SECURE_PROXY_SSL_HEADER. A request that did not come through the proxy is redirected to HTTPS,
# except health checks. GTR_HTTPS=0 serves plain HTTP, for a test server on loopback. So does
# `make run` (GTR_LOOPBACK=1, above): plain HTTP on the loopback, none of this by default.
if not DEBUG:
    _https = os.environ.get("GTR_HTTPS", "0" if LOOPBACK else "1") == "1"
    SECURE_SSL_REDIRECT = _https
    SECURE_REDIRECT_EXEMPT = [r"^api/health/"]  # Health checks come straight to the process.
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = _https
    SECURE_HSTS_SECONDS = int(os.environ.get("GTR_HSTS_SECONDS", "31536000")) if _https else 0
    SECURE_HSTS_INCLUDE_SUBDOMAINS = os.environ.get("GTR_HSTS_INCLUDE_SUBDOMAINS", "1") == "1"
    SECURE_HSTS_PRELOAD = os.environ.get("GTR_HSTS_PRELOAD", "1") == "1"

# One line per record on stderr, with the time. The supervisor (make run), systemd or the
# container runtime collects it.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"line": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "line"}},
    "root": {"handlers": ["stderr"], "level": os.environ.get("GTR_LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "django.request": {"level": "ERROR"},  # Not a line for every 4xx answer.
    },
}

# Account API tokens (django-rest-knox). An account may have many. They are stored as digests,
# listed and revoked at /api/auth/tokens/. They do not expire unless GTR_TOKEN_TTL_DAYS is set.
_TOKEN_TTL_DAYS = float(os.environ.get("GTR_TOKEN_TTL_DAYS", "0"))
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=_TOKEN_TTL_DAYS) if _TOKEN_TTL_DAYS else None,
    # Tokens are sent as `Bearer <token>` (or `Token <token>`: players.accounts.auth).
    "AUTH_HEADER_PREFIX": "Bearer",
}

# Throttle counters and anything else cached. By default each process keeps its own. Production
# with several web processes sets REDIS_URL, and the counts are shared in Redis.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": os.environ["REDIS_URL"],
    }
    if os.environ.get("REDIS_URL")
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # Each process keeps the views it built from snapshots, by (game, revision, seat). It also
    # keeps their games, by (game, revision) (games.read.selectors.table_view,
    # games.read.view_cache). A new revision is a new key, so no entry goes stale. Entries stay
    # objects, not pickled (games.store.objectcache). An entry is up to about 160 KB late in a
    # game. And a view's whole answer shares its objects with its table.
    "views": {
        "BACKEND": "games.store.objectcache.ObjectCache",
        "LOCATION": "gtr-views",
        "TIMEOUT": 3600,
        "OPTIONS": {"MAX_ENTRIES": 1000},
    },
}

# CORS (django-cors-headers) for browser clients on other origins. GTR_CORS_ORIGINS lists the
# origins allowed to call the API, comma-separated, or `*` for any. Cookies are never allowed
# cross-origin. Such clients send `Authorization: Bearer ...` or `Seat ...` instead. A page on
# another origin cannot get those from the browser by itself.
CORS_ALLOWED_ORIGINS: list[str] = []
_cors = [o.strip() for o in os.environ.get("GTR_CORS_ORIGINS", "").split(",") if o.strip()]
CORS_ALLOW_ALL_ORIGINS = _cors == ["*"]
if not CORS_ALLOW_ALL_ORIGINS:
    CORS_ALLOWED_ORIGINS = _cors
CORS_ALLOW_CREDENTIALS = False
CORS_URLS_REGEX = r"^/api/.*$"
CORS_ALLOW_HEADERS = (
    "accept",
    "authorization",
    "content-type",
    "if-none-match",
    "idempotency-key",
    "last-event-id",
)
CORS_EXPOSE_HEADERS = (
    "etag",
    "retry-after",
    "idempotent-replayed",
    "x-ratelimit-limit",
    "x-ratelimit-remaining",
    "x-ratelimit-reset",
)

# The game server ---------------------------------------------------------------------------------

# When on, anyone may start a game from a scenario (docs/scenarios.md). Staff always may.
GTR_ALLOW_SCENARIOS = os.environ.get("GTR_ALLOW_SCENARIOS", "0") == "1"
# How long at most a request that never answers holds its Idempotency-Key. Its process may have
# died. After that a retry of the same request may run (games.api.idempotency).
GTR_IDEMPOTENCY_LEASE_SECONDS = float(os.environ.get("GTR_IDEMPOTENCY_LEASE_SECONDS", "60"))
# The long poll for the next move answers within this many seconds.
GTR_WAIT_MAX_SECONDS = float(os.environ.get("GTR_WAIT_MAX_SECONDS", "30"))
# Where capability links in invitation e-mails point.
GTR_PUBLIC_URL = os.environ.get("GTR_PUBLIC_URL", "http://127.0.0.1:8000")
_public = urlsplit(GTR_PUBLIC_URL)
CSRF_TRUSTED_ORIGINS = [f"{_public.scheme}://{_public.netloc}"]
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "gtr@localhost")

# E-mail (docs/email.md). EMAIL_BACKEND picks where mail goes:
# - the console (the default);
# - files in var/mail/ (django.core.mail.backends.filebased.EmailBackend);
# - SMTP (django.core.mail.backends.smtp.EmailBackend, with EMAIL_HOST...);
# - an ESP through anymail (e.g. anymail.backends.mailgun.EmailBackend, with ANYMAIL_*).
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "0") == "1"
EMAIL_TIMEOUT = 30
# Every ANYMAIL_<NAME> variable becomes ANYMAIL["<NAME>"], e.g. ANYMAIL_MAILGUN_API_KEY.
ANYMAIL = {k.removeprefix("ANYMAIL_"): v for k, v in os.environ.items() if k.startswith("ANYMAIL_")}
# The ESP whose inbound webhook answers at /anymail/<esp>/inbound/ (e.g. "postmark"); none by
# default. It also needs ANYMAIL_WEBHOOK_SECRET="user:password" (players.mail.webhooks).
GTR_INBOUND_ESP = os.environ.get("GTR_INBOUND_ESP", "")
# Replies to game mail go to <local>+<secret>@<domain> of this address (plus-addressing).
GTR_MAIL_REPLY_ADDRESS = os.environ.get("GTR_MAIL_REPLY_ADDRESS", "play@localhost")
# A reminder goes this many seconds before a deadline. Shorter decisions get it half-way.
GTR_MAIL_REMINDER_LEAD = float(os.environ.get("GTR_MAIL_REMINDER_LEAD", "3600"))
# A mail lists at most this many moves with codes. The rest are played over HTTP.
GTR_MAIL_MAX_MOVES = int(os.environ.get("GTR_MAIL_MAX_MOVES", "300"))
# Seconds a visit to the table in the web client holds back turn mails.
GTR_MAIL_PRESENCE_SECONDS = float(os.environ.get("GTR_MAIL_PRESENCE_SECONDS", "90"))
# The daily digest goes at this hour (UTC).
GTR_MAIL_DIGEST_HOUR = int(os.environ.get("GTR_MAIL_DIGEST_HOUR", "7"))

# Celery (docs/async.md). The broker is Redis when REDIS_URL is set. Otherwise it is the embedded
# broker (gtr_api.broker). It keeps message files under var/celery/ and needs no server.
# `make run` starts a worker and beat beside the web server.
REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_BROKER_URL = REDIS_URL or "embedded://localhost/"
if REDIS_URL:
    # kombu's Redis transport with a fix that keeps workers alive through Redis restarts.
    CELERY_BROKER_TRANSPORT = "gtr_api.broker:RedisTransport"
    # A message not acknowledged within this many seconds is delivered again. Its worker is
    # taken for dead.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": int(os.environ.get("GTR_REDIS_VISIBILITY_TIMEOUT", "3600")),
        # After Redis restarts or the network drops, a dead connection is noticed, not waited on.
        # Idle connections are pinged, and reads time out.
        "socket_connect_timeout": 2,
        "socket_timeout": 10,
        "retry_on_timeout": True,
        "health_check_interval": 10,
    }
else:
    from gtr_api.broker import transport_options

    CELERY_BROKER_TRANSPORT_OPTIONS = transport_options(VAR_DIR / "celery", polling_interval=0.1)
# GTR_CELERY_EAGER=1 runs tasks in-process instead. The test suite does, except Celery's tests.
CELERY_TASK_ALWAYS_EAGER = os.environ.get("GTR_CELERY_EAGER", "0") == "1"
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fix-up closes the database connection only every this many tasks: a worker keeps
# its connection as Django would (gtr_api.celery, `_connections_kept`).
CELERY_DB_REUSE_MAX = 1000
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker waits for an absent broker as long as it takes. It reconnects when the
# broker comes back. Celery's default gives up after 100 tries, and the worker exits.
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# A task running when the connection was lost cannot be acknowledged on it. So it is cancelled
# and delivered again. Every task here is idempotent.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
# Publishing after a commit tries briefly, then gives up. This holds in web requests and tasks
# alike. The caller logs it, and the beat sweep catches up (docs/async.md).
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# The periodic sweep (games.tasks) catches overdue deadlines. It also makes the automatic moves
# whose task was lost.
GTR_SWEEP_SECONDS = float(os.environ.get("GTR_SWEEP_SECONDS", "60"))
GTR_SWEEP_GRACE_SECONDS = float(os.environ.get("GTR_SWEEP_GRACE_SECONDS", "30"))
# Each worker writes a heartbeat this often (games.live.health). The health check calls a worker
# down when its heartbeat is three times this old.
GTR_HEARTBEAT_SECONDS = float(os.environ.get("GTR_HEARTBEAT_SECONDS", "10"))
# A worker that runs nothing and has taken no task for this long while tasks wait in Redis has
# stopped consuming (a kombu fault): it reconnects to the broker (games.live.stall).
GTR_WORKER_STALL_SECONDS = float(os.environ.get("GTR_WORKER_STALL_SECONDS", "30"))
CELERY_BEAT_SCHEDULE = {
    "sweep": {"task": "games.tasks.sweep", "schedule": GTR_SWEEP_SECONDS},
    # E-mail (players.mail.tasks). The sweep sends due reminders and mails whose task was lost.
    "mail-sweep": {"task": "players.mails_sweep", "schedule": GTR_SWEEP_SECONDS},
    "mail-digest": {
        "task": "players.send_digests",
        "schedule": crontab(minute=0, hour=GTR_MAIL_DIGEST_HOUR),
    },
    "mail-prune": {"task": "players.prune_mail_records", "schedule": crontab(minute=30, hour=3)},
    # Webhook deliveries whose retry is due, and whose task was lost or held back.
    "webhooks": {"task": "games.tasks.webhooks_sweep", "schedule": GTR_SWEEP_SECONDS},
    # Tournaments due to start, rounds due at their date, a round a lost receiver left waiting.
    "tournaments": {"task": "tournaments.sweep", "schedule": GTR_SWEEP_SECONDS},
}
# A deadline task is never held longer than this. Redis would deliver it again. Later deadlines
# are reached in hops.
GTR_DEADLINE_HORIZON_SECONDS = float(os.environ.get("GTR_DEADLINE_HORIZON_SECONDS", "1800"))
# After this many timeouts in a row a bot stands in for the seat. It plays until the player
# returns.
GTR_TIMEOUTS_BEFORE_BOT = int(os.environ.get("GTR_TIMEOUTS_BEFORE_BOT", "3"))
# Time off (docs/async.md). Vacation days an account may spend a calendar year (staff may set
# another allowance per account), and the hours a proposal to pause a game waits for answers.
GTR_VACATION_DAYS = int(os.environ.get("GTR_VACATION_DAYS", "30"))
GTR_PAUSE_PROPOSAL_HOURS = float(os.environ.get("GTR_PAUSE_PROPOSAL_HOURS", "48"))
# How long a takeback request waits for the other players' answers (docs/api.md).
GTR_TAKEBACK_SECONDS = int(os.environ.get("GTR_TAKEBACK_SECONDS", "86400"))
# Challenges, seeks and rematches (docs/community.md): how long each waits for its answer or its
# partners. A seek that fills with bots does so before it expires (its wait is at most a day).
GTR_CHALLENGE_HOURS = float(os.environ.get("GTR_CHALLENGE_HOURS", "72"))
GTR_SEEK_HOURS = float(os.environ.get("GTR_SEEK_HOURS", "24"))
GTR_REMATCH_HOURS = float(os.environ.get("GTR_REMATCH_HOURS", "24"))
# Ratings (docs/ratings.md): a rating is provisional for its first games; the leaderboards list
# those who played a rated game in the last days; a game is not rated when the server played more
# than this share of a person's decisions (timeouts and a bot standing in) who did not forfeit.
GTR_RATING_PROVISIONAL_GAMES = int(os.environ.get("GTR_RATING_PROVISIONAL_GAMES", "10"))
GTR_RATING_ACTIVE_DAYS = int(os.environ.get("GTR_RATING_ACTIVE_DAYS", "90"))
GTR_RATING_BOT_SHARE = float(os.environ.get("GTR_RATING_BOT_SHARE", "0.25"))
# A bot's move (games.tasks.play_automatic_turn) runs within this soft time limit, in seconds.
# Past it, the greedy bot makes the move instead. The worker kills the task GTR_BOT_HARD_MARGIN
# seconds later. Searching bots run their level's iterations within its time budget.
# GTR_BOT_THINK_SECONDS caps the budget when set. GTR_BOT_SEARCH_BY_TIME=1 has them search for
# the whole budget instead (the old levels: more CPU, no measured gain; the faults check uses it
# to have long bot moves to kill a worker in).
GTR_BOT_SOFT_TIME_LIMIT = float(os.environ.get("GTR_BOT_SOFT_TIME_LIMIT", "30"))
GTR_BOT_HARD_MARGIN = float(os.environ.get("GTR_BOT_HARD_MARGIN", "15"))
GTR_BOT_THINK_SECONDS = (
    float(os.environ["GTR_BOT_THINK_SECONDS"]) if os.environ.get("GTR_BOT_THINK_SECONDS") else None
)
GTR_BOT_SEARCH_BY_TIME = os.environ.get("GTR_BOT_SEARCH_BY_TIME", "0") == "1"

# Live events (docs/events.md). The event hub fans events out to streams and long polls. It uses
# Redis pub/sub when REDIS_URL is set. Otherwise each web process reads new events from the
# database every GTR_HUB_POLL_SECONDS. One query serves all its subscribers.
GTR_HUB_POLL_SECONDS = float(os.environ.get("GTR_HUB_POLL_SECONDS", "0.2"))
GTR_HUB_READY_SECONDS = 5.0  # A new subscriber waits this long at most for the hub's listener.
GTR_HUB_LINGER_SECONDS = 30.0  # The listener stops after this long without subscribers.
# Event streams send a comment this often. So proxies and clients see a live connection.
GTR_STREAM_KEEPALIVE_SECONDS = float(os.environ.get("GTR_STREAM_KEEPALIVE_SECONDS", "15"))
GTR_STREAM_RETRY_MS = 3000  # The SSE `retry:` a client waits before reconnecting.
# A bot account is online (GET /api/bots/) this long after its stream was last seen open. An
# open stream says so every third of it (games.api.streams).
GTR_BOT_ONLINE_SECONDS = float(os.environ.get("GTR_BOT_ONLINE_SECONDS", "60"))
# Webhooks (docs/events.md). Below: the attempts per event and the first retry's delay. Each
# later delay triples, up to an hour. Then the consecutive failures that disable a hook, and the
# timeout of one request.
GTR_WEBHOOK_ATTEMPTS = int(os.environ.get("GTR_WEBHOOK_ATTEMPTS", "8"))
GTR_WEBHOOK_RETRY_SECONDS = float(os.environ.get("GTR_WEBHOOK_RETRY_SECONDS", "10"))
GTR_WEBHOOK_DISABLE_AFTER = int(os.environ.get("GTR_WEBHOOK_DISABLE_AFTER", "20"))
GTR_WEBHOOK_TIMEOUT_SECONDS = float(os.environ.get("GTR_WEBHOOK_TIMEOUT_SECONDS", "10"))
# Only for tests and trusted networks. Lets webhooks use plain http and reach private, loopback
# and link-local addresses. These are refused otherwise, against SSRF.
GTR_WEBHOOKS_ALLOW_PRIVATE = os.environ.get("GTR_WEBHOOKS_ALLOW_PRIVATE", "0") == "1"

# Browser notifications, Web Push (players/push, docs/deploy.md). The VAPID key: a PEM in the
# environment, else one made on first use and kept in the database. The subject is a contact
# the push services may write to. Private push endpoints (plain http, private addresses) are for
# tests only, as for webhooks.
GTR_VAPID_PRIVATE_KEY = os.environ.get("GTR_VAPID_PRIVATE_KEY", "")
GTR_VAPID_SUBJECT = os.environ.get("GTR_VAPID_SUBJECT", "")
GTR_PUSH_ALLOW_PRIVATE = os.environ.get("GTR_PUSH_ALLOW_PRIVATE", "0") == "1"
GTR_PUSH_ATTEMPTS = int(os.environ.get("GTR_PUSH_ATTEMPTS", "5"))

SPECTACULAR_SETTINGS = {
    "TITLE": "Glory to Rome game server",
    "DESCRIPTION": "A REST game-state API for Glory to Rome (Black Box edition).",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # This server serves the Swagger UI and Redoc assets, with no CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": "games.models.Game.Status",
        "VersionEnum": "games.models.Game.Version",
        "SeatKindEnum": "games.models.Seat.Kind",
        "ClockKindEnum": "games.models.Game.Clock",
        "BotKindEnum": "games.models.Seat.Bot",
        "TimeoutPolicyEnum": "games.models.Seat.Timeout",
        "HealthStateEnum": [("up", "up"), ("down", "down")],
        "MaterialEnum": "engine.cards.MATERIALS",
        "RoleEnum": "engine.cards.ROLES",
        "PromptViewKindEnum": "engine.PROMPT_KINDS",
        "UndoReasonEnum": "games.read.undoable.REASONS",
        "SurrenderTypeEnum": [("surrender", "surrender")],  # The action's and its event's `type`.
        "ReasonEnum": "engine.END_REASONS",  # a game's end; named once an order's `reason` came
        "ActionTypeEnum": "engine.ACTION_TYPES",  # a standing order's `do` and `unless`
        "ChatChannelEnum": "games.models.ChatMessage.Channel",  # table chat (issue 32)
        "OrderCancelledReasonEnum": "engine.orders.CANCEL_REASONS",
        # Both a game event and an account feed event: one enum each, not two hashed names.
        "PauseProposedTypeEnum": [("pause_proposed", "pause_proposed")],
        "VacationTypeEnum": [("vacation", "vacation")],
        "UndoEntryTypeEnum": [("undo", "undo")],
        # People (docs/api.md, People): reports.
        "ReportReasonEnum": "games.models.Report.Reason",
        "ReportKindEnum": "games.models.Report.Kind",
        "ReportStatusEnum": "games.models.Report.Status",
        # Issue 32: a declined challenge's reason.
        "DeclineReasonEnum": "games.services.challenges.DECLINE_REASONS",
        # Issue 33: tournaments.
        "TournamentFormatEnum": "tournaments.models.Tournament.Format",
        "FormatEnum": [("gtr-record/1", "gtr-record/1")],  # a record's, named as before
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        "TournamentRoundStatusEnum": "tournaments.models.Round.Status",
        "EntryStatusEnum": "tournaments.models.Entry.Status",
        "TournamentLeftStatusEnum": [("withdrawn", "withdrawn"), ("removed", "removed")],
    },
    # Requests and responses share one component for a shape they share. An action is posted
    # back as it is received. Request-only defaults do not make fields required in generated
    # clients.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.api.schema.share_request_components",
    ],
}
