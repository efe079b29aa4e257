"""The Couleurs de Paris forward model (spec §2-§10; Module 1 bonus cards with options A and B §11.1; Module 2
painter tiles §11.2): setup, legal actions and transitions, compiled with numba. Both rulesets play: variant J (private
draft, one or several active paintings, exhibit by action) and the base game (painting market, exhibit on
completion, limited supply).

Not implemented (rejected by `CouleursRules.from_overrides` with a ConfigError): the market with exhibit by
action (no ruleset uses it).

Both the step-by-step API (`CouleursState`) and the batch loop call these functions: there is one copy of the
rules. The action encoding is documented in state.py. Every decision of spec §6.4 that the implemented rules need
is one integer action; multi-part choices (upgrade payment, painting, discarding) are made one cube at a time.
Helpers live in ops.py, placements and exhibiting in painting.py, the painting market in market.py, the bonus
deck in bonus.py and scoring in scoring.py; the names other code uses are re-exported here.
"""

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from simkit.core.jit import njit
from simkit.core.records import clear_record
from simkit.core.rng import next_below, shuffle, stream_key
from simkit.games.couleurs.engine.bonus import (any_swap, any_tool_move, can_buy, discard_bonus, draw_bonus, keep_card,
                                         may_use_held, refresh_bonus_market, swap_ok, take_held)
from simkit.games.couleurs.rules.components import (BRUSH, EXHIBIT, GET_BLUE, GET_RED, GET_YELLOW, MAX_SECTORS,
                                                    MIX_BLACK, MIX_GREEN, MIX_ORANGE, MIX_PURPLE, PAINT, PALETTE, TUBE,
                                                    UPGRADE_BRUSH, UPGRADE_TUBE, B, G, K, O, P, Painter, R, W, Y)
from simkit.games.couleurs.engine.market import can_take, draw_painting, refresh_painting_market, take_ok, take_painting
# level, action_of_slot, active_index, painting_complete and recount_derived are part of this module's public
# interface
from simkit.games.couleurs.engine.ops import (action_of_slot, active_index, face_wheel, gain,  # noqa: F401
                                       has_painter, has_standing, hold_card, level, market_mode, non_black, option_b,
                                       owns_standing, painting_complete, painting_market_places, pay,
                                       player_pigment_limit, power_applies, recount_derived, reset_painting,
                                       seat_after, slot_occupants, slot_standing, trigger)
from simkit.games.couleurs.engine.painting import (activate, apply_placement, completed_active, exhibit, exhibit_card,
                                            is_legal_placement, open_target, start_paint, workable)
from simkit.games.couleurs.rules.ruleset import DraftMode, HalfTurnRule
from simkit.games.couleurs.engine.scoring import final_scores, ranks_and_win_shares, score_components  # noqa: F401
from simkit.games.couleurs.engine.state import (ACCEPT, B_AFTER, B_BEFORE, B_NONE, BIG_SUPPLY, BUY, CARD, CARD_ACTIVE,
                                         CARD_RESERVE, COLOUR, COPY, DECLINE, EFFECT, END_ROUND_CAP, HELD, HIRE, KEEP,
                                         MAX_HELD, MIXCARD, N_ACTIONS, N_UPPER, PAINT_CUBE, PLACE, ROTATE, STOP, SWAP,
                                         TAKE, TARGET, TK_HIRE, TK_NONE, TK_TOKEN, TOKEN, TOOLMOVE, TRIG_BLACK,
                                         TRIG_TRACK, UP_FIRST, UP_IMITATOR, UP_ROTATE, UP_WHITES, USE, VALADON,
                                         ErrorCode, Stage)

# chance streams of a game seed: one per kind of chance event, so shared chance coincides across variants
STREAM_PAINTING_DECK, STREAM_FIRST_PLAYER, STREAM_TYPES = 1, 2, 3
STREAM_BONUS_DECK, STREAM_PAINTERS = 4, 5  # reserved for Modules 1 and 2
STREAM_POLICY = 16  # + seat


# ---- setup --------------------------------------------------------------------------------------------------------


