"""The Couleurs de Paris forward model (spec §2-§10; Module 1 bonus cards with options A and B §11.1; Module 2
painter tiles §11.2): setup, legal actions and transitions, compiled with numba. Both rulesets play: variant J (private
draft, one or several active paintings, exhibit by action) and the base game (painting market, exhibit on
completion, limited supply).

Not implemented (rejected by `CouleursRules.check_supported` with a ConfigError): the market with exhibit by
action (no ruleset uses it).

Both the step-by-step API (`CouleursState`) and the batch loop call these functions: there is one copy of the
rules. The action encoding is documented in state.py. Every decision of spec §6.4 that the implemented rules need
is one integer action; multi-part choices (upgrade payment, painting, discarding) are made one cube at a time.
Helpers live in ops.py, placements and exhibiting in painting.py, the painting market in market.py, the bonus
deck in bonus.py and scoring in scoring.py; the names other code uses are re-exported here.
"""

import numpy as np

from simkit.core.jit import njit
from simkit.core.rng import next_below, shuffle, stream_key
from simkit.games.couleurs.bonus import (any_swap, any_tool_move, can_buy, discard_bonus, draw_bonus, keep_card,
                                         may_use_held, refresh_bonus_market, swap_ok, take_held)
from simkit.games.couleurs.market import can_take, draw_painting, refresh_painting_market, take_ok, take_painting
# level, action_of_slot, active_index and painting_complete are part of this module's public interface
from simkit.games.couleurs.ops import (B, BRUSH, EXHIBIT, G, GET_BLUE, GET_RED, GET_YELLOW, K,  # noqa: F401
                                       MAX_SECTORS, MIX_BLACK, MIX_GREEN, MIX_ORANGE, MIX_PURPLE, O, P,
                                       PAINT_ACTION, PALETTE, R, TUBE, UPGRADE_BRUSH, UPGRADE_TUBE, W, Y,
                                       action_of_slot, active_index, gain, has_painter, level, non_black,
                                       painting_complete, pay, pigment_limit, power_applies, reset_painting,
                                       slot_occupants, slot_standing, standing_count, trigger)
from simkit.games.couleurs.painting import (activate, apply_placement, completed_active, exhibit, exhibit_card,
                                            is_legal_placement, open_target, start_paint, workable)
from simkit.games.couleurs.scoring import final_scores, ranks_and_win_shares, score_components  # noqa: F401
from simkit.games.couleurs.state import (ACCEPT, BIG_SUPPLY, BUY, B_AFTER, B_BEFORE, B_NONE, CARD, CARD_ACTIVE,
                                         CARD_RESERVE, CEZANNE, COLOUR, COPY, DECLINE, EFFECT, END_ROUND_CAP,
                                         ERR_ILLEGAL_ACTION, ERR_INVARIANT, GAUGUIN, HELD, HIRE, KEEP, MANET, MIXCARD,
                                         MONET, N_ACTIONS, N_UPPER, PAINT, PLACE, RENOIR, ROTATE, STOP, ST_ACTIVE,
                                         ST_BONUS, ST_BUY, ST_CARD, ST_CEZANNE, ST_COPY, ST_DEGAS, ST_DISCARD, ST_DONE,
                                         ST_DRAFT, ST_EXHIBIT, ST_FREE, ST_GAUGUIN, ST_HELD, ST_KEEP, ST_MIXPAY,
                                         ST_NEW_ACTIVE, ST_PAINT, ST_PAINTER, ST_PAY, ST_PLACE, ST_ROTATE, ST_SWAP,
                                         ST_TAKE, ST_TARGET, ST_TOOL, ST_TURN, SWAP, TAKE, TARGET, TK_HIRE, TK_NONE,
                                         TK_TOKEN, TOKEN, TOOLMOVE, TRIG_BLACK, TRIG_TRACK, UP_FIRST, UP_IMITATOR,
                                         UP_ROTATE, UP_WHITES, USE, VALADON)

# chance streams of a game seed: one per kind of chance event, so shared chance coincides across variants
STREAM_PAINTING_DECK, STREAM_FIRST_PLAYER, STREAM_TYPES = 1, 2, 3
STREAM_BONUS_DECK, STREAM_PAINTERS = 4, 5  # reserved for Modules 1 and 2
STREAM_POLICY = 16  # + seat


# ---- setup --------------------------------------------------------------------------------------------------------


