"""Rule options once rejected by the engine: the Tool card with bonus_on_pass = false (spec §4, §12.1 #24),
Cézanne after the Tool card (cezanne_on_tool_card, §11.2, §12.1 #22) and Degas with return_coloured_on =
"completion" (§8.5)."""

from cdp_helpers import after_setup, check_invariants, field, slot_of, turn_position
from test_cdp_bonus_cards import PAINTING, TOOL, bonus_state, buy
from simkit.games.couleurs.engine import transitions as engine
from simkit.games.couleurs.rules.components import PAINTERS
from simkit.games.couleurs.engine.state import ACCEPT, CARD, EFFECT, PAINT_CUBE, STOP, TOKEN, TOOLMOVE, USE, Stage

W_ = 6


def tool_card(**rules):
    st = bonus_state(market=(TOOL, TOOL, TOOL, PAINTING), **rules)
    field(st, "space")[0, 0] = 5
    buy(st, 0)
    st.apply_action(EFFECT)
    assert st.record["stage"] == Stage.TOOL
    return st


def test_two_space_move_passes_the_bonus_space_without_the_bonus():
    st = tool_card(bonus_on_pass=False)
    st.apply_action(TOOLMOVE)  # Tube to space 6: no choice yet, the card may move it on
    assert st.record["stage"] == Stage.TOOL and st.record["token_kind"][0, 0] == 0
    st.apply_action(TOOLMOVE)  # on to space 7: the bonus space was passed
    rec = st.record
    assert rec["space"][0, 0] == 7 and rec["token_kind"][0, 0] == 0 and rec["stage"] == Stage.TURN
    check_invariants(st)


def test_a_marker_that_passed_the_bonus_space_takes_a_10_at_the_end():
    st = tool_card(bonus_on_pass=False)
    st.apply_action(TOOLMOVE)
    st.apply_action(TOOLMOVE)  # 5 -> 7, no bonus
    field(st, "reserve")[0, W_] = 6
    buy(st, 1)
    st.apply_action(EFFECT)
    st.apply_action(TOOLMOVE)  # 7 -> 8: the last space
    rec = st.record
    assert rec["token"][0, 0] == 10 and rec["hires"][0] == 0 and rec["owned"][0] == 3
    check_invariants(st)


def test_a_marker_that_stops_on_the_bonus_space_takes_the_bonus():
    for second in (TOOLMOVE + 1, STOP):
        st = tool_card(bonus_on_pass=False)
        st.apply_action(TOOLMOVE)
        st.apply_action(second)  # another marker, or no second move: the Tube stopped on space 6
        assert st.record["stage"] == Stage.BONUS and st.record["pend_track"] == 0
        st.apply_action(TOKEN)
        rec = st.record
        assert rec["token"][0, 0] == 6 and rec["stage"] == Stage.TURN
        assert rec["space"][0, 1] == (2 if second != STOP else 1)
        check_invariants(st)


def test_bonus_on_pass_true_keeps_the_bonus_on_the_way():
    st = tool_card()
    st.apply_action(TOOLMOVE)
    assert st.record["stage"] == Stage.BONUS


def test_cezanne_after_the_tool_card_when_the_rule_says_so():
    for on_tool in (False, True):
        st = bonus_state(market=(TOOL, TOOL, TOOL, PAINTING), module_painters=True, cezanne_on_tool_card=on_tool)
        field(st, "painter")[:] = -1
        field(st, "painter")[0] = PAINTERS.index("cezanne")
        field(st, "reserve")[0, :6] = 4
        buy(st, 0)
        st.apply_action(EFFECT)
        st.apply_action(TOOLMOVE + 2)
        st.apply_action(TOOLMOVE + 2)  # Brush 1 -> 3
        if not on_tool:
            assert st.record["stage"] == Stage.TURN
            continue
        assert st.record["stage"] == Stage.CEZANNE and st.legal_actions() == [STOP, ACCEPT]
        st.apply_action(ACCEPT)  # pay the level of space 4 (4 cubes), advance once more
        for _ in range(4):
            st.apply_action(st.legal_actions()[0])
        assert st.record["space"][0, 2] == 4 and st.record["stage"] == Stage.TURN
        check_invariants(st)


def test_degas_draws_from_the_supply_when_cubes_return_on_completion():
    st = after_setup(2, module_painters=True, return_coloured_on="completion", unlimited_supply=False,
                     draft_mode="keep_dealt")
    field(st, "painter")[:] = -1
    field(st, "painter")[0] = PAINTERS.index("degas")
    i = engine.active_index(st.rules, st._arr[0], 0)
    grid = st.rules["card_grid"][st.record["cards"][0, i]].tolist()
    field(st, "squares")[0, i, :8] = grid[:8]
    field(st, "reserve")[0, :6] = 2
    j, e = slot_of(st, "paint"), slot_of(st, "exhibit")
    turn_position(st, 0, slots=(j, e))
    st.apply_action(USE + j)
    st.apply_action(PAINT_CUBE + 8 * 8 + grid[8])  # the 9th square: coloured cubes return to the supply at once
    rec = st.record
    assert rec["complete"][0, i] and (rec["squares"][0, i] == -1).all() and rec["ghost"][0, i].tolist() == grid
    check_invariants(st)
    if rec["stage"] != Stage.TURN:
        st.apply_action(STOP)
    st.apply_action(USE + e)
    assert st.record["stage"] == Stage.NEW_ACTIVE
    new = st.legal_actions()[0] - CARD
    st.apply_action(CARD + new)
    new_grid = st.rules["card_grid"][st.record["cards"][0, new]].tolist()
    movable = [PAINT_CUBE + 8 * q + c for q, c in enumerate(new_grid) if c in grid]
    if not movable:
        assert st.record["stage"] == Stage.TURN
        return
    assert st.record["stage"] == Stage.DEGAS and st.legal_actions() == [STOP] + movable
    supply = st.record["supply"].copy()
    c = (movable[0] - PAINT_CUBE) % 8
    st.apply_action(movable[0])
    assert st.record["supply"][c] == supply[c] - 1  # drawn from the supply
    check_invariants(st)
    st.apply_action(STOP)
    assert (st.record["ghost"][0, i] == -1).all() and st.record["stage"] == Stage.TURN
    check_invariants(st)
