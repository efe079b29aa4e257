"""Couleurs de Paris engine: setup (§2), board (§3), the three phases (§6), every implemented action (§7),
draft and active painting (§8), end triggers (§9.1), scoring and tie-breaks (§9.2-§9.4)."""

import numpy as np
import pytest

from cdp_helpers import after_setup, check_invariants, field, game, recount, setf, slot_of, turn_position
from simkit.games.couleurs.engine import transitions as engine
from simkit.games.couleurs.engine.state import (CARD, COLOUR, COPY, DECLINE, HIRE, KEEP, PAINT_CUBE, PLACE, ROTATE,
                                                STOP, TOKEN, TRIG_BLACK, TRIG_EXHIBIT, TRIG_TRACK, USE, Stage)

R_, Y_, B_, O_, G_, P_, W_, K_ = range(8)
MAX_S = 24
FIRST, IMITATOR, ROT, WHITES = (MAX_S + u for u in range(4))


# ---- setup ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n, blacks, types, caps", [(2, 3, 4, 12), (3, 4, 6, 16), (4, 5, 8, 18)])
def test_setup_by_player_count(n, blacks, types, caps):
    st = game(n_players=n).new_initial_state(5)
    rec = st.record
    rules = st.rules
    assert rec["supply"][K_] == blacks
    assert rec["in_play_types"].sum() == types and rec["deck_size"] == 4 * types
    assert rules["cap"][:12].sum() == caps
    if n == 2:
        assert rules["cap"][3] == 0 and rules["cap"][9] == 0
    for p in range(n):
        assert rec["reserve"][p].tolist() == [1, 1, 1, 0, 0, 0, 0, 0]
        assert rec["space"][p].tolist() == [1, 1, 1] and rec["owned"][p] == 3
    assert rec["stage"] == Stage.DRAFT and 0 <= rec["first_player"] < n
    check_invariants(st)


def test_first_player_and_types_vary_with_seed_but_not_with_variant():
    firsts = {int(game(n_players=3).new_initial_state(s).record["first_player"]) for s in range(30)}
    assert firsts == {0, 1, 2}
    for s in range(10):  # shared chance: a rule change does not move the deal (common random numbers)
        a = game(n_players=3).new_initial_state(s).record
        b = game(n_players=3, white_penalty=0, pigment_limit=10).new_initial_state(s).record
        assert a["hand"].tolist() == b["hand"].tolist() and a["first_player"] == b["first_player"]


def test_fixed_types_and_first_player():
    rec = game(n_players=2, painting_types_in_play=["T1", "T3", "T5", "T7"], first_player=1).new_initial_state(3).record
    assert np.flatnonzero(rec["in_play_types"]).tolist() == [0, 2, 4, 6] and rec["first_player"] == 1


def test_draft_pick_and_pass_left():
    st = game(n_players=3).new_initial_state(8)
    dealt = {p: st.record["hand"][p, :4].tolist() for p in range(3)}
    for p in range(3):
        assert st.current_player == p and st.legal_actions() == [CARD + i for i in range(4)]
        st.apply_action(CARD + 0)
    rec = st.record
    for p in range(3):
        assert rec["cards"][p, 0] == dealt[p][0]
        assert rec["hand"][(p + 1) % 3, :3].tolist() == dealt[p][1:]  # passed to the left
    while st.record["stage"] == Stage.DRAFT:
        st.apply_action(st.legal_actions()[-1])
    rec = st.record
    assert rec["stage"] == Stage.ACTIVE
    kept = sorted(int(c) for p in range(3) for c in rec["cards"][p, :4])
    assert kept == sorted(c for h in dealt.values() for c in h) and (rec["n_kept"][:3] == 4).all()
    for p in range(3):
        assert st.current_player == p
        st.apply_action(CARD + 2)
        assert st.record["card_state"][p, :4].tolist() == [0, 0, 1, 0]
    assert st.record["stage"] == Stage.PLACE and st.current_player == st.record["first_player"]


def test_keep_dealt_skips_the_draft():
    st = game(n_players=2, draft_mode="keep_dealt").new_initial_state(4)
    assert st.record["stage"] == Stage.ACTIVE and st.record["n_kept"][:2].tolist() == [4, 4]


# ---- board -----------------------------------------------------------------------------------------------------


