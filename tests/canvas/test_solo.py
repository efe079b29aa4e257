"""Canvas solo variants (spec RULES.md §6): Painting with Vincent, the solo puzzle, and the
`vincent_in_multiplayer` ruling."""

import math

import numpy as np
import pytest

import simkit
from simkit.core.errors import ConfigError
from canvas_helpers import game, rec, give_hand


def total_tokens(st):
    n = st.game.rules["n_players"]
    return (int(rec(st, "tokens")[:n].sum()) + int(rec(st, "market_tokens")[: st.game.rules["market_size"]].sum())
            + int(st.record["vincent_tokens"]) + int(st.record["reserve"]))


def vincent(flip_p):
    return game(n_players=1, solo_mode="vincent", vincent_flip_p=flip_p)


# ---------------------------------------------------------------------------------------------- Vincent


def test_vincent_setup():
    st = game(n_players=1, solo_mode="vincent").new_initial_state(0)
    assert int(st.record["vincent_tokens"]) == 4
    assert int(st.record["reserve"]) == 0
    assert st.current_player == 0, "the player moves first"


def test_vincent_takes_slot_one_when_no_token_lands_face_up():
    g = vincent(0.0)
    st = g.new_initial_state(3)
    market = rec(st, "market")[:5].tolist()
    deck = rec(st, "deck")
    st.apply_action(0)  # player takes slot 1 -> [m1 m2 m3 m4 d5]; Vincent removes m1 -> [m2 m3 m4 d5 d6]
    assert rec(st, "hand")[0, 0] == market[0]
    assert rec(st, "market")[:5].tolist() == market[2:] + [deck[5], deck[6]]
    assert int(st.record["removed"]) == 1
    assert int(st.record["vincent_tokens"]) == 4
    assert rec(st, "market_tokens")[:5].tolist() == [0] * 5
    assert int(st.record["deck_pos"]) == 7
    assert st.turn == 1 and st.current_player == 0


def test_vincent_all_face_up_skips_four_and_removes_slot_five():
    g = vincent(1.0)
    st = g.new_initial_state(3)
    market = rec(st, "market")[:5].tolist()
    deck = rec(st, "deck")
    st.apply_action(0)  # market after the player: [m1 m2 m3 m4 d5]
    # Vincent: 4 face up -> a token on each of slots 1-4, removes slot 5 (d5) with its 0 tokens
    assert rec(st, "market")[:5].tolist() == market[1:] + [deck[6]]
    assert rec(st, "market_tokens")[:5].tolist() == [1, 1, 1, 1, 0]
    assert int(st.record["vincent_tokens"]) == 0
    assert int(st.record["removed"]) == 1
    # next: the player takes slot 1 and its token; Vincent has no token, takes slot 1 with its token
    st.apply_action(0)
    assert rec(st, "tokens")[0] == 5
    assert int(st.record["vincent_tokens"]) == 1
    assert rec(st, "market_tokens")[:5].tolist() == [1, 1, 0, 0, 0]
    assert int(st.record["removed"]) == 2
    # next: the player collects slot 1's token; Vincent flips his one token face up, puts it on slot 1 and
    # removes slot 2 (no token on it)
    st.apply_action(0)
    assert rec(st, "tokens")[0] == 6
    assert int(st.record["vincent_tokens"]) == 0
    assert rec(st, "market_tokens")[:5].tolist() == [2, 0, 0, 0, 0]
    assert int(st.record["removed"]) == 3


@pytest.mark.parametrize("vincent_tokens, skip", [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (6, 4), (9, 4)])
def test_vincent_skips_min_of_tokens_and_four(vincent_tokens, skip):
    g = vincent(1.0)
    st = g.new_initial_state(12)
    st._arr["vincent_tokens"][0] = vincent_tokens
    # the player paints (Vincent also plays after a painting), so the market Vincent sees is the dealt one
    give_hand(st, 0, [rec(st, "deck")[50], rec(st, "deck")[51], rec(st, "deck")[52]])
    st._arr["market_tokens"][0, :5] = [2, 1, 3, 0, 5]
    market = rec(st, "market")[:5].tolist()
    before = rec(st, "market_tokens")[:5].tolist()
    deck = rec(st, "deck")
    st.apply_action(5)
    assert rec(st, "n_paintings")[0] == 1
    assert int(st.record["removed"]) == 1
    expected_market = [c for i, c in enumerate(market) if i != skip] + [deck[5]]
    assert rec(st, "market")[:5].tolist() == expected_market
    expected_tokens = [t + 1 if i < skip else t for i, t in enumerate(before)]
    collected = expected_tokens.pop(skip)
    assert rec(st, "market_tokens")[:5].tolist() == expected_tokens + [0]
    assert int(st.record["vincent_tokens"]) == vincent_tokens - skip + collected