@njit
def setup(r, s, seed):
    """Spec §2.3: types in play, supply, first player, player boards, the deal, Module 1's bonus market and Module 2's
    painter tiles. Starts from a blank record: nothing of an earlier game in s survives."""
    clear_record(s)
    n = r.n_players
    s.seed = seed
    s.round = 1
    s.rotate_taker = -1
    s.fp_taker = -1
    s.pend_track = -1
    s.pend_card = -1
    s.pend_colour = -1
    s.degas_src = -1
    s.degas_dst = -1
    s.target = -1
    s.target_stage = -1
    s.resume_stage = -1
    s.pend_bonus = -1
    s.tool_left = -1
    s.tool_deferred = -1
    s.fresh = -1
    for m in range(s.bonus_market.shape[0]):
        s.bonus_market[m] = -1
    if r.module_bonus_cards:  # spec §2.3 step 8: shuffle the bonus cards (their own stream), reveal the market
        for t in range(5):
            for k in range(r.bonus_copies[t]):
                s.bonus_deck[s.bonus_deck_n] = t
                s.bonus_deck_n += 1
        s.bonus_rng[0] = stream_key(seed, STREAM_BONUS_DECK)
        shuffle(s.bonus_rng, s.bonus_deck, s.bonus_deck_n)
        for m in range(r.bonus_market_size):
            s.bonus_market[m] = draw_bonus(r, s)
    for c in range(8):
        s.supply[c] = BIG_SUPPLY if r.unlimited_supply else r.supply_counts[c]
    s.supply[K] = r.black_cubes_by_players[n]
    for u in range(N_UPPER):
        s.upper_owner[u] = -1
    # painting types in play (stream STREAM_TYPES), then the shuffled deck of their cards (STREAM_PAINTING_DECK)
    types_random = r.painting_types_in_play[0] < 0
    types = np.arange(r.n_types, dtype=np.int8)  # int8 like the decks: shuffle compiles once
    if types_random:
        rng = np.array([stream_key(seed, STREAM_TYPES)], np.uint64)
        shuffle(rng, types, r.n_types)
    for t in range(r.painting_types_by_players[n]):
        s.in_play_types[types[t] if types_random else r.painting_types_in_play[t]] = 1
    size = 0
    for c in range(r.n_cards):
        if s.in_play_types[r.card_type[c]]:
            s.deck[size] = c
            size += 1
    s.deck_size = size
    s.paint_rng[0] = stream_key(seed, STREAM_PAINTING_DECK)
    shuffle(s.paint_rng, s.deck, size)
    if r.first_player >= 0:
        s.first_player = r.first_player
    else:
        rng = np.array([stream_key(seed, STREAM_FIRST_PLAYER)], np.uint64)
        s.first_player = next_below(rng, n)
    s.start_player = s.first_player
    for p in range(n):
        s.policy_rng[p, 0] = stream_key(seed, STREAM_POLICY + p)
        for c in range(8):
            gain(r, s, p, c, r.start_pigments[c])
        s.owned[p] = r.start_assistants
        for t in range(3):
            s.space[p, t] = 1
        s.hand_n[p] = 0 if market_mode(r) else r.draft_hand_size
        for i in range(s.hand_n[p]):
            s.hand[p, i] = s.deck[s.deck_pos]
            s.deck_pos += 1
        for i in range(MAX_HELD):  # every painting place empty (take_painting activates market mode's)
            reset_painting(r, s, p, i, CARD_RESERVE)
        s.painter[p] = -1
        s.gauguin_colour[p] = -1
        for k in range(4):
            s.dealt[p, k] = -1
    for m in range(s.market.shape[0]):  # spec §10.2: the face-up painting market (market mode only)
        s.market[m] = draw_painting(r, s) if market_mode(r) and m < painting_market_places(r) else -1
    if r.draft_mode == DraftMode.KEEP_DEALT and not market_mode(r):
        for p in range(n):
            for i in range(r.draft_hand_size):
                hold_card(r, s, p, i, s.hand[p, i])
            s.n_kept[p] = r.draft_hand_size
            s.hand_n[p] = 0
    if r.module_painters:  # spec §2.3 step 5: deal painter tiles from the pool (their own chance stream)
        pool = r.painter_pool[: r.n_painter_pool].copy()
        rng = np.array([stream_key(seed, STREAM_PAINTERS)], np.uint64)
        shuffle(rng, pool, r.n_painter_pool)
        for p in range(n):
            for k in range(r.painter_deal):
                s.dealt[p, k] = pool[p * r.painter_deal + k]
    face_wheel(r, s)  # the board's other counted fields are 0 (nothing on it), the paintings' set by reset_painting
    s.current = 0
    if r.module_painters and r.painter_choice_before_draft:
        s.stage = Stage.PAINTER
    else:
        start_draft(r, s)


@njit
def card_effect_ok(r, s, p):
    """Whether the bought card's own effect (EFFECT) can be used now."""
    card = s.pend_bonus
    if card == 0:  # painting
        return can_perform(r, s, p, PAINT, True)
    if card == 1:  # imitation
        return can_copy(r, s, p)
    if card == 3:  # colour swap
        return any_swap(r, s, p)
    if card == 4:  # tool
        return any_tool_move(r, s, p)
    return False  # mixing: MIXCARD actions


@njit
def start_draft(r, s):
    s.current = 0
    if market_mode(r):  # no draft: players start without paintings
        after_actives(r, s)
    else:
        s.stage = Stage.DRAFT if r.draft_mode == DraftMode.PICK_PASS else Stage.ACTIVE


@njit
def after_actives(r, s):
    """Setup after the active paintings: painter tiles (if chosen after the draft), Gauguin's colour, round 1."""
    s.current = 0
    if r.module_painters and not s.painters_chosen:
        s.stage = Stage.PAINTER
        return
    next_gauguin(r, s, 0)


@njit
def next_gauguin(r, s, start):
    """Spec §2.3 step 7: each Gauguin player (seat order) chooses his secondary colour; then round 1 begins."""
    for p in range(start, r.n_players):
        if s.painter[p] == Painter.GAUGUIN and s.gauguin_colour[p] < 0:
            s.stage = Stage.GAUGUIN
            s.current = p
            return
    s.setup_done = 1
    begin_round(r, s)


# ---- phase transitions ------------------------------------------------------------------------------------------


@njit
def begin_round(r, s):
    """Phase 1 (spec §6.1): every owned assistant not pre-placed is available."""
    n = r.n_players
    for p in range(n):
        onboard = 0
        for j in range(r.n_sectors):
            onboard += s.lower[p, j]
        s.to_place[p] = s.owned[p] - onboard
    for p in range(n):
        s.used_card[p] = 0
    s.stage = Stage.PLACE
    s.current = s.first_player
    if s.to_place[s.current] == 0:
        next_placer(r, s)


