"""`apply_action`: the one transition both drivers call (spec §3, §6.1b #22–#25)."""

from simkit.core.jit import njit
from simkit.games.atelier.engine.dice import roll_active
from simkit.games.atelier.engine.flow import next_turn
from simkit.games.atelier.engine.layout import (ADJUST, DIE, DRAW_PATRON, END_TURN, ERR_ILLEGAL_ACTION, INSPIRE,
                                                INSPIRE_PAINT, KEEP, MAIN_A, MAIN_B, MAIN_INSPIRATION, MOVE, N_COLOURS,
                                                PILE, REROLL, SKIP, SLOT, SUBST, USE_POWER, Stage)
from simkit.games.atelier.engine.legality import adjusted_face, is_legal
from simkit.games.atelier.engine.painting import (begin_paint, finish_paint, pay_due, return_student, continue_return,
                                                  substitute)
from simkit.games.atelier.engine.setup import keep_patron, place_initial_student
from simkit.games.atelier.engine.supply import (add_students, any_paint_to_take, collect, draw_patrons, gain_tokens,
                                                owned_effect, pay_tokens, seat_after, students_on_piles, take_paint)
from simkit.games.atelier.rules.vocabulary import Effect


@njit
def spend_die(s, p, f):
    s.dice[p, f] -= 1
    s.spent += 1


@njit
def next_mover(r, s):
    """Die 3: ask the next player (clockwise from the mover) with a student on a pile, or end the Move."""
    n = r.n_players
    k = s.move_offset + 1
    while k < n and students_on_piles(s, seat_after(s.current, k, n)) == 0:
        k += 1
    if k < n:
        s.move_offset = k
        s.stage = Stage.MOVE
    else:
        s.stage = Stage.TURN


@njit
def die_action(r, s, p, f):
    """Main action A: spend a die showing f on its face action (spec §3.4)."""
    spend_die(s, p, f)
    s.main = MAIN_A
    if f <= 2:
        s.stage = Stage.PLACE
    elif f == 3:
        s.moves_made = 0
        s.move_offset = -1
        next_mover(r, s)
    elif f == 4:
        collect(r, s, p)
    elif f == 5:
        s.stage = Stage.PAINT
    else:
        s.stage = Stage.GAIN


@njit
def turn_action(r, s, p, a):
    if a < INSPIRE:
        die_action(r, s, p, a - DIE + 1)
    elif a < REROLL:  # main action B: the die is spent, 1 token plus extra_inspiration powers (spec §5.2)
        spend_die(s, p, a - INSPIRE + 1)
        s.main = MAIN_B
        gain_tokens(r, s, p, 1 + owned_effect(r, s, p, Effect.EXTRA_INSPIRATION)[1])
    elif a == REROLL:
        pay_tokens(r, s, p, r.reroll_cost)
        s.rerolls += 1
        roll_active(s, p)
    elif a == INSPIRE_PAINT:
        pay_tokens(r, s, p, r.inspiration_paint_cost)
        s.inspire_paints += 1
        if r.inspiration_paint_is_main_action:
            s.main = MAIN_INSPIRATION
        s.stage = Stage.PAINT
    elif a == DRAW_PATRON:
        pay_tokens(r, s, p, r.patron_draw_cost)
        draw_patrons(s, p, 1)
    elif a == END_TURN:
        next_turn(r, s, seat_after(p, 1, r.n_players))
    else:
        s.power_card = a - USE_POWER
        s.stage = Stage.ADJUST


@njit
def apply_action(r, s, a):
    """Apply action a for the current player; an illegal action stops the game with ERR_ILLEGAL_ACTION."""
    if not is_legal(r, s, a):
        s.error = ERR_ILLEGAL_ACTION
        s.done = 1
        return
    apply_legal(r, s, a)


@njit
def apply_legal(r, s, a):
    """The transition of an action known to be legal: `apply_action` after its check, and the batch loop with an
    action of the compiled policies, which choose legal actions only (the step API checks every one they choose,
    tests/conformance), so a batch decision pays no second legality test."""
    p = s.current
    s.turn += 1
    s.decisions[p] += 1
    st = s.stage
    if st == Stage.TURN:
        turn_action(r, s, p, a)
    elif st == Stage.KEEP_PATRON:
        keep_patron(r, s, p, a - KEEP)
    elif st == Stage.INITIAL_STUDENT:
        place_initial_student(r, s, p, a - PILE)
    elif st == Stage.PLACE:
        add_students(r, s, p, a - PILE, 1)
        s.pool[p] -= 1
        s.stage = Stage.TURN
    elif st == Stage.GAIN:
        take_paint(r, s, p, a - PILE)
        s.stage = Stage.TURN
    elif st == Stage.MOVE:
        if a != SKIP:
            f, t = (a - MOVE) // N_COLOURS, (a - MOVE) % N_COLOURS
            q = seat_after(p, s.move_offset, r.n_players)
            add_students(r, s, q, f, -1)
            add_students(r, s, q, t, 1)
            s.moves_made += 1
        next_mover(r, s)
    elif st == Stage.PAINT:
        begin_paint(r, s, p, a - SLOT)
    elif st == Stage.WILD:
        if a == SKIP:
            pay_due(r, s, p)
        else:
            substitute(r, s, p, (a - SUBST) // N_COLOURS, (a - SUBST) % N_COLOURS)
    elif st == Stage.RETURN:
        return_student(r, s, p, a - PILE)
        continue_return(r, s, p)
    elif st == Stage.POWER_PLACE:
        if a == SKIP:
            s.pending = 0
        else:
            add_students(r, s, p, a - PILE, 1)
            s.pool[p] -= 1
            s.pending -= 1
        if s.pending == 0 or s.pool[p] == 0:
            finish_paint(r, s, p)
    elif st == Stage.POWER_PAINT:
        take_paint(r, s, p, a - PILE)
        s.pending -= 1
        if s.pending == 0 or not any_paint_to_take(r, s, p):
            finish_paint(r, s, p)
    elif st == Stage.ADJUST:
        f, d = (a - ADJUST) // 2 + 1, (a - ADJUST) % 2
        s.dice[p, f] -= 1
        s.dice[p, adjusted_face(r, s.power_card, f, d)] += 1
        s.power_used[s.power_card] = 1
        s.stage = Stage.TURN
