"""The ASGI application the production server runs (uvicorn; docs/deploy.md): Django, behind
servestatic, which answers for the collected static files (STATIC_ROOT at STATIC_URL, gzipped,
cached) before a request reaches Django. It sits outside Django's middleware so that no
synchronous middleware stands in front of asynchronous views (event streams)."""

import os
from pathlib import Path

from django.conf import settings
from django.core.asgi import get_asgi_application
from servestatic import ServeStaticASGI

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gtr_api.settings")
os.environ.setdefault("GTR_ASGI", "1")  # settings: a request's thread lives only as long as it
django_application = get_asgi_application()
Path(settings.STATIC_ROOT).mkdir(parents=True, exist_ok=True)  # empty until collectstatic
application = ServeStaticASGI(
    django_application,
    root=settings.STATIC_ROOT,
    prefix=settings.STATIC_URL,
    max_age=int(os.environ.get("GTR_STATIC_MAX_AGE", "3600")),
)
