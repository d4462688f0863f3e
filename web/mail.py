"""The HTML mails: your turn, the reminder, the final scores and the daily digest.

The turn and reminder mails draw the table with the web client's own template
(web/_table.html), the card faces attached inline by Content-ID; the final scores draw the last
table with its scores; the digest lists each game waiting with its moves. Every link goes to a
page a person can use: the seat's game page (`/play/<token>/`) and the mail preferences page.

Mail clients drop what a page may rely on: Gmail and Outlook ignore CSS custom properties and,
often, `<style>` blocks. So the styles are inlined into each element by css-inline, with the
custom properties resolved to their values, and no `<style>` is left (docs/email.md).
`web.apps` registers these renderers with `players.mail.notify`.
"""

from __future__ import annotations

import functools
import re
from email.mime.image import MIMEImage
from pathlib import Path
from typing import Any

import css_inline
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils.translation import get_language

from players.mail import notify, texts
from players.mail.chat import chat_lines
from players.mail.notify import DigestRendering, FinalRendering, Rendering

from . import cards
from .table import mail_src, table_context

CUSTOM_PROPERTY = re.compile(r"--([\w-]+)\s*:\s*([^;}]+)")
VAR = re.compile(r"var\(\s*--([\w-]+)\s*(?:,\s*([^)]*))?\)")


def _static(name: str) -> str:
    path = finders.find(name)
    return Path(str(path)).read_text(encoding="utf-8") if path else ""


def resolved(css: str) -> str:
    """Returns `css` with every `var(--name)` replaced by the value its `:root` gives it.

    Mail clients that drop custom properties then still see the colours.
    """
    values = {m.group(1): m.group(2).strip() for m in CUSTOM_PROPERTY.finditer(css)}

    def value(match: re.Match[str]) -> str:
        return values.get(match.group(1), (match.group(2) or "").strip() or "inherit")

    for _ in range(3):  # a property may name another
        css = VAR.sub(value, css)
    return css


@functools.lru_cache(maxsize=1)
def mail_css() -> str:
    """The web client's stylesheet, custom properties resolved, then the mails' own rules."""
    return resolved(_static("web/site.css")) + "\n" + _static("web/mail.css")


@functools.lru_cache(maxsize=1)
def inliner() -> css_inline.CSSInliner:
    return css_inline.CSSInliner(
        keep_style_tags=False,
        keep_link_tags=False,
        keep_at_rules=False,
        load_remote_stylesheets=False,
        extra_css=mail_css(),
    )


def inlined(html: str) -> str:
    """Returns the mail's HTML with every rule written into the style of the elements it
    applies to, and no `<style>` left (what Gmail and Outlook keep)."""
    return str(inliner().inline(html))


def rich(message: EmailMessage, html: str) -> EmailMultiAlternatives:
    """The plain-text mail with its HTML alternative, headers and all."""
    out = EmailMultiAlternatives(
        subject=message.subject,
        body=message.body,
        from_email=message.from_email,
        to=message.to,
        reply_to=message.reply_to,
        headers=message.extra_headers,
    )
    out.attach_alternative(inlined(html), "text/html")
    return out


def _attach_faces(message: EmailMultiAlternatives, used: set[str]) -> None:
    message.mixed_subtype = "related"
    for slug in sorted(used):
        image = MIMEImage(cards.png(slug), "png")
        image.add_header("Content-ID", f"<card-{slug}>")
        image.add_header("Content-Disposition", "inline", filename=f"{slug}.png")
        message.attach(image)


def _footer(address: str) -> dict[str, Any]:
    return {
        "unsubscribe_url": texts.unsubscribe_url(address),
        "preferences_url": texts.preferences_url(address),
        "language": get_language(),
    }


def with_table(r: Rendering) -> EmailMessage:
    """Your turn and the reminder: the table, the story since your move, the moves' codes."""
    d, message = r.decision, r.message
    context = table_context(d.game, d.seat, src=mail_src, for_mail=True)
    codes = texts.moves_words(d.state, d.view, context["names"])
    limit = settings.GTR_MAIL_MAX_MOVES
    context.update(
        subject=message.subject,
        intro=r.intro,
        play_url=r.link,
        since=[line.words for line in notify.since_last_move(d)],
        chat=chat_lines(d.game.pk, d.seat.position),  # plain text: the template escapes it
        moves=codes[:limit],
        more=max(0, len(codes) - limit),
        **_footer(message.to[0]),
    )
    out = rich(message, render_to_string("web/mail/turn.html", context))
    _attach_faces(out, context["pictures"].used)
    return out


def final_scores(r: FinalRendering) -> EmailMessage:
    """The final scores: the last table as the seat sees it, its scores on top."""
    context = table_context(r.game, r.seat, src=mail_src, for_mail=True)
    context.update(
        subject=r.message.subject, intro=r.intro, play_url=r.link, **_footer(r.message.to[0])
    )
    out = rich(r.message, render_to_string("web/mail/final.html", context))
    _attach_faces(out, context["pictures"].used)
    return out


def digest(r: DigestRendering) -> EmailMessage:
    """The daily digest: each game waiting, its question, its moves and where to reply."""
    games = []
    for d in r.decisions:
        names = texts.names_of(d.seats)
        games.append(
            {
                "game": d.game,
                "prompt": notify.decision_prompt(d, names),
                "play_url": notify.play_url(d.seat),
                "reply": texts.reply_address(d.seat, d.game.seq),
                "since": [line.words for line in notify.since_last_move(d)],
                "moves": texts.moves_words(d.state, d.view, names)[: settings.GTR_MAIL_MAX_MOVES],
            }
        )
    context = {
        "subject": r.message.subject,
        "intro": r.intro,
        "games": games,
        **_footer(r.message.to[0]),
    }
    return rich(r.message, render_to_string("web/mail/digest.html", context))
