"""Property tests: the invariants of spec §7.1 after every atomic action of random games, in several rule
configurations, and the recorded results of the finished games."""

import numpy as np
from hypothesis import given, settings, strategies as st

from scripted import game
from simkit.core.policy import resolve_policy
from simkit.games.atelier.engine.layout import END_TURN, REROLL, SLOT, Stage
from simkit.games.atelier.engine.scoring import patron_score
from simkit.games.atelier.rules.vocabulary import Effect

CONFIGS = [
    {"n_players": 2}, {"n_players": 3}, {"n_players": 4},
    {"n_players": 3, "student_return_choice": "random", "collect_ties_player_counts": [3],
     "allow_null_die_actions": True},
    {"n_players": 2, "data": "alternatives/stronger-powers", "patron_deal": 3, "patron_keep": 2},
    {"n_players": 4, "free_actions_after_b": True, "max_rerolls_per_turn": 2},
]
# between complete actions (spec §6.1b #23): not inside an action's argument stages
COMPLETE = {Stage.KEEP_PATRON, Stage.INITIAL_STUDENT, Stage.TURN, Stage.DONE}


def check_state(state) -> None:
    g, s = state.game, state.record
    n, v = g.n_players, g.rules.values
    k, m = len(g.rules.paintings), len(g.rules.patrons)
    paint, pile = s["paint"][:n], s["pile"]
    assert (paint >= 0).all() and (pile >= 0).all()
    if v["paint_supply_limited"]:
        assert (pile + paint.sum(axis=0) == v["paint_per_colour"]).all(), "paint is conserved"
    assert (s["tokens"][:n] >= 0).all() and s["supply"] >= 0
    if v["inspiration_supply_limited"]:
        assert s["supply"] + s["tokens"][:n].sum() == v["inspiration_tokens"], "Inspiration is conserved"
    students = s["students"][:n]
    assert (students >= 0).all() and (s["pool"][:n] >= 0).all()
    assert (s["pool"][:n] + students.sum(axis=1) == v["students_per_player"]).all(), "students are conserved"
    row = [c for c in s["row"][: v["row_size"]] if c >= 0]
    deck = list(s["order"][s["deck_pos"]:k])
    owned = list(np.flatnonzero(s["owner"][:k] >= 0))
    assert sorted(row + deck + owned) == list(range(k)), "each card in exactly one place"
    if Stage(int(s["stage"])) in COMPLETE and deck:
        assert len(row) == v["row_size"], "the row is full while the deck is not empty"
    patron_deck = list(s["patron_order"][s["patron_top"]:s["patron_end"]])
    held = list(np.flatnonzero(s["patron_owner"][:m] >= 0))
    dealt = [d for d in s["dealt"][:n].ravel() if d >= 0]
    assert sorted(patron_deck + held + dealt) == list(range(m)), "each patron in exactly one place"
    if s["round"] >= 1:
        assert all((s["patron_owner"][:m] == p).sum() >= v["patron_keep"] for p in range(n))
        dice = s["dice"][:n]
        assert (dice >= 0).all() and (dice.sum(axis=1) <= v["dice_per_player"]).all()
        assert (s["round_turns"][:n] <= v["dice_per_player"]).all(), "at most 4 turns per round"
    if s["first_master"] >= 0:
        holder = int(s["first_master"])
        assert g.rules.paintings.masterpiece[s["owner"][:k] == holder].sum() >= v["masterpieces_to_trigger"]
    check_holdings(state)


