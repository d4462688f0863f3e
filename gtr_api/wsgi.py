"""The WSGI application (`manage.py runserver` and WSGI servers; production serves
gtr_api.asgi)."""

import os

from django.core.wsgi import get_wsgi_application

from gtr_api.settle import settle

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gtr_api.settings")
application = get_wsgi_application()
settle()  # start-up's objects out of the garbage collector's sight (gtr_api/settle.py)
