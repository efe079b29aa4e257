"""The reconstructed component data of spec §5 as code: the generation rules of §5.1 and the tables of §5.2–§5.3,
parameterised so that `alternatives.py` can derive the sensitivity data sets from the same rules.

`reconstructed()` reproduces the shipped `data/` files exactly (a test checks it); `write_data_folder` writes a data
set as a data folder (meta.toml and the three CSVs).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from simkit.games.atelier.rules.components import PAINTING_COLUMNS, PATRON_COLUMNS, POWER_COLUMNS
from simkit.core.datatable import file_name
from simkit.games.atelier.rules.vocabulary import CATEGORIES, Colour

Row = dict[str, object]
VpRule = Callable[[int, bool, bool], int]  # (total cost, masterpiece, has power) -> VP


@dataclass(frozen=True)
class DataSet:
    data_source: str
    description: str
    paintings: tuple[Row, ...]
    powers: tuple[Row, ...]
    patrons: tuple[Row, ...]


# spec §5.1 rule 1: the theme colour of each category, in CATEGORIES order; roles T, A, B, C follow it cyclically
THEME = (Colour.BLUE, Colour.YELLOW, Colour.GREEN, Colour.RED)
# spec §5.1 rule 2: slot -> cost in roles T/A/B/C; the power role of slots 2, 4 and 6 (rule 5)
SLOT_COSTS = {1: (1, 1, 0, 0), 2: (1, 0, 1, 0), 3: (2, 0, 0, 1), 4: (1, 1, 0, 1), 5: (2, 1, 1, 0),
              6: (1, 0, 2, 1), 7: (2, 2, 0, 1), 8: (2, 0, 1, 2), 9: (3, 2, 1, 0), 10: (1, 1, 2, 2)}
MASTERPIECE_SLOTS = (8, 9, 10)
POWER_SLOTS = (2, 4, 6)  # small when-painted, ongoing, large when-painted
# spec §5.1 rule 5: per category, the power of slots 2, 4 and 6
POWERS_BY_CATEGORY = (
    ("wp_inspiration_2", "og_die_adjust", "wp_paint_any_2"),
    ("wp_place_students_2", "og_wild_paint", "wp_draw_patron"),
    ("wp_inspiration_2", "og_collect_ties", "wp_paint_any_2"),
    ("wp_place_students_2", "og_extra_inspiration", "wp_draw_patron"),
)

# spec §5.2: power_id, timing, effect, amount, text
POWERS = (
    ("wp_inspiration_2", "when_painted", "gain_inspiration", 2, "Take 2 Inspiration tokens."),
    ("wp_place_students_2", "when_painted", "place_students", 2,
     "Place up to 2 students from your pool at piles of your choice."),
    ("wp_paint_any_2", "when_painted", "gain_paint_any", 2, "Take 2 paint cylinders from any piles."),
    ("wp_draw_patron", "when_painted", "draw_patron", 1, "Draw the top patron card (keep it secret)."),
    ("og_die_adjust", "ongoing", "die_adjust", 1,
     "Once per turn, change one active die by +1 or −1 (faces stay within 1–6)."),
    ("og_wild_paint", "ongoing", "wild_paint", 1,
     "Each time you paint, you may pay 1 cylinder of any colour in place of 1 required cylinder."),
    ("og_collect_ties", "ongoing", "collect_ties", 0,
     "When you Collect (die 4), piles where you are tied for most students also give you paint."),
    ("og_extra_inspiration", "ongoing", "extra_inspiration", 1,
     "Each time you take Inspiration with a die (main action B), take 1 more token."),
)

# spec §5.3: patron_id, condition, param, vp, cap
PATRONS = (
    *((i + 1, "category_count", c, 2, "") for i, c in enumerate(CATEGORIES)),
    (5, "masterpiece_count", "", 2, ""), (6, "masterpiece_count", "", 2, ""),
    (7, "category_set", "", 4, ""), (8, "category_set", "", 4, ""),
    *((9 + c, "paint_left", file_name(c), 1, 5) for c in Colour),
    (13, "majority_count", "", 2, ""), (14, "power_count", "", 2, ""), (15, "painting_count", "", 1, ""),
    (16, "inspiration_left", "", 1, 5),
)


def reconstructed_vp(total: int, masterpiece: bool, has_power: bool) -> int:
    """spec §5.1 rule 3: VP rise with cost, a masterpiece adds 1, a power costs 1."""
    return max(1, total - 1 + masterpiece - has_power)


def painting_rows(vp_rule: VpRule = reconstructed_vp, masterpiece_slots: tuple[int, ...] = MASTERPIECE_SLOTS,
                  powers_by_category: tuple[tuple[str, ...], ...] = POWERS_BY_CATEGORY) -> tuple[Row, ...]:
    """The 40 paintings of spec §5.1 rules 1–5, with the VP rule, masterpiece slots and powers as arguments."""
    rows = []
    for category_index, (category, theme) in enumerate(zip(CATEGORIES, THEME)):
        for slot, role_costs in SLOT_COSTS.items():
            cost = [0] * len(Colour)
            for role, amount in enumerate(role_costs):
                cost[(theme + role) % len(Colour)] = amount
            total, masterpiece = sum(cost), slot in masterpiece_slots
            power = powers_by_category[category_index][POWER_SLOTS.index(slot)] if slot in POWER_SLOTS else ""
            rows.append({"card_id": 10 * category_index + slot, "category": category,
                         **{file_name(c): cost[c] for c in Colour},
                         "vp": vp_rule(total, masterpiece, bool(power)),
                         "students_returned": (total - 1) // 2,  # rule 4
                         "masterpiece": "true" if masterpiece else "false", "power": power})
    return tuple(rows)


def power_rows(powers=POWERS) -> tuple[Row, ...]:
    return tuple(dict(zip(POWER_COLUMNS, p)) for p in powers)


def reconstructed() -> DataSet:
    """The shipped data of spec §5 (tag `reconstructed-v1`, spec §1.1)."""
    return DataSet("reconstructed-v1", "Reconstructed component data of RULES.md §5 (invented, not the printed cards)",
                   painting_rows(), power_rows(), tuple(dict(zip(PATRON_COLUMNS, p)) for p in PATRONS))


def csv_text(columns: tuple[str, ...], rows: tuple[Row, ...]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows([row[c] for c in columns] for row in rows)
    return out.getvalue()


def folder_texts(data: DataSet) -> dict[str, str]:
    """The text of every file of a data folder, by file name."""
    return {
        "meta.toml": f'data_source = "{data.data_source}"\ndescription = "{data.description}"\n',
        "paintings.csv": csv_text(PAINTING_COLUMNS, data.paintings),
        "powers.csv": csv_text(POWER_COLUMNS, data.powers),
        "patrons.csv": csv_text(PATRON_COLUMNS, data.patrons),
    }


def write_data_folder(folder: Path, data: DataSet) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in folder_texts(data).items():
        (folder / name).write_text(text, encoding="utf-8")
