"""The base game (spec §10): the painting market, take_painting, painting several paintings, exhibit on completion
(with Degas), the Phase 3 market refresh and reshuffle, Module 1 with take_painting, limited supply, and whole
games of the shipped `base` ruleset."""

from pathlib import Path

import numpy as np
import pytest

import simkit

from cdp_helpers import (after_setup, check_invariants, field, game, random_choice, recount, setf, slot_of,
                         turn_position)
from simkit.core.experiment import load_experiment
from simkit.core.pyloop import play_with_step_api
from simkit.games.couleurs.rules.components import PAINTERS
from simkit.games.couleurs.engine.state import ACCEPT, BUY, PAINT_CUBE, STOP, TAKE, TARGET, TRIG_EXHIBIT, USE, Stage

R_, Y_, B_, O_, G_, P_, W_, K_ = range(8)
BASE = {"ruleset": "base"}


def base_setup(n=2, seed=1, **rules):
    return after_setup(n, seed, **BASE, **rules)


def give(st, p, cards, filled=()):
    """Give player p the market-mode paintings `cards` (card indices), in progress; filled[k] squares of card k
    are pre-filled with their grid colour (counted as gained)."""
    for k, card in enumerate(cards):
        field(st, "cards")[p, k] = card
        field(st, "card_state")[p, k] = 1
        field(st, "complete")[p, k] = 0
        field(st, "squares")[p, k] = -1
        for q in (filled[k] if k < len(filled) else ()):
            field(st, "squares")[p, k, q] = st.rules["card_grid"][card, q]
    field(st, "n_kept")[p] = len(cards)
    recount(st)


def grid(st, card):
    return st.rules["card_grid"][card].tolist()


def not_in_market(st, count):
    """`count` cards taken off the undrawn deck (so giving them keeps every card in one place)."""
    rec = st.record
    size = int(rec["deck_size"])
    setf(st, "deck_size", size - count)
    return [int(c) for c in rec["deck"][size - count:size]]


@pytest.mark.parametrize("n, size", [(2, 3), (3, 4), (4, 4)])
def test_base_setup_deals_the_market_and_no_paintings(n, size):
    st = game(n_players=n, **BASE).new_initial_state(3)
    rec = st.record
    assert rec["stage"] == 2 and (rec["n_kept"][:n] == 0).all() and (rec["hand_n"][:n] == 0).all()
    assert (rec["market"][:size] >= 0).all() and (rec["market"][size:] == -1).all()
    assert rec["deck_pos"] == size and rec["deck_size"] == 4 * (n * 2 if n < 4 else 8)
    # limited supply: box counts minus the start pigments
    assert rec["supply"][:3].tolist() == [30 - n] * 3 and rec["supply"][3:7].tolist() == [25, 25, 25, 40]
    assert st.observation(0).painting_market == tuple(int(st.game.rules.paintings.ids[c]) for c in rec["market"][:size])
    check_invariants(st)


def test_base_values_and_rules_differ_from_variant_j():
    v = game(**BASE).rules.values
    assert v["painting_values"] == [10, 12, 14, 16] and v["active_painting_limit"] == 0
    assert v["exhibit_mode"] == "on_completion" and not v["unlimited_supply"] and not v["end_on_track_end"]
    assert game(**BASE).rules.board.wheel[11] == 12  # sector 11 is take_painting


def test_take_painting_from_the_market():
    st = base_setup()
    j = slot_of(st, "take_painting")
    turn_position(st, 0, slots=(j,))
    market = st.record["market"][:3].tolist()
    st.apply_action(USE + j)
    assert st.record["stage"] == Stage.TAKE_PAINTING and st.legal_actions() == [TAKE, TAKE + 1, TAKE + 2]
    st.apply_action(TAKE + 1)
    rec = st.record
    assert rec["n_kept"][0] == 1 and rec["cards"][0, 0] == market[1] and rec["card_state"][0, 0] == 1
    assert rec["market"][:3].tolist() == [market[0], -1, market[2]]  # the place stays empty until Phase 3
    assert st.observation(1).paintings[0][0]["grid"] is not None  # grid side up: public
    check_invariants(st)


