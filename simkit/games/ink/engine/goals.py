"""Completing goals (spec §4.3, §4.4, printed): the four requirements, the bottles of a completion (one reserve,
black continuation, the choice of splashes when bottles run short, §7.1b A5) and the bonus that follows."""

from simkit.core.jit import njit
from simkit.games.ink.engine.areas import area_of, compute_areas, is_open, refill_areas, touch
from simkit.games.ink.engine.bottles import check_last_bottle, own_left, reserve_count, reserve_usable, take_bottle
from simkit.games.ink.engine.lattice import square_x, square_y
from simkit.games.ink.engine.layout import (CHOSEN, N_RESERVES, NO_BOTTLE, NONE, UPRIGHT_BLACK, UPRIGHT_OWN,
                                            UPSIDE_DOWN_BLACK, UPSIDE_DOWN_OWN, GoalSizeRule, GrowthRequirement,
                                            Reserve, Stage)
from simkit.games.ink.rules.components import SPLASH


@njit
def goal_completable(r, s, p, q):
    """Goal square q meets requirements 1–3 of spec §4.4 (areas must be current)."""
    value = s.sq_mark[p, q]
    if q >= 4 * s.n_slots[p] or value <= 0 or not is_open(s, p, q):
        return False
    size = area_of(s, p, q)
    if size < value or (r.goal_size_rule == GoalSizeRule.EXACT and size != value):
        return False
    return r.growth_requirement == GrowthRequirement.NONE or s.sq_grown[p, q] == 1


@njit
def complete_legal(r, s, p, q, reserve):
    """`complete(goal q, reserve)`: all four requirements of spec §4.4."""
    compute_areas(s, p)
    return goal_completable(r, s, p, q) and reserve_usable(r, s, p, reserve, s.sq_colour[p, q])


@njit
def complete_actions(r, s, p, first, out, n):
    """The legal `complete` actions, first + N_RESERVES q + reserve ascending, into out from out[n]; returns the
    new n (what a scan of complete_legal finds)."""
    compute_areas(s, p)
    for q in range(4 * s.n_slots[p]):
        if goal_completable(r, s, p, q):
            for reserve in range(N_RESERVES):
                if reserve_usable(r, s, p, reserve, s.sq_colour[p, q]):
                    out[n] = first + N_RESERVES * q + reserve
                    n += 1
    return n


@njit
def any_completable(r, s, p):
    compute_areas(s, p)
    for q in range(4 * s.n_slots[p]):
        if goal_completable(r, s, p, q):
            for reserve in range(3):
                if reserve_usable(r, s, p, reserve, s.sq_colour[p, q]):
                    return True
    return False


@njit
def splash_order_key(s, p, q):
    """Square order: row, then column (spec §7.1b A5)."""
    return square_y(s, p, q) * 100000 + square_x(s, p, q)


@njit
def collect_splashes(s, p, goal):
    """F: the free splashes of the goal's area before any bottle is placed, in square order (spec §4.4 a)."""
    label = s.area_label[p, goal]
    n = 0
    for q in range(4 * s.n_slots[p]):
        if s.area_label[p, q] == label and s.sq_mark[p, q] == SPLASH:
            i = n
            while i > 0 and splash_order_key(s, p, s.f_list[i - 1]) > splash_order_key(s, p, q):
                s.f_list[i] = s.f_list[i - 1]
                i -= 1
            s.f_list[i] = q
            n += 1
    s.f_n = n


@njit
def own_available(r, s, p, reserve):
    """Own bottles the splashes of a completion from `reserve` may receive after the goal's bottle (spec §4.4 a)."""
    if reserve == Reserve.BLACK:
        return 0
    count = reserve_count(s, p, reserve)
    if r.mix_reserves_in_completion:
        count = own_left(s, p)
    return count


@njit
def black_continues(r, s, p, reserve):
    """When the own bottles of the completion run out, black continues: only if no own bottle is left at all."""
    return reserve == Reserve.BLACK or own_available(r, s, p, reserve) == own_left(s, p)


@njit
def splash_choices(r, s, p, goal, reserve):
    """The ways `complete(goal, reserve)` may fill its splashes (spec §7.1b A7): C(|F|, bottles) when bottles run
    short under `fill_all_splashes`, else 1 (areas must be current)."""
    label, free = s.area_label[p, goal], 0
    for q in range(4 * s.n_slots[p]):
        free += s.area_label[p, q] == label and s.sq_mark[p, q] == SPLASH
    if reserve == Reserve.BLACK:
        own, black = 0, s.black_reserve - 1
    else:
        own = (own_left(s, p) if r.mix_reserves_in_completion else reserve_count(s, p, reserve)) - 1
        black = s.black_reserve if own + 1 == own_left(s, p) else 0
    bottles = own + black
    if bottles >= free or not r.fill_all_splashes:
        return 1
    ways = 1
    for k in range(bottles):
        ways = ways * (free - k) // (k + 1)
    return ways


