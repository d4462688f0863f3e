"""Settings for the Glory to Rome game server.

The embedded default needs no external service: SQLite in var/, the embedded broker, DEBUG on.
Production (docs/deploy.md) is asked for with DJANGO_DEBUG=0: it refuses to start without a
SECRET_KEY of its own, and turns on HTTPS-only cookies, HSTS and the redirect to HTTPS (TLS ends
at a proxy in front); DATABASE_URL names PostgreSQL and REDIS_URL the broker.
"""

import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("GTR_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)

DEVELOPMENT_SECRET_KEY = "dev-only-insecure-key-change-me"
SECRET_KEY = os.environ.get("SECRET_KEY", DEVELOPMENT_SECRET_KEY)
_debug = os.environ.get("DJANGO_DEBUG", "1")
if _debug not in ("0", "1"):
    raise ImproperlyConfigured(f"DJANGO_DEBUG is 0 (production) or 1, not {_debug!r}.")
DEBUG = _debug == "1"
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
    "servestatic",  # its configuration checks (the middleware: below, STATIC_ROOT)
    "django.contrib.staticfiles",
    "corsheaders",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "games",
    "players",
    "web",
    "anymail",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
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

# Under the ASGI server (gtr_api.asgi sets GTR_ASGI=1) each request runs in a thread of its own,
# so a connection kept open by one request is never reused by the next: there PostgreSQL
# connections come from a pool (psycopg_pool, GTR_DB_POOL_SIZE per process) and SQLite's are
# closed after each request. Workers and commands keep one connection per thread for a minute.
ASGI = os.environ.get("GTR_ASGI") == "1"
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=0 if ASGI else 60,
    )
}
if ASGI and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 2,
        "max_size": int(os.environ.get("GTR_DB_POOL_SIZE", "20")),
        "timeout": 30,  # seconds a request waits for a free connection
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and os.environ.get(
    "GTR_DB_PREPARED", "1"
) not in ("0", ""):
    # The statements games.store.rows writes out (the game with its seats, read for every move and
    # view; the view cache's probe; a move's writes) are prepared on each connection once it has run
    # them five times (games.store.rows._cursor). The ORM's statements never are. Behind PgBouncer
    # in transaction mode, before 1.21 or without max_prepared_statements, set GTR_DB_PREPARED=0.
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 5
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers take the lock at BEGIN, so two moves never both read the same `seq` and collide;
    # waiting writers queue instead of failing with "database is locked". WAL lets readers (views,
    # long polls) run while a move commits.
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

# The languages of the interface and of card names (docs/api.md, Languages): English, and
# Polish with the Polish edition's card names. LocaleMiddleware picks one per request (the web
# client's language cookie, else Accept-Language); a player's stored choice wins over both
# (players.accounts.middleware, games.words.language).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("pl", "Polski")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# `collectstatic` gathers them here (and gzips them); the ASGI application serves them
# (gtr_api.asgi, servestatic), so no other server is needed for them. `manage.py serve` collects
# them before it starts the server.
STATIC_ROOT = Path(os.environ.get("GTR_STATIC_ROOT", VAR_DIR / "static"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "servestatic.storage.CompressedStaticFilesStorage"},
}
if DEBUG:
    # Development (runserver, the test client): servestatic's middleware also serves the apps'
    # static files (the web client's CSS and script, the API docs' assets) straight from their
    # folders, as they change, with no collectstatic step.
    MIDDLEWARE.insert(1, "servestatic.middleware.ServeStaticMiddleware")
    SERVESTATIC_USE_FINDERS = True
    SERVESTATIC_AUTOREFRESH = True
LOGIN_URL = "web:login"
LOGIN_REDIRECT_URL = "web:lobby"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Request bodies above this many bytes are refused with 413 (games.api.parsers).
DATA_UPLOAD_MAX_MEMORY_SIZE = int(os.environ.get("GTR_MAX_BODY", 64 * 1024))
CSRF_FAILURE_VIEW = "gtr_api.errors.csrf_failure"

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
    # Logging in and signing up are throttled per client address (players.accounts.views); over the
    # rate the answer is 429 `throttled` with Retry-After. The counts live in the cache.
    "DEFAULT_THROTTLE_RATES": {
        "login": os.environ.get("GTR_LOGIN_RATE", "10/min"),
        "signup": os.environ.get("GTR_SIGNUP_RATE", "5/min"),
    },
    # The client address for throttling: the last of this many proxies' X-Forwarded-For entries
    # (0: the connection's own address; set it to the number of proxies in front of the server).
    "NUM_PROXIES": int(os.environ.get("GTR_NUM_PROXIES", "0")) or None,
}

