"""Rule tests of the turn (spec §3): each die face, main actions A and B, the Inspiration actions, end_turn,
skipped players and the round."""

import pytest

from scripted import (BLUE, GREEN, RED, YELLOW, act, actions, card, game, give_paint, legal, paint_of, started)

ALICE, BILL, CAROL, DAN = 0, 1, 2, 3


def test_place_student_faces_1_and_2_need_a_student_in_the_pool():
    state = started(dice=[1, 2, 5, 5])
    act(state, "die 2: place a student")
    assert set(actions(state)) == {f"place a student at the {c} pile" for c in ("blue", "green", "red", "yellow")}
    act(state, "place a student at the yellow pile")
    assert state.record["students"][ALICE].tolist() == [1, 0, 0, 1] and state.record["pool"][ALICE] == 10
    state.record["pool"][ALICE] = 0
    assert not legal(state, "die 1: place a student")


def test_move_students_one_per_player_at_least_one_in_total():
    state = started(initial=[GREEN, YELLOW, RED], dice=[3, 6, 6, 6])  # Carol green, Bill yellow, Alice red
    s = state.record
    act(state, "die 3: move students")
    # Alice (the mover) first: her own student, or nothing (others can still move)
    assert set(actions(state)) == {"move nobody"} | {f"move a student of seat 0 from red to {t}"
                                                     for t in ("blue", "green", "yellow")}
    act(state, "move nobody")
    act(state, "move a student of seat 1 from yellow to green")  # Bill
    act(state, "move nobody")  # Carol: allowed, one move was made
    assert s["students"][BILL].tolist() == [0, 1, 0, 0] and s["stage"] == 2  # back to the turn


def test_move_students_the_last_player_asked_must_move_when_nobody_has():
    state = started(initial=[GREEN, YELLOW, RED], dice=[3, 6, 6, 6])
    act(state, "die 3: move students")
    act(state, "move nobody")
    act(state, "move nobody")
    assert "move nobody" not in actions(state)  # Carol, last, must move: at least one move in total
    assert all(d.startswith("move a student of seat 2 from green") for d in actions(state))


def test_collect_needs_a_strict_majority_with_3_players_and_is_mandatory_everywhere():
    state = started(initial=[GREEN, GREEN, RED], dice=[4, 4, 6, 6])  # Carol green, Bill green, Alice red
    s = state.record
    s["students"][ALICE, BLUE] = 2
    s["students"][BILL, BLUE] = 2  # a tie: nothing with 3 players
    s["students"][ALICE, GREEN] = 1  # 1 against 1 + 1: no majority
    act(state, "die 4: collect paint")
    assert paint_of(state, ALICE) == [0, 0, 1, 0] and s["pile"][RED] == 14


def test_collect_with_4_players_counts_a_tie_for_most():
    state = started(game(4), initial=[GREEN, GREEN, RED, RED], dice=[4, 4, 6, 6])  # Dan green, Carol green ...
    act(state, "die 4: collect paint")
    assert paint_of(state, ALICE) == [0, 0, 1, 0]  # red tied 1-1 with Bill: collects (printed, §6.1 #12)


def test_collect_is_illegal_when_it_would_collect_nothing_and_empty_piles_give_nothing():
    state = started(initial=[GREEN, GREEN, RED], dice=[4, 4, 6, 6])
    s = state.record
    s["students"][ALICE, BLUE] = 1
    give_paint(state, BILL, [0, 0, 15, 0])  # the red pile is empty
    act(state, "die 4: collect paint")
    assert paint_of(state, ALICE) == [1, 0, 0, 0]
    s["pile"][BLUE] += 1  # ... and with the blue pile empty too, a 4 collects nothing: illegal (§6.1 #3)
    give_paint(state, BILL, [s["pile"][BLUE], 0, 0, 0])
    assert not legal(state, "die 4: collect paint")
    assert legal(state, "die 4: collect paint") is False


def test_null_die_actions_become_legal_with_allow_null_die_actions():
    state = started(game(3, allow_null_die_actions=True), initial=[GREEN, GREEN, GREEN], dice=[4, 6, 6, 6])
    act(state, "die 4: collect paint")  # Alice has no student anywhere she leads: nothing collected
    assert paint_of(state, ALICE) == [0, 0, 0, 0]


