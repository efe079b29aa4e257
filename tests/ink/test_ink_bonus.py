"""Bonus actions (spec §4.8): each effect kind of the closed vocabulary, one unit per action (§7.1b A6), "up to"
(end_bonus at any time), each unit an event (§3.5)."""

from ink_fixtures import Game
from simkit.games.ink.engine.layout import (CHOICE, COVERED, LIFT, NONE, REMOVED, STOP, TOKEN_COLOUR,
                                            UPRIGHT_BLACK, UPRIGHT_OWN, UPSIDE_DOWN_OWN, Stage)
from simkit.games.ink.rules.components import COLOURS, SPLASH

P = 0
PAINTING = {(0, 0): "R4 Rs Rs R", (1, 0): "Rs B B Y"}


def bonus(bonus_id: str, tiles=None, amount=None) -> Game:
    """Player 0 about to use bonus tile `bonus_id`."""
    g = Game({"n_players": 2}, seed=4)
    s = g.rec
    g.painting(P, tiles or PAINTING)
    b = g.rules.bonus_tiles.ids.index(bonus_id)
    s["current"], s["stage"], s["bonus_tile"] = P, Stage.BONUS, b
    s["bonus_left"] = amount or g.rules.bonus_tiles.amount[b]
    s["bonus_units"] = 0
    return g


def test_palette_to_wild_moves_up_to_its_amount():
    g = bonus("R1")
    s = g.rec
    s["res_palette"][P] = 1
    assert g.legal() == [STOP, CHOICE + 1]  # k ≤ min(2, palette)
    s["res_palette"][P] = 5
    assert g.legal() == [STOP, CHOICE + 1, CHOICE + 2]
    g.play(CHOICE + 2)
    assert (s["res_palette"][P], s["res_wild"][P]) == (3, 14) and s["stage"] == Stage.GOALS
    assert s["bonuses_used"][P] == 1


def test_add_splash_on_an_open_unmarked_square_from_the_supply():
    g = bonus("R2")
    s = g.rec
    targets = {g.square(P, xy) for xy in [(0, 1), (2, 1), (3, 0), (3, 1)]}  # unmarked, open
    assert set(g.legal()) - {STOP} == targets
    g.play(g.square(P, (3, 1)))
    q = g.q(P, 3, 1)
    assert s["sq_mark"][P, q] == SPLASH and s["sq_tokens"][P, q] == 1 and s["stage"] == Stage.GOALS
    assert list(s["btok_where"][:10]).count(-1) == 9
    g = bonus("R2")
    g.rec["btok_where"][:10] = REMOVED  # no splash token left in the supply
    assert g.legal() == [STOP]


def test_discard_bottles_removes_an_upright_bottle_that_still_counts():
    g = bonus("R3")
    s = g.rec
    s["sq_bottle"][P, g.q(P, 1, 0)] = UPRIGHT_OWN
    s["sq_bottle"][P, g.q(P, 2, 0)] = UPRIGHT_BLACK
    s["sq_bottle"][P, g.q(P, 0, 0)] = UPSIDE_DOWN_OWN
    assert set(g.legal()) == {STOP, g.square(P, (1, 0)), g.square(P, (2, 0))}
    g.play(g.square(P, (1, 0)))
    assert s["own_discarded"][P] == 1 and s["sq_bottle"][P, g.q(P, 1, 0)] == 0
    assert s["sq_grown"][P, g.q(P, 1, 0)] == 1  # the area grew: growth marks (spec §3.5)


def test_recolour_puts_a_colour_token_of_the_chosen_colour():
    g = bonus("R4")
    s = g.rec
    q = g.q(P, 2, 1)
    g.play(g.square(P, (2, 1)))  # yellow, beside the blue (3, 0)–(3, 1)
    assert s["stage"] == Stage.BONUS_ARG and g.legal() == [CHOICE + c for c in range(len(COLOURS))]
    g.play(CHOICE + COLOURS.index("dark_blue"))
    assert s["sq_colour"][P, q] == COLOURS.index("dark_blue") and s["stage"] == Stage.GOALS
    assert s["sq_grown"][P, q] == 1  # joined the blue area
    g = bonus("R4", amount=2)
    g.play(g.square(P, (3, 1)))
    g.play(CHOICE + 0)
    assert g.square(P, (3, 1)) not in g.legal()  # one colour token per square (spec §7.1 #25)
    for i in range(g.r[0]["n_bonus_tokens"]):  # no red token left in the supply
        if g.r[0]["token_kind"][i] == TOKEN_COLOUR and g.r[0]["token_value"][i] == COLOURS.index("red"):
            g.rec["btok_where"][i] = REMOVED
    g.play(g.square(P, (0, 1)))
    assert CHOICE + COLOURS.index("red") not in g.legal()


