"""Atelier's records and codes: the rules record, the state record, the action space, stages, errors, end reasons.

Action space (one fixed range; which part is legal depends on the stage, spec §3.3, §6.1b #22–#24). A decision
with arguments is a *head* in the turn stage followed by argument stages, so the uniform random policy is uniform
over heads, then over each argument (spec §6.1b #24):

| actions | meaning | stage |
|---|---|---|
| DIE + f − 1 (0..5) | spend a die showing face f on its face action (main action A, spec §3.4) | turn |
| INSPIRE + f − 1 (6..11) | spend a die showing f to take 1 Inspiration token (main action B) | turn |
| REROLL, INSPIRE_PAINT, DRAW_PATRON, END_TURN (12..15) | spec §3.3 | turn |
| USE_POWER + card (16..79) | use the ongoing activated power of owned painting `card` (data row) | turn |
| PILE + c (80..83) | a pile (colour c): place, gain, return, power place/paint, initial student | argument |
| SKIP (84) | nothing: this player moves no student, place no more power students, no (more) wild payment | argument |
| MOVE + 4 f + t (85..100) | move one student of the asked player from pile f to pile t | move |
| SLOT + i (101..112) | paint the painting in row slot i | paint |
| SUBST + 4 x + y (113..128) | wild_paint: pay 1 cylinder of colour y instead of a required x | wild payment |
| ADJUST + 2 (f − 1) + d (129..140) | die_adjust: change a die showing f by −amount (d = 0) or +amount (d = 1) | adjust |
| KEEP + i (141..144) | setup: keep the i-th patron dealt | keep patron |
"""

from enum import IntEnum

import numpy as np

from simkit.games.atelier.rules.components import MAX_PAINTINGS, MAX_PATRONS
from simkit.games.atelier.rules.params import MAX_PATRON_DEAL, MAX_PLAYERS, MAX_ROW
from simkit.games.atelier.rules.vocabulary import Effect

N_COLOURS = 4
N_CATEGORIES = 4
N_FACES = 6
N_EFFECTS = len(Effect)
MAX_SCRIPT = 256  # scripted die values (spec §6.1b #28)
NONE = -1

# ---- actions ----------------------------------------------------------------------------------------------------
DIE = 0
INSPIRE = 6
REROLL, INSPIRE_PAINT, DRAW_PATRON, END_TURN = 12, 13, 14, 15
USE_POWER = 16
PILE = USE_POWER + MAX_PAINTINGS
SKIP = PILE + N_COLOURS
MOVE = SKIP + 1
SLOT = MOVE + N_COLOURS * N_COLOURS
SUBST = SLOT + MAX_ROW
ADJUST = SUBST + N_COLOURS * N_COLOURS
KEEP = ADJUST + 2 * N_FACES
N_ACTIONS = KEEP + MAX_PATRON_DEAL


class Stage(IntEnum):
    """What the current player decides (the `stage` field)."""

    KEEP_PATRON = 0  # setup step 6 (spec §6.1b #22)
    INITIAL_STUDENT = 1  # setup step 7
    TURN = 2  # heads: die, take_inspiration, free actions, end_turn
    PLACE = 3  # die 1/2: the pile
    MOVE = 4  # die 3: one player's move, player by player from the mover
    GAIN = 5  # die 6: the colour
    PAINT = 6  # die 5 / inspire_paint: the row slot
    WILD = 7  # wild_paint substitutions, one at a time
    RETURN = 8  # paint step (b): the pile of the next student returned
    POWER_PLACE = 9  # place_students power: the pile, or SKIP to stop
    POWER_PAINT = 10  # gain_paint_any power: the pile
    ADJUST = 11  # die_adjust power: the die and the direction
    DONE = 12


# Where each stage's actions lie: legal_actions scans only [lo, hi).
STAGE_ACTIONS = {
    Stage.KEEP_PATRON: (KEEP, KEEP + MAX_PATRON_DEAL),
    Stage.INITIAL_STUDENT: (PILE, PILE + N_COLOURS),
    Stage.TURN: (DIE, PILE),
    Stage.PLACE: (PILE, PILE + N_COLOURS),
    Stage.MOVE: (SKIP, SLOT),
    Stage.GAIN: (PILE, PILE + N_COLOURS),
    Stage.PAINT: (SLOT, SLOT + MAX_ROW),
    Stage.WILD: (SKIP, ADJUST),  # SKIP and SUBST (the MOVE and SLOT between are never legal here)
    Stage.RETURN: (PILE, PILE + N_COLOURS),
    Stage.POWER_PLACE: (PILE, SKIP + 1),
    Stage.POWER_PAINT: (PILE, PILE + N_COLOURS),
    Stage.ADJUST: (ADJUST, ADJUST + 2 * N_FACES),
    Stage.DONE: (0, 0),
}
STAGE_LO = np.array([STAGE_ACTIONS[st][0] for st in Stage], np.int64)
STAGE_HI = np.array([STAGE_ACTIONS[st][1] for st in Stage], np.int64)