@njit
def setup(s, seed):
    """Spec §2.3 (without the modules): types in play, supply, first player, player boards, the deal."""
    n = s.n_players
    s.seed = seed
    s.rotation = 0
    s.round = 1
    s.done = 0
    s.error = 0
    s.turn = 0
    s.triggers = 0
    s.first_trigger = 0
    s.end_reason = 0
    s.half_turns = 0
    s.since_refresh = 0
    s.rotate_taker = -1
    s.fp_taker = -1
    s.pend_track = -1
    s.pend_count = 0
    s.pend_card = -1
    s.p3_idx = 0
    s.draft_round = 0
    s.pend_copy = 0
    s.pend_colour = -1
    s.cez_used = 0
    s.valadon_used = 0
    s.degas_src = -1
    s.degas_dst = -1
    s.target = -1
    s.target_stage = -1
    s.resume_stage = -1
    s.resume_count = 0
    s.setup_done = 0
    s.painters_chosen = 0
    s.pend_bonus = -1
    s.tool_left = -1
    s.tool_deferred = -1
    s.b_phase = B_NONE
    s.fresh = -1
    for p in range(s.n_players):
        s.held_n[p] = 0
        s.used_card[p] = 0
        s.bought[p] = 0
    s.bonus_deck_n = 0
    s.bonus_discard_n = 0
    for m in range(8):
        s.bonus_market[m] = -1
    if s.module_bonus:  # spec §2.3 step 8: shuffle the bonus cards (their own stream), reveal the market
        for t in range(5):
            for k in range(s.bonus_copies[t]):
                s.bonus_deck[s.bonus_deck_n] = t
                s.bonus_deck_n += 1
        s.bonus_rng[0] = stream_key(seed, STREAM_BONUS_DECK)
        shuffle(s.bonus_rng, s.bonus_deck, s.bonus_deck_n)
        for m in range(s.bonus_market_size):
            s.bonus_market[m] = draw_bonus(s)
    for c in range(8):
        s.gained[c] = 0
        s.returned[c] = 0
        s.supply[c] = BIG_SUPPLY if s.unlimited else s.supply_init[c]
    s.supply[K] = s.black_total
    for u in range(N_UPPER):
        s.upper_owner[u] = -1
        s.upper_standing[u] = 0
    # painting types in play (stream STREAM_TYPES), then the shuffled deck of their cards (STREAM_PAINTING_DECK)
    types = np.arange(s.n_types_total, dtype=np.int8)  # int8 like the decks: shuffle compiles once
    if s.types_random:
        rng = np.array([stream_key(seed, STREAM_TYPES)], np.uint64)
        shuffle(rng, types, s.n_types_total)
    for t in range(s.n_types_total):
        s.in_play_types[t] = 0
    for t in range(s.n_types_play):
        s.in_play_types[types[t] if s.types_random else s.types_fixed[t]] = 1
    size = 0
    for c in range(s.n_cards):
        if s.in_play_types[s.card_type[c]]:
            s.deck[size] = c
            size += 1
    s.deck_size = size
    s.paint_rng[0] = stream_key(seed, STREAM_PAINTING_DECK)
    shuffle(s.paint_rng, s.deck, size)
    s.deck_pos = 0
    s.paint_discard_n = 0
    if s.first_fixed >= 0:
        s.first_player = s.first_fixed
    else:
        rng = np.array([stream_key(seed, STREAM_FIRST_PLAYER)], np.uint64)
        s.first_player = next_below(rng, n)
    s.start_player = s.first_player
    for p in range(n):
        s.policy_rng[p, 0] = stream_key(seed, STREAM_POLICY + p)
        for c in range(8):
            s.reserve[p, c] = 0
        for c in range(8):
            gain(s, p, c, s.start_pigments[c])
        s.owned[p] = s.start_assistants
        s.hires[p] = 0
        s.to_place[p] = 0
        for j in range(MAX_SECTORS):
            s.lower[p, j] = 0
            s.lower_standing[p, j] = 0
        s.whites_on[p] = 0
        s.whites_standing[p] = 0
        for t in range(3):
            s.space[p, t] = 1
            s.token[p, t] = 0
            s.token_kind[p, t] = TK_NONE
        s.hand_n[p] = 0 if s.market_mode else s.hand_size
        s.n_kept[p] = 0
        for i in range(s.hand_n[p]):
            s.hand[p, i] = s.deck[s.deck_pos]
            s.deck_pos += 1
        for i in range(s.hand_size):  # cards taken later (market mode) are reset by take_painting
            reset_painting(s, p, i, CARD_RESERVE)
        s.exhibited[p] = 0
        s.painter[p] = -1
        s.gauguin_colour[p] = -1
        for k in range(4):
            s.dealt[p, k] = -1
        s.turns[p] = 0
        s.resolved[p] = 0
        s.declined[p] = 0
    for m in range(s.market.shape[0]):  # spec §10.2: the face-up painting market (market mode only)
        s.market[m] = draw_painting(s) if s.market_mode and m < s.market_size else -1
    if not s.pick_pass and not s.market_mode:
        for p in range(n):
            for i in range(s.hand_size):
                s.cards[p, i] = s.hand[p, i]
            s.n_kept[p] = s.hand_size
            s.hand_n[p] = 0
    if s.module_painters:  # spec §2.3 step 5: deal painter tiles from the pool (their own chance stream)
        pool = s.pool[: s.pool_n].copy()
        rng = np.array([stream_key(seed, STREAM_PAINTERS)], np.uint64)
        shuffle(rng, pool, s.pool_n)
        for p in range(n):
            for k in range(s.painter_deal):
                s.dealt[p, k] = pool[p * s.painter_deal + k]
    s.current = 0
    if s.module_painters and s.painter_first:
        s.stage = ST_PAINTER
    else:
        start_draft(s)


