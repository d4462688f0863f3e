"""The inbound-mail webhooks are closed on a default install, and open only for the ESP named
and with credentials (players.mail.webhooks; docs/email.md, Replies). Issue 29, N2: Postmark's
answered 200 to anyone, Mailgun's and Amazon SES's 500."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from players.mail.webhooks import check_inbound

INBOUND = [
    "/anymail/postmark/inbound/",
    "/anymail/mailgun/inbound/",
    "/anymail/mailgun/inbound_mime/",
    "/anymail/amazon_ses/inbound/",
    "/anymail/sendgrid/inbound/",
    "/anymail/postmark/tracking/",
]


@pytest.mark.parametrize("path", INBOUND)
def test_a_default_install_has_no_inbound_webhook(client, path: str) -> None:
    r = client.post(path, {"TextBody": "a1"}, content_type="application/json")
    assert r.status_code == 404 and r.json()["code"] == "not_found"


def test_an_esp_without_credentials_stays_closed_and_is_reported(client, settings) -> None:
    settings.GTR_INBOUND_ESP = "postmark"
    settings.ANYMAIL = {}
    r = client.post(INBOUND[0], {}, content_type="application/json")
    assert r.status_code == 404
    assert [m.id for m in check_inbound()] == ["gtr.E002"]
    with pytest.raises(SystemCheckError, match="ANYMAIL_WEBHOOK_SECRET"):
        call_command("check")


def test_the_named_esp_alone_opens_and_asks_for_its_credentials(client, settings) -> None:
    settings.GTR_INBOUND_ESP = "postmark"
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret"}
    assert check_inbound() == []
    r = client.post(INBOUND[0], {}, content_type="application/json")
    assert r.status_code == 400  # anymail: no credentials
    for other in INBOUND[1:]:
        assert client.post(other, {}, content_type="application/json").status_code == 404


def test_an_unknown_or_unready_esp_is_reported_at_start(settings) -> None:
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret"}
    settings.GTR_INBOUND_ESP = "pigeon"
    assert [m.id for m in check_inbound()] == ["gtr.E001"]
    settings.GTR_INBOUND_ESP = "mailgun"  # its webhook also needs MAILGUN_WEBHOOK_SIGNING_KEY
    (error,) = check_inbound()
    assert error.id == "gtr.E003" and "WEBHOOK_SIGNING_KEY" in error.msg
