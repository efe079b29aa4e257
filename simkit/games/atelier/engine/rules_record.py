"""The compiled rules record (layout.RULES_DTYPE) of validated Atelier rules: rule values under their TOML names,
choices as their IntEnum values, unset limits as NO_LIMIT, the component arrays (spec §5, §6.2) and the tables
derived from them (the cards of each power effect)."""

from __future__ import annotations

import numpy as np

from simkit.games.atelier.engine.layout import NO_LIMIT, NONE, RULES_DTYPE, StudentReturn, TieBreak
from simkit.games.atelier.rules.params import STUDENT_RETURN_CHOICES, TIE_BREAKS
from simkit.games.atelier.rules.record import AtelierRules

assert [m.name.lower() for m in StudentReturn] == list(STUDENT_RETURN_CHOICES)
assert [m.name.lower() for m in TieBreak] == list(TIE_BREAKS)

_NOT_NUMERIC = ("data", "paintings_file", "powers_file", "patrons_file")  # files, read by the loader


def rules_record(rules: AtelierRules) -> np.ndarray:
    arr = np.zeros(1, RULES_DTYPE)
    r, v = arr[0], rules.values
    for name, value in v.items():
        if name in _NOT_NUMERIC:
            continue
        if name == "collect_ties_player_counts":
            r[name][list(value)] = 1
        elif name == "student_return_choice":
            r[name] = StudentReturn[value.upper()]
        elif name == "tie_break":
            r[name][:] = NONE
            r[name][: len(value)] = [TieBreak[t.upper()] for t in value]
        elif value is None:
            r[name] = NO_LIMIT
        else:
            r[name] = value
    cards = rules.paintings
    k = len(cards)
    r["n_paintings"] = k
    r["painting_category"][:k] = cards.category
    r["painting_cost"][:k] = cards.cost
    r["painting_vp"][:k] = cards.vp
    r["painting_students_returned"][:k] = cards.students_returned
    r["painting_masterpiece"][:k] = cards.masterpiece
    r["painting_power"][:k] = cards.power
    r["painting_power_timing"][:k] = cards.power_timing
    r["painting_power_effect"][:k] = cards.power_effect
    r["painting_power_amount"][:k] = cards.power_amount
    r["category_in_data"][np.unique(cards.category)] = 1
    for effect in range(len(r["n_effect_cards"])):
        rows = np.flatnonzero(np.asarray(cards.power_effect) == effect)
        r["effect_cards"][effect, : len(rows)] = rows
        r["n_effect_cards"][effect] = len(rows)
    patrons = rules.patrons
    m = len(patrons)
    r["n_patrons"] = m
    r["patron_condition"][:m] = patrons.condition
    r["patron_param"][:m] = patrons.param
    r["patron_vp"][:m] = patrons.vp
    r["patron_cap"][:m] = patrons.cap
    return arr
