"""`search` (spec §9's question "which policy wins", answered by look-ahead): Monte Carlo rollouts of a heuristic
family, by default bonus_chaser (the best measured, benchmarks/ink_ladder.py), where the tile is chosen and placed.

Candidates: at the start of a turn the legal heads (each nib's move, the start crossing, one pass: the most bottles,
as the families pass); after a crossing, the nibs; with a tile in hand, its placements. The family's own choice
comes first, the others follow by the family's own score (a nib by its tile's value, the crossing by the best tile
less 1, the pass last; a placement by the family's placement score), and the first `candidates` are searched. Each
is played `rollouts` times to the end of the game from a copy of the state, every seat (the searcher too) following
the rollout family at its default parameters. The other decisions are the family's own. The same resamples serve
every candidate (common random numbers), so each rollout gives a paired gain of a candidate over the family's own
choice: its win share less the family choice's (with the score margin over the best other player as a tie-break,
`rollout_value`; solo, the score itself). The candidate with the highest lower bound of its mean gain,
mean − `evidence` × standard error, is taken when that bound is above 0; else the family's own choice.

Why the bound: at 4 players a decision moves the win share by a few thousandths, well below the noise of a few
rollouts; taking the best mean (a winner's curse) then picks among the first candidates almost at random, and
those small losses add up over a game's ninety searched decisions (the 4-player ladder measured a win share of
0.11 against bonus_chaser, whose even share is 0.25). Leaving the family's choice only on clear evidence keeps its
judgement where the rollouts cannot tell.

Hidden information (spec §2.4; the observation, view.py, shows no more): before each rollout the copy's hidden
parts are resampled from the searcher's own policy stream, from what it knows only:
- the Ink bag: its tiles are known (every tile not on the wheel, in a painting or removed), their order is not:
  they are sorted, then shuffled;
- the X tokens: those drawn are known; which of the others lie in the X bag, among the set-aside XX tokens or in
  the box is not (only how many of each kind lie in the bag and aside): each kind's undrawn tokens are sorted and
  dealt at random to those places;
- every seat's policy stream: new streams.
So the decision depends on which tiles and tokens are still hidden, never on where they are.
"""

from collections import namedtuple

import numpy as np

from simkit.core import explain
from simkit.core.jit import njit
from simkit.core.margin import score_margin
from simkit.core.rng import next_u64, shuffle
from simkit.core.search import draw_rollout_seeds, gain_lower_bound, reshuffle_unseen, rollout_value
from simkit.games.ink.engine.layout import (CROSS, MOVE, N_ACTIONS, NIB, NONE, PASS, STATE_DTYPE, X_ASIDE, X_BAG,
                                            X_BOX, Stage)
from simkit.games.ink.engine.legality import legal_actions
from simkit.games.ink.engine.scoring import final_scores, ranks_and_win_shares
from simkit.games.ink.engine.transition import apply_action
from simkit.games.ink.policies.heuristic import heuristic_action, placement_value, prepare_placements, tile_value
from simkit.games.ink.rules.components import MAX_X_TOKENS
from simkit.games.ink.rules.params import MAX_PLAYERS

ROLLOUTS, CANDIDATES, ROLLOUT_POLICY, EVIDENCE = range(4)
MAX_ROLLOUTS = 256
MAX_CANDIDATES = 64
LAST = -1e18  # the pass's rank among the heads

SearchWorkspace = namedtuple("SearchWorkspace", "sim legal cand value rollout_seeds scores ranks shares pool "
                                                "family_params base")


def new_search_workspace(family_params: np.ndarray) -> SearchWorkspace:
    """The search policy's scratch arrays; `sim` is the state record its rollouts play in. family_params[f] is
    family f's default parameter vector (the rollouts play the families at their defaults)."""
    return SearchWorkspace(np.zeros(1, STATE_DTYPE), np.zeros(N_ACTIONS, np.int64), np.zeros(N_ACTIONS, np.int64),
                           np.zeros(N_ACTIONS), np.zeros(MAX_ROLLOUTS, np.uint64), np.zeros(MAX_PLAYERS, np.int64),
                           np.zeros(MAX_PLAYERS, np.int64), np.zeros(MAX_PLAYERS), np.zeros(MAX_X_TOKENS, np.int8),
                           family_params, np.zeros(MAX_ROLLOUTS))


@njit
def family_action(r, s, family, notes, sws):
    """The family's action at its default parameters (scratch: sws.legal; its candidates noted in `notes`)."""
    fp = sws.family_params[family]
    return heuristic_action(r, s, sws.legal, notes, family, fp[0], fp[1], fp[2], fp[3], fp[4], fp[5], fp[6], fp[7])


@njit
def resample_x_tokens(r, sim, rng, pool):
    """Deal each kind's undrawn tokens (in the X bag, set aside or in the box), sorted, at random to the places
    of that kind: the bag's undrawn positions, the set-aside places, the box."""
    for kind in range(2):
        n = 0
        for t in range(r.n_x_tokens):  # ascending ids: the pool does not depend on where the tokens are
            w = sim.x_where[t]
            if r.x_kind[t] == kind and (w == X_BAG or w == X_ASIDE or w == X_BOX):
                pool[n] = t
                n += 1
        shuffle(rng, pool, n)
        k = 0
        for i in range(sim.x_bag_pos, sim.x_bag_n):
            if r.x_kind[sim.x_bag[i]] == kind:
                sim.x_bag[i] = pool[k]
                sim.x_where[pool[k]] = X_BAG
                k += 1
        for i in range(sim.x_aside_n):
            if r.x_kind[sim.x_aside[i]] == kind:
                sim.x_aside[i] = pool[k]
                sim.x_where[pool[k]] = X_ASIDE
                k += 1
        for i in range(k, n):
            sim.x_where[pool[i]] = X_BOX


