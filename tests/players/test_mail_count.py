"""The number of mails a person gets in whole games (docs/email.md), by how the person plays:
replying to every mail, playing each turn in the web client from the mail's link, or keeping the
game open in the web client."""

from __future__ import annotations

from typing import Any

import pytest

from players import mailcount

# Measured before the web client and the rules for fewer mails (a turn mail per decision), with
# the same players and seeds (docs/email.md).
BEFORE = {2: 84.2, 4: 69.6}


@pytest.mark.parametrize("players", [2, 4])
def test_mails_per_player_in_whole_games(
    transactional_db: Any, mailoutbox: list[Any], players: int
) -> None:
    found = {}
    for style in ("mail", "web", "live"):
        counts = [mailcount.count_game(players, 1, style)]
        found[style] = mailcount.summary(counts, style)
        print(found[style])
    # Replying by mail: one mail per decision answered, never more.
    mail_only = found["mail"]
    assert mail_only["mails_per_player"] <= mail_only["decisions_per_player"] + 1
    assert mail_only["answered_by_mail_per_player"] >= mail_only["decisions_per_player"] - 1
    # From the mail's link into the web client: one mail per sitting, not per decision.
    assert found["web"]["mails_per_player"] < found["web"]["decisions_per_player"] * 0.9
    # A live game in the web client: the first turn mail only (and the final scores).
    assert found["live"]["mails_per_player"] <= BEFORE[players] / 3
    assert found["live"]["mails_per_player"] <= 2  # and the final scores
