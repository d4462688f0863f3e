"""A player's profile page, and blocking or reporting them from it (docs/web.md, Profiles).

The page shows what `GET /api/players/{username}/` answers (players.profiles), in words; the
forms call the same services as `POST /api/blocks/` and `POST /api/reports/`.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from engine.errors import GameError
from games.errors import NotFound
from games.models import Family, Game, Report
from games.read import people
from games.services import blocks, moderation
from players.profiles.selectors import profile_of

NONE = "\u2013"  # an en dash: no figure yet


class ReportForm(forms.Form):
    reason = forms.ChoiceField(choices=Report.Reason.choices, label=gettext_lazy("Why"))
    text = forms.CharField(
        required=False,
        max_length=moderation.REPORT_TEXT_LIMIT,
        widget=forms.Textarea(attrs={"rows": 3}),
        label=gettext_lazy("What staff should know"),
    )


def duration_words(seconds: float | None) -> str:
    """'40 s', '5 min', '3 h 10 min', '2 days': a time to move, as a person reads it."""
    if seconds is None:
        return NONE
    s = round(seconds)
    if s < 60:
        return _("%(n)s s") % {"n": s}
    if s < 3600:
        return _("%(n)s min") % {"n": s // 60}
    if s < 86400:
        return _("%(h)s h %(m)s min") % {"h": s // 3600, "m": s % 3600 // 60}
    days = s // 86400
    return ngettext("%(n)s day", "%(n)s days", days) % {"n": days}


def _account(username: str) -> Any:
    try:
        return people.account_named(username)
    except NotFound:
        raise Http404(username) from None


def _versions() -> dict[str, str]:
    return {str(v): str(label) for v, label in Game.Version.choices}


def profile_page(request: HttpRequest, username: str) -> HttpResponse:
    user = _account(username)
    profile = profile_of(user, request.user)
    versions = _versions()
    for row in [*profile["rulesets"], *profile["results"], *profile["current"]]:
        row["version_label"] = versions.get(row["version"], row["version"])
    families = {str(f): str(label) for f, label in Family.choices}
    for row in profile["ratings"]:
        row["family_label"] = families.get(row["family"], row["family"])
    for row in profile["current"]:
        row["to_act_name"] = next(
            (s["player"] for s in row["seats"] if s["position"] == row["to_act"]), None
        )
    reliability = profile["reliability"]
    context = {
        "profile": profile,
        "median": duration_words(reliability["median_seconds_to_move"]),
        "timeout_share": _share(reliability["timeouts"], reliability["decisions"]),
        "form": ReportForm(),
        "reasons": Report.Reason.choices,
    }
    return render(request, "web/profile.html", context)


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else NONE


def _signed_in(request: HttpRequest, username: str) -> HttpResponse | None:
    if request.user.is_authenticated:
        return None
    return redirect(f"/login/?next=/players/{username}/")


@require_POST
def profile_block(request: HttpRequest, username: str) -> HttpResponse:
    """Block the player, or lift the block (`lift` in the form)."""
    refused = _signed_in(request, username)
    if refused is not None:
        return refused
    other = _account(username)
    try:
        if request.POST.get("lift"):
            blocks.block_remove(user=request.user, blocked=other)
            messages.success(request, _("You no longer block %(name)s.") % {"name": username})
        else:
            blocks.block_add(user=request.user, blocked=other)
            messages.success(request, _("You block %(name)s.") % {"name": username})
    except GameError as exc:
        messages.error(request, exc.detail)
    return redirect("web:profile", username=username)


@require_POST
def profile_report(request: HttpRequest, username: str) -> HttpResponse:
    refused = _signed_in(request, username)
    if refused is not None:
        return refused
    other = _account(username)
    form = ReportForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why you report this player."))
        return redirect("web:profile", username=username)
    try:
        moderation.report_file(
            reporter=request.user,
            reason=form.cleaned_data["reason"],
            text=form.cleaned_data["text"],
            player=other,
        )
        messages.success(request, _("Thank you: staff will look at your report."))
    except GameError as exc:
        messages.error(request, exc.detail)
    return redirect("web:profile", username=username)