def test_half_turn_golden_sequence():
    for rule, expected_at_12, expected_at_13 in (("landmark", 2, 2), ("since_refresh", 1, 2)):
        st = after_setup(2, half_turn_rule=rule)
        rec = st._arr[0]
        rules = st.rules
        for k in (1, 1, 1, 1, 1, 2):
            engine.rotate(rules, rec, k)
        assert st.record["rotation"] == 7 and st.record["half_turns"] == 1, rule
        for _ in range(5):
            engine.rotate(rules, rec, 1)
        assert st.record["rotation"] == 12 and st.record["half_turns"] == expected_at_12, rule
        engine.rotate(rules, rec, 1)
        assert st.record["half_turns"] == expected_at_13, rule
        engine.rotate(rules, rec, 0)
        assert st.record["half_turns"] == expected_at_13


def test_slot_faces_the_rotated_sector():
    st = after_setup(4)
    rec = st._arr[0]
    rules = st.rules
    assert engine.action_of_slot(rules, rec, 0) == 0  # get_red faces slot 0 at R = 0
    setf(st, "rotation", 3)
    recount(st)
    assert engine.action_of_slot(rules, rec, 3) == 0 and st.observation(0).slot_actions[3] == "get_red"


# ---- Phase 1 -----------------------------------------------------------------------------------------------------


def test_placement_rules():
    st = after_setup(2, seed=3)
    rec = st.record
    p = st.current_player
    legal = st.legal_actions()
    assert PLACE + 0 not in legal and PLACE + 6 not in legal and PLACE + 3 not in legal  # capacity 0
    assert PLACE + 1 in legal and PLACE + WHITES in legal and PLACE + IMITATOR in legal
    assert (PLACE + FIRST in legal) == (p != rec["first_player"])
    assert PLACE + FIRST not in legal  # the current player is the token holder at the first placement
    st.apply_action(PLACE + 1)  # slot 1 has capacity 1
    assert PLACE + 1 not in st.legal_actions() and st.current_player == 1 - p
    st.apply_action(PLACE + FIRST)
    st.apply_action(PLACE + WHITES)
    st.apply_action(PLACE + WHITES)  # whites is unlimited
    assert PLACE + FIRST not in st.legal_actions()
    while st.record["stage"] == Stage.PLACE:
        st.apply_action(st.legal_actions()[0])
    assert st.record["stage"] == Stage.TURN and st.current_player == st.record["first_player"]
    assert st.record["to_place"][:2].tolist() == [0, 0]
    check_invariants(st)


# ---- Phase 2 actions ------------------------------------------------------------------------------------------


def resolve(st, action_name, p=0):
    j = slot_of(st, action_name)
    turn_position(st, p, slots=(j,))
    st.apply_action(USE + j)
    return j


def test_get_primary_and_whites():
    st = after_setup(2)
    resolve(st, "get_yellow")
    assert st.record["reserve"][0, Y_] == 1 + 3 and st.record["stage"] == Stage.TURN
    field(st, "space")[0, 0] = 2  # Tube level 4
    turn_position(st, 0)
    st.apply_action(USE + WHITES)
    assert st.record["reserve"][0, W_] == 4
    check_invariants(st)


def test_mix_requires_inputs():
    st = after_setup(2)
    j = slot_of(st, "mix_orange")
    field(st, "reserve")[0, Y_] = 0
    turn_position(st, 0, slots=(j,))
    assert USE + j not in st.legal_actions() and DECLINE + j in st.legal_actions()
    field(st, "reserve")[0, Y_] = 1
    assert USE + j in st.legal_actions()
    st.apply_action(USE + j)
    assert st.record["reserve"][0, :4].tolist() == [0, 0, 1, 2]  # R, Y paid, 2 O (Palette level 2)


def test_decline_lays_down_without_effect():
    st = after_setup(2)
    j = slot_of(st, "get_red")
    turn_position(st, 0, slots=(j,))
    before = st.record["reserve"][0].copy()
    st.apply_action(DECLINE + j)
    assert st.record["reserve"][0].tolist() == before.tolist() and st.record["lower_standing"][0, j] == 0
    assert st.record["lower"][0, j] == 1 and st.record["declined"][0] == 1


