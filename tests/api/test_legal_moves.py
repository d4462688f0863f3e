"""Legal moves in a view: {id, label, petition, action}, where `action` is posted back exactly as
received, `id` is the turn mail's code for that move, and `label` the one describer's words
(games.words.labels, as the web client and the mails say it)."""

from __future__ import annotations

import engine
from games.words import labels
from players.mail.texts import move_codes
from tests.conftest import Player, private_state


def mover(game_id: int, *players: Player) -> Player:
    to_act = players[0].game(game_id)["to_act"]
    return next(p for p in players if p.game(game_id)["my_seat"] == to_act)


def test_each_legal_move_has_the_mail_code_the_shared_label_and_its_action(
    alice: Player, bob: Player, game2: int
) -> None:
    for _ in range(6):
        player = mover(game2, alice, bob)
        view = player.game(game2)
        state = private_state(game2)
        moves = view["legal_actions"]
        codes = dict(move_codes(state))
        assert [m["id"] for m in moves] == list(codes)
        players = {s["position"]: s["player"] for s in view["seats"] if s["player"]}
        for move in moves:
            assert move["action"] == codes[move["id"]]
            assert move["label"] == labels.action_label(
                move["action"],
                labels.card_names(view["table"]),
                view=view["table"],
                seat_names=players,
                petition=move["petition"],  # a petition is worded as one
            )
            assert move["petition"] == engine.is_petition(state, move["action"])
        chosen = max(moves, key=lambda m: len(m["action"].get("cards", [])))
        r = player.move(game2, view["seq"], chosen["action"])
        assert r.status_code == 201, r.content
        assert r.json()["move"]["action"] == chosen["action"]