@njit
def next_placer(r, s):
    n = r.n_players
    for k in range(1, n + 1):
        p = seat_after(r, s.current, k)
        if s.to_place[p] > 0:
            s.current = p
            return
    # Phase 1 over: Phase 2 starts with the first player (or the next one with a standing assistant). Every
    # placed assistant stands, so one exists; this must not call next_turn (no recursion: numba's cache
    # mishandles mutually recursive functions).
    s.stage = Stage.TURN
    for k in range(n):
        p = seat_after(r, s.first_player, k)
        if has_standing(r, s, p):
            s.current = p
            return
    s.error = ErrorCode.INVARIANT
    s.done = 1


@njit
def next_turn(r, s):
    """The current turn's action is over. Under option B the player may then use a held card (or, if one was used
    before the assistant, now picks the assistant); otherwise the turn passes."""
    if option_b(r):
        if s.b_phase == B_BEFORE:
            s.b_phase = B_NONE
            s.stage = Stage.TURN
            return
        if s.b_phase == B_NONE and may_use_held(r, s, s.current):
            s.b_phase = B_AFTER
            s.stage = Stage.USE_HELD
            return
        s.b_phase = B_NONE
        s.fresh = -1
    pass_turn(r, s)


@njit
def pass_turn(r, s):
    """The next player clockwise with a standing assistant, or the end of Phase 2 (spec §6.2)."""
    n = r.n_players
    s.stage = Stage.TURN
    for k in range(1, n + 1):
        p = seat_after(r, s.current, k)
        if has_standing(r, s, p):
            s.current = p
            return
    end_phase2(r, s)


@njit
def end_phase2(r, s):
    if s.triggers:
        s.end_reason = s.first_trigger
        finish(r, s)
    elif s.round >= r.round_cap:
        s.end_reason = END_ROUND_CAP
        finish(r, s)
    else:
        # Phase 3 step 1: rotate
        if s.rotate_taker >= 0:
            s.stage = Stage.ROTATE
            s.current = s.rotate_taker
        else:
            rotate(r, s, r.rotation_per_round)
            start_discard(r, s)


@njit
def finish(r, s):
    s.stage = Stage.DONE
    s.done = 1


@njit
def rotate(r, s, k):
    """Phase 3 steps 1-2 (spec §3.5, §6.3): turn the wheel k steps and detect a half-turn."""
    r0 = s.rotation
    s.rotation = r0 + k
    face_wheel(r, s)
    half = False
    if r.half_turn_rule == HalfTurnRule.SINCE_REFRESH:
        s.since_refresh += k
        if 2 * s.since_refresh >= r.n_sectors:
            half = True
            s.since_refresh = 0
    else:
        for i in range(1, k + 1):
            if r.forbidden[(r.red_sector + r0 + i) % r.n_sectors]:
                half = True
                break  # also keeps LLVM from vectorizing the loop: thousands of IR lines in every caller
    if half:
        s.half_turns += 1
    if market_mode(r):  # the painting market first (spec §6.3 step 2)
        refresh_painting_market(r, s, half)
    if r.module_bonus_cards:
        refresh_bonus_market(r, s, half)


@njit
def start_discard(r, s):
    s.p3_idx = 0
    next_discarder(r, s)


@njit
def next_discarder(r, s):
    """Phase 3 step 3: in turn order, players over the pigment limit discard down to it."""
    n = r.n_players
    while s.p3_idx < n:
        p = seat_after(r, s.first_player, s.p3_idx)
        if non_black(r, s, p) > player_pigment_limit(r, s, p):
            s.stage = Stage.DISCARD
            s.current = p
            return
        s.p3_idx += 1
    s.p3_idx = 0
    next_keeper(r, s)


@njit
def recover(r, s, p, keep):
    """Phase 3 step 4 for player p: keep one lower assistant standing on slot `keep` (-1: none), recover the rest."""
    placed = s.lower_at[p]
    while placed != 0:  # the lower slots holding p's assistants
        j = trailing_zeros(placed)
        placed &= placed - 1
        s.occupants[j] -= s.lower[p, j]
        s.slot_up[j] -= s.lower_standing[p, j]
        s.lower[p, j] = 0
        s.lower_standing[p, j] = 0
    s.lower_at[p] = 0
    if keep >= 0:
        s.lower[p, keep] = 1
        s.lower_standing[p, keep] = 1
        s.occupants[keep] += 1
        s.slot_up[keep] += 1
        s.lower_at[p] = np.int64(1) << keep
    for u in range(N_UPPER - 1):
        if s.upper_owner[u] == p:
            s.upper_owner[u] = -1
            s.upper_standing[u] = 0
    s.whites_on[p] = 0
    s.whites_standing[p] = 0
    s.standing_at[p] = np.int64(1) << keep if keep >= 0 else 0


@njit
def next_keeper(r, s):
    n = r.n_players
    while s.p3_idx < n:
        p = seat_after(r, s.first_player, s.p3_idx)
        if s.lower_at[p] != 0:  # an assistant on the lower board
            s.stage = Stage.KEEP
            s.current = p
            return
        recover(r, s, p, -1)
        s.p3_idx += 1
    if s.fp_taker >= 0:
        s.first_player = s.fp_taker
    s.fp_taker = -1
    s.rotate_taker = -1
    s.round += 1
    begin_round(r, s)