def test_mix_black_and_last_black_trigger():
    st = after_setup(2)
    field(st, "reserve")[0, O_:P_ + 1] = 3
    j = slot_of(st, "mix_black")
    for left in (2, 1, 0):
        turn_position(st, 0, slots=(j,))
        st.apply_action(USE + j)
        assert st.record["supply"][K_] == left
    assert st.record["reserve"][0, K_] == 3 and st.record["triggers"] == TRIG_BLACK
    field(st, "reserve")[0, O_:P_ + 1] = 1
    turn_position(st, 0, slots=(j,))
    assert USE + j not in st.legal_actions()  # no black left in the supply
    check_invariants(st)


def test_upgrade_payment_and_level():
    st = after_setup(2)
    field(st, "reserve")[0, :] = [1, 0, 0, 0, 0, 0, 1, 2]
    j = slot_of(st, "upgrade_tube")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    assert st.record["stage"] == Stage.PAY
    assert st.legal_actions() == [COLOUR + R_, COLOUR + W_]  # never black
    st.apply_action(COLOUR + W_)
    st.apply_action(COLOUR + R_)
    assert st.record["space"][0, 0] == 2 and engine.level(st.rules, st._arr[0], 0, 0) == 4
    assert st.record["reserve"][0].tolist() == [0, 0, 0, 0, 0, 0, 0, 2] and st.record["stage"] == Stage.TURN
    turn_position(st, 0, slots=(j,))
    assert USE + j not in st.legal_actions()  # only black left
    check_invariants(st)


@pytest.mark.parametrize("choice", [HIRE, TOKEN])
def test_track_bonus_space_and_end(choice):
    st = after_setup(2)
    field(st, "reserve")[0, W_] = 10
    field(st, "space")[0, 2] = 5
    j = slot_of(st, "upgrade_brush")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    st.apply_action(COLOUR + W_)
    st.apply_action(COLOUR + W_)
    assert st.record["stage"] == Stage.BONUS and st.legal_actions() == [HIRE, TOKEN]
    st.apply_action(choice)
    rec = st.record
    assert rec["owned"][0] == (4 if choice == HIRE else 3) and rec["token"][0, 2] == (0 if choice == HIRE else 6)
    assert rec["triggers"] == 0
    check_invariants(st)
    for _ in range(2):
        turn_position(st, 0, slots=(j,))
        st.apply_action(USE + j)
        st.apply_action(COLOUR + W_)
        st.apply_action(COLOUR + W_)
    rec = st.record
    assert rec["space"][0, 2] == 8 and rec["token"][0, 2] == 10 and rec["triggers"] == TRIG_TRACK
    turn_position(st, 0, slots=(j,))
    assert USE + j not in st.legal_actions()  # last space: no upgrade
    check_invariants(st)


def test_hire_needs_a_reserve_assistant():
    st = after_setup(2, max_assistants=3)
    field(st, "reserve")[0, W_] = 4
    field(st, "space")[0, 1] = 5
    j = slot_of(st, "upgrade_palette")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    st.apply_action(COLOUR + W_)
    st.apply_action(COLOUR + W_)
    assert st.legal_actions() == [TOKEN]


def test_track_end_trigger_can_be_off():
    st = after_setup(2, end_on_track_end=False)
    field(st, "reserve")[0, W_] = 4
    field(st, "space")[0, 0] = 7
    field(st, "token_kind")[0, 0] = 1
    field(st, "token")[0, 0] = 6
    resolve(st, "upgrade_tube")
    st.apply_action(COLOUR + W_)
    st.apply_action(COLOUR + W_)
    assert st.record["token"][0, 0] == 10 and st.record["triggers"] == 0


def active(st, p=0):
    return engine.active_index(st.rules, st._arr[0], p)


