"""Reading one CSV component data file with typed cell access whose errors name the file, the row, the column and
the value (Atelier spec §5.4, Ink spec §6.9), and the spelling of a closed vocabulary's members in such files.

A location reads `row 3 (line 4), column blue`: the row counts data rows from 1, the line counts file lines (the
header is line 1), so both a spreadsheet user and an editor user find the cell.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import TypeVar

from simkit.core.errors import ConfigError

E = TypeVar("E", bound=IntEnum)


def file_name(member: IntEnum) -> str:
    """How a data file spells an enum member: its name in lower case."""
    return member.name.lower()


def file_names(enum: type[IntEnum]) -> tuple[str, ...]:
    return tuple(file_name(m) for m in enum)


@dataclass(frozen=True)
class Table:
    source: str  # the file's name in messages
    columns: tuple[str, ...]
    rows: tuple[dict[str, str], ...]  # cells stripped of surrounding spaces
    lines: tuple[int, ...]  # file line of each row

    def __len__(self) -> int:
        return len(self.rows)

    def error(self, row: int, column: str, message: str) -> ConfigError:
        return ConfigError(message, source=self.source, key=f"row {row + 1} (line {self.lines[row]}), column {column}")

    def cell(self, row: int, column: str) -> str:
        return self.rows[row][column]

    def integer(self, row: int, column: str, low: int, high: int) -> int:
        text = self.cell(row, column)
        try:
            value = int(text)
        except ValueError:
            raise self.error(row, column, f"{text!r} is not an integer; expected an integer in [{low}, {high}]")
        if not low <= value <= high:
            raise self.error(row, column, f"{value} is out of range; expected an integer in [{low}, {high}]")
        return value

    def optional_integer(self, row: int, column: str, low: int, high: int) -> int | None:
        """An integer, or None for an empty cell."""
        return None if self.cell(row, column) == "" else self.integer(row, column, low, high)

    def boolean(self, row: int, column: str) -> bool:
        text = self.cell(row, column).lower()
        if text not in ("true", "false"):
            raise self.error(row, column, f"{self.cell(row, column)!r} is not a boolean; expected true or false")
        return text == "true"

    def choice(self, row: int, column: str, allowed: tuple[str, ...]) -> int:
        """The index in `allowed` of the cell's text."""
        text = self.cell(row, column)
        if text not in allowed:
            raise self.error(row, column, f"unknown value {text!r}; expected one of {', '.join(allowed)}")
        return allowed.index(text)

    def kind(self, row: int, column: str, enum: type[E]) -> E:
        """A member of a vocabulary enum, spelt as in the files."""
        return list(enum)[self.choice(row, column, file_names(enum))]

    def unique_integer_ids(self, column: str, low: int, high: int) -> list[int]:
        """The distinct integers of an id column."""
        ids: list[int] = []
        for r in range(len(self)):
            value = self.integer(r, column, low, high)
            if value in ids:
                raise self.error(r, column, f"duplicate id {value} (first in row {ids.index(value) + 1})")
            ids.append(value)
        return ids

    def unique_text_ids(self, column: str) -> list[str]:
        """The non-empty, distinct texts of an id column."""
        ids: list[str] = []
        for r in range(len(self)):
            value = self.cell(r, column)
            if not value:
                raise self.error(r, column, "empty id")
            if value in ids:
                raise self.error(r, column, f"duplicate id {value!r} (first in row {ids.index(value) + 1})")
            ids.append(value)
        return ids


def read_table(file: Path, source: str, columns: tuple[str, ...], *, allow_no_rows: bool = False) -> Table:
    """Read a UTF-8 CSV whose header holds exactly `columns` (any order); every row has every field."""
    try:
        text = file.read_text(encoding="utf-8-sig")  # a spreadsheet export may start with a BOM
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read data file ({exc})", source=source) from None
    reader = csv.reader(io.StringIO(text))
    try:
        header = [h.strip() for h in next(reader, [])]
        records = [(reader.line_num, fields) for fields in reader if any(f.strip() for f in fields)]
    except csv.Error as exc:
        raise ConfigError(f"malformed CSV ({exc})", source=source, key=f"line {reader.line_num}") from None
    where = "header (line 1), column"
    missing = [c for c in columns if c not in header]
    if missing:
        raise ConfigError(f"missing; the header needs {', '.join(columns)}", source=source,
                          key=f"{where} {', '.join(missing)}")
    unknown = [c for c in header if c not in columns]
    if unknown:
        raise ConfigError(f"unknown column; expected {', '.join(columns)}", source=source,
                          key=f"{where} {unknown[0]!r}")
    if len(set(header)) != len(header):
        twice = next(c for c in header if header.count(c) > 1)
        raise ConfigError("appears twice in the header", source=source, key=f"{where} {twice}")
    rows, lines = [], []
    for line, fields in records:
        if len(fields) != len(header):
            raise ConfigError(f"expected {len(header)} fields ({', '.join(header)}), got {len(fields)}",
                              source=source, key=f"row {len(rows) + 1} (line {line})")
        rows.append({h: f.strip() for h, f in zip(header, fields)})
        lines.append(line)
    if not rows and not allow_no_rows:
        raise ConfigError("no data rows", source=source)
    return Table(source, tuple(header), tuple(rows), tuple(lines))
