"""Alternative data sets for sensitivity analysis (spec §8: "how each conclusion moves with the masterpiece share,
the VP-per-cost curve and the power set"). Each one changes one generation rule of spec §5.1–§5.2 and keeps the
rest; every one is valid under spec §5.4. `data/alternatives/README.md` tells the same story for users.

`python -m simkit.games.atelier.alternatives` rewrites `data/` (the reconstructed set) and every alternative folder;
a test checks the shipped files equal this output.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from simkit.games.atelier.reconstruction import (MASTERPIECE_SLOTS, POWERS_BY_CATEGORY, DataSet, painting_rows,
                                                 power_rows, reconstructed, write_data_folder)

DATA_DIR = Path(__file__).parent / "data"
TAG_PREFIX = "sensitivity-"

# Every power amount one higher (collect_ties has none); ids follow the amounts. Same slots as spec §5.1 rule 5.
STRONGER_POWERS = (
    ("wp_inspiration_3", "when_painted", "gain_inspiration", 3, "Take 3 Inspiration tokens."),
    ("wp_place_students_3", "when_painted", "place_students", 3,
     "Place up to 3 students from your pool at piles of your choice."),
    ("wp_paint_any_3", "when_painted", "gain_paint_any", 3, "Take 3 paint cylinders from any piles."),
    ("wp_draw_patron_2", "when_painted", "draw_patron", 2, "Draw the top 2 patron cards (keep them secret)."),
    ("og_die_adjust_2", "ongoing", "die_adjust", 2,
     "Once per turn, change one active die by +2 or −2 (faces stay within 1–6)."),
    ("og_wild_paint_2", "ongoing", "wild_paint", 2,
     "Each time you paint, you may pay up to 2 cylinders of any colour in place of 2 required cylinders."),
    ("og_collect_ties", "ongoing", "collect_ties", 0,
     "When you Collect (die 4), piles where you are tied for most students also give you paint."),
    ("og_extra_inspiration_2", "ongoing", "extra_inspiration", 2,
     "Each time you take Inspiration with a die (main action B), take 2 more tokens."),
)
STRONGER_ID = {"wp_inspiration_2": "wp_inspiration_3", "wp_place_students_2": "wp_place_students_3",
               "wp_paint_any_2": "wp_paint_any_3", "wp_draw_patron": "wp_draw_patron_2",
               "og_die_adjust": "og_die_adjust_2", "og_wild_paint": "og_wild_paint_2",
               "og_collect_ties": "og_collect_ties", "og_extra_inspiration": "og_extra_inspiration_2"}
NO_POWERS = tuple(("", "", "") for _ in POWERS_BY_CATEGORY)


def steeper_vp(total: int, masterpiece: bool, has_power: bool) -> int:
    """Slope 2 instead of 1, pivoting on the mean cost 4 (VP 3): 1, 1, 3, 5, 7 (+1, −1) for costs 2–6."""
    return max(1, 3 + 2 * (total - 4) + masterpiece - has_power)


def flatter_vp(total: int, masterpiece: bool, has_power: bool) -> int:
    """Slope 1/2 (rounded down) instead of 1, pivoting on the mean cost 4 (VP 3): 2, 2, 3, 3, 4 for costs 2–6."""
    return max(1, 3 + (total - 4) // 2 + masterpiece - has_power)


def _variant(name: str, description: str, **changes) -> DataSet:
    return replace(reconstructed(), data_source=TAG_PREFIX + name, description=description, **changes)


ALTERNATIVES = {
    "more-masterpieces": _variant(
        "more-masterpieces", "16 masterpieces: slot 7 (cost 5) is one too, +1 VP by rule 3",
        paintings=painting_rows(masterpiece_slots=(7, *MASTERPIECE_SLOTS))),
    "fewer-masterpieces": _variant(
        "fewer-masterpieces", "8 masterpieces: slot 8 (cost 5) is not one, -1 VP by rule 3",
        paintings=painting_rows(masterpiece_slots=(9, 10))),
    "steeper-vp": _variant(
        "steeper-vp", "VP = max(1, 3 + 2 x (total - 4) + masterpiece - power)",
        paintings=painting_rows(vp_rule=steeper_vp)),
    "flatter-vp": _variant(
        "flatter-vp", "VP = max(1, 3 + floor((total - 4) / 2) + masterpiece - power)",
        paintings=painting_rows(vp_rule=flatter_vp)),
    "stronger-powers": _variant(
        "stronger-powers", "every power amount +1 (collect_ties unchanged); same cards, same VP",
        paintings=painting_rows(powers_by_category=tuple(tuple(STRONGER_ID[p] for p in ps)
                                                         for ps in POWERS_BY_CATEGORY)),
        powers=power_rows(STRONGER_POWERS)),
    "no-powers": _variant(
        "no-powers", "no powers: an empty powers.csv, VP by rule 3 without the power's -1",
        paintings=painting_rows(powers_by_category=NO_POWERS), powers=()),
}


def write_all(data_dir: Path = DATA_DIR) -> None:
    """Write the reconstructed data folder and every alternative under it."""
    write_data_folder(data_dir, reconstructed())
    for name, data in ALTERNATIVES.items():
        write_data_folder(data_dir / "alternatives" / name, data)


if __name__ == "__main__":
    write_all()