# Production: HTTPS only (docs/deploy.md). TLS ends at the proxy in front, which says so with
# X-Forwarded-Proto; the web server (uvicorn --proxy-headers) believes it only from the addresses
# in GTR_FORWARDED_ALLOW_IPS. GTR_HTTPS=0 serves plain HTTP (a test server on loopback).
if not DEBUG:
    _https = os.environ.get("GTR_HTTPS", "1") == "1"
    SECURE_SSL_REDIRECT = _https
    SECURE_REDIRECT_EXEMPT = [r"^api/health/"]  # health checks come straight to the process
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = _https
    SECURE_HSTS_SECONDS = int(os.environ.get("GTR_HSTS_SECONDS", "31536000")) if _https else 0
    SECURE_HSTS_INCLUDE_SUBDOMAINS = os.environ.get("GTR_HSTS_INCLUDE_SUBDOMAINS", "1") == "1"
    SECURE_HSTS_PRELOAD = os.environ.get("GTR_HSTS_PRELOAD", "1") == "1"

# One line per record on stderr, with the time: the supervisor (make run), systemd or the
# container runtime collects it.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"line": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "line"}},
    "root": {"handlers": ["stderr"], "level": os.environ.get("GTR_LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "django.request": {"level": "ERROR"},  # not a line for every 4xx answer
    },
}

# Account API tokens (django-rest-knox): many per account, stored as digests, listed and revoked at
# /api/auth/tokens/. They do not expire unless GTR_TOKEN_TTL_DAYS is set.
_TOKEN_TTL_DAYS = float(os.environ.get("GTR_TOKEN_TTL_DAYS", "0"))
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=_TOKEN_TTL_DAYS) if _TOKEN_TTL_DAYS else None,
    "AUTH_HEADER_PREFIX": "Token",
}

# Throttle counters (and anything else cached): per process by default; production with several
# web processes sets REDIS_URL, and the counts are shared in Redis.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": os.environ["REDIS_URL"],
    }
    if os.environ.get("REDIS_URL")
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # Each process keeps the views it built from game snapshots, by (game, revision, seat), and the
    # games it built them from, by (game, revision) (games.read.selectors.table_view,
    # games.read.view_cache): a new revision is a new key, so no entry is ever stale. Kept as
    # objects, not pickled (games.store.objectcache): up to about 160 KB an entry late in a game,
    # and a view's whole answer and its table share their objects.
    "views": {
        "BACKEND": "games.store.objectcache.ObjectCache",
        "LOCATION": "gtr-views",
        "TIMEOUT": 3600,
        "OPTIONS": {"MAX_ENTRIES": 1000},
    },
}

# CORS (django-cors-headers) for browser clients on other origins: the origins allowed to call the
# API, comma-separated (`*` for any). Credentials (cookies) are never allowed cross-origin: such
# clients send `Authorization: Token ...` or `Seat ...`, which a page on another origin cannot
# get from the browser by itself.
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
CORS_EXPOSE_HEADERS = ("etag", "retry-after", "idempotent-replayed")

# The game server ---------------------------------------------------------------------------------
# Anyone may start a game from a scenario (docs/scenarios.md) when this is on; staff always may.
GTR_ALLOW_SCENARIOS = os.environ.get("GTR_ALLOW_SCENARIOS", "0") == "1"
# An Idempotency-Key is reserved for this long at most by a request that never answers (its
# process died): then a retry of the same request may run (games.api.idempotency).
GTR_IDEMPOTENCY_LEASE_SECONDS = float(os.environ.get("GTR_IDEMPOTENCY_LEASE_SECONDS", "60"))
# The long-poll "wait for the next move" endpoint answers after at most this many seconds.
GTR_WAIT_MAX_SECONDS = float(os.environ.get("GTR_WAIT_MAX_SECONDS", "30"))
# Where capability links in invitation e-mails point.
GTR_PUBLIC_URL = os.environ.get("GTR_PUBLIC_URL", "http://127.0.0.1:8000")
_public = urlsplit(GTR_PUBLIC_URL)
CSRF_TRUSTED_ORIGINS = [f"{_public.scheme}://{_public.netloc}"]
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "gtr@localhost")