@pytest.mark.parametrize("flip_p", [0.25, 0.5, 0.75])
def test_vincent_face_up_count_is_binomial(flip_p):
    """Each of Vincent's 4 tokens lands face up with probability vincent_flip_p: N ~ Binomial(4, p)."""
    g = vincent(flip_p)
    counts = np.zeros(5, int)
    n_trials = 600
    for seed in range(n_trials):
        st = g.new_initial_state(seed)
        deck = rec(st, "deck")
        give_hand(st, 0, deck[50:53].tolist())
        market = rec(st, "market")[:5].tolist()
        st.apply_action(5)  # paint: the market Vincent sees is the dealt one
        after = rec(st, "market")[:5].tolist()
        skip = next(i for i in range(5) if i == 4 or after[i] != market[i])
        assert after == [c for i, c in enumerate(market) if i != skip] + [deck[5]]
        assert rec(st, "market_tokens")[:5].tolist() == [1] * skip + [0] * (5 - skip)
        counts[skip] += 1
    mean = (counts * np.arange(5)).sum() / n_trials
    assert abs(mean - 4 * flip_p) < 0.15, counts
    expected = n_trials * np.array([math.comb(4, i) * flip_p ** i * (1 - flip_p) ** (4 - i) for i in range(5)])
    chi2 = (((counts - expected) ** 2) / expected).sum()
    assert chi2 < 25, (counts, expected)  # 4 df: p < 1e-4


def test_vincent_plays_after_every_player_turn():
    g = vincent(0.5)
    rng = np.random.default_rng(0)
    for seed in range(10):
        st = g.new_initial_state(seed)
        start = total_tokens(st)
        while not st.is_terminal():
            turn, removed = st.turn, int(st.record["removed"])
            deck_pos = int(st.record["deck_pos"])
            a = int(rng.choice(st.legal_actions()))
            st.apply_action(a)
            assert total_tokens(st) == start
            if st.is_terminal():
                assert int(st.record["removed"]) == removed, "no Vincent turn after the game ended"
                break
            assert int(st.record["removed"]) == removed + 1
            assert st.turn == turn + 1
            # the market is full again: one draw for Vincent's card, one more after a take
            assert int(st.record["deck_pos"]) == deck_pos + 1 + (a < 5)
            assert (rec(st, "market")[:5] >= 0).all()
        assert int(st.record["removed"]) == st.turn - 1


def test_vincent_statistics_over_many_turns_follow_flip_p():
    """With flip_p=0 Vincent never spends a token; with flip_p=1 he never holds more than he collects."""
    rng = np.random.default_rng(5)
    st = vincent(0.0).new_initial_state(1)
    while not st.is_terminal():
        st.apply_action(int(rng.choice(st.legal_actions())))
        assert int(st.record["vincent_tokens"]) >= 4


def test_no_vincent_in_plain_games():
    rng = np.random.default_rng(1)
    for rules in [dict(n_players=1), dict(n_players=3)]:
        st = game(**rules).new_initial_state(4)
        while not st.is_terminal():
            st.apply_action(int(rng.choice(st.legal_actions())))
            assert int(st.record["removed"]) == 0
            assert int(st.record["vincent_tokens"]) == 0


# ----------------------------------------------------------------------------------------------- puzzle


def puzzle(**extra):
    return game(n_players=1, solo_mode="puzzle", **extra)


def test_puzzle_setup():
    st = puzzle().new_initial_state(0)
    assert int(st.record["reserve"]) == 4
    assert rec(st, "tokens")[0] == 4
    assert int(st.record["vincent_tokens"]) == 0
    assert int(puzzle(puzzle_reserve=7).new_initial_state(0).record["reserve"]) == 7


def test_puzzle_skipped_cards_are_discarded_and_tokens_go_to_reserve():
    st = puzzle().new_initial_state(2)
    market = rec(st, "market")[:5].tolist()
    deck = rec(st, "deck")
    st.apply_action(2)
    assert rec(st, "tokens")[0] == 2
    assert int(st.record["reserve"]) == 6
    assert int(st.record["removed"]) == 2
    assert rec(st, "hand")[0, 0] == market[2]
    assert rec(st, "market")[:5].tolist() == market[3:] + deck[5:8].tolist(), "slide left, refill every gap"
    assert rec(st, "market_tokens")[:5].tolist() == [0] * 5
    assert int(st.record["deck_pos"]) == 8
    assert rec(st, "tokens_paid")[0] == 2


def test_puzzle_slot_one_gains_a_token_from_reserve():
    st = puzzle().new_initial_state(2)
    st.apply_action(0)
    assert rec(st, "tokens")[0] == 5
    assert int(st.record["reserve"]) == 3
    assert int(st.record["removed"]) == 0


def test_puzzle_other_slots_gain_nothing():
    st = puzzle().new_initial_state(2)
    st.apply_action(1)
    assert rec(st, "tokens")[0] == 3
    assert int(st.record["reserve"]) == 5


