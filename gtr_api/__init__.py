"""The Django project: settings, URLs, WSGI/ASGI entry points."""
