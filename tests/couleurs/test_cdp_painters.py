"""Module 2, painter tiles (spec §11.2): the deal and choice at setup, and every power with its edge cases."""

import pytest

from cdp_helpers import after_setup, check_invariants, field, game, recount, setf, slot_of, turn_position
from simkit.games.couleurs.engine import transitions as engine
from simkit.games.couleurs.rules.components import PAINTERS
from simkit.games.couleurs.engine.state import ACCEPT, CARD, COLOUR, COPY, PAINT_CUBE, STOP, USE, VALADON, Stage

R_, Y_, B_, O_, G_, P_, W_, K_ = range(8)
IMITATOR, WHITES = 24 + 1, 24 + 3


def with_painter(name, p=0, n=2, **rules):
    st = after_setup(n, module_painters=True, **rules)
    field(st, "painter")[:] = -1  # nobody else has a power
    field(st, "painter")[p] = PAINTERS.index(name)
    return st


def test_deal_and_choose_before_draft():
    g = game(n_players=4, module_painters=True)
    st = g.new_initial_state(11)
    rec = st.record
    assert rec["stage"] == Stage.PAINTER
    dealt = rec["dealt"][:4, :2]
    assert len(set(dealt.ravel().tolist())) == 8 and (dealt >= 0).all()
    assert st.observation(1).painters_dealt == tuple(PAINTERS[i] for i in dealt[1])
    for p in range(4):
        assert st.legal_actions() == [CARD, CARD + 1]
        st.apply_action(CARD + 1)
    assert st.record["stage"] == Stage.DRAFT
    assert st.record["painter"][:4].tolist() == dealt[:, 1].tolist()
    assert st.observation(0).painters == tuple(PAINTERS[i] for i in dealt[:, 1])


def test_choose_after_draft_and_gauguin_colour():
    g = game(n_players=2, module_painters=True, painter_choice_before_draft=False,
             painter_pool=["gauguin", "van_gogh", "gauguin_free" if False else "monet", "renoir"])
    st = g.new_initial_state(3)
    assert st.record["stage"] == Stage.DRAFT
    while st.record["stage"] != Stage.PAINTER:
        st.apply_action(st.legal_actions()[0])
    for p in range(2):
        legal = st.legal_actions()
        gauguin = [a for a in legal if st.record["dealt"][p, a - CARD] == PAINTERS.index("gauguin")]
        st.apply_action(gauguin[0] if gauguin else legal[0])
    if st.record["stage"] == Stage.GAUGUIN:
        p = st.current_player
        assert st.legal_actions() == [COLOUR + O_, COLOUR + G_, COLOUR + P_]
        st.apply_action(COLOUR + G_)
        assert st.record["gauguin_colour"][p] == G_ and st.observation(0).gauguin_colour[p] == "G"
    assert st.record["stage"] == Stage.PLACE
    check_invariants(st)


def test_cezanne_golden_example():
    st = with_painter("cezanne")
    field(st, "space")[0, 0] = 2  # Tube level 4
    field(st, "reserve")[0, :] = [4, 3, 0, 0, 0, 0, 0, 0]
    j = slot_of(st, "upgrade_tube")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    st.apply_action(COLOUR + R_)
    st.apply_action(COLOUR + R_)
    assert st.record["space"][0, 0] == 3 and st.record["stage"] == Stage.CEZANNE
    assert st.legal_actions() == [STOP, ACCEPT]
    st.apply_action(ACCEPT)
    assert st.record["stage"] == Stage.PAY and st.record["pend_count"] == 5  # the level on space 4
    for c in (R_, R_, Y_, Y_, Y_):
        st.apply_action(COLOUR + c)
    assert st.record["space"][0, 0] == 4 and engine.level(st.rules, st._arr[0], 0, 0) == 5
    assert st.record["stage"] == Stage.TURN and st.record["reserve"][0, :2].tolist() == [0, 0]
    check_invariants(st)


def test_cezanne_needs_enough_cubes_and_can_decline():
    st = with_painter("cezanne")
    field(st, "reserve")[0, :] = [4, 0, 0, 0, 0, 0, 0, 0]
    j = slot_of(st, "upgrade_brush")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    st.apply_action(COLOUR + R_)
    st.apply_action(COLOUR + R_)
    assert st.record["stage"] == Stage.TURN  # 2 cubes left, the next space needs 3
    field(st, "reserve")[0, W_] = 5
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    st.apply_action(COLOUR + W_)
    st.apply_action(COLOUR + W_)
    assert st.record["stage"] == Stage.CEZANNE
    st.apply_action(STOP)
    assert st.record["stage"] == Stage.TURN and st.record["space"][0, 2] == 3


