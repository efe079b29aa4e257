"""The value of each bonus tile (spec §9: "win rate when it is on the board"), paired by deal.

Design: for each bonus tile T, a data folder equal to the shipped one but with T's row left out of
`bonus_tiles.csv` ("without T"); the report's own shipped games (every 4-player lineup and every family solo) are
replayed on it with the same seeds. A seed's tiles, palettes, X tokens and start player are the same in both games;
only the bonus board can differ (its own random stream, spec §2.3 step 6). So the two games of a deal are a pair.

What the pairs estimate: on the shipped data T is on the board with a known chance p (2 of the 5 red tiles, 2 of the
4 blue ones); without T its back's draw is uniform over the others, which is also the shipped board's law when T is
not drawn. So E[with] − E[without] = p · (E[· | T on the board] − E[without T]): the paired mean difference divided
by p (and its interval, p being exact) is the effect of T on the board against the other tiles of its back in its
place. A tile a family never uses still shows an effect for it: minus the mean effect of the tiles that replace it.
Measures: each family's win share at 4 players (mean per deal over its rotations), rounds per 4-player game, and
each family's solo turns taken.
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path
from typing import Mapping, Sequence

import polars as pl

from simkit.games.ink.rules.components import load_bonus_tiles
from simkit.games.ink.rules.datafiles import FILES, META_FILE, PACKAGE_DATA, data_folder
from simkit.games.ink.rules.params import PARAMS
from simkit.games.ink.rules.vocabulary import Back
from simkit.report.strategies.study import Settings, Study, Work, lineup_seed
from simkit.stats import paired_difference

PREFIX = "without-"
BONUS_COUNTS = (1, 4)  # solo and the 4-player lineups
# measure -> (player count, per family, label)
MEASURES = {"win_share": (4, True, "win share at 4 players (points)"),
            "rounds": (4, False, "rounds per 4-player game"),
            "turns_taken": (1, True, "solo turns taken")}
DEFAULT = {p.name: p.default for p in PARAMS}


def bonus_tiles(data: Path = PACKAGE_DATA) -> list[dict]:
    """The bonus tiles of a data folder: id, back, rank, effect, amount (the file's rows)."""
    with (data / "bonus_tiles.csv").open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def board_chance(data: Path = PACKAGE_DATA) -> dict[str, float]:
    """Each bonus tile's chance to be on the board under the default rules: bonus_red of the red tiles, bonus_blue
    of the blue ones, drawn uniformly (spec §2.3 step 6)."""
    tiles = load_bonus_tiles(data_folder(str(data)))
    drawn = {Back.RED: DEFAULT["bonus_red"], Back.BLUE: DEFAULT["bonus_blue"]}
    return {t: min(1.0, drawn[Back(b)] / tiles.count(Back(b))) for t, b in zip(tiles.ids, tiles.back)}


def write_ablations(root: Path, data: Path = PACKAGE_DATA) -> dict[str, Path]:
    """One folder per bonus tile under root: the data folder with that tile's row left out. Name -> folder."""
    tag = data_folder(str(data)).data_source
    rows = bonus_tiles(data)
    folders = {}
    for tile in rows:
        folder = root / f"{PREFIX}{tile['bonus_id']}"
        folder.mkdir(parents=True, exist_ok=True)
        for name in FILES:
            if name != "bonus_tiles.csv":
                shutil.copyfile(data / name, folder / name)
        with (folder / "bonus_tiles.csv").open("w", encoding="utf-8", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
            writer.writeheader()
            writer.writerows(r for r in rows if r is not tile)
        (folder / META_FILE).write_text(f'data_source = "{tag}-{PREFIX}{tile["bonus_id"]}"\n'
                                        f'description = "{tag} without bonus tile {tile["bonus_id"]}"\n',
                                        encoding="utf-8")
        folders[folder.name] = folder
    return folders


def build_bonus_work(study: Study, settings: Settings, deals: Mapping[int, int],
                     folders: Mapping[str, Path]) -> list[Work]:
    """Every 4-player lineup and every family solo on each without-T folder, on the shipped games' seeds (the
    first `deals[n]` deals of each lineup)."""
    work = []
    for name, folder in folders.items():
        for n in BONUS_COUNTS:
            for i, lineup in enumerate(study.lineups(n)):
                exp = study.experiment(name, lineup, deals[n] * n, lineup_seed(settings, n, i), data=str(folder))
                work.append(Work(name, lineup, exp))
    return work


def _per_deal(df: pl.DataFrame, measure: str, per_family: bool) -> pl.DataFrame:
    keys = ["lineup", "deal", *(["family"] if per_family else [])]
    rows = df.with_columns(pl.col("policy").cast(pl.String).alias("family"))
    if not per_family:
        rows = rows.filter(pl.col("seat") == 0)
    return rows.group_by(keys).agg(pl.col(measure).cast(pl.Float64).mean())


def bonus_table(main: pl.DataFrame, ablated: pl.DataFrame, chance: Mapping[str, float],
                tiles: Sequence[dict], measures: Mapping[str, tuple] = MEASURES) -> pl.DataFrame:
    """Per bonus tile, measure and family (null for a game measure): the paired mean difference shipped − without
    the tile over deals (95% t interval), the pairs, the variance reduction of pairing, the tile's chance to be on
    the board and the effect of the tile on the board (difference / chance, interval likewise)."""
    rows = []
    for tile in tiles:
        name, p = f"{PREFIX}{tile['bonus_id']}", chance[tile["bonus_id"]]
        without = ablated.filter(pl.col("data_set") == name)
        for measure, (n, per_family, _) in measures.items():
            a = _per_deal(main.filter(pl.col("n_players") == n), measure, per_family)
            b = _per_deal(without.filter(pl.col("n_players") == n), measure, per_family)
            keys = [c for c in a.columns if c != measure]
            pairs = a.join(b, on=keys, suffix="_without").sort(keys[::-1])  # by family, then deal
            groups = pairs.group_by("family", maintain_order=True) if per_family else [((None,), pairs)]
            for (family,), g in groups:
                r = paired_difference(g[measure].to_numpy(), g[f"{measure}_without"].to_numpy())
                rows.append({"bonus_id": tile["bonus_id"], "back": tile["back"], "effect": tile["effect"],
                             "amount": int(tile["amount"]), "measure": measure, "n_players": n, "family": family,
                             "pairs": r.n, "diff": r.mean_diff, "diff_lo": r.lo, "diff_hi": r.hi,
                             "variance_reduction": r.variance_reduction, "board_chance": p,
                             "estimate": r.mean_diff / p, "lo": r.lo / p, "hi": r.hi / p})
    return pl.DataFrame(rows, schema_overrides={"family": pl.String, "n_players": pl.Int8})
