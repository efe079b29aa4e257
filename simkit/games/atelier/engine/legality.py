"""Which actions are legal (spec §3.3, §3.4, §5.2, §6.1, §6.1b): `is_legal` is the one test, `legal_actions` lists
what it accepts."""

from simkit.core.jit import njit
from simkit.games.atelier.engine.layout import (ADJUST, DIE, DRAW_PATRON, END_TURN, INSPIRE, INSPIRE_PAINT, KEEP,
                                                MAIN_A, MAIN_B, MAIN_NONE, MOVE, N_ACTIONS, N_COLOURS, N_FACES,
                                                NO_LIMIT, NONE, PILE, REROLL, SKIP, SLOT, STAGE_HI, STAGE_LO, SUBST,
                                                USE_POWER, Stage)
from simkit.games.atelier.engine.painting import exact_payment_ok, substitution_ok
from simkit.games.atelier.engine.supply import (any_affordable, any_paint_to_take, affordable, can_take_paint,
                                                collect_gives, patron_deck_size, seat_after,
                                                students_on_piles)
from simkit.games.atelier.rules.vocabulary import Effect


@njit
def may_spend_die(s):
    """A die may still be spent this turn: no main action yet, or main action A (spec §3.2 step 3)."""
    return s.main == MAIN_NONE or s.main == MAIN_A


@njit
def face_legal(r, s, p, f):
    """The face action of a die showing f is legal (spec §3.4; null actions per `allow_null_die_actions`)."""
    if f <= 2:
        return s.pool[p] >= 1
    if f == 3:
        for q in range(r.n_players):
            if students_on_piles(s, q) > 0:
                return True
        return False
    if f == 4:
        return r.allow_null_die_actions or collect_gives(r, s, p)
    if f == 5:
        return any_affordable(r, s, p)
    return r.allow_null_die_actions or any_paint_to_take(r, s, p)


@njit
def adjusted_face(r, card, f, d):
    """The face a die showing f shows after `die_adjust` of `card` in direction d (0: down, 1: up)."""
    amount = r.painting_power_amount[card]
    return f + amount if d == 1 else f - amount


@njit
def can_adjust(r, s, p, card):
    for f in range(1, N_FACES + 1):
        if s.dice[p, f] > 0:
            for d in range(2):
                g = adjusted_face(r, card, f, d)
                if 1 <= g <= N_FACES:
                    return True
    return False


@njit
def free_actions_open(r, s):
    """Free actions are open: no main action B this turn, or free_actions_after_b (spec §6.1b #21)."""
    return s.main != MAIN_B or r.free_actions_after_b


@njit
def die_ready(s, p, f):
    """p may spend a die showing f now (whether its face action is legal aside)."""
    return s.dice[p, f] > 0 and may_spend_die(s)


@njit
def inspire_paint_open(r, s, p):
    """inspire_paint is legal for p but for having an affordable painting (spec §3.3, §6.1 #6, #7, §6.1b #21)."""
    return (free_actions_open(r, s) and s.tokens[p] >= r.inspiration_paint_cost
            and (r.max_inspiration_paints_per_turn == NO_LIMIT
                 or s.inspire_paints < r.max_inspiration_paints_per_turn)
            and (not r.inspiration_paint_is_main_action or s.main == MAIN_NONE))


@njit
def turn_action_legal(r, s, p, a):
    """Heads of the turn stage (spec §3.3)."""
    if a < INSPIRE:
        f = a - DIE + 1
        return die_ready(s, p, f) and face_legal(r, s, p, f)
    if a < REROLL:
        return s.dice[p, a - INSPIRE + 1] > 0 and s.main == MAIN_NONE
    if a == REROLL:
        return (s.main == MAIN_NONE and s.spent == 0 and s.tokens[p] >= r.reroll_cost
                and (r.max_rerolls_per_turn == NO_LIMIT or s.rerolls < r.max_rerolls_per_turn))
    if a == INSPIRE_PAINT:
        return inspire_paint_open(r, s, p) and any_affordable(r, s, p)
    if a == DRAW_PATRON:
        return free_actions_open(r, s) and s.tokens[p] >= r.patron_draw_cost and patron_deck_size(s) > 0
    if a == END_TURN:
        return s.main != MAIN_NONE
    card = a - USE_POWER  # spec §5.2 die_adjust, §6.1b #25
    return (card < r.n_paintings and s.owner[card] == p and r.painting_power_effect[card] == Effect.DIE_ADJUST
            and s.power_used[card] == 0 and may_spend_die(s) and can_adjust(r, s, p, card))


