"""The self-contained HTML replay: one file, its script and style inline, no network (a Content-Security-Policy
forbids any fetch), the decision log's records embedded as JSON (`viewer.html` is the page)."""

from __future__ import annotations

import html
import json
from pathlib import Path

from simkit.replay.log import json_default, records
from simkit.replay.play import Replay

TEMPLATE = Path(__file__).with_name("viewer.html")


def page(replay: Replay) -> str:
    # "<" only occurs inside JSON strings, where \u003c means the same: no "</script>" can end the data early
    data = json.dumps(list(records(replay)), default=json_default, ensure_ascii=False).replace("<", "\\u003c")
    title = f"{replay.title}: game {replay.game_index} of run {replay.run.experiment} ({replay.variant})"
    # the seed is written here: JavaScript numbers lose a 64-bit seed's last digits
    meta = " · ".join([f"run {replay.run.experiment}", f"variant {replay.variant}", f"{replay.n_players} player(s)",
                       f"seed {replay.seed}", *(f"seat {s + 1}: {label}" for s, label in enumerate(replay.labels))])
    return (TEMPLATE.read_text(encoding="utf-8").replace("__TITLE__", html.escape(title))
            .replace("__META__", html.escape(meta)).replace("__DATA__", data))


def write_html(replay: Replay, path: str | Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page(replay), encoding="utf-8")
    return path