# The turn's main action (spec §3.2 step 3; `inspiration_paint_is_main_action` makes inspire_paint one, §6.1 #6).
MAIN_NONE, MAIN_A, MAIN_B, MAIN_INSPIRATION = 0, 1, 2, 3

# ---- end reasons: bit i of `end_reason` / `triggers` is END_REASONS[i] ------------------------------------------
END_REASONS = ("first_master", "max_rounds")
END_FIRST_MASTER, END_MAX_ROUNDS = 1, 2  # bit codes

# ---- errors -----------------------------------------------------------------------------------------------------
ERR_NONE, ERR_ILLEGAL_ACTION, ERR_NO_LEGAL_ACTION = 0, 1, 2
ERROR_TEXT = {ERR_NONE: "no error", ERR_ILLEGAL_ACTION: "illegal action applied",
              ERR_NO_LEGAL_ACTION: "no legal action for a compiled policy although the game is not over"}

# ---- random streams, keyed by (game seed, stream) -----------------------------------------------------------------
STREAM_PAINTINGS, STREAM_PATRONS, STREAM_START, STREAM_RETURN = 1, 2, 3, 4
STREAM_DICE = 16  # + seat: each seat's rolls are its own (spec §2.3: chance events drawn by the runner)
STREAM_POLICY = 32  # + seat

# ---- choices of the rules record ----------------------------------------------------------------------------------


class StudentReturn(IntEnum):  # `student_return_choice` (spec §6.1 #4), in STUDENT_RETURN_CHOICES order
    PLAYER = 0
    RANDOM = 1


class TieBreak(IntEnum):  # `tie_break` entries (spec §4.3), in TIE_BREAKS order
    PAINT = 0
    FIRST_MASTER = 1


NO_LIMIT = -1  # an unset optional limit (`max_rerolls_per_turn`, `paint_hand_limit`, ...)

RULES_DTYPE = np.dtype([
    # spec §6.2, under the TOML names (a list as a fixed array, an unset limit as NO_LIMIT, a choice as its IntEnum)
    ("n_players", "i1"), ("paint_supply_limited", "i1"), ("paint_per_colour", "i2"),
    ("inspiration_supply_limited", "i1"), ("inspiration_tokens", "i2"), ("start_inspiration", "i2"),
    ("dice_per_player", "i1"), ("students_per_player", "i2"), ("row_size", "i1"), ("patron_deal", "i1"),
    ("patron_keep", "i1"),
    ("collect_ties_player_counts", "i1", MAX_PLAYERS + 1),  # [n] = 1: a tie collects with n players
    ("allow_null_die_actions", "i1"), ("student_return_choice", "i1"), ("max_rerolls_per_turn", "i2"),
    ("reroll_cost", "i2"), ("inspiration_paint_cost", "i2"), ("patron_draw_cost", "i2"),
    ("inspiration_paint_is_main_action", "i1"), ("max_inspiration_paints_per_turn", "i2"),
    ("paint_hand_limit", "i2"), ("masterpieces_to_trigger", "i2"), ("final_rounds_after_trigger", "i2"),
    ("first_master_vp", "i2"),
    ("tie_break", "i1", len(TieBreak)),  # TieBreak codes in order, NONE-padded
    ("max_rounds", "i2"), ("free_actions_after_b", "i1"),
    # component data (rules/components.py), one row per card in file order
    ("n_paintings", "i2"), ("painting_category", "i1", MAX_PAINTINGS),
    ("painting_cost", "i1", (MAX_PAINTINGS, N_COLOURS)), ("painting_vp", "i2", MAX_PAINTINGS),
    ("painting_students_returned", "i1", MAX_PAINTINGS), ("painting_masterpiece", "i1", MAX_PAINTINGS),
    ("painting_power", "i1", MAX_PAINTINGS), ("painting_power_timing", "i1", MAX_PAINTINGS),
    ("painting_power_effect", "i1", MAX_PAINTINGS), ("painting_power_amount", "i1", MAX_PAINTINGS),
    ("category_in_data", "i1", N_CATEGORIES),  # categories with a card: what category_set counts (spec §5.3)
    ("n_patrons", "i2"), ("patron_condition", "i1", MAX_PATRONS), ("patron_param", "i1", MAX_PATRONS),
    ("patron_vp", "i2", MAX_PATRONS), ("patron_cap", "i2", MAX_PATRONS),
    # derived from the component data when the record is built (rules_record), never written by hand: the rows of
    # the cards with each power effect, ascending, so a player's powers are found without scanning every card
    ("effect_cards", "i1", (len(Effect), MAX_PAINTINGS)), ("n_effect_cards", "i1", len(Effect)),
], align=True)

