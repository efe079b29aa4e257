"""The Couleurs de Paris game state as one numpy record, read and written by the compiled engine (engine.py).

The state record holds only what changes during a game; the rule values and component data are in the rules
record (rules.RULES_DTYPE), which every compiled function takes first. `engine.setup` starts from a blank record.
All shapes are fixed maxima.

Action encoding (integers; legal ones depend on the stage, see engine.legal_actions):

| range | meaning | stage |
|---|---|---|
| PLACE + loc (0..27) | place an assistant at location loc | Phase 1 placement |
| USE + loc (32..59) | lay down one of your standing assistants at loc and resolve its action | Phase 2 turn |
| DECLINE + loc (64..91) | lay it down and decline the action | Phase 2 turn |
| COLOUR + c (96..103) | pay (upgrade) or discard (Phase 3 step 3) one cube of colour c; Gauguin: replace primary c by a white (mix pay) or choose his colour c (setup) | pay / discard / mix pay / Gauguin |
| HIRE (104), TOKEN (105) | track bonus choice on entering the bonus space | track bonus |
| STOP (106) | stop painting / moving (place no more cubes this action) | paint, free paint, Degas, Cézanne |
| ACCEPT (107) | Cézanne: take the second upgrade; Gauguin: pay his mix with the two primaries | Cézanne / mix pay |
| CARD + i (108..115) | draft: take hand position i; active / new active: drafted card i; painter: keep dealt tile i | draft / active / painter |
| COPY + j (116..139) | imitator: perform the action slot j faces | imitator |
| ROTATE + i (140..147) | rotate the wheel by rotate_options[i] instead of the usual rotation | Phase 3 step 1 |
| KEEP + j (148..171) | keep your assistant on slot j standing for the next round | Phase 3 step 4 |
| PAINT_CUBE + 8*q + c (172..243) | place one cube of colour c on empty square q (0..8, row-major) | paint, free paint, Degas |
| VALADON + 9*o + q (244..279) | Valadon: take a white from opponent o and place it on square q | paint |
| BUY + m (280..287) | Module 1: buy bonus market card m instead of exhibiting | exhibit or buy |
| EFFECT (288) | Module 1: use the bought card's effect (Painting: paint; Imitation: imitator) | bonus card |
| MIXCARD + k (289..292) | Mixing card: mix orange, green, purple (k = 0..2) or black (k = 3) | bonus card |
| SWAP + 8*g + t (293..356) | Colour Swap: return a cube of colour g, take one of colour t (same group) | swap |
| TOOLMOVE + t (357..359) | Tool card: advance marker t one space (twice in all) | tool |
| TAKE + m (360..367) | market mode: take the painting on market place m | take_painting, exhibit_or_buy, bonus_card |
| TARGET + i (368..431) | put the next cube on painting i (several unfinished paintings, spec §8.4, §10.2) | paint_target |
| HELD + k (432..463) | Module 1 option B: use held bonus card k (before the assistant, or after the action) | turn / use_held |

With several active paintings (draft mode, `active_painting_limit` > 1) CARD + i in the exhibit_which stage picks
the completed painting i to exhibit. In market mode the "exhibit" alternative of the buy and bonus-card choices is
TAKE + m (take a painting) instead of ACCEPT.

With Module 1, ACCEPT (107) in the exhibit-or-buy choice and in the bonus-card choice means "exhibit the completed
active painting"; STOP there means "use nothing" (the card is discarded).

Locations: loc = j for lower slot j (0..MAX_SECTORS-1), loc = MAX_SECTORS + u for upper space u
(0 first_player, 1 imitator, 2 rotate, 3 whites). Colours: R Y B O G P W K = 0..7.
"""

from enum import IntEnum

import numpy as np

from simkit.games.couleurs.rules.components import GRID_COLOURS, MAX_CARDS, MAX_SECTORS, N_COLOURS
from simkit.games.couleurs.rules.ruleset import MAX_HAND, MAX_PLAYERS

N_UPPER = 4
N_GRID_COLOURS = len(GRID_COLOURS)  # the colours a painting's squares ask for
UP_FIRST, UP_IMITATOR, UP_ROTATE, UP_WHITES = 0, 1, 2, 3
N_LOC = MAX_SECTORS + N_UPPER

