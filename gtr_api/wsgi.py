"""The WSGI application, for `manage.py runserver` and WSGI servers.

Production serves gtr_api.asgi instead.
"""

import os

from django.core.wsgi import get_wsgi_application

from gtr_api.settle import settle

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gtr_api.settings")
application = get_wsgi_application()
settle()  # Hides start-up's objects from the garbage collector (gtr_api/settle.py).