def test_puzzle_painting_gains_a_token_from_reserve():
    st = puzzle().new_initial_state(2)
    give_hand(st, 0, [50, 51, 52])
    st.apply_action(5)
    assert rec(st, "tokens")[0] == 5
    assert int(st.record["reserve"]) == 3


def test_puzzle_nothing_gained_from_empty_reserve():
    st = puzzle(puzzle_reserve=0).new_initial_state(2)
    assert int(st.record["reserve"]) == 0
    st.apply_action(0)
    assert rec(st, "tokens")[0] == 4 and int(st.record["reserve"]) == 0
    give_hand(st, 0, [50, 51, 52])
    st.apply_action(5)
    assert rec(st, "tokens")[0] == 4 and int(st.record["reserve"]) == 0
    st.apply_action(1)  # the skipped token goes to the reserve ...
    assert rec(st, "tokens")[0] == 3 and int(st.record["reserve"]) == 1
    st.apply_action(0)  # ... and can be won back
    assert rec(st, "tokens")[0] == 4 and int(st.record["reserve"]) == 0


def test_puzzle_tokens_conserved_and_cards_discarded_over_games():
    g = puzzle()
    rng = np.random.default_rng(3)
    for seed in range(10):
        st = g.new_initial_state(seed)
        while not st.is_terminal():
            paid, removed = int(rec(st, "tokens_paid")[0]), int(st.record["removed"])
            st.apply_action(int(rng.choice(st.legal_actions())))
            assert rec(st, "tokens")[0] + int(st.record["reserve"]) == 8
            assert int(st.record["removed"]) - removed == int(rec(st, "tokens_paid")[0]) - paid
            assert (rec(st, "market_tokens")[:5] == 0).all()


# ---------------------------------------------------------------------------------- Vincent in multiplayer


@pytest.mark.parametrize("n_players", [2, 3])
def test_vincent_in_multiplayer_plays_once_per_round(n_players):
    g = game(n_players=n_players, vincent_in_multiplayer=True, vincent_flip_p=0.0)
    st = g.new_initial_state(8)
    assert int(st.record["vincent_tokens"]) == 4
    fp = st.current_player
    for rnd in range(3):
        for i in range(n_players):
            assert st.current_player == (fp + i) % n_players
            market = rec(st, "market")[:5].tolist()
            st.apply_action(0)
            last = i == n_players - 1
            assert int(st.record["removed"]) == rnd + last
            if last:  # the player took slot 1, then Vincent removed the next card (slot 1 again)
                assert rec(st, "market")[:3].tolist() == market[2:]


@pytest.mark.parametrize("n_players", [2, 3])
def test_vincent_in_multiplayer_counts_rounds_over_whole_games(n_players):
    g = game(n_players=n_players, vincent_in_multiplayer=True)
    rng = np.random.default_rng(n_players)
    for seed in range(5):
        st = g.new_initial_state(seed)
        fp = st.current_player
        start = 4 * n_players + 4
        rounds = 0
        while not st.is_terminal():
            p = st.current_player
            st.apply_action(int(rng.choice(st.legal_actions())))
            if st.is_terminal():
                break
            # a round is over when the turn passes the first player's seat
            nxt = st.current_player
            if (nxt - fp) % n_players <= (p - fp) % n_players:
                rounds += 1
            assert int(st.record["removed"]) == rounds
            assert total_tokens(st) == start


def test_vincent_in_multiplayer_off_by_default():
    st = game(n_players=2).new_initial_state(8)
    for _ in range(6):
        st.apply_action(0)
    assert int(st.record["removed"]) == 0


# ------------------------------------------------------------------------------------- invalid combinations


@pytest.mark.parametrize("rules, key", [
    ({"n_players": 4, "solo_mode": "vincent"}, "solo_mode"),
    ({"n_players": 2, "solo_mode": "puzzle"}, "solo_mode"),
    ({"n_players": 5, "solo_mode": "vincent"}, "solo_mode"),
    ({"n_players": 4, "vincent_in_multiplayer": True}, "vincent_in_multiplayer"),
    ({"n_players": 5, "vincent_in_multiplayer": True}, "vincent_in_multiplayer"),
    ({"n_players": 2, "vincent_flip_p": -0.1}, "vincent_flip_p"),
    ({"n_players": 1, "solo_mode": "puzzle", "puzzle_reserve": -1}, "puzzle_reserve"),
])
def test_invalid_solo_combinations(rules, key):
    with pytest.raises(ConfigError) as err:
        simkit.make("canvas", rules)
    assert err.value.key == key
    assert key in str(err.value)


@pytest.mark.parametrize("rules", [
    {"n_players": 1, "solo_mode": "vincent"}, {"n_players": 1, "solo_mode": "puzzle"},
    {"n_players": 2, "vincent_in_multiplayer": True}, {"n_players": 3, "vincent_in_multiplayer": True},
])
def test_valid_solo_combinations(rules):
    simkit.make("canvas", rules)
