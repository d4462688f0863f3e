from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "web"
    verbose_name = "Web client"

    def ready(self) -> None:
        # The HTML mails: the turn mails draw the table as the page does (docs/web.md).
        from players.mail import notify

        from .mail import digest, final_scores, with_table

        if with_table not in notify.HTML_RENDERERS:
            notify.HTML_RENDERERS.append(with_table)
        if final_scores not in notify.FINAL_RENDERERS:
            notify.FINAL_RENDERERS.append(final_scores)
        if digest not in notify.DIGEST_RENDERERS:
            notify.DIGEST_RENDERERS.append(digest)
