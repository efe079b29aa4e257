"""The base game's painting market (spec §10.2): the face-up display, drawing with reshuffles, the Phase 3 refresh
and the take_painting action."""

from simkit.core.jit import njit
from simkit.core.rng import shuffle
from simkit.games.couleurs.engine.ops import market_mode, painting_market_places, reset_painting
from simkit.games.couleurs.engine.painting import workable
from simkit.games.couleurs.engine.state import CARD_ACTIVE, MAX_HELD


@njit
def draw_painting(r, s):
    """The next card of the painting deck, reshuffling the discarded market cards when it is empty
    (painting_deck_reshuffle), or -1 when none are left."""
    if s.deck_pos >= s.deck_size and r.painting_deck_reshuffle and s.paint_discard_n > 0:
        for k in range(s.paint_discard_n):
            s.deck[k] = s.paint_discard[k]
        s.deck_size = s.paint_discard_n
        s.deck_pos = 0
        s.paint_discard_n = 0
        shuffle(s.paint_rng, s.deck, s.deck_size)
    if s.deck_pos >= s.deck_size:
        return -1
    s.deck_pos += 1
    return s.deck[s.deck_pos - 1]


@njit
def refresh_painting_market(r, s, half):
    """Phase 3 step 2: a half-turn discards the whole market and deals a fresh one; otherwise refill the places
    emptied by take_painting."""
    if half:
        for m in range(painting_market_places(r)):
            if s.market[m] >= 0:
                s.paint_discard[s.paint_discard_n] = s.market[m]
                s.paint_discard_n += 1
                s.market[m] = -1
    for m in range(painting_market_places(r)):
        if s.market[m] < 0:
            s.market[m] = draw_painting(r, s)


@njit
def unfinished(r, s, p):
    total = 0
    for i in range(s.n_kept[p]):
        if workable(r, s, p, i):
            total += 1
    return total


@njit
def may_take(r, s, p):
    """Whether p may take a painting now: fewer unfinished paintings than active_painting_limit (0 = no limit)."""
    if not market_mode(r) or s.n_kept[p] >= MAX_HELD:
        return False
    return r.active_painting_limit == 0 or unfinished(r, s, p) < r.active_painting_limit


@njit
def take_ok(r, s, p, m):
    return 0 <= m < painting_market_places(r) and s.market[m] >= 0 and may_take(r, s, p)


@njit
def can_take(r, s, p):
    for m in range(painting_market_places(r)):
        if take_ok(r, s, p, m):
            return True
    return False


@njit
def take_painting(r, s, p, m):
    """Take market card m as a painting in progress; its place stays empty until Phase 3."""
    i = s.n_kept[p]
    s.cards[p, i] = s.market[m]
    s.market[m] = -1
    reset_painting(r, s, p, i, CARD_ACTIVE)
    s.n_kept[p] += 1
