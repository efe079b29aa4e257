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
