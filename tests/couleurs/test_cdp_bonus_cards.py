"""Module 1, bonus cards with Option A (spec §11.1): the market, buying instead of exhibiting, every card's effect
or its exhibit alternative, the Phase 3 refill and half-turn refresh, and the deck reshuffle."""

from cdp_helpers import after_setup, check_invariants, field, recount, setf, slot_of, turn_position
from simkit.games.couleurs.engine import transitions as engine
from simkit.games.couleurs.engine.state import (ACCEPT, BUY, COPY, EFFECT, MIXCARD, STOP, SWAP, TOOLMOVE, TRIG_TRACK,
                                                USE, Stage)

R_, Y_, B_, O_, G_, P_, W_, K_ = range(8)
PAINTING, IMITATION, MIXING, SWAP_CARD, TOOL = range(5)


def bonus_state(market=(PAINTING, IMITATION, MIXING, SWAP_CARD), whites=10, **rules):
    st = after_setup(2, module_bonus_cards=True, **rules)
    field(st, "bonus_market")[:4] = market
    # keep the 15-card count: rebuild the deck from what is not in the market
    rest = [t for t in range(5) for _ in range(3)]
    for t in market:
        rest.remove(t)
    field(st, "bonus_deck")[: len(rest)] = rest
    setf(st, "bonus_deck_n", len(rest))
    setf(st, "bonus_discard_n", 0)
    field(st, "reserve")[0, W_] = whites
    return st


def buy(st, place):
    j = slot_of(st, "exhibit")
    turn_position(st, 0, slots=(j,))
    assert USE + j in st.legal_actions()
    st.apply_action(USE + j)
    assert st.record["stage"] == Stage.EXHIBIT_OR_BUY
    st.apply_action(BUY + place)
    assert st.record["stage"] == Stage.BONUS_CARD


def test_setup_market():
    st = after_setup(3, module_bonus_cards=True)
    rec = st.record
    assert (rec["bonus_market"][:4] >= 0).all() and rec["bonus_deck_n"] == 11
    assert sorted(rec["bonus_deck"][:11].tolist() + rec["bonus_market"][:4].tolist()) == sorted(list(range(5)) * 3)
    assert st.observation(0).bonus_market == tuple(
        ("painting", "imitation", "mixing", "colour_swap", "tool")[c] for c in rec["bonus_market"][:4])
    check_invariants(st)


def test_buying_needs_whites_and_replaces_exhibiting():
    st = bonus_state(whites=3)
    j = slot_of(st, "exhibit")
    turn_position(st, 0, slots=(j,))
    assert USE + j not in st.legal_actions()  # nothing completed and no card affordable (costs 4, 4, 4, 5)
    field(st, "reserve")[0, W_] = 4
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    assert st.legal_actions() == [BUY, BUY + 1, BUY + 2]  # the Colour Swap costs 5
    st.apply_action(BUY + 1)
    rec = st.record
    assert rec["reserve"][0, W_] == 0 and rec["bonus_market"][1] == -1 and rec["bought"][0] == 1
    check_invariants(st)


def test_painting_card():
    st = bonus_state()
    field(st, "reserve")[0, :6] = 3
    buy(st, 0)
    assert st.legal_actions() == [STOP, EFFECT]  # no completed painting: no exhibit alternative
    st.apply_action(EFFECT)
    assert st.record["stage"] == Stage.PAINT and st.record["pend_count"] == 2  # Brush level
    assert st.record["bonus_discard_n"] == 1
    check_invariants(st)


def test_imitation_card():
    st = bonus_state()
    k = slot_of(st, "get_red")
    buy(st, 1)
    assert EFFECT not in st.legal_actions()  # nothing standing on the lower board
    st = bonus_state()
    buy(st, 1)
    field(st, "lower")[1, k] = 1
    field(st, "lower_standing")[1, k] = 1
    recount(st)
    st.apply_action(EFFECT)
    assert st.legal_actions() == [COPY + k]
    st.apply_action(COPY + k)
    assert st.record["reserve"][0, R_] == 4


def test_mixing_card():
    st = bonus_state()
    field(st, "reserve")[0, :6] = [1, 1, 0, 1, 1, 1]
    buy(st, 2)
    assert st.legal_actions() == [STOP, MIXCARD, MIXCARD + 3]  # no blue: neither green nor purple
    st.apply_action(MIXCARD + 3)
    assert st.record["reserve"][0, K_] == 1 and st.record["stage"] == Stage.TURN
    check_invariants(st)