@pytest.mark.parametrize("name, action, colour", [("manet", "get_red", R_), ("monet", "get_yellow", Y_),
                                                  ("renoir", "get_blue", B_)])
def test_free_paint_after_get(name, action, colour):
    st = with_painter(name)
    i = engine.active_index(st.rules, st._arr[0], 0)
    grid = st.rules["card_grid"][st.record["cards"][0, i]].tolist()
    resolve_slot = slot_of(st, action)
    field(st, "reserve")[0, W_] = 3
    turn_position(st, 0, slots=(resolve_slot,))
    st.apply_action(USE + resolve_slot)
    squares = [q for q in range(9) if grid[q] == colour]
    if not squares:
        assert st.record["stage"] == Stage.TURN
        return
    assert st.record["stage"] == Stage.FREE_PAINT
    legal = st.legal_actions()
    assert legal == [STOP] + [PAINT_CUBE + 8 * q + colour for q in squares]  # matching only: no white, no black
    st.apply_action(legal[1])
    if len(squares) > 1:
        st.apply_action(st.legal_actions()[1])
    assert st.record["stage"] == Stage.TURN
    assert (st.record["squares"][0, i] == colour).sum() == min(2, len(squares))
    check_invariants(st)


def test_free_paint_does_not_follow_a_copy_when_powers_off():
    st = with_painter("manet", painter_powers_on_copies=False)
    j = slot_of(st, "get_red")
    turn_position(st, 0)
    field(st, "upper_owner")[1] = 0
    field(st, "upper_standing")[1] = 1
    field(st, "lower")[1, j] = 1
    field(st, "lower_standing")[1, j] = 1
    recount(st)
    st.apply_action(USE + IMITATOR)
    st.apply_action(COPY + j)
    assert st.record["stage"] == Stage.TURN and st.record["reserve"][0, R_] == 4


def test_gauguin_mix_with_a_white():
    st = with_painter("gauguin")
    field(st, "gauguin_colour")[0] = O_
    field(st, "reserve")[0, :] = [0, 1, 0, 0, 0, 0, 1, 0]  # no red: only the white can stand in
    j = slot_of(st, "mix_orange")
    turn_position(st, 0, slots=(j,))
    assert USE + j in st.legal_actions()
    st.apply_action(USE + j)
    assert st.record["stage"] == Stage.MIX_PAY and st.legal_actions() == [COLOUR + R_]
    st.apply_action(COLOUR + R_)
    assert st.record["reserve"][0].tolist() == [0, 0, 0, 2, 0, 0, 0, 0]
    # another colour: no substitution
    field(st, "reserve")[0, :] = [1, 0, 1, 0, 0, 0, 1, 0]
    k = slot_of(st, "mix_green")
    turn_position(st, 0, slots=(k,))
    assert USE + k not in st.legal_actions()
    field(st, "reserve")[0, :] = [1, 1, 0, 0, 0, 0, 1, 0]
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    assert st.legal_actions() == [COLOUR + R_, COLOUR + Y_, ACCEPT]
    st.apply_action(ACCEPT)
    assert st.record["reserve"][0].tolist() == [0, 0, 0, 2, 0, 0, 1, 0]
    check_invariants(st)


def test_toulouse_lautrec_two_mismatches():
    st = with_painter("toulouse_lautrec")
    i = engine.active_index(st.rules, st._arr[0], 0)
    grid = st.rules["card_grid"][st.record["cards"][0, i]].tolist()
    wrong = [(q, next(c for c in range(6) if c != grid[q])) for q in range(9)]
    field(st, "reserve")[0, :6] = 5
    field(st, "space")[0, 2] = 4  # Brush 4
    j = slot_of(st, "paint")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    for q, c in wrong[:2]:
        assert PAINT_CUBE + 8 * q + c in st.legal_actions()
        st.apply_action(PAINT_CUBE + 8 * q + c)
    q, c = wrong[2]
    assert PAINT_CUBE + 8 * q + c not in st.legal_actions() and PAINT_CUBE + 8 * q + grid[q] in st.legal_actions()
    check_invariants(st)


