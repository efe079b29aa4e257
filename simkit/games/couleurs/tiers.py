"""Exhibited paintings by tier, per game and seat: what the results frame does not record.

The games are replayed one at a time through `batch.play_games` (the compiled game loop the runner uses, on the
same seeds and seating), and the finished state each leaves behind is read. The score of every replayed game is
returned too, so a caller can check the replay matches the runner's results.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from simkit.core.compiled import lineup_arrays
from simkit.core.seating import seat_plan
from simkit.games.couleurs.batch import new_output, play_games
from simkit.games.couleurs.policies import MAX_PARAMS, POLICY_IDS, POLICY_PARAMS, new_workspace
from simkit.games.couleurs.state import CARD_EXHIBITED

TIERS = 4


@nb.njit(cache=True)
def exhibited_tiers(s, out):
    """out[p, t] += paintings of tier t on seat p's easel in the finished state s."""
    for p in range(s.n_players):
        for i in range(s.n_kept[p]):
            if s.card_state[p, i] == CARD_EXHIBITED:
                out[p, s.card_tier[s.cards[p, i]]] += 1


def replay_tiers(game, lineup, seats_mode: str, master_seed: int, start: int, stop: int
                 ) -> tuple[np.ndarray, np.ndarray]:
    """(tiers[g, p, t], score[g, p]) of games start..stop-1 of a runner cell (same seeds and seating)."""
    if any(choice.is_python for choice in lineup):
        raise ValueError("tier replay needs compiled policies")
    n = game.n_players
    seeds, seats = seat_plan(seats_mode, n, len(lineup), master_seed, start, stop)
    policy_ids, params = lineup_arrays(lineup, POLICY_IDS, POLICY_PARAMS, MAX_PARAMS)
    tiers = np.zeros((stop - start, n, TIERS), np.int64)
    scores = np.zeros((stop - start, n), np.int64)
    template, ws, out = game.new_record(), new_workspace(), new_output(1, n)
    for g in range(stop - start):
        failed = play_games(template, np.asarray(seeds[g:g + 1], np.uint64), policy_ids[seats[g:g + 1]],
                            params[seats[g:g + 1]], ws, out)
        if failed >= 0:
            raise RuntimeError(f"replayed game with seed {seeds[g]} aborted")
        exhibited_tiers(template[0], tiers[g])
        scores[g] = out.score[0]
    return tiers, scores
