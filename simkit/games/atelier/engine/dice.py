"""Dice (spec §3.1, §3.2 step 1): each player's active dice as counts per face; rolls come from the seat's dice
stream, after any scripted values (spec §6.1b #28)."""

from simkit.core.jit import njit
from simkit.core.rng import next_below
from simkit.games.atelier.engine.layout import N_FACES


@njit
def active_dice(s, p):
    total = 0
    for f in range(N_FACES + 1):
        total += s.dice[p, f]
    return total


@njit
def roll_die(s, p):
    if s.dice_script_pos < s.dice_script_len:
        s.dice_script_pos += 1
        return s.dice_script[s.dice_script_pos - 1]
    return 1 + next_below(s.dice_rng[p], N_FACES)


@njit
def roll_active(s, p):
    """Roll all of p's active dice (never only some, spec §3.3 reroll)."""
    n = active_dice(s, p)
    for f in range(N_FACES + 1):
        s.dice[p, f] = 0
    for _ in range(n):
        s.dice[p, roll_die(s, p)] += 1
