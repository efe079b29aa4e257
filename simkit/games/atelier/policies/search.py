"""`search` (spec §8's question "which policy is best", answered by look-ahead): Monte Carlo rollouts of the best
heuristic, `majority` (benchmarks/atelier_ladder.py), at every decision among a turn's heads.

Candidates: the legal heads of the turn stage (spec §3.3), in the heuristic's own order: its choice first, then
paint (a 5), paint with Inspiration, collect (a 4), place (a 1, or a 2 when no 1), move (a 3), gain (a 6), draw a
patron, each die_adjust power, reroll, take Inspiration (one B: which die pays for it makes no difference, the
others are rolled again) and end the turn; the first `candidates` of them are searched. Each is played `rollouts`
times to the end of the game from a copy of the state, every seat (the searcher too) following `majority` with
the searcher's piles_to_hold and blocking_weight, including the arguments of the candidate itself; the candidate
with the best mean win share is taken (ties broken by the best mean score margin over the best other player).
Argument stages and setup decisions are majority's own. The same resamples serve every candidate (common random
numbers).

Hidden information (spec §2.4): before each rollout the copy's hidden parts are resampled from the searcher's own
policy stream, from what it knows only:
- the painting deck below the row: its cards are known (every card not in the row or owned), their order is not;
  they are sorted, then shuffled;
- patrons: the searcher knows its own and the ones it returned at setup (they lie at a known place at the bottom
  of the patron deck, or in the hand of whoever drew them). Every other patron is somewhere among the opponents'
  hands and the rest of the deck, whose sizes are public: those patrons are sorted and dealt at random to the same
  hand sizes and deck places;
- future dice, the random student returns and every seat's policy stream: new streams (the dice script of a
  replayed game, spec §6.1b #28, is dropped).
So the decision depends on which cards are hidden, never on where they are.
"""

from collections import namedtuple

import numpy as np

from simkit.core import explain
from simkit.core.jit import njit
from simkit.core.margin import score_margin
from simkit.core.rng import next_u64, shuffle
from simkit.core.search import better_candidate, candidate_value, draw_rollout_seeds, reshuffle_unseen
from simkit.games.atelier.engine.layout import (DIE, DRAW_PATRON, END_TURN, INSPIRE, INSPIRE_PAINT, NONE, PILE,
                                                REROLL, STATE_DTYPE, USE_POWER, Stage)
from simkit.games.atelier.engine.legality import is_legal
from simkit.games.atelier.engine.scoring import final_scores, ranks_and_win_shares
from simkit.games.atelier.engine.supply import set_patron_owner
from simkit.games.atelier.engine.transition import apply_action
from simkit.games.atelier.policies.majority import BLOCKING_WEIGHT, PILES_TO_HOLD, majority_action
from simkit.games.atelier.rules.components import MAX_PAINTINGS, MAX_PATRONS
from simkit.games.atelier.rules.params import MAX_PLAYERS
from simkit.games.atelier.rules.vocabulary import Effect

ROLLOUTS, CANDIDATES = range(2)
HEURISTIC_PARAMS = 2  # params[2:] are majority's
MAX_ROLLOUTS = 256
SEARCH_ORDER = np.array([DIE + 4, INSPIRE_PAINT, DIE + 3, DIE + 0, DIE + 1, DIE + 2, DIE + 5, DRAW_PATRON],
                        np.int64)

SearchWorkspace = namedtuple("SearchWorkspace", "sim cand rollout_seeds scores ranks shares pool")


def new_search_workspace() -> SearchWorkspace:
    """The search policy's scratch arrays; `sim` is the state record its rollouts play in."""
    return SearchWorkspace(np.zeros(1, STATE_DTYPE), np.zeros(PILE, np.int64), np.zeros(MAX_ROLLOUTS, np.uint64),
                           np.zeros(MAX_PLAYERS, np.int64), np.zeros(MAX_PLAYERS, np.int64),
                           np.zeros(MAX_PLAYERS), np.zeros(MAX_PATRONS + MAX_PAINTINGS, np.int8))


@njit
def known_patron(r, s, p, patron):
    """p holds `patron`, or returned it at setup (spec §2.3 step 6: the returned cards follow the deck's
    `n_patrons` cards in seat order from the first start player, patron_deal − patron_keep per seat)."""
    if s.patron_owner[patron] == p:
        return True
    back = r.patron_deal - r.patron_keep
    first = r.n_patrons + ((p - s.first_player) % r.n_players) * back
    for i in range(first, first + back):
        if s.patron_order[i] == patron:
            return True
    return False


