"""Alternative data sets for sensitivity analysis (spec §1.5), generated here once and shipped as package data in
`data/alternatives/`. A ruleset selects one through its data-file keys (`ALTERNATIVES[name].overrides`); every file
carries the tag `sensitivity-NAME`. Regenerate with `python -m simkit.games.couleurs.rules.alternatives` (a test checks
the shipped files equal this module's output).
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from simkit.games.couleurs.rules.components import DATA_PACKAGE, SENSITIVITY_TAG
from simkit.games.couleurs.rules.deck import paintings_csv

FOLDER = "alternatives"
SHIPPED_WHEEL = ("get_red", "mix_orange", "get_yellow", "mix_green", "get_blue", "mix_purple", "mix_black",
                 "upgrade_tube", "upgrade_palette", "upgrade_brush", "paint", "exhibit")
WHEEL_PERMUTATION_SEED = 20260  # the random wheel: sectors 1-11 shuffled with random.Random(this seed)
ASYMMETRIC_4P = (0, 2, 2, 3, 1, 1, 0, 2, 1, 3, 2, 1)  # spec §1.5: same total (18), breaks the period-6 pattern
PRINTED_FORBIDDEN = (0, 6)


@dataclass(frozen=True)
class Alternative:
    name: str  # the tag is sensitivity-NAME
    description: str
    files: dict[str, str]  # data-file key -> file name in data/alternatives/

    @property
    def tag(self) -> str:
        return f"{SENSITIVITY_TAG}{self.name}"

    @property
    def overrides(self) -> dict[str, str]:
        """Ruleset overrides selecting this data set (every other file stays the shipped one)."""
        return {key: f"{FOLDER}/{file}" for key, file in self.files.items()}


# Spec §1.5 (amended): Tube spaces 1-4 (3, 4, 5, 5) are printed or confirmed and stay in every alternative.
TRACKS = {
    "flatter-tracks": {"tube": (3, 4, 5, 5, 5, 5, 6, 6), "palette": (2, 2, 2, 3, 3, 3, 4, 5),
                       "brush": (2, 2, 3, 3, 3, 4, 4, 5)},
    "steeper-tracks": {"tube": (3, 4, 5, 5, 6, 7, 8, 9), "palette": (2, 3, 3, 4, 5, 5, 6, 7),
                       "brush": (2, 3, 4, 4, 5, 6, 6, 7)},
}


def _track_text(name: str) -> str:
    return ", ".join(f"{tool.capitalize()} {','.join(map(str, row))}" for tool, row in TRACKS[name].items())


ALTERNATIVES = {a.name: a for a in (
    Alternative("flatter-tracks", "tool tracks with smaller steps: " + _track_text("flatter-tracks"),
                {"tracks_file": "tracks-flatter.csv"}),
    Alternative("steeper-tracks", "tool tracks with larger steps: " + _track_text("steeper-tracks"),
                {"tracks_file": "tracks-steeper.csv"}),
    Alternative("grouped-wheel", "primaries grouped: get red, yellow, blue, then mix orange, green, purple, then "
                "the shipped order", {"wheel_file": "wheel-grouped.csv"}),
    Alternative("random-wheel", f"sectors 1-11 randomly permuted (seed {WHEEL_PERMUTATION_SEED}), Get Red kept at "
                "sector 0", {"wheel_file": "wheel-random.csv"}),
    Alternative("asymmetric-slots", "4-player capacities 0,2,2,3,1,1,0,2,1,3,2,1 (same totals, no period 6)",
                {"slots_file": "slots-asymmetric.csv"}),
    Alternative("weak-lean", "painting grids with a weak type lean: SPLIT 3:(1,1,1) 4:(2,1,1) 5:(2,2,1) 6:(2,2,2)",
                {"paintings_file": "paintings-weak-lean.csv"}),
    Alternative("flatter-tier-mix", "a tier-t painting has 4 + floor(t/2) secondaries (4,4,5,5) instead of 3 + t",
                {"paintings_file": "paintings-flatter-tier-mix.csv"}),
)}



def _tracks(levels: dict[str, tuple[int, ...]]) -> list[str]:
    return ["tool,space,level"] + [f"{tool},{i},{v}" for tool, row in levels.items() for i, v in enumerate(row, 1)]


def _wheel(actions) -> list[str]:
    return ["sector,action"] + [f"{s},{a}" for s, a in enumerate(actions)]


def random_wheel() -> tuple[str, ...]:
    rest = list(SHIPPED_WHEEL[1:])
    random.Random(WHEEL_PERMUTATION_SEED).shuffle(rest)
    return (SHIPPED_WHEEL[0], *rest)


def asymmetric_caps() -> dict[int, list[int]]:
    """The 3- and 2-player columns follow the forbidden-tile ruling of spec §3.3 applied to this layout: the two
    1-space tiles each cover one space of the two 3-space slots (3 players), the two 3-space tiles cover both
    3-space slots (2 players). Totals stay 18 / 16 / 12 as in the shipped layout."""
    four = list(ASYMMETRIC_4P)
    return {4: four, 3: [c - 1 if c == 3 else c for c in four], 2: [0 if c == 3 else c for c in four]}


def _slots() -> list[str]:
    caps = asymmetric_caps()
    return ["slot,cap_2p,cap_3p,cap_4p,printed_forbidden"] + [
        f"{j},{caps[2][j]},{caps[3][j]},{caps[4][j]},{'true' if j in PRINTED_FORBIDDEN else 'false'}"
        for j in range(len(ASYMMETRIC_4P))]


def file_texts() -> dict[str, str]:
    """File name -> content of every alternative data file."""
    grouped = ("get_red", "get_yellow", "get_blue", "mix_orange", "mix_green", "mix_purple",
               *(a for a in SHIPPED_WHEEL if not a.startswith(("get_", "mix_")) or a == "mix_black"))
    bodies = {
        "flatter-tracks": _tracks(TRACKS["flatter-tracks"]),
        "steeper-tracks": _tracks(TRACKS["steeper-tracks"]),
        "grouped-wheel": _wheel(grouped),
        "random-wheel": _wheel(random_wheel()),
        "asymmetric-slots": _slots(),
    }
    out = {}
    for name, lines in bodies.items():
        alt = ALTERNATIVES[name]
        (file,) = alt.files.values()
        out[file] = "\n".join([f"# source: {alt.tag}", *lines]) + "\n"
    out["paintings-weak-lean.csv"] = paintings_csv(
        ALTERNATIVES["weak-lean"].tag, split={3: (1, 1, 1), 4: (2, 1, 1), 5: (2, 2, 1), 6: (2, 2, 2)})
    out["paintings-flatter-tier-mix.csv"] = paintings_csv(
        ALTERNATIVES["flatter-tier-mix"].tag, secondaries=tuple(4 + t // 2 for t in range(4)))
    return out


def shipped_folder() -> Path:
    return Path(str(resources.files(DATA_PACKAGE).joinpath(FOLDER)))


def write_files(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for file, text in file_texts().items():
        (folder / file).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write_files(Path(sys.argv[1]) if len(sys.argv) > 1 else shipped_folder())
