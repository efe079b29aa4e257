"""The closed vocabulary of Atelier's data files (spec §5): colours, categories, power timings, effect kinds and
patron condition kinds.

Each is declared once here. A data file names a member by its lower-case name (`gain_inspiration`,
`category_count`, `when_painted`, `blue`); the loader turns it into the member's integer value, which is all the
engine reads. A printed card no kind expresses needs a new member here and its code in the engine (spec §1.1).
"""

from __future__ import annotations

from enum import IntEnum


class Colour(IntEnum):
    """Paint colours in the order of every file's cost columns (spec §5)."""

    BLUE = 0
    GREEN = 1
    RED = 2
    YELLOW = 3


# The four printed category names (spec §1.1, §5.1) in the order of spec §5.1 rule 1. They are facts of the box,
# so a file naming any other is a typo; the engine only sees the index.
CATEGORIES = ("Impressionist", "Post Impressionist", "Realist", "Romantic")


class Timing(IntEnum):
    """When a painting's power acts (spec §1.1): once as it is painted, or from then on."""

    WHEN_PAINTED = 0
    ONGOING = 1


class Effect(IntEnum):
    """Effect kinds of `powers.csv` (spec §5.2 "Effect kinds")."""

    GAIN_INSPIRATION = 0
    PLACE_STUDENTS = 1
    GAIN_PAINT_ANY = 2
    DRAW_PATRON = 3
    DIE_ADJUST = 4
    WILD_PAINT = 5
    COLLECT_TIES = 6
    EXTRA_INSPIRATION = 7


# The timing each effect kind has in spec §5.2's "kind of power" column; a file must agree.
EFFECT_TIMING = {
    Effect.GAIN_INSPIRATION: Timing.WHEN_PAINTED,
    Effect.PLACE_STUDENTS: Timing.WHEN_PAINTED,
    Effect.GAIN_PAINT_ANY: Timing.WHEN_PAINTED,
    Effect.DRAW_PATRON: Timing.WHEN_PAINTED,
    Effect.DIE_ADJUST: Timing.ONGOING,
    Effect.WILD_PAINT: Timing.ONGOING,
    Effect.COLLECT_TIES: Timing.ONGOING,
    Effect.EXTRA_INSPIRATION: Timing.ONGOING,
}
# `collect_ties` is the one kind whose behaviour has no amount (spec §5.2 ships it with amount 0); every other kind
# with amount 0 would do nothing, which is a data error.
EFFECTS_WITHOUT_AMOUNT = frozenset({Effect.COLLECT_TIES})


class Condition(IntEnum):
    """Patron condition kinds of `patrons.csv` (spec §5.3 "Condition kinds")."""

    CATEGORY_COUNT = 0
    MASTERPIECE_COUNT = 1
    CATEGORY_SET = 2
    PAINT_LEFT = 3
    MAJORITY_COUNT = 4
    POWER_COUNT = 5
    PAINTING_COUNT = 6
    INSPIRATION_LEFT = 7


class ParamKind(IntEnum):
    """What a patron's `param` column names."""

    NONE = 0
    CATEGORY = 1
    COLOUR = 2


CONDITION_PARAM = {c: ParamKind.NONE for c in Condition} | {
    Condition.CATEGORY_COUNT: ParamKind.CATEGORY,
    Condition.PAINT_LEFT: ParamKind.COLOUR,
}
