"""Moving paint, Inspiration tokens and students, majorities, and what a player's paintings give (spec §3.4, §5.2,
§6.1 #1, #2, #18). Small helpers every other engine module shares."""

import numpy as np

from simkit.core.jit import njit
from simkit.games.atelier.engine.layout import N_COLOURS, NO_LIMIT
from simkit.games.atelier.rules.vocabulary import Effect


@njit
def seat_after(p, k, n):
    """The seat k places clockwise from seat p of n (0 <= p < n, 0 <= k <= n), without the integer division of
    (p + k) % n (the turn and Move loops ask it at almost every decision)."""
    q = p + k
    return q - n if q >= n else q


@njit
def paint_held(s, p):
    total = 0
    for c in range(N_COLOURS):
        total += s.paint[p, c]
    return total


@njit
def can_take_paint(r, s, p, c):
    """Whether taking 1 cylinder of colour c gives p one: the pile is not empty (limited paint, spec §6.1 #1) and p
    is under `paint_hand_limit` (at the limit a gain gives nothing, spec §6.1 #18)."""
    if r.paint_hand_limit != NO_LIMIT and paint_held(s, p) >= r.paint_hand_limit:
        return False
    return not r.paint_supply_limited or s.pile[c] > 0


@njit
def take_paint(r, s, p, c):
    """Take 1 cylinder of colour c if there is one to take."""
    if not can_take_paint(r, s, p, c):
        return
    if r.paint_supply_limited:
        s.pile[c] -= 1
    s.paint[p, c] += 1


@njit
def pay_paint(r, s, p, c, k):
    """Return k cylinders of colour c from p to their pile (spec §3.4 face 5 (a))."""
    s.paint[p, c] -= k
    if r.paint_supply_limited:
        s.pile[c] += k


@njit
def any_paint_to_take(r, s, p):
    for c in range(N_COLOURS):
        if can_take_paint(r, s, p, c):
            return True
    return False


@njit
def gain_tokens(r, s, p, k):
    """Take k Inspiration tokens, or what the supply holds (spec §6.1 #2)."""
    if r.inspiration_supply_limited:
        k = min(k, s.supply)
        s.supply -= k
    s.tokens[p] += k


@njit
def pay_tokens(r, s, p, k):
    s.tokens[p] -= k
    if r.inspiration_supply_limited:
        s.supply += k


@njit
def add_students(r, s, p, c, k):
    """p's students at pile c change by k (a negative k takes them away); `pile_rank` follows."""
    s.students[p, c] += k
    rerank(r, s, p, c)


@njit
def rerank(r, s, p, c):
    """pile_rank[c] again after p's students at pile c changed and nobody else's: p moves past the seats it now
    ranks before (up) or after (down); the others keep their order, so the result is `rank_pile`'s."""
    rank = s.pile_rank[c]
    i = 0
    while rank[i] != p:
        i += 1
    while i > 0 and ranks_before(s, c, p, rank[i - 1]):
        rank[i] = rank[i - 1]
        i -= 1
    while i + 1 < r.n_players and ranks_before(s, c, rank[i + 1], p):
        rank[i] = rank[i + 1]
        i += 1
    rank[i] = p


@njit
def ranks_before(s, c, x, y):
    """Seat x comes before seat y in pile_rank[c]: more students at pile c, or as many and a lower seat."""
    return s.students[x, c] > s.students[y, c] or (s.students[x, c] == s.students[y, c] and x < y)


@njit
def rank_pile(r, s, c):
    """pile_rank[c]: the seats by most students at pile c first, the lower seat first on a tie (an insertion sort
    of at most 4 seats)."""
    rank = s.pile_rank[c]
    for i in range(r.n_players):
        y = i
        j = i
        while j > 0 and s.students[rank[j - 1], c] < s.students[y, c]:
            rank[j] = rank[j - 1]
            j -= 1
        rank[j] = y


@njit
def students_on_piles(s, p):
    total = 0
    for c in range(N_COLOURS):
        total += s.students[p, c]
    return total


@njit
def has_most(r, s, p, c, ties):
    """p has the most students at pile c: at least 1 and strictly more than every other player, or, when `ties`,
    no other player has more (spec §3.4)."""
    return wins(np.int64(s.students[p, c]), most_of_others(s, p, c), ties)


@njit
def wins(mine, most_other, ties):
    """has_most for `mine` students at a pile where the other players have at most `most_other`."""
    return (mine >= 1) & ((mine > most_other) | (ties & (mine == most_other)))  # no branches: hard to predict


@njit
def most_of_others(s, p, c):
    """The most students at pile c of the players other than p: the first seat of `pile_rank`, or the second when
    the first is p."""
    first = s.pile_rank[c, 0]
    return np.int64(s.students[first if first != p else s.pile_rank[c, 1], c])


@njit
def owned_effect(r, s, p, effect):
    """Copies of `effect` among p's paintings and their amounts together (copies add up, spec §5.2)."""
    return np.int64(s.power_copies[p, effect]), np.int64(s.power_amount[p, effect])


