"""The search policy: Monte Carlo rollouts of the planner over resampled hidden decks.

Candidates are every card the player can take and its best painting (when it may paint). Each candidate is
played out `rollouts` times from a copy of the state in which the unseen part of the deck is reshuffled and
Vincent's future flips redrawn, all players following the planner; the same reshuffles serve every
candidate (common random numbers), so candidates are compared on the same futures. The value of a
continuation is the player's final score when alone, else its margin over the best other player.
"""

import numpy as np

from simkit.core import explain
from simkit.core.jit import njit
from simkit.core.records import borrowed
from simkit.core.margin import score_margin
from simkit.core.rng import next_u64, shuffle
from simkit.games.canvas.engine.transitions import apply_legal, can_take, final_scores
from simkit.games.canvas.policies.shipped import _planner_action, best_painting_action


@njit
def _resample_hidden(r, sim, seed, rng):
    """Reshuffle what the player cannot know: the deck below the market and Vincent's future flips. The
    unseen cards are sorted first, so the sample depends on which cards are unseen, never on their order.
    rng: a one-word stream to draw them with (the workspace's, not allocated per rollout)."""
    rng[0] = seed
    remaining = sim.deck_size - sim.deck_pos
    if remaining > 1:
        hidden = sim.deck[sim.deck_pos : sim.deck_size]
        hidden.sort()
        shuffle(rng, hidden, remaining)
    sim.vincent_rng[0] = next_u64(rng)
    for q in range(r.n_players):
        sim.policy_rng[q, 0] = next_u64(rng)


@njit
def _rollout(r, s, table, values, p, action, seed, planner_params, ws, scores):
    ws.sim[0] = s
    sim = ws.sim[0]
    _resample_hidden(r, sim, seed, ws.rng)
    apply_legal(r, sim, action)
    while not sim.done:
        a = _planner_action(r, sim, table, values, sim.current, planner_params, ws)
        apply_legal(r, sim, a)
    final_scores(r, sim, scores)
    return score_margin(scores, p, r.n_players)


@njit
def search_action(r, s, table, values, p, params, ws):
    rollouts = int(params[0])
    planner_params = borrowed(params[1:])  # a slice is an ordinary array: lent, the type the planner takes
    candidates = np.empty(r.market_size + 1, np.int64)
    scores = np.empty(r.n_players, np.int64)  # each rollout's final scores
    n = 0
    for slot in range(r.market_size):
        if can_take(r, s, p, slot):
            candidates[n] = slot
            n += 1
    if s.hand_size[p] >= r.cards_per_painting:
        candidates[n] = best_painting_action(r, s, table, values, p, ws)
        n += 1
    if n == 1:
        return candidates[0]
    for i in range(rollouts):
        ws.rollout_seeds[i] = next_u64(s.policy_rng[p])
    best, best_value = candidates[0], -1e300
    for c in range(n):
        total = 0.0
        noting = explain.pause(ws.explain)  # the rollouts' planner decisions are not this one's candidates
        for i in range(rollouts):
            total += _rollout(r, s, table, values, p, candidates[c], ws.rollout_seeds[i], planner_params, ws,
                              scores)
        explain.resume(ws.explain, noting)
        explain.note(ws.explain, candidates[c], total / rollouts)  # the mean margin
        if total > best_value:
            best, best_value = candidates[c], total
    return best
