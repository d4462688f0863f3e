"""The account's "Time off" page (docs/web.md, Time off; docs/async.md, Time off).

Its time zone and automatic vacation, this year's vacation days (allowance, spent, left), its
vacations with a cancel button, and a form to take one for dates. It writes through the services
of `PATCH /api/time-off/` and `/api/time-off/vacations/` (games.services.timeoff), so the rules
live in one place; a refusal is shown beside its field, in the reader's words, and nothing
changes.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.errors import GameError
from games import codes
from games.errors import NotFound
from games.models import Vacation
from games.services import timeoff

from .forms import ZONES


class TimeZoneForm(forms.Form):
    time_zone = forms.ChoiceField(
        choices=[(z, z) for z in ZONES],
        label=gettext_lazy("Time zone"),
        help_text=gettext_lazy(
            "Your vacations' dates and the playing hours of games that follow each player's own."
        ),
    )
    auto_vacation = forms.BooleanField(
        required=False,
        label=gettext_lazy("Automatic vacation"),
        help_text=gettext_lazy(
            "When a deadline of yours passes, spend a vacation day instead of timing out, while "
            "days are left."
        ),
    )


class VacationForm(forms.Form):
    start = forms.DateField(
        label=gettext_lazy("First day away"), widget=forms.DateInput(attrs={"type": "date"})
    )
    end = forms.DateField(
        label=gettext_lazy("Last day away"), widget=forms.DateInput(attrs={"type": "date"})
    )

    def __init__(self, *args: Any, today: date, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.today = today
        for field in ("start", "end"):
            self.fields[field].widget.attrs["min"] = today.isoformat()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None
        start, end = data.get("start"), data.get("end")
        if start is not None and start < self.today:
            self.add_error("start", _("That day is past: a vacation starts today or later."))
        if start is not None and end is not None and end < start:
            self.add_error("end", _("The last day comes before the first."))
        return data


# Each refusal of the services, beside its field, in the reader's words (None: the service's).
REFUSALS: dict[str, tuple[str, Any]] = {
    codes.BAD_TIME_ZONE: (
        "time_zone",
        gettext_lazy("That is no time zone: choose one from the list."),
    ),
    codes.VACATION_OVERLAP: (
        "start",
        gettext_lazy("These days overlap a vacation you have: cancel it first, or choose others."),
    ),
    codes.VACATION_ALLOWANCE: ("end", None),
    codes.BAD_VACATION: ("start", None),
}


def refused(form: forms.Form, exc: GameError, **words: Any) -> None:
    field, text = REFUSALS.get(getattr(exc, "code", ""), (None, None))
    form.add_error(field, str(text) % words if text else exc.detail)


def time_off_page(request: HttpRequest) -> HttpResponse:
    """GET shows the account's time off; POST (`do`: zone, take, cancel) changes it."""
    if not request.user.is_authenticated:
        return redirect(f"{reverse('web:login')}?next={reverse('web:time-off')}")
    user = request.user
    availability = timeoff.availability_of(user.pk)
    now = timezone.now()
    today = now.astimezone(ZoneInfo(availability.time_zone)).date()
    post = request.POST if request.method == "POST" else None
    do = request.POST.get("do", "")
    initial = {"time_zone": availability.time_zone, "auto_vacation": availability.auto_vacation}
    zone_form = TimeZoneForm(post if do == "zone" else None, initial=initial)
    vacation_form = VacationForm(post if do == "take" else None, today=today)
    if do == "zone" and zone_form.is_valid() and _save_zone(request, zone_form):
        return redirect("web:time-off")
    if do == "take" and vacation_form.is_valid() and _take(request, vacation_form, availability):
        return redirect("web:time-off")
    if do == "cancel":
        _cancel(request)
        return redirect("web:time-off")
    context = _context(availability, now, zone_form, vacation_form)
    return render(request, "web/time_off.html", context, status=400 if post else 200)


def _save_zone(request: HttpRequest, form: TimeZoneForm) -> bool:
    try:
        timeoff.availability_update(user=request.user, **form.cleaned_data)
    except GameError as exc:
        refused(form, exc)
        return False
    messages.success(request, _("Your time zone and automatic vacation are saved."))
    return True


def _take(request: HttpRequest, form: VacationForm, availability: Any) -> bool:
    start, end = form.cleaned_data["start"], form.cleaned_data["end"]
    try:
        timeoff.vacation_take(user=request.user, start=start, end=end)
    except GameError as exc:
        if getattr(exc, "code", "") == codes.VACATION_ALLOWANCE:
            year = timeoff.allowance_of(availability, start.year)
            days = (end - start).days + 1
            form.add_error(
                "end",
                _("%(days)s days asked, but %(left)s of %(all)s are left in %(year)s.")
                % {"days": days, "left": year.left, "all": year.days, "year": start.year},
            )
        else:
            refused(form, exc)
        return False
    messages.success(request, _("Your vacation is taken: your clocks wait on those days."))
    return True


def _cancel(request: HttpRequest) -> None:
    raw = request.POST.get("vacation", "")
    try:
        if not raw.isdigit():
            raise NotFound("You have no such vacation.")
        timeoff.vacation_cancel(user=request.user, vacation_id=int(raw))
    except GameError as exc:
        messages.error(request, exc.detail)
    else:
        messages.success(request, _("The vacation is cancelled; its unused days are yours again."))


def _context(
    availability: Any, now: datetime, zone_form: Any, vacation_form: Any
) -> dict[str, Any]:
    zone = ZoneInfo(availability.time_zone)
    year = timeoff.allowance_of(availability, timeoff.local_year(availability, now))
    vacations = [_row(v, zone, now) for v in timeoff.vacations_of(availability, year.year)]
    return {
        "zone_form": zone_form,
        "vacation_form": vacation_form,
        "year": year,
        "vacations": vacations,
        "away": next((row for row in vacations if row["now"]), None),
        "time_zone": availability.time_zone,
    }


def _row(vacation: Vacation, zone: ZoneInfo, now: datetime) -> dict[str, Any]:
    """A vacation as the page lists it: local dates (the last day included) when it runs from
    midnight to midnight, else local times, as an automatic one does."""
    starts, ends = vacation.starts.astimezone(zone), vacation.ends.astimezone(zone)
    whole = ends.time() == time() and (starts.time() == time() or vacation.starts <= now)
    return {
        "id": vacation.pk,
        "since": f"{starts:%Y-%m-%d}" if whole else f"{starts:%Y-%m-%d %H:%M}",
        "until": f"{(ends - timedelta(days=1)):%Y-%m-%d}" if whole else f"{ends:%Y-%m-%d %H:%M}",
        "days": vacation.days,
        "automatic": vacation.automatic,
        "now": vacation.starts <= now < vacation.ends,
        "over": vacation.ends <= now,
    }
