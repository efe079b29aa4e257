"""What `CanvasState.observation` shows a Python policy: everything public (spec §1, §5, §6), nothing hidden."""

import dataclasses

import numpy as np
import pytest

from canvas_helpers import game

# Every field of the observation. A new field must be added here and checked in `expected_observation`.
PUBLIC_FIELDS = {"player", "current_player", "first_player", "turn", "scoring_cards", "market", "market_tokens",
                 "deck_size", "removed", "hand", "hands", "hand_sizes", "tokens", "paintings", "ribbons",
                 "grey_ribbons", "vincent_tokens", "reserve", "actions"}

CONFIGS = [
    {"n_players": 3},
    {"n_players": 2, "vincent_in_multiplayer": True},
    {"n_players": 1, "solo_mode": "vincent"},
    {"n_players": 1, "solo_mode": "puzzle"},
]


def expected_observation(st, player):
    """The public part of the state, read from the record field by field."""
    s = st.record
    g = st.game
    n, m, k = g.rules["n_players"], g.rules["market_size"], g.rules["cards_per_painting"]
    card_id = lambda i: int(g.rules.deck.ids[i])
    hands = tuple(tuple(card_id(c) for c in s["hand"][p, : s["hand_size"][p]]) for p in range(n))
    return {
        "player": player, "current_player": int(s["current"]), "first_player": int(s["first_player"]),
        "turn": int(s["turn"]), "scoring_cards": tuple(g.rules.scoring.names[c] for c in st.scoring),
        "market": tuple(card_id(c) for c in s["market"][:m]),
        "market_tokens": tuple(int(t) for t in s["market_tokens"][:m]),
        "deck_size": int(s["deck_size"]) - int(s["deck_pos"]),
        "removed": tuple(card_id(c) for c in s["removed_cards"][: s["removed"]]),
        "hand": hands[player], "hands": hands, "hand_sizes": tuple(int(h) for h in s["hand_size"][:n]),
        "tokens": tuple(int(t) for t in s["tokens"][:n]),
        "paintings": tuple(tuple(tuple(card_id(c) for c in s["paintings"][p, i, :k])
                                 for i in range(s["n_paintings"][p])) for p in range(n)),
        "ribbons": tuple({g.rules.scoring.names[c]: int(s["ribbons"][p, c]) for c in st.scoring} for p in range(n)),
        "grey_ribbons": tuple(int(x) for x in s["grey"][:n]),
        "vincent_tokens": int(s["vincent_tokens"]), "reserve": int(s["reserve"]),
        "actions": ({a: st.describe_action(a) for a in st.legal_actions()}
                    if player == st.current_player else {}),
    }


def play(rules, seed):
    """Yield the states of a game played with random legal actions."""
    g = game(**rules)
    st = g.new_initial_state(seed)
    rng = np.random.default_rng(seed)
    while not st.is_terminal():
        yield st
        legal = st.legal_actions()
        st.apply_action(legal[rng.integers(len(legal))])
    yield st


@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()))
def test_observation_holds_every_public_field(rules):
    seen_removed = seen_tokens = False
    for st in play(rules, seed=11):
        n = st.game.n_players
        for p in range(n):
            obs = st.observation(p)
            assert {f.name for f in dataclasses.fields(obs)} == PUBLIC_FIELDS
            assert dataclasses.asdict(obs) == expected_observation(st, p)
        # the public cards and the unseen deck are the whole deck, each card once (cards are conserved)
        shown = [*obs.market, *obs.removed, *(c for h in obs.hands for c in h),
                 *(c for ps in obs.paintings for painting in ps for c in painting)]
        assert len(shown) + obs.deck_size == len(st.game.rules.deck)
        assert len(set(shown)) == len(shown)
        seen_removed |= len(obs.removed) > 0
        seen_tokens |= obs.vincent_tokens + obs.reserve > 0
    if rules.get("solo_mode") or rules.get("vincent_in_multiplayer"):
        assert seen_removed and seen_tokens, "the game exercised Vincent's tokens or the reserve, and removals"
    else:
        assert not seen_removed and not seen_tokens


@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()))
def test_observation_does_not_leak_hidden_chance(rules):
    """Reordering the undrawn deck, or redrawing Vincent's future flips, changes nothing a player sees."""
    for turn, st in enumerate(play(rules, seed=5)):
        if turn % 4 or st.is_terminal():
            continue
        before = [st.observation(p) for p in range(st.game.n_players)]
        s = st._arr[0]
        lo, hi = int(s["deck_pos"]), int(s["deck_size"])
        undrawn = np.array(s["deck"][lo:hi])
        s["deck"][lo:hi] = undrawn[::-1]
        s["vincent_rng"][0] ^= np.uint64(0x9E3779B97F4A7C15)
        assert [st.observation(p) for p in range(st.game.n_players)] == before
        s["deck"][lo:hi] = undrawn  # the game goes on with its own deck
        s["vincent_rng"][0] ^= np.uint64(0x9E3779B97F4A7C15)


def test_removed_lists_the_cards_vincent_took_and_the_puzzle_discarded():
    st = game(n_players=1, solo_mode="vincent", vincent_flip_p=0.0).new_initial_state(3)
    market = st.observation(0).market
    st.apply_action(0)  # the player takes slot 1; Vincent, no token face up, takes the new slot 1
    assert st.observation(0).removed == (market[1],)

    st = game(n_players=1, solo_mode="puzzle").new_initial_state(3)
    market = st.observation(0).market
    st.apply_action(2)  # take slot 3: the two skipped cards are discarded
    assert st.observation(0).removed == market[:2]
    assert st.observation(0).hand == (market[2],)
