"""The account's Time off page (web/timeoff.py) through Django's test client: it needs a login;
it shows this year's days, the vacations (automatic ones marked) and takes, cancels and sets
through games.services.timeoff; each refusal (overlap, allowance, a past day, a bad zone) shows
beside its field, in words, and changes nothing."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.models import Availability, Vacation
from games.services import timeoff

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(client: Any, django_user_model: Any) -> Any:
    user = django_user_model.objects.create_user("ann", email="ann@example.org", password="x")
    client.force_login(user)
    client.user = user
    return client


def field(page: str, name: str) -> str:
    """The form row (`<p class="field ...">`) that holds the input `name`."""
    for row in re.findall(r'<p class="field[^"]*">.*?</p>', page, re.S):
        if f'name="{name}"' in row:
            return str(row)
    raise AssertionError(f"no field {name}")


def take(client: Any, start: date, end: date) -> Any:
    return client.post("/time-off/", {"do": "take", "start": start, "end": end})


def today() -> date:
    return timezone.now().date()  # the account's zone is UTC


def test_it_needs_a_login(client: Any) -> None:
    r = client.get("/time-off/")
    assert r.status_code == 302 and r["Location"] == "/login/?next=/time-off/"


def test_it_shows_the_days_and_the_header_links_it(ann: Any) -> None:
    page = ann.get("/time-off/").content.decode()
    assert 'href="/time-off/"' in page  # the header's link
    assert f"Vacation days in {today().year}" in page
    assert "<strong>30</strong> left" in page and "of 30 days a year" in page and "0 spent" in page
    assert "No vacation this year." in page
    assert 'value="UTC" selected' in page


def test_taking_and_cancelling_a_vacation(ann: Any) -> None:
    start = today() + timedelta(days=10)
    r = take(ann, start, start + timedelta(days=4))
    assert r.status_code == 302 and r["Location"] == "/time-off/"
    vacation = Vacation.objects.get()
    assert vacation.days == 5 and not vacation.automatic
    page = ann.get("/time-off/").content.decode()
    assert f"{start} \N{EN DASH} {start + timedelta(days=4)}" in page and "5 days" in page
    assert "<strong>25</strong> left" in page and "5 spent" in page
    r = ann.post("/time-off/", {"do": "cancel", "vacation": vacation.pk}, follow=True)
    assert "The vacation is cancelled" in r.content.decode()
    assert not Vacation.objects.exists()
    assert "<strong>30</strong> left" in r.content.decode()


def test_an_automatic_vacation_is_marked(ann: Any) -> None:
    now = timezone.now()
    Vacation.objects.create(
        user=ann.user,
        starts=now - timedelta(hours=2),
        ends=now + timedelta(hours=22),
        days=1,
        automatic=True,
    )
    page = ann.get("/time-off/").content.decode()
    assert "automatic" in page and "under way" in page and "End it now" in page
    assert "You are on vacation now" in page


def test_refusals_show_beside_their_field_and_change_nothing(ann: Any) -> None:
    start = today() + timedelta(days=3)
    take(ann, start, start + timedelta(days=2))
    # Overlapping days (409 vacation_overlap in the API).
    r = take(ann, start + timedelta(days=1), start + timedelta(days=5))
    assert r.status_code == 400
    assert "overlap a vacation you have" in field(r.content.decode(), "start")
    # More days than are left (422 vacation_allowance).
    far = date(today().year + 1, 2, 1)
    r = take(ann, far, far + timedelta(days=40))
    assert "41 days asked, but 30 of 30 are left in" in field(r.content.decode(), "end")
    # A past day, and an end before the start (422 bad_vacation).
    r = take(ann, today() - timedelta(days=1), today())
    assert "That day is past" in field(r.content.decode(), "start")
    r = take(ann, start + timedelta(days=9), start + timedelta(days=8))
    assert "The last day comes before the first." in field(r.content.decode(), "end")
    assert Vacation.objects.count() == 1
    # No such time zone (422 bad_time_zone).
    r = ann.post("/time-off/", {"do": "zone", "time_zone": "Mars/Olympus", "auto_vacation": "on"})
    assert r.status_code == 400 and "error" in field(r.content.decode(), "time_zone")
    assert timeoff.availability_of(ann.user.pk).time_zone == "UTC"


def test_the_time_zone_and_automatic_vacation_are_saved(ann: Any) -> None:
    r = ann.post("/time-off/", {"do": "zone", "time_zone": "Europe/Warsaw"}, follow=True)
    assert "are saved" in r.content.decode()
    availability = Availability.objects.get(user=ann.user)
    assert availability.time_zone == "Europe/Warsaw" and availability.auto_vacation is False


def test_cancelling_what_is_not_yours_is_told(ann: Any, django_user_model: Any) -> None:
    other = django_user_model.objects.create_user("bo", password="x")
    theirs = timeoff.vacation_take(
        user=other, start=today() + timedelta(days=2), end=today() + timedelta(days=2)
    )
    r = ann.post("/time-off/", {"do": "cancel", "vacation": theirs.pk}, follow=True)
    assert "You have no such vacation." in r.content.decode()
    r = ann.post("/time-off/", {"do": "cancel", "vacation": "x"}, follow=True)
    assert r.status_code == 200 and Vacation.objects.count() == 1


def test_the_mail_preferences_page_links_it(client: Any) -> None:
    from players.mail import texts

    token = texts.unsubscribe_url("ann@example.org").rstrip("/").split("/")[-1]
    page = client.get(f"/mail/preferences/{token}/").content.decode()
    assert 'href="/time-off/"' in page


# The create form's playing hours (web/forms.py, new.html) -----------------------------------------


def create(client: Any, **fields: str) -> Any:
    data = {"version": "republic", "players": "2", "seat0_kind": "me", "seat1_kind": "open"}
    return client.post("/new/", {**data, **fields})


def test_a_game_with_playing_hours_in_each_players_zone_or_the_tables(ann: Any) -> None:
    from games.models import Game

    clock = {"clock": "fixed", "clock_seconds": "86400"}
    r = create(ann, **clock, hours_on="on", hours_start="08:00", hours_end="22:00")
    assert r.status_code == 302, r.content
    game = Game.objects.get()
    assert game.playing_hours == {"start": "08:00", "end": "22:00", "zone": "player"}
    fields = {"hours_zone": "fixed", "hours_fixed_zone": "Europe/Warsaw"}
    r = create(ann, **clock, hours_on="on", hours_start="22:00", hours_end="06:00", **fields)
    assert r.status_code == 302
    game = Game.objects.order_by("-pk").first()
    assert game.playing_hours == {"start": "22:00", "end": "06:00", "zone": "Europe/Warsaw"}
    # Unticked, the hours are not asked for, whatever the fields say.
    assert create(ann, **clock, hours_start="08:00", hours_end="22:00").status_code == 302
    assert Game.objects.order_by("-pk").first().playing_hours is None


def test_bad_playing_hours_show_beside_them_and_create_nothing(ann: Any) -> None:
    from games.models import Game

    page = ann.get("/new/").content.decode()
    assert 'id="playing-hours"' in page and 'name="hours_start"' in page
    r = create(ann, clock="none", hours_on="on", hours_start="08:00", hours_end="22:00")
    assert "Playing hours need a clock" in field(r.content.decode(), "hours_on")
    clock = {"clock": "fixed", "clock_seconds": "3600", "hours_on": "on"}
    r = create(ann, **clock, hours_start="08:00", hours_end="08:00")
    assert "needs an end other than its start" in field(r.content.decode(), "hours_end")
    r = create(ann, **clock, hours_start="8 o'clock", hours_end="22:00")
    assert "error" in field(r.content.decode(), "hours_start")
    assert not Game.objects.exists()


def test_the_services_refusal_of_hours_goes_beside_them(ann: Any, monkeypatch: Any) -> None:
    """A refusal the form did not foresee (422 bad_hours from the service) shows at the hours."""
    from games import codes
    from games.errors import Refused
    from games.services import lobby

    def refuse(**_: Any) -> None:
        raise Refused("Playing hours are local times in whole minutes.", codes.BAD_HOURS)

    monkeypatch.setattr(lobby, "game_create", refuse)
    clock = {"clock": "fixed", "clock_seconds": "3600", "hours_on": "on"}
    r = create(ann, **clock, hours_start="08:00", hours_end="22:00")
    assert "whole minutes" in field(r.content.decode(), "hours_start")


def test_the_page_speaks_polish(ann: Any) -> None:
    ann.cookies["django_language"] = "pl"
    page = ann.get("/time-off/").content.decode()
    assert "Czas wolny" in page and "Weź urlop" in page and "z 30 dni w roku" in page
    r = take(ann, today() - timedelta(days=1), today())
    assert "Ten dzień już minął" in field(r.content.decode(), "start")