@njit
def later_mover(r, s):
    """In a Move, some player after the one asked still has a student on a pile."""
    n = r.n_players
    for k in range(s.move_offset + 1, n):
        if students_on_piles(s, seat_after(s.current, k, n)) > 0:
            return True
    return False


@njit
def move_legal(r, s, a):
    """Die 3: the asked player moves one student between two different piles, or nothing while a move in total
    stays possible (spec §3.4 face 3, §6.1 #13)."""
    if a == SKIP:
        return s.moves_made > 0 or later_mover(r, s)
    if not MOVE <= a < SLOT:
        return False
    f, t = (a - MOVE) // N_COLOURS, (a - MOVE) % N_COLOURS
    q = seat_after(s.current, s.move_offset, r.n_players)
    return f != t and s.students[q, f] > 0


@njit
def take_legal(r, s, p, c):
    """Taking colour c is legal in the GAIN stage (a die 6: one that gives nothing per allow_null_die_actions) or
    the POWER_PAINT stage (only a cylinder to take)."""
    return (s.stage == Stage.GAIN and r.allow_null_die_actions) or can_take_paint(r, s, p, c)


@njit
def is_legal(r, s, a):
    if s.done or a < 0 or a >= N_ACTIONS:
        return False
    st, p = s.stage, s.current
    if not STAGE_LO[st] <= a < STAGE_HI[st]:
        return False
    if st == Stage.TURN:
        return turn_action_legal(r, s, p, a)
    if st == Stage.KEEP_PATRON:
        return a - KEEP < r.patron_deal and s.dealt[p, a - KEEP] != NONE
    if st == Stage.INITIAL_STUDENT or st == Stage.PLACE or st == Stage.POWER_PLACE:
        return True  # any pile; POWER_PLACE also SKIP (stop placing)
    if st == Stage.GAIN or st == Stage.POWER_PAINT:
        return take_legal(r, s, p, a - PILE)
    if st == Stage.RETURN:
        return s.students[p, a - PILE] > 0
    if st == Stage.MOVE:
        return move_legal(r, s, a)
    if st == Stage.PAINT:
        i = a - SLOT
        return i < r.row_size and s.row[i] != NONE and affordable(r, s, p, s.row[i])
    if st == Stage.WILD:
        if a == SKIP:
            return exact_payment_ok(s, p)
        if a < SUBST:
            return False
        return substitution_ok(s, p, (a - SUBST) // N_COLOURS, (a - SUBST) % N_COLOURS)
    if st == Stage.ADJUST:
        f, d = (a - ADJUST) // 2 + 1, (a - ADJUST) % 2
        g = adjusted_face(r, s.power_card, f, d)
        return s.dice[p, f] > 0 and 1 <= g <= N_FACES
    return False


@njit
def legal_actions(r, s, out):
    """The legal actions, ascending, into out[:n]; returns n."""
    return fill_legal(r, s, out)


@njit(any_layout=True)
def fill_legal(r, s, out):
    """legal_actions for any array `out`: a local one (the step API) or a record field (the policies' scratch).
    What `is_legal` accepts: in the turn stage the heads and the die_adjust powers only (no other USE_POWER action
    is ever legal), elsewhere the stage's range."""
    n = 0
    if s.done:
        return 0
    if s.stage == Stage.TURN:
        p = s.current
        for a in range(DIE, USE_POWER):
            if turn_action_legal(r, s, p, a):
                out[n] = a
                n += 1
        for i in range(r.n_effect_cards[Effect.DIE_ADJUST]):
            a = USE_POWER + r.effect_cards[Effect.DIE_ADJUST, i]
            if turn_action_legal(r, s, p, a):
                out[n] = a
                n += 1
        return n
    for a in range(STAGE_LO[s.stage], STAGE_HI[s.stage]):
        if is_legal(r, s, a):
            out[n] = a
            n += 1
    return n


@njit
def is_legal_in(rules, state, action):
    """is_legal on the records held in one-record arrays (the step-by-step API: numba types an array argument from
    Python a hundred times faster than a record)."""
    return is_legal(rules[0], state[0], action)
