"""What decided each game, from the results columns only: the tie-break, the First Master token, the patrons, and
how contested the paint piles were at the end. One row per game; each indicator a 0/1 column.

The winner is recomputed with the default tie-breaks (spec §4.3: the score, then the paint held, then the First
Master token) by one comparison key per seat; `check_winners` confirms the key finds the recorded winners. The
"decisive" indicators are counterfactual on the final position: they remove a source of points and ask whether the
winners change, not what the players would have done without it.
"""

from __future__ import annotations

import polars as pl

from simkit.games.atelier.rules.components import COLOURS

GAME_KEYS = ("data_set", "n_players", "lineup", "game_index")
STUDENTS = tuple(f"students_{c}" for c in COLOURS)
PILES = tuple(f"pile_{c}" for c in COLOURS)
# per-game 0/1 indicators, in the order the report shows them
INDICATORS = {
    "tie_on_score": "two or more players share the top score",
    "decided_by_paint": "a tie on score broken by paint held (first tie-break)",
    "decided_by_first_master": "a tie on score and paint broken by the First Master token",
    "shared_win": "the victory is shared (tied on score and every tie-break)",
    "first_master_taken": "someone took the First Master token",
    "first_master_holder_won": "the token's holder won (a shared win counts its share; games with a holder)",
    "first_master_decisive": "without the token (its VP and its tie-break) the winners would differ",
    "patrons_decisive": "without every patron's VP the winners would differ",
    "dry_pile_at_end": "at least one paint pile empty at the end",
    "truncated": "the safety bound max_rounds ended the game",
}


def _with_game_id(df: pl.DataFrame) -> pl.DataFrame:
    """A `_game` column identifying each game by one 64-bit hash of its GAME_KEYS: windows over one integer column
    are much faster than over four columns, strings among them."""
    missing = [k for k in GAME_KEYS if k not in df.columns]
    if missing:
        raise ValueError(f"missing game key column(s): {', '.join(missing)}")
    return df.with_columns(_game=pl.struct(GAME_KEYS).hash())


def _winner_key(score: pl.Expr, token: bool) -> pl.Expr:
    """One integer per seat ordering seats as spec §4.3 with the default tie-breaks (the First Master token's only
    when `token`); paint held is < 1000."""
    key = score.cast(pl.Int64) * 2000 + pl.col("paint_left").cast(pl.Int64) * 2
    return key + pl.col("first_master").cast(pl.Int64) if token else key


def _winners(score: pl.Expr, token: bool = True) -> pl.Expr:
    key = _winner_key(score, token)
    return key == key.max().over("_game")


def check_winners(df: pl.DataFrame) -> None:
    """The winner key finds exactly the recorded winners (rank 1): the report's rules use the default tie-breaks."""
    wrong = _with_game_id(df).filter(_winners(pl.col("score")) != (pl.col("rank") == 1))
    if wrong.height:
        raise ValueError(f"{wrong.height} seats where the default tie-breaks do not give the recorded winner; "
                         "the outcome analysis needs tie_break = ['paint', 'first_master']")


def _changed(winners_without: pl.Expr) -> pl.Expr:
    """1 when some seat's winning status differs without the removed points."""
    return (winners_without != (pl.col("rank") == 1)).any()


def per_seat(df: pl.DataFrame) -> pl.DataFrame:
    """Seat columns the outcome analysis adds: piles_held, the piles where the seat has at least 1 student and more
    than every other seat."""
    top = {c: f"_top_{c}" for c in STUDENTS}
    at_top = {c: f"_at_top_{c}" for c in STUDENTS}
    return (_with_game_id(df)
            .with_columns(pl.col(c).max().over("_game").alias(top[c]) for c in STUDENTS)
            .with_columns((pl.col(c) == pl.col(top[c])).sum().over("_game").alias(at_top[c]) for c in STUDENTS)
            .with_columns(piles_held=sum(((pl.col(c) == pl.col(top[c])) & (pl.col(top[c]) > 0)
                                          & (pl.col(at_top[c]) == 1)).cast(pl.Int8) for c in STUDENTS).cast(pl.Int8))
            .drop("_game", *top.values(), *at_top.values()))


def _pile_counts(column: str) -> tuple[pl.Expr, pl.Expr]:
    """(seats with students at the pile >= 2, the top count shared by >= 2 seats) as 0/1 per game."""
    top = pl.col(column).max()
    contested = ((pl.col(column) > 0).sum() >= 2).cast(pl.Int8)
    tied = ((top > 0) & ((pl.col(column) == top).sum() >= 2)).cast(pl.Int8)
    return contested, tied


def game_outcomes(df: pl.DataFrame) -> pl.DataFrame:
    """One row per game: its keys, deal, rounds, the INDICATORS and the pile counts (contested_piles: piles with
    students of two or more players; tied_piles: piles whose most students are shared, so nobody collects there
    in 2 and 3 player games; dry_piles: empty piles)."""
    top_score = pl.col("score").max()
    at_top = pl.col("score") == top_score
    tied = at_top.sum() >= 2
    paint_of_top = pl.col("paint_left").filter(at_top)
    paint_broke = tied & ((paint_of_top == paint_of_top.max()).sum() < at_top.sum())
    winners = (pl.col("rank") == 1).sum()
    fm_holder = pl.col("first_master") == 1
    marked = _with_game_id(df).with_columns(
        without_fm=_winners(pl.col("score") - pl.col("first_master_vp"), token=False),
        without_patrons=_winners(pl.col("score") - pl.col("patron_vp")))
    contested, tied_piles = zip(*(_pile_counts(c) for c in STUDENTS))
    return (marked.group_by("_game", maintain_order=True).agg(
        *(pl.col(k).first() for k in GAME_KEYS),
        pl.col("deal").first(), pl.col("rounds").first(), pl.col("truncated").first().cast(pl.Int8),
        tie_on_score=tied.cast(pl.Int8),
        decided_by_paint=paint_broke.cast(pl.Int8),
        decided_by_first_master=(tied & ~paint_broke & (winners < at_top.sum())).cast(pl.Int8),
        shared_win=(winners >= 2).cast(pl.Int8),
        first_master_taken=fm_holder.any().cast(pl.Int8),
        first_master_holder_won=pl.when(fm_holder.any()).then(pl.col("win_share").filter(fm_holder).sum())
        .cast(pl.Float64),
        first_master_decisive=_changed(pl.col("without_fm")).cast(pl.Int8),
        patrons_decisive=_changed(pl.col("without_patrons")).cast(pl.Int8),
        dry_piles=sum((pl.col(p).first() == 0).cast(pl.Int8) for p in PILES),
        contested_piles=sum(contested), tied_piles=sum(tied_piles))
        .drop("_game").with_columns(dry_pile_at_end=(pl.col("dry_piles") > 0).cast(pl.Int8))
        .with_columns(cluster=pl.format("{}|{}", "lineup", "deal")))