@njit
def card_effect_ok(s, p):
    """Whether the bought card's own effect (EFFECT) can be used now."""
    card = s.pend_bonus
    if card == 0:  # painting
        return can_perform(s, p, PAINT_ACTION, True)
    if card == 1:  # imitation
        return can_copy(s, p)
    if card == 3:  # colour swap
        return any_swap(s, p)
    if card == 4:  # tool
        return any_tool_move(s, p)
    return False  # mixing: MIXCARD actions


@njit
def start_draft(s):
    s.current = 0
    if s.market_mode:  # no draft: players start without paintings
        after_actives(s)
    else:
        s.stage = ST_DRAFT if s.pick_pass else ST_ACTIVE


@njit
def after_actives(s):
    """Setup after the active paintings: painter tiles (if chosen after the draft), Gauguin's colour, round 1."""
    s.current = 0
    if s.module_painters and not s.painters_chosen:
        s.stage = ST_PAINTER
        return
    next_gauguin(s, 0)


@njit
def next_gauguin(s, start):
    """Spec §2.3 step 7: each Gauguin player (seat order) chooses his secondary colour; then round 1 begins."""
    for p in range(start, s.n_players):
        if s.painter[p] == GAUGUIN and s.gauguin_colour[p] < 0:
            s.stage = ST_GAUGUIN
            s.current = p
            return
    s.setup_done = 1
    begin_round(s)


# ---- phase transitions ------------------------------------------------------------------------------------------


@njit
def begin_round(s):
    """Phase 1 (spec §6.1): every owned assistant not pre-placed is available."""
    n = s.n_players
    for p in range(n):
        onboard = 0
        for j in range(s.n_sectors):
            onboard += s.lower[p, j]
        s.to_place[p] = s.owned[p] - onboard
    for p in range(n):
        s.used_card[p] = 0
    s.stage = ST_PLACE
    s.current = s.first_player
    if s.to_place[s.current] == 0:
        next_placer(s)


@njit
def next_placer(s):
    n = s.n_players
    for k in range(1, n + 1):
        p = (s.current + k) % n
        if s.to_place[p] > 0:
            s.current = p
            return
    # Phase 1 over: Phase 2 starts with the first player (or the next one with a standing assistant). Every
    # placed assistant stands, so one exists; this must not call next_turn (no recursion: numba's cache
    # mishandles mutually recursive functions).
    s.stage = ST_TURN
    for k in range(n):
        p = (s.first_player + k) % n
        if standing_count(s, p) > 0:
            s.current = p
            return
    s.error = ERR_INVARIANT
    s.done = 1


@njit
def next_turn(s):
    """The current turn's action is over. Under option B the player may then use a held card (or, if one was used
    before the assistant, now picks the assistant); otherwise the turn passes."""
    if s.option_b:
        if s.b_phase == B_BEFORE:
            s.b_phase = B_NONE
            s.stage = ST_TURN
            return
        if s.b_phase == B_NONE and may_use_held(s, s.current):
            s.b_phase = B_AFTER
            s.stage = ST_HELD
            return
        s.b_phase = B_NONE
        s.fresh = -1
    pass_turn(s)


@njit
def pass_turn(s):
    """The next player clockwise with a standing assistant, or the end of Phase 2 (spec §6.2)."""
    n = s.n_players
    s.stage = ST_TURN
    for k in range(1, n + 1):
        p = (s.current + k) % n
        if standing_count(s, p) > 0:
            s.current = p
            return
    end_phase2(s)


@njit
def end_phase2(s):
    if s.triggers:
        s.end_reason = s.first_trigger
        finish(s)
    elif s.round >= s.round_cap:
        s.end_reason = END_ROUND_CAP
        finish(s)
    else:
        # Phase 3 step 1: rotate
        if s.rotate_taker >= 0:
            s.stage = ST_ROTATE
            s.current = s.rotate_taker
        else:
            rotate(s, s.rot_per_round)
            start_discard(s)


@njit
def finish(s):
    s.stage = ST_DONE
    s.done = 1


@njit
def rotate(s, k):
    """Phase 3 steps 1-2 (spec §3.5, §6.3): turn the wheel k steps and detect a half-turn."""
    r0 = s.rotation
    s.rotation = r0 + k
    half = False
    if s.since_refresh_rule:
        s.since_refresh += k
        if 2 * s.since_refresh >= s.n_sectors:
            half = True
            s.since_refresh = 0
    else:
        for i in range(1, k + 1):
            if s.forbidden[(s.red_sector + r0 + i) % s.n_sectors]:
                half = True
                break  # also keeps LLVM from vectorizing the loop: thousands of IR lines in every caller
    if half:
        s.half_turns += 1
    if s.market_mode:  # the painting market first (spec §6.3 step 2)
        refresh_painting_market(s, half)
    if s.module_bonus:
        refresh_bonus_market(s, half)


@njit
def start_discard(s):
    s.p3_idx = 0
    next_discarder(s)


@njit
def next_discarder(s):
    """Phase 3 step 3: in turn order, players over the pigment limit discard down to it."""
    n = s.n_players
    while s.p3_idx < n:
        p = (s.first_player + s.p3_idx) % n
        if non_black(s, p) > pigment_limit(s, p):
            s.stage = ST_DISCARD
            s.current = p
            return
        s.p3_idx += 1
    s.p3_idx = 0
    next_keeper(s)


