"""How many lines of glue each registered game writes: code that connects its rules, engine and policies to the core
(docs/adding-a-game.md). Counted: code lines (no blank lines, comments or docstrings) of `game.py` (the CompiledGame
and CompiledState subclasses) and of the compiled batch loop `play_games` in `batch.py`. Reported beside it, not
counted as glue: the result columns the game declares and the compiled `record_game` that fills them (what the game
reports), and `view.py` (what a player sees).

    python benchmarks/glue_lines.py
"""

from __future__ import annotations

import ast
import importlib
import io
import tokenize
from pathlib import Path

from simkit.core.game import game_ids
from simkit.games import REGISTRY


def code_lines(source: str, first: int = 1, last: int | None = None) -> int:
    """Lines in [first, last] holding code: not blank, not only a comment, not part of a docstring."""
    tree = ast.parse(source)
    doc_lines = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            doc_lines.update(range(body[0].lineno, body[0].end_lineno + 1))
    code = set()
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
                            tokenize.ENDMARKER):
            code.update(range(tok.start[0], tok.end[0] + 1))
    last = last or len(source.splitlines())
    return len({n for n in code - doc_lines if first <= n <= last})


def span(source: str, name: str) -> tuple[int, int]:
    """First and last line of the top-level definition or assignment `name`."""
    for node in ast.parse(source).body:
        targets = [t.id for t in getattr(node, "targets", []) if isinstance(t, ast.Name)]
        if getattr(node, "name", None) == name or name in targets:
            first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
            return first, node.end_lineno
    raise LookupError(name)


def count(game_id: str) -> dict[str, int]:
    folder = Path(importlib.import_module(REGISTRY[game_id].game_class.partition(":")[0]).__file__).parent
    game, batch = (folder / "game.py").read_text(), (folder / "batch.py").read_text()
    view = folder / "view.py"
    return {"game.py": code_lines(game), "play_games": code_lines(batch, *span(batch, "play_games")),
            "columns": code_lines(batch, *span(batch, "COLUMNS")),
            "record_game": code_lines(batch, *span(batch, "record_game")),
            "view.py": code_lines(view.read_text()) if view.exists() else 0}


def main() -> None:
    print(f"{'game':10} {'glue':>5} = {'game.py':>7} + {'play_games':>10}   (not glue: {'columns':>7} "
          f"{'record_game':>11} {'view.py':>7})")
    for game_id in game_ids():
        c = count(game_id)
        print(f"{game_id:10} {c['game.py'] + c['play_games']:5} = {c['game.py']:7} + {c['play_games']:10}   "
              f"(           {c['columns']:7} {c['record_game']:11} {c['view.py']:7})")


if __name__ == "__main__":
    main()