@njit
def tool_move(r, s, p, t):
    """Tool card: advance marker t one space (spec §11.1, §4). With bonus_on_pass = false, a marker entering the
    bonus space while the card could move it again waits: moving it on passes the space without the bonus."""
    s.tool_left -= 1
    if s.tool_deferred == t:  # the second space of a 2-space move: the bonus space was passed
        s.tool_deferred = -1
    s.space[p, t] += 1
    s.pend_track = t
    if (not r.bonus_on_pass and s.space[p, t] == r.track_bonus_space and s.token_kind[p, t] == TK_NONE
            and s.tool_left > 0 and s.space[p, t] < r.track_len[t]):
        s.tool_deferred = t
        return
    enter_space(r, s, p, t)


@njit
def tool_continue(r, s, p):
    """Tool card: the next step, the bonus of a marker that stopped on the bonus space (bonus_on_pass = false),
    then Cézanne (cezanne_on_tool_card) for the last marker moved. Returns True when waiting for a choice."""
    if s.tool_left > 0 and any_tool_move(r, s, p):
        s.stage = Stage.TOOL
        return True
    s.tool_left = 0
    if s.tool_deferred >= 0:
        s.pend_track = s.tool_deferred
        s.tool_deferred = -1
        s.stage = Stage.BONUS
        return True
    s.tool_left = -1
    return r.cezanne_on_tool_card != 0 and s.pend_track >= 0 and cezanne_offer(r, s, p)


@njit
def use_held(r, s, p, k):
    """Option B: resolve held card k like a card just bought under option A (effect, alternative, or nothing)."""
    s.pend_bonus = take_held(r, s, p, k)
    s.tool_left = -1
    s.stage = Stage.BONUS_CARD


# ---- action resolution -----------------------------------------------------------------------------------------


@njit
def mix_inputs(a):
    if a == MIX_ORANGE:
        return R, Y
    if a == MIX_GREEN:
        return Y, B
    return B, R


@njit
def gauguin_mix(r, s, p, a, copy):
    """Gauguin may replace one primary of his own colour's mix by a white (spec §11.2)."""
    return power_applies(r, s, p, Painter.GAUGUIN, copy) and s.gauguin_colour[p] == a  # MIX_ORANGE..MIX_PURPLE == O..P


@njit
def cezanne_offer(r, s, p):
    """After an upgrade: enter the Cézanne choice if it applies (once per upgrade action). Returns True if so."""
    t = s.pend_track
    if s.cez_used or not has_painter(r, s, p, Painter.CEZANNE) or s.space[p, t] >= r.track_len[t]:
        return False
    if non_black(r, s, p) < r.track_level[t, s.space[p, t]]:  # the level printed on the next space
        return False
    s.cez_used = 1
    s.stage = Stage.CEZANNE
    return True


@njit
def can_perform(r, s, p, a, copy):
    """Whether player p meets the requirements of lower action a (spec §7.1); copy: performed via imitator."""
    if a <= GET_BLUE:
        return True
    if a <= MIX_PURPLE:
        x, z = mix_inputs(a)
        if s.reserve[p, x] > 0 and s.reserve[p, z] > 0:
            return True
        return (gauguin_mix(r, s, p, a, copy) and s.reserve[p, W] > 0
                and (s.reserve[p, x] > 0 or s.reserve[p, z] > 0))
    if a == MIX_BLACK:
        return s.reserve[p, O] > 0 and s.reserve[p, G] > 0 and s.reserve[p, P] > 0 and s.supply[K] > 0
    if a <= UPGRADE_BRUSH:
        t = a - UPGRADE_TUBE
        return s.space[p, t] < r.track_len[t] and non_black(r, s, p) >= r.upgrade_cost
    if a == PAINT:
        for i in range(s.n_kept[p]):
            if workable(r, s, p, i):
                return True
        return False
    if a == EXHIBIT:
        return completed_active(r, s, p)[0] > 0 or can_buy(r, s, p)
    return can_take(r, s, p) or can_buy(r, s, p)  # take_painting (spec §10.2; Module 1 may buy instead)


@njit
def can_copy(r, s, p):
    for j in range(r.n_sectors):
        if copyable(r, s, p, j):
            return True
    return False


@njit
def copyable(r, s, p, j):
    """Whether p's imitator may copy the action lower slot j faces: an assistant stands there and p meets the
    action's requirements."""
    return slot_standing(r, s, j) > 0 and can_perform(r, s, p, action_of_slot(r, s, j), True)


@njit
def enter_space(r, s, p, t):
    """Effects of the space the marker of tool t just entered (spec §4). Returns True when waiting for a choice."""
    space = s.space[p, t]
    if space == r.track_bonus_space and s.token_kind[p, t] == TK_NONE:
        s.stage = Stage.BONUS
        s.pend_track = t
        return True
    last_space(r, s, p, t)
    return False


@njit
def last_space(r, s, p, t):
    if s.space[p, t] == r.track_len[t]:
        # flips a 6 to 10, or takes a 10 after hiring (or after passing the bonus space, bonus_on_pass = false)
        s.token[p, t] = r.track_end_points
        if r.end_on_track_end:
            trigger(r, s, TRIG_TRACK)


