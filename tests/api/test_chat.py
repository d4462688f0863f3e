"""Table chat and private notes over HTTP (docs/chat.md): the players' and the spectators'
chats kept apart, @mentions in the account feed, unread counts, mutes, staff hiding a line,
every refusal a documented code that changes nothing, and notes only their writer reads."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import ChatMessage, Game, GameEvent, SeatNote
from tests.conftest import Player, checked_answer, seat_player, signup, start_game


def chat(game_id: int) -> str:
    return f"/api/games/{game_id}/chat/"


def say(player: Player, game_id: int, text: str) -> Any:
    return player.post(chat(game_id), {"text": text})


def refused(r: Any, status: int, code: str) -> None:
    assert (r.status_code, r.json()["code"]) == (status, code), r.content


def lines(player: Player, game_id: int, channel: str = "players") -> list[dict[str, Any]]:
    r = player.get(chat(game_id) + f"?channel={channel}")
    assert r.status_code == 200, r.content
    return list(r.json()["messages"])


def events(player: Player, game_id: int) -> list[dict[str, Any]]:
    r = player.get(f"/api/games/{game_id}/events/?page_size=100")
    assert r.status_code == 200, r.content
    return [e for e in r.json()["results"] if e["type"].startswith("chat")]


def test_players_talk_and_everyone_reads_it(game2: int, alice: Player, bob: Player) -> None:
    r = say(alice, game2, "  good luck <b>bob</b> & co  ")
    assert r.status_code == 201, r.content
    line = r.json()
    assert (line["channel"], line["seat"], line["name"], line["author"]) == (
        "players",
        alice.game(game2)["my_seat"],
        "alice",
        f"seat:{line['seat']}",
    )
    assert line["text"] == "good luck <b>bob</b> & co"  # plain text, kept as written
    assert [m["text"] for m in lines(bob, game2)] == [line["text"]]
    watcher = signup("watcher")
    assert [m["id"] for m in lines(watcher, game2)] == [line["id"]]
    chat_events = events(bob, game2)
    said = chat_events[-1]
    assert (said["author_name"], said["text"]) == ("alice", line["text"])
    assert said["message"] == line["id"]


def test_the_spectators_chat_stays_apart_until_the_game_is_over(
    game2: int, alice: Player, bob: Player
) -> None:
    watcher = signup("watcher")
    r = say(watcher, game2, "bob is losing, look at his hand")
    assert r.status_code == 201 and r.json()["channel"] == "spectators"
    assert lines(watcher, game2, "spectators")[0]["text"].startswith("bob is losing")
    refused(alice.get(chat(game2) + "?channel=spectators"), 403, "spectators_chat_closed")
    assert lines(bob, game2) == []  # not in the players' chat either
    # The game's events carry no spectator's words for anyone: a bare notice.
    for reader in (alice, bob, watcher):
        notice = events(reader, game2)[-1]
        assert notice["channel"] == "spectators"
        assert "text" not in notice and "author_name" not in notice
    page = alice.get(chat(game2)).json()
    assert page["unread"]["spectators"] == 0
    Game.objects.filter(pk=game2).update(status=Game.Status.FINISHED)
    assert lines(alice, game2, "spectators")[0]["text"].startswith("bob is losing")


def test_anonymous_readers_read_but_may_not_speak(game2: int, alice: Player, anon: Player) -> None:
    say(alice, game2, "hello")
    assert [m["text"] for m in lines(anon, game2)] == ["hello"]
    refused(say(anon, game2, "hi"), 401, "not_authenticated")
    assert anon.get(chat(game2)).json()["can_post"] is None


def test_a_seat_token_speaks_for_its_seat(game2: int, alice: Player) -> None:
    token = alice.post(f"/api/games/{game2}/seat-token/", {}).json()["token"]
    guest = seat_player(token)
    r = say(guest, game2, "from my phone")
    assert r.status_code == 201 and r.json()["seat"] == alice.game(game2)["my_seat"]


@pytest.mark.parametrize(
    ("text", "status", "code"),
    [
        ("", 400, "invalid"),
        ("   ", 400, "chat_empty"),
        ("x" * 501, 400, "invalid"),
        ("bell\x07", 400, "chat_bad_characters"),
        ("two\nlines", 400, "chat_bad_characters"),
        ("\u202eevil", 400, "chat_bad_characters"),
    ],
)
def test_bad_lines_are_refused_and_nothing_is_said(
    game2: int, alice: Player, text: str, status: int, code: str
) -> None:
    events_before = GameEvent.objects.filter(game_id=game2).count()
    refused(say(alice, game2, text), status, code)
    assert not ChatMessage.objects.exists()
    assert GameEvent.objects.filter(game_id=game2).count() == events_before


def test_a_flood_is_refused_with_retry_after(game2: int, alice: Player, settings: Any) -> None:
    settings.GTR_CHAT_BURST = 3
    for n in range(3):
        assert say(alice, game2, f"line {n}").status_code == 201
    r = say(alice, game2, "one too many")
    refused(r, 429, "chat_flood")
    assert int(r["Retry-After"]) >= 1
    assert ChatMessage.objects.count() == 3


def test_the_chat_rate_class_answers_429(game2: int, alice: Player, settings: Any) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "chat": "2/min",
        },
    }
    from django.core.cache import cache

    cache.clear()
    assert say(alice, game2, "one").status_code == 201
    assert say(alice, game2, "two").status_code == 201
    r = say(alice, game2, "three")
    refused(r, 429, "throttled")
    assert int(r["Retry-After"]) >= 1
    assert ChatMessage.objects.count() == 2


def test_a_cancelled_games_chat_is_closed(alice: Player) -> None:
    game_id = alice.post("/api/games/", {"version": "republic", "players": 2}).json()["id"]
    assert say(alice, game_id, "anyone?").status_code == 201  # an open table talks too
    Game.objects.filter(pk=game_id).update(status=Game.Status.CANCELLED)
    refused(say(alice, game_id, "bye"), 409, "chat_closed")
    refused(alice.get("/api/games/999999/chat/"), 404, "not_found")


def test_a_mention_reaches_the_named_players_feed(
    alice: Player, bob: Player, carol: Player
) -> None:
    game_id = start_game(alice, [bob, carol])
    carol_seat = carol.game(game_id)["my_seat"]
    before = carol.get("/api/stream/").json()["count"]
    say(alice, game_id, f"@bob and @{carol_seat + 1}: <script>alert(1)</script>")
    mention = carol.get("/api/stream/").json()
    assert mention["count"] == before + 1
    event = mention["results"][-1]
    assert event["type"] == "chat_mention" and event["seat"] == carol_seat
    assert event["text"].endswith("<script>alert(1)</script>")  # as written: clients show text
    bob_feed = [e["type"] for e in bob.get("/api/stream/?page_size=100").json()["results"]]
    assert "chat_mention" in bob_feed
    alice_feed = [e["type"] for e in alice.get("/api/stream/?page_size=100").json()["results"]]
    assert "chat_mention" not in alice_feed


def test_unread_counts_and_marking_read(game2: int, alice: Player, bob: Player) -> None:
    first = say(alice, game2, "one").json()
    say(alice, game2, "two")
    say(bob, game2, "mine do not count")
    assert bob.get(chat(game2)).json()["unread"] == {"players": 2, "spectators": 0}
    r = bob.post(chat(game2) + "read/", {"channel": "players", "last": first["id"]})
    assert r.status_code == 200 and r.json()["unread"]["players"] == 1
    r = bob.post(chat(game2) + "read/", {"last": 0})  # never backwards
    assert r.json()["unread"]["players"] == 1
    refused(
        alice.post(chat(game2) + "read/", {"channel": "spectators", "last": 1}),
        403,
        "spectators_chat_closed",
    )


def test_a_player_mutes_another_for_themselves(alice: Player, bob: Player, carol: Player) -> None:
    game_id = start_game(alice, [bob, carol])
    line = say(bob, game_id, "spam spam").json()
    r = alice.post(chat(game_id) + "mute/", {"author": line["author"]})
    assert r.status_code == 200 and r.json()["muted"] == [line["author"]]
    assert lines(alice, game_id) == []
    assert alice.get(chat(game_id)).json()["unread"]["players"] == 0
    assert [m["id"] for m in lines(carol, game_id)] == [line["id"]]  # theirs alone
    say(bob, game_id, "@alice hello?")
    feed = alice.get("/api/stream/?page_size=100").json()["results"]
    assert "chat_mention" not in [e["type"] for e in feed]
    r = alice.post(chat(game_id) + "mute/", {"author": line["author"], "muted": False})
    assert r.json()["muted"] == [] and len(lines(alice, game_id)) == 2


def test_mute_refusals_change_nothing(game2: int, alice: Player) -> None:
    mine = say(alice, game2, "hi").json()
    refused(alice.post(chat(game2) + "mute/", {"author": mine["author"]}), 422, "mute_self")
    refused(alice.post(chat(game2) + "mute/", {"author": "seat:7"}), 422, "no_such_author")
    refused(alice.post(chat(game2) + "mute/", {"author": "<b>x</b>"}), 400, "invalid")
    assert alice.get(chat(game2)).json()["muted"] == []


def test_staff_hide_a_line_everywhere(game2: int, alice: Player, bob: Player) -> None:
    line = say(bob, game2, "something rude").json()
    hide = chat(game2) + f"{line['id']}/hide/"
    refused(alice.post(hide, {}), 403, "not_staff")
    User.objects.create_user("mod", password="correct horse battery", is_staff=True)
    mod = Player(__import__("rest_framework.test").test.APIClient(), "mod")
    mod.client.login(username="mod", password="correct horse battery")
    r = checked_answer(mod.client.post(hide, {}, format="json"))
    assert r.status_code == 200 and r.json()["hidden"] and r.json()["text"] == ""
    shown = lines(alice, game2)
    assert shown[0]["hidden"] and shown[0]["text"] == ""
    texts = [e.get("text") for e in events(alice, game2)]
    assert "something rude" not in texts
    assert events(alice, game2)[-1]["type"] == "chat_hidden"
    refused(
        checked_answer(mod.client.post(chat(game2) + "999/hide/", {}, format="json")),
        404,
        "no_such_message",
    )


def test_a_private_note_is_its_writers_alone(game2: int, alice: Player, bob: Player) -> None:
    note = f"/api/games/{game2}/note/"
    assert alice.get(note).json() == {"text": "", "updated": None}
    r = checked_answer(
        alice.client.put(note, {"text": "bob hoards stone\n<i>watch</i>"}, format="json")
    )
    assert r.status_code == 200 and r.json()["text"] == "bob hoards stone\n<i>watch</i>"
    assert bob.get(note).json()["text"] == ""  # bob's own, empty
    watcher = signup("watcher")
    refused(watcher.get(note), 403, "not_a_player")
    Game.objects.filter(pk=game2).update(status=Game.Status.FINISHED)
    assert alice.get(note).json()["text"].startswith("bob hoards stone")  # kept after the game
    bad = checked_answer(alice.client.put(note, {"text": "x\x00y"}, format="json"))
    assert bad.status_code == 400
    too_long = checked_answer(alice.client.put(note, {"text": "x" * 10_001}, format="json"))
    refused(too_long, 400, "invalid")
    assert SeatNote.objects.get().text.startswith("bob hoards stone")


@pytest.mark.parametrize(
    "text", ["hi", "  hi  ", "", "   ", "a\x07", "a\nb", "\u202eb", "zażółć 🎲", "a\tb", "a\x85b"]
)
def test_the_schemas_patterns_say_what_the_service_takes(text: str) -> None:
    """A client that keeps to the schema is never refused for its text (schemathesis checks that
    no request fitting the schema gets a 400)."""
    import re

    from games.api.chat import LINE_PATTERN, NOTE_PATTERN
    from games.errors import BadRequest
    from games.services.chat import text_checked

    def taken(note: bool) -> bool:
        try:
            return bool(text_checked(text, note=note)) or note
        except BadRequest:
            return False

    assert bool(re.fullmatch(LINE_PATTERN, text)) == taken(note=False), repr(text)
    assert bool(re.fullmatch(NOTE_PATTERN, text)) == taken(note=True), repr(text)