@njit
def recover(s, p, keep):
    """Phase 3 step 4 for player p: keep one lower assistant standing on slot `keep` (-1: none), recover the rest."""
    for j in range(s.n_sectors):
        s.lower[p, j] = 0
        s.lower_standing[p, j] = 0
    if keep >= 0:
        s.lower[p, keep] = 1
        s.lower_standing[p, keep] = 1
    for u in range(N_UPPER - 1):
        if s.upper_owner[u] == p:
            s.upper_owner[u] = -1
            s.upper_standing[u] = 0
    s.whites_on[p] = 0
    s.whites_standing[p] = 0


@njit
def next_keeper(s):
    n = s.n_players
    while s.p3_idx < n:
        p = (s.first_player + s.p3_idx) % n
        onboard = 0
        for j in range(s.n_sectors):
            onboard += s.lower[p, j]
        if onboard > 0:
            s.stage = ST_KEEP
            s.current = p
            return
        recover(s, p, -1)
        s.p3_idx += 1
    if s.fp_taker >= 0:
        s.first_player = s.fp_taker
    s.fp_taker = -1
    s.rotate_taker = -1
    s.round += 1
    begin_round(s)


@njit
def tool_move(s, p, t):
    """Tool card: advance marker t one space (spec §11.1, §4). With bonus_on_pass = false, a marker entering the
    bonus space while the card could move it again waits: moving it on passes the space without the bonus."""
    s.tool_left -= 1
    if s.tool_deferred == t:  # the second space of a 2-space move: the bonus space was passed
        s.tool_deferred = -1
    s.space[p, t] += 1
    s.pend_track = t
    if (not s.bonus_on_pass and s.space[p, t] == s.bonus_space and s.token_kind[p, t] == TK_NONE
            and s.tool_left > 0 and s.space[p, t] < s.track_len[t]):
        s.tool_deferred = t
        return
    enter_space(s, p, t)


@njit
def tool_continue(s, p):
    """Tool card: the next step, the bonus of a marker that stopped on the bonus space (bonus_on_pass = false),
    then Cézanne (cezanne_on_tool_card) for the last marker moved. Returns True when waiting for a choice."""
    if s.tool_left > 0 and any_tool_move(s, p):
        s.stage = ST_TOOL
        return True
    s.tool_left = 0
    if s.tool_deferred >= 0:
        s.pend_track = s.tool_deferred
        s.tool_deferred = -1
        s.stage = ST_BONUS
        return True
    s.tool_left = -1
    return s.cezanne_tool != 0 and s.pend_track >= 0 and cezanne_offer(s, p)


@njit
def use_held(s, p, k):
    """Option B: resolve held card k like a card just bought under option A (effect, alternative, or nothing)."""
    s.pend_bonus = take_held(s, p, k)
    s.tool_left = -1
    s.stage = ST_CARD


# ---- action resolution -----------------------------------------------------------------------------------------


@njit
def mix_inputs(a):
    if a == MIX_ORANGE:
        return R, Y
    if a == MIX_GREEN:
        return Y, B
    return B, R


@njit
def gauguin_mix(s, p, a, copy):
    """Gauguin may replace one primary of his own colour's mix by a white (spec §11.2)."""
    return power_applies(s, p, GAUGUIN, copy) and s.gauguin_colour[p] == a  # MIX_ORANGE..MIX_PURPLE == O..P


@njit
def cezanne_offer(s, p):
    """After an upgrade: enter the Cézanne choice if it applies (once per upgrade action). Returns True if so."""
    t = s.pend_track
    if s.cez_used or not has_painter(s, p, CEZANNE) or s.space[p, t] >= s.track_len[t]:
        return False
    if non_black(s, p) < s.track_level[t, s.space[p, t]]:  # the level printed on the next space
        return False
    s.cez_used = 1
    s.stage = ST_CEZANNE
    return True


@njit
def can_perform(s, p, a, copy):
    """Whether player p meets the requirements of lower action a (spec §7.1); copy: performed via imitator."""
    if a <= GET_BLUE:
        return True
    if a <= MIX_PURPLE:
        x, z = mix_inputs(a)
        if s.reserve[p, x] > 0 and s.reserve[p, z] > 0:
            return True
        return (gauguin_mix(s, p, a, copy) and s.reserve[p, W] > 0
                and (s.reserve[p, x] > 0 or s.reserve[p, z] > 0))
    if a == MIX_BLACK:
        return s.reserve[p, O] > 0 and s.reserve[p, G] > 0 and s.reserve[p, P] > 0 and s.supply[K] > 0
    if a <= UPGRADE_BRUSH:
        t = a - UPGRADE_TUBE
        return s.space[p, t] < s.track_len[t] and non_black(s, p) >= s.upgrade_cost
    if a == PAINT_ACTION:
        for i in range(s.n_kept[p]):
            if workable(s, p, i):
                return True
        return False
    if a == EXHIBIT:
        return completed_active(s, p)[0] > 0 or can_buy(s, p)
    return can_take(s, p) or can_buy(s, p)  # take_painting (spec §10.2; Module 1 may buy instead)


