"""Per-policy and per-seat summaries of a results frame, with 95% intervals.

Games that share a seed (the rotations of one deal) are not independent, so intervals are computed over
seeds: each seed's mean is one observation. Mean scores get a t interval over those means; win shares a
Wilson interval with one trial per seed (conservative: a seed's mean of several games varies less than one
game). With fixed or random seating every game has its own seed and these are the usual intervals.

A scanned results file is read batch by batch, so memory does not grow with the number of games, and once for
several groupings (a report's tables): each block of whole seeds is reduced, with numpy, to per-seed totals and
those to totals per group and number of rows per seed. Every total is an exact integer (a win share counts in
SHARE_UNITS), and the means and variances are computed from them as exact fractions rounded once: the result does
not depend on the batches, the chunking of the run or the order of summing.

A run adds its totals up while it plays: each chunk of games is reduced where it was played (`chunk_totals`, on
the worker) to the totals of its whole seeds and the rows of the two seeds at its ends (which may go on in the
chunks beside it), so the process collecting the results merges small totals instead of reducing every row.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import partial

import numpy as np
import polars as pl

from simkit.stats import t_interval, wilson_interval

# A win share is 1/m of a win for m tied winners: times lcm(1..16) it is an integer for any table size.
SHARE_UNITS = 720_720
BATCH_ROWS = 200_000  # rows read at a time: enough that the per-batch overhead does not count (a fifth less CPU
# than 50,000 on a 1M-game run), few enough to keep the memory flat (tens of MB)
_SUMS = ("seeds", "seed_score", "seed_score_sq", "wins", "score_sq")
DENSE_SPAN = 1 << 22  # combined key codes beyond this are renumbered (an array of this size per block at most)
_CODE, _WINS = "_code_", "_win_units"  # the names of columns made for reading


def _code(column: str, dtype: pl.DataType) -> pl.Expr:
    """An integer per row, the same for equal values of a key column within a block (groups are named by their
    values, so a code need not mean the same in another block)."""
    if dtype.is_integer() or dtype == pl.Boolean:
        code = pl.col(column)
    elif dtype in (pl.Categorical, pl.Enum):
        code = pl.col(column).to_physical()
    else:
        code = pl.col(column).cast(pl.String).cast(pl.Categorical).to_physical()
    return code.cast(pl.Int64).alias(f"{_CODE}{column}")


def _group_numbers(keys: list[np.ndarray], n: int) -> np.ndarray:
    """Numbers from 0 per row, the same for rows with the same values in every key array (integers), at most
    DENSE_SPAN: each key's offset from its minimum, combined; renumbered densely when they grow larger."""
    code = np.zeros(n, np.int64)
    for key in keys:
        lo, hi = int(key.min()), int(key.max())
        if hi > lo:  # (a key with one value, e.g. the cell's in a run of one cell, changes nothing)
            code = code * (hi - lo + 1) + (key.astype(np.int64) - lo)  # (in int64: a narrow key's offset overflows)
            if code.max() >= DENSE_SPAN:
                code = np.unique(code, return_inverse=True)[1].reshape(-1)
    return code


