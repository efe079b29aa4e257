"""The search policy sees only its observation (spec §2.4): changing what it cannot see (the painting deck below
the row, the opponents' patrons and the patron deck, future dice, other seats' streams) leaves its decision
unchanged, given the same policy stream; outside the turn's heads, and with one candidate, it is majority."""

import numpy as np
import pytest

from scripted import game
from simkit.core.policy import resolve_policy
from simkit.games.atelier.engine.layout import Stage
from simkit.games.atelier.engine.supply import recount_derived
from simkit.games.atelier.policies.search import known_patron


def replay(g, seed, actions):
    state = g.new_initial_state(seed)
    for a in actions:
        state.apply_action(a)
    return state


def turn_decisions(g, seed, majority, count, min_round=3):
    """The action lists leading to the first `count` turn-stage decisions from round `min_round` on, in a game of
    majority against itself (several heads legal)."""
    state, actions, found = g.new_initial_state(seed), [], []
    while not state.is_terminal() and len(found) < count:
        if (state.record["stage"] == Stage.TURN and state.record["round"] >= min_round
                and len(state.legal_actions()) >= 3):
            found.append(list(actions))
        a = state.compiled_action(majority)
        actions.append(a)
        state.apply_action(a)
    return found


def hide_differently(g, state):
    """Rearrange what the current player cannot see: reverse the painting deck, swap an opponent's patron with an
    unknown card of the patron deck, reseed future dice and the other seats' policy streams."""
    s, r, p = state.record, state.rules, state.current_player
    pos, n_paintings = int(s["deck_pos"]), int(r["n_paintings"])
    s["order"][pos:n_paintings] = s["order"][pos:n_paintings][::-1].copy()
    opponent = next(q for q in range(g.n_players) if q != p and (s["patron_owner"] == q).any())
    held = int(np.flatnonzero(s["patron_owner"] == opponent)[0])
    for i in range(int(s["patron_top"]), int(s["patron_end"])):
        card = int(s["patron_order"][i])
        if not known_patron(r, s, p, card):
            s["patron_order"][i] = held
            s["patron_owner"][held] = -1
            s["patron_owner"][card] = opponent
            recount_derived(r, s)
            break
    else:
        raise AssertionError("no unknown patron in the deck")
    s["dice_rng"][:, 0] += np.uint64(12345)
    for q in range(g.n_players):
        if q != p:
            s["policy_rng"][q, 0] += np.uint64(777)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_hidden_information_does_not_change_the_decision(n):
    g = game(n)
    search = resolve_policy(g, {"policy": "search", "rollouts": 4, "candidates": 3})
    majority = resolve_policy(g, {"policy": "majority"})
    decisions = 0
    for seed in range(3):
        for actions in turn_decisions(g, seed, majority, 3):
            seen, other = replay(g, seed, actions), replay(g, seed, actions)
            hide_differently(g, other)
            assert not np.array_equal(seen.record["patron_owner"], other.record["patron_owner"])
            assert seen.compiled_action(search) == other.compiled_action(search), (seed, len(actions))
            decisions += 1
    assert decisions == 9


def test_outside_the_heads_and_with_one_candidate_it_is_majority():
    g = game(3)
    majority = resolve_policy(g, {"policy": "majority", "piles_to_hold": 3})
    one = resolve_policy(g, {"policy": "search", "candidates": 1, "piles_to_hold": 3})
    searching = resolve_policy(g, {"policy": "search", "rollouts": 2, "candidates": 2, "piles_to_hold": 3})
    state = g.new_initial_state(5)
    while not state.is_terminal() and state.turn < 400:
        a = state.compiled_action(majority)
        assert state.compiled_action(one) == a
        if state.record["stage"] != Stage.TURN:
            assert state.compiled_action(searching) == a
        state.apply_action(a)