@njit
def can_copy(s, p):
    for j in range(s.n_sectors):
        if slot_standing(s, j) > 0 and can_perform(s, p, action_of_slot(s, j), True):
            return True
    return False


@njit
def enter_space(s, p, t):
    """Effects of the space the marker of tool t just entered (spec §4). Returns True when waiting for a choice."""
    space = s.space[p, t]
    if space == s.bonus_space and s.token_kind[p, t] == TK_NONE:
        s.stage = ST_BONUS
        s.pend_track = t
        return True
    last_space(s, p, t)
    return False


@njit
def last_space(s, p, t):
    if s.space[p, t] == s.track_len[t]:
        # flips a 6 to 10, or takes a 10 after hiring (or after passing the bonus space, bonus_on_pass = false)
        s.token[p, t] = s.end_pts
        if s.end_track:
            trigger(s, TRIG_TRACK)


@njit
def perform(s, p, a):
    """Resolve lower action a for player p (requirements already checked). Returns True when a sub-decision
    follows (payment, painting, bonus, new active painting)."""
    if a <= GET_BLUE:
        gain(s, p, a, level(s, p, TUBE))
        free = MANET if a == GET_RED else (MONET if a == GET_YELLOW else RENOIR)
        if has_painter(s, p, free):
            s.pend_colour = a
            s.pend_count = 2
            return open_target(s, p, ST_FREE)
        return False
    if a <= MIX_PURPLE:
        x, z = mix_inputs(a)
        if gauguin_mix(s, p, a, s.pend_copy != 0) and s.reserve[p, W] > 0:
            s.pend_colour = a
            s.stage = ST_MIXPAY
            return True
        pay(s, p, x, 1)
        pay(s, p, z, 1)
        gain(s, p, a, level(s, p, PALETTE))  # MIX_ORANGE..MIX_PURPLE == O..P
        return False
    if a == MIX_BLACK:
        pay(s, p, O, 1)
        pay(s, p, G, 1)
        pay(s, p, P, 1)
        gain(s, p, K, 1)
        if s.supply[K] == 0 and s.end_last_black:
            trigger(s, TRIG_BLACK)
        return False
    if a <= UPGRADE_BRUSH:
        s.pend_track = a - UPGRADE_TUBE
        s.pend_count = s.upgrade_cost
        s.cez_used = 0
        if s.pend_count == 0:
            if advance_marker(s, p):
                return True
            return cezanne_offer(s, p)
        s.stage = ST_PAY
        return True
    if a == PAINT_ACTION:
        return start_paint(s, p, level(s, p, BRUSH))
    if can_buy(s, p):  # exhibit or take_painting: Module 1 may buy a bonus card instead
        s.stage = ST_BUY
        return True
    if a == EXHIBIT:
        return exhibit(s, p)
    s.stage = ST_TAKE
    return True


@njit
def advance_marker(s, p):
    t = s.pend_track
    s.space[p, t] += 1
    return enter_space(s, p, t)


@njit
def perform_upper(s, p, u):
    if u == UP_FIRST:
        gain(s, p, W, 1)
        s.fp_taker = p
        return False
    if u == UP_ROTATE:
        s.rotate_taker = p
        return False
    if u == UP_WHITES:
        gain(s, p, W, level(s, p, TUBE))
        return False
    s.stage = ST_COPY  # imitator
    return True


# ---- legal actions ------------------------------------------------------------------------------------------------


@njit
def place_ok(s, p, loc):
    if loc < MAX_SECTORS:
        return loc < s.n_sectors and s.cap[loc] > 0 and slot_occupants(s, loc) < s.cap[loc]
    u = loc - MAX_SECTORS
    if u == UP_WHITES:
        return True
    if u >= N_UPPER or s.upper_owner[u] >= 0:
        return False
    return not (u == UP_FIRST and s.first_player == p)


@njit
def owns_standing(s, p, loc):
    if loc < MAX_SECTORS:
        return loc < s.n_sectors and s.lower_standing[p, loc] > 0
    u = loc - MAX_SECTORS
    if u == UP_WHITES:
        return s.whites_standing[p] > 0
    return u < N_UPPER and s.upper_owner[u] == p and s.upper_standing[u] > 0


@njit
def resolvable(s, p, loc):
    if loc < MAX_SECTORS:
        return can_perform(s, p, action_of_slot(s, loc), False)
    if loc - MAX_SECTORS == UP_IMITATOR:
        return can_copy(s, p)
    return True


