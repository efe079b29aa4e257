"""Golden test 1 (spec §8.2): the Italian example "Più avanti nella partita", step by step, in both crossing
orders."""

import pytest

from ink_fixtures import Game
from simkit.games.ink.engine.areas import compute_areas
from simkit.games.ink.engine.goals import goal_completable
from simkit.games.ink.engine.layout import (CROSS, MOVE, NONE, STOP, UPRIGHT_OWN, UPSIDE_DOWN_OWN, X, Reserve,
                                            Stage)
from simkit.games.ink.rules.components import SPLASH

ROBERTO = 0
BLUE_AREA = {(1, 0), (1, 1), (2, 0), (2, 1), (1, 2), (2, 2)}


def roberto(crossing_order: str) -> Game:
    g = Game({"n_players": 3, "crossing_order": crossing_order}, seed=5)
    s = g.rec
    s["current"], s["first_player"], s["stage"] = ROBERTO, ROBERTO, Stage.TURN
    g.painting(ROBERTO, {(0, 0): "R B6 B R", (1, 0): "Bs Ys Ys B", (0, 1): "P Bs R P"})
    s["palette"][ROBERTO] = g.palette_of("P", "R")
    s["res_palette"][ROBERTO], s["res_wild"][ROBERTO] = 10, 8
    g.bonus_rows(["R2", "R4", "B1", "B3"])
    s["main_pos"][ROBERTO] = 5
    s["nib_tile"][1:7] = NONE
    s["nib_tile"][2] = g.tile_kind(int(s["bag_order"][0]), "B4 L P L")
    g.x_bag(["X7"])  # a purple X
    return g


def area(g: Game, xy) -> set:
    s = g.rec
    compute_areas(s, ROBERTO)
    label = s["area_label"][ROBERTO, g.q(ROBERTO, *xy)]
    return {(x, y) for x in range(-2, 6) for y in range(-2, 6)
            if _has(g, x, y) and s["area_label"][ROBERTO, g.q(ROBERTO, x, y)] == label}


def _has(g, x, y):
    try:
        g.q(ROBERTO, x, y)
        return True
    except KeyError:
        return False


def completable(g: Game, xy) -> bool:
    compute_areas(g.rec, ROBERTO)
    return bool(goal_completable(g.r[0], g.rec, ROBERTO, g.q(ROBERTO, *xy)))


@pytest.mark.parametrize("crossing_order", ["printed", "nib_first"])
def test_piu_avanti_nella_partita(crossing_order):
    g = roberto(crossing_order)
    s = g.rec
    # step 1: cross the start space, draw the purple X, place it (printed: then choose nib 2)
    g.play(CROSS if crossing_order == "printed" else MOVE + 1)
    assert s["stage"] == Stage.PLACE_X and s["main_pos"][ROBERTO] == 0
    pairs = {g.place_x(ROBERTO, a, b) for a, b in [((0, 2), (1, 2)), ((0, 2), (0, 1)), ((0, 2), (0, 3)),
                                                   ((0, 3), (1, 3))]}
    assert {a for a in g.legal() if a >= X} == pairs
    g.play(g.place_x(ROBERTO, (0, 2), (0, 3)))
    if crossing_order == "printed":
        assert s["stage"] == Stage.CHOOSE_NIB and g.legal() == [g.nib(2)]
        g.play(g.nib(2))
    assert s["main_pos"][ROBERTO] == 2 and s["stage"] == Stage.PLACE_TILE
    # step 2: the tile at (1, 1) as listed
    g.play(g.place_tile(ROBERTO, (1, 1)))
    assert area(g, (1, 0)) == BLUE_AREA
    assert completable(g, (1, 0)) and completable(g, (2, 2))
    free = {xy for xy in BLUE_AREA if s["sq_mark"][ROBERTO, g.q(ROBERTO, *xy)] == SPLASH}
    assert free == {(2, 0), (1, 2)}
    # step 3: complete the 6 from the wild reserve
    g.play(g.complete(ROBERTO, (1, 0), Reserve.WILD))
    assert s["res_wild"][ROBERTO] == 5 and s["res_palette"][ROBERTO] == 10
    assert s["sq_bottle"][ROBERTO, g.q(ROBERTO, 1, 0)] == UPSIDE_DOWN_OWN
    assert all(s["sq_bottle"][ROBERTO, g.q(ROBERTO, *xy)] == UPRIGHT_OWN for xy in [(2, 0), (1, 2)])
    assert area(g, (2, 2)) == {(1, 1), (2, 1), (2, 2)} and not completable(g, (2, 2))
    # step 4: the goal-6 bonus B1 moves two bottles to free splashes
    assert s["stage"] == Stage.BONUS
    g.play(g.square(ROBERTO, (2, 0)))
    g.play(g.square(ROBERTO, (3, 0)))
    g.play(g.square(ROBERTO, (1, 2)))
    g.play(g.square(ROBERTO, (3, 1)))
    assert s["stage"] == Stage.GOALS
    assert len(area(g, (2, 2))) == 5 and completable(g, (2, 2))
    # step 5: complete the 4 from the wild reserve: 3 bottles
    g.play(g.complete(ROBERTO, (2, 2), Reserve.WILD))
    assert s["res_wild"][ROBERTO] == 2
    assert s["sq_bottle"][ROBERTO, g.q(ROBERTO, 2, 2)] == UPSIDE_DOWN_OWN
    assert all(s["sq_bottle"][ROBERTO, g.q(ROBERTO, *xy)] == UPRIGHT_OWN for xy in [(2, 0), (1, 2)])
    # step 6: the goal-4 bonus R2: a splash token on the light blue (3, 2)
    assert s["stage"] == Stage.BONUS
    g.play(g.square(ROBERTO, (3, 2)))
    assert s["sq_mark"][ROBERTO, g.q(ROBERTO, 3, 2)] == SPLASH and s["stage"] == Stage.GOALS
    assert g.legal() == [STOP]
    # step 7: stop; the refill puts a tile from the bag on nib 2
    bag_before = int(s["bag_pos"])
    g.play(STOP)
    assert s["nib_tile"][2] != NONE and s["bag_pos"] > bag_before
    assert s["current"] == 1 and s["stage"] == Stage.TURN
