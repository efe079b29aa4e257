"""The Paint action (spec §3.4 face 5, steps (a)–(f)) and the painting powers resolved as it is painted (spec §5.2):
payment with `wild_paint` substitutions, students returned, the card taken, its when-painted power, the refill and
the First Master check. Choices are argument stages taken before the refill (spec §6.1b #23)."""

import numpy as np

from simkit.core.jit import njit
from simkit.core.rng import next_below
from simkit.games.atelier.engine.flow import check_first_master
from simkit.games.atelier.engine.layout import N_COLOURS, NONE, StudentReturn, Stage
from simkit.games.atelier.engine.supply import (add_students, any_paint_to_take, deck_size, draw_patrons, gain_painting,
                                                gain_tokens, owned_effect, pay_paint, students_on_piles)
from simkit.games.atelier.rules.vocabulary import Effect, Timing


@njit
def begin_paint(r, s, p, slot):
    """p paints the card in row slot `slot` (already checked affordable)."""
    card = s.row[slot]
    s.paint_card = card
    s.paint_slot = slot
    for c in range(N_COLOURS):
        s.due[c] = r.painting_cost[card, c]
    s.wild_left = owned_effect(r, s, p, Effect.WILD_PAINT)[1]
    continue_payment(r, s, p)


@njit
def exact_payment_ok(s, p):
    for c in range(N_COLOURS):
        if s.paint[p, c] < s.due[c]:
            return False
    return True


@njit
def substitution_ok(s, p, x, y):
    """Paying 1 cylinder of colour y for a required x (x ≠ y) leaves the rest payable (spec §5.2 wild_paint)."""
    if x == y or s.due[x] < 1 or s.paint[p, y] < 1 or s.wild_left < 1:
        return False
    short, surplus = 0, 0
    for c in range(N_COLOURS):
        d = np.int64(s.due[c]) - (c == x) - (s.paint[p, c] - (c == y))
        if d > 0:
            short += d
        else:
            surplus -= d
    return short <= min(s.wild_left - 1, surplus)


@njit
def any_substitution(s, p):
    for x in range(N_COLOURS):
        for y in range(N_COLOURS):
            if substitution_ok(s, p, x, y):
                return True
    return False


@njit
def continue_payment(r, s, p):
    """Step (a): while a substitution is possible the player chooses (stage WILD); then the rest is paid as due."""
    if any_substitution(s, p):
        s.stage = Stage.WILD
        return
    pay_due(r, s, p)


@njit
def substitute(r, s, p, x, y):
    pay_paint(r, s, p, y, 1)
    s.due[x] -= 1
    s.wild_left -= 1
    continue_payment(r, s, p)


@njit
def pay_due(r, s, p):
    for c in range(N_COLOURS):
        pay_paint(r, s, p, c, s.due[c])
        s.due[c] = 0
    s.pending = r.painting_students_returned[s.paint_card]
    continue_return(r, s, p)


@njit
def return_student(r, s, p, c):
    add_students(r, s, p, c, -1)
    s.pool[p] += 1
    s.pending -= 1


@njit
def continue_return(r, s, p):
    """Step (b): return `students_returned` of p's students from piles; all of them when p has no more; the
    player picks the piles (stage RETURN) unless only one pile holds them, or `student_return_choice` = random
    (each student on a pile equally likely, one at a time)."""
    while s.pending > 0:
        on = students_on_piles(s, p)
        if on <= s.pending:
            for c in range(N_COLOURS):
                s.pool[p] += s.students[p, c]
                add_students(r, s, p, c, -s.students[p, c])
            s.pending = 0
            break
        if r.student_return_choice == StudentReturn.RANDOM:
            k = next_below(s.return_rng, on)
            c = 0
            while k >= s.students[p, c]:
                k -= s.students[p, c]
                c += 1
            return_student(r, s, p, c)
            continue
        piles, last = 0, 0
        for c in range(N_COLOURS):
            if s.students[p, c] > 0:
                piles += 1
                last = c
        if piles > 1:
            s.stage = Stage.RETURN
            return
        return_student(r, s, p, last)
    take_card(r, s, p)


@njit
def take_card(r, s, p):
    """Steps (c)–(d): take the card, resolve its when-painted power (spec §5.2 effect kinds)."""
    card = s.paint_card
    gain_painting(r, s, p, card)
    s.row[s.paint_slot] = NONE
    if r.painting_power_timing[card] == Timing.WHEN_PAINTED:
        effect, amount = r.painting_power_effect[card], r.painting_power_amount[card]
        if effect == Effect.GAIN_INSPIRATION:
            gain_tokens(r, s, p, amount)
        elif effect == Effect.DRAW_PATRON:
            draw_patrons(s, p, amount)
        elif effect == Effect.PLACE_STUDENTS and s.pool[p] > 0:
            s.pending = amount
            s.stage = Stage.POWER_PLACE
            return
        elif effect == Effect.GAIN_PAINT_ANY and any_paint_to_take(r, s, p):
            s.pending = amount
            s.stage = Stage.POWER_PAINT
            return
    finish_paint(r, s, p)


@njit
def finish_paint(r, s, p):
    """Steps (e)–(f): refill the slot from the deck (it stays empty with an empty deck, spec §6.1 #10), check the
    First Master, back to the turn."""
    if deck_size(r, s) > 0:
        s.row[s.paint_slot] = s.order[s.deck_pos]
        s.deck_pos += 1
    s.paint_card = NONE
    s.paint_slot = NONE
    check_first_master(r, s, p)
    s.stage = Stage.TURN