@njit
def is_legal(s, a):
    """Whether action a is legal for the current player (the single definition; legal_actions enumerates it)."""
    if s.done or a < 0 or a >= N_ACTIONS:
        return False
    p = s.current
    st = s.stage
    n_loc = MAX_SECTORS + N_UPPER
    if st == ST_DRAFT:
        return CARD <= a < CARD + s.hand_n[p]
    if st == ST_ACTIVE or st == ST_NEW_ACTIVE:
        return CARD <= a < CARD + s.n_kept[p] and s.card_state[p, a - CARD] == CARD_RESERVE
    if st == ST_PLACE:
        return PLACE <= a < PLACE + n_loc and place_ok(s, p, a - PLACE)
    if st == ST_TURN:
        if HELD <= a < HELD + s.held_n[p]:
            return s.b_phase == B_NONE and may_use_held(s, p)
        if USE <= a < USE + n_loc:
            return owns_standing(s, p, a - USE) and resolvable(s, p, a - USE)
        if DECLINE <= a < DECLINE + n_loc:
            return owns_standing(s, p, a - DECLINE)
        return False
    if st == ST_PAY:
        return COLOUR <= a < COLOUR + 7 and s.reserve[p, a - COLOUR] > 0
    if st == ST_DISCARD:
        return COLOUR <= a < COLOUR + 7 and s.reserve[p, a - COLOUR] > 0
    if st == ST_BONUS:
        if a == HIRE:
            return s.owned[p] < s.max_assistants
        return a == TOKEN
    if st == ST_PAINT or st == ST_FREE or st == ST_DEGAS or st == ST_TARGET:
        return is_legal_placement(s, p, a)
    if st == ST_CEZANNE:
        return a == STOP or a == ACCEPT
    if st == ST_MIXPAY:
        x, z = mix_inputs(s.pend_colour)
        if a == ACCEPT:
            return s.reserve[p, x] > 0 and s.reserve[p, z] > 0
        if a == COLOUR + x:
            return s.reserve[p, W] > 0 and s.reserve[p, z] > 0
        if a == COLOUR + z:
            return s.reserve[p, W] > 0 and s.reserve[p, x] > 0
        return False
    if st == ST_TAKE:
        return TAKE <= a < TAKE + 8 and take_ok(s, p, a - TAKE)
    if st == ST_HELD:
        return a == STOP or HELD <= a < HELD + s.held_n[p]
    if st == ST_EXHIBIT:
        return (CARD <= a < CARD + s.n_kept[p] and s.card_state[p, a - CARD] == CARD_ACTIVE
                and painting_complete(s, p, a - CARD))
    if st == ST_BUY or st == ST_CARD:
        # the alternative to the card: exhibit (draft mode) or take a painting (market mode, spec §10.2)
        if a == ACCEPT:
            return not s.market_mode and completed_active(s, p)[0] > 0
        if TAKE <= a < TAKE + 8:
            return take_ok(s, p, a - TAKE)
        if st == ST_BUY:
            if BUY <= a < BUY + s.bonus_market_size:
                card = s.bonus_market[a - BUY]
                return card >= 0 and s.bonus_cost[card] <= s.reserve[p, W]
            return False
        if a == STOP:
            return True
        if a == EFFECT:
            return card_effect_ok(s, p)
        if MIXCARD <= a < MIXCARD + 4:
            return s.pend_bonus == 2 and can_perform(s, p, MIX_ORANGE + a - MIXCARD, True)
        return False
    if st == ST_SWAP:
        if a == STOP:
            return True
        return SWAP <= a < SWAP + 64 and swap_ok(s, p, (a - SWAP) // 8, (a - SWAP) % 8)
    if st == ST_TOOL:
        if a == STOP:
            return True
        return TOOLMOVE <= a < TOOLMOVE + 3 and s.space[p, a - TOOLMOVE] < s.track_len[a - TOOLMOVE]
    if st == ST_PAINTER:
        return CARD <= a < CARD + s.painter_deal
    if st == ST_GAUGUIN:
        return COLOUR + O <= a <= COLOUR + P
    if st == ST_COPY:
        return (COPY <= a < COPY + s.n_sectors and slot_standing(s, a - COPY) > 0
                and can_perform(s, p, action_of_slot(s, a - COPY), True))
    if st == ST_ROTATE:
        return ROTATE <= a < ROTATE + s.n_rot_opts
    if st == ST_KEEP:
        return KEEP <= a < KEEP + s.n_sectors and s.lower[p, a - KEEP] > 0
    return False


@njit
def is_legal_in(arr, a):
    """is_legal on the state held in a one-record array (the step-by-step API: numba types an array argument from
    Python a hundred times faster than a record)."""
    return is_legal(arr[0], a)


@njit
def _ranges(s):
    """Two action ranges [lo, hi) and [lo2, hi2) that hold every legal action of the current stage (ascending)."""
    st = s.stage
    p = s.current
    if st == ST_DRAFT or st == ST_ACTIVE or st == ST_NEW_ACTIVE or st == ST_PAINTER or st == ST_EXHIBIT:
        return CARD, COPY, 0, 0
    if st == ST_PLACE:
        return PLACE, USE, 0, 0
    if st == ST_TURN:
        return USE, COLOUR, HELD, HELD + s.held_n[p]
    if st == ST_HELD:
        return STOP, STOP + 1, HELD, HELD + s.held_n[p]
    if st == ST_PAY or st == ST_DISCARD or st == ST_GAUGUIN:
        return COLOUR, HIRE, 0, 0
    if st == ST_BONUS:
        return HIRE, STOP, 0, 0
    if st == ST_PAINT:
        return STOP, STOP + 1, PAINT, BUY
    if st == ST_FREE or st == ST_DEGAS:
        return STOP, STOP + 1, PAINT, VALADON
    if st == ST_TARGET:
        return STOP, STOP + 1, TARGET, TARGET + s.n_kept[p]
    if st == ST_CEZANNE:
        return STOP, CARD, 0, 0
    if st == ST_MIXPAY:
        return COLOUR, CARD, 0, 0
    if st == ST_BUY:
        return ACCEPT, EFFECT, TAKE, TAKE + s.market_size
    if st == ST_CARD:
        return STOP, SWAP, TAKE, TAKE + s.market_size
    if st == ST_SWAP:
        return STOP, TOOLMOVE, 0, 0
    if st == ST_TOOL:
        return STOP, STOP + 1, TOOLMOVE, TAKE
    if st == ST_TAKE:
        return TAKE, TAKE + s.market_size, 0, 0
    if st == ST_COPY:
        return COPY, ROTATE, 0, 0
    if st == ST_ROTATE:
        return ROTATE, KEEP, 0, 0
    if st == ST_KEEP:
        return KEEP, PAINT, 0, 0
    return 0, 0, 0, 0


@njit
def legal_actions(s, out):
    """Write the legal actions (ascending) into out; return their count."""
    if s.done:
        return 0
    lo, hi, lo2, hi2 = _ranges(s)
    n = 0
    for a in range(lo, hi):
        if is_legal(s, a):
            out[n] = a
            n += 1
    for a in range(lo2, hi2):
        if is_legal(s, a):
            out[n] = a
            n += 1
    return n


# ---- transitions --------------------------------------------------------------------------------------------------


@njit
def apply_action(s, a):
    """Apply legal action a of the current player. An illegal action stops the game with ERR_ILLEGAL_ACTION."""
    if not is_legal(s, a):
        s.error = ERR_ILLEGAL_ACTION
        s.done = 1
        return
    p = s.current
    n = s.n_players
    s.turn += 1
    s.turns[p] += 1
    st = s.stage
    if st == ST_DRAFT:
        i = a - CARD
        s.cards[p, s.n_kept[p]] = s.hand[p, i]
        s.n_kept[p] += 1
        for k in range(i, s.hand_n[p] - 1):
            s.hand[p, k] = s.hand[p, k + 1]
        s.hand_n[p] -= 1
        if p + 1 < n:
            s.current = p + 1
            return
        # everyone picked: pass the rest to the left
        s.draft_round += 1
        if s.hand_n[0] > 0:
            tmp = s.hand[n - 1, :].copy()
            for q in range(n - 1, 0, -1):
                s.hand[q, :] = s.hand[q - 1, :]
            s.hand[0, :] = tmp
            s.current = 0
            return
        s.stage = ST_ACTIVE
        s.current = 0
        return
    if st == ST_ACTIVE:
        s.card_state[p, a - CARD] = CARD_ACTIVE
        actives = 0
        for i in range(s.n_kept[p]):
            if s.card_state[p, i] == CARD_ACTIVE:
                actives += 1
        if actives < s.active_limit and actives < s.n_kept[p]:
            return
        if p + 1 < n:
            s.current = p + 1
            return
        after_actives(s)
        return
    if st == ST_PAINTER:
        s.painter[p] = s.dealt[p, a - CARD]
        if p + 1 < n:
            s.current = p + 1
            return
        s.painters_chosen = 1
        if s.painter_first:
            start_draft(s)
        else:
            next_gauguin(s, 0)
        return
    if st == ST_GAUGUIN:
        c = a - COLOUR
        s.gauguin_colour[p] = c
        if s.supply[c] > 0:  # the marker cube comes from the supply and stays on the tile
            s.supply[c] -= 1
            s.gained[c] += 1
        next_gauguin(s, p + 1)
        return
    if st == ST_PLACE:
        loc = a - PLACE
        if loc < MAX_SECTORS:
            s.lower[p, loc] += 1
            s.lower_standing[p, loc] += 1
        elif loc - MAX_SECTORS == UP_WHITES:
            s.whites_on[p] += 1
            s.whites_standing[p] += 1
        else:
            s.upper_owner[loc - MAX_SECTORS] = p
            s.upper_standing[loc - MAX_SECTORS] = 1
        s.to_place[p] -= 1
        next_placer(s)
        return
    if st == ST_TURN and a >= HELD:  # option B: a held card before the assistant
        s.b_phase = B_BEFORE
        use_held(s, p, a - HELD)
        return
    if st == ST_HELD:  # option B: a held card after the action, or none
        if a == STOP:
            next_turn(s)
        else:
            use_held(s, p, a - HELD)
        return
    if st == ST_TURN:
        resolve = a < DECLINE
        loc = a - (USE if resolve else DECLINE)
        if loc < MAX_SECTORS:
            s.lower_standing[p, loc] -= 1
        elif loc - MAX_SECTORS == UP_WHITES:
            s.whites_standing[p] -= 1
        else:
            s.upper_standing[loc - MAX_SECTORS] = 0
        if not resolve:
            s.declined[p] += 1
            next_turn(s)
            return
        s.resolved[p] += 1
        s.pend_copy = 0
        s.tool_left = -1
        if loc < MAX_SECTORS:
            waiting = perform(s, p, action_of_slot(s, loc))
        else:
            waiting = perform_upper(s, p, loc - MAX_SECTORS)
        if not waiting:
            next_turn(s)
        return
    if st == ST_PAY:
        pay(s, p, a - COLOUR, 1)
        s.pend_count -= 1
        if s.pend_count > 0:
            return
        if not advance_marker(s, p) and not cezanne_offer(s, p):
            next_turn(s)
        return
    if st == ST_BONUS:
        t = s.pend_track
        if a == HIRE:
            s.owned[p] += 1
            s.hires[p] += 1
            s.token_kind[p, t] = TK_HIRE
        else:
            s.token_kind[p, t] = TK_TOKEN
            s.token[p, t] = s.bonus_pts
        last_space(s, p, t)
        if s.tool_left >= 0:  # inside a Tool card
            if not tool_continue(s, p):
                next_turn(s)
            return
        if not cezanne_offer(s, p):
            next_turn(s)
        return
    if st == ST_BUY:
        if a == ACCEPT:
            if not exhibit(s, p):
                next_turn(s)
            return
        if a >= TAKE:
            take_painting(s, p, a - TAKE)
            next_turn(s)
            return
        card = s.bonus_market[a - BUY]
        pay(s, p, W, s.bonus_cost[card])
        s.bonus_market[a - BUY] = -1
        s.bought[p] += 1
        if s.option_b:
            keep_card(s, p, card)
            next_turn(s)
            return
        s.pend_bonus = card
        s.stage = ST_CARD  # Option A: resolve it at once
        return
    if st == ST_CARD:
        card = s.pend_bonus
        discard_bonus(s, card)
        s.pend_bonus = -1
        s.pend_copy = 1  # a card's action counts as a copy for painter powers (painter_powers_on_copies)
        waiting = False
        if a == ACCEPT:
            waiting = exhibit(s, p)
        elif a >= TAKE:
            take_painting(s, p, a - TAKE)
        elif a == EFFECT:
            if card == 0:
                waiting = perform(s, p, PAINT_ACTION)
            elif card == 1:
                s.stage = ST_COPY
                waiting = True
            elif card == 3:
                s.pend_count = 4
                s.stage = ST_SWAP
                waiting = True
            else:
                s.tool_left = 2
                s.tool_deferred = -1
                s.cez_used = 0
                s.stage = ST_TOOL
                waiting = True
        elif a != STOP:
            waiting = perform(s, p, MIX_ORANGE + a - MIXCARD)
        if not waiting:
            next_turn(s)
        return
    if st == ST_SWAP:
        if a != STOP:
            pay(s, p, (a - SWAP) // 8, 1)
            gain(s, p, (a - SWAP) % 8, 1)
            s.pend_count -= 1
            if s.pend_count > 0 and any_swap(s, p):
                return
        next_turn(s)
        return
    if st == ST_TOOL:
        if a == STOP:
            s.tool_left = 0
        else:
            tool_move(s, p, a - TOOLMOVE)
            if s.stage == ST_BONUS:
                return
        if not tool_continue(s, p):
            next_turn(s)
        return
    if st == ST_CEZANNE:
        if a == STOP:
            next_turn(s)
            return
        t = s.pend_track
        s.pend_count = s.track_level[t, s.space[p, t]]
        if s.pend_count > 0:
            s.stage = ST_PAY
        elif not advance_marker(s, p):
            next_turn(s)
        return
    if st == ST_MIXPAY:
        x, z = mix_inputs(s.pend_colour)
        if a == ACCEPT:
            pay(s, p, x, 1)
            pay(s, p, z, 1)
        else:
            pay(s, p, W, 1)
            pay(s, p, z if a == COLOUR + x else x, 1)
        gain(s, p, s.pend_colour, level(s, p, PALETTE))
        next_turn(s)
        return
    if st == ST_PAINT or st == ST_FREE or st == ST_DEGAS or st == ST_TARGET:
        if not apply_placement(s, p, a):
            next_turn(s)
        return
    if st == ST_COPY:
        s.pend_copy = 1
        if not perform(s, p, action_of_slot(s, a - COPY)):
            next_turn(s)
        return
    if st == ST_NEW_ACTIVE:
        if not activate(s, p, a - CARD):
            next_turn(s)
        return
    if st == ST_EXHIBIT:
        if not exhibit_card(s, p, a - CARD):
            next_turn(s)
        return
    if st == ST_TAKE:
        take_painting(s, p, a - TAKE)
        next_turn(s)
        return
    if st == ST_ROTATE:
        rotate(s, s.rot_opts[a - ROTATE])
        start_discard(s)
        return
    if st == ST_DISCARD:
        pay(s, p, a - COLOUR, 1)
        if non_black(s, p) <= pigment_limit(s, p):
            s.p3_idx += 1
            next_discarder(s)
        return
    if st == ST_KEEP:
        recover(s, p, a - KEEP)
        s.p3_idx += 1
        next_keeper(s)
        return
