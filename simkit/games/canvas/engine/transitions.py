"""The Canvas forward model (spec §4-§6): setup, legal actions, transitions, final scores. Compiled with numba.

Both the step-by-step API (`CanvasState`) and the batch runner call these functions: there is one copy of
the rules. Each takes the scenario's rules record `r` (rules.RULES_DTYPE) and the state record `s`. Actions are
integers: `a < market_size` takes the card in slot a+1; `a >= market_size` completes a painting with the hand
positions `paint_orders[a - market_size]`, bottom card first.
"""

import numpy as np

from simkit.core.jit import njit
from simkit.core.records import clear_record
from simkit.core.rng import next_float, next_below, shuffle, stream_key
from simkit.games.canvas.engine.scoring import BONUS, painting_ribbons, track_points
from simkit.games.canvas.rules.ruleset import SoloMode, TieBreak
from simkit.games.canvas.engine.state import NO_CARD, ErrorCode

# chance streams of a game seed
STREAM_DECK, STREAM_FIRST_PLAYER, STREAM_VINCENT, STREAM_SCORING = 1, 2, 3, 4
STREAM_POLICY = 16  # + seat


@njit
def draw_scoring_cards(seed, n_conditions, count, out):
    """The `count` scoring cards of a 'random N' game, drawn from the game seed's own stream."""
    rng = np.array([stream_key(seed, STREAM_SCORING)], np.uint64)
    pool = np.arange(n_conditions, dtype=np.int8)  # int8 like the decks: shuffle compiles once
    shuffle(rng, pool, n_conditions)
    for i in range(count):
        out[i] = pool[i]
    out[:count].sort()


@njit
def setup(r, s, seed):
    """Start the game with this seed in the state record s: blank the whole record (nothing of a previous game
    survives), shuffle, deal the market, hand out tokens, choose the first player."""
    clear_record(s)
    s.seed = seed
    rng = s.setup_rng  # a field of the record, not an allocation per game
    rng[0] = stream_key(seed, STREAM_DECK)
    n_cards = r.n_cards
    s.deck_size = n_cards
    for i in range(n_cards):
        s.deck[i] = i
    shuffle(rng, s.deck, n_cards)
    for slot in range(r.market_size):
        s.market[slot] = s.deck[s.deck_pos]
        s.deck_pos += 1
    for p in range(r.n_players):
        s.tokens[p] = r.start_tokens
        s.policy_rng[p, 0] = stream_key(seed, STREAM_POLICY + p)
    s.vincent_rng[0] = stream_key(seed, STREAM_VINCENT)
    if r.solo_mode == SoloMode.VINCENT or r.vincent_in_multiplayer:
        s.vincent_tokens = r.start_tokens
    if r.solo_mode == SoloMode.PUZZLE:
        s.reserve = r.puzzle_reserve
    rng[0] = stream_key(seed, STREAM_FIRST_PLAYER)
    s.first_player = next_below(rng, r.n_players)
    s.current = s.first_player


@njit
def n_legal_paintings(r, s, p):
    if s.hand_size[p] < r.cards_per_painting:
        return 0
    return r.paint_orders_upto[s.hand_size[p]]


@njit
def can_take(r, s, p, slot):
    return s.hand_size[p] < r.hand_limit and s.market[slot] != NO_CARD and slot <= s.tokens[p]


@njit
def legal_actions(r, s, out):
    """Write the legal actions of the current player to out; return how many there are."""
    n = 0
    if s.done:
        return 0
    p = s.current
    for slot in range(r.market_size):
        if can_take(r, s, p, slot):
            out[n] = slot
            n += 1
    for i in range(n_legal_paintings(r, s, p)):
        out[n] = r.market_size + i
        n += 1
    return n


@njit(inline="always")
def n_legal_actions(r, s):
    """How many actions `legal_actions` lists, without listing them."""
    if s.done:
        return 0
    p = s.current
    n = n_legal_paintings(r, s, p)
    for slot in range(r.market_size):
        if can_take(r, s, p, slot):
            n += 1
    return n


@njit(inline="always")
def legal_action_at(r, s, i):
    """The i-th action `legal_actions` lists (0 <= i < n_legal_actions), without listing them."""
    p = s.current
    for slot in range(r.market_size):
        if can_take(r, s, p, slot):
            if i == 0:
                return slot
            i -= 1
    return r.market_size + i


@njit
def is_legal(r, s, action):
    if s.done or action < 0:
        return False
    if action < r.market_size:
        return can_take(r, s, s.current, action)
    return action - r.market_size < n_legal_paintings(r, s, s.current)


@njit
def is_legal_in(rules, state, action):
    """is_legal on the records held in one-record arrays (the step-by-step API: numba types an array argument from
    Python a hundred times faster than a record)."""
    return is_legal(rules[0], state[0], action)


@njit
def _draw(s):
    if s.deck_pos >= s.deck_size:
        s.error = ErrorCode.DECK_EXHAUSTED
        s.done = 1
        return NO_CARD
    card = s.deck[s.deck_pos]
    s.deck_pos += 1
    return card


@njit
def _close_gaps_and_refill(r, s):
    """Slide cards (with their tokens) left over empty slots, then fill the empty slots from the deck."""
    filled = 0
    for slot in range(r.market_size):
        if s.market[slot] != NO_CARD:
            s.market[filled] = s.market[slot]
            s.market_tokens[filled] = s.market_tokens[slot]
            filled += 1
    for slot in range(filled, r.market_size):
        s.market[slot] = _draw(s)
        s.market_tokens[slot] = 0


@njit
def _remove(s, slot):
    """Remove the card in market slot `slot` from the game (Vincent, puzzle discards); it stays on record."""
    s.removed_cards[s.removed] = s.market[slot]
    s.removed += 1
    s.market[slot] = NO_CARD