PLACE, USE, DECLINE, COLOUR = 0, 32, 64, 96
HIRE, TOKEN, STOP, ACCEPT = 104, 105, 106, 107
CARD, COPY, ROTATE, KEEP, PAINT_CUBE = 108, 116, 140, 148, 172
VALADON = PAINT_CUBE + 9 * N_COLOURS  # + 9 * opponent + square
BUY = VALADON + 9 * MAX_PLAYERS  # + bonus market place
EFFECT = BUY + 8
MIXCARD = EFFECT + 1  # + (lower action id - mix_orange): mix_orange, mix_green, mix_purple, mix_black
SWAP = MIXCARD + 4  # + 8 * given colour + taken colour
TOOLMOVE = SWAP + 64  # + tool
TAKE = TOOLMOVE + 3  # + painting market place
TARGET = TAKE + 8  # + painting index (a player's cards)
MAX_HELD = MAX_CARDS  # paintings a player can hold (market mode has no limit but the deck)
MAX_MARKET = 8
MAX_BONUS = 32
HELD = TARGET + MAX_HELD  # + position in the player's held bonus cards (option B)
N_ACTIONS = HELD + MAX_BONUS
MAX_LEGAL = N_ACTIONS


class Stage(IntEnum):
    """What the current player decides; the lower-case name is the stage's name in observations."""
    DRAFT = 0
    ACTIVE = 1
    PLACE = 2
    TURN = 3
    PAY = 4
    BONUS = 5
    PAINT = 6
    COPY = 7
    NEW_ACTIVE = 8
    ROTATE = 9
    DISCARD = 10
    KEEP = 11
    DONE = 12
    PAINTER = 13
    GAUGUIN = 14
    FREE_PAINT = 15
    MIX_PAY = 16
    CEZANNE = 17
    DEGAS = 18
    EXHIBIT_OR_BUY = 19
    BONUS_CARD = 20
    SWAP = 21
    TOOL = 22
    TAKE_PAINTING = 23
    PAINT_TARGET = 24
    EXHIBIT_WHICH = 25
    USE_HELD = 26


STAGE_NAMES = tuple(st.name.lower() for st in Stage)

# painting card states
CARD_RESERVE, CARD_ACTIVE, CARD_EXHIBITED = 0, 1, 2
# token kinds per track
TK_NONE, TK_TOKEN, TK_HIRE = 0, 1, 2
# end triggers (bit mask) and end reasons
TRIG_EXHIBIT, TRIG_BLACK, TRIG_TRACK, END_ROUND_CAP = 1, 2, 4, 8
END_REASONS = {TRIG_EXHIBIT: "paintings_exhibited", TRIG_BLACK: "last_black", TRIG_TRACK: "track_end",
               END_ROUND_CAP: "round_cap"}
# score components
(PP_PAINTINGS, PP_SIGNATURES, PP_TOKENS, PP_PAIR, PP_WHITE_PENALTY, PP_RESERVE_BLACK) = range(6)
N_COMPONENTS = 6
COMPONENT_NAMES = ("pp_paintings", "pp_signatures", "pp_tokens", "pp_identical_pair", "pp_white_penalty",
                   "pp_reserve_black")


class ErrorCode(IntEnum):
    """Why a game that broke an invariant stopped (0: it did not)."""
    NONE = 0
    ILLEGAL_ACTION = 1
    NO_LEGAL_ACTION = 2
    INVARIANT = 3


ERROR_TEXT = {ErrorCode.ILLEGAL_ACTION: "illegal action", ErrorCode.NO_LEGAL_ACTION: "no legal action in a live state",
              ErrorCode.INVARIANT: "a rule invariant broke (negative cubes or capacity overflow)"}
EMPTY = -1
B_NONE, B_BEFORE, B_AFTER = 0, 1, 2  # option B: no held card in use / used before the assistant / after the action
BIG_SUPPLY = 30000  # the supply of an unlimited colour (never runs short)