def test_move_bottles_to_free_splashes_never_an_upside_down_one():
    g = bonus("B1")
    s = g.rec
    s["sq_bottle"][P, g.q(P, 1, 0)] = UPRIGHT_OWN
    s["sq_bottle"][P, g.q(P, 0, 0)] = UPSIDE_DOWN_OWN
    assert set(g.legal()) == {STOP, g.square(P, (1, 0))}
    g.play(g.square(P, (1, 0)))
    assert set(g.legal()) == {g.square(P, (1, 1)), g.square(P, (2, 0))}  # free splashes, not its own square
    g.play(g.square(P, (2, 0)))
    assert s["sq_bottle"][P, g.q(P, 2, 0)] == UPRIGHT_OWN and s["sq_bottle"][P, g.q(P, 1, 0)] == 0
    assert s["stage"] == Stage.BONUS and s["bonus_left"] == 1  # amount 2: one more, or end_bonus
    g.play(STOP)
    assert s["stage"] == Stage.GOALS


def test_add_goal_on_an_unmarked_square_or_an_uncompleted_goal():
    g = bonus("B2")
    s = g.rec
    targets = {g.square(P, xy) for xy in [(0, 0), (0, 1), (2, 1), (3, 0), (3, 1)]}
    assert set(g.legal()) - {STOP} == targets
    g.play(g.square(P, (0, 0)))
    assert g.legal() == [CHOICE + v for v in range(3, 8)]
    g.play(CHOICE + 7)
    assert s["sq_mark"][P, g.q(P, 0, 0)] == 7 and s["stage"] == Stage.GOALS


def test_extra_tile_takes_any_nib_with_a_placeable_tile():
    g = bonus("B3")
    s = g.rec
    nibs = [a for a in g.legal() if a != STOP]
    assert nibs and all(g.nib(1) <= a <= g.nib(6) for a in nibs)
    d = nibs[0] - g.nib(1) + 1
    tile = int(s["nib_tile"][d])
    g.play(nibs[0])
    assert s["stage"] == Stage.PLACE_TILE and s["hand_tile"] == tile and s["nib_tile"][d] == NONE
    g.play(g.legal()[0])
    assert s["n_slots"][P] == 3 and s["stage"] == Stage.GOALS and s["tiles_taken"][P] == 1


def test_move_tile_lifts_a_free_tile_and_places_it_at_another_cell():
    g = bonus("B4", tiles={(0, 0): "R B B R", (1, 0): "B Y Y B", (2, 0): "Y R R Y"})
    s = g.rec
    assert set(g.legal()) == {STOP, LIFT + 0, LIFT + 2}  # the middle tile would split the painting
    s["sq_bottle"][P, g.q(P, 0, 0)] = UPRIGHT_OWN
    s["sq_colour"][P, g.q(P, 5, 0)] = COVERED
    assert g.legal() == [STOP]  # a bottle or an X token pins a tile
    g = bonus("B4", tiles={(0, 0): "R B B R", (1, 0): "B Y Y B", (2, 0): "Y R R Y"})
    g.rec["sq_grown"][P, 8:12] = 1  # marks made earlier this turn survive the move (spec §3.5)
    g.play(LIFT + 2)
    assert g.rec["stage"] == Stage.PLACE_TILE and g.rec["hand_slot"] == 2
    assert g.place_tile(P, (2, 0)) not in g.legal()  # not back on its own cell
    g.play(g.place_tile(P, (1, 1)))  # "Y R R Y" below "B Y Y B": yellow meets yellow
    assert tuple(g.rec["slot_xy"][P, 2]) == (2, 2) and g.rec["n_slots"][P] == 3
    assert g.rec["sq_grown"][P, 8:12].all()
    assert g.rec["stage"] == Stage.GOALS


def test_a_bonus_ends_when_its_amount_is_used_or_at_any_time():
    g = bonus("B1")
    g.play(STOP)
    assert g.rec["stage"] == Stage.GOALS and g.rec["bonuses_used"][P] == 0