def test_van_gogh_keeps_16():
    st = with_painter("van_gogh", p=0)
    field(st, "reserve")[0, :] = [10, 6, 0, 0, 0, 0, 0, 0]
    field(st, "reserve")[1, :] = [10, 6, 0, 0, 0, 0, 0, 0]
    turn_position(st, 0, extra_whites=0)
    field(st, "whites_on")[0] = 0
    setf(st, "first_player", 0)
    field(st, "upper_owner")[0] = 0  # an assistant to resolve: first_player (1 W)
    field(st, "upper_standing")[0] = 1
    recount(st)
    st.apply_action(USE + 24)
    assert st.record["stage"] == Stage.DISCARD and st.current_player == 0  # 17 > 16
    st.apply_action(COLOUR + W_)
    assert st.current_player == 1 and st.record["stage"] == Stage.DISCARD
    for _ in range(4):
        st.apply_action(COLOUR + R_)
    assert st.record["reserve"][:2, :7].sum(axis=1).tolist() == [16, 12]


def test_degas_moves_cubes_to_the_new_painting():
    st = with_painter("degas")
    rec = st.record
    rules = st.rules
    i = engine.active_index(st.rules, st._arr[0], 0)
    grid = rules["card_grid"][rec["cards"][0, i]].tolist()
    for q in range(9):
        field(st, "squares")[0, i, q] = grid[q]
    field(st, "complete")[0, i] = 1
    j = slot_of(st, "exhibit")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    assert st.record["stage"] == Stage.NEW_ACTIVE
    new = st.legal_actions()[0] - CARD
    st.apply_action(CARD + new)
    new_grid = rules["card_grid"][rec["cards"][0, new]].tolist()
    movable = [PAINT_CUBE + 8 * q + new_grid[q] for q in range(9) if new_grid[q] in grid]
    if st.record["stage"] != Stage.DEGAS:
        assert not movable
        return
    assert st.legal_actions() == [STOP] + movable
    moved = 0
    while st.record["stage"] == Stage.DEGAS:
        st.apply_action(st.legal_actions()[-1])
        moved += 1
    assert moved <= 3 and (st.record["squares"][0, new] >= 0).sum() == moved
    assert not ((st.record["squares"][0, i] >= 0) & (st.record["squares"][0, i] < 6)).any()
    check_invariants(st)


def test_valadon_takes_an_opponents_white():
    st = with_painter("valadon")
    field(st, "reserve")[1, W_] = 2
    field(st, "reserve")[0, :6] = 5
    j = slot_of(st, "paint")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    legal = st.legal_actions()
    assert [a for a in legal if a >= VALADON] == [VALADON + 9 + q for q in range(9)]
    st.apply_action(VALADON + 9 + 4)
    assert st.record["reserve"][1, W_] == 1 and st.record["pend_count"] == 2  # no Brush cost
    assert not [a for a in st.legal_actions() if a >= VALADON]  # once per paint action
    while st.record["stage"] == Stage.PAINT:
        st.apply_action(st.legal_actions()[1])
    i = engine.active_index(st.rules, st._arr[0], 0)
    assert (st.record["squares"][0, i] >= 0).sum() == 3
    check_invariants(st)


@pytest.mark.parametrize("on_copies", [True, False])
def test_gauguin_through_imitator_follows_powers_on_copies(on_copies):
    """Regression (found by the stress run): a copied mix must be judged with the copy's power rules."""
    st = with_painter("gauguin", painter_powers_on_copies=on_copies)
    field(st, "gauguin_colour")[0] = P_
    field(st, "reserve")[0, :] = [0, 0, 1, 0, 0, 0, 1, 0]  # B and W, no R
    j = slot_of(st, "mix_purple")
    turn_position(st, 0)
    field(st, "upper_owner")[1] = 0
    field(st, "upper_standing")[1] = 1
    field(st, "lower")[1, j] = 1
    field(st, "lower_standing")[1, j] = 1
    recount(st)
    assert (USE + IMITATOR in st.legal_actions()) == on_copies
    if on_copies:
        st.apply_action(USE + IMITATOR)
        st.apply_action(COPY + j)
        assert st.legal_actions() == [COLOUR + R_]
        st.apply_action(COLOUR + R_)
        assert st.record["reserve"][0, P_] == 2
        check_invariants(st)
