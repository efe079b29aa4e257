"""Golden test 2 (spec §8.3 with §7.1b A12): "Alla fine" as a 3-player fixture: the finisher in seat 1, start
player seat 0, so seat 2 still plays; nobody else finishes / seat 2 finishes with fewer black / with equal black,
then tie rounds (spec §5.3, §5.4)."""

import numpy as np
import pytest

from ink_fixtures import Game
from simkit.games.ink.engine.layout import END_LAST_BOTTLE, MOVE, PASS, STOP, Reserve, Stage
from simkit.games.ink.engine.scoring import final_scores, ranks_and_win_shares

FINISHER, LAST = 1, 2


def alla_fine() -> Game:
    g = Game({"n_players": 3}, seed=3)
    s = g.rec
    s["first_player"], s["current"], s["stage"] = 0, FINISHER, Stage.TURN
    g.painting(FINISHER, {(0, 0): "Rs Rs B Y"})
    s["palette"][FINISHER] = g.palette_of("R", "Y")
    s["res_palette"][FINISHER], s["res_wild"][FINISHER] = 2, 0
    s["main_pos"][FINISHER] = 0
    s["nib_tile"][1] = g.tile_kind(int(s["nib_tile"][1]), "R3 L P Rs")
    return g


def finisher_turn(g: Game) -> None:
    s = g.rec
    g.play(MOVE)  # nib 1
    g.play(g.place_tile(FINISHER, (1, 0)))
    g.play(g.complete(FINISHER, (2, 0), Reserve.PALETTE))
    assert s["res_palette"][FINISHER] == 0 and s["black_placed"][FINISHER] == 2 and s["black_reserve"] == 18
    assert s["triggers"] == END_LAST_BOTTLE and not s["done"]
    assert g.legal() == [STOP]  # goal 3 has no bonus row
    g.play(STOP)
    assert s["current"] == LAST  # the round is finished (spec §5.2)


def outcome(g: Game):
    n = 3
    scores, ranks, shares = np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n)
    final_scores(g.r[0], g.rec, scores)
    ranks_and_win_shares(g.r[0], g.rec, scores, ranks, shares)
    return ranks.tolist(), shares.tolist()


@pytest.mark.parametrize("last_black", [None, 1])
def test_the_finisher_wins_when_nobody_else_finishes_or_with_fewer_black(last_black):
    g = alla_fine()
    finisher_turn(g)
    if last_black is not None:  # seat 2 has placed every own bottle, with 1 black
        g.rec["res_palette"][LAST], g.rec["res_wild"][LAST], g.rec["black_placed"][LAST] = 0, 0, last_black
    g.play(PASS)
    assert g.rec["done"] and g.rec["tie_round"] == 0 and g.rec["end_reason"] == END_LAST_BOTTLE
    ranks, shares = outcome(g)
    assert ranks[FINISHER] == 1 and shares[FINISHER] == 1.0


def test_equal_black_plays_tie_rounds_then_shares():
    g = alla_fine()
    finisher_turn(g)
    s = g.rec
    s["res_palette"][LAST], s["res_wild"][LAST], s["black_placed"][LAST] = 0, 0, 2
    g.play(PASS)
    for tie_round in (1, 2, 3):  # only the tied players play, from the start player on (spec §5.4)
        assert not s["done"] and s["tie_round"] == tie_round and s["in_tie"][:3].tolist() == [0, 1, 1]
        assert s["current"] == FINISHER
        g.play(PASS)
        assert s["current"] == LAST
        g.play(PASS)
    assert s["done"]  # max_tie_rounds = 3, then the tie is shared
    ranks, shares = outcome(g)
    assert ranks == [3, 1, 1] and shares == [0.0, 0.5, 0.5]


def test_a_tie_round_decides_by_black():
    g = alla_fine()
    finisher_turn(g)
    s = g.rec
    s["res_palette"][LAST], s["res_wild"][LAST], s["black_placed"][LAST] = 0, 0, 2
    g.play(PASS)
    assert s["tie_round"] == 1 and s["current"] == FINISHER
    # the tie round: a yellow 3 below the start tile, completed with black only (spec §5.4, §4.9)
    s["nib_tile"][2] = g.tile_kind(int(s["nib_tile"][2]), "Y3 Y L P")
    g.play(MOVE + 1)
    g.play(g.place_tile(FINISHER, (0, 1)))
    assert g.legal() == [STOP, g.complete(FINISHER, (0, 2), Reserve.BLACK)]
    g.play(g.complete(FINISHER, (0, 2), Reserve.BLACK))
    assert s["black_placed"][FINISHER] == 3 and s["black_reserve"] == 17
    g.play(STOP)
    assert s["current"] == LAST
    g.play(PASS)
    assert s["done"] and s["tie_round"] == 1
    ranks, shares = outcome(g)
    assert ranks == [3, 1, 2] and shares[FINISHER] == 1.0
