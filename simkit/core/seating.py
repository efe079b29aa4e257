"""Which policy sits in which seat, game by game.

The lineup (the experiment's [[players]]) fills the seats in order, cyclically when it is shorter than the
table. With `rotate`, consecutive games form deals of len(lineup) games that share one seed (the same deck,
dice and first player) while the lineup turns one seat per game: every policy plays every seat equally often,
and the policies' results are paired within a deal.
"""

import numpy as np

from simkit.core.rng import game_seeds


def seat_plan(mode: str, n_players: int, lineup_size: int, master_seed: int, start: int,
              stop: int) -> tuple[np.ndarray, np.ndarray]:
    """(seeds[g], seats[g, p]) for games start..stop-1: the game seed and the lineup index in seat p."""
    index = np.arange(start, stop)
    seat = np.arange(n_players)[None, :]
    if mode == "rotate":
        deal = index // lineup_size
        first = int(deal[0]) if len(index) else 0
        seeds = game_seeds(master_seed, first, int(deal[-1]) + 1 if len(index) else 0)[deal - first]
        return seeds, (seat + (index % lineup_size)[:, None]) % lineup_size
    seeds = game_seeds(master_seed, start, stop)
    if mode == "fixed":
        return seeds, np.repeat(seat % lineup_size, len(index), axis=0)
    # random: a permutation of the seats per game, drawn from the game's own seed
    perms = [np.random.default_rng([int(s), 0x5EA7]).permutation(n_players) for s in seeds]
    return seeds, np.array(perms, np.int64).reshape(len(index), n_players) % lineup_size
