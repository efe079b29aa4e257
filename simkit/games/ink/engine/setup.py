"""Setup (spec §2.3): every random step is drawn from the game's own stream for that kind of chance event, then
the deal."""

import numpy as np

from simkit.core.jit import njit
from simkit.core.records import clear_record
from simkit.core.rng import next_below, shuffle, stream_key
from simkit.games.ink.engine.flow import begin_turn
from simkit.games.ink.engine.lattice import put_tile
from simkit.games.ink.engine.layout import (IN_SUPPLY, MAX_NIBS, MAX_PLAYERS, MAX_TILES, NONE, REMOVED, STREAM_BAG,
                                            STREAM_BONUS, STREAM_PALETTES, STREAM_POLICY, STREAM_START_PLAYER,
                                            STREAM_START_TILES, STREAM_X, X_ASIDE, X_BAG, X_BOX, BonusOrder)
from simkit.games.ink.rules.components import MAX_BONUS_TOKENS, MAX_X_TOKENS
from simkit.games.ink.rules.vocabulary import Back, TokenKind


@njit
def drawn(rng, values, n, k):
    """The first k of values[:n] after a uniform shuffle: k drawn without replacement, in draw order."""
    shuffle(rng, values, n)
    return min(k, n)


@njit
def setup_x_tokens(r, s):
    """Step 5: 3n X tokens into the X bag (their draw order), 2n XX tokens set aside, the rest in the box."""
    kinds = np.empty(MAX_X_TOKENS, np.int8)  # int8 like every deck: shuffle compiles once
    for kind in range(2):
        n = 0
        for t in range(r.n_x_tokens):
            if r.x_kind[t] == kind:
                kinds[n] = t
                n += 1
        per_player = r.x_tokens_per_player if kind == TokenKind.X else r.xx_tokens_per_player
        k = drawn(s.x_rng, kinds, n, per_player * r.n_players)
        for i in range(n):
            s.x_where[kinds[i]] = X_BOX
        for i in range(k):
            if kind == TokenKind.X:
                s.x_bag[i] = kinds[i]
                s.x_where[kinds[i]] = X_BAG
            else:
                s.x_aside[i] = kinds[i]
                s.x_where[kinds[i]] = X_ASIDE
        if kind == TokenKind.X:
            s.x_bag_n = k
        else:
            s.x_aside_n = k
    s.x_bag_pos = 0
    s.x_hand = NONE


@njit
def setup_bonus_rows(r, s):
    """Step 6: bonus_red red and bonus_blue blue tiles drawn at random, by rank ascending onto the rows (or in random
    order, `bonus_order`)."""
    chosen = np.empty(r.n_bonus_tiles, np.int8)
    pool = np.empty(r.n_bonus_tiles, np.int8)
    total = 0
    for back in range(2):
        n = 0
        for b in range(r.n_bonus_tiles):
            if r.bonus_back[b] == back:
                pool[n] = b
                n += 1
        k = drawn(s.bonus_rng, pool, n, r.bonus_red if back == Back.RED else r.bonus_blue)
        for i in range(k):
            chosen[total] = pool[i]
            total += 1
    if r.bonus_order == BonusOrder.RANDOM:
        shuffle(s.bonus_rng, chosen, total)
    else:  # stable: equal ranks keep their file order within each back
        for i in range(1, total):
            j = i
            while j > 0 and r.bonus_rank[chosen[j - 1]] > r.bonus_rank[chosen[j]]:
                chosen[j - 1], chosen[j] = chosen[j], chosen[j - 1]
                j -= 1
    for i in range(total):
        s.row_bonus[i] = chosen[i]


@njit
def setup(r, s, seed):
    """Blank the record, draw the game's chance outcomes from `seed`, deal (spec §2.3)."""
    clear_record(s)
    s.bag_rng[0] = stream_key(seed, STREAM_BAG)
    s.start_tiles_rng[0] = stream_key(seed, STREAM_START_TILES)
    s.palettes_rng[0] = stream_key(seed, STREAM_PALETTES)
    s.x_rng[0] = stream_key(seed, STREAM_X)
    s.bonus_rng[0] = stream_key(seed, STREAM_BONUS)
    s.start_player_rng[0] = stream_key(seed, STREAM_START_PLAYER)
    for p in range(MAX_PLAYERS):
        s.policy_rng[p, 0] = stream_key(seed, STREAM_POLICY + p)
    n = r.n_players
    deck = np.empty(max(r.n_start_tiles, r.n_palettes), np.int8)
    for i in range(r.n_start_tiles):  # step 2: the starting tiles, at cell (0, 0) as listed
        deck[i] = i
    shuffle(s.start_tiles_rng, deck, r.n_start_tiles)
    for p in range(n):
        s.start_tile[p] = deck[p]
        s.n_slots[p] = 1
        put_tile(r, s, p, MAX_TILES + deck[p], 0, 0, 0, 0)
    for i in range(r.n_palettes):  # step 3: the palettes
        deck[i] = i
    shuffle(s.palettes_rng, deck, r.n_palettes)
    for p in range(n):
        s.palette[p] = deck[p]
    for i in range(r.n_tiles):  # step 4: the Ink bag, one tile per nib
        s.bag_order[i] = i
    shuffle(s.bag_rng, s.bag_order, r.n_tiles)
    for d in range(MAX_NIBS + 1):
        s.nib_tile[d] = NONE
    for d in range(1, r.nibs + 1):
        s.nib_tile[d] = s.bag_order[d - 1]
    s.bag_pos = r.nibs
    setup_x_tokens(r, s)
    setup_bonus_rows(r, s)
    for p in range(n):  # step 7: own bottles; the main bottle on the start space
        s.res_palette[p] = r.bottles_palette
        s.res_wild[p] = r.bottles_wild
        s.main_pos[p] = 0
    s.black_reserve = r.black_bottles  # step 8: the black reserve and the bonus token supplies
    for i in range(MAX_BONUS_TOKENS):
        s.btok_where[i] = IN_SUPPLY if i < r.n_bonus_tokens else REMOVED
    s.first_player = next_below(s.start_player_rng, n)  # step 9 (RULING: uniformly random)
    s.round = 1
    begin_turn(r, s, s.first_player)
