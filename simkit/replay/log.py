"""A replay as records (the JSON Lines decision log, which the HTML replay embeds too) and as printed text.

The log has one JSON object per line: first {"kind": "game", ...} (the game, its seats and policies, the public
state after the deal), then one {"kind": "decision", ...} per decision (its text, the public fields it changed,
the scores after it and, explained, the best candidates the policy weighed), then {"kind": "result", ...} (the
results rows `simkit run` wrote for the game). Seats and players are numbered from 0 as in results.parquet; the
text and the HTML page say "seat 1" for seat 0.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any, Iterator

import numpy as np
import polars as pl

from simkit.replay.play import Replay

WIDTH = 100  # printed values longer than this are cut


def json_default(value: Any) -> Any:
    if isinstance(value, np.generic):
        return value.item()
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def _result_rows(frame: pl.DataFrame) -> list[dict[str, Any]]:
    return frame.with_columns(pl.col(pl.Categorical).cast(pl.String)).to_dicts()


def records(replay: Replay) -> Iterator[dict[str, Any]]:
    """The log's records, in order."""
    run = replay.run
    yield {"kind": "game", "game": run.game_id, "title": replay.title, "experiment": run.experiment,
           "variant": replay.variant, "n_players": replay.n_players, "game_index": replay.game_index,
           "seed": replay.seed, "master_seed": run.seed, "explained": replay.explained,
           "seats": [{"seat": seat, "policy": run.lineup[i].label, "name": run.lineup[i].name,
                      "params": dict(run.lineup[i].params)} for seat, i in enumerate(replay.seat_policies)],
           "public": replay.initial, "scores": replay.initial_scores}
    for d in replay.decisions:
        record = {"kind": "decision", **asdict(d)}
        if d.candidates is None:
            del record["candidates"], record["weighed"]
        yield record
    yield {"kind": "result", "rows": _result_rows(replay.result)}


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, default=json_default, ensure_ascii=False)


def write_jsonl(replay: Replay, path: str | Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for record in records(replay):
            out.write(dumps(record) + "\n")
    return path


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, default=json_default, ensure_ascii=False)
    return text if len(text) <= WIDTH else text[: WIDTH - 3] + "..."


def shown(value: float) -> str:
    """A candidate's value to 3 decimals, without the sign of a value that rounds to 0 (a search's tie-break)."""
    return f"{round(value, 3) + 0.0:.3f}"


def _fields(fields: dict[str, Any], removed: list[str] = ()) -> Iterator[str]:
    for key, value in fields.items():
        yield f"    {key} = {_short(value)}"
    for key in removed:
        yield f"    {key} removed"


def text_lines(replay: Replay) -> Iterator[str]:
    """The game turn by turn, as printed by `simkit replay`."""
    seats = " · ".join(f"seat {s + 1} {label}" for s, label in enumerate(replay.labels))
    yield (f"{replay.title}: run {replay.run.experiment}, variant {replay.variant}, {replay.n_players} players, "
           f"game {replay.game_index} (seed {replay.seed})")
    yield f"seats: {seats}"
    yield "public state after the deal:"
    yield from _fields(replay.initial)
    scores = replay.initial_scores
    for d in replay.decisions:
        yield f"step {d.step} · turn {d.turn} · seat {d.player + 1} ({d.policy}): {d.text}"
        if d.candidates is not None:
            if d.candidates:
                yield f"  weighed {d.weighed} candidate(s); the best {len(d.candidates)} (* = chosen):"
                for c in d.candidates:
                    yield f"    {'*' if c.action == d.action else ' '} {shown(c.value):>9}  {c.text}"
            else:
                yield "  weighed no candidates (a forced move, a random draw, or a rule with no values)"
        yield from _fields(d.changed, d.removed)
        if d.scores != scores:
            yield "  scores: " + " ".join(map(str, d.scores))
            scores = d.scores
    yield "final score sheet:"
    sheet = replay.result.select([c for c in ("seat", "policy", "score", "rank", "win_share", "turn_order",
                                              "end_reason") if c in replay.result.columns])
    with pl.Config(tbl_rows=-1, tbl_hide_dataframe_shape=True, tbl_hide_column_data_types=True, fmt_str_lengths=80,
                   tbl_width_chars=160):
        yield str(sheet.with_columns(pl.col("seat") + 1))


def file_stem(variant: str, n_players: int, game_index: int) -> str:
    """The name (without suffix) of a game's log and page: one per game of a run."""
    return f"{variant}-{n_players}p-game{game_index}"
