"""The ismcts bots' judgement of a position (engine/bots/ismcts/evaluate.py): winners paid at
the end, a two-player reward that is the chance to win (the two add up to one), the phase of the
game, and values that rise with what the fitted weights prize."""

from __future__ import annotations

import math

import engine
from engine.bots.ismcts import evaluate
from engine.endgame import end_game


def test_a_finished_game_pays_its_winners() -> None:
    state = engine.new_game("republic", 3, 1)
    end_game(state, "deck", winners=[0, 2])
    assert evaluate.rewards(state) == [0.5, 0.0, 0.5]


def test_two_seats_rewards_are_chances_that_add_up_to_one() -> None:
    state = engine.new_game("imperium", 2, 7)
    bots = [engine.bots.make_bot("greedy", s) for s in range(2)]
    for _ in range(60):
        seat = engine.to_act(state)
        assert seat is not None
        action = bots[seat].choose(engine.view(state, seat), engine.legal_actions(state))
        state = engine.apply(state, action, seat)
        first, second = evaluate.rewards(state)
        assert 0 < first < 1 and math.isclose(first + second, 1.0)


def test_the_phase_runs_from_the_deal_to_the_last_site() -> None:
    state = engine.new_game("republic", 2, 3)
    assert evaluate.phase(state) > 0.95  # the deck after the deal, nearly DECK_START
    town = state.sites
    for material in list(town)[:3]:  # half the Sites in town taken
        state.removed += town[material]
        town[material] = []
    assert evaluate.phase(state) == 0.5


def test_points_in_the_vault_count_more_as_the_game_ends() -> None:
    """Early a point of Vault is worth little (START), at the end as much as any point (END):
    the same card moved into seat 0's Vault lifts its reward more late than early."""
    early = engine.new_game("republic", 2, 5)
    card = early.players[0].hand[0]
    before = evaluate.rewards(early)[0]
    early.players[0].hand.remove(card)
    early.players[0].vault.append(card)
    early_gain = evaluate.rewards(early)[0] - before
    late = engine.new_game("republic", 2, 5)
    for material in late.sites:
        late.removed += late.sites[material][1:]  # one Site of each material left in town
        late.sites[material] = late.sites[material][:1]
    before = evaluate.rewards(late)[0]
    late.players[0].hand.remove(card)
    late.players[0].vault.append(card)
    late_gain = evaluate.rewards(late)[0] - before
    assert 0 < early_gain < late_gain


def test_every_feature_has_its_two_weights() -> None:
    state = engine.new_game("first_edition", 4, 2)
    lines = engine.scores(state)
    assert len(evaluate.features(state, 3, lines[3])) == len(evaluate.FEATURES)
    assert len(evaluate.START) == len(evaluate.END) == len(evaluate.FEATURES)
