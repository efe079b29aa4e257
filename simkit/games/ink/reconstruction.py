"""The generation rules of spec §6.2 that produce `data/tiles.csv`: 20 families, each instantiated once per lead
colour. `alternatives.py` changes one rule at a time for the sensitivity data sets; a test checks that the rules
reproduce the shipped file (and the listing of spec §6.8).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from simkit.games.ink.rules.components import COLOURS, TILE_COLUMNS


@dataclass(frozen=True)
class Family:
    """spec §6.2 rule 1: colour offsets and markings for TL, TR, BR, BL (offset 0 = the lead colour)."""

    code: str
    offsets: tuple[int, int, int, int]
    marks: tuple[str, str, str, str]  # "", "s" or a goal value
    diagonal: str = ""  # "", "tl_br" or "tr_bl"

    def with_mark(self, position: int, mark: str) -> "Family":
        marks = list(self.marks)
        marks[position] = mark
        return replace(self, marks=tuple(marks))


def _family(code: str, offsets: str, marks: str, diagonal: str = "") -> Family:
    return Family(code, tuple(int(o) for o in offsets.split()),  # type: ignore[arg-type]
                  tuple(m.replace("·", "") for m in marks.split("/")), diagonal)  # type: ignore[arg-type]


# spec §6.2, the table of families in order (f = 1..20)
FAMILIES = (
    _family("G1", "0 0 1 1", "3/·/s/·"), _family("G2", "0 0 2 3", "3/s/·/·"), _family("G3", "0 0 0 4", "4/·/s/·"),
    _family("G4", "0 1 0 3", "4/·/·/s", "tl_br"), _family("G5", "0 0 2 2", "5/s/·/s"),
    _family("G6", "0 1 3 4", "5/s/·/·"), _family("G7", "0 0 0 3", "6/s/s/·"), _family("G8", "0 0 4 1", "6/·/s/·"),
    _family("G9", "0 0 3 3", "7/s/·/s"), _family("G10", "0 0 0 2", "7/s/·/s"), _family("N1", "0 0 4 4", "s/·/·/·"),
    _family("N2", "0 0 1 3", "s/·/s/·"), _family("N3", "0 0 0 1", "·/s/·/·"),
    _family("N4", "0 2 0 4", "s/·/·/·", "tl_br"), _family("N5", "0 2 4 1", "s/·/s/·"),
    _family("N6", "0 0 2 2", "·/·/·/·"),
    _family("N7", "0 0 3 1", "s/·/·/·"),
    _family("N8", "0 0 0 4", "·/·/s/·"), _family("N9", "0 3 0 1", "·/s/·/·", "tl_br"),
    _family("N10", "0 0 3 3", "s/·/·/s"),
)


def tiles_csv(families: tuple[Family, ...], extra: tuple[Family, ...] = (), extra_first_id: int = 201) -> str:
    """The tile file of these families (spec §6.2 rule 2: tile_id = 5 (f − 1) + k + 1), then `extra` families
    numbered from `extra_first_id` the same way."""
    lines = [",".join(TILE_COLUMNS)]
    for first, group in ((1, families), (extra_first_id, extra)):
        for f, family in enumerate(group):
            for k in range(len(COLOURS)):
                colours = [COLOURS[(k + o) % len(COLOURS)] for o in family.offsets]
                tile_id = first + len(COLOURS) * f + k
                lines.append(",".join([str(tile_id), family.code, *colours, *family.marks, family.diagonal]))
    return "\n".join(lines) + "\n"
