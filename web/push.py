"""The service worker of browser notifications, served from the site's root (docs/web.md).

A service worker controls the pages under the folder it is served from, so it is served at
`/sw.js`, not under /static/: its scope is then the whole site. It is a file of this server, so
the Content-Security-Policy's 'self' allows it (worker-src falls back to script-src).
"""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.cache import cache_control


@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    path = finders.find("web/sw.js")
    if not path:
        raise Http404("No service worker.")
    with open(str(path), encoding="utf-8") as f:
        response = HttpResponse(f.read(), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response
