"""The scenarios of a Canvas ruleset: the scoring cards in play in a game, and for each set of scoring cards the
rules record and the tables the compiled policies read (derived from the rules and data at run time)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from simkit.core.errors import GameAbortedError
from simkit.games.canvas.engine import transitions as engine
from simkit.games.canvas.engine.scoring import MAX_RIBBONS_PER_PAINTING, SpaceScoring
from simkit.games.canvas.engine.tables import (PaintingTable, PolicyTable, build_painting_table, card_quality,
                                               new_value_cache)
from simkit.games.canvas.rules.components import SCORING_CONDITIONS
from simkit.games.canvas.rules.ruleset import CanvasRules


@dataclass(frozen=True)
class Scenario:
    """What compiled code reads for the games with one set of scoring cards, besides their states."""

    rules_arr: np.ndarray  # one-record array of rules.RULES_DTYPE; compiled functions take rules_arr[0]
    table: PaintingTable
    policy_table: PolicyTable  # what the compiled policies read of it
    gains_states: int  # how many gains states a player can be in: the held ribbons of each scoring card in play

    def value_cache(self) -> np.ndarray:
        """A blank cache of the policies' marginal values (one per batch call: compiled code fills it)."""
        return new_value_cache(self.policy_table, self.gains_states)


def scoring_of(rules: CanvasRules, seed: int) -> tuple[int, ...]:
    """Condition ids of the scoring cards in play in the game with this seed."""
    n = rules.random_scoring_count
    if not n:
        return rules.fixed_scoring
    out = np.zeros(len(SCORING_CONDITIONS), np.int8)
    engine.draw_scoring_cards(np.uint64(seed), len(SCORING_CONDITIONS), n, out)
    return tuple(int(c) for c in out[:n])


def build_scenario(rules: CanvasRules, scoring: tuple[int, ...]) -> Scenario:
    """The rules record and painting table of the games with these scoring cards. The tables are shared by every
    game (in this process) with the same data and painting rules: variants that differ in player count or solo mode
    do not rebuild them."""
    table, policy_table, quality = _scenario_tables(
        rules.deck.masks.tobytes(), rules.scoring.tracks.tobytes(), rules.scoring.track_len.tobytes(),
        rules["cards_per_painting"], scoring, SpaceScoring[rules["space_scoring"].upper()],
        rules["bonus_ribbon_points"])
    gains_states = math.prod(int(rules.scoring.track_len[c]) + 1 for c in scoring)
    return Scenario(rules.record(scoring, quality), table, policy_table, gains_states)


@lru_cache(maxsize=32)
def _scenario_tables(masks: bytes, tracks: bytes, track_len: bytes, k: int, scoring: tuple[int, ...],
                     space_scoring: int, bonus_ribbon_points: int) -> tuple[PaintingTable, PolicyTable, np.ndarray]:
    """The painting table, what the policies read of it and the card qualities of one scenario, keyed by the data
    they are derived from."""
    # writable copies, like the arrays the engine gets: a read-only one would compile scoring functions again
    masks_a = np.frombuffer(masks, np.uint8).reshape(-1, 5).copy()
    tracks_a = np.frombuffer(tracks, np.int16).reshape(len(SCORING_CONDITIONS), -1).copy()
    track_len_a = np.frombuffer(track_len, np.int8).copy()
    non_decreasing = all(np.all(np.diff(tracks_a[c, : track_len_a[c]]) >= 0) for c in scoring)
    table = build_painting_table(masks_a, k, scoring, space_scoring, non_decreasing)
    if table.vecs[..., : len(scoring)].max(initial=0) > MAX_RIBBONS_PER_PAINTING:  # gain tables stop there
        raise GameAbortedError(f"a painting earns more than {MAX_RIBBONS_PER_PAINTING} ribbons of one card; "
                               "the compiled policies do not support that")
    quality = card_quality(table, len(masks_a), k, scoring, tracks_a, track_len_a, bonus_ribbon_points)
    return table, PolicyTable.of(table), quality
