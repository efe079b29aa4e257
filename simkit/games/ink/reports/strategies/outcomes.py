"""What decided each Ink game, from the results columns only (spec §5.1–§5.5): which trigger ended it, whether the
winner was the only finisher, was found by black ink among several finishers (tie rounds included), or, with
nobody finished, by the fewest own bottles left; plus the game's passes and goals. One row per game; each
indicator a 0/1 column.

`check_winners` confirms the recorded winners follow spec §5.3 from the recorded columns: finishers beat
non-finishers, the most black among finishers, the fewest own bottles left when nobody finished.
"""

from __future__ import annotations

import polars as pl

GAME_KEYS = ("data_set", "n_players", "lineup", "game_index")
BAG = "bag_empty"
# per-game 0/1 indicators, in the order the report shows them
INDICATORS = {
    "bag_fired": "the bag trigger fired (a refill drew the last tile)",
    "bag_ended": "the bag trigger ended the game (it fired before anyone placed every bottle)",
    "bag_decides": "nobody finished: the fewest own bottles left won (spec §5.3 rule 3)",
    "sole_finisher": "exactly one player finished: they won (rule 1)",
    "black_decides": "two or more finished: the most black ink won (rule 2, tie rounds included)",
    "tie_rounds_played": "finishers tied on black ink played tie rounds (§5.4)",
    "shared_win": "the victory is shared",
    "truncated": "the safety bound max_rounds ended the game",
}
# per-game means of seat columns (per player)
PER_PLAYER = {"passes": "passes per player", "completions": "goals completed per player",
              "turns_taken": "turns per player"}
COUNT_LABEL = {"rounds": "rounds per game", "goal_value": "mean value of a completed goal",
               "tiles_in_bag": "tiles left in the bag", **PER_PLAYER}


def _with_game_id(df: pl.DataFrame) -> pl.DataFrame:
    missing = [k for k in GAME_KEYS if k not in df.columns]
    if missing:
        raise ValueError(f"missing game key column(s): {', '.join(missing)}")
    return df.with_columns(_game=pl.struct(GAME_KEYS).hash())


def check_winners(df: pl.DataFrame) -> None:
    """Spec §5.3 from the recorded columns: every winner (rank 1) finished if anyone did, no finisher has less black
    than a winner, and with nobody finished the winners have the fewest own bottles left."""
    g = _with_game_id(df)
    anyone = pl.col("finished").max().over("_game") == 1
    winner = pl.col("rank") == 1
    most_black = pl.col("black_placed").filter(pl.col("finished") == 1).max().over("_game")
    fewest_left = pl.col("own_left").min().over("_game")
    wrong = g.filter(winner & pl.when(anyone).then((pl.col("finished") == 0) | (pl.col("black_placed") < most_black))
                     .otherwise(pl.col("own_left") > fewest_left))
    if wrong.height:
        raise ValueError(f"{wrong.height} winning seats that spec §5.3 does not make winners (seeds "
                         f"{wrong['seed'].unique().to_list()[:5] if 'seed' in wrong.columns else '?'})")


def game_outcomes(df: pl.DataFrame) -> pl.DataFrame:
    """One row per game: its keys, deal, rounds, tiles left in the bag, the INDICATORS, the per-player means of
    PER_PLAYER and goal_value (the mean value of the goals completed in the game; null when none was)."""
    finishers = pl.col("finished").cast(pl.Int64).sum()
    winners = (pl.col("rank") == 1).sum()
    return (_with_game_id(df).group_by("_game", maintain_order=True).agg(
        *(pl.col(k).first() for k in GAME_KEYS),
        pl.col("deal").first(), pl.col("rounds").first(), pl.col("tiles_in_bag").first(),
        pl.col("truncated").first().cast(pl.Int8),
        bag_fired=pl.col("triggers").first().cast(pl.String).str.contains(BAG).cast(pl.Int8),
        bag_ended=(pl.col("end_reason").first().cast(pl.String) == BAG).cast(pl.Int8),
        bag_decides=(finishers == 0).cast(pl.Int8),
        sole_finisher=(finishers == 1).cast(pl.Int8),
        black_decides=(finishers >= 2).cast(pl.Int8),
        tie_rounds_played=(pl.col("tie_rounds").first() > 0).cast(pl.Int8),
        shared_win=(winners >= 2).cast(pl.Int8),
        goal_value=pl.when(pl.col("completions").sum() > 0)
        .then(pl.col("completed_value").sum() / pl.col("completions").sum()),
        **{c: pl.col(c).cast(pl.Float64).mean() for c in PER_PLAYER})
        .drop("_game").with_columns(cluster=pl.format("{}|{}", "lineup", "deal")))
