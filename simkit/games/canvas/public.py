"""The public painting scorer: `score_painting(cards, scoring_cards)`."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from simkit.core.errors import ConfigError
from simkit.games.canvas.rules.components import SCORING_CONDITIONS, load_art_cards, scoring_condition_ids
from simkit.games.canvas.rules.ruleset import PARAMS
from simkit.games.canvas.engine.scoring import BONUS, SPACE_SCORING_MODES, painting_ribbons

CARDS_PER_PAINTING = next(p for p in PARAMS if p.name == "cards_per_painting")


def score_painting(cards: Sequence[int], scoring_cards: Sequence[str], *, space_scoring: str = "max_matching",
                   art_cards_file: str | None = None, cards_per_painting: int | None = None) -> dict[str, int]:
    """Ribbons one painting earns: {scoring card name: ribbons, ..., "bonus": grey ribbons}.

    `cards` are Art card ids, bottom to top: exactly `cards_per_painting` distinct cards (default: the rule's
    default value). Ribbons are as earned by this painting (no track cap applies to a single painting's count).
    """
    if space_scoring not in SPACE_SCORING_MODES:
        raise ConfigError(f"space_scoring must be one of {', '.join(SPACE_SCORING_MODES)}, got {space_scoring!r}")
    k = CARDS_PER_PAINTING.validate(CARDS_PER_PAINTING.default if cards_per_painting is None else cards_per_painting,
                                    source=None)
    if len(cards) != k:
        raise ConfigError(f"a painting is exactly {k} Art cards (rule cards_per_painting), got {len(cards)}: "
                          f"{list(cards)}")
    deck = load_art_cards(art_cards_file)
    stack = np.array([deck.index_of(int(c)) for c in cards], np.int64)
    if len(set(stack.tolist())) != len(stack):
        raise ConfigError(f"a painting needs distinct cards, got {list(cards)}")
    conditions = scoring_condition_ids(scoring_cards)
    earned = np.zeros(BONUS + 1, np.int8)
    painting_ribbons(deck.masks, stack, len(stack), SPACE_SCORING_MODES.index(space_scoring), earned)
    result = {SCORING_CONDITIONS[c]: int(earned[c]) for c in conditions}
    result["bonus"] = int(earned[BONUS])
    return result
