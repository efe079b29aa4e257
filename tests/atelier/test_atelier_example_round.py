"""Golden test: the printed "Example Round" of the rulebook replayed as a scripted game (spec §7.3)."""

from scripted import BLUE, GREEN, RED, YELLOW, act, actions, game, legal, paint_of, started

ALICE, BILL, CAROL = 0, 1, 2


def test_the_printed_example_round():
    g = game(3)
    state = started(g, start=ALICE, paintings=[2], initial=[GREEN, YELLOW, RED],  # Carol, Bill, Alice
                    dice=[1, 2, 3, 6, 1, 2, 6, 6, 3, 4, 4, 5, 4, 5, 1, 2, 6])
    s = state.record
    assert state.observation(ALICE).row[0] == 2  # card 2 (blue 1, red 1) lies in the row
    assert state.current_player == ALICE

    # Alice 1: 1, 2, 3, 6; students at red and blue with the 1 and 2; ends her turn
    assert s["dice"][ALICE].tolist() == [0, 1, 1, 1, 0, 0, 1]
    act(state, "die 1: place a student")
    act(state, "place a student at the red pile")
    act(state, "die 2: place a student")
    act(state, "place a student at the blue pile")
    act(state, "end turn")
    assert state.active_dice(ALICE) == 2 and s["dice"][ALICE].tolist() == [0, 0, 0, 1, 0, 0, 1]
    assert s["students"][ALICE].tolist() == [1, 0, 2, 0]

    # Bill 1: 1, 2, 6, 6; students at green and yellow; green and yellow with the 6s
    assert state.current_player == BILL
    for die, pile in (("1", "green"), ("2", "yellow")):
        act(state, f"die {die}: place a student")
        act(state, f"place a student at the {pile} pile")
    for colour in ("green", "yellow"):
        act(state, "die 6: gain 1 paint")
        act(state, f"gain 1 {colour}")
    assert state.active_dice(BILL) == 0
    assert paint_of(state, BILL) == [0, 1, 0, 1] and s["pile"][GREEN] == 14 and s["pile"][YELLOW] == 14
    act(state, "end turn")

    # Carol 1: 3, 4, 4, 5; her student at green ties 1-1 with Bill: with 3 players no Collect
    assert state.current_player == CAROL
    assert not legal(state, "die 4: collect paint")
    act(state, "die 3: take 1 Inspiration (main action B)")
    assert s["tokens"][CAROL] == 2 and state.active_dice(CAROL) == 3
    assert list(actions(state)) == ["end turn"]  # no further die, no free action (spec §6.1b #21)
    act(state, "end turn")

    # Alice 2: 4, 5; the 4 collects red and blue (strict majorities); the 5 paints card 2
    assert state.current_player == ALICE and s["dice"][ALICE].tolist() == [0, 0, 0, 0, 1, 1, 0]
    act(state, "die 4: collect paint")
    assert paint_of(state, ALICE) == [1, 0, 1, 0]
    next_card = state.game.rules.paintings.ids[s["order"][7]]
    act(state, "die 5: paint a painting")
    act(state, "paint painting 2 (slot 0)")
    assert paint_of(state, ALICE) == [0, 0, 0, 0] and s["pile"][RED] == 15 and s["pile"][BLUE] == 15
    assert s["students"][ALICE].tolist() == [1, 0, 2, 0]  # 0 students returned
    assert s["tokens"][ALICE] == 3  # wp_inspiration_2
    assert state.observation(ALICE).paintings[ALICE] == (2,) and state.observation(ALICE).row[0] == next_card
    act(state, "end turn")

    # Bill 2: skipped (no active die); Carol 2: 1, 2, 6
    assert state.current_player == CAROL
    act(state, "die 1: place a student")
    act(state, "place a student at the red pile")
    act(state, "die 2: place a student")
    act(state, "place a student at the yellow pile")
    act(state, "die 6: gain 1 paint")
    act(state, "gain 1 blue")

    # end of round: every die spent, so ending Carol's turn ends the round
    act(state, "end turn")
    assert s["round"] == 2 and s["start_player"] == BILL and state.current_player == BILL
    assert sum(state.active_dice(p) for p in range(3)) == 12
    assert s["supply"] == 14
    assert s["turns_taken"].tolist()[:3] == [2, 2, 2]  # Bill: one turn in round 1 (his second skipped), one in round 2
