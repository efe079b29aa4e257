"""Turns and rounds (spec §3.1, §3.2) and the end of the game (spec §4.1, §4.4, §6.1b #26)."""

from simkit.core.jit import njit
from simkit.games.atelier.engine.dice import active_dice, roll_active
from simkit.games.atelier.engine.layout import (END_FIRST_MASTER, END_MAX_ROUNDS, MAIN_NONE, N_FACES, NONE, Stage)
from simkit.games.atelier.engine.supply import masterpieces, seat_after
from simkit.games.atelier.rules.vocabulary import Effect


@njit
def begin_turn(r, s, p):
    """p's turn: roll the active dice, nothing spent yet."""
    s.current = p
    roll_active(s, p)
    s.spent = 0
    s.main = MAIN_NONE
    s.rerolls = 0
    s.inspire_paints = 0
    for i in range(r.n_effect_cards[Effect.DIE_ADJUST]):  # the only powers marked used (transition, ADJUST)
        s.power_used[r.effect_cards[Effect.DIE_ADJUST, i]] = 0
    s.turns_taken[p] += 1
    s.round_turns[p] += 1
    s.stage = Stage.TURN


@njit
def start_round(r, s, start):
    """Every player's dice are active again; `start` holds the Starting Player token (spec §3.1 step 1)."""
    s.start_player = start
    s.round += 1
    for p in range(r.n_players):
        for f in range(N_FACES + 1):
            s.dice[p, f] = 0
        s.dice[p, 0] = r.dice_per_player
        s.round_turns[p] = 0


@njit
def round_end_reason(r, s):
    """Why the game ends at the end of this round, or 0: round r + `final_rounds_after_trigger` after the First
    Master (spec §4.1), else round `max_rounds` (spec §4.4; a late trigger ends here too, §6.1b #26)."""
    if s.first_master != NONE and s.round >= s.trigger_round + r.final_rounds_after_trigger:
        return END_FIRST_MASTER
    if s.round >= r.max_rounds:
        return END_MAX_ROUNDS
    return 0


@njit
def next_turn(r, s, first):
    """The next turn, looking clockwise from seat `first`: a player without an active die is skipped (spec §3.1
    step 2); when nobody has one the round ends, and the game or the next round begins (step 4)."""
    n = r.n_players
    while True:
        for k in range(n):
            q = seat_after(first, k, n)
            if active_dice(s, q) > 0:
                begin_turn(r, s, q)
                return
        reason = round_end_reason(r, s)
        if reason:
            s.end_reason = reason
            s.done = 1
            s.stage = Stage.DONE
            return
        start_round(r, s, (s.start_player + 1) % n)  # the token passes clockwise (spec §6.1 #19)
        first = s.start_player


@njit
def check_first_master(r, s, p):
    """After painting: the first player to own `masterpieces_to_trigger` masterpieces takes the First Master token
    and triggers the end in this round (spec §4.1); later ones get nothing (§6.1 #15)."""
    if s.first_master == NONE and masterpieces(r, s, p) >= r.masterpieces_to_trigger:
        s.first_master = p
        s.trigger_round = s.round
        s.triggers |= END_FIRST_MASTER
