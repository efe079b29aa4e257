"""Module 1, option B (spec §11.1, §6.2 step 3): bought cards are held face up; one held card per player per round,
used before picking the assistant or after the action; using a card right after buying it counts
(bonus_b_immediate_counts); a half-turn discards unused held cards."""

from cdp_helpers import check_invariants, field, recount, setf, slot_of, turn_position
from test_cdp_bonus_cards import IMITATION, MIXING, PAINTING, SWAP_CARD, TOOL, bonus_state
from simkit.games.couleurs.engine.state import BUY, DECLINE, EFFECT, HELD, STOP, USE, Stage

W_ = 6
WHITES = 24 + 3


def b_state(**rules):
    return bonus_state(bonus_card_option="B", **rules)


def buy_and_hold(st, place, extra_whites=1):
    j = slot_of(st, "exhibit")
    turn_position(st, 0, slots=(j,), extra_whites=extra_whites)
    st.apply_action(USE + j)
    assert st.record["stage"] == Stage.EXHIBIT_OR_BUY
    st.apply_action(BUY + place)


def test_a_bought_card_is_held_and_may_be_used_right_after():
    st = b_state()
    buy_and_hold(st, 0)
    rec = st.record
    assert rec["held_n"][0] == 1 and rec["held"][0, 0] == PAINTING and rec["reserve"][0, W_] == 6
    assert rec["stage"] == Stage.USE_HELD and st.legal_actions() == [STOP, HELD]  # after the action: use it, or not
    assert st.observation(1).bonus_held[0] == ("painting",)  # held cards are public
    check_invariants(st)
    st.apply_action(STOP)
    assert st.record["stage"] == Stage.TURN and st.record["held_n"][0] == 1 and not st.record["used_card"][0]


def test_immediate_use_counts_as_the_rounds_one_use():
    st = b_state()
    field(st, "reserve")[0, :6] = 3
    buy_and_hold(st, 1, extra_whites=2)
    st.apply_action(STOP)
    buy_and_hold(st, 0, extra_whites=2)  # now holds Imitation and Painting
    assert st.record["stage"] == Stage.USE_HELD and st.legal_actions() == [STOP, HELD, HELD + 1]
    st.apply_action(HELD + 1)  # the Painting card, bought this turn
    assert st.record["stage"] == Stage.BONUS_CARD and st.record["used_card"][0] == 1
    st.apply_action(EFFECT)
    assert st.record["stage"] == Stage.PAINT
    st.apply_action(STOP)
    rec = st.record
    assert rec["stage"] == Stage.TURN and rec["held_n"][0] == 1 and rec["bonus_discard_n"] == 1
    assert not [a for a in st.legal_actions() if a >= HELD]  # no second use this round
    st.apply_action(USE + WHITES)
    assert st.record["stage"] != Stage.USE_HELD
    check_invariants(st)


def test_immediate_use_is_free_when_the_rule_says_so():
    st = b_state(bonus_b_immediate_counts=False)
    buy_and_hold(st, 1, extra_whites=2)
    assert st.record["stage"] == Stage.USE_HELD
    st.apply_action(HELD)  # the Imitation card just bought: does not use up the round's one use
    assert st.record["used_card"][0] == 0
    st.apply_action(STOP)
    buy_and_hold(st, 0)
    st.apply_action(STOP)  # keep the Painting card for later
    assert st.record["stage"] == Stage.TURN and HELD in st.legal_actions()  # still one use left this round


def test_a_held_card_before_the_assistant_then_the_turn_goes_on():
    st = b_state(market=(TOOL, IMITATION, MIXING, SWAP_CARD))
    buy_and_hold(st, 0, extra_whites=2)
    st.apply_action(STOP)  # not after this action
    j = slot_of(st, "get_red")
    turn_position(st, 0, slots=(j,), extra_whites=0)
    legal = st.legal_actions()
    assert HELD in legal and USE + j in legal and DECLINE + j in legal
    st.apply_action(HELD)  # before the assistant: the Tool card
    assert st.record["stage"] == Stage.BONUS_CARD and st.current_player == 0
    st.apply_action(EFFECT)
    st.apply_action(st.legal_actions()[-1])
    st.apply_action(st.legal_actions()[-1])
    rec = st.record
    assert rec["stage"] == Stage.TURN and st.current_player == 0 and rec["held_n"][0] == 0
    assert st.legal_actions() == [USE + j, DECLINE + j]  # now the assistant, no second card
    check_invariants(st)


def test_a_half_turn_discards_held_cards_and_a_new_round_allows_a_new_use():
    st = b_state()
    buy_and_hold(st, 0)
    st.apply_action(HELD)
    st.apply_action(STOP)  # used (and discarded) without effect
    field(st, "held")[0, 0] = SWAP_CARD  # hold one more card, taken from the deck
    field(st, "held_n")[0] = 1
    setf(st, "bonus_deck_n", st.record["bonus_deck_n"] - 1)
    field(st, "bonus_deck")[st.record["bonus_deck_n"]] = SWAP_CARD
    turn_position(st, 0, slots=(), extra_whites=1)
    setf(st, "rotation", 0)
    recount(st)
    st.apply_action(USE + WHITES)  # the last assistant; no card offered after it (used this round)
    while st.record["stage"] != Stage.PLACE:
        st.apply_action(st.legal_actions()[0])
    assert st.record["used_card"][0] == 0 and st.record["held_n"][0] == 1  # R 0 -> 1: no half-turn
    check_invariants(st)
    turn_position(st, 0, slots=(), extra_whites=1)
    setf(st, "rotation", 5)
    recount(st)
    st.apply_action(USE + WHITES)
    assert st.record["stage"] == Stage.USE_HELD
    st.apply_action(STOP)
    while st.record["stage"] != Stage.PLACE:
        st.apply_action(st.legal_actions()[0])
    assert st.record["held_n"][0] == 0  # R 5 -> 6: a half-turn discards unused held cards
    check_invariants(st)
