"""Setup (spec §2.3): the chance draws of steps 1, 2 and 5, then the deal, then the setup decisions of steps 6–7
(spec §6.1b #22)."""


from simkit.core.jit import njit
from simkit.core.records import clear_record
from simkit.core.rng import next_below, shuffle, stream_key
from simkit.games.atelier.engine.flow import next_turn, start_round
from simkit.games.atelier.engine.layout import (MAX_ROW, N_COLOURS, N_FACES, NONE, STREAM_DICE, STREAM_PAINTINGS,
                                                STREAM_PATRONS, STREAM_POLICY, STREAM_RETURN, STREAM_START, Stage)
from simkit.games.atelier.engine.supply import add_students, recount_derived, set_patron_owner
from simkit.games.atelier.rules.components import MAX_PAINTINGS, MAX_PATRONS
from simkit.games.atelier.rules.params import MAX_PATRON_DEAL, MAX_PLAYERS


@njit
def setup(r, s, seed):
    """Blank the record, draw the game's chance outcomes from `seed`, deal."""
    clear_record(s)
    s.paintings_rng[0] = stream_key(seed, STREAM_PAINTINGS)
    s.patrons_rng[0] = stream_key(seed, STREAM_PATRONS)
    s.start_rng[0] = stream_key(seed, STREAM_START)
    s.return_rng[0] = stream_key(seed, STREAM_RETURN)
    for p in range(MAX_PLAYERS):
        s.dice_rng[p, 0] = stream_key(seed, STREAM_DICE + p)
        s.policy_rng[p, 0] = stream_key(seed, STREAM_POLICY + p)
    for i in range(r.n_paintings):
        s.order[i] = i
    shuffle(s.paintings_rng, s.order, r.n_paintings)
    for i in range(r.n_patrons):
        s.patron_order[i] = i
    shuffle(s.patrons_rng, s.patron_order, r.n_patrons)
    s.start_player = next_below(s.start_rng, r.n_players)
    deal(r, s)


@njit
def deal(r, s):
    """Everything setup does after its chance draws, from `order`, `patron_order` and `start_player` (a scripted
    game sets those and deals again, spec §6.1b #28)."""
    n = r.n_players
    s.first_player = s.start_player
    for i in range(MAX_ROW):
        s.row[i] = NONE
    for i in range(r.row_size):  # step 1: the row, slots 0..row_size-1
        s.row[i] = s.order[i]
    s.deck_pos = r.row_size
    for card in range(MAX_PAINTINGS):
        s.owner[card] = NONE
    for c in range(N_COLOURS):  # step 3
        s.pile[c] = r.paint_per_colour
    for p in range(MAX_PLAYERS):  # step 4
        seated = p < n
        for c in range(N_COLOURS):
            s.paint[p, c] = 0
            s.students[p, c] = 0
        for f in range(N_FACES + 1):
            s.dice[p, f] = 0
        s.pool[p] = r.students_per_player if seated else 0
        s.tokens[p] = r.start_inspiration if seated else 0
        s.decisions[p] = 0
        s.turns_taken[p] = 0
        s.round_turns[p] = 0
        for i in range(MAX_PATRON_DEAL):
            s.dealt[p, i] = NONE
    s.supply = max(0, r.inspiration_tokens - n * r.start_inspiration)
    s.patron_top = 0  # step 6: consecutive pairs from the start player (spec §6.1b #27)
    s.patron_end = r.n_patrons
    for i in range(MAX_PATRONS):
        s.patron_owner[i] = NONE
    recount_derived(r, s)  # nobody owns anything, no student is on a pile
    for k in range(n):
        p = (s.start_player + k) % n
        for i in range(r.patron_deal):
            s.dealt[p, i] = s.patron_order[s.patron_top]
            s.patron_top += 1
    s.round = 0
    s.first_master = NONE
    s.trigger_round = 0
    s.done = 0
    s.error = 0
    s.end_reason = 0
    s.triggers = 0
    s.turn = 0
    s.kept = 0
    s.setup_step = 0
    next_keeper(r, s)


@njit
def next_keeper(r, s):
    """The next player to keep patrons (seat order from the start player); a player keeping every card dealt has no
    choice and keeps them at once. After the last keeper: the initial students (step 7)."""
    n = r.n_players
    while s.setup_step < n:
        p = (s.start_player + s.setup_step) % n
        if r.patron_keep < r.patron_deal:
            s.current = p
            s.stage = Stage.KEEP_PATRON
            return
        for i in range(r.patron_deal):
            set_patron_owner(s, s.dealt[p, i], p)
            s.dealt[p, i] = NONE
        s.setup_step += 1
    s.setup_step = 0
    s.stage = Stage.INITIAL_STUDENT
    s.current = (s.start_player - 1) % n


@njit
def keep_patron(r, s, p, i):
    """p keeps dealt card i; once p has kept `patron_keep`, the others go to the bottom of the deck in deal order
    (spec §2.3 step 6, §6.1 #11)."""
    set_patron_owner(s, s.dealt[p, i], p)
    s.dealt[p, i] = NONE
    s.kept += 1
    if s.kept < r.patron_keep:
        return
    for j in range(r.patron_deal):
        if s.dealt[p, j] != NONE:
            s.patron_order[s.patron_end] = s.dealt[p, j]
            s.patron_end += 1
            s.dealt[p, j] = NONE
    s.kept = 0
    s.setup_step += 1
    next_keeper(r, s)


@njit
def place_initial_student(r, s, p, c):
    """Step 7: seats start−1, start−2, …, start each place 1 student; then round 1 begins."""
    add_students(r, s, p, c, 1)
    s.pool[p] -= 1
    s.setup_step += 1
    n = r.n_players
    if s.setup_step < n:
        s.current = (s.start_player - 1 - s.setup_step) % n
        return
    start_round(r, s, s.start_player)
    next_turn(r, s, s.start_player)
