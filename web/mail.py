"""The turn mail's HTML.

The web client's own template (web/_table.html) draws the table. The card faces are attached
inline by Content-ID. The mail lists the moves with their reply codes, and links into the web
client. `web.apps` registers it with `players.mail.notify.HTML_RENDERERS`.
"""

from __future__ import annotations

import functools
from email.mime.image import MIMEImage
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.template.loader import render_to_string

from players.mail import texts
from players.mail.notify import Rendering

from . import cards
from .table import mail_src, table_context


@functools.lru_cache(maxsize=1)
def mail_css() -> str:
    """Returns the web client's stylesheet. HTML mails inline it for the same look."""
    path = finders.find("web/site.css")
    return Path(str(path)).read_text(encoding="utf-8") if path else ""


def with_table(r: Rendering) -> EmailMessage:
    d, message = r.decision, r.message
    context = table_context(d.game, d.seat, src=mail_src, for_mail=True)
    codes = texts.moves_words(d.state, d.view, context["names"])
    limit = settings.GTR_MAIL_MAX_MOVES
    context.update(
        subject=message.subject,
        intro=r.intro,
        play_url=r.link,
        css=mail_css(),
        moves=codes[:limit],
        more=max(0, len(codes) - limit),
        unsubscribe_url=texts.unsubscribe_url(message.to[0]),
    )
    rich = EmailMultiAlternatives(
        subject=message.subject,
        body=message.body,
        from_email=message.from_email,
        to=message.to,
        reply_to=message.reply_to,
        headers=message.extra_headers,
    )
    rich.attach_alternative(render_to_string("web/mail/turn.html", context), "text/html")
    rich.mixed_subtype = "related"
    for slug in sorted(context["pictures"].used):
        image = MIMEImage(cards.png(slug), "png")
        image.add_header("Content-ID", f"<card-{slug}>")
        image.add_header("Content-Disposition", "inline", filename=f"{slug}.png")
        rich.attach(image)
    return rich