def test_paint_rules():
    st = after_setup(2)
    i = active(st)
    card = st.record["cards"][0, i]
    grid = st.rules["card_grid"][card].tolist()
    field(st, "reserve")[0, :] = [5, 5, 5, 5, 5, 5, 5, 2]
    field(st, "space")[0, 2] = 8  # Brush level 6
    field(st, "token")[0, 2] = 10
    field(st, "token_kind")[0, 2] = 1
    j = slot_of(st, "paint")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    assert st.record["stage"] == Stage.PAINT
    legal = st.legal_actions()
    assert STOP in legal
    for q in range(9):
        for c in range(8):
            assert (PAINT_CUBE + 8 * q + c in legal) == (c == grid[q] or c >= W_)
    st.apply_action(PAINT_CUBE + 8 * 0 + K_)  # the signature
    assert all((a - PAINT_CUBE) % 8 != K_ for a in st.legal_actions() if a >= PAINT_CUBE)  # one black per painting
    for q in (1, 2, 3):
        st.apply_action(PAINT_CUBE + 8 * q + W_)
    assert all((a - PAINT_CUBE) % 8 != W_ for a in st.legal_actions() if a >= PAINT_CUBE)  # three whites at most
    st.apply_action(PAINT_CUBE + 8 * 4 + grid[4])
    st.apply_action(PAINT_CUBE + 8 * 5 + grid[5])  # 6th cube: Brush level reached, the turn ends
    assert st.record["stage"] == Stage.TURN
    assert st.record["squares"][0, i, :6].tolist() == [K_, W_, W_, W_, grid[4], grid[5]]
    check_invariants(st)
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    st.apply_action(STOP)
    assert st.record["stage"] == Stage.TURN


def fill(st, p, i, cubes):
    """Put cubes (colour per square, -1 = leave empty) on p's card i, as if gained and painted."""
    for q, c in enumerate(cubes):
        if c >= 0:
            field(st, "squares")[p, i, q] = c
    if all(c >= 0 for c in cubes):
        field(st, "complete")[p, i] = 1
    recount(st)


def test_paint_completes_and_exhibit():
    st = after_setup(2)
    i = active(st)
    grid = st.rules["card_grid"][st.record["cards"][0, i]].tolist()
    fill(st, 0, i, [W_, K_] + grid[2:8] + [-1])
    field(st, "reserve")[0, grid[8]] = 1
    j = resolve(st, "paint")
    st.apply_action(PAINT_CUBE + 8 * 8 + grid[8])
    assert st.record["complete"][0, i] and st.record["stage"] == Stage.TURN
    turn_position(st, 0, slots=(j,))
    assert USE + j not in st.legal_actions()  # nothing left to paint
    before = st.record["returned"].copy()
    resolve(st, "exhibit")
    rec = st.record
    assert rec["card_state"][0, i] == 2 and rec["exhibited"][0] == 1 and rec["triggers"] == 0
    assert rec["squares"][0, i].tolist() == [W_, K_] + [-1] * 7  # coloured cubes returned
    assert (rec["returned"] - before).sum() == 7
    assert rec["stage"] == Stage.NEW_ACTIVE
    legal = st.legal_actions()
    assert len(legal) == 3 and CARD + i not in legal
    st.apply_action(legal[0])
    assert active(st) == legal[0] - CARD and st.record["stage"] == Stage.TURN
    check_invariants(st)
    # the second exhibit triggers the end
    k = active(st)
    fill(st, 0, k, st.rules["card_grid"][st.record["cards"][0, k]].tolist())
    resolve(st, "exhibit")
    assert st.record["triggers"] == TRIG_EXHIBIT and st.record["exhibited"][0] == 2
    check_invariants(st)


def test_return_coloured_on_completion():
    st = after_setup(2, return_coloured_on="completion")
    i = active(st)
    grid = st.rules["card_grid"][st.record["cards"][0, i]].tolist()
    fill(st, 0, i, grid[:8] + [-1])
    field(st, "reserve")[0, grid[8]] = 1
    resolve(st, "paint")
    st.apply_action(PAINT_CUBE + 8 * 8 + grid[8])
    assert st.record["complete"][0, i] and st.record["squares"][0, i].tolist() == [-1] * 9
    resolve(st, "exhibit")
    assert st.record["exhibited"][0] == 1
    check_invariants(st)


def test_imitator_copies_a_standing_slot():
    st = after_setup(2)
    j = slot_of(st, "get_blue")
    turn_position(st, 0)
    field(st, "upper_owner")[1] = 0
    field(st, "upper_standing")[1] = 1
    recount(st)
    assert USE + IMITATOR not in st.legal_actions()  # no standing lower assistant
    field(st, "lower")[1, j] = 1
    field(st, "lower_standing")[1, j] = 1  # the opponent's
    recount(st)
    st.apply_action(USE + IMITATOR)
    assert st.record["stage"] == Stage.COPY and st.legal_actions() == [COPY + j]
    st.apply_action(COPY + j)
    assert st.record["reserve"][0, B_] == 4 and st.record["lower_standing"][1, j] == 1


