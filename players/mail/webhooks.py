"""The inbound-mail webhooks: closed unless an ESP is configured, and then only with credentials.

django-anymail offers an inbound webhook for each ESP it knows. Mounted as they come, they
answered anyone: Postmark's with 200, Mailgun's and Amazon SES's with 500 for want of settings.
Here each answers 404 unless its ESP is the one GTR_INBOUND_ESP names and ANYMAIL_WEBHOOK_SECRET
is set. anymail then refuses a request without those credentials (400). A startup check says what
is missing (docs/email.md, Replies).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from anymail import urls as anymail_urls
from django.conf import settings
from django.core import checks
from django.core.exceptions import ImproperlyConfigured
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import URLPattern
from django.views.decorators.csrf import csrf_exempt

SUFFIX = "_inbound_webhook"


def inbound_views() -> dict[str, URLPattern]:
    """anymail's inbound webhook patterns, by ESP."""
    return {
        str(p.name).removesuffix(SUFFIX): p
        for p in anymail_urls.urlpatterns
        if isinstance(p, URLPattern) and str(p.name).endswith(SUFFIX)
    }


def configured_esp() -> str:
    return str(getattr(settings, "GTR_INBOUND_ESP", "")).strip().lower()


def webhook_secret() -> str:
    return str(settings.ANYMAIL.get("WEBHOOK_SECRET", ""))


def is_open(esp: str) -> bool:
    """Whether the ESP's inbound webhook answers: configured, and with credentials."""
    return esp == configured_esp() and bool(webhook_secret())


def gated(esp: str, view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """`view`, answering 404 while its ESP's webhook is not open (read at each request)."""

    @csrf_exempt
    @wraps(view)
    def gate(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_open(esp):
            raise Http404("No inbound webhook here.")
        return view(request, *args, **kwargs)

    return gate


def urlpatterns() -> list[URLPattern]:
    """The inbound webhooks at anymail's paths (mounted under /anymail/), each gated."""
    return [
        URLPattern(p.pattern, gated(esp, p.callback), p.default_args, p.name)
        for esp, p in inbound_views().items()
    ]


@checks.register()
def check_inbound(**_: Any) -> list[checks.CheckMessage]:
    """A configured ESP must be known, and its webhook must have credentials and settings."""
    esp = configured_esp()
    if not esp:
        return []
    views = inbound_views()
    if esp not in views:
        known = ", ".join(sorted(views))
        return [checks.Error(f"GTR_INBOUND_ESP={esp!r} is not one of: {known}.", id="gtr.E001")]
    if not webhook_secret():
        return [
            checks.Error(
                f"The {esp} inbound webhook needs ANYMAIL_WEBHOOK_SECRET=user:password.",
                hint="docs/email.md, Replies: put the credentials in the ESP's webhook URL.",
                id="gtr.E002",
            )
        ]
    try:
        view_class = views[esp].callback.view_class  # type: ignore[attr-defined]
        view_class()  # its settings are read here: a missing one raises
    except ImproperlyConfigured as exc:
        return [checks.Error(f"The {esp} inbound webhook: {exc}", id="gtr.E003")]
    return []