STATE_DTYPE = np.dtype([
    # chance (spec §2.3, §6.1b #28: a dice script is used before the dice streams)
    ("paintings_rng", "u8", 1), ("patrons_rng", "u8", 1), ("start_rng", "u8", 1), ("return_rng", "u8", 1),
    ("dice_rng", "u8", (MAX_PLAYERS, 1)), ("policy_rng", "u8", (MAX_PLAYERS, 1)),
    ("dice_script", "i1", MAX_SCRIPT), ("dice_script_len", "i2"), ("dice_script_pos", "i2"),
    # the table
    ("current", "i1"), ("turn", "i4"), ("done", "i1"), ("error", "i1"), ("end_reason", "i1"), ("triggers", "i1"),
    ("first_player", "i1"), ("start_player", "i1"), ("round", "i2"), ("stage", "i1"), ("setup_step", "i1"),
    ("first_master", "i1"), ("trigger_round", "i2"),
    # paint piles and students (spec §2.1)
    ("pile", "i2", N_COLOURS), ("students", "i2", (MAX_PLAYERS, N_COLOURS)), ("pool", "i2", MAX_PLAYERS),
    # derived from `students`, kept up to date where they change (supply.add_students): the seats at each pile by
    # most students first, the lower seat first on a tie (majorities without a loop over the players)
    ("pile_rank", "i1", (N_COLOURS, MAX_PLAYERS)),
    # players' paint and Inspiration tokens
    ("paint", "i2", (MAX_PLAYERS, N_COLOURS)), ("tokens", "i2", MAX_PLAYERS), ("supply", "i2"),
    # dice: dice[p, f] = active dice showing face f (1..6); dice[p, 0] = active dice not rolled yet this round
    ("dice", "i1", (MAX_PLAYERS, N_FACES + 1)),
    # paintings: the shuffled order of every card; the deck is order[deck_pos:n_paintings]
    ("order", "i1", MAX_PAINTINGS), ("deck_pos", "i2"), ("row", "i1", MAX_ROW), ("owner", "i1", MAX_PAINTINGS),
    # derived from `owner` and `patron_owner`, kept up to date where those change (supply.gain_painting,
    # supply.set_patron_owner) so no decision scans every card: per player, the paintings (bit card) and patrons
    # (bit patron) owned, its paintings per category, and the copies and amounts of its powers per effect kind
    ("owned", "i8", MAX_PLAYERS), ("patrons_held", "i8", MAX_PLAYERS),
    ("category_count", "i1", (MAX_PLAYERS, N_CATEGORIES)), ("masterpiece_count", "i1", MAX_PLAYERS),
    ("power_copies", "i1", (MAX_PLAYERS, N_EFFECTS)), ("power_amount", "i2", (MAX_PLAYERS, N_EFFECTS)),
    # patrons: the deck is patron_order[patron_top:patron_end] (returned cards go to the end)
    ("patron_order", "i1", 2 * MAX_PATRONS), ("patron_top", "i2"), ("patron_end", "i2"),
    ("patron_owner", "i1", MAX_PATRONS), ("dealt", "i1", (MAX_PLAYERS, MAX_PATRON_DEAL)), ("kept", "i1"),
    # the turn (spec §3.2)
    ("spent", "i1"), ("main", "i1"), ("rerolls", "i2"), ("inspire_paints", "i2"),
    ("power_used", "i1", MAX_PAINTINGS),
    # an action in progress: the painting and its payment, students or cylinders still to place/return/take,
    # the player asked in a move, the card of a die_adjust
    ("paint_card", "i1"), ("paint_slot", "i1"), ("due", "i2", N_COLOURS), ("wild_left", "i1"), ("pending", "i1"),
    ("move_offset", "i1"), ("moves_made", "i1"), ("power_card", "i1"),
    # statistics
    ("decisions", "i2", MAX_PLAYERS), ("turns_taken", "i2", MAX_PLAYERS), ("round_turns", "i1", MAX_PLAYERS),
], align=True)
