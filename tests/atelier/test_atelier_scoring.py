"""Rule tests of the end and the score (spec §4, §5.3): patron condition kinds, the First Master trigger and its
extra round, the safety bound, score parts, tie-breaks and ranks."""

import numpy as np

from scripted import GREEN, RED, act, actions, game, give_paint, own, set_patrons, started
from simkit.games.atelier.engine.scoring import patron_score

ALICE, BILL, CAROL = 0, 1, 2


def score(state, patron_id, player=ALICE):
    return int(patron_score(state.rules, state.record, player, patron_id - 1))


def test_patron_condition_kinds():
    state = started(initial=[GREEN, GREEN, RED], dice=[6, 6, 6, 6])
    s = state.record
    own(state, ALICE, 1, 2, 8, 9, 11, 21, 31)  # Impressionist 1, 2, 8, 9; Post Imp. 11; Realist 21; Romantic 31
    assert score(state, 1) == 2 * 4  # category_count Impressionist
    assert score(state, 2) == 2 * 1
    assert score(state, 5) == 2 * 2  # masterpiece_count: cards 8, 9
    assert score(state, 7) == 4 * 1  # category_set: one complete set
    assert score(state, 14) == 2 * 1  # power_count: card 2
    assert score(state, 15) == 7  # painting_count
    give_paint(state, ALICE, [7, 0, 0, 0])
    assert score(state, 9) == 5 and score(state, 10) == 0  # paint_left blue, capped at 5
    s["tokens"][ALICE] = 3
    assert score(state, 16) == 3  # inspiration_left
    s["students"][ALICE] = [1, 1, 3, 0]  # blue: alone; green: tied with Bill and Carol; red: more than Alice's 1
    assert score(state, 13) == 2 * 2  # majority_count: blue and red (a tie does not count with 3 players)


def test_majority_count_counts_ties_with_4_players_and_ignores_powers():
    state = started(game(4), initial=[GREEN, GREEN, GREEN, GREEN], dice=[6, 6, 6, 6])
    assert score(state, 13) == 2  # green tied 1-1-1-1: a majority with 4 players
    state3 = started(initial=[GREEN, GREEN, GREEN], dice=[6, 6, 6, 6])
    own(state3, ALICE, 24)  # og_collect_ties: ignored for patrons (spec §5.3)
    assert score(state3, 13) == 0


def test_score_is_paintings_plus_every_patron_plus_the_first_master():
    state = started(dice=[6, 6, 6, 6])
    s = state.record
    own(state, ALICE, 10, 20)
    set_patrons(state, ALICE, 14, 4)  # patrons 15 (painting_count) and 5 (masterpiece_count)
    s["first_master"] = ALICE
    assert state.scores()[ALICE] == 12 + 2 + 4 + 4


def reach_three_masterpieces(state, player=ALICE):
    """The current player (`player`) paints a third masterpiece (card 8) with Inspiration."""
    own(state, player, 9, 10)
    s = state.record
    s["row"][0] = 7  # card 8: blue 2, red 1, yellow 2, returns 2
    s["tokens"][player] = 2
    give_paint(state, player, [2, 0, 1, 2])
    act(state, "paint with Inspiration")
    act(state, "paint painting 8 (slot 0)")


def finish_round(state):
    """Every player spends one die per turn with B until the round ends."""
    r = int(state.record["round"])
    while state.record["round"] == r and not state.is_terminal():
        if "end turn" in actions(state):
            act(state, "end turn")
        else:
            act(state, next(d for d in actions(state) if "main action B" in d))


def test_first_master_triggers_the_end_after_one_more_round():
    state = started(dice=[6, 6, 6, 6])
    s = state.record
    reach_three_masterpieces(state)
    assert s["first_master"] == ALICE and s["trigger_round"] == 1 and s["triggers"] == 1
    finish_round(state)
    assert not state.is_terminal() and s["round"] == 2
    finish_round(state)
    assert state.is_terminal() and s["round"] == 2 and state.end_reason == "first_master"
    assert state.scores()[ALICE] >= 5 + 6 + 6 + 4


def test_a_second_player_reaching_three_masterpieces_gets_nothing():
    state = started(dice=[6, 6, 6, 6])
    reach_three_masterpieces(state)
    act(state, "die 6: take 1 Inspiration (main action B)")
    act(state, "end turn")
    own(state, BILL, 18, 19, 20)
    bill_row = state.record["row"][1]
    state.record["tokens"][BILL] = 2
    give_paint(state, BILL, list(state.rules["painting_cost"][bill_row]))
    act(state, "paint with Inspiration")
    act(state, f"paint painting {state.card_id(bill_row)} (slot 1)")
    assert state.record["first_master"] == ALICE


def test_the_safety_bound_ends_the_game_truncated():
    state = started(game(3, max_rounds=2), dice=[6, 6, 6, 6])
    finish_round(state)
    finish_round(state)
    assert state.is_terminal() and state.end_reason == "max_rounds" and state.record["triggers"] == 0


def test_a_trigger_in_the_last_allowed_round_is_truncated_and_keeps_its_holder():  # spec §6.1b #26
    state = started(game(3, max_rounds=1), dice=[6, 6, 6, 6])
    reach_three_masterpieces(state)
    finish_round(state)
    assert state.is_terminal() and state.end_reason == "max_rounds" and state.record["first_master"] == ALICE
    result = state.game.record_result(state)
    assert result["end_reason"][0, 0] == "max_rounds" and result["triggers"][0, 0] == "first_master"
    assert result["truncated"][0, 0] == 1


def tie_state(**rules):
    state = started(game(3, **rules), dice=[6, 6, 6, 6])
    s = state.record
    set_patrons(state, ALICE)  # no patron: scores from paintings only
    own(state, ALICE, 1)
    own(state, BILL, 11)
    own(state, CAROL, 21)  # 1 VP each
    return state


def test_ties_are_broken_by_paint_then_the_first_master_then_shared():
    state = tie_state()
    assert state.ranks().tolist() == [1, 1, 1] and np.allclose(state.win_shares(), 1 / 3)
    give_paint(state, BILL, [1, 0, 0, 0])
    assert state.ranks().tolist() == [2, 1, 2] and state.win_shares().tolist() == [0, 1, 0]
    give_paint(state, ALICE, [0, 1, 0, 0])
    assert state.ranks().tolist() == [1, 1, 3]  # competition ranks: 1, 1, 3
    assert state.win_shares().tolist() == [0.5, 0.5, 0]


def test_the_first_master_breaks_a_tie_of_score_and_paint():
    state = tie_state(first_master_vp=0)
    state.record["first_master"] = BILL
    assert state.ranks().tolist() == [2, 1, 2]


def test_tie_break_option_first_master_only():
    state = tie_state(tie_break=["first_master"])
    give_paint(state, BILL, [1, 0, 0, 0])  # paint no longer counts
    assert state.ranks().tolist() == [1, 1, 1]