def _sums_by_key(key: np.ndarray, values: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """Per distinct key, in key order: the key, its number of rows and the sum of each value array. A stable sort
    (a radix sort for keys within 16 bits, else a merge of presorted runs: fast where the keys come nearly in order)."""
    order = np.argsort(key.astype(np.int16) if key.max() < 2**15 else key, kind="stable")  # a radix sort on 16 bits
    key = key[order]
    starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
    return key[starts], np.diff(np.r_[starts, len(key)]), [np.add.reduceat(v[order], starts) for v in values]


class _Grouping:
    """The exact totals of one grouping (`by`) per group and number of rows per seed, added block by block; a
    block holds every row of its seeds, the rows of a seed consecutive."""

    def __init__(self, by: list[str], schema: pl.Schema):
        self.by = by
        self.text = [pl.col(c).cast(pl.String) for c in by if schema[c] == pl.Categorical]
        self.schema = {**{c: pl.String if schema[c] == pl.Categorical else schema[c] for c in by},
                       "rows": pl.Int64, **dict.fromkeys(_SUMS, pl.Int64)}
        self.totals: dict[tuple, list[int]] = {}  # (group, rows per seed) -> the _SUMS

    def add(self, block: pl.DataFrame, seed_run: np.ndarray, score: np.ndarray, wins: np.ndarray) -> None:
        group = _group_numbers([block[f"{_CODE}{c}"].to_numpy() for c in self.by], block.height)
        n_groups = int(group.max()) + 1
        named_by = np.full(n_groups, -1, np.int64)
        named_by[group] = np.arange(block.height)  # any row of a group names it
        present = np.flatnonzero(named_by >= 0)
        labels = dict(zip(present.tolist(), block.select(self.by)[named_by[present]].with_columns(self.text).rows()))
        # per seed and group (a seed's rows are one run of the block), then per group and rows per seed
        pair, rows, (seed_score, squares, seed_wins) = _sums_by_key(seed_run * n_groups + group,
                                                                     [score, score * score, wins])
        span = int(rows.max()) + 1
        key, seeds, sums = _sums_by_key(pair % n_groups * span + rows,
                                        [seed_score, seed_score * seed_score, seed_wins, squares])
        for k, *row in zip(key.tolist(), seeds.tolist(), *(a.tolist() for a in sums)):
            self._add_row((labels[k // span], k % span), row)

    def merge(self, totals: dict[tuple, list[int]]) -> None:
        """Add another grouping's totals (of other seeds: a chunk's, `chunk_totals`)."""
        for key, row in totals.items():
            self._add_row(key, row)

    def _add_row(self, key: tuple, row: list[int]) -> None:
        total = self.totals.setdefault(key, [0] * len(_SUMS))
        total[:] = [a + b for a, b in zip(total, row)]

    def frame(self) -> pl.DataFrame:
        return pl.DataFrame([(*label, rows, *sums) for (label, rows), sums in self.totals.items()],
                            schema=self.schema, orient="row").sort(*self.by, "rows")


def _last_seed_apart(block: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(the rows of every seed but the block's last, the rows of its last seed)."""
    seed = block["seed"]
    ends = (seed == seed[-1]).to_numpy()
    first = int(np.argmax(ends))
    if ends[first:].all():  # the last seed's rows end the block, as in a run's results
        return block.slice(0, first), block.slice(first)
    return block.filter(~ends), block.filter(ends)


def _end_seeds_apart(frame: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(the rows of the frame's first and last seed, the rows between them) of a frame whose seeds' rows are
    consecutive; a frame of one seed is all ends. The ends are gathered into a frame of their own: a slice would
    keep the whole frame's columns in memory while they wait for the next chunks' (every chunk's, in a long run)."""
    seed = frame["seed"].to_numpy()
    changes = np.flatnonzero(seed[1:] != seed[:-1])
    if not len(changes):
        return frame, frame.clear()
    first, last = int(changes[0]) + 1, int(changes[-1]) + 1
    return frame[np.r_[0:first, last:len(seed)]], frame.slice(first, last - first)


@dataclass(frozen=True)
class ChunkTotals:
    """A chunk's share of `RunningTotals` (`chunk_totals`): per grouping, the totals of its seeds but the first and
    last (`_Grouping.totals`), and the rows of those two, which the stream's next rows or previous ones may share."""
    totals: list[dict[tuple, list[int]]]
    ends: pl.DataFrame


def chunk_totals(frame: pl.DataFrame, groupings: list[list[str]]) -> ChunkTotals:
    """Reduce a chunk of results rows (one stream's, in results order: see `RunningTotals`) to what
    `RunningTotals.add_chunk` merges. Done by the worker that played the chunk, it leaves the collecting process
    (the main thread, which holds Python's lock while it works) a few small totals per chunk instead of every row."""
    inner_totals = RunningTotals(groupings, frame.schema)
    ends, inner = _end_seeds_apart(frame.select(inner_totals.columns))
    inner_totals._add_block(inner)
    return ChunkTotals([grouping.totals for grouping in inner_totals.groupings], ends)


class RunningTotals:
    """Exact integer totals per group and number of rows per seed, for each grouping (a list of key columns;
    categoricals as text), added from frames of results rows as they come. Each stream of frames (a run's cell,
    say) holds its rows in results order: the rows of a seed consecutive, as in a run's results (a
    cell's games in order, the rotations of a deal next to each other). A stream's frames are gathered into blocks
    of BATCH_ROWS rows; the rows of a block's last seed wait for the next one, as that seed may go on there. A run
    feeds one stream per cell while its games are played (`core.runner.run_to_store`), so the report's totals are
    ready when the last game is."""

    def __init__(self, groupings: list[list[str]], schema: pl.Schema | None = None):
        self.by = groupings
        self.keys = [*dict.fromkeys(c for by in groupings for c in by)]
        self.columns = [*self.keys, "seed", "score", "win_share"]  # what the totals read
        # the key columns' types come from the schema, or else from the first frame
        self.groupings = None if schema is None else [_Grouping(by, schema) for by in groupings]
        self.waiting: dict[object, list[pl.DataFrame]] = {}  # per stream, frames not yet added up
        self.held: dict[object, int] = {}  # per stream, the number of rows waiting

    def add(self, frame: pl.DataFrame, stream: object = 0) -> None:
        self._wait(frame.select(self.columns), stream)

    def _wait(self, rows: pl.DataFrame, stream: object) -> None:
        """Hold a stream's rows (the columns read) until they make a block of BATCH_ROWS, then add it up but the rows
        of its last seed."""
        if self.groupings is None:
            self.groupings = [_Grouping(by, rows.schema) for by in self.by]
        waiting = self.waiting.setdefault(stream, [])
        waiting.append(rows)
        self.held[stream] = self.held.get(stream, 0) + rows.height
        if self.held[stream] >= BATCH_ROWS:
            block, held = _last_seed_apart(pl.concat(waiting, rechunk=False))
            self.waiting[stream], self.held[stream] = [held], held.height
            self._add_block(block)

    def chunk_reducer(self) -> partial:
        """`chunk_totals` for these groupings, a function of a chunk's rows alone (it can be sent to a worker
        process): what `add_chunk` takes."""
        return partial(chunk_totals, groupings=self.by)

    def add_chunk(self, chunk: ChunkTotals, stream: object = 0) -> None:
        """Add a chunk reduced by `chunk_reducer`, in its stream's results order like `add`'s frames."""
        self._wait(chunk.ends, stream)
        for grouping, totals in zip(self.groupings, chunk.totals, strict=True):
            grouping.merge(totals)

    def frames(self) -> list[pl.DataFrame]:
        """The totals of every grouping, once every frame is added."""
        if self.groupings is None:
            raise ValueError("no results to total: neither a frame nor a schema was given")
        for stream, waiting in self.waiting.items():
            if waiting:
                self._add_block(pl.concat(waiting, rechunk=False))
                self.waiting[stream], self.held[stream] = [], 0
        return [grouping.frame() for grouping in self.groupings]

    def _add_block(self, block: pl.DataFrame) -> None:
        if not block.height:
            return
        schema = block.schema
        block = block.select(
            *self.keys, *(_code(c, schema[c]) for c in self.keys), "seed", pl.col("score").cast(pl.Int64),
            (pl.col("win_share").cast(pl.Float64) * SHARE_UNITS).round().cast(pl.Int64).alias(_WINS))
        if block.select(pl.col(f"{_CODE}{c}").null_count() for c in self.keys).sum_horizontal().item():
            raise ValueError(f"summary keys {self.keys} hold missing values")
        seed, score, wins = (block[c].to_numpy() for c in ("seed", "score", _WINS))
        seed_run = np.r_[0, np.cumsum(seed[1:] != seed[:-1])]  # a number per run of rows of one seed
        for grouping in self.groupings:
            grouping.add(block, seed_run, score, wins)


def groupings_totals(results: pl.LazyFrame | pl.DataFrame, groupings: list[list[str]]) -> list[pl.DataFrame]:
    """`RunningTotals` of the results, read in one pass: a LazyFrame in batches in its order (see `RunningTotals`
    for the order it needs), a frame as one block sorted by seed."""
    totals = RunningTotals(groupings, results.lazy().collect_schema())
    columns = totals.columns
    batches = [results.select(columns).sort("seed", maintain_order=True)] if isinstance(results, pl.DataFrame) \
        else results.lazy().select(columns).collect_batches(chunk_size=BATCH_ROWS, maintain_order=True)
    for batch in batches:
        totals.add(batch)
    return totals.frames()


def group_totals(results: pl.LazyFrame | pl.DataFrame, by: list[str]) -> pl.DataFrame:
    """Exact integer totals per group of `by` and number of rows per seed (see `groupings_totals`)."""
    return groupings_totals(results, [by])[0]


def _fraction_sum(totals: pl.DataFrame, column: str, power: int) -> Fraction:
    return sum((Fraction(t, r ** power) for t, r in zip(totals[column], totals["rows"])), Fraction(0))


def _variance(total: Fraction, squares: Fraction, n: int) -> Fraction:
    return (squares - total * total / n) / (n - 1)


def _group(totals: pl.DataFrame, confidence: float) -> dict:
    k = int(totals["seeds"].sum())  # seeds: the observations
    means = _fraction_sum(totals, "seed_score", 1)  # sum over seeds of each seed's mean score
    mean = float(means / k)
    if k < 2:
        lo = hi = float("nan")
    else:
        sd = float(_variance(means, _fraction_sum(totals, "seed_score_sq", 2), k)) ** 0.5
        ci = t_interval(mean, sd, k, confidence) if sd > 0 else None
        lo, hi = (ci.lo, ci.hi) if ci else (mean, mean)
    n = int((totals["rows"] * totals["seeds"]).sum())  # seat-games
    score_total, score_squares = int(totals["seed_score"].sum()), int(totals["score_sq"].sum())
    sd = float(_variance(Fraction(score_total), Fraction(score_squares), n)) ** 0.5 if n > 1 else None
    shares = _fraction_sum(totals, "wins", 1) / SHARE_UNITS  # sum over seeds of each seed's mean win share
    win_lo, win_hi = wilson_interval(float(shares), k, confidence)
    return {"seat_games": n, "score": mean, "score_lo": lo, "score_hi": hi, "score_sd": sd,
            "win_share": float(shares / k), "win_lo": win_lo, "win_hi": win_hi}


def summary_table(totals: pl.DataFrame, by: list[str], confidence: float = 0.95) -> pl.DataFrame:
    """Mean score and win share with intervals per group of `by`, from the group's totals (`group_totals`)."""
    rows = [{**dict(zip(by, key)), **_group(group, confidence)}
            for key, group in totals.group_by(by, maintain_order=True)]
    return pl.DataFrame(rows, schema_overrides={"score_sd": pl.Float64}).sort(by)


def summarise(results: pl.LazyFrame | pl.DataFrame, by: list[str], confidence: float = 0.95) -> pl.DataFrame:
    """Mean score and win share with intervals, per group (e.g. ["policy"] or ["seat"]); categorical keys as text.
    See `groupings_totals` for what a LazyFrame must hold."""
    return summary_table(group_totals(results, by), by, confidence)