def check_holdings(state) -> None:
    """The values the engine keeps up to date as paintings, patrons and students move are those of the owners and
    the students."""
    g, s = state.game, state.record
    cards, n = g.rules.paintings, g.n_players
    mine = [s["owner"][: len(cards)] == p for p in range(n)]
    theirs = [s["patron_owner"][: len(g.rules.patrons)] == p for p in range(n)]
    assert s["owned"][:n].tolist() == [sum(1 << int(c) for c in np.flatnonzero(m)) for m in mine]
    assert s["patrons_held"][:n].tolist() == [sum(1 << int(c) for c in np.flatnonzero(m)) for m in theirs]
    for p in range(n):
        assert s["category_count"][p].tolist() == np.bincount(cards.category[mine[p]], minlength=4).tolist()
        assert s["masterpiece_count"][p] == cards.masterpiece[mine[p]].sum()
        for effect in Effect:
            has = mine[p] & (cards.power_effect == effect)
            assert s["power_copies"][p, effect] == has.sum()
            assert s["power_amount"][p, effect] == cards.power_amount[has].sum()
    for c in range(4):  # by most students first, the lower seat first on a tie
        assert s["pile_rank"][c][:n].tolist() == sorted(range(n), key=lambda q: (-s["students"][q, c], q))


def check_transition(state, before, action) -> None:
    """What one action may change: reroll only before a die is spent; a turn ends with a main action; a painting
    is paid its cost (wild_paint substitutions aside)."""
    g, s = state.game, state.record
    if before["stage"] == Stage.TURN and action == REROLL:
        assert before["spent"] == 0
    if before["stage"] == Stage.TURN and action == END_TURN:
        assert before["spent"] >= 1 or before["main"] != 0
    if before["stage"] == Stage.PAINT:
        state.paying = (int(before["current"]), before["row"][action - SLOT], before["paint"].copy())
    if getattr(state, "paying", None) and s["owner"][state.paying[1]] == state.paying[0]:
        p, card, held = state.paying
        paid = held[p] - s["paint"][p]
        cost = g.rules.paintings.cost[card].astype(int)
        cards = g.rules.paintings
        wild = cards.power_amount[(s["owner"][: len(cards)] == p) & (cards.power_effect == Effect.WILD_PAINT)].sum()
        assert paid.sum() == cost.sum() and np.maximum(cost - paid, 0).sum() <= wild, "payment = cost"
        state.paying = None


def check_result(state) -> None:
    g, s = state.game, state.record
    n = g.n_players
    result = g.record_result(state)
    scores = result["score"][0]
    assert (scores == result["painting_vp"][0] + result["patron_vp"][0] + result["first_master_vp"][0]).all()
    cap = g.rules.patrons.cap
    for patron in range(len(cap)):
        p = int(s["patron_owner"][patron])
        if p >= 0:
            value = patron_score(state.rules, s, p, patron)
            assert 0 <= value and (cap[patron] < 0 or value <= cap[patron])
    keys = [(scores[p], s["paint"][p].sum(), int(s["first_master"] == p)) for p in range(n)]
    assert result["rank"][0].tolist() == [1 + sum(keys[q] > keys[p] for q in range(n)) for p in range(n)]
    if result["truncated"][0, 0]:
        assert s["round"] == g.rules["max_rounds"]
    else:
        assert s["first_master"] >= 0 and s["round"] == s["trigger_round"] + g.rules["final_rounds_after_trigger"]


@settings(max_examples=8, deadline=None)  # each example plays a whole game in Python (about 2 s)
@given(config=st.sampled_from(range(len(CONFIGS))), seed=st.integers(0, 2**32 - 1),
       compiled=st.booleans())
def test_invariants_after_every_action_of_random_games(config, seed, compiled):
    g = game(**CONFIGS[config])
    state = g.new_initial_state(seed)
    random = resolve_policy(g, {"policy": "random"})
    rng = np.random.default_rng(seed)
    check_state(state)
    while not state.is_terminal():
        before = state.record.copy()
        legal = state.legal_actions()
        action = state.compiled_action(random) if compiled else legal[rng.integers(len(legal))]
        state.apply_action(action)
        check_transition(state, before, action)
        check_state(state)
    check_result(state)


def test_same_seed_same_game():
    g = game(3)
    random = resolve_policy(g, {"policy": "random"})
    a = g.play_batch(np.arange(5, dtype=np.uint64), [random], np.zeros((5, 3), np.int64))
    b = g.play_batch(np.arange(5, dtype=np.uint64), [random], np.zeros((5, 3), np.int64))
    assert all(np.array_equal(a[c], b[c]) for c in a)