def test_no_painting_limit_by_default_and_a_limit_when_set():
    st = base_setup()
    j = slot_of(st, "take_painting")
    for k in range(3):
        turn_position(st, 0, slots=(j,))
        st.apply_action(USE + j)
        st.apply_action(st.legal_actions()[0])
    assert st.record["n_kept"][0] == 3
    turn_position(st, 0, slots=(j,))
    assert USE + j not in st.legal_actions()  # market empty until Phase 3
    limited = base_setup(active_painting_limit=1)
    turn_position(limited, 0, slots=(j,))
    limited.apply_action(USE + j)
    limited.apply_action(limited.legal_actions()[0])
    turn_position(limited, 0, slots=(j,))
    assert USE + j not in limited.legal_actions()


def test_paint_spreads_cubes_over_several_paintings():
    st = base_setup()
    a, b = not_in_market(st, 2)
    give(st, 0, [a, b])
    field(st, "reserve")[0, :6] = 3
    j = slot_of(st, "paint")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)  # Brush 2
    assert st.record["stage"] == Stage.PAINT_TARGET and st.legal_actions() == [STOP, TARGET, TARGET + 1]
    st.apply_action(TARGET + 1)
    assert st.record["stage"] == Stage.PAINT and st.record["target"] == 1
    q = 0
    st.apply_action(PAINT_CUBE + 8 * q + grid(st, b)[q])
    assert st.record["stage"] == Stage.PAINT_TARGET  # the next cube may go elsewhere
    st.apply_action(TARGET)
    st.apply_action(PAINT_CUBE + 8 * 4 + grid(st, a)[4])
    rec = st.record
    assert rec["stage"] == Stage.TURN and rec["squares"][0, 0, 4] == grid(st, a)[4]
    assert rec["squares"][0, 1, 0] == grid(st, b)[0] and (rec["squares"][0, :2] >= 0).sum() == 2
    check_invariants(st)


def test_per_painting_limits_apply_to_each():
    st = base_setup()
    a, b = not_in_market(st, 2)
    give(st, 0, [a, b])
    field(st, "squares")[0, 0, :3] = W_
    field(st, "reserve")[0, W_] = 5
    field(st, "reserve")[0, :6] = 0
    j = slot_of(st, "paint")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    assert st.legal_actions() == [STOP, TARGET + 1]  # painting 0 already holds 3 whites


def paint_the_ninth_square(st, white=False):
    """Player 0 holds paintings a (8 squares filled; square 0 white if `white`) and b (empty), Brush 3, and
    paints a's last square with the first cube of a paint action. Returns (a, b)."""
    a, b = not_in_market(st, 2)
    give(st, 0, [a, b], filled=[range(8)])
    if white:
        field(st, "squares")[0, 0, 0] = W_  # one white stays with the exhibited painting
    field(st, "reserve")[0, :6] = 3
    field(st, "space")[0, 2] = 2  # Brush 3
    j = slot_of(st, "paint")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    st.apply_action(TARGET)
    st.apply_action(PAINT_CUBE + 8 * 8 + grid(st, a)[8])
    return a, b


def test_exhibit_on_completion_then_the_paint_action_continues():
    st = base_setup(n=2)
    paint_the_ninth_square(st, white=True)
    rec = st.record
    assert rec["card_state"][0, 0] == 2 and rec["exhibited"][0] == 1 and rec["complete"][0, 0]
    assert rec["squares"][0, 0].tolist() == [W_] + [-1] * 8  # coloured cubes back to the supply
    assert rec["stage"] == Stage.PAINT and rec["target"] == 1 and rec["pend_count"] == 2  # continues on b
    assert not rec["triggers"]
    check_invariants(st)