@njit
def place_bottle(s, p, q, reserve, upside_down):
    """A bottle from `reserve` (own first, spec §4.4 a), then black once the player has no own bottle (§4.9)."""
    if reserve != Reserve.BLACK and reserve_count(s, p, reserve) == 0:
        reserve = Reserve.WILD if reserve == Reserve.PALETTE else Reserve.PALETTE  # mixing (spec §7.1 #9)
    if own_left(s, p) == 0:
        reserve = Reserve.BLACK
    black = take_bottle(s, p, reserve)
    if upside_down:
        s.sq_bottle[p, q] = UPSIDE_DOWN_BLACK if black else UPSIDE_DOWN_OWN
    else:
        s.sq_bottle[p, q] = UPRIGHT_BLACK if black else UPRIGHT_OWN


@njit
def fill_splashes(s, p, reserve, own, black, chosen_only):
    """Bottle F in square order: `own` own bottles from `reserve` first, then `black` black bottles; with
    `chosen_only`, only the squares chosen while bottles ran short."""
    for i in range(s.f_n):
        q = s.f_list[i]
        if chosen_only and s.sq_bottle[p, q] != CHOSEN:
            continue
        if own > 0:
            place_bottle(s, p, q, reserve, False)
            own -= 1
        elif black > 0:
            place_bottle(s, p, q, Reserve.BLACK, False)
            black -= 1
        else:
            s.sq_bottle[p, q] = NO_BOTTLE


@njit
def begin_completion(r, s, p, goal, reserve):
    """Spec §4.4 a: F before any bottle, 1 bottle upside down on the goal, then 1 upright on every square of F while
    bottles last; when they run short, the player chooses the squares (stage SPLASHES)."""
    compute_areas(s, p)
    collect_splashes(s, p, goal)
    s.goal_value = s.sq_mark[p, goal]
    s.completions[p, s.goal_value] += 1
    place_bottle(s, p, goal, reserve, True)
    own = own_available(r, s, p, reserve)
    black = s.black_reserve if black_continues(r, s, p, reserve) else 0
    if own + black >= s.f_n and r.fill_all_splashes:
        fill_splashes(s, p, reserve, own, black, False)
        label = s.area_label[p, goal]  # every square bottled was in the goal's area
        refill_areas(s, p, label, label)
        finish_completion(r, s, p)
        return
    touch(s, p)  # the squares bottled are chosen over decisions: the areas are stale till then
    s.pick_reserve = reserve
    s.pick_own = min(own, s.f_n)
    s.picks_left = min(own + black, s.f_n)
    s.stage = Stage.SPLASHES
    if s.picks_left == 0:
        finish_completion(r, s, p)


@njit
def pick_legal(r, s, p, q):
    """A square of F not chosen yet (stage SPLASHES)."""
    for i in range(s.f_n):
        if s.f_list[i] == q:
            return s.sq_bottle[p, q] == NO_BOTTLE
    return False


@njit
def pick_splash(r, s, p, q):
    s.sq_bottle[p, q] = CHOSEN
    s.picks_left -= 1
    if s.picks_left == 0:
        end_picks(r, s, p)


@njit
def end_picks(r, s, p):
    """The chosen squares get their bottles, own first in square order (spec §7.1b A5)."""
    chosen = 0
    for i in range(s.f_n):
        chosen += s.sq_bottle[p, s.f_list[i]] == CHOSEN
    own = min(s.pick_own, chosen)
    fill_splashes(s, p, s.pick_reserve, own, chosen - own, True)
    touch(s, p)
    finish_completion(r, s, p)


@njit
def finish_completion(r, s, p):
    """After the bottles: the end trigger (spec §5.1), then the bonus of the goal's row, if any (spec §4.4 b)."""
    check_last_bottle(s, p)
    row = r.bonus_rows[s.goal_value]
    if row == NONE:
        s.stage = Stage.GOALS
        return
    s.bonus_tile = s.row_bonus[row]
    s.bonus_left = r.bonus_amount[s.bonus_tile]
    s.bonus_units = 0
    s.stage = Stage.BONUS
