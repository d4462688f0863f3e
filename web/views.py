"""The web client's pages, in Rally the Troops' shape.

Server-rendered pages serve signing up, the lobby and creating games. Each game has one page,
whose table the table script keeps current. The pages read through the game selectors. They
write through the same services as the API. The script posts moves, resignations and surrenders
to the public API itself.

Who is looking? A seat token from an invitation or mail link says so first. It is kept in the
session, per game. Else it is the logged-in account's seat, else a spectator.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth.views import LoginView
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_POST

from engine.errors import GameError
from games import codes
from games.models import Game, Seat
from games.read import selectors
from games.services import lobby as lobby_services
from games.services.tokens import seat_for_token
from games.words.cardnames import LANGUAGES
from players.accounts import services as player_services
from players.mail import notify, preferences

from . import cards, learn, lobby
from .forms import GameForm, PeopleLoginForm, SignupForm
from .table import table_context

FIELD_OF_CODE = {codes.WEAK_PASSWORD: "password", codes.USERNAME_TAKEN: "username"}
SESSION_TOKENS = "gtr_seat_tokens"  # {game id: seat token} from invitation and mail links.


class Login(LoginView):
    template_name = "web/login.html"
    redirect_authenticated_user = True
    form_class = PeopleLoginForm


def logout_view(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        logout(request)
    return redirect("web:lobby")


@require_POST
def language_switch(request: HttpRequest) -> HttpResponse:
    """The language switch of every page.

    The choice goes into the language cookie, for this browser. A logged-in person with an
    address also gets it stored in their preferences. That covers their mails, their API views
    and their other browsers. Then it returns to the page the switch was made on.
    """
    chosen = request.POST.get("language", "")
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = reverse("web:lobby")
    response = redirect(back)
    if chosen not in LANGUAGES:
        messages.error(request, _("No such language."))
        return response
    user = request.user
    if user.is_authenticated and user.email:
        preferences.preferences_update(str(user.email), language=chosen)
    translation.activate(chosen)
    response.set_cookie(settings.LANGUAGE_COOKIE_NAME, chosen, max_age=365 * 24 * 3600)
    return response


def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user, _ = player_services.user_signup(**form.cleaned_data)
        except GameError as exc:
            # A refusal of the password or the name goes beside its field (issue 30, L2).
            field = FIELD_OF_CODE.get(getattr(exc, "code", ""))
            form.add_error(field, exc.detail)
        else:
            login(request, user)  # the one backend: players.bots.auth
            return redirect(request.GET.get("next") or "web:lobby")
    return render(request, "web/signup.html", {"form": form})


def lobby_page(request: HttpRequest) -> HttpResponse:
    return render(request, "web/lobby.html", lobby.lobby_context(request.user))


def lobby_lists(request: HttpRequest) -> HttpResponse:
    """Returns the lobby's lists alone. The alerts script swaps them in when the account's
    stream says a game of the visitor's changed (issue 30, W5)."""
    response = render(request, "web/_lobby_lists.html", lobby.lobby_context(request.user))
    response["Cache-Control"] = "no-store"
    return response


def gallery(request: HttpRequest) -> HttpResponse:
    """Every card of a ruleset (`?version=`), the Geek cards apart (issue 30, L8)."""
    context = learn.gallery_context(request.GET.get("version", ""))
    return render(request, "web/gallery.html", context)


def rules(request: HttpRequest) -> HttpResponse:
    """How to play: the game and its turn in short, citing the rulebook's sections."""
    return render(request, "web/rules.html", learn.rules_context())


