"""GET/PATCH /api/notifications/ (account or seat token); POST /api/notifications/unsubscribe/."""

from __future__ import annotations

import re
from unittest import mock

from django.core import mail
from rest_framework.test import APIClient

from games.models import Game
from players.mail import notify, preferences
from players.mail import texts as texts
from tests.conftest import signup
from tests.players.conftest import ADDRESSES, Table, deliver

DEFAULTS = {"your_turn": True, "reminder": True, "final": True, "digest": False, "language": None}


def test_an_account_reads_and_changes_its_preferences(transactional_db) -> None:
    ann = signup("ann")
    from django.contrib.auth import get_user_model

    get_user_model().objects.filter(username="ann").update(email="Ann@Example.org")
    r = ann.get("/api/notifications/")
    assert r.status_code == 200
    assert r.json() == {"address": "ann@example.org", **DEFAULTS, "unsubscribed": False}
    r = ann.client.patch("/api/notifications/", {"digest": True, "final": False}, format="json")
    assert r.status_code == 200 and r.json()["digest"] and not r.json()["final"]
    assert preferences.preferences_get("ann@example.org").digest
    r = ann.client.patch("/api/notifications/", {"digest": "maybe"}, format="json")
    assert r.status_code == 400


def test_without_an_address_or_credentials(transactional_db) -> None:
    bob = signup("bob")
    r = bob.get("/api/notifications/")
    assert r.status_code == 409 and r.json()["code"] == "no_address"
    assert APIClient().get("/api/notifications/").status_code == 401


def test_a_mail_token_of_an_account_seat_cannot_manage_the_accounts_mail(table: Table) -> None:
    """A seat or mail token acts for its seat in its game and nothing else: the preferences of an
    account's address are the account's."""
    token = re.search(r"Authorization: Seat (\S+)", mail.outbox[0].body).group(1)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Seat {token}")
    r = client.patch("/api/notifications/", {"reminder": False}, format="json")
    assert r.status_code == 403 and r.json()["code"] == "seat_token_scope"
    assert preferences.preferences_get(ADDRESSES[table.to_act]).reminder


def test_an_invited_seats_token_manages_its_address(transactional_db, django_user_model) -> None:
    from games.services.lobby import SeatSpec, game_create

    host = django_user_model.objects.create_user("host", password="x")
    game_create(
        user=host,
        version="republic",
        players=2,
        seats=[SeatSpec("me"), SeatSpec("invited", email="Guest@Example.org")],
    )
    (invitation,) = [m for m in mail.outbox if "invited" in m.subject]
    token = re.search(r"Authorization: Seat (\S+)", invitation.body).group(1)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Seat {token}")
    r = client.patch("/api/notifications/", {"reminder": False}, format="json")
    assert r.status_code == 200 and r.json()["address"] == "guest@example.org"
    assert not preferences.preferences_get("guest@example.org").reminder


def test_unsubscribe_through_the_api(table: Table) -> None:
    address = ADDRESSES[table.to_act]
    client = APIClient()
    r = client.post("/api/notifications/unsubscribe/", {"token": "nope"}, format="json")
    assert r.status_code == 422 and r.json()["code"] == "bad_token"
    token = texts.unsubscribe_token(address)
    r = client.post("/api/notifications/unsubscribe/", {"token": token}, format="json")
    assert r.status_code == 200 and r.json()["unsubscribed"]
    assert not preferences.wants(address, "final")


def test_a_deadline_schedules_a_named_reminder(table: Table, settings) -> None:
    """Within the deadline horizon a named task waits for the reminder; beyond it nothing is
    held by the broker (the beat sweep sends the reminder when due)."""
    import datetime as dt

    from django.utils import timezone

    from players.mail import tasks

    settings.GTR_DEADLINE_HORIZON_SECONDS = 1800
    for hours, scheduled_calls in ((5, 0), (2 / 3, 1)):
        deadline = timezone.now() + dt.timedelta(hours=hours)
        Game.objects.filter(pk=table.game_id).update(deadline=deadline)
        with mock.patch.object(tasks.remind, "apply_async") as scheduled:
            deliver(table.game_id, 0, to_act=table.to_act, deadline=deadline)
        assert len(scheduled.call_args_list) == scheduled_calls
    (call,) = scheduled.call_args_list
    assert call.args == ((table.game_id, 0, table.to_act),)
    assert call.kwargs["task_id"] == f"remind-{table.game_id}-0-{table.to_act}"
    assert deadline - dt.timedelta(minutes=21) <= call.kwargs["eta"] <= deadline


def test_the_admin_lists_the_mail_records(table: Table, admin_client) -> None:
    for name in ("mailpreference", "sentnotification", "inboundmail"):
        r = admin_client.get(f"/admin/players/{name}/")
        assert r.status_code == 200, name
    assert admin_client.get("/admin/players/sentnotification/add/").status_code == 403


def test_old_mail_records_are_pruned(table: Table) -> None:
    import datetime as dt

    from django.utils import timezone

    from players.models import SentNotification

    assert SentNotification.objects.count() == 1  # the first turn mail
    assert notify.records_prune() == 0
    old = timezone.now() - dt.timedelta(days=31)
    SentNotification.objects.update(created=old)
    assert notify.records_prune() == 1 and not SentNotification.objects.exists()