@njit
def _take(r, s, p, slot):
    if r.solo_mode == SoloMode.PUZZLE:
        # skipped cards are discarded and their tokens go to the reserve
        for skipped in range(slot):
            _remove(s, skipped)
        s.reserve += slot
        if slot == 0 and s.reserve > 0:
            s.reserve -= 1
            s.tokens[p] += 1
            s.tokens_gained[p] += 1
    else:
        for skipped in range(slot):
            s.market_tokens[skipped] += 1
    s.tokens[p] -= slot
    s.tokens_paid[p] += slot
    s.tokens[p] += s.market_tokens[slot]
    s.tokens_gained[p] += s.market_tokens[slot]
    s.hand[p, s.hand_size[p]] = s.market[slot]
    s.hand_size[p] += 1
    s.cards_taken[p] += 1
    s.market[slot] = NO_CARD
    s.market_tokens[slot] = 0
    _close_gaps_and_refill(r, s)


@njit
def _paint(r, s, p, order):
    k = r.cards_per_painting
    i = s.n_paintings[p]
    stack = s.paintings[p, i]
    for j in range(k):
        stack[j] = s.hand[p, order[j]]
    earned = s.painting_ribbons[p, i]  # scored in place: no allocation
    s.painting_most_same[p, i] = painting_ribbons(r.card_masks, stack, k, r.space_scoring, earned)
    obtained = earned[BONUS]  # grey ribbons are never capped
    for c in range(r.n_scoring_cards):
        cond = r.scoring_cards[c]
        gain = earned[cond]
        if r.cap_ribbons_at_track:  # ribbons beyond the track are lost (spec §3)
            gain = min(gain, max(0, r.track_len[cond] - s.ribbons[p, cond]))
        s.ribbons[p, cond] += gain
        obtained += gain
    s.painting_obtained[p, i] = obtained
    s.grey[p] += earned[BONUS]
    s.n_paintings[p] += 1
    # remove the painted cards, keeping the order of the rest
    kept = 0
    for pos in range(s.hand_size[p]):
        used = False
        for j in range(k):
            if order[j] == pos:
                used = True
        if not used:
            s.hand[p, kept] = s.hand[p, pos]
            kept += 1
    s.hand_size[p] = kept
    if r.solo_mode == SoloMode.PUZZLE and s.reserve > 0:
        s.reserve -= 1
        s.tokens[p] += 1
        s.tokens_gained[p] += 1


@njit
def vincent_turn(r, s):
    """Vincent flips his tokens, skips one card per face-up token and removes the next card (spec §6.1)."""
    face_up = 0
    for _ in range(s.vincent_tokens):
        if next_float(s.vincent_rng) < r.vincent_flip_p:
            face_up += 1
    skip = min(face_up, 4, r.market_size - 1)
    for slot in range(skip):
        s.market_tokens[slot] += 1
    s.vincent_tokens += s.market_tokens[skip] - skip
    _remove(s, skip)
    s.market_tokens[skip] = 0
    _close_gaps_and_refill(r, s)


@njit
def _finished(r, s, p):
    return s.n_paintings[p] >= r.paintings_per_player


@njit
def apply_action(r, s, action):
    """Play `action` for the current player, then Vincent if he is due, then pass the turn; an illegal action
    stops the game with ILLEGAL_ACTION."""
    if not is_legal(r, s, action):
        s.error = ErrorCode.ILLEGAL_ACTION
        s.done = 1
        return
    apply_legal(r, s, action)


@njit
def apply_legal(r, s, action):
    """The transition of an action known to be legal: `apply_action` after its check, and the batch loop with an
    action of the compiled policies, which choose legal actions only (the step API checks every one they choose,
    and the conformance suite plays both paths)."""
    p = s.current
    if action < r.market_size:
        _take(r, s, p, action)
    else:
        _paint(r, s, p, r.paint_orders[action - r.market_size])
    s.turns[p] += 1
    s.turn += 1
    if s.turn > r.turn_cap:
        s.error = ErrorCode.TURN_CAP
        s.done = 1
        return
    # the next player who still paints; a full round passes when we reach the first player again
    nxt = p
    round_over = False
    for _ in range(r.n_players):
        nxt = nxt + 1 if nxt + 1 < r.n_players else 0  # no division on every turn
        if nxt == s.first_player:
            round_over = True
        if not _finished(r, s, nxt):
            break
    if _finished(r, s, nxt):
        s.done = 1
        return
    if r.solo_mode == SoloMode.VINCENT or (r.vincent_in_multiplayer and round_over):
        vincent_turn(r, s)
    s.current = nxt


@njit
def final_scores(r, s, out):
    """out[p] = sum of track points of the scoring cards in play + bonus points per grey ribbon."""
    for p in range(r.n_players):
        total = s.grey[p] * r.bonus_ribbon_points
        for c in range(r.n_scoring_cards):
            cond = r.scoring_cards[c]
            total += track_points(r.tracks, r.track_len, cond, s.ribbons[p, cond])
        out[p] = total


@njit
def ranks_and_win_shares(r, s, scores, ranks, shares):
    """Rank 1 = best (score, then tokens if the tie-break is 'inspiration'); tied winners share the win."""
    n = r.n_players
    for p in range(n):
        better = 0
        for q in range(n):
            if scores[q] > scores[p] or (scores[q] == scores[p] and r.tie_break == TieBreak.INSPIRATION
                                         and s.tokens[q] > s.tokens[p]):
                better += 1
        ranks[p] = better + 1
    winners = 0
    for p in range(n):
        if ranks[p] == 1:
            winners += 1
    for p in range(n):
        shares[p] = 1.0 / winners if ranks[p] == 1 else 0.0
