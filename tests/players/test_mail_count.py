"""The number of mails a person gets in whole games (docs/email.md), by how the person plays:
replying to every mail, playing each turn in the web client from the mail's link, or keeping the
game open in the web client. `tests/players/mailcount.py` plays the games; docs/email.md has the
figures of two games per style and table size."""

from __future__ import annotations

from typing import Any

import pytest

from games.services import lobby
from tests.players import mailcount

# Measured before the web client and the rules for fewer mails (a turn mail per decision), with
# the same players (docs/email.md).
BEFORE = {2: 84.2, 4: 69.6}

pytestmark = pytest.mark.whole_games
DEAL = 1  # the deal of both games, with and without standing orders


def test_playing_from_the_mail_link_takes_one_mail_per_sitting(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    found = mailcount.summary([mailcount.count_game(2, 1, "web")], "web")
    assert found["answered_by_mail_per_player"] == 0
    assert found["mails_per_player"] < found["decisions_per_player"] * 0.9


@pytest.mark.parametrize("players", [2, 4])
def test_a_live_game_in_the_web_client_takes_the_first_turn_mail_only(
    transactional_db: Any, mailoutbox: list[Any], players: int
) -> None:
    found = mailcount.summary([mailcount.count_game(players, 1, "live")], "live")
    assert found["mails_per_player"] <= 2  # the first turn mail and the final scores
    assert found["mails_per_player"] <= BEFORE[players] / 3


@pytest.mark.parametrize("deal", [DEAL])
def test_replying_by_mail_takes_one_mail_per_decision_and_orders_save_mails(
    transactional_db: Any, mailoutbox: list[Any], monkeypatch: pytest.MonkeyPatch, deal: int
) -> None:
    """docs/email.md: a person who replies to every mail gets one mail per decision; one who
    also leaves sensible standing orders gets fewer, one per decision the orders leave to him.
    Both games have the same deal (and bots): with a deal each, one game may simply be longer
    than the other."""
    monkeypatch.setattr(lobby.secrets, "randbits", lambda bits: deal)
    plain = mailcount.summary([mailcount.count_game(2, 1, "mail")], "mail")
    # Every decision is asked by a mail and answered by a reply; nothing else but the scores.
    assert plain["answered_by_mail_per_player"] >= plain["decisions_per_player"] - 1
    assert plain["mails_per_player"] <= plain["decisions_per_player"] + 1

    ordered = mailcount.summary(
        [mailcount.count_game(2, 1, "mail", orders=mailcount.FOLLOWER)], "orders"
    )
    assert ordered["answered_by_order_per_player"] > 10
    asked = ordered["decisions_per_player"] - ordered["answered_by_order_per_player"]
    assert ordered["mails_per_player"] <= asked + 1
    assert ordered["mails_per_player"] < plain["mails_per_player"] * 0.8
