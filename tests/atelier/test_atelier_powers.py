"""Rule tests of the painting powers (spec §5.2): each effect kind of the shipped powers, when painted and ongoing."""

from scripted import (GREEN, RED, act, actions, give_paint, legal, own, paint_of,
                      started)

ALICE, BILL, CAROL = 0, 1, 2


def paint_first_card(state, cost):
    give_paint(state, ALICE, cost)
    act(state, "die 5: paint a painting")
    act(state, f"paint painting {state.observation(ALICE).row[0]} (slot 0)")


def test_gain_inspiration_when_painted():  # wp_inspiration_2 on card 22 (green 1, yellow 1)
    state = started(paintings=[22], dice=[5, 1, 1, 1])
    paint_first_card(state, [0, 1, 0, 1])
    assert state.record["tokens"][ALICE] == 3 and state.record["supply"] == 15


def test_gain_inspiration_takes_what_the_supply_holds():
    state = started(paintings=[22], dice=[5, 1, 1, 1])
    s = state.record
    s["tokens"][BILL] += s["supply"] - 1
    s["supply"] = 1
    paint_first_card(state, [0, 1, 0, 1])
    assert s["tokens"][ALICE] == 2 and s["supply"] == 0


def test_place_students_up_to_two_before_the_refill():  # wp_place_students_2 on card 12 (green 1, yellow 1)
    state = started(paintings=[12], dice=[5, 1, 1, 1])
    s = state.record
    paint_first_card(state, [0, 1, 0, 1])
    assert s["stage"] == 9 and s["row"][0] == -1  # the power's decisions come before the refill (§6.1b #23)
    act(state, "power: place a student at the red pile")
    assert legal(state, "power: place no more students")
    act(state, "power: place a student at the red pile")
    assert s["students"][ALICE, RED] == 2 and s["row"][0] != -1 and s["stage"] == 2


def test_place_students_may_stop_early():
    state = started(paintings=[12], dice=[5, 1, 1, 1])
    paint_first_card(state, [0, 1, 0, 1])
    act(state, "power: place no more students")
    assert state.record["pool"][ALICE] == 11 and state.record["stage"] == 2


def test_gain_paint_any_takes_two_cylinders_the_same_pile_allowed():  # wp_paint_any_2 on card 6
    state = started(paintings=[6], dice=[5, 1, 1, 1])  # card 6: blue 1, red 2, yellow 1, returns 1
    state.record["students"][ALICE] = [1, 0, 0, 0]  # one student: returned without a choice
    paint_first_card(state, [1, 0, 2, 1])
    act(state, "power: take 1 green")
    act(state, "power: take 1 green")
    assert paint_of(state, ALICE) == [0, 2, 0, 0] and state.record["stage"] == 2


def test_draw_patron_when_painted():  # wp_draw_patron on card 16 (green 2, red 1, yellow 1)
    state = started(paintings=[16], dice=[5, 1, 1, 1])
    top = int(state.record["patron_top"])
    state.record["students"][ALICE] = [1, 0, 0, 0]
    paint_first_card(state, [0, 2, 1, 1])
    assert state.record["patron_top"] == top + 1 and len(state.observation(ALICE).own_patrons) == 2


def test_die_adjust_once_per_turn_within_faces_1_to_6():  # og_die_adjust on card 4
    state = started(dice=[6, 6, 1, 2])
    own(state, ALICE, 4)
    act(state, "use the power of painting 4")
    assert "adjust a die showing 6 up" not in actions(state) and "adjust a die showing 1 down" not in actions(state)
    act(state, "adjust a die showing 2 up")
    assert state.record["dice"][ALICE].tolist() == [0, 1, 0, 1, 0, 0, 2]
    assert not legal(state, "use the power of painting 4")  # once per turn per card
    assert legal(state, "reroll all active dice")  # adjusting spends no die (spec §5.2)


def test_die_adjust_is_illegal_once_no_die_may_be_spent():  # spec §6.1b #25
    state = started(dice=[6, 6, 1, 2])
    own(state, ALICE, 4)
    act(state, "die 6: take 1 Inspiration (main action B)")
    assert not legal(state, "use the power of painting 4")


def test_wild_paint_substitutes_one_cylinder_and_counts_for_affordability():  # og_wild_paint on card 14
    state = started(paintings=[1], dice=[5, 1, 1, 1])  # card 1: blue 1, green 1
    own(state, ALICE, 14)
    give_paint(state, ALICE, [1, 0, 0, 1])
    act(state, "die 5: paint a painting")
    act(state, "paint painting 1 (slot 0)")
    assert set(actions(state)) == {"wild paint: pay 1 yellow for 1 green"}  # the one way to pay
    act(state, "wild paint: pay 1 yellow for 1 green")
    assert paint_of(state, ALICE) == [0, 0, 0, 0] and state.record["pile"].tolist() == [15, 15, 15, 15]


def test_wild_paint_is_optional_when_the_printed_cost_is_held():
    state = started(paintings=[1], dice=[5, 1, 1, 1])
    own(state, ALICE, 14)
    give_paint(state, ALICE, [1, 1, 0, 1])
    act(state, "die 5: paint a painting")
    act(state, "paint painting 1 (slot 0)")
    assert "pay the rest as printed" in actions(state) and "wild paint: pay 1 yellow for 1 blue" in actions(state)
    act(state, "pay the rest as printed")
    assert paint_of(state, ALICE) == [0, 0, 0, 1]


def test_collect_ties_power_collects_a_tie_in_a_3_player_game():  # og_collect_ties on card 24
    state = started(initial=[GREEN, GREEN, RED], dice=[4, 4, 6, 6])
    state.record["students"][ALICE] = [0, 1, 0, 0]  # green: tied 1-1-1
    assert not legal(state, "die 4: collect paint")
    own(state, ALICE, 24)
    act(state, "die 4: collect paint")
    assert paint_of(state, ALICE) == [0, 1, 0, 0]


def test_extra_inspiration_adds_to_main_action_b():  # og_extra_inspiration on card 34
    state = started(dice=[6, 6, 6, 6])
    own(state, ALICE, 34)
    act(state, "die 6: take 1 Inspiration (main action B)")
    assert state.record["tokens"][ALICE] == 3


def test_ongoing_powers_work_on_the_turn_they_are_painted():  # spec §6.1 #17
    state = started(paintings=[34], dice=[5, 6, 6, 6])  # card 34: green 1, red 1, yellow 1
    state.record["tokens"][ALICE] = 2
    give_paint(state, ALICE, [0, 1, 1, 1])
    act(state, "paint with Inspiration")
    act(state, "paint painting 34 (slot 0)")
    act(state, "die 6: take 1 Inspiration (main action B)")
    assert state.record["tokens"][ALICE] == 2