@njit
def perform(r, s, p, a):
    """Resolve lower action a for player p (requirements already checked). Returns True when a sub-decision
    follows (payment, painting, bonus, new active painting)."""
    if a <= GET_BLUE:
        gain(r, s, p, a, level(r, s, p, TUBE))
        free = Painter.MANET if a == GET_RED else (Painter.MONET if a == GET_YELLOW else Painter.RENOIR)
        if has_painter(r, s, p, free):
            s.pend_colour = a
            s.pend_count = 2
            return open_target(r, s, p, Stage.FREE_PAINT)
        return False
    if a <= MIX_PURPLE:
        x, z = mix_inputs(a)
        if gauguin_mix(r, s, p, a, s.pend_copy != 0) and s.reserve[p, W] > 0:
            s.pend_colour = a
            s.stage = Stage.MIX_PAY
            return True
        pay(r, s, p, x, 1)
        pay(r, s, p, z, 1)
        gain(r, s, p, a, level(r, s, p, PALETTE))  # MIX_ORANGE..MIX_PURPLE == O..P
        return False
    if a == MIX_BLACK:
        pay(r, s, p, O, 1)
        pay(r, s, p, G, 1)
        pay(r, s, p, P, 1)
        gain(r, s, p, K, 1)
        if s.supply[K] == 0 and r.end_on_last_black:
            trigger(r, s, TRIG_BLACK)
        return False
    if a <= UPGRADE_BRUSH:
        s.pend_track = a - UPGRADE_TUBE
        s.pend_count = r.upgrade_cost
        s.cez_used = 0
        if s.pend_count == 0:
            if advance_marker(r, s, p):
                return True
            return cezanne_offer(r, s, p)
        s.stage = Stage.PAY
        return True
    if a == PAINT:
        return start_paint(r, s, p, level(r, s, p, BRUSH))
    if can_buy(r, s, p):  # exhibit or take_painting: Module 1 may buy a bonus card instead
        s.stage = Stage.EXHIBIT_OR_BUY
        return True
    if a == EXHIBIT:
        return exhibit(r, s, p)
    s.stage = Stage.TAKE_PAINTING
    return True


@njit
def advance_marker(r, s, p):
    t = s.pend_track
    s.space[p, t] += 1
    return enter_space(r, s, p, t)


@njit
def perform_upper(r, s, p, u):
    if u == UP_FIRST:
        gain(r, s, p, W, 1)
        s.fp_taker = p
        return False
    if u == UP_ROTATE:
        s.rotate_taker = p
        return False
    if u == UP_WHITES:
        gain(r, s, p, W, level(r, s, p, TUBE))
        return False
    s.stage = Stage.COPY  # imitator
    return True


# ---- legal actions ------------------------------------------------------------------------------------------------


@njit
def place_ok(r, s, p, loc):
    if loc < MAX_SECTORS:  # without branches (the placement scans test every slot): cap is read up to MAX_SECTORS
        return (loc < r.n_sectors) & (r.cap[loc] > 0) & (slot_occupants(r, s, loc) < r.cap[loc])
    u = loc - MAX_SECTORS
    if u == UP_WHITES:
        return True
    if u >= N_UPPER or s.upper_owner[u] >= 0:
        return False
    return not (u == UP_FIRST and s.first_player == p)


@njit
def resolvable(r, s, p, loc):
    if loc < MAX_SECTORS:
        return can_perform(r, s, p, action_of_slot(r, s, loc), False)
    if loc - MAX_SECTORS == UP_IMITATOR:
        return can_copy(r, s, p)
    return True