def test_gain_paint_face_6_takes_one_cylinder_without_students_and_not_from_an_empty_pile():
    state = started(dice=[6, 6, 1, 1])
    give_paint(state, BILL, [0, 15, 0, 0])
    act(state, "die 6: gain 1 paint")
    assert "gain 1 green" not in actions(state)
    act(state, "gain 1 yellow")
    assert paint_of(state, ALICE) == [0, 0, 0, 1]
    give_paint(state, BILL, [15, 0, 15, 14])
    assert not legal(state, "die 6: gain 1 paint")  # every pile empty


def test_paint_pays_the_cost_back_to_the_piles_returns_students_and_refills_the_slot():
    state = started(paintings=[5], initial=[GREEN, GREEN, RED], dice=[5, 1, 1, 1])  # card 5: 2 blue 1 green 1 red
    s = state.record
    give_paint(state, ALICE, [2, 1, 1, 1])
    s["students"][ALICE] = [1, 0, 2, 0]
    s["pool"][ALICE] = 9
    assert not legal(state, "paint with Inspiration")  # 1 token < 2
    act(state, "die 5: paint a painting")
    refill = s["order"][7]
    act(state, "paint painting 5 (slot 0)")
    assert paint_of(state, ALICE) == [0, 0, 0, 1] and s["pile"].tolist() == [15, 15, 15, 14]
    # 1 student returned (students_returned of a cost-4 card), from a pile Alice chooses
    assert set(actions(state)) == {"return a student from the blue pile", "return a student from the red pile"}
    act(state, "return a student from the red pile")
    assert s["students"][ALICE].tolist() == [1, 0, 1, 0] and s["pool"][ALICE] == 10
    assert s["owner"][card(5)] == ALICE and s["row"][0] == refill and s["stage"] == 2


def test_paint_returns_every_student_when_fewer_stand_on_piles():
    state = started(paintings=[9], initial=[GREEN, GREEN, RED], dice=[5, 1, 1, 1])  # card 9: returns 2
    give_paint(state, ALICE, [3, 2, 1, 0])
    act(state, "die 5: paint a painting")
    act(state, "paint painting 9 (slot 0)")
    assert state.record["students"][ALICE].tolist() == [0, 0, 0, 0] and state.record["pool"][ALICE] == 12


def test_paint_is_illegal_without_an_affordable_painting():
    state = started(dice=[5, 5, 5, 5])
    assert not legal(state, "die 5: paint a painting")
    assert legal(state, "die 5: take 1 Inspiration (main action B)")  # B is always there (spec §3.4)


def test_main_action_b_ends_the_turn_and_works_with_an_empty_supply():
    state = started(dice=[2, 3, 4, 6])
    s = state.record
    s["supply"] = 0
    s["tokens"][BILL] += 17  # conservation: the supply's tokens are Bill's now
    act(state, "die 6: take 1 Inspiration (main action B)")
    assert s["tokens"][ALICE] == 1 and state.active_dice(ALICE) == 3
    assert list(actions(state)) == ["end turn"]


def test_free_actions_after_b_with_the_rule_option():
    state = started(game(3, free_actions_after_b=True), dice=[2, 3, 4, 6])
    state.record["tokens"][ALICE] = 5
    act(state, "die 6: take 1 Inspiration (main action B)")
    assert set(actions(state)) == {"end turn", "draw a patron"}  # no die, no reroll after a spent die


def test_after_main_action_a_b_is_no_longer_available():
    state = started(dice=[1, 1, 6, 6])
    act(state, "die 1: place a student")
    act(state, "place a student at the red pile")
    assert not any("Inspiration (main action B)" in d for d in actions(state))
    assert not legal(state, "reroll all active dice")


def test_reroll_costs_a_token_rolls_all_active_dice_and_only_before_a_die_is_spent():
    state = started(dice=[1, 1, 1, 1, 6, 6, 6, 6])
    assert legal(state, "reroll all active dice") and not legal(state, "end turn")
    act(state, "reroll all active dice")
    assert state.record["tokens"][ALICE] == 0 and state.record["dice"][ALICE].tolist() == [0, 0, 0, 0, 0, 0, 4]
    assert not legal(state, "reroll all active dice")  # no token left


def test_max_rerolls_per_turn():
    state = started(game(3, max_rerolls_per_turn=1), dice=[1, 1, 1, 1, 2, 2, 2, 2])
    state.record["tokens"][ALICE] = 3
    act(state, "reroll all active dice")
    assert not legal(state, "reroll all active dice")


