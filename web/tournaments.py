"""The tournaments' pages: the list, and a tournament's standings and rounds with a join or
withdraw button (docs/web.md, Tournaments; docs/tournaments.md). The pages show what
`GET /api/tournaments/` and `GET /api/tournaments/{id}/` answer; the buttons call the same
services as their POSTs."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from engine.errors import GameError
from games.errors import NotFound
from games.models import Game
from tournaments.api.io import tournament_detail, tournament_view
from tournaments.models import Tournament
from tournaments.services import entries


def _labels(row: dict[str, object]) -> dict[str, object]:
    versions = {str(v): str(label) for v, label in Game.Version.choices}
    formats = {"swiss": _("Swiss"), "round_robin": _("round-robin")}
    statuses = {
        "open": _("Taking entries"),
        "running": _("Under way"),
        "finished": _("Finished"),
        "cancelled": _("Cancelled"),
    }
    row["version_label"] = versions.get(str(row["version"]), row["version"])
    row["format_label"] = formats.get(str(row["format"]), row["format"])
    row["status_label"] = statuses.get(str(row["status"]), row["status"])
    return row


def tournaments_page(request: HttpRequest) -> HttpResponse:
    rows = Tournament.objects.order_by("-starts", "-id")[:50]
    listed = [_labels(tournament_view(t, request.user)) for t in rows]
    return render(request, "web/tournaments.html", {"tournaments": listed})


def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    try:
        found = entries.tournament_get(tournament_id)
    except NotFound:
        raise Http404(tournament_id) from None
    detail = _labels(tournament_detail(found, request.user))
    return render(request, "web/tournament.html", {"t": detail})


@require_POST
def tournament_entry(request: HttpRequest, tournament_id: int, action: str) -> HttpResponse:
    """Join (`join`) or withdraw (`withdraw`), then back to the tournament's page."""
    if not request.user.is_authenticated:
        return redirect(f"/login/?next=/tournaments/{tournament_id}/")
    try:
        if action == "join":
            entries.entry_join(user=request.user, tournament_id=tournament_id)
            messages.success(request, _("You have entered the tournament."))
        elif action == "withdraw":
            entries.entry_withdraw(user=request.user, tournament_id=tournament_id)
            messages.success(request, _("You have withdrawn from the tournament."))
        else:
            raise Http404(action)
    except GameError as exc:
        messages.error(request, exc.detail)
    return redirect("web:tournament", tournament_id=tournament_id)
