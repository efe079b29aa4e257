"""Module 1 bonus cards (spec §11.1): the deck, the market and its Phase 3 refresh, what a player can buy or
exchange, and the cards held under option B. The card choices themselves are resolved in engine.apply_action."""

from simkit.core.jit import njit
from simkit.core.rng import shuffle
from simkit.games.couleurs.rules.components import W
from simkit.games.couleurs.engine.ops import option_b


@njit
def draw_bonus(r, s):
    """The next bonus card from the deck (reshuffling the discards when it is empty), or -1."""
    if s.bonus_deck_n == 0 and r.bonus_deck_reshuffle and s.bonus_discard_n > 0:
        for k in range(s.bonus_discard_n):
            s.bonus_deck[k] = s.bonus_discard[k]
        s.bonus_deck_n = s.bonus_discard_n
        s.bonus_discard_n = 0
        shuffle(s.bonus_rng, s.bonus_deck, s.bonus_deck_n)
    if s.bonus_deck_n == 0:
        return -1
    s.bonus_deck_n -= 1
    return s.bonus_deck[s.bonus_deck_n]


@njit
def discard_bonus(r, s, card):
    s.bonus_discard[s.bonus_discard_n] = card
    s.bonus_discard_n += 1


@njit
def refresh_bonus_market(r, s, half):
    """Phase 3 step 2 (spec §6.3): a half-turn discards the market and every unused held card (option B), then
    deals a fresh market; otherwise refill."""
    if half:
        for m in range(r.bonus_market_size):
            if s.bonus_market[m] >= 0:
                discard_bonus(r, s, s.bonus_market[m])
                s.bonus_market[m] = -1
        for p in range(r.n_players):
            for k in range(s.held_n[p]):
                discard_bonus(r, s, s.held[p, k])
            s.held_n[p] = 0
    for m in range(r.bonus_market_size):
        if s.bonus_market[m] < 0:
            s.bonus_market[m] = draw_bonus(r, s)


@njit
def can_buy(r, s, p):
    if not r.module_bonus_cards:
        return False
    for m in range(r.bonus_market_size):
        if s.bonus_market[m] >= 0 and r.bonus_cost[s.bonus_market[m]] <= s.reserve[p, W]:
            return True
    return False


@njit
def any_swap(r, s, p):
    for g in range(6):
        for t in range(6):
            if swap_ok(r, s, p, g, t):
                return True
    return False


@njit
def swap_ok(r, s, p, g, t):
    """Colour Swap: a primary for another primary, or a secondary for another secondary, with the supply."""
    return g != t and g < 6 and t < 6 and (g < 3) == (t < 3) and s.reserve[p, g] > 0 and s.supply[t] > 0


@njit
def any_tool_move(r, s, p):
    for t in range(3):
        if s.space[p, t] < r.track_len[t]:
            return True
    return False



@njit
def may_use_held(r, s, p):
    """Option B: p holds a card and has not used one this round."""
    return option_b(r) and s.held_n[p] > 0 and not s.used_card[p]


@njit
def keep_card(r, s, p, card):
    """Option B: a bought card is kept face up; remember it as bought this turn (bonus_b_immediate_counts)."""
    s.fresh = s.held_n[p]
    s.held[p, s.held_n[p]] = card
    s.held_n[p] += 1


@njit
def take_held(r, s, p, k):
    """Option B: take held card k to use it now. It is the round's one use, unless it was bought this very turn
    and bonus_b_immediate_counts is false."""
    card = s.held[p, k]
    for j in range(k, s.held_n[p] - 1):
        s.held[p, j] = s.held[p, j + 1]
    s.held_n[p] -= 1
    if k != s.fresh or r.bonus_b_immediate_counts:
        s.used_card[p] = 1
    if k == s.fresh:
        s.fresh = -1
    elif k < s.fresh:
        s.fresh -= 1
    return card
