"""Alternative data sets for sensitivity analysis (spec §9: "how the conclusions move with bag size, goal density,
splash density and the share of diagonal tiles"). Each changes one generation rule of spec §6.2 and keeps every other
file of the reconstructed set; every one is valid under spec §6.9. `data/alternatives/README.md` tells the same story
for users.

`python -m simkit.games.ink.alternatives` rewrites every alternative folder; a test checks the shipped files equal
this output.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from simkit.games.ink.reconstruction import FAMILIES, Family, tiles_csv
from simkit.games.ink.rules.datafiles import FILES

DATA_DIR = Path(__file__).parent / "data"
TAG_PREFIX = "sensitivity-"


def _changed(change: dict[str, Family]) -> tuple[Family, ...]:
    return tuple(change.get(f.code, f) for f in FAMILIES)


F = {f.code: f for f in FAMILIES}
# name -> (what changes, the families, families added after them)
ALTERNATIVES: dict[str, tuple[str, tuple[Family, ...], tuple[Family, ...]]] = {
    "smaller-bag": ("80 tiles: families G2, G10, N2 and N10 left out (one 3 and one 7 goal family, two plain ones)",
                    tuple(f for f in FAMILIES if f.code not in ("G2", "G10", "N2", "N10")), ()),
    "larger-bag": ("120 tiles: families G2, G10, N2 and N10 a second time (ids 201–220)", FAMILIES,
                   tuple(F[c] for c in ("G2", "G10", "N2", "N10"))),
    "denser-goals": ("60 goals: N3 gains a goal 4 and N6 a goal 3 on their lead TL square",
                     _changed({"N3": F["N3"].with_mark(0, "4"), "N6": F["N6"].with_mark(0, "3")}), ()),
    "sparser-goals": ("40 goals: G2 (a 3) and G6 (a 5) lose their goal", _changed(
        {"G2": F["G2"].with_mark(0, ""), "G6": F["G6"].with_mark(0, "")}), ()),
    "more-splashes": ("150 splashes: N6 and N8 gain a splash on TL, N3 and N9 on BL", _changed(
        {"N6": F["N6"].with_mark(0, "s"), "N8": F["N8"].with_mark(0, "s"), "N3": F["N3"].with_mark(3, "s"),
         "N9": F["N9"].with_mark(3, "s")}), ()),
    "fewer-splashes": ("110 splashes: G5, G9, G10 and N10 lose the splash on BL", _changed(
        {c: F[c].with_mark(3, "") for c in ("G5", "G9", "G10", "N10")}), ()),
    "more-diagonals": ("25 diagonal tiles: G3 and N3 join TL and BR (both lead colour)", _changed(
        {c: Family(F[c].code, F[c].offsets, F[c].marks, "tl_br") for c in ("G3", "N3")}), ()),
    "fewer-diagonals": ("5 diagonal tiles: N4 and N9 lose their diagonal (G4 keeps it)", _changed(
        {c: Family(F[c].code, F[c].offsets, F[c].marks, "") for c in ("N4", "N9")}), ()),
}


def write_alternatives(data_dir: Path = DATA_DIR) -> None:
    for name, (description, families, extra) in ALTERNATIVES.items():
        folder = data_dir / "alternatives" / name
        folder.mkdir(parents=True, exist_ok=True)
        for file_name in FILES:
            if file_name != "tiles.csv":
                shutil.copyfile(data_dir / file_name, folder / file_name)
        (folder / "tiles.csv").write_text(tiles_csv(families, extra), encoding="utf-8")
        (folder / "meta.toml").write_text(f'data_source = "{TAG_PREFIX}{name}"\ndescription = "{description}; '
                                          'otherwise the reconstructed-v1 data"\n', encoding="utf-8")


if __name__ == "__main__":
    write_alternatives()
