"""The web client's challenges, seeks and rematch (docs/community.md, docs/web.md): small forms
posted from the lobby and a finished game's page, each calling one service and coming back with
a message."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from engine.errors import GameError
from games.models import Game
from games.read import selectors
from games.services import challenges, rematch, seeks
from games.services.clocks import ClockSpec

from .views import viewer_seat

# The paces the lobby's forms offer (the API takes any clock).
PACES = {
    "none": ClockSpec(),
    "day": ClockSpec("fixed", 86400),
    "three_days": ClockSpec("fixed", 3 * 86400),
}


def _done(request: HttpRequest, call: Callable[[], Any], message: str, to: str) -> HttpResponse:
    try:
        call()
    except GameError as exc:
        messages.error(request, exc.detail)
    else:
        messages.success(request, message)
    return redirect(to)


def _number(raw: str | None, default: int, low: int, high: int) -> int:
    value = int(raw) if raw and raw.isdigit() else default
    return min(max(value, low), high)


def _rating(raw: str | None) -> int | None:
    """A seek's bound on the ratings it accepts (docs/ratings.md); empty: none."""
    return _number(raw, 0, 0, 10_000) if raw else None


def _terms(post: Any) -> dict[str, Any]:
    version = post.get("version", "republic")
    return {
        "version": version if version in Game.Version.values else "republic",
        "clock": PACES.get(post.get("pace", "none"), ClockSpec()),
    }


def _login(request: HttpRequest) -> HttpResponse | None:
    if request.user.is_authenticated:
        return None
    return redirect(f"{reverse('web:login')}?next={reverse('web:lobby')}")


@require_POST
def challenge_send(request: HttpRequest) -> HttpResponse:
    if (refused := _login(request)) is not None:
        return refused
    post = request.POST
    fill = post.get("fill", "open")

    def send() -> None:
        challenges.challenge_create(
            user=request.user,
            to=post.get("to", "").strip(),
            players=_number(post.get("players"), 2, 2, 5),
            fill=fill if fill in challenges.FILLS else "open",
            **_terms(post),
        )

    return _done(request, send, _("Your challenge was sent."), "web:lobby")


@require_POST
def challenge_answer(request: HttpRequest, challenge_id: int, answer: str) -> HttpResponse:
    if (refused := _login(request)) is not None:
        return refused
    user, reason = request.user, request.POST.get("reason", "generic")
    if reason not in challenges.DECLINE_REASONS:
        reason = "generic"
    if answer == "accept":
        taken: list[Any] = []

        def accept() -> None:
            taken.append(challenges.challenge_accept(user=user, challenge_id=challenge_id))

        response = _done(request, accept, _("Challenge accepted: the game is on."), "web:lobby")
        return redirect("web:game", game_id=taken[0].game_id) if taken else response
    if answer == "decline":
        return _done(
            request,
            lambda: challenges.challenge_decline(
                user=user, challenge_id=challenge_id, reason=reason
            ),
            _("Challenge declined."),
            "web:lobby",
        )
    return _done(
        request,
        lambda: challenges.challenge_withdraw(user=user, challenge_id=challenge_id),
        _("Challenge withdrawn."),
        "web:lobby",
    )


@require_POST
def seek_post(request: HttpRequest) -> HttpResponse:
    if (refused := _login(request)) is not None:
        return refused
    post = request.POST
    low = _number(post.get("players_min"), 2, 2, 5)
    wait = post.get("bots_after", "")

    def seek() -> Any:
        return seeks.seek_create(
            user=request.user,
            players_min=low,
            players_max=_number(post.get("players_max"), low, 2, 5),
            bots_after=_number(wait, 0, 0, 1440) if wait else None,
            rated=bool(post.get("rated")),
            rating_min=_rating(post.get("rating_min")),
            rating_max=_rating(post.get("rating_max")),
            **_terms(post),
        )

    return _seated(request, seek, _("Your seek is posted: you will be seated when it matches."))


def _seated(request: HttpRequest, call: Callable[[], Any], waiting: str) -> HttpResponse:
    """Runs a seek or a join; to the table when it was seated at once, else back to the lobby."""
    try:
        seek = call()
    except GameError as exc:
        messages.error(request, exc.detail)
        return redirect("web:lobby")
    if seek.game_id is not None:
        messages.success(request, _("You are seated: good game!"))
        return redirect("web:game", game_id=seek.game_id)
    messages.success(request, waiting)
    return redirect("web:lobby")


@require_POST
def seek_join(request: HttpRequest, seek_id: int) -> HttpResponse:
    if (refused := _login(request)) is not None:
        return refused
    return _seated(
        request,
        lambda: seeks.seek_join(user=request.user, seek_id=seek_id),
        _("You joined the seek: you will be seated when enough players join."),
    )


@require_POST
def seek_cancel(request: HttpRequest, seek_id: int) -> HttpResponse:
    if (refused := _login(request)) is not None:
        return refused
    call = lambda: seeks.seek_cancel(user=request.user, seek_id=seek_id)  # noqa: E731
    return _done(request, call, _("Your seek was cancelled."), "web:lobby")


@require_POST
def rematch_answer(request: HttpRequest, game_id: int, answer: str) -> HttpResponse:
    """Offer, accept or decline a rematch at a finished game's page."""
    seat = viewer_seat(request, selectors.game_get(game_id, with_state=False))
    if seat is None:
        messages.error(request, _("You have no seat at this game."))
        return redirect("web:game", game_id=game_id)
    try:
        if answer == "offer":
            offer = rematch.rematch_offer(game_id=game_id, position=seat.position)
        else:
            accept = answer == "accept"
            offer = rematch.rematch_answer(game_id=game_id, position=seat.position, accept=accept)
    except GameError as exc:
        messages.error(request, exc.detail)
        return redirect("web:game", game_id=game_id)
    if offer.next_game_id is not None:
        return redirect("web:game", game_id=offer.next_game_id)
    return redirect("web:game", game_id=game_id)
