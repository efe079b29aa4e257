"""Atelier component data (spec §5): paintings, powers and patrons, loaded from CSV files, validated as spec §5.4
says, and turned into numeric arrays the engine reads.

The arrays hold only vocabulary values (`vocabulary.py`) and numbers: an engine needs no card id, category name or
power id. Ids and texts are kept alongside for records and logs. Errors name the file, the row and the column.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from simkit.games.atelier.rules.datafiles import DataFile
from simkit.core.datatable import Table, file_name, file_names, read_table
from simkit.games.atelier.rules.vocabulary import (CATEGORIES, CONDITION_PARAM, EFFECT_TIMING, EFFECTS_WITHOUT_AMOUNT,
                                                   Colour, Condition, Effect, ParamKind, Timing)

COLOURS = file_names(Colour)
PAINTING_COLUMNS = ("card_id", "category", *COLOURS, "vp", "students_returned", "masterpiece", "power")
POWER_COLUMNS = ("power_id", "timing", "effect", "amount", "text")
PATRON_COLUMNS = ("patron_id", "condition", "param", "vp", "cap")

# Array bounds of an engine's state; the shipped data uses 40 paintings, 8 powers and 16 patrons.
MAX_PAINTINGS, MAX_POWERS, MAX_PATRONS = 64, 32, 32
MAX_ID = 9999
MAX_VALUE = 99  # costs, VP, students returned: int8-sized sanity bound
MAX_AMOUNT = 9
NO_POWER = -1  # `Paintings.power` and the power_* arrays of a card without a power
NO_PARAM = -1  # `Patrons.param` of a condition without one
NO_CAP = -1  # `Patrons.cap` of an uncapped patron


@dataclass(frozen=True)
class Powers:
    """spec §5.2, one entry per row of powers.csv."""

    ids: tuple[str, ...]
    timing: np.ndarray  # int8[p]: Timing
    effect: np.ndarray  # int8[p]: Effect
    amount: np.ndarray  # int8[p]
    texts: tuple[str, ...]
    file: DataFile = field(repr=False)

    def __len__(self) -> int:
        return len(self.ids)


@dataclass(frozen=True)
class Paintings:
    """spec §5.1, one entry per card in file order; `power` indexes `Powers` and the power_* arrays copy its kind."""

    ids: np.ndarray  # int16[n]
    category: np.ndarray  # int8[n]: index into vocabulary.CATEGORIES
    cost: np.ndarray  # int8[n, 4]: paint per colour, Colour order
    vp: np.ndarray  # int16[n]
    students_returned: np.ndarray  # int8[n]
    masterpiece: np.ndarray  # bool[n]
    power: np.ndarray  # int8[n]: row of powers.csv or NO_POWER
    power_timing: np.ndarray  # int8[n]: Timing or NO_POWER
    power_effect: np.ndarray  # int8[n]: Effect or NO_POWER
    power_amount: np.ndarray  # int8[n]: 0 without a power
    file: DataFile = field(repr=False)

    def __len__(self) -> int:
        return len(self.ids)


@dataclass(frozen=True)
class Patrons:
    """spec §5.3: a patron scores min(cap, vp × units of its condition)."""

    ids: np.ndarray  # int16[m]
    condition: np.ndarray  # int8[m]: Condition
    param: np.ndarray  # int8[m]: category index, Colour, or NO_PARAM (CONDITION_PARAM says which)
    vp: np.ndarray  # int16[m]
    cap: np.ndarray  # int16[m]: NO_CAP for none
    file: DataFile = field(repr=False)

    def __len__(self) -> int:
        return len(self.ids)


def _check_size(table: Table, what: str, most: int) -> None:
    if len(table) > most:
        raise table.error(most, table.columns[0], f"at most {most} {what} are supported, got {len(table)}")


def load_powers(file: DataFile) -> Powers:
    """Powers (spec §5.2): unique ids, known timing and effect kinds that agree, an amount the kind can use."""
    table = read_table(file.path, file.name, POWER_COLUMNS, allow_no_rows=True)  # a deck may have no powers
    _check_size(table, "powers", MAX_POWERS)
    ids, timing, effect, amount = [], [], [], []
    for r in range(len(table)):
        power_id = table.cell(r, "power_id")
        if not power_id:
            raise table.error(r, "power_id", "empty power id")
        if power_id in ids:
            first = ids.index(power_id) + 1
            raise table.error(r, "power_id", f"duplicate power id {power_id!r} (first in row {first})")
        kind = table.kind(r, "effect", Effect)
        when = table.kind(r, "timing", Timing)
        if when != EFFECT_TIMING[kind]:
            raise table.error(r, "timing", f"effect {file_name(kind)} is a {file_name(EFFECT_TIMING[kind])} "
                                           f"power, not {file_name(when)} (spec §5.2)")
        low = 0 if kind in EFFECTS_WITHOUT_AMOUNT else 1
        ids.append(power_id)
        timing.append(when)
        effect.append(kind)
        amount.append(table.integer(r, "amount", low, MAX_AMOUNT))
    return Powers(tuple(ids), np.array(timing, np.int8), np.array(effect, np.int8), np.array(amount, np.int8),
                  tuple(table.cell(r, "text") for r in range(len(table))), file)


def load_paintings(file: DataFile, powers: Powers) -> Paintings:
    """Painting cards (spec §5.1, validated as §5.4 says; the masterpiece count is checked by the rules record,
    since it depends on `masterpieces_to_trigger`)."""
    table = read_table(file.path, file.name, PAINTING_COLUMNS)
    _check_size(table, "paintings", MAX_PAINTINGS)
    ids = table.unique_integer_ids("card_id", 1, MAX_ID)
    category, cost, vp, returned, masterpiece, power = [], [], [], [], [], []
    for r in range(len(table)):
        category.append(table.choice(r, "category", CATEGORIES))
        card_cost = [table.integer(r, c, 0, MAX_VALUE) for c in COLOURS]
        if sum(card_cost) < 1:
            raise table.error(r, ", ".join(COLOURS), "a painting costs at least 1 paint in all (spec §5.4)")
        cost.append(card_cost)
        vp.append(table.integer(r, "vp", 0, MAX_VALUE))
        returned.append(table.integer(r, "students_returned", 0, MAX_VALUE))
        masterpiece.append(table.boolean(r, "masterpiece"))
        power_id = table.cell(r, "power")
        if power_id and power_id not in powers.ids:
            raise table.error(r, "power", f"unknown power {power_id!r}; {powers.file.name} defines "
                                          f"{', '.join(powers.ids) or 'none'}")
        power.append(powers.ids.index(power_id) if power_id else NO_POWER)
    power_arr = np.array(power, np.int8)
    has = power_arr != NO_POWER

    def per_card(values: np.ndarray, absent: int) -> np.ndarray:
        out = np.full(len(power_arr), absent, np.int8)
        out[has] = values[power_arr[has]]
        return out

    return Paintings(np.array(ids, np.int16), np.array(category, np.int8), np.array(cost, np.int8).reshape(-1, 4),
                     np.array(vp, np.int16), np.array(returned, np.int8), np.array(masterpiece, bool), power_arr,
                     per_card(powers.timing, NO_POWER), per_card(powers.effect, NO_POWER),
                     per_card(powers.amount, 0), file)


def _patron_param(table: Table, r: int, condition: Condition) -> int:
    """The `param` cell as a category index or Colour; NO_PARAM for conditions that take none (spec §5.4)."""
    wanted, text = CONDITION_PARAM[condition], table.cell(r, "param")
    name = file_name(condition)
    if wanted == ParamKind.NONE:
        if text:
            raise table.error(r, "param", f"condition {name} takes no param, got {text!r}; leave it empty")
        return NO_PARAM
    allowed = CATEGORIES if wanted == ParamKind.CATEGORY else COLOURS
    if not text:
        raise table.error(r, "param", f"condition {name} needs a {file_name(wanted)}: one of {', '.join(allowed)}")
    return table.choice(r, "param", allowed)


def load_patrons(file: DataFile) -> Patrons:
    """Patron cards (spec §5.3): unique ids, known condition kinds, `param` as the kind needs, `cap` empty or ≥ 0."""
    table = read_table(file.path, file.name, PATRON_COLUMNS)
    _check_size(table, "patrons", MAX_PATRONS)
    ids = table.unique_integer_ids("patron_id", 1, MAX_ID)
    condition, param, vp, cap = [], [], [], []
    for r in range(len(table)):
        kind = table.kind(r, "condition", Condition)
        condition.append(kind)
        param.append(_patron_param(table, r, kind))
        vp.append(table.integer(r, "vp", 0, MAX_VALUE))
        limit = table.optional_integer(r, "cap", 0, 999)
        cap.append(NO_CAP if limit is None else limit)
    return Patrons(np.array(ids, np.int16), np.array(condition, np.int8), np.array(param, np.int8),
                   np.array(vp, np.int16), np.array(cap, np.int16), file)