def test_first_player_rotate_and_phase3():
    st = after_setup(2, seed=2)
    rec = st.record
    holder = int(rec["first_player"])
    other = 1 - holder
    rot0 = int(rec["rotation"])
    # the non-holder resolves first_player and rotate; the holder keeps two lower assistants
    turn_position(st, other, extra_whites=0)
    for u in (0, 2):
        field(st, "upper_owner")[u] = other
        field(st, "upper_standing")[u] = 1
    field(st, "lower")[holder, 1] = 1
    field(st, "lower")[holder, 2] = 1
    recount(st)
    field(st, "reserve")[holder, :] = [10, 5, 0, 0, 0, 0, 0, 1]
    st.apply_action(USE + FIRST)
    assert st.record["reserve"][other, W_] == 1
    st.apply_action(USE + ROT)
    assert st.record["stage"] == Stage.ROTATE and st.current_player == other
    assert st.legal_actions() == [ROTATE, ROTATE + 1]
    st.apply_action(ROTATE + 1)  # rotate 2
    assert st.record["rotation"] == rot0 + 2
    assert st.record["stage"] == Stage.DISCARD and st.current_player == holder
    assert COLOUR + K_ not in st.legal_actions()
    for _ in range(3):
        st.apply_action(COLOUR + R_)
    assert st.record["reserve"][holder].tolist() == [7, 5, 0, 0, 0, 0, 0, 1]  # 12 non-black, black kept
    assert st.record["stage"] == Stage.KEEP and st.legal_actions() == [KEEP + 1, KEEP + 2]
    st.apply_action(KEEP + 2)
    rec = st.record
    assert rec["stage"] == Stage.PLACE and rec["round"] == 2 and rec["first_player"] == other
    assert rec["lower"][holder, :12].tolist() == [0, 0, 1] + [0] * 9 and rec["lower_standing"][holder, 2] == 1
    assert rec["to_place"][holder] == 2 and rec["to_place"][other] == 3
    assert (rec["upper_owner"] == -1).all() and rec["whites_on"][:2].tolist() == [0, 0]


def test_default_rotation_and_declined_rotate():
    st = after_setup(2, seed=2)
    p = st.current_player
    turn_position(st, p, extra_whites=0)
    field(st, "upper_owner")[2] = p
    field(st, "upper_standing")[2] = 1
    recount(st)
    st.apply_action(DECLINE + ROT)
    assert st.record["rotation"] == 1 and st.record["round"] == 2  # declined: the usual 1 step


def test_end_after_phase2_no_phase3():
    st = after_setup(2)
    field(st, "reserve")[0, O_:P_ + 1] = 5
    field(st, "supply")[K_] = 1
    field(st, "reserve")[1, K_] = 2
    field(st, "gained")[K_] = 2
    j = slot_of(st, "mix_black")
    turn_position(st, 0, slots=(j,), extra_whites=0)
    field(st, "whites_on")[1] = 1
    field(st, "whites_standing")[1] = 1
    recount(st)
    st.apply_action(USE + j)
    assert st.record["triggers"] == TRIG_BLACK and not st.is_terminal()
    assert st.current_player == 1  # Phase 2 runs to completion
    st.apply_action(USE + WHITES)
    rec = st.record
    assert st.is_terminal() and rec["rotation"] == 0 and rec["round"] == 1 and st.end_reason == "last_black"
    assert st.legal_actions() == [] and not engine.is_legal(st.rules, st._arr[0], USE + WHITES)
    check_invariants(st)


def test_round_cap_end():
    st = after_setup(2, round_cap=1)
    turn_position(st, 0, extra_whites=1)
    st.apply_action(USE + WHITES)
    assert st.is_terminal() and st.end_reason == "round_cap"


def test_illegal_action_is_refused():
    st = after_setup(2)
    with pytest.raises(ValueError, match="illegal action"):
        st.apply_action(USE + 1)
    rec = st._arr[0]
    rules = st.rules
    engine.apply_action(rules, rec, 9999)
    assert rec["error"] == 1 and rec["done"] == 1