def test_second_completed_painting_triggers_the_end():
    st = base_setup(n=2)
    a, = not_in_market(st, 1)
    give(st, 0, [a], filled=[range(8)])
    field(st, "exhibited")[0] = 1
    field(st, "reserve")[0, :6] = 3
    j = slot_of(st, "paint")
    turn_position(st, 0, slots=(j,), extra_whites=0)
    st.apply_action(USE + j)
    st.apply_action(PAINT_CUBE + 8 * 8 + grid(st, a)[8])
    assert st.record["triggers"] & TRIG_EXHIBIT and st.is_terminal()
    assert st.end_reason == "paintings_exhibited"


def test_degas_on_completion_moves_cubes_to_another_painting_then_painting_resumes():
    st = base_setup(n=2, module_painters=True)
    field(st, "painter")[:] = -1
    field(st, "painter")[0] = PAINTERS.index("degas")
    a, b = paint_the_ninth_square(st)
    rec = st.record
    assert rec["card_state"][0, 0] == 2 and rec["degas_src"] == 0
    movable = [PAINT_CUBE + 8 * q + c for q, c in enumerate(grid(st, b)) if c in grid(st, a)]
    assert rec["stage"] == Stage.DEGAS and rec["target"] == 1 and st.legal_actions() == [STOP] + movable
    st.apply_action(movable[0])
    check_invariants(st)
    st.apply_action(STOP)  # the other coloured cubes go to the supply; the paint action resumes
    rec = st.record
    assert rec["degas_src"] == -1 and not ((rec["squares"][0, 0] >= 0) & (rec["squares"][0, 0] < 6)).any()
    assert rec["stage"] == Stage.PAINT and rec["pend_count"] == 2 and (rec["squares"][0, 1] >= 0).sum() == 1
    check_invariants(st)


def phase3(st, rotation):
    """End Phase 2 now (nobody has an assistant standing) with the wheel at `rotation` before it turns."""
    turn_position(st, 0, slots=(), extra_whites=1)
    setf(st, "rotation", rotation)
    recount(st)
    st.apply_action(USE + 24 + 3)  # whites: the last assistant; Phase 3 follows
    while st.record["stage"] != 2:
        st.apply_action(st.legal_actions()[0])


def test_market_refills_empty_places_and_a_half_turn_replaces_it():
    st = base_setup(n=2)
    market = st.record["market"][:3].tolist()
    field(st, "market")[1] = -1
    field(st, "paint_discard")[0] = market[1]  # keep the card accounted for
    setf(st, "paint_discard_n", 1)
    top = int(st.record["deck"][st.record["deck_pos"]])
    phase3(st, 0)  # R 0 -> 1: no half-turn
    assert st.record["market"][:3].tolist() == [market[0], top, market[2]]
    check_invariants(st)
    before = st.record["market"][:3].tolist()
    phase3(st, 5)  # R 5 -> 6: a half-turn discards the market and deals a fresh one
    rec = st.record
    assert set(rec["paint_discard"][: rec["paint_discard_n"]].tolist()) >= set(before)
    assert not set(rec["market"][:3].tolist()) & set(before)
    check_invariants(st)


@pytest.mark.parametrize("reshuffle", [True, False])
def test_empty_deck_reshuffles_the_discards_or_leaves_places_empty(reshuffle):
    st = base_setup(n=2, painting_deck_reshuffle=reshuffle)
    rec = st.record
    undrawn = rec["deck"][rec["deck_pos"]:rec["deck_size"]].tolist()
    field(st, "paint_discard")[: len(undrawn)] = undrawn  # the whole deck was discarded earlier
    setf(st, "paint_discard_n", len(undrawn))
    setf(st, "deck_pos", rec["deck_size"])
    market = rec["market"][:3].tolist()
    phase3(st, 5)  # half-turn: the market goes to the discards
    rec = st.record
    if reshuffle:
        assert (rec["market"][:3] >= 0).all() and rec["paint_discard_n"] == 0
        assert sorted(rec["deck"][: rec["deck_size"]].tolist()) == sorted(undrawn + market)
    else:
        assert (rec["market"][:3] == -1).all() and rec["paint_discard_n"] == len(undrawn) + 3
    check_invariants(st)


