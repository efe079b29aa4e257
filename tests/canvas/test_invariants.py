"""Property tests of the Canvas invariants (spec RULES.md §10) over whole games played by the shipped
policies (random, greedy, planner) and by hypothesis-chosen actions, for 1-5 players and the solo modes."""

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from simkit.core.policy import resolve_policy
from canvas_helpers import game

N_CARDS = 60
POLICIES = ("random", "greedy", "planner")


def choice(g, name):
    return resolve_policy(g, {"policy": name})


@st_.composite
def configs(draw):
    n = draw(st_.integers(1, 5))
    rules = {"n_players": n}
    if n == 1:
        rules["solo_mode"] = draw(st_.sampled_from(["none", "vincent", "puzzle"]))
    elif n <= 3:
        rules["vincent_in_multiplayer"] = draw(st_.booleans())
    if rules.get("solo_mode") == "vincent" or rules.get("vincent_in_multiplayer"):
        rules["vincent_flip_p"] = draw(st_.sampled_from([0.0, 0.5, 1.0]))
    rules["scoring_cards"] = draw(st_.sampled_from(
        [["Composition", "Emphasis", "Repetition", "Variety"], ["Proximity", "Space", "Symmetry", "Style"],
         ["Consistency", "Hierarchy", "Movement", "Proportion"]]))
    return rules


def start_tokens(g):
    n = g.rules["n_players"]
    vincent = 4 if (g.rules["solo_mode"] == "vincent" or g.rules["vincent_in_multiplayer"]) else 0
    puzzle = 4 if g.rules["solo_mode"] == "puzzle" else 0
    return 4 * n + vincent + puzzle


def check_invariants(g, state, tokens0):
    s = state.record
    n = g.rules["n_players"]
    m = g.rules["market_size"]
    k = g.rules["cards_per_painting"]
    hand_limit = g.rules["hand_limit"]
    market = s["market"][:m]
    hand_sizes = s["hand_size"][:n]
    n_paintings = s["n_paintings"][:n]
    # cards: deck remaining + market + hands + paintings + removed = 60
    deck_left = int(s["deck_size"]) - int(s["deck_pos"])
    in_market = int((market >= 0).sum())
    total = deck_left + in_market + int(hand_sizes.sum()) + k * int(n_paintings.sum()) + int(s["removed"])
    assert total == N_CARDS, "cards are conserved"
    # the cards we can see are all different
    seen = list(s["deck"][int(s["deck_pos"]): int(s["deck_size"])]) + [c for c in market if c >= 0]
    for p in range(n):
        seen += list(s["hand"][p, : hand_sizes[p]])
        for i in range(n_paintings[p]):
            painting = list(s["paintings"][p, i, :k])
            assert len(set(painting)) == k, "a painting has 3 distinct cards"
            seen += painting
    assert len(seen) == len(set(seen)), "no card is in two places"
    assert all(0 <= c < N_CARDS for c in seen)
    # tokens: players + market + Vincent + puzzle reserve
    tokens = (int(s["tokens"][:n].sum()) + int(s["market_tokens"][:m].sum()) + int(s["vincent_tokens"])
              + int(s["reserve"]))
    assert tokens == tokens0, "tokens are conserved"
    assert (s["tokens"][:n] >= 0).all() and (s["market_tokens"][:m] >= 0).all()
    assert int(s["vincent_tokens"]) >= 0 and int(s["reserve"]) >= 0
    assert (hand_sizes <= hand_limit).all(), "hands never exceed the limit"
    assert (n_paintings <= g.rules["paintings_per_player"]).all()
    lens = g.rules.scoring.track_len
    for c in state.scoring:
        assert (s["ribbons"][:n, c] <= lens[c]).all(), "ribbons never exceed the track"
    assert state.turn <= n * (3 * 3 + 3 + 2)
    if not state.is_terminal():
        assert (market >= 0).all(), "the market is full while the game runs"
        assert n_paintings[state.current_player] < 3, "a finished player never gets a turn"


def play_checked(g, seed, lineup, pick=None):
    """Play one game step by step, checking the invariants after every action."""
    state = g.new_initial_state(seed)
    n = g.n_players
    tokens0 = start_tokens(g)
    check_invariants(g, state, tokens0)
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "a running game always offers an action"
        p = state.current_player
        if pick is not None:
            action = legal[pick(len(legal))]
        else:
            action = state.compiled_action(lineup[p % len(lineup)])
            assert action in legal, f"policy {lineup[p % len(lineup)].label} chose an illegal action"
        before = int(state.record["turns"][p])
        state.apply_action(action)
        assert int(state.record["turns"][p]) == before + 1
        steps += 1
        check_invariants(g, state, tokens0)
    assert steps == state.turn <= n * (3 * 3 + 3 + 2), "every game ends within players x 14 turns"
    assert (state.record["n_paintings"][:n] == 3).all()
    scores = state.scores()
    assert (scores >= 0).all()
    assert np.isclose(state.win_shares().sum(), 1.0)
    assert (state.ranks() >= 1).all() and (state.ranks() == 1).any()
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=configs(), seed=st_.integers(0, 2**63 - 1),
       policies=st_.lists(st_.sampled_from(POLICIES), min_size=1, max_size=5))
def test_invariants_with_shipped_policies(rules, seed, policies):
    g = game(**rules)
    play_checked(g, seed, [choice(g, name) for name in policies])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=configs(), seed=st_.integers(0, 2**32), data=st_.data())
def test_invariants_with_arbitrary_actions(rules, seed, data):
    g = game(**rules)
    play_checked(g, seed, None, pick=lambda n: data.draw(st_.integers(0, n - 1), label="action"))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st_.integers(1, 5), seed=st_.integers(0, 2**63 - 1))
def test_invariants_greedy_default_rules(n, seed):
    g = game(n_players=n)
    play_checked(g, seed, [choice(g, "greedy")])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st_.integers(1, 5), seed=st_.integers(0, 2**63 - 1), flip=st_.sampled_from([0.0, 0.3, 1.0]))
def test_invariants_random_policy(n, seed, flip):
    rules = {"n_players": n}
    if n == 1:
        rules.update(solo_mode="vincent", vincent_flip_p=flip)
    elif n <= 3:
        rules.update(vincent_in_multiplayer=True, vincent_flip_p=flip)
    g = game(**rules)
    play_checked(g, seed, [choice(g, "random")])