@njit
def resample_patrons(r, sim, p, rng, pool):
    """Deal the patrons unknown to p at random to the hands and deck places they occupy (see the docstring)."""
    n_pool = 0
    for patron in range(r.n_patrons):  # ascending ids: the pool does not depend on where the cards are
        if not known_patron(r, sim, p, patron):
            pool[n_pool] = patron
            n_pool += 1
    in_pool = np.zeros(r.n_patrons, np.bool_)
    hand = np.zeros(r.n_players, np.int64)
    for i in range(n_pool):
        in_pool[pool[i]] = True
        owner = sim.patron_owner[pool[i]]
        if owner != NONE:
            hand[owner] += 1
            set_patron_owner(sim, pool[i], NONE)
    shuffle(rng, pool, n_pool)
    k = 0
    for q in range(r.n_players):
        for _ in range(hand[q]):
            set_patron_owner(sim, pool[k], q)
            k += 1
    for i in range(sim.patron_top, sim.patron_end):
        if in_pool[sim.patron_order[i]]:
            sim.patron_order[i] = pool[k]
            k += 1


@njit
def resample_hidden(r, sim, p, seed, pool):
    rng = np.array([seed], np.uint64)
    reshuffle_unseen(rng, sim.order, sim.deck_pos, r.n_paintings)
    resample_patrons(r, sim, p, rng, pool)
    for q in range(MAX_PLAYERS):
        sim.dice_rng[q, 0] = next_u64(rng)
        sim.policy_rng[q, 0] = next_u64(rng)
    sim.return_rng[0] = next_u64(rng)
    sim.dice_script_len = sim.dice_script_pos


@njit
def rollout(r, s, p, action, seed, piles_to_hold, blocking_weight, ws, sws):
    """Play `action`, then majority for every seat to the end; p's (win share, score margin)."""
    sws.sim[0] = s
    sim = sws.sim[0]
    resample_hidden(r, sim, p, seed, sws.pool)
    apply_action(r, sim, action)
    while not sim.done:
        a = majority_action(r, sim, piles_to_hold, blocking_weight, ws)
        if a < 0:
            break
        apply_action(r, sim, a)
    scores, shares = sws.scores, sws.shares  # rows beyond n_players unused
    final_scores(r, sim, scores)
    ranks_and_win_shares(r, sim, scores, sws.ranks, shares)
    return shares[p], score_margin(scores, p, r.n_players)


@njit
def add_candidate(r, s, cand, n, action):
    """Append `action` to cand[:n] when legal and not there yet; the new n."""
    if not is_legal(r, s, action):
        return n
    for i in range(n):
        if cand[i] == action:
            return n
    cand[n] = action
    return n + 1


@njit
def candidates(r, s, first, cand):
    """The turn's legal heads in the heuristic's order (see the module docstring), `first` first; their number."""
    n = add_candidate(r, s, cand, 0, first)
    for a in SEARCH_ORDER:
        if a == DIE + 1 and is_legal(r, s, DIE + 0):
            continue  # a 2 places as a 1 does
        n = add_candidate(r, s, cand, n, a)
    for i in range(r.n_effect_cards[Effect.DIE_ADJUST]):  # the only powers used in a turn, ascending
        n = add_candidate(r, s, cand, n, USE_POWER + r.effect_cards[Effect.DIE_ADJUST, i])
    n = add_candidate(r, s, cand, n, REROLL)
    if not (INSPIRE <= first < REROLL):
        for f in range(6):
            if is_legal(r, s, INSPIRE + f):
                n = add_candidate(r, s, cand, n, INSPIRE + f)
                break
    return add_candidate(r, s, cand, n, END_TURN)


@njit
def search_action(r, s, ws, sws):
    """ws: the policies' scratch record, whose `params` are the search's (rollouts, candidates, then majority's,
    params[HEURISTIC_PARAMS:]);
    sws the search's scratch (new_search_workspace). Notes each searched head at `candidate_value`; a decision it
    leaves to majority (every other stage) keeps majority's notes."""
    params = ws.params
    piles_to_hold = params[HEURISTIC_PARAMS + PILES_TO_HOLD]
    blocking_weight = params[HEURISTIC_PARAMS + BLOCKING_WEIGHT]
    first = majority_action(r, s, piles_to_hold, blocking_weight, ws)
    if s.stage != Stage.TURN:
        return first
    explain.forget(ws.explain)  # majority's turn follows fixed rules: what it valued on the way is no candidate
    if first < 0:
        return first
    p = s.current
    n = min(candidates(r, s, first, sws.cand), int(params[CANDIDATES]))
    if n <= 1:
        return first
    rollouts = int(params[ROLLOUTS])
    draw_rollout_seeds(s.policy_rng[p], sws.rollout_seeds, rollouts)
    best, best_share, best_margin = first, -1.0, -1e300
    for c in range(n):
        share, margin = 0.0, 0.0
        noting = explain.pause(ws.explain)  # the rollouts' decisions are not this one's candidates
        for i in range(rollouts):
            w, m = rollout(r, s, p, sws.cand[c], sws.rollout_seeds[i], piles_to_hold, blocking_weight, ws, sws)
            share += w
            margin += m
        explain.resume(ws.explain, noting)
        explain.note(ws.explain, sws.cand[c], candidate_value(share, margin, rollouts, r.n_players))
        if better_candidate(share, margin, best_share, best_margin):
            best, best_share, best_margin = sws.cand[c], share, margin
    return best