def test_module1_take_painting_may_buy_a_bonus_card_instead():
    st = base_setup(n=2, module_bonus_cards=True)
    field(st, "reserve")[0, W_] = 6
    j = slot_of(st, "take_painting")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    legal = st.legal_actions()
    assert st.record["stage"] == Stage.EXHIBIT_OR_BUY and ACCEPT not in legal
    assert [a for a in legal if a >= TAKE] == [TAKE, TAKE + 1, TAKE + 2]
    assert [a for a in legal if BUY <= a < BUY + 8]
    st.apply_action([a for a in legal if BUY <= a < BUY + 8][0])
    assert st.record["stage"] == Stage.BONUS_CARD
    legal = st.legal_actions()
    assert ACCEPT not in legal and [a for a in legal if a >= TAKE] == [TAKE, TAKE + 1, TAKE + 2]
    st.apply_action(TAKE + 2)  # the card's exhibit alternative becomes take a painting
    assert st.record["n_kept"][0] == 1 and st.record["market"][2] == -1
    check_invariants(st)


def test_limited_supply_gain_takes_what_remains():
    st = base_setup(n=2)
    field(st, "supply")[R_] = 1
    field(st, "reserve")[1, R_] = 28
    j = slot_of(st, "get_red")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    assert st.record["reserve"][0, R_] == 2 and st.record["supply"][R_] == 0
    check_invariants(st)


# ---- whole games --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n, rules", [(2, {}), (3, {"module_painters": True}), (4, {"module_bonus_cards": True}),
                                      (3, {"module_painters": True, "module_bonus_cards": True}),
                                      (2, {"active_painting_limit": 2, "module_painters": True})])
def test_base_batch_path_equals_step_path(n, rules):
    g = game(n_players=n, **BASE, **rules)
    seeds = np.arange(500 + n, 500 + n + 12, dtype=np.uint64)
    choice = random_choice(g)
    seats = np.zeros((len(seeds), n), np.int64)
    fast = g.play_batch(seeds, [choice], seats)
    slow = play_with_step_api(g, seeds, [choice], seats, g.record_result)
    again = g.play_batch(seeds, [choice], seats)  # §13.10: same seed, same game
    for name in fast:
        assert np.array_equal(fast[name], slow[name]), name
        assert np.array_equal(fast[name], again[name]), name
    assert (fast["rounds"] <= 30).all()


@pytest.mark.parametrize("name", ["base", "variant-j"])
def test_shipped_experiment_files_load_and_play(name):
    exp = load_experiment(Path(__file__).parents[2] / "scenarios" / "couleurs" / f"{name}.toml")
    cell = exp.cells[0]
    assert cell.game.rules["ruleset"] == name.replace("-", "_")
    g = simkit.make("couleurs", dict(cell.game.rules.values))
    res = g.play_batch(np.arange(6, dtype=np.uint64), list(cell.lineup), np.tile(np.arange(4), (6, 1)))
    assert (res["rounds"] <= 30).all() and (res["end_reason"] != "").all()
    assert np.allclose(res["win_share"].sum(axis=1), 1.0)


def test_descriptions_and_observations_through_a_base_game():
    g = game(n_players=3, **BASE, module_painters=True, module_bonus_cards=True, bonus_card_option="B")
    state = g.new_initial_state(41)
    choice = random_choice(g)
    seen = set()
    while not state.is_terminal():
        for a in state.legal_actions():
            assert isinstance(state.describe_action(a), str)
        obs = state.observation(state.current_player)
        seen.add(obs.stage)
        assert len(obs.painting_market) == 4 and len(obs.bonus_held) == 3
        state.apply_action(state.compiled_action(choice))
    assert {"take_painting", "paint", "use_held"} <= seen