def game_new(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect(f"{reverse('web:login')}?next={reverse('web:new')}")
    form = GameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = lobby_services.game_create(user=request.user, **form.service_args())
        except GameError as exc:
            # Playing hours refused (422 bad_hours) go beside them; the rest above the form.
            form.add_error("hours_start" if exc.code == codes.BAD_HOURS else None, exc.detail)
        else:
            return redirect("web:game", game_id=game.pk)
    return render(request, "web/new.html", {"form": form})


def viewer_seat(request: HttpRequest, game: Game) -> Seat | None:
    """Returns the visitor's seat at `game`: by a link's seat token, else by account."""
    token = request.session.get(SESSION_TOKENS, {}).get(str(game.pk))
    if token:
        seat = seat_for_token(token)
        if seat is not None and seat.game_id == game.pk:
            return seat
    return selectors.seat_for(game, user=request.user, token_seat=None)


def _game_and_seat(request: HttpRequest, game_id: int) -> tuple[Game, Seat | None]:
    try:
        game = selectors.game_get(game_id)
    except GameError as exc:
        raise Http404(exc.detail) from exc
    return game, viewer_seat(request, game)


def _seen(game: Game, seat: Seat | None) -> None:
    if seat is not None and game.status == Game.Status.ACTIVE:
        notify.visit_record(game.pk, seat.position)


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game, seat = _game_and_seat(request, game_id)
    _seen(game, seat)
    context = table_context(game, seat)
    token = request.session.get(SESSION_TOKENS, {}).get(str(game.pk)) if seat else None
    context.update(
        seat=seat,
        seat_token=token or "",
        seats=lobby.seat_rows(game, seat, request.user),
        can_join=lobby.can_join(game, seat, request.user),
        can_start=lobby.can_start(game, request.user),
        events_url=lobby.events_url(game),
    )
    return render(request, "web/game.html", context)


def table_fragment(request: HttpRequest, game_id: int) -> HttpResponse:
    """Returns the table alone. The table script swaps it in after a change."""
    game, seat = _game_and_seat(request, game_id)
    raw = request.GET.get("seq", "")
    if raw:  # the replay: the table after that move, as the seat saw it then
        if not raw.isdigit() or int(raw) > game.seq or game.status == Game.Status.OPEN:
            raise Http404("No such move.")
        context = table_context(game, seat, replay_seq=int(raw))
        response = render(request, "web/_table.html", context)
        response["Cache-Control"] = "no-store"
        return response
    _seen(game, seat)
    response = render(request, "web/_table.html", table_context(game, seat))
    response["Cache-Control"] = "no-store"
    return response


@require_POST
def here(request: HttpRequest, game_id: int) -> HttpResponse:
    """The table script's heartbeat while its page is open.

    The person is looking, so the turn comes to the page, not by mail.
    """
    game, seat = _game_and_seat(request, game_id)
    _seen(game, seat)
    return HttpResponse(status=204)


def _service(request: HttpRequest, game_id: int, call: Any, done: str) -> HttpResponse:
    try:
        call()
    except GameError as exc:
        messages.error(request, exc.detail)
    else:
        messages.success(request, done)
    return redirect("web:game", game_id=game_id)


@require_POST
def game_join(request: HttpRequest, game_id: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect(f"{reverse('web:login')}?next={reverse('web:game', args=[game_id])}")
    position = request.POST.get("seat")
    chosen = int(position) if position and position.isdigit() else None

    def join() -> None:
        lobby_services.seat_join(game_id=game_id, user=request.user, position=chosen)

    return _service(request, game_id, join, _("You have taken a seat."))


@require_POST
def game_leave(request: HttpRequest, game_id: int) -> HttpResponse:
    seat = _game_and_seat(request, game_id)[1]
    if seat is None:
        messages.error(request, _("You have no seat at this game."))
        return redirect("web:game", game_id=game_id)

    def leave() -> None:
        lobby_services.seat_leave(game_id=game_id, seat=seat)

    return _service(request, game_id, leave, _("You have left the table."))


@require_POST
def game_start(request: HttpRequest, game_id: int) -> HttpResponse:
    def start() -> None:
        lobby_services.game_start(game_id=game_id, user=request.user)

    return _service(request, game_id, start, _("The game has started."))


def play_link(request: HttpRequest, token: str) -> HttpResponse:
    """Opens an invitation or mail link.

    The seat token opens the game for that seat, with no account. The token stays in the
    session, so the address bar shows it no longer.
    """
    seat = seat_for_token(token)
    if seat is None:
        return render(request, "web/bad_link.html", status=404)
    tokens = dict(request.session.get(SESSION_TOKENS, {}))
    tokens[str(seat.game_id)] = token
    request.session[SESSION_TOKENS] = tokens
    return redirect("web:game", game_id=seat.game_id)


@cache_control(public=True, max_age=86400)
def card_png(request: HttpRequest, slug: str) -> HttpResponse:
    if slug not in cards.FACES_BY_SLUG:
        raise Http404("No such card.")
    return HttpResponse(cards.png(slug), content_type="image/png")
