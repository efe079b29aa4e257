"""Broken copies of a game's shipped data folder, for the bad-data corpora of the games (tests/<game>/*bad_data*):
one change to one file, and the check that the error names the file, the row, the column and the words expected."""

import shutil
from pathlib import Path

from simkit.core.errors import SimkitError


def set_cell(text: str, row: int, column: str, value: str) -> str:
    """`text` with the cell of data row `row` (1-based) in `column` replaced (the cells hold no commas)."""
    lines = text.splitlines()
    header = lines[0].split(",")
    fields = lines[row].split(",")
    fields[header.index(column)] = value
    lines[row] = ",".join(fields)
    return "\n".join(lines) + "\n"


def cell(row, column, value):
    return lambda text: set_cell(text, row, column, value)


def drop_column(text: str, column: str) -> str:
    lines = [ln.split(",") for ln in text.splitlines()]
    i = lines[0].index(column)
    return "\n".join(",".join(f for j, f in enumerate(ln) if j != i) for ln in lines) + "\n"


def broken_folder(tmp_path: Path, package_data: Path, file: str, change) -> Path:
    """A copy of the package's data folder (without its alternatives) in which `file` is change(its text)."""
    folder = tmp_path / "data"
    shutil.copytree(package_data, folder, ignore=shutil.ignore_patterns("alternatives", "README.md"))
    (folder / file).write_text(change((folder / file).read_text(encoding="utf-8")), encoding="utf-8")
    return folder


def check_names_the_place(error: SimkitError, folder: Path, file: str, row, column, words: str) -> None:
    """The error starts with the file, names the row (line) and the column when given, holds `words`, and is one
    the CLI turns into exit status 2."""
    message = str(error)
    assert message.startswith(f"{folder}/{file}: "), message
    if row is not None:
        assert f"row {row} (line {row + 1})" in message, message
    else:
        assert "row" not in message.split(": ")[1] or "header" in message, message
    if column is not None:
        assert f"column {column}" in message, message
    assert words in message, message
    assert isinstance(error, SimkitError) and error.exit_code == 2
