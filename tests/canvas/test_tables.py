"""Policy tables are derived from the scoring rules: every set's vectors are exactly the non-dominated
ribbon vectors of its stacking orders, and games that share data and painting rules share the tables."""

import itertools

import numpy as np

import simkit
from simkit.games.canvas.engine.scoring import BONUS, painting_ribbons


def _direct_vectors(masks, cards, scoring):
    vectors = set()
    for order in itertools.permutations(cards):
        out = np.zeros(BONUS + 1, np.int8)
        painting_ribbons(masks, np.array(order, np.int64), len(order), 0, out)
        vectors.add(tuple(out[list(scoring)]) + (int(out[BONUS]),))
    return {v for v in vectors if not any(w != v and all(a >= b for a, b in zip(w, v)) for w in vectors)}


def test_table_holds_the_non_dominated_vectors_of_every_order():
    game = simkit.make("canvas", {"scoring_cards": ["Space", "Symmetry", "Movement", "Variety"]})
    scoring = game.rules.fixed_scoring
    table = game.scenario(scoring).table
    rng = np.random.default_rng(0)
    for _ in range(400):
        cards = sorted(rng.choice(60, 3, replace=False).tolist())
        t = sum(table.binom[c, j + 1] for j, c in enumerate(cards))
        got = {tuple(int(x) for x in table.vecs[t, v]) for v in range(table.n_vecs[t])}
        assert got == _direct_vectors(game.rules.deck.masks, cards, scoring)
        for v in range(table.n_vecs[t]):  # the stored order achieves its vector
            order = [cards[i] for i in table.orders[table.vec_order[t, v]]]
            out = np.zeros(BONUS + 1, np.int8)
            painting_ribbons(game.rules.deck.masks, np.array(order, np.int64), 3, 0, out)
            assert tuple(out[list(scoring)]) + (int(out[BONUS]),) == tuple(int(x) for x in table.vecs[t, v])


def test_games_differing_in_players_or_solo_mode_share_tables():
    cards = ["Composition", "Variety"]
    a = simkit.make("canvas", {"scoring_cards": cards, "n_players": 1, "solo_mode": "vincent"})
    b = simkit.make("canvas", {"scoring_cards": cards, "n_players": 4})
    c = simkit.make("canvas", {"scoring_cards": cards, "bonus_ribbon_points": 3})
    scoring = a.rules.fixed_scoring
    assert a.scenario(scoring).table is b.scenario(scoring).table
    assert (c.scenario(scoring).rules_arr["card_quality"] != a.scenario(scoring).rules_arr["card_quality"]).any()


def test_the_policy_table_groups_sets_by_their_vectors_and_completes_every_smaller_set():
    for rules in ({"scoring_cards": ["Space", "Symmetry", "Movement", "Variety"]},
                  {"cards_per_painting": 2, "hand_limit": 4, "scoring_cards": ["Composition", "Style"]}):
        game = simkit.make("canvas", rules)
        scenario = game.scenario(game.rules.fixed_scoring)
        table, policy = scenario.table, scenario.policy_table
        k, n = game.rules["cards_per_painting"], len(game.rules.deck.masks)
        rng = np.random.default_rng(1)
        for _ in range(300):
            cards = sorted(rng.choice(n, k, replace=False).tolist())
            t = sum(table.binom[c, j + 1] for j, c in enumerate(cards))
            own = [tuple(v) for v in table.vecs[t, : table.n_vecs[t]].tolist()]
            for left_out in range(k):  # the set is the completion of each of its (k-1)-subsets
                rest = cards[:left_out] + cards[left_out + 1:]
                rank = sum(table.binom[c, j + 1] for j, c in enumerate(rest))
                c = policy.completion[rank, cards[left_out]]
                vectors = [tuple(v) for v in policy.class_vectors[c].tolist() if v[0] >= 0]
                assert vectors == own  # its class holds its vectors, in the table's order
                assert policy.completion[rank, rest].tolist() == [-1] * len(rest)  # a card of the subset itself
            order = table.vec_order[t, : table.n_vecs[t]].tolist()
            assert policy.vec_order[t, : table.n_vecs[t]].tolist() == order


def test_a_value_cache_with_fewer_rows_than_gains_states_plays_the_same_games():
    from simkit.core.compiled import policy_vector
    from simkit.core.policy import resolve_policy

    game = simkit.make("canvas", {"n_players": 3})
    key = game.rules.fixed_scoring
    scenario = game.scenario(key)
    lineup = [resolve_policy(game, {"policy": name}) for name in ("greedy", "planner", "greedy")]
    ids = np.array([[game.policy_ids[c.name] for c in lineup]] * 300, np.int8)
    params = np.array([[policy_vector(c, game.policy_params, game.max_policy_params) for c in lineup]] * 300)
    seeds = np.arange(300, dtype=np.uint64)
    outputs = []
    for rows in (scenario.gains_states, 3):  # every state a row of its own; three rows that states displace
        table, _, ws, search_ws = game.policy_args(key, ids[0])
        values = np.zeros((rows, len(table.class_vectors)), np.float32)
        out = game.layout.new(len(seeds), 3)
        state = game.new_state_record()
        assert game.engine.play_games(scenario.rules_arr[0], state[0], seeds, ids, params, out, table, values, ws,
                                      search_ws) == -1
        outputs.append(out)
    assert scenario.gains_states > 3
    for name in outputs[0]._fields:
        assert np.array_equal(getattr(outputs[0], name), getattr(outputs[1], name)), name
