"""Draft mode with several active paintings (spec §8.4, `active_painting_limit` = k > 1): k actives chosen at setup,
Paint spreads its cubes over them, each Exhibit moves one completed painting (the player picks which) and activates
one reserve painting in its place, and Degas moves cubes onto that new painting only."""

from cdp_helpers import after_setup, check_invariants, field, game, recount, slot_of, turn_position
from simkit.games.couleurs.rules.components import PAINTERS
from simkit.games.couleurs.engine.state import CARD, PAINT_CUBE, STOP, TARGET, USE, Stage

W_ = 6


def fill(st, p, i, squares):
    card = st.record["cards"][p, i]
    for q in squares:
        field(st, "squares")[p, i, q] = st.rules["card_grid"][card, q]
    recount(st)


def complete(st, p, i):
    fill(st, p, i, range(9))
    field(st, "complete")[p, i] = 1


def test_each_player_chooses_k_actives_at_setup():
    st = game(n_players=2, active_painting_limit=2, draft_mode="keep_dealt").new_initial_state(4)
    for p in range(2):
        assert st.record["stage"] == Stage.ACTIVE and st.current_player == p
        st.apply_action(CARD + 3)
        assert st.current_player == p and st.legal_actions() == [CARD, CARD + 1, CARD + 2]
        st.apply_action(CARD + 0)
    assert st.record["stage"] == Stage.PLACE
    assert st.record["card_state"][:2, :4].tolist() == [[1, 0, 0, 1]] * 2


def test_paint_spreads_over_the_active_paintings_only():
    st = after_setup(2, active_painting_limit=2)
    actives = [i for i in range(4) if st.record["card_state"][0, i] == 1]
    assert len(actives) == 2
    field(st, "reserve")[0, :6] = 3
    j = slot_of(st, "paint")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    assert st.record["stage"] == Stage.PAINT_TARGET and st.legal_actions() == [STOP] + [TARGET + i for i in actives]
    for i in actives:
        st.apply_action(TARGET + i)
        assert st.record["stage"] == Stage.PAINT
        c = int(st.rules["card_grid"][st.record["cards"][0, i], 0])
        st.apply_action(PAINT_CUBE + c)
    assert st.record["stage"] == Stage.TURN  # Brush 2 spent
    assert [int((st.record["squares"][0, i] >= 0).sum()) for i in range(4)] == [
        1 if i in actives else 0 for i in range(4)]
    check_invariants(st)


def test_exhibit_picks_which_completed_painting_and_activates_one_in_its_place():
    st = after_setup(2, active_painting_limit=2)
    a, b = [i for i in range(4) if st.record["card_state"][0, i] == 1]
    complete(st, 0, a)
    complete(st, 0, b)
    field(st, "squares")[0, b, 0] = W_
    j = slot_of(st, "exhibit")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    assert st.record["stage"] == Stage.EXHIBIT_WHICH and st.legal_actions() == [CARD + a, CARD + b]
    st.apply_action(CARD + b)
    rec = st.record
    assert rec["card_state"][0, b] == 2 and rec["card_state"][0, a] == 1 and rec["exhibited"][0] == 1
    assert rec["squares"][0, b].tolist() == [W_] + [-1] * 8
    assert rec["stage"] == Stage.NEW_ACTIVE
    reserve = [i for i in range(4) if rec["card_state"][0, i] == 0]
    assert st.legal_actions() == [CARD + i for i in reserve]
    st.apply_action(CARD + reserve[0])
    assert (st.record["card_state"][0, :4] == 1).sum() == 2 and st.record["stage"] == Stage.TURN
    check_invariants(st)


def test_degas_moves_cubes_onto_the_new_active_painting_only():
    st = after_setup(2, active_painting_limit=2, module_painters=True, draft_mode="keep_dealt")
    field(st, "painter")[:] = -1
    field(st, "painter")[0] = PAINTERS.index("degas")
    a, b = [i for i in range(4) if st.record["card_state"][0, i] == 1]
    complete(st, 0, a)
    j = slot_of(st, "exhibit")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    new = st.legal_actions()[0] - CARD
    st.apply_action(CARD + new)
    rec = st.record
    rules = st.rules
    grid_a = rules["card_grid"][rec["cards"][0, a]].tolist()
    grid_new = rules["card_grid"][rec["cards"][0, new]].tolist()
    movable = [PAINT_CUBE + 8 * q + c for q, c in enumerate(grid_new) if c in grid_a]
    if not movable:
        assert rec["stage"] == Stage.TURN
        return
    assert rec["stage"] == Stage.DEGAS and rec["target"] == new and st.legal_actions() == [STOP] + movable
    st.apply_action(movable[0])
    st.apply_action(STOP)
    rec = st.record
    assert (rec["squares"][0, new] >= 0).sum() == 1 and (rec["squares"][0, b] >= 0).sum() == 0
    check_invariants(st)
