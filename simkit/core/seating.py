"""Which policy sits in which seat, game by game.

With `rotate`, consecutive games form deals of n_players games that share one seed (the same deck, dice and
first player) while the lineup rotates one seat per game: every policy plays every seat equally often, and
the policies' results are paired within a deal.
"""

import numpy as np

from simkit.core.rng import game_seeds


def seat_plan(mode: str, n_players: int, master_seed: int, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
    """(seeds[g], seats[g, p]) for games start..stop-1: the game seed and the lineup index in seat p."""
    index = np.arange(start, stop)
    if mode == "rotate":
        deal = index // n_players
        seeds = game_seeds(master_seed, int(deal[0]), int(deal[-1]) + 1)[deal - deal[0]] if len(index) else \
            np.zeros(0, np.uint64)
        rotation = index % n_players
        seats = (np.arange(n_players)[None, :] - rotation[:, None]) % n_players
        return seeds, seats
    seeds = game_seeds(master_seed, start, stop)
    if mode == "fixed":
        return seeds, np.tile(np.arange(n_players), (len(index), 1))
    # random: a permutation per game drawn from the game's own seed
    seats = np.array([np.random.default_rng([int(s), 0x5EA7]).permutation(n_players) for s in seeds],
                     np.int64).reshape(len(index), n_players)
    return seeds, seats