STATE_DTYPE = np.dtype([
    # Module 1 bonus deck and market (spec §11.1)
    ("bonus_rng", "u8", 1), ("bonus_deck", "i1", MAX_BONUS), ("bonus_deck_n", "i1"),
    ("bonus_market", "i1", 8), ("bonus_discard", "i1", MAX_BONUS), ("bonus_discard_n", "i1"),
    ("pend_bonus", "i1"), ("tool_left", "i1"), ("bought", "i2", MAX_PLAYERS),
    ("tool_deferred", "i1"),
    # option B (spec §11.1): held cards, the round's one use, where the turn is (B_NONE / B_BEFORE / B_AFTER), and
    # the card bought this turn (bonus_b_immediate_counts)
    ("held", "i1", (MAX_PLAYERS, MAX_BONUS)),
    ("held_n", "i1", MAX_PLAYERS), ("used_card", "i1", MAX_PLAYERS), ("b_phase", "i1"), ("fresh", "i1"),
    # chance
    ("seed", "u8"), ("policy_rng", "u8", (MAX_PLAYERS, 1)),
    # table
    ("rotation", "i4"), ("round", "i2"), ("stage", "i1"), ("current", "i1"), ("first_player", "i1"),
    ("start_player", "i1"), ("done", "i1"), ("error", "i1"), ("turn", "i4"),
    ("triggers", "i1"), ("first_trigger", "i1"), ("end_reason", "i1"), ("half_turns", "i2"),
    ("since_refresh", "i2"),
    ("supply", "i2", N_COLOURS), ("gained", "i4", N_COLOURS), ("returned", "i4", N_COLOURS),
    ("in_play_types", "i1", MAX_CARDS), ("deck", "i1", MAX_CARDS), ("deck_size", "i1"),
    # phase-2/3 context
    ("pend_track", "i1"), ("pend_count", "i1"), ("pend_card", "i1"), ("rotate_taker", "i1"), ("fp_taker", "i1"),
    ("p3_idx", "i1"), ("draft_round", "i1"),
    ("pend_copy", "i1"), ("pend_colour", "i1"), ("cez_used", "i1"), ("valadon_used", "i1"), ("degas_src", "i1"),
    ("setup_done", "i1"), ("painters_chosen", "i1"),
    # several paintings in progress (spec §8.4, §10.2): the painting receiving cubes, and a paint action that a
    # Degas move interrupted (exhibit on completion) resumes afterwards
    ("target", "i1"), ("target_stage", "i1"), ("degas_dst", "i1"), ("resume_stage", "i1"),
    ("resume_count", "i1"),
    # painting market (spec §10.2)
    ("market", "i1", MAX_MARKET), ("deck_pos", "i1"), ("paint_rng", "u8", 1), ("paint_discard", "i1", MAX_CARDS),
    ("paint_discard_n", "i1"),
    # assistants
    ("owned", "i1", MAX_PLAYERS), ("hires", "i1", MAX_PLAYERS), ("to_place", "i1", MAX_PLAYERS),
    ("lower", "i1", (MAX_PLAYERS, MAX_SECTORS)), ("lower_standing", "i1", (MAX_PLAYERS, MAX_SECTORS)),
    ("upper_owner", "i1", N_UPPER), ("upper_standing", "i1", N_UPPER),
    ("whites_on", "i1", MAX_PLAYERS), ("whites_standing", "i1", MAX_PLAYERS),
    # players
    ("reserve", "i2", (MAX_PLAYERS, N_COLOURS)),
    ("space", "i1", (MAX_PLAYERS, 3)), ("token", "i2", (MAX_PLAYERS, 3)), ("token_kind", "i1", (MAX_PLAYERS, 3)),
    ("hand", "i1", (MAX_PLAYERS, MAX_HAND)), ("hand_n", "i1", MAX_PLAYERS),
    ("cards", "i1", (MAX_PLAYERS, MAX_HELD)), ("n_kept", "i1", MAX_PLAYERS),
    ("card_state", "i1", (MAX_PLAYERS, MAX_HELD)), ("squares", "i1", (MAX_PLAYERS, MAX_HELD, 9)),
    ("complete", "i1", (MAX_PLAYERS, MAX_HELD)),
    # return_coloured_on = "completion": the colours of the coloured cubes a painting returned when completed (the
    # colours Degas may later draw from the supply, spec §8.5)
    ("ghost", "i1", (MAX_PLAYERS, MAX_HELD, 9)),
    ("exhibited", "i1", MAX_PLAYERS),
    ("painter", "i1", MAX_PLAYERS), ("dealt", "i1", (MAX_PLAYERS, 4)), ("gauguin_colour", "i1", MAX_PLAYERS),
    # counted from the fields above, kept as those change (the policies read them many times per decision;
    # ops.recount_derived counts them again): the action each lower slot faces (ops.face_wheel), the assistants on
    # each lower slot and those of them standing (every player's), the locations where each player has an
    # assistant standing (bit 1 << loc) and the lower slots where he has one (bit 1 << j), and each painting's
    # filled squares, whites, blacks and empty squares of each colour (ops.set_square, ops.hold_card)
    ("slot_action", "i1", MAX_SECTORS), ("occupants", "i1", MAX_SECTORS), ("slot_up", "i1", MAX_SECTORS),
    ("standing_at", "i8", MAX_PLAYERS), ("lower_at", "i8", MAX_PLAYERS), ("filled", "i1", (MAX_PLAYERS, MAX_HELD)),
    ("n_whites", "i1", (MAX_PLAYERS, MAX_HELD)), ("n_blacks", "i1", (MAX_PLAYERS, MAX_HELD)),
    ("to_fill", "i1", (MAX_PLAYERS, MAX_HELD, N_GRID_COLOURS)),
    # statistics
    ("turns", "i2", MAX_PLAYERS), ("resolved", "i2", MAX_PLAYERS), ("declined", "i2", MAX_PLAYERS),
], align=True)