# ---- scoring ----------------------------------------------------------------------------------------------------


def golden_position(**rules):
    """Spec §9.4: card 4 (T1 tier 3) with 1 W + 1 K and card 1 (T1 tier 0) with 2 W exhibited; Tube token 6,
    Brush token 10 after hiring."""
    st = after_setup(2, **rules)
    ids = st.game.rules.paintings.ids.tolist()
    field(st, "cards")[0, :2] = [ids.index(4), ids.index(1)]
    field(st, "card_state")[0, :4] = [2, 2, 0, 0]
    field(st, "squares")[0, 0, :] = [W_, K_] + [-1] * 7
    field(st, "squares")[0, 1, :] = [W_, W_] + [-1] * 7
    field(st, "complete")[0, :2] = 1
    field(st, "exhibited")[0] = 2
    field(st, "space")[0, :] = [6, 1, 8]
    field(st, "token")[0, :] = [6, 0, 10]
    field(st, "token_kind")[0, :] = [1, 0, 2]
    recount(st)
    return st


def test_golden_scoring_variant_j():
    st = golden_position()
    assert st.score_components(0) == {"pp_paintings": 27, "pp_signatures": 6, "pp_tokens": 16,
                                      "pp_identical_pair": 4, "pp_white_penalty": -6, "pp_reserve_black": 0}
    assert st.scores()[0] == 47


def test_golden_scoring_base_values():
    st = golden_position(painting_values=[10, 12, 14, 16], identical_pair_bonus=0)
    assert st.scores()[0] == 42


def test_reserve_black_and_unexhibited_options():
    st = golden_position(black_in_reserve_scores=True)
    field(st, "reserve")[0, K_] = 2
    assert st.score_components(0)["pp_reserve_black"] == 12
    st = golden_position(score_completed_unexhibited=True)
    field(st, "card_state")[0, :2] = [2, 1]
    assert st.score_components(0)["pp_paintings"] == 27  # completed active card 1 still scores
    st = golden_position()
    field(st, "card_state")[0, :2] = [2, 1]
    assert st.score_components(0)["pp_paintings"] == 18 and st.score_components(0)["pp_identical_pair"] == 0


def tie_position(best_a, best_b, black_a=0, black_b=0, whites_a=0, whites_b=0, **rules):
    """Players 0 (A) and 1 (B), one exhibited painting each, totals forced equal through tokens."""
    st = after_setup(2, **rules)
    paintings = st.game.rules.paintings
    values = st.game.rules["painting_values"]
    for p, (best, blacks, whites) in enumerate(((best_a, black_a, whites_a), (best_b, black_b, whites_b))):
        tier = values.index(best)
        field(st, "cards")[p, 0] = int(np.flatnonzero(paintings.tiers == tier)[p])
        field(st, "card_state")[p, :4] = [2, 0, 0, 0]
        field(st, "complete")[p, 0] = 1
        field(st, "squares")[p, 0, :] = [W_] * whites + [-1] * (9 - whites)
        field(st, "reserve")[p, K_] = blacks
    recount(st)
    return st


def test_tie_break_best_painting():
    st = tie_position(15, 18)
    field(st, "token")[0, 0] = 3 + 0  # A: 15 + 3 = 18 = B
    field(st, "token")[0, 0] = 3
    assert st.scores().tolist() == [18, 18]
    assert st.ranks().tolist() == [2, 1] and st.win_shares().tolist() == [0.0, 1.0]


def test_tie_break_black_then_whites_then_shared():
    st = tie_position(18, 18, black_a=1)
    assert st.ranks().tolist() == [1, 2]
    st = tie_position(18, 18, whites_a=1, whites_b=2)
    field(st, "token")[1, 0] = 2  # B's extra white costs 2: totals equal again
    assert st.scores().tolist() == [16, 16] and st.ranks().tolist() == [1, 2]
    st = tie_position(18, 18)
    assert st.ranks().tolist() == [1, 1] and st.win_shares().tolist() == [0.5, 0.5]
    st = tie_position(15, 18, tie_breaks=[])
    field(st, "token")[0, 0] = 3
    assert st.ranks().tolist() == [1, 1]