def test_colour_swap_card():
    st = bonus_state(whites=10)
    field(st, "reserve")[0, :6] = [2, 0, 0, 1, 0, 0]
    buy(st, 3)
    st.apply_action(EFFECT)
    assert st.record["stage"] == Stage.SWAP
    legal = st.legal_actions()
    assert legal == [STOP, SWAP + 8 * R_ + Y_, SWAP + 8 * R_ + B_, SWAP + 8 * O_ + G_, SWAP + 8 * O_ + P_]
    for a in (SWAP + 8 * R_ + Y_, SWAP + 8 * R_ + B_, SWAP + 8 * O_ + P_, SWAP + 8 * Y_ + R_):
        st.apply_action(a)
    assert st.record["reserve"][0, :6].tolist() == [1, 0, 1, 0, 0, 1] and st.record["stage"] == Stage.TURN
    check_invariants(st)


def test_tool_card_passes_the_bonus_space_and_triggers():
    st = bonus_state(market=(TOOL, TOOL, TOOL, PAINTING))
    field(st, "space")[0, 0] = 5
    buy(st, 0)
    st.apply_action(EFFECT)
    assert st.record["stage"] == Stage.TOOL
    st.apply_action(TOOLMOVE)  # Tube to space 6: the bonus choice, then the second move
    st.apply_action(st.legal_actions()[-1])  # token
    assert st.record["stage"] == Stage.TOOL and st.record["token"][0, 0] == 6
    st.apply_action(TOOLMOVE)
    assert st.record["space"][0, 0] == 7 and st.record["stage"] == Stage.TURN
    field(st, "reserve")[0, W_] = 6
    buy(st, 1)
    st.apply_action(EFFECT)
    st.apply_action(TOOLMOVE)  # to the last space: 6 flips to 10, end trigger
    assert st.record["token"][0, 0] == 10 and st.record["triggers"] == TRIG_TRACK
    assert st.legal_actions() == [STOP, TOOLMOVE + 1, TOOLMOVE + 2]
    st.apply_action(TOOLMOVE + 2)
    assert st.record["space"][0].tolist() == [8, 1, 2]
    check_invariants(st)


def test_exhibit_alternative_and_exhibit_choice():
    st = bonus_state()
    i = engine.active_index(st.rules, st._arr[0], 0)
    field(st, "squares")[0, i, :] = st.rules["card_grid"][st.record["cards"][0, i]]
    field(st, "complete")[0, i] = 1
    j = slot_of(st, "exhibit")
    turn_position(st, 0, slots=(j,))
    st.apply_action(USE + j)
    assert st.legal_actions()[0] == ACCEPT  # exhibit, or buy
    st.apply_action(BUY + 0)
    assert ACCEPT in st.legal_actions()
    st.apply_action(ACCEPT)  # the card's alternative: exhibit the completed painting
    assert st.record["exhibited"][0] == 1 and st.record["stage"] == Stage.NEW_ACTIVE
    st.apply_action(st.legal_actions()[0])
    check_invariants(st)


def test_phase3_refill_half_turn_refresh_and_reshuffle():
    st = bonus_state()
    rec = st._arr[0]
    rules = st.rules
    field(st, "bonus_market")[1] = -1
    engine.discard_bonus(rules, rec, IMITATION)
    before = st.record["bonus_market"][:4].copy()
    engine.rotate(rules, rec, 1)  # R = 1: no half-turn, refill the empty place only
    after = st.record["bonus_market"][:4]
    assert after[[0, 2, 3]].tolist() == before[[0, 2, 3]].tolist() and after[1] >= 0
    setf(st, "rotation", 5)
    engine.rotate(rules, rec, 1)  # R = 6: half-turn, the market is discarded and dealt afresh
    assert st.record["bonus_discard_n"] == 5 and st.record["bonus_deck_n"] == 6
    # an empty deck reshuffles the discards
    setf(st, "bonus_deck_n", 0)
    card = engine.draw_bonus(rules, rec)
    assert card >= 0 and st.record["bonus_discard_n"] == 0 and st.record["bonus_deck_n"] == 4
    st2 = bonus_state(bonus_deck_reshuffle=False)
    setf(st2, "bonus_deck_n", 0)
    engine.discard_bonus(st2.rules, st2._arr[0], TOOL)
    assert engine.draw_bonus(st2.rules, st2._arr[0]) == -1