@njit
def resample_hidden(r, sim, seed, pool):
    rng = np.array([seed], np.uint64)
    reshuffle_unseen(rng, sim.bag_order, sim.bag_pos, r.n_tiles)
    resample_x_tokens(r, sim, rng, pool)
    for q in range(MAX_PLAYERS):
        sim.policy_rng[q, 0] = next_u64(rng)


@njit
def rollout(r, s, p, action, seed, family, notes, sws):
    """Play `action`, then the family for every seat to the end; p's value of the end (`rollout_value`)."""
    sws.sim[0] = s
    sim = sws.sim[0]
    resample_hidden(r, sim, seed, sws.pool)
    apply_action(r, sim, action)
    while not sim.done:
        a = family_action(r, sim, family, notes, sws)
        if a < 0:
            break
        apply_action(r, sim, a)
    final_scores(r, sim, sws.scores)  # rows beyond n_players unused
    ranks_and_win_shares(r, sim, sws.scores, sws.ranks, sws.shares)
    return rollout_value(sws.shares[p], score_margin(sws.scores, p, r.n_players), r.n_players)


@njit
def head_value(r, s, family, fp, a, last_pass):
    """The family's value of a turn head or a nib (see the module docstring)."""
    if PASS <= a < NIB:
        return LAST if a == last_pass else 2 * LAST  # one pass, the most bottles: the others are not candidates
    if a < CROSS:
        return tile_value(r, s, family, s.nib_tile[a - MOVE + 1], fp[0], fp[1], fp[2], fp[3], fp[4], fp[5], fp[6],
                          fp[7])
    if a == CROSS:
        best = -1e9
        for d in range(1, r.nibs + 1):
            best = max(best, tile_value(r, s, family, s.nib_tile[d], fp[0], fp[1], fp[2], fp[3], fp[4], fp[5],
                                        fp[6], fp[7]))
        return best - 1.0
    return tile_value(r, s, family, s.nib_tile[a - NIB + 1], fp[0], fp[1], fp[2], fp[3], fp[4], fp[5], fp[6], fp[7])


@njit
def candidates(r, s, p, family, first, sws):
    """The searched stage's legal actions in the family's order (see the module docstring), `first` first, into
    sws.cand; their number (a pass that is not the most bottles is left out)."""
    fp = sws.family_params[family]
    n = legal_actions(r, s, sws.legal)
    placing = s.stage == Stage.PLACE_TILE
    if placing:
        prepare_placements(r, s, p, family, fp[0], fp[1], fp[2], fp[3], fp[4], fp[5], fp[6], fp[7])
    cell = NONE
    last_pass = -1
    for i in range(n):
        if PASS <= sws.legal[i] < NIB:
            last_pass = sws.legal[i]
    m = 0
    for i in range(n):
        a = sws.legal[i]
        if placing:
            v, cell = placement_value(r, s, p, family, a, cell, fp[0], fp[1], fp[2], fp[3], fp[4], fp[5], fp[6], fp[7])
        else:
            v = head_value(r, s, family, fp, a, last_pass)
        if a == first:
            v = np.inf
        elif v <= 2 * LAST:
            continue
        j = m  # insertion, best first; equal values keep the legal order
        while j > 0 and sws.value[j - 1] < v:
            sws.cand[j] = sws.cand[j - 1]
            sws.value[j] = sws.value[j - 1]
            j -= 1
        sws.cand[j] = a
        sws.value[j] = v
        m += 1
    return m


@njit
def search_action(r, s, params, notes, sws):
    """params: rollouts, candidates, the rollout family (heuristic.py's family number), evidence; sws the search's
    scratch (new_search_workspace). Notes each searched candidate at the lower bound of its gain over the family's
    choice (`core.search.gain_lower_bound`; the family's choice 0) in `notes` (`core.explain`); a decision it
    leaves to the family keeps the family's notes."""
    family = int(params[ROLLOUT_POLICY])
    first = family_action(r, s, family, notes, sws)
    if first < 0 or not (s.stage == Stage.TURN or s.stage == Stage.CHOOSE_NIB or s.stage == Stage.PLACE_TILE):
        return first
    p = s.current
    n = min(candidates(r, s, p, family, first, sws), int(params[CANDIDATES]))
    if n <= 1:
        return first
    rollouts = int(params[ROLLOUTS])
    draw_rollout_seeds(s.policy_rng[p], sws.rollout_seeds, rollouts)
    explain.forget(notes)  # the family's values only ordered the candidates
    best, best_bound = first, 0.0
    for c in range(n):  # candidate 0 is the family's choice: the base of the paired gains
        noting = explain.pause(notes)  # the rollouts' decisions are not this one's candidates
        total, squares = 0.0, 0.0
        for i in range(rollouts):
            v = rollout(r, s, p, sws.cand[c], sws.rollout_seeds[i], family, notes, sws)
            if c == 0:
                sws.base[i] = v
            gain = v - sws.base[i]
            total += gain
            squares += gain * gain
        explain.resume(notes, noting)
        bound = gain_lower_bound(total, squares, rollouts, params[EVIDENCE])
        explain.note(notes, sws.cand[c], bound)
        if bound > best_bound:
            best, best_bound = sws.cand[c], bound
    return best