@njit
def gain_painting(r, s, p, card):
    """p becomes the owner of painting `card`, and the per-player values derived from `owner` follow."""
    s.owner[card] = p
    s.owned[p] |= np.int64(1) << card
    s.category_count[p, r.painting_category[card]] += 1
    s.masterpiece_count[p] += r.painting_masterpiece[card]
    effect = r.painting_power_effect[card]
    if effect >= 0:
        s.power_copies[p, effect] += 1
        s.power_amount[p, effect] += r.painting_power_amount[card]


@njit
def recount_derived(r, s):
    """The values derived from `owner`, `patron_owner` and `students`, counted again from them (setup, and a state
    whose owners or students were written directly: a test's scenario)."""
    s.owned[:] = 0
    s.patrons_held[:] = 0
    s.category_count[:] = 0
    s.masterpiece_count[:] = 0
    s.power_copies[:] = 0
    s.power_amount[:] = 0
    for card in range(r.n_paintings):
        if s.owner[card] >= 0:
            gain_painting(r, s, s.owner[card], card)
    for patron in range(r.n_patrons):
        if s.patron_owner[patron] >= 0:
            s.patrons_held[s.patron_owner[patron]] |= np.int64(1) << patron
    for c in range(N_COLOURS):
        rank_pile(r, s, c)


@njit
def set_patron_owner(s, patron, p):
    """Patron `patron` goes to player p (NONE: to nobody), and `patrons_held` follows."""
    bit = np.int64(1) << patron
    old = s.patron_owner[patron]
    if old >= 0:
        s.patrons_held[old] &= ~bit
    s.patron_owner[patron] = p
    if p >= 0:
        s.patrons_held[p] |= bit


@njit
def collect_ties(r, s, p):
    """Whether a tie for most collects for p: printed for the player counts of `collect_ties_player_counts`, and
    with a `collect_ties` power in any count (spec §3.4, §5.2)."""
    return r.collect_ties_player_counts[r.n_players] == 1 or owned_effect(r, s, p, Effect.COLLECT_TIES)[0] > 0


@njit
def collect_gives(r, s, p):
    """A Collect (die 4) would give p at least one cylinder now (spec §3.4): some pile where p has the most
    students still holds one, and p is under `paint_hand_limit`."""
    if r.paint_hand_limit != NO_LIMIT and paint_held(s, p) >= r.paint_hand_limit:
        return False
    ties = collect_ties(r, s, p)
    gives = False
    for c in range(N_COLOURS):  # no early exit: hard to predict
        gives |= ((not r.paint_supply_limited) | (s.pile[c] > 0)) & has_most(r, s, p, c, ties)
    return gives


@njit
def collect(r, s, p):
    """Collect: 1 cylinder from every pile where p has the most students, mandatory (spec §3.4 face 4)."""
    ties = collect_ties(r, s, p)
    for c in range(N_COLOURS):
        if has_most(r, s, p, c, ties):
            take_paint(r, s, p, c)


@njit
def masterpieces(r, s, p):
    return np.int64(s.masterpiece_count[p])


@njit
def patron_deck_size(s):
    return s.patron_end - s.patron_top


@njit
def draw_patrons(s, p, k):
    """p takes the top k patrons, or what the deck holds (spec §3.3 draw_patron, §5.2 draw_patron)."""
    for _ in range(min(k, patron_deck_size(s))):
        set_patron_owner(s, s.patron_order[s.patron_top], p)
        s.patron_top += 1


@njit
def deck_size(r, s):
    return r.n_paintings - s.deck_pos


@njit
def affordable(r, s, p, card):
    """p can pay `card` (spec §3.4 face 5, §5.2 wild_paint)."""
    return payable(r, s, p, card, owned_effect(r, s, p, Effect.WILD_PAINT)[1])


@njit
def payable(r, s, p, card, wild):
    """p can pay `card` with up to `wild` wild_paint substitutions (p's): every colour short of its cost is covered
    by a substitution paid with a surplus cylinder of another colour."""
    if wild == 0:  # every colour as printed (the usual case: no wild_paint power); no early exit, hard to predict
        ok = True
        for c in range(N_COLOURS):
            ok &= r.painting_cost[card, c] <= s.paint[p, c]
        return ok
    short, surplus = 0, 0
    for c in range(N_COLOURS):
        d = np.int64(r.painting_cost[card, c]) - s.paint[p, c]
        if d > 0:
            short += d
        else:
            surplus -= d
    return short == 0 or short <= min(wild, surplus)


@njit
def any_affordable(r, s, p):
    """p can pay some card in the row (its wild_paint substitutions counted once for all of them)."""
    wild = owned_effect(r, s, p, Effect.WILD_PAINT)[1]
    found = False
    for i in range(r.row_size):  # no early exit: hard to predict (an empty slot's card 0 is tested, not counted)
        card = s.row[i]
        found |= (card >= 0) & payable(r, s, p, max(card, 0), wild)
    return found
