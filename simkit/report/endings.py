"""How the games of a results frame ended: the end-reason mix, and the two warnings every report gives (Couleurs
spec §13.9): games stopped by a safety bound rather than by the rules, and lineups made only of random players.

Works on the common columns (seat, end_reason), so any game's results; one row per game is its seat-0 row.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import polars as pl

RANDOM_POLICY = "random"
RANDOM_ONLY_NOTE = ("This lineup is made only of `random` players: uniform play says nothing about how people play, "
                    "so it is no evidence about game length or balance.")


def end_reason_mix(df: pl.LazyFrame | pl.DataFrame, by: Sequence[str], reasons: Sequence[str]) -> pl.DataFrame:
    """Per group of `by` (none: the whole frame), in the data's order: the games and the share of them per end
    reason, one column per reason in `reasons` (listed even when no game ended that way). Aggregated in the
    streaming engine: a share is a count over a count, the same whatever order the rows are counted in."""
    games = df.lazy().filter(pl.col("seat") == 0)
    shares = [pl.len().alias("games"), *((pl.col("end_reason").cast(pl.String) == r).sum().truediv(pl.len())
                                         .alias(r) for r in reasons)]
    if not by:
        return games.select(shares).collect(engine="streaming")
    schema = games.collect_schema()
    return (games.with_columns(pl.col(c).cast(pl.String) for c in by if schema[c] == pl.Categorical)
            .group_by(list(by), maintain_order=True).agg(shares).collect(engine="streaming"))


def cap_warning(df: pl.LazyFrame | pl.DataFrame, by: Sequence[str], cap_reason: str | None) -> str | None:
    """A warning naming how many games were stopped by the safety bound `cap_reason` and in which groups; None
    when no game was (or the game has no such bound)."""
    if cap_reason is None:
        return None
    mix = end_reason_mix(df, by, [cap_reason])
    capped = int((mix["games"] * mix[cap_reason]).round().sum())
    if not capped:
        return None
    total = int(mix["games"].sum())
    where = "; ".join(", ".join(f"{k} {row[k]}" for k in by) + f": {row[cap_reason]:.1%}"
                      for row in mix.filter(pl.col(cap_reason) > 0).iter_rows(named=True)) if by else ""
    return (f"WARNING: {capped:,} of {total:,} games ({capped / total:.1%}) ended at the safety bound "
            f"(end reason `{cap_reason}`), not by the rules' end" + (f" ({where})" if where else "")
            + ". They are scored and counted like any other game, but a game stopped there is not a finished "
              "game: read their scores, lengths and win shares with care.")


def random_only(policies: Iterable[str]) -> bool:
    """Whether a lineup (its policy names) is made only of the uniform random baseline."""
    names = list(policies)
    return bool(names) and all(name == RANDOM_POLICY for name in names)
