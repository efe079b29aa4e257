"""The painting deck's generation rule (spec §5.2), written once: the shipped `paintings.csv` is its output with
the spec's tables, and the sensitivity decks (spec §1.5: weak lean, flatter tier mix) are its output with others.
"""

from __future__ import annotations

from typing import Mapping, Sequence

ORDER = (0, 2, 6, 8, 4, 1, 3, 5, 7)  # corners, centre, edges: where primary squares go first (cosmetic)
SPLIT = {3: (2, 1, 0), 4: (2, 1, 1), 5: (2, 2, 1), 6: (3, 2, 1)}  # squares of (lean, second, third) colour
SECONDARIES = (3, 4, 5, 6)  # secondary squares of a tier 0..3 card (6 - t primaries)
TYPES = (("T1", "RYB", "GOP"), ("T2", "YBR", "POG"), ("T3", "BRY", "OPG"), ("T4", "RBY", "OGP"),
         ("T5", "YRB", "GPO"), ("T6", "BYR", "PGO"), ("T7", "RBY", "PGO"), ("T8", "YBR", "OGP"))
VALUES_BASE = (10, 12, 14, 16)
VALUES_J = (9, 12, 15, 18)
HEADER = ("card_id", "type", "tier", "value_base", "value_variant_J", *(f"sq{i}" for i in range(1, 10)))


def _colours(order: str, split: tuple[int, ...]) -> str:
    return "".join(colour * k for colour, k in zip(order, split))


def generate_paintings(split: Mapping[int, Sequence[int]] = SPLIT,
                       secondaries: Sequence[int] = SECONDARIES) -> list[tuple]:
    """One row per card in the CSV column order of spec §5.3; `split[n]` splits a group of n squares and
    `secondaries[t]` is the number of secondary squares of a tier-t card."""
    rows = []
    for type_index, (name, prim_order, sec_order) in enumerate(TYPES, start=1):
        for tier in range(4):
            n_sec = secondaries[tier]
            p_pos = sorted(ORDER[:9 - n_sec])
            s_pos = [i for i in range(9) if i not in p_pos]
            grid = [""] * 9
            for pos, colour in zip(p_pos, _colours(prim_order, split[9 - n_sec]), strict=True):
                grid[pos] = colour
            for pos, colour in zip(s_pos, _colours(sec_order, split[n_sec]), strict=True):
                grid[pos] = colour
            rows.append((4 * (type_index - 1) + tier + 1, name, tier, VALUES_BASE[tier], VALUES_J[tier], *grid))
    return rows


def paintings_csv(source: str, **tables) -> str:
    """The text of a paintings CSV (spec §5.3) generated with `tables` and tagged `source`."""
    lines = [f"# source: {source}", ",".join(HEADER)]
    lines += [",".join(str(v) for v in row) for row in generate_paintings(**tables)]
    return "\n".join(lines) + "\n"
