from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "web"
    verbose_name = "Web client"

    def ready(self) -> None:
        # The turn mails draw the table as the page does, with one renderer (docs/web.md).
        from players.mail import notify

        from .mail import with_table

        if with_table not in notify.HTML_RENDERERS:
            notify.HTML_RENDERERS.append(with_table)
