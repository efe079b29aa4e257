"""X and XX tokens (spec §4.7): the draw and the XX refill of the bag, placement (colour rules, their fallback, no
upside-down bottle, §7.1 #13), the effect on bottles and bonus tokens (§7.1b A4), and a token with no place."""

from ink_fixtures import Game
from simkit.games.ink.engine.layout import (COVERED, CROSS, IN_SUPPLY, NONE, REMOVED, UPRIGHT_BLACK, UPRIGHT_OWN,
                                            UPSIDE_DOWN_OWN, X, X_BAG, X_DISCARDED, X_PAINTING, Stage)
from simkit.games.ink.engine.xtokens import draw_x
from simkit.games.ink.rules.components import NO_MARK

P = 0


def crossing(tokens, tiles, overrides=None) -> Game:
    """Player 0 crosses the start space with these tokens in the X bag."""
    g = Game({"n_players": 2, **(overrides or {})}, seed=6)
    s = g.rec
    s["current"], s["stage"], s["main_pos"][P] = P, Stage.TURN, 3
    g.painting(P, tiles)
    g.x_bag(tokens)
    g.play(CROSS)
    return g


def pairs(g: Game) -> set:
    return {a for a in g.legal() if a >= X}


def test_an_x_covers_at_least_one_square_of_its_colour():
    g = crossing(["X10"], {(0, 0): "R B Y Y", (1, 0): "B R Y Y"})  # X10: red
    expected = {g.place_x(P, *pair) for pair in [((0, 0), (1, 0)), ((0, 0), (0, 1)), ((3, 0), (3, 1)),
                                                 ((2, 0), (3, 0))]}
    assert pairs(g) == expected and g.rec["x_drawn"][P] == 1


def test_an_x_whose_colour_is_absent_goes_anywhere():
    g = crossing(["X1"], {(0, 0): "R L Y Y"})  # dark blue, absent
    assert len(pairs(g)) == 4


def test_an_xx_covers_two_adjacent_squares_of_one_of_its_colours():
    g = crossing(["XX4"], {(0, 0): "B Y Y B", (1, 0): "R R Y L"})  # dark_blue + yellow
    expected = {g.place_x(P, (0, 0), (0, 1)), g.place_x(P, (1, 0), (1, 1))}
    assert pairs(g) == expected
    g = crossing(["XX4"], {(0, 0): "B R Y L"})  # no pair of one of its colours: anywhere
    assert len(pairs(g)) == 4


def test_covering_returns_bottles_and_removes_tokens_but_never_an_upside_down_bottle():
    g = crossing([], {(0, 0): "R R R R"})
    s = g.rec
    g.x_bag(["X10"])
    s["stage"], s["main_pos"][P] = Stage.TURN, 3
    s["sq_bottle"][P, g.q(P, 0, 0)] = UPSIDE_DOWN_OWN
    s["sq_bottle"][P, g.q(P, 1, 0)] = UPRIGHT_OWN
    s["sq_bottle"][P, g.q(P, 1, 1)] = UPRIGHT_BLACK
    s["res_wild"][P], s["black_reserve"], s["black_placed"][P] = 3, 10, 1
    s["btok_where"][0] = P * 484 + g.q(P, 1, 1)
    s["sq_tokens"][P, g.q(P, 1, 1)] = 1
    g.play(CROSS)
    assert pairs(g) == {g.place_x(P, (1, 0), (1, 1)), g.place_x(P, (0, 1), (1, 1))}
    g.play(g.place_x(P, (1, 0), (1, 1)))
    assert s["res_wild"][P] == 4 and s["black_reserve"] == 11 and s["black_placed"][P] == 0
    for xy in [(1, 0), (1, 1)]:
        q = g.q(P, *xy)
        assert s["sq_colour"][P, q] == COVERED and s["sq_mark"][P, q] == NO_MARK and s["sq_bottle"][P, q] == 0
    assert s["btok_where"][0] == REMOVED and s["btok_where"][1] == IN_SUPPLY
    assert s["x_where"][g.rules.x_tokens.ids.index("X10")] == X_PAINTING
    assert s["stage"] == Stage.CHOOSE_NIB


def test_an_x_may_cover_an_upside_down_bottle_when_the_rule_allows_it():
    g = crossing([], {(0, 0): "R R B B"}, {"x_covers_goal_bottles": True})
    g.rec["sq_bottle"][P, g.q(P, 0, 0)] = UPSIDE_DOWN_OWN
    g.x_bag(["X10"])
    g.rec["stage"], g.rec["main_pos"][P] = Stage.TURN, 3
    g.play(CROSS)
    assert g.place_x(P, (0, 0), (1, 0)) in pairs(g)
    wild = int(g.rec["res_wild"][P])
    g.play(g.place_x(P, (0, 0), (1, 0)))
    assert g.rec["res_wild"][P] == wild + 1 and g.rec["sq_bottle"][P, g.q(P, 0, 0)] == 0


def test_a_token_without_a_legal_place_is_removed():
    g = crossing(["X10"], {(0, 0): "R R R R"})
    s = g.rec
    s["sq_colour"][P, :4] = COVERED
    s["stage"], s["main_pos"][P], s["x_bag_pos"] = Stage.TURN, 3, 0
    g.play(CROSS)
    assert s["stage"] == Stage.CHOOSE_NIB and s["x_where"][g.rules.x_tokens.ids.index("X10")] == X_DISCARDED


def test_the_last_x_brings_the_set_aside_xx_tokens_then_nothing_is_drawn():
    g = Game({"n_players": 1}, seed=9)
    s = g.rec
    assert (s["x_bag_n"], s["x_aside_n"]) == (3, 2)
    aside = list(s["x_aside"][:2])
    drawn = [draw_x(s) for _ in range(3)]
    assert s["x_bag_n"] == 5 and s["x_aside_n"] == 0 and all(s["x_where"][t] == X_BAG for t in aside)
    drawn += [draw_x(s) for _ in range(2)]
    assert drawn[3:] == aside and draw_x(s) == NONE
