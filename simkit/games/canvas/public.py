"""The public painting scorer: `score_painting(cards, scoring_cards)`."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from simkit.core.errors import ConfigError
from simkit.games.canvas.components import SCORING_CONDITIONS, load_art_cards
from simkit.games.canvas.scoring import BONUS, SPACE_SCORING_MODES, painting_ribbons


def score_painting(cards: Sequence[int], scoring_cards: Sequence[str], *, space_scoring: str = "max_matching",
                   art_cards_file: str | None = None) -> dict[str, int]:
    """Ribbons one painting earns: {scoring card name: ribbons, ..., "bonus": grey ribbons}.

    `cards` are Art card ids, bottom to top. Ribbons are as earned by this painting (no track cap applies
    to a single painting's count).
    """
    if space_scoring not in SPACE_SCORING_MODES:
        raise ConfigError(f"space_scoring must be one of {', '.join(SPACE_SCORING_MODES)}, got {space_scoring!r}")
    deck = load_art_cards(art_cards_file)
    stack = np.array([deck.index_of(int(c)) for c in cards], np.int64)
    if len(set(stack.tolist())) != len(stack):
        raise ConfigError(f"a painting needs distinct cards, got {list(cards)}")
    known = {n.lower(): i for i, n in enumerate(SCORING_CONDITIONS)}
    unknown = [n for n in scoring_cards if n.lower() not in known]
    if unknown:
        raise ConfigError(f"unknown scoring card {unknown[0]!r}; known: {', '.join(SCORING_CONDITIONS)}")
    earned = np.zeros(BONUS + 1, np.int8)
    painting_ribbons(deck.masks, stack, len(stack), SPACE_SCORING_MODES.index(space_scoring), earned)
    result = {SCORING_CONDITIONS[known[n.lower()]]: int(earned[known[n.lower()]]) for n in scoring_cards}
    result["bonus"] = int(earned[BONUS])
    return result