# E-mail (docs/email.md). EMAIL_BACKEND picks where mail goes: the console (default), files in
# var/mail/ (django.core.mail.backends.filebased.EmailBackend), SMTP
# (django.core.mail.backends.smtp.EmailBackend with EMAIL_HOST...), or an ESP through anymail
# (e.g. anymail.backends.mailgun.EmailBackend, configured by ANYMAIL_* variables).
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "0") == "1"
EMAIL_TIMEOUT = 30
# anymail: every ANYMAIL_<NAME> variable becomes ANYMAIL["<NAME>"] (e.g. ANYMAIL_MAILGUN_API_KEY,
# ANYMAIL_WEBHOOK_SECRET="user:password", which the inbound webhooks at /anymail/ then require).
ANYMAIL = {k.removeprefix("ANYMAIL_"): v for k, v in os.environ.items() if k.startswith("ANYMAIL_")}
# Replies to game mail go to <local>+<secret>@<domain> of this address (plus-addressing).
GTR_MAIL_REPLY_ADDRESS = os.environ.get("GTR_MAIL_REPLY_ADDRESS", "play@localhost")
# A reminder goes this many seconds before a deadline (or half-way, for shorter decisions).
GTR_MAIL_REMINDER_LEAD = float(os.environ.get("GTR_MAIL_REMINDER_LEAD", "3600"))
# A mail lists at most this many moves with codes (the rest are played over HTTP).
GTR_MAIL_MAX_MOVES = int(os.environ.get("GTR_MAIL_MAX_MOVES", "300"))
# No turn mail to a person who had the game open in the web client within this many seconds.
GTR_MAIL_PRESENCE_SECONDS = float(os.environ.get("GTR_MAIL_PRESENCE_SECONDS", "90"))
# The daily digest goes at this hour (UTC).
GTR_MAIL_DIGEST_HOUR = int(os.environ.get("GTR_MAIL_DIGEST_HOUR", "7"))

# Celery (docs/async.md): Redis when REDIS_URL is set; otherwise the embedded broker
# (gtr_api.broker: message files under var/celery/, no server to run), and `make run` starts a
# worker and beat beside the web server.
REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_BROKER_URL = REDIS_URL or "embedded://localhost/"
if REDIS_URL:
    # kombu's Redis transport with a fix that keeps workers alive through Redis restarts.
    CELERY_BROKER_TRANSPORT = "gtr_api.broker:RedisTransport"
    # A message not acknowledged within this many seconds (its worker died) is delivered again.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": int(os.environ.get("GTR_REDIS_VISIBILITY_TIMEOUT", "3600")),
        # A dead connection is noticed (a ping on idle connections, timeouts on reads) rather
        # than waited on, after Redis restarts or the network drops.
        "socket_connect_timeout": 2,
        "socket_timeout": 10,
        "retry_on_timeout": True,
        "health_check_interval": 10,
    }
else:
    from gtr_api.broker import transport_options

    CELERY_BROKER_TRANSPORT_OPTIONS = transport_options(VAR_DIR / "celery", polling_interval=0.1)
