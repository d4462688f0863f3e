"""Challenging bots (docs/bots.md): a bot account accepts or declines by the same API and plays
through the same move endpoint; a ruleset it does not play is refused with `bot_ruleset`; the
server's bots accept at once; a person seats a bot account by name when creating a game."""

from __future__ import annotations

from typing import Any

from games.models import Challenge, Game, Seat
from tests.conftest import Player, signup


def refused(r: Any, status: int, code: str) -> None:
    assert (r.status_code, r.json()["code"]) == (status, code), r.content


def bot_account(owner: Player, name: str = "robo", rulesets: tuple[str, ...] = ("republic",)):
    bot = signup(name)
    body = {"owner": owner.name, "rulesets": list(rulesets)}
    assert bot.post("/api/auth/bot/", body).status_code == 201
    return bot


def test_a_bot_account_accepts_a_challenge_and_plays_like_anyone(alice: Player) -> None:
    robo = bot_account(alice)
    r = alice.post("/api/challenges/", {"to": "robo", "version": "republic"})
    assert r.status_code == 201, r.content
    accepted = robo.post(f"/api/challenges/{r.json()['id']}/accept/")
    assert accepted.status_code == 200, accepted.content
    game_id = accepted.json()["game"]
    seat = Seat.objects.get(game_id=game_id, position=1)
    assert (seat.kind, seat.user.username) == (Seat.Kind.PLAYER, "robo")
    view = robo.game(game_id)
    assert view["status"] == "active" and view["my_seat"] == 1
    mover = robo if view["to_act"] == 1 else alice
    view = mover.game(game_id)
    played = mover.move(game_id, view["seq"], view["legal_actions"][0]["action"])
    assert played.status_code == 201, played.content
    stale = mover.move(game_id, view["seq"], view["legal_actions"][0]["action"])
    refused(stale, 409, "stale_seq")  # the same checks as anyone's


def test_a_bot_account_declines_and_refuses_rulesets_it_does_not_play(alice: Player) -> None:
    robo = bot_account(alice)
    r = alice.post("/api/challenges/", {"to": "robo", "version": "imperium"})
    refused(r, 422, "bot_ruleset")
    assert not Challenge.objects.exists()
    sent = alice.post("/api/challenges/", {"to": "robo"}).json()
    declined = robo.post(f"/api/challenges/{sent['id']}/decline/", {"reason": "later"})
    assert declined.json()["status"] == "declined", declined.content
    # It changes what it plays while a challenge waits: accepting it is refused then.
    sent = alice.post("/api/challenges/", {"to": "robo"}).json()
    robo.client.patch("/api/auth/bot/", {"rulesets": ["imperium"]}, format="json")
    refused(robo.post(f"/api/challenges/{sent['id']}/accept/"), 422, "bot_ruleset")
    assert Challenge.objects.get(pk=sent["id"]).status == Challenge.Status.PENDING


def test_a_server_bot_accepts_at_once(alice: Player) -> None:
    r = alice.post("/api/challenges/", {"to": "greedy", "version": "imperium"})
    assert r.status_code == 201, r.content
    answer = r.json()
    assert (answer["challenged"], answer["status"]) == ("greedy", "accepted")
    game = Game.objects.get(pk=answer["game"])
    assert (game.version, game.status) == ("imperium", Game.Status.ACTIVE)
    seats = list(game.seats.order_by("position").values_list("kind", "bot", "user__username"))
    assert seats == [("player", "greedy", "alice"), ("bot", "greedy", None)]
    # Challenging it again is another game: nothing waits between them.
    again = alice.post("/api/challenges/", {"to": "ismcts-1", "players": 3, "fill": "bot"})
    assert again.status_code == 201, again.content
    bots = Seat.objects.filter(game_id=again.json()["game"], kind="bot").order_by("position")
    assert list(bots.values_list("position", "bot")) == [(1, "ismcts-1"), (2, "greedy")]