@njit
def is_legal(r, s, a):
    """Whether action a is legal for the current player (the single definition; legal_actions enumerates it)."""
    if s.done or a < 0 or a >= N_ACTIONS:
        return False
    p = s.current
    st = s.stage
    n_loc = MAX_SECTORS + N_UPPER
    if st == Stage.DRAFT:
        return CARD <= a < CARD + s.hand_n[p]
    if st == Stage.ACTIVE or st == Stage.NEW_ACTIVE:
        return CARD <= a < CARD + s.n_kept[p] and s.card_state[p, a - CARD] == CARD_RESERVE
    if st == Stage.PLACE:
        return PLACE <= a < PLACE + n_loc and place_ok(r, s, p, a - PLACE)
    if st == Stage.TURN:
        if HELD <= a < HELD + s.held_n[p]:
            return s.b_phase == B_NONE and may_use_held(r, s, p)
        if USE <= a < USE + n_loc:
            return owns_standing(r, s, p, a - USE) and resolvable(r, s, p, a - USE)
        if DECLINE <= a < DECLINE + n_loc:
            return owns_standing(r, s, p, a - DECLINE)
        return False
    if st == Stage.PAY:
        return COLOUR <= a < COLOUR + 7 and s.reserve[p, a - COLOUR] > 0
    if st == Stage.DISCARD:
        return COLOUR <= a < COLOUR + 7 and s.reserve[p, a - COLOUR] > 0
    if st == Stage.BONUS:
        if a == HIRE:
            return s.owned[p] < r.max_assistants
        return a == TOKEN
    if st == Stage.PAINT or st == Stage.FREE_PAINT or st == Stage.DEGAS or st == Stage.PAINT_TARGET:
        return is_legal_placement(r, s, p, a)
    if st == Stage.CEZANNE:
        return a == STOP or a == ACCEPT
    if st == Stage.MIX_PAY:
        x, z = mix_inputs(s.pend_colour)
        if a == ACCEPT:
            return s.reserve[p, x] > 0 and s.reserve[p, z] > 0
        if a == COLOUR + x:
            return s.reserve[p, W] > 0 and s.reserve[p, z] > 0
        if a == COLOUR + z:
            return s.reserve[p, W] > 0 and s.reserve[p, x] > 0
        return False
    if st == Stage.TAKE_PAINTING:
        return TAKE <= a < TAKE + 8 and take_ok(r, s, p, a - TAKE)
    if st == Stage.USE_HELD:
        return a == STOP or HELD <= a < HELD + s.held_n[p]
    if st == Stage.EXHIBIT_WHICH:
        return (CARD <= a < CARD + s.n_kept[p] and s.card_state[p, a - CARD] == CARD_ACTIVE
                and painting_complete(r, s, p, a - CARD))
    if st == Stage.EXHIBIT_OR_BUY or st == Stage.BONUS_CARD:
        # the alternative to the card: exhibit (draft mode) or take a painting (market mode, spec §10.2)
        if a == ACCEPT:
            return not market_mode(r) and completed_active(r, s, p)[0] > 0
        if TAKE <= a < TAKE + 8:
            return take_ok(r, s, p, a - TAKE)
        if st == Stage.EXHIBIT_OR_BUY:
            if BUY <= a < BUY + r.bonus_market_size:
                card = s.bonus_market[a - BUY]
                return card >= 0 and r.bonus_cost[card] <= s.reserve[p, W]
            return False
        if a == STOP:
            return True
        if a == EFFECT:
            return card_effect_ok(r, s, p)
        if MIXCARD <= a < MIXCARD + 4:
            return s.pend_bonus == 2 and can_perform(r, s, p, MIX_ORANGE + a - MIXCARD, True)
        return False
    if st == Stage.SWAP:
        if a == STOP:
            return True
        return SWAP <= a < SWAP + 64 and swap_ok(r, s, p, (a - SWAP) // 8, (a - SWAP) % 8)
    if st == Stage.TOOL:
        if a == STOP:
            return True
        return TOOLMOVE <= a < TOOLMOVE + 3 and s.space[p, a - TOOLMOVE] < r.track_len[a - TOOLMOVE]
    if st == Stage.PAINTER:
        return CARD <= a < CARD + r.painter_deal
    if st == Stage.GAUGUIN:
        return COLOUR + O <= a <= COLOUR + P
    if st == Stage.COPY:
        return COPY <= a < COPY + r.n_sectors and copyable(r, s, p, a - COPY)
    if st == Stage.ROTATE:
        return ROTATE <= a < ROTATE + r.n_rotate_options
    if st == Stage.KEEP:
        return KEEP <= a < KEEP + r.n_sectors and s.lower[p, a - KEEP] > 0
    return False


@njit
def is_legal_in(rules, states, a):
    """is_legal on the rules and state held in one-record arrays (the step-by-step API: numba types an array argument
    from Python a hundred times faster than a record)."""
    return is_legal(rules[0], states[0], a)


@njit
def _ranges(r, s):
    """Two action ranges [lo, hi) and [lo2, hi2) that hold every legal action of the current stage (ascending)."""
    st = s.stage
    p = s.current
    if (st == Stage.DRAFT or st == Stage.ACTIVE or st == Stage.NEW_ACTIVE or st == Stage.PAINTER
            or st == Stage.EXHIBIT_WHICH):
        return CARD, COPY, 0, 0
    if st == Stage.PLACE:
        return PLACE, USE, 0, 0
    if st == Stage.TURN:
        return USE, COLOUR, HELD, HELD + s.held_n[p]
    if st == Stage.USE_HELD:
        return STOP, STOP + 1, HELD, HELD + s.held_n[p]
    if st == Stage.PAY or st == Stage.DISCARD or st == Stage.GAUGUIN:
        return COLOUR, HIRE, 0, 0
    if st == Stage.BONUS:
        return HIRE, STOP, 0, 0
    if st == Stage.PAINT:
        return STOP, STOP + 1, PAINT_CUBE, BUY
    if st == Stage.FREE_PAINT or st == Stage.DEGAS:
        return STOP, STOP + 1, PAINT_CUBE, VALADON
    if st == Stage.PAINT_TARGET:
        return STOP, STOP + 1, TARGET, TARGET + s.n_kept[p]
    if st == Stage.CEZANNE:
        return STOP, CARD, 0, 0
    if st == Stage.MIX_PAY:
        return COLOUR, CARD, 0, 0
    if st == Stage.EXHIBIT_OR_BUY:
        return ACCEPT, EFFECT, TAKE, TAKE + painting_market_places(r)
    if st == Stage.BONUS_CARD:
        return STOP, SWAP, TAKE, TAKE + painting_market_places(r)
    if st == Stage.SWAP:
        return STOP, TOOLMOVE, 0, 0
    if st == Stage.TOOL:
        return STOP, STOP + 1, TOOLMOVE, TAKE
    if st == Stage.TAKE_PAINTING:
        return TAKE, TAKE + painting_market_places(r), 0, 0
    if st == Stage.COPY:
        return COPY, ROTATE, 0, 0
    if st == Stage.ROTATE:
        return ROTATE, KEEP, 0, 0
    if st == Stage.KEEP:
        return KEEP, PAINT_CUBE, 0, 0
    return 0, 0, 0, 0


@njit
def legal_actions(r, s, out):
    """Write the legal actions (ascending) into out; return their count."""
    return fill_legal(r, s, out)


@njit(inline="always")
def fill_legal(r, s, out):
    """legal_actions, inlined into the policies that list into a field of their scratch record (a record field is
    an array type of its own: a call would compile legal_actions a second time)."""
    if s.done:
        return 0
    lo, hi, lo2, hi2 = _ranges(r, s)
    n = 0
    for a in range(lo, hi):
        if is_legal(r, s, a):
            out[n] = a
            n += 1
    for a in range(lo2, hi2):
        if is_legal(r, s, a):
            out[n] = a
            n += 1
    return n


# ---- transitions --------------------------------------------------------------------------------------------------


@njit
def apply_action(r, s, a):
    """Apply legal action a of the current player. An illegal action stops the game with ErrorCode.ILLEGAL_ACTION."""
    if not is_legal(r, s, a):
        s.error = ErrorCode.ILLEGAL_ACTION
        s.done = 1
        return
    apply_legal(r, s, a)


@njit(inline="always")  # a dispatcher: typed in its callers, it adds no compiled level above the stages'
def apply_legal(r, s, a):
    """The transition of an action known to be legal: `apply_action` after its check, and the batch loop and the
    search's rollouts with an action of the compiled policies, which choose legal actions only (the step API checks
    every one they choose, tests/conformance), so their decisions pay no second legality test. The frequent stages
    have a function each, the others share apply_other: compiled code clears a slot for every call a function makes
    when it starts, which one function holding every stage's calls did before each action."""
    p = s.current
    s.turn += 1
    s.turns[p] += 1
    st = s.stage
    if st == Stage.TURN:
        take_turn(r, s, p, a)
    elif st == Stage.PLACE:
        place_assistant(r, s, p, a - PLACE)
    elif st == Stage.PAY:
        pay_upgrade(r, s, p, a - COLOUR)
    elif st == Stage.PAINT or st == Stage.FREE_PAINT or st == Stage.DEGAS or st == Stage.PAINT_TARGET:
        if not apply_placement(r, s, p, a):
            next_turn(r, s)
    elif st == Stage.KEEP:
        keep_assistant(r, s, p, a - KEEP)
    elif st == Stage.DISCARD:
        discard_cube(r, s, p, a - COLOUR)
    else:
        apply_other(r, s, p, a)


@njit
def place_assistant(r, s, p, loc):
    """Phase 1: p places an assistant on location loc."""
    if loc < MAX_SECTORS:
        s.lower[p, loc] += 1
        s.lower_standing[p, loc] += 1
        s.occupants[loc] += 1
        s.slot_up[loc] += 1
        s.lower_at[p] |= np.int64(1) << loc
    elif loc - MAX_SECTORS == UP_WHITES:
        s.whites_on[p] += 1
        s.whites_standing[p] += 1
    else:
        s.upper_owner[loc - MAX_SECTORS] = p
        s.upper_standing[loc - MAX_SECTORS] = 1
    s.standing_at[p] |= np.int64(1) << loc
    s.to_place[p] -= 1
    next_placer(r, s)


@njit
def take_turn(r, s, p, a):
    """Phase 2: p lays down a standing assistant and resolves or declines its action, or (option B) uses a held card
    first."""
    if a >= HELD:  # option B: a held card before the assistant
        s.b_phase = B_BEFORE
        use_held(r, s, p, a - HELD)
        return
    resolve = a < DECLINE
    loc = a - (USE if resolve else DECLINE)
    if loc < MAX_SECTORS:
        s.lower_standing[p, loc] -= 1
        s.slot_up[loc] -= 1
        left = s.lower_standing[p, loc]
    elif loc - MAX_SECTORS == UP_WHITES:
        s.whites_standing[p] -= 1
        left = s.whites_standing[p]
    else:
        s.upper_standing[loc - MAX_SECTORS] = 0
        left = 0
    if left == 0:
        s.standing_at[p] &= ~(np.int64(1) << loc)
    if not resolve:
        s.declined[p] += 1
        next_turn(r, s)
        return
    s.resolved[p] += 1
    s.pend_copy = 0
    s.tool_left = -1
    if loc < MAX_SECTORS:
        waiting = perform(r, s, p, action_of_slot(r, s, loc))
    else:
        waiting = perform_upper(r, s, p, loc - MAX_SECTORS)
    if not waiting:
        next_turn(r, s)


@njit
def pay_upgrade(r, s, p, c):
    """An upgrade's payment: one cube of colour c; the marker moves once it is paid."""
    pay(r, s, p, c, 1)
    s.pend_count -= 1
    if s.pend_count > 0:
        return
    if not advance_marker(r, s, p) and not cezanne_offer(r, s, p):
        next_turn(r, s)


@njit
def discard_cube(r, s, p, c):
    """Phase 3 step 3: p discards a cube of colour c."""
    pay(r, s, p, c, 1)
    if non_black(r, s, p) <= player_pigment_limit(r, s, p):
        s.p3_idx += 1
        next_discarder(r, s)


@njit
def keep_assistant(r, s, p, j):
    """Phase 3 step 4: p keeps its assistant on lower slot j standing (recovers the others)."""
    recover(r, s, p, j)
    s.p3_idx += 1
    next_keeper(r, s)


@njit
def apply_other(r, s, p, a):
    """apply_legal in the less frequent stages: setup choices, bonus cards, painter powers, imitator, exhibits."""
    n = r.n_players
    st = s.stage
    if st == Stage.DRAFT:
        i = a - CARD
        hold_card(r, s, p, s.n_kept[p], s.hand[p, i])
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
            for k in range(s.hand.shape[1]):  # hand position by hand position: no copy of a hand to allocate
                last = s.hand[n - 1, k]
                for q in range(n - 1, 0, -1):
                    s.hand[q, k] = s.hand[q - 1, k]
                s.hand[0, k] = last
            s.current = 0
            return
        s.stage = Stage.ACTIVE
        s.current = 0
        return
    if st == Stage.ACTIVE:
        s.card_state[p, a - CARD] = CARD_ACTIVE
        actives = 0
        for i in range(s.n_kept[p]):
            if s.card_state[p, i] == CARD_ACTIVE:
                actives += 1
        if actives < r.active_painting_limit and actives < s.n_kept[p]:
            return
        if p + 1 < n:
            s.current = p + 1
            return
        after_actives(r, s)
        return
    if st == Stage.PAINTER:
        s.painter[p] = s.dealt[p, a - CARD]
        if p + 1 < n:
            s.current = p + 1
            return
        s.painters_chosen = 1
        if r.painter_choice_before_draft:
            start_draft(r, s)
        else:
            next_gauguin(r, s, 0)
        return
    if st == Stage.GAUGUIN:
        c = a - COLOUR
        s.gauguin_colour[p] = c
        if s.supply[c] > 0:  # the marker cube comes from the supply and stays on the tile
            s.supply[c] -= 1
            s.gained[c] += 1
        next_gauguin(r, s, p + 1)
        return
    if st == Stage.USE_HELD:  # option B: a held card after the action, or none
        if a == STOP:
            next_turn(r, s)
        else:
            use_held(r, s, p, a - HELD)
        return
    if st == Stage.BONUS:
        t = s.pend_track
        if a == HIRE:
            s.owned[p] += 1
            s.hires[p] += 1
            s.token_kind[p, t] = TK_HIRE
        else:
            s.token_kind[p, t] = TK_TOKEN
            s.token[p, t] = r.track_bonus_points
        last_space(r, s, p, t)
        if s.tool_left >= 0:  # inside a Tool card
            if not tool_continue(r, s, p):
                next_turn(r, s)
            return
        if not cezanne_offer(r, s, p):
            next_turn(r, s)
        return
    if st == Stage.EXHIBIT_OR_BUY:
        if a == ACCEPT:
            if not exhibit(r, s, p):
                next_turn(r, s)
            return
        if a >= TAKE:
            take_painting(r, s, p, a - TAKE)
            next_turn(r, s)
            return
        card = s.bonus_market[a - BUY]
        pay(r, s, p, W, r.bonus_cost[card])
        s.bonus_market[a - BUY] = -1
        s.bought[p] += 1
        if option_b(r):
            keep_card(r, s, p, card)
            next_turn(r, s)
            return
        s.pend_bonus = card
        s.stage = Stage.BONUS_CARD  # Option A: resolve it at once
        return
    if st == Stage.BONUS_CARD:
        card = s.pend_bonus
        discard_bonus(r, s, card)
        s.pend_bonus = -1
        s.pend_copy = 1  # a card's action counts as a copy for painter powers (painter_powers_on_copies)
        waiting = False
        if a == ACCEPT:
            waiting = exhibit(r, s, p)
        elif a >= TAKE:
            take_painting(r, s, p, a - TAKE)
        elif a == EFFECT:
            if card == 0:
                waiting = perform(r, s, p, PAINT)
            elif card == 1:
                s.stage = Stage.COPY
                waiting = True
            elif card == 3:
                s.pend_count = 4
                s.stage = Stage.SWAP
                waiting = True
            else:
                s.tool_left = 2
                s.tool_deferred = -1
                s.cez_used = 0
                s.stage = Stage.TOOL
                waiting = True
        elif a != STOP:
            waiting = perform(r, s, p, MIX_ORANGE + a - MIXCARD)
        if not waiting:
            next_turn(r, s)
        return
    if st == Stage.SWAP:
        if a != STOP:
            pay(r, s, p, (a - SWAP) // 8, 1)
            gain(r, s, p, (a - SWAP) % 8, 1)
            s.pend_count -= 1
            if s.pend_count > 0 and any_swap(r, s, p):
                return
        next_turn(r, s)
        return
    if st == Stage.TOOL:
        if a == STOP:
            s.tool_left = 0
        else:
            tool_move(r, s, p, a - TOOLMOVE)
            if s.stage == Stage.BONUS:
                return
        if not tool_continue(r, s, p):
            next_turn(r, s)
        return
    if st == Stage.CEZANNE:
        if a == STOP:
            next_turn(r, s)
            return
        t = s.pend_track
        s.pend_count = r.track_level[t, s.space[p, t]]
        if s.pend_count > 0:
            s.stage = Stage.PAY
        elif not advance_marker(r, s, p):
            next_turn(r, s)
        return
    if st == Stage.MIX_PAY:
        x, z = mix_inputs(s.pend_colour)
        if a == ACCEPT:
            pay(r, s, p, x, 1)
            pay(r, s, p, z, 1)
        else:
            pay(r, s, p, W, 1)
            pay(r, s, p, z if a == COLOUR + x else x, 1)
        gain(r, s, p, s.pend_colour, level(r, s, p, PALETTE))
        next_turn(r, s)
        return
    if st == Stage.COPY:
        s.pend_copy = 1
        if not perform(r, s, p, action_of_slot(r, s, a - COPY)):
            next_turn(r, s)
        return
    if st == Stage.NEW_ACTIVE:
        if not activate(r, s, p, a - CARD):
            next_turn(r, s)
        return
    if st == Stage.EXHIBIT_WHICH:
        if not exhibit_card(r, s, p, a - CARD):
            next_turn(r, s)
        return
    if st == Stage.TAKE_PAINTING:
        take_painting(r, s, p, a - TAKE)
        next_turn(r, s)
        return
    if st == Stage.ROTATE:
        rotate(r, s, r.rotate_options[a - ROTATE])
        start_discard(r, s)
        return