# GTR_CELERY_EAGER=1 runs tasks in-process instead (the test suite does, except Celery's tests).
CELERY_TASK_ALWAYS_EAGER = os.environ.get("GTR_CELERY_EAGER", "0") == "1"
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker waits for a broker that is away for as long as it is away (Celery's default gives up
# after 100 tries, and the worker exits), and reconnects when it comes back.
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# A task running when the connection was lost cannot be acknowledged on it: it is cancelled and
# delivered again (every task here is idempotent).
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
# Publishing (after a commit, from a web request or a task) tries briefly, then gives up; the
# caller logs it and the beat sweep catches up (docs/async.md).
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# The periodic sweep: overdue deadlines and automatic moves whose task was lost (games.tasks).
GTR_SWEEP_SECONDS = float(os.environ.get("GTR_SWEEP_SECONDS", "60"))
GTR_SWEEP_GRACE_SECONDS = float(os.environ.get("GTR_SWEEP_GRACE_SECONDS", "30"))
# Each worker writes a heartbeat this often (games.live.health); the health check calls a worker
# down when its heartbeat is three times as old.
GTR_HEARTBEAT_SECONDS = float(os.environ.get("GTR_HEARTBEAT_SECONDS", "10"))
CELERY_BEAT_SCHEDULE = {
    "sweep": {"task": "games.tasks.sweep", "schedule": GTR_SWEEP_SECONDS},
    # E-mail (players.mail.tasks): reminders that are due, mails whose task was lost; the digest.
    "mail-sweep": {"task": "players.mails_sweep", "schedule": GTR_SWEEP_SECONDS},
    "mail-digest": {
        "task": "players.send_digests",
        "schedule": crontab(minute=0, hour=GTR_MAIL_DIGEST_HOUR),
    },
    "mail-prune": {"task": "players.prune_mail_records", "schedule": crontab(minute=30, hour=3)},
    # Webhook deliveries whose retry is due and whose task was lost or held back.
    "webhooks": {"task": "games.tasks.webhooks_sweep", "schedule": GTR_SWEEP_SECONDS},
}
# A deadline task is never held longer than this (Redis would deliver it again): further
# deadlines are reached in hops.
GTR_DEADLINE_HORIZON_SECONDS = float(os.environ.get("GTR_DEADLINE_HORIZON_SECONDS", "1800"))
# After this many timeouts in a row a bot stands in for the seat until the player returns.
GTR_TIMEOUTS_BEFORE_BOT = int(os.environ.get("GTR_TIMEOUTS_BEFORE_BOT", "3"))
# A bot's move (games.tasks.play_automatic_turn) runs within this soft time limit (seconds; the
# worker kills it GTR_BOT_HARD_MARGIN later): past it, the greedy bot makes the move instead.
# Searching bots think for their level's time, at most GTR_BOT_THINK_SECONDS when set.
GTR_BOT_SOFT_TIME_LIMIT = float(os.environ.get("GTR_BOT_SOFT_TIME_LIMIT", "30"))
GTR_BOT_HARD_MARGIN = float(os.environ.get("GTR_BOT_HARD_MARGIN", "15"))
GTR_BOT_THINK_SECONDS = (
    float(os.environ["GTR_BOT_THINK_SECONDS"]) if os.environ.get("GTR_BOT_THINK_SECONDS") else None
)

# Live events (docs/events.md). The event hub fans events out to streams and long polls: Redis
# pub/sub when REDIS_URL is set; otherwise each web process reads new events from the database
# every GTR_HUB_POLL_SECONDS (one query for all its subscribers).
GTR_HUB_POLL_SECONDS = float(os.environ.get("GTR_HUB_POLL_SECONDS", "0.2"))
GTR_HUB_READY_SECONDS = 5.0  # a new subscriber waits this long at most for the hub's listener
GTR_HUB_LINGER_SECONDS = 30.0  # the listener stops after this long without subscribers
# Event streams send a comment this often, so proxies and clients see a live connection.
GTR_STREAM_KEEPALIVE_SECONDS = float(os.environ.get("GTR_STREAM_KEEPALIVE_SECONDS", "15"))
GTR_STREAM_RETRY_MS = 3000  # the SSE `retry:` a client waits before reconnecting
# Webhooks (docs/events.md): attempts per event, the first retry's delay (then x3 each time,
# at most an hour), consecutive failures that disable a hook, the timeout of one request.
GTR_WEBHOOK_ATTEMPTS = int(os.environ.get("GTR_WEBHOOK_ATTEMPTS", "8"))
GTR_WEBHOOK_RETRY_SECONDS = float(os.environ.get("GTR_WEBHOOK_RETRY_SECONDS", "10"))
GTR_WEBHOOK_DISABLE_AFTER = int(os.environ.get("GTR_WEBHOOK_DISABLE_AFTER", "20"))
GTR_WEBHOOK_TIMEOUT_SECONDS = float(os.environ.get("GTR_WEBHOOK_TIMEOUT_SECONDS", "10"))
# Only for tests and trusted networks: let webhooks use plain http and reach private, loopback
# and link-local addresses (refused otherwise: SSRF).
GTR_WEBHOOKS_ALLOW_PRIVATE = os.environ.get("GTR_WEBHOOKS_ALLOW_PRIVATE", "0") == "1"

SPECTACULAR_SETTINGS = {
    "TITLE": "Glory to Rome game server",
    "DESCRIPTION": "A REST game-state API for Glory to Rome (Black Box edition).",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and Redoc assets are served by this server (no CDN).
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
        "SurrenderTypeEnum": [("surrender", "surrender")],  # the action's and its event's `type`
    },
    # One component for a shape that requests and responses share (an action is posted back as
    # it is received); request-only defaults do not make fields required in generated clients.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.api.schema.share_request_components",
    ],
}