def test_a_person_seats_a_bot_account_by_name(alice: Player, bob: Player) -> None:
    bot_account(alice)
    seats = [{"kind": "me"}, {"kind": "bot_account", "account": "robo"}]
    r = alice.post("/api/games/", {"players": 2, "seats": seats, "version": "republic"})
    assert r.status_code == 201, r.content
    assert r.json()["status"] == "active"
    assert Seat.objects.get(game_id=r.json()["id"], position=1).user.username == "robo"
    for seat, version, status, code in [
        ({"kind": "bot_account", "account": "bob"}, "republic", 422, "not_a_bot"),
        ({"kind": "bot_account", "account": "robo"}, "imperium", 422, "bot_ruleset"),
        ({"kind": "bot_account", "account": "nobody"}, "republic", 404, "no_such_player"),
        ({"kind": "bot_account"}, "republic", 422, "bad_seats"),
    ]:
        body = {"players": 2, "seats": [{"kind": "me"}, seat], "version": version}
        refused(alice.post("/api/games/", body), status, code)
    assert Game.objects.count() == 1


def test_a_bot_account_that_does_not_answer_in_time_times_out_like_anyone(
    alice: Player, settings: Any
) -> None:
    """A fixed clock: the bot account's deadline passes, the engine's safe move is played for
    it (actor `timeout`), and with the `bot` policy a server bot stands in at once. A person's
    automatic vacation is off for a bot account, so no day is spent instead."""
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Availability, Move
    from games.services import automatic

    robo = bot_account(alice)
    # No automatic vacation for a bot: a day would be spent instead of the timeout.
    assert not Availability.objects.get(user__username="robo").auto_vacation
    seats = [{"kind": "me"}, {"kind": "bot_account", "account": "robo", "timeout": "bot"}]
    body = {"players": 2, "seats": seats, "clock": {"kind": "fixed", "seconds": 600}}
    game_id = alice.post("/api/games/", body).json()["id"]
    view = alice.game(game_id)
    while view["to_act"] != 1:  # alice thinks until the bot must decide
        view = alice.move(game_id, view["seq"], {"type": "think", "take": "jack"}).json()["game"]
    assert robo.game(game_id)["your_deadline"] is not None
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))
    assert automatic.deadline_expire(game_id=game_id, seq=view["seq"]) == "timed_out"
    move = Move.objects.get(game_id=game_id, seq=view["seq"] + 1)
    assert (move.actor, move.seat) == ("timeout", 1)
    assert Seat.objects.get(game_id=game_id, position=1).bot_standing_in


def test_a_bot_that_plays_casual_only_refuses_rated_games(alice: Player) -> None:
    """docs/bots.md: a bot account says whether it accepts rated games (docs/ratings.md)."""
    robo = bot_account(alice)
    assert robo.client.patch("/api/auth/bot/", {"rated": False}, format="json").status_code == 200
    r = alice.post("/api/challenges/", {"to": "robo", "rated": True})
    refused(r, 422, "bot_unrated")
    seats = [{"kind": "me"}, {"kind": "bot_account", "account": "robo"}]
    r = alice.post("/api/games/", {"version": "republic", "seats": seats, "rated": True})
    refused(r, 422, "bot_unrated")
    assert not Challenge.objects.exists() and not Game.objects.exists()
    # Casual, it plays; and a rated challenge waiting when it stops taking them is refused.
    casual = alice.post("/api/challenges/", {"to": "robo"})
    assert casual.status_code == 201
    alice.post(f"/api/challenges/{casual.json()['id']}/withdraw/")
    assert robo.client.patch("/api/auth/bot/", {"rated": True}, format="json").status_code == 200
    sent = alice.post("/api/challenges/", {"to": "robo", "rated": True})
    assert sent.status_code == 201, sent.content
    robo.client.patch("/api/auth/bot/", {"rated": False}, format="json")
    refused(robo.post(f"/api/challenges/{sent.json()['id']}/accept/"), 422, "bot_unrated")


def test_a_persons_account_under_a_server_bots_name_is_refused(alice: Player) -> None:
    """Sign-up refuses the server bots' names, but staff can make any account in the admin:
    such an account is a person's (it has a password), and challenging `greedy` must not
    hand it the bot's challenge. The challenge is refused and nothing is made."""
    from django.contrib.auth import get_user_model

    held = get_user_model().objects.create_user(username="greedy", password="a-pass-phrase-1")
    r = alice.post("/api/challenges/", {"to": "greedy", "version": "republic"})
    refused(r, 409, "bot_name_held")
    assert not Challenge.objects.exists() and not Game.objects.exists()
    held.set_unusable_password()  # renamed or retired by staff: the bot's account again
    held.save()
    assert alice.post("/api/challenges/", {"to": "greedy"}).status_code == 201
