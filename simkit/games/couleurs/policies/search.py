"""The `search` Couleurs de Paris policy: Monte Carlo rollouts of the heuristic at every Phase 1 placement.

Candidates are the `candidates` placements the heuristic values most. Each is played out `rollouts` times to the
end of the game from a copy of the state (once when no deck is hidden, variant J without Module 1: the heuristic
is deterministic, so every continuation is the same), every player following the heuristic (with the searcher's
parameters), and the candidate with the best mean outcome is placed; the other decisions are the heuristic's. The
outcome of a continuation is the player's final score minus the best other score (the score alone in a solo game).

Progress (spec §13.9): the continuations assume the heuristic plays on, but with a search in every seat each seat
deviates again at its next placement. Deviations that each push the end a little later then compound, and a round
where nobody progresses can repeat unchanged up to the round cap (base game, two searches, bonus cards, seed 1:
from round 19 one sat on rotate and a declined imitator, the other on whites it discarded at the pigment limit).
So a candidate whose continuations end the game, on average, after round `round_cap - PROGRESS_MARGIN` is kept
only if they end no later than those of the heuristic's own placement. Past that round the projected end never
moves later from one placement to the next (exactly so when nothing is hidden: the next player's heuristic
continuation is the one this placement was judged by), and the game ends well before the cap; before it, play is
unconstrained (requiring no delay at every placement ratcheted every game shorter: two searches then raced to the
end, scores halved and 0-0 games were common).

Hidden information (spec §2.4): before each rollout the copy's hidden decks are resampled from what the player
knows. Their contents are public knowledge (the card lists and the painting types in play, set out openly at setup,
are public; every card that left a deck was seen: market and bonus cards face up, backs of dealt paintings), their
order is not. So the unseen part of each deck (the bonus
deck; in the base game's market mode, the undealt painting deck) is sorted and reshuffled, and both reshuffle
streams are redrawn: the decision depends on which cards are in a deck, never on their order. In draft mode the
undealt painting cards never come back into play, and the painter tiles returned to the box (or never dealt) play
no part after setup, so no rollout reads them. Other players' reserve paintings keep their identity: their backs
(type and value) are public and name the card uniquely (spec §2.4, note for policy authors), so their grids are
known to every player. The same resamples serve every candidate (common random numbers).
"""

from collections import namedtuple

import numpy as np

from simkit.core import explain
from simkit.core.jit import njit
from simkit.core.margin import score_margin
from simkit.core.rng import next_u64
from simkit.core.search import draw_rollout_seeds, reshuffle_unseen
from simkit.games.couleurs.rules.components import MAX_SECTORS
from simkit.games.couleurs.engine.transitions import apply_legal, final_scores, place_ok
from simkit.games.couleurs.policies.heuristics import heuristic_action, placement_value, prepare_placement
from simkit.games.couleurs.engine.ops import market_mode
from simkit.games.couleurs.rules.ruleset import MAX_PLAYERS
from simkit.games.couleurs.engine.state import N_UPPER, PLACE, STATE_DTYPE, Stage

MAX_ROLLOUTS = 64
PROGRESS_MARGIN = 10  # rounds before the cap from which a deviation may not delay the projected end
MAX_CANDIDATES = MAX_SECTORS + N_UPPER
SEARCH_PARAMS = 2  # rollouts and candidates lead the search's parameter vector; the heuristic's follow

SearchWorkspace = namedtuple("SearchWorkspace", "sim scores cand cand_value rollout_seeds end_round")


def new_search_workspace() -> SearchWorkspace:
    """The search policy's scratch arrays; `sim` is the state it plays its rollouts in."""
    return SearchWorkspace(np.zeros(1, STATE_DTYPE), np.zeros(MAX_PLAYERS, np.int64),
                           np.zeros(MAX_CANDIDATES, np.int64), np.zeros(MAX_CANDIDATES),
                           np.zeros(MAX_ROLLOUTS, np.uint64), np.zeros(1, np.int64))