def test_inspiration_paint_spends_no_die_and_is_not_the_main_action():
    state = started(paintings=[1], dice=[6, 6, 6, 6])  # card 1: blue 1 green 1
    s = state.record
    s["tokens"][ALICE] = 2
    give_paint(state, ALICE, [1, 1, 0, 0])
    act(state, "paint with Inspiration")
    act(state, "paint painting 1 (slot 0)")
    assert s["tokens"][ALICE] == 0 and state.active_dice(ALICE) == 4 and s["supply"] == 19
    assert not legal(state, "end turn")  # the turn still needs a main action (§6.1 #6)


def test_inspiration_paint_as_main_action_with_the_rule_option():
    state = started(game(3, inspiration_paint_is_main_action=True), paintings=[1], dice=[6, 6, 6, 6])
    state.record["tokens"][ALICE] = 2
    give_paint(state, ALICE, [1, 1, 0, 0])
    act(state, "paint with Inspiration")
    act(state, "paint painting 1 (slot 0)")
    assert list(actions(state)) == ["end turn"]


def test_draw_patron_costs_three_tokens_and_needs_a_patron_deck():
    state = started(dice=[6, 6, 6, 6])
    s = state.record
    s["tokens"][ALICE] = 3
    s["supply"] -= 2
    before = int(s["patron_top"])
    act(state, "draw a patron")
    assert s["tokens"][ALICE] == 0 and s["supply"] == 18 and s["patron_top"] == before + 1
    assert len(state.observation(ALICE).own_patrons) == 2 and state.observation(BILL).patron_counts[ALICE] == 2
    s["tokens"][ALICE] = 3
    s["patron_top"] = s["patron_end"]
    assert not legal(state, "draw a patron")


def test_a_player_without_active_dice_is_skipped_and_the_round_passes_the_token():
    state = started(dice=[6, 6, 6, 6])  # Alice spends all four dice at once; Bill and Carol one per turn (B)
    s = state.record
    for _ in range(4):
        act(state, "die 6: gain 1 paint")
        act(state, "gain 1 red")
    act(state, "end turn")
    players = []
    while s["round"] == 1:
        players.append(state.current_player)
        act(state, next(d for d in actions(state) if "main action B" in d))
        act(state, "end turn")
    assert players == [BILL, CAROL] * 4  # Alice, out of dice, is skipped (spec §3.1 step 2)
    assert s["turns_taken"].tolist()[:3] == [1, 4 + 1, 4]  # Bill holds the token and has begun round 2
    assert s["start_player"] == BILL and state.current_player == BILL
    assert [state.active_dice(p) for p in range(3)] == [4, 4, 4]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_by_player_count(n):
    g = game(n)
    state = g.new_initial_state(3)
    s = state.record
    assert s["supply"] == 20 - n and s["pile"].tolist() == [15] * 4
    assert g.rules.paintings.ids.size - s["deck_pos"] == 33 and (s["row"][:7] >= 0).all()
    assert s["patron_end"] - s["patron_top"] == 16 - 2 * n
    start = int(s["start_player"])
    order = []
    while s["stage"] == 0:  # keep patron, seat order from the start player
        order.append(state.current_player)
        state.apply_action(state.legal_actions()[0])
    assert order == [(start + k) % n for k in range(n)]
    assert s["patron_end"] - s["patron_top"] == 16 - n  # the returned cards went to the bottom
    order = []
    while s["stage"] == 1:  # initial students: start−1, start−2, …, start
        order.append(state.current_player)
        state.apply_action(state.legal_actions()[0])
    assert order == [(start - 1 - k) % n for k in range(n)]
    assert s["students"][:n].sum() == n and state.current_player == start


def test_an_observation_shows_only_public_information_and_the_players_own_patrons():  # spec §2.4
    state = started(dice=[6, 6, 6, 6])
    s, ids = state.record, state.game.rules.patrons.ids
    for p in range(3):
        seen = state.observation(p)
        assert seen.own_patrons == tuple(int(ids[i]) for i in (s["patron_owner"][: len(ids)] == p).nonzero()[0])
        assert seen.patron_counts == (1, 1, 1) and seen.deck_size == 33
        assert not any(f in vars(seen) for f in ("order", "patron_order", "patrons"))  # no deck order, no hands
