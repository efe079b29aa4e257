"""Goal completion (spec §4.4): each of the four requirements, one reserve per completion, the splashes when
bottles run short, black continuation (§4.9, §7.1b A5) and the rule options of §7.1 #7–#10."""

import pytest

from ink_fixtures import Game
from simkit.games.ink.engine.areas import begin_event, end_event
from simkit.games.ink.engine.layout import (CHOSEN, COMPLETE, NO_BOTTLE, STOP, UPRIGHT_BLACK, UPRIGHT_OWN,
                                            UPSIDE_DOWN_OWN, Reserve, Stage)

P = 0


def goals_stage(overrides=None, tiles=None, palette=("R", "Y"), res=(12, 12), grow=True) -> Game:
    """Player 0 in the goal loop with this painting; every square grew this turn unless `grow` is False."""
    g = Game({"n_players": 2, **(overrides or {})}, seed=2)
    s = g.rec
    s["current"], s["stage"] = P, Stage.GOALS
    g.painting(P, tiles or {(0, 0): "R4 Rs Rs R", (1, 0): "Rs B B Y"})
    s["palette"][P] = g.palette_of(*palette)
    s["res_palette"][P], s["res_wild"][P] = res
    if grow:
        s["sq_grown"][P, : 4 * s["n_slots"][P]] = 1
    return g


def completions(g: Game) -> set:
    return {a for a in g.legal() if a >= COMPLETE}


def test_the_four_requirements_and_the_reserves():
    g = goals_stage()
    assert completions(g) == {g.complete(P, (0, 0), Reserve.PALETTE), g.complete(P, (0, 0), Reserve.WILD)}
    g = goals_stage(palette=("B", "Y"))  # requirement 4: the palette pays only for its colours
    assert completions(g) == {g.complete(P, (0, 0), Reserve.WILD)}
    g = goals_stage(res=(12, 0), palette=("B", "Y"))
    assert completions(g) == set()
    g = goals_stage(grow=False)  # requirement 3
    assert completions(g) == set()
    g = goals_stage({"growth_requirement": "none"}, grow=False)
    assert len(completions(g)) == 2
    g = goals_stage(tiles={(0, 0): "R6 Rs B B"})  # requirement 2: an area of 2 for a 6
    assert completions(g) == set()


@pytest.mark.parametrize("rule, completable", [("at_least", True), ("exact", False)])
def test_goal_size_rule(rule, completable):
    g = goals_stage({"goal_size_rule": rule})  # a 4 in an area of 5
    assert bool(completions(g)) == completable


def test_growth_marks_are_cleared_at_the_start_of_a_turn_and_events_make_them():
    g = goals_stage(grow=False)
    s = g.rec
    begin_event(s, P)
    s["sq_bottle"][P, g.q(P, 1, 0)] = UPRIGHT_OWN  # a bottle: the area shrinks, nothing grows
    end_event(s, P)
    assert completions(g) == set()
    begin_event(s, P)
    s["sq_bottle"][P, g.q(P, 1, 0)] = NO_BOTTLE  # the bottle leaves: the area grows back
    end_event(s, P)
    assert len(completions(g)) == 2
    s["sq_grown"][1, :4] = 1  # left from seat 1's last turn
    g.play(STOP)
    assert s["current"] == 1 and not s["sq_grown"][1].any()


def test_a_completion_places_the_goal_and_every_free_splash_from_one_reserve():
    g = goals_stage()
    s = g.rec
    g.play(g.complete(P, (0, 0), Reserve.PALETTE))
    assert s["res_palette"][P] == 12 - 4 and s["res_wild"][P] == 12
    assert s["sq_bottle"][P, g.q(P, 0, 0)] == UPSIDE_DOWN_OWN
    assert all(s["sq_bottle"][P, g.q(P, *xy)] == UPRIGHT_OWN for xy in [(1, 0), (1, 1), (2, 0)])
    assert s["completions"][P, 4] == 1 and s["stage"] == Stage.BONUS  # row 4 has a bonus
    g.play(STOP)
    assert completions(g) == set()  # requirement 1: completed once


def test_short_bottles_with_own_left_elsewhere_the_player_chooses_the_splashes():
    g = goals_stage(res=(2, 5))  # palette: the goal and 1 of 3 splashes; wild is not mixed (§7.1 #9)
    s = g.rec
    g.play(g.complete(P, (0, 0), Reserve.PALETTE))
    assert s["stage"] == Stage.SPLASHES and STOP not in g.legal()
    assert set(g.legal()) == {g.square(P, xy) for xy in [(1, 0), (1, 1), (2, 0)]}
    g.play(g.square(P, (2, 0)))
    assert s["res_palette"][P] == 0 and s["res_wild"][P] == 5
    assert s["sq_bottle"][P, g.q(P, 2, 0)] == UPRIGHT_OWN
    assert s["sq_bottle"][P, g.q(P, 1, 0)] == NO_BOTTLE and not (s["sq_bottle"][P] == CHOSEN).any()


def test_mixing_reserves_when_the_rule_allows_it():
    g = goals_stage({"mix_reserves_in_completion": True}, res=(2, 5))
    g.play(g.complete(P, (0, 0), Reserve.PALETTE))
    assert (g.rec["res_palette"][P], g.rec["res_wild"][P]) == (0, 3)


def test_black_continues_own_bottles_first_in_square_order():
    g = goals_stage(res=(0, 2))  # wild: goal + 1 splash, then black for the other 2 (spec §4.9, §7.1b A5)
    s = g.rec
    g.play(g.complete(P, (0, 0), Reserve.WILD))
    assert s["res_wild"][P] == 0 and s["black_placed"][P] == 2 and s["black_reserve"] == 18
    first = sorted([(1, 0), (1, 1), (2, 0)], key=lambda xy: (xy[1], xy[0]))
    kinds = [int(s["sq_bottle"][P, g.q(P, *xy)]) for xy in first]
    assert kinds == [UPRIGHT_OWN, UPRIGHT_BLACK, UPRIGHT_BLACK]
    assert s["triggers"]  # the last own bottle (spec §5.1)


def test_black_is_a_reserve_only_without_own_bottles():
    g = goals_stage(res=(0, 0))
    assert completions(g) == {g.complete(P, (0, 0), Reserve.BLACK)}
    g.rec["black_reserve"] = 0
    assert completions(g) == set()


def test_leaving_splashes_empty_when_the_rule_allows_it():
    g = goals_stage({"fill_all_splashes": False})
    s = g.rec
    g.play(g.complete(P, (0, 0), Reserve.WILD))
    assert s["stage"] == Stage.SPLASHES and STOP in g.legal()
    g.play(g.square(P, (1, 1)))
    g.play(STOP)
    assert s["res_wild"][P] == 10 and s["sq_bottle"][P, g.q(P, 1, 1)] == UPRIGHT_OWN