@njit
def hidden_decks(r, s):
    """Whether any deck a rollout draws from is hidden (the bonus deck; the painting deck in market mode)."""
    return r.module_bonus_cards or market_mode(r)


@njit
def resample_hidden(r, sim, seed):
    """Resample the unseen order of the bonus deck and the painting deck, and their reshuffle streams."""
    rng = np.array([seed], np.uint64)
    reshuffle_unseen(rng, sim.bonus_deck, 0, sim.bonus_deck_n)
    sim.bonus_rng[0] = next_u64(rng)
    if market_mode(r):
        reshuffle_unseen(rng, sim.deck, sim.deck_pos, sim.deck_size)
    sim.paint_rng[0] = next_u64(rng)


@njit
def rollout(r, s, p, action, seed, ws, sws):
    """Play `action`, then the heuristic for everyone to the end; p's final margin over the best other player
    (the round the game ended in is left in sws.end_round[0])."""
    sws.sim[0] = s
    sim = sws.sim[0]
    resample_hidden(r, sim, seed)
    apply_legal(r, sim, action)  # a legal placement (place_ok)
    while not sim.done:
        a = heuristic_action(r, sim, sim.current, ws)
        if a < 0:  # no legal action (an engine fault the batch loop reports): the continuation ends here
            break
        apply_legal(r, sim, a)
    sws.end_round[0] = sim.round
    scores = sws.scores[: r.n_players]
    final_scores(r, sim, scores)
    return score_margin(scores, p, r.n_players)


@njit
def search_action(r, s, p, rollouts, wanted, ws, sws):
    """The search's rollouts and candidates parameters; ws the policies' scratch record holding the heuristic's
    parameters, sws the search's (new_search_workspace)."""
    if s.stage != Stage.PLACE:
        return heuristic_action(r, s, p, ws)
    rollouts, wanted = int(rollouts), int(wanted)
    if not hidden_decks(r, s):  # nothing hidden left and a deterministic heuristic: one continuation says all
        rollouts = 1
    # the heuristic's values of every legal placement, best first (insertion into the candidate list)
    prepare_placement(r, s, p, ws)
    n = 0
    for loc in range(MAX_SECTORS + N_UPPER):
        if not place_ok(r, s, p, loc):
            continue
        value = placement_value(r, s, p, loc, ws)
        i = n
        while i > 0 and sws.cand_value[i - 1] < value:
            sws.cand[i] = sws.cand[i - 1]
            sws.cand_value[i] = sws.cand_value[i - 1]
            i -= 1
        sws.cand[i] = PLACE + loc
        sws.cand_value[i] = value
        n += 1
    n = min(n, wanted)
    if n <= 1:
        return sws.cand[0]
    draw_rollout_seeds(s.policy_rng[p], sws.rollout_seeds, rollouts)
    # cand[0] is the heuristic's own placement (the first best value, as place_action picks): a later end than
    # its continuations' is allowed only up to the progress deadline (see Progress above); end totals are sums over
    # the rollouts, so the deadline is scaled by their number
    deadline = (r.round_cap - PROGRESS_MARGIN) * rollouts
    best, best_total, latest_end = sws.cand[0], -1e300, 0
    for c in range(n):
        total, end = 0.0, 0
        noting = explain.pause(ws.explain)  # the rollouts' heuristic decisions are not this one's candidates
        for k in range(rollouts):
            total += rollout(r, s, p, sws.cand[c], sws.rollout_seeds[k], ws, sws)
            end += sws.end_round[0]
        explain.resume(ws.explain, noting)
        explain.note(ws.explain, sws.cand[c], total / rollouts)  # the mean margin
        if c == 0:
            latest_end = max(end, deadline)
        if total > best_total and end <= latest_end:
            best, best_total = sws.cand[c], total
    return best
