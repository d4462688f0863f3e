"""The Content-Security-Policy's exceptions, and the middleware that sends it (docs/deploy.md,
Security headers).

settings.CONTENT_SECURITY_POLICY is the policy of every response: scripts, styles, images and
fetches from this origin only, no inline script or style, no plugin, no <base>, no framing. The
web client needs nothing more (web/: no inline script, no style attribute).

Pages of other projects need a little more, and get it here, each named:

- the API docs (drf-spectacular's Swagger UI and ReDoc, from drf-spectacular-sidecar's files
  on this server): their own policies, by django-csp's decorators in gtr_api/urls.py;
- DRF's browsable API and its log-in page: inline styles (their templates have style
  attributes, and a <style> for code), never inline scripts.
"""

from __future__ import annotations

from typing import Any

from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from csp.middleware import CSPMiddleware as BaseCSPMiddleware
from csp.middleware import PolicyParts
from django.http import HttpRequest, HttpResponseBase
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerSplitView
from rest_framework.renderers import BrowsableAPIRenderer

# Swagger UI: its stylesheet draws icons from data: URIs. Its script is a file (the split view's
# `?script`), so script-src stays 'self'.
SWAGGER_UI = {"img-src": ["data:"]}
# ReDoc: styled-components writes <style> elements as it draws, the search runs in a worker
# made from a blob: URL, its icons are data: URIs, and its "API docs by Redocly" logo comes from
# Redocly's site (no Referer goes with it: SECURE_REFERRER_POLICY). Scripts stay 'self'.
REDOC = {
    "style-src": [UNSAFE_INLINE],
    "worker-src": ["blob:"],
    "img-src": ["data:", "https://cdn.redoc.ly"],
}
# DRF's own pages: inline styles only.
DRF_PAGES = {"style-src": [UNSAFE_INLINE]}

swagger_ui_policy = csp_update(SWAGGER_UI)
redoc_policy = csp_update(REDOC)


class SwaggerView(SpectacularSwaggerSplitView):
    """Swagger UI with no inline script: the page loads its set-up script from `?script`. The
    template (web/api/swagger_ui.html) has no inline style either."""

    template_name = "web/api/swagger_ui.html"


class RedocView(SpectacularRedocView):
    """ReDoc without Google's fonts and inline style (web/api/redoc.html)."""

    template_name = "web/api/redoc.html"


def drf_page(request: HttpRequest, response: HttpResponseBase) -> bool:
    """Whether the response is a page of DRF's: the browsable API, or its log-in page."""
    if isinstance(getattr(response, "accepted_renderer", None), BrowsableAPIRenderer):
        return True
    match = getattr(request, "resolver_match", None)
    return match is not None and match.namespace == "rest_framework"


class CSPMiddleware(BaseCSPMiddleware):
    """django-csp's middleware, with DRF's pages' inline styles allowed, and no thread hop.

    Django runs a synchronous middleware's hooks in a thread under ASGI, twice per request.
    These two only read settings and write a header. So they run in the event loop here.
    """

    async def __acall__(self, request: HttpRequest) -> Any:
        self.process_request(request)
        response = await self.get_response(request)  # type: ignore[misc]
        return self.process_response(request, response)

    def get_policy_parts(
        self, request: HttpRequest, response: HttpResponseBase, report_only: bool = False
    ) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        if not report_only and parts.update is None and drf_page(request, response):
            parts.update = DRF_PAGES
        return parts
