"""Ink component data (spec §6): tiles, starting tiles, palettes, X tokens, bonus tiles and supplies, loaded from
the files of a data folder, validated as spec §6.9 says, and turned into numeric arrays the engine reads.

The arrays hold only vocabulary values (`vocabulary.py`) and numbers: the engine needs no tile id, colour name or
bonus id. Ids are kept alongside for records and texts. Errors name the file, the row, the column and the value.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simkit.core.errors import ConfigError
from simkit.games.ink.rules.datafiles import DataFolder, read_toml
from simkit.core.datatable import Table, file_name, file_names, read_table
from simkit.games.ink.rules.vocabulary import SPLASH_TEXT, Back, Colour, Diagonal, Effect, TokenKind

COLOURS = file_names(Colour)
N_COLOURS = len(Colour)
POSITIONS = ("tl", "tr", "br", "bl")  # the clockwise order of a tile's squares (spec §3.1)
MARK_COLUMNS = tuple(f"{p}_mark" for p in POSITIONS)
TILE_COLUMNS = ("tile_id", "family", *POSITIONS, *MARK_COLUMNS, "diagonal")
PALETTE_COLUMNS = ("palette_id", "colour_a", "colour_b")
TOKEN_COLUMNS = ("token_id", "kind", "colour_a", "colour_b")
BONUS_COLUMNS = ("bonus_id", "back", "rank", "effect", "amount")
TOKEN_KINDS = tuple(k.name for k in TokenKind)  # spelt X and XX in the file (spec §6.5)
SUPPLY_KEYS = ("black_bottles", "splash_tokens", "colour_tokens_per_colour", "number_tokens")

# A square's marking as the engine reads it: none, a white splash, or the goal value itself (≥ 1).
NO_MARK, SPLASH = 0, -1
NO_DIAGONAL = -1
NO_COLOUR = -1  # colour_b of an X token
# Array bounds of the engine's records; the shipped data uses 100 tiles, 5 starting tiles, 10 palettes, 25 X/XX
# tokens, 9 bonus tiles and 30 bonus tokens.
MAX_TILES, MAX_START_TILES, MAX_PALETTES, MAX_X_TOKENS, MAX_BONUS_TILES = 120, 16, 16, 32, 16
MAX_BONUS_TOKENS, MAX_AMOUNT, MAX_SUPPLY, MAX_GOAL = 64, 9, 99, 20
MAX_ID = 9999


@dataclass(frozen=True)
class Tiles:
    """spec §6.2 / §6.3, one entry per row in file order."""

    ids: tuple[int, ...]
    families: tuple[str, ...]
    colour: np.ndarray  # int8[n, 4]: Colour per position TL, TR, BR, BL
    mark: np.ndarray  # int8[n, 4]: NO_MARK, SPLASH or a goal value
    diagonal: np.ndarray  # int8[n]: Diagonal or NO_DIAGONAL
    source: str  # the file's name in messages

    def __len__(self) -> int:
        return len(self.ids)


@dataclass(frozen=True)
class Palettes:
    """spec §6.4: the two colours of each palette card."""

    ids: tuple[str, ...]
    colours: np.ndarray  # int8[n, 2]
    source: str

    def __len__(self) -> int:
        return len(self.ids)


@dataclass(frozen=True)
class XTokens:
    """spec §6.5: X tokens (one colour) and XX tokens (two colours)."""

    ids: tuple[str, ...]
    kind: np.ndarray  # int8[n]: TokenKind
    colours: np.ndarray  # int8[n, 2]: colour_b is NO_COLOUR for an X token
    source: str

    def __len__(self) -> int:
        return len(self.ids)

    def count(self, kind: TokenKind) -> int:
        return int(np.sum(self.kind == kind))


@dataclass(frozen=True)
class BonusTiles:
    """spec §6.6: each bonus tile's back, rank, effect kind and amount."""

    ids: tuple[str, ...]
    back: np.ndarray  # int8[n]: Back
    rank: np.ndarray  # int16[n]
    effect: np.ndarray  # int8[n]: Effect
    amount: np.ndarray  # int8[n]
    source: str

    def __len__(self) -> int:
        return len(self.ids)

    def count(self, back: Back) -> int:
        return int(np.sum(self.back == back))


@dataclass(frozen=True)
class Supplies:
    """spec §6.7: the black reserve and the bonus token supplies."""

    black_bottles: int
    splash_tokens: int
    colour_tokens_per_colour: int
    number_tokens: dict[int, int]  # goal value -> tokens
    source: str


def _check_size(table: Table, what: str, most: int) -> None:
    if len(table) > most:
        raise table.error(most, table.columns[0], f"at most {most} {what} are supported, got {len(table)}")


def _mark(table: Table, r: int, column: str, goal_values: tuple[int, ...]) -> int:
    text = table.cell(r, column)
    if text == "":
        return NO_MARK
    if text == SPLASH_TEXT:
        return SPLASH
    if text.isdigit() and int(text) in goal_values:
        return int(text)
    raise table.error(r, column, f"unknown marking {text!r}; expected empty, {SPLASH_TEXT!r} (a white splash) or a "
                                 f"goal value of goal_values ({', '.join(map(str, goal_values))})")


def load_tiles(folder: DataFolder, file_name_: str, goal_values: tuple[int, ...], *, start: bool,
               taken_ids: tuple[int, ...] = ()) -> Tiles:
    """Ink tiles (spec §6.2) or starting tiles (§6.3): unique ids (across both files), known colours and markings,
    a diagonal tile's joined squares of one colour, at least 2 colours per tile, 4 on a starting tile (§6.9)."""
    path, name = folder.file(file_name_)
    table = read_table(path, name, TILE_COLUMNS)
    _check_size(table, "starting tiles" if start else "tiles", MAX_START_TILES if start else MAX_TILES)
    ids, colours, marks, diagonals = [], [], [], []
    for r in range(len(table)):
        tile_id = table.integer(r, "tile_id", 1, MAX_ID)
        if tile_id in ids or tile_id in taken_ids:
            where = f"row {ids.index(tile_id) + 1}" if tile_id in ids else "the other tile file"
            raise table.error(r, "tile_id", f"duplicate id {tile_id} (first in {where})")
        ids.append(tile_id)
        colour = [table.choice(r, p, COLOURS) for p in POSITIONS]
        distinct = len(set(colour))
        if start and distinct != 4:
            raise table.error(r, ", ".join(POSITIONS), f"a starting tile has 4 different colours, got {distinct} "
                                                       "(spec §6.9)")
        if distinct < 2:
            raise table.error(r, ", ".join(POSITIONS), f"a tile has at least 2 colours, got only {COLOURS[colour[0]]} "
                                                       "(spec §6.9)")
        marks.append([_mark(table, r, c, goal_values) for c in MARK_COLUMNS])
        diagonal = NO_DIAGONAL
        if table.cell(r, "diagonal"):
            diagonal = table.kind(r, "diagonal", Diagonal)
            a, b = (0, 2) if diagonal == Diagonal.TL_BR else (1, 3)
            if colour[a] != colour[b]:
                raise table.error(r, "diagonal", f"{file_name(Diagonal(diagonal))} joins {POSITIONS[a]} "
                                                 f"({COLOURS[colour[a]]}) and {POSITIONS[b]} ({COLOURS[colour[b]]}): "
                                                 "joined squares share a colour (spec §6.9)")
        colours.append(colour)
        diagonals.append(diagonal)
    return Tiles(tuple(ids), tuple(table.cell(r, "family") for r in range(len(table))),
                 np.array(colours, np.int8).reshape(-1, 4), np.array(marks, np.int8).reshape(-1, 4),
                 np.array(diagonals, np.int8), name)


def load_palettes(folder: DataFolder) -> Palettes:
    """Palette cards (spec §6.4): unique ids, two different known colours (§6.9)."""
    path, name = folder.file("palettes.csv")
    table = read_table(path, name, PALETTE_COLUMNS)
    _check_size(table, "palettes", MAX_PALETTES)
    ids = table.unique_text_ids("palette_id")
    colours = []
    for r in range(len(table)):
        a, b = table.choice(r, "colour_a", COLOURS), table.choice(r, "colour_b", COLOURS)
        if a == b:
            raise table.error(r, "colour_b", f"a palette names two different colours, got {COLOURS[a]} twice")
        colours.append((a, b))
    return Palettes(tuple(ids), np.array(colours, np.int8).reshape(-1, 2), name)


def load_x_tokens(folder: DataFolder) -> XTokens:
    """X and XX tokens (spec §6.5): unique ids, a known kind, one colour for an X, two different for an XX."""
    path, name = folder.file("x_tokens.csv")
    table = read_table(path, name, TOKEN_COLUMNS)
    _check_size(table, "X and XX tokens", MAX_X_TOKENS)
    ids = table.unique_text_ids("token_id")
    kinds, colours = [], []
    for r in range(len(table)):
        kind = TokenKind(table.choice(r, "kind", TOKEN_KINDS))
        a = table.choice(r, "colour_a", COLOURS)
        if kind == TokenKind.X:
            if table.cell(r, "colour_b"):
                raise table.error(r, "colour_b", f"an X token shows one colour; leave colour_b empty, got "
                                                 f"{table.cell(r, 'colour_b')!r}")
            b = NO_COLOUR
        else:
            b = table.choice(r, "colour_b", COLOURS)
            if a == b:
                raise table.error(r, "colour_b", f"an XX token shows two different colours, got {COLOURS[a]} twice")
        kinds.append(kind)
        colours.append((a, b))
    return XTokens(tuple(ids), np.array(kinds, np.int8), np.array(colours, np.int8).reshape(-1, 2), name)


def load_bonus_tiles(folder: DataFolder) -> BonusTiles:
    """Bonus tiles (spec §6.6): unique ids, a known back and effect kind, an integer rank, an amount ≥ 1."""
    path, name = folder.file("bonus_tiles.csv")
    table = read_table(path, name, BONUS_COLUMNS)
    _check_size(table, "bonus tiles", MAX_BONUS_TILES)
    ids = table.unique_text_ids("bonus_id")
    back = [table.kind(r, "back", Back) for r in range(len(table))]
    rank = [table.integer(r, "rank", -MAX_ID, MAX_ID) for r in range(len(table))]
    effect = [table.kind(r, "effect", Effect) for r in range(len(table))]
    amount = [table.integer(r, "amount", 1, MAX_AMOUNT) for r in range(len(table))]
    return BonusTiles(tuple(ids), np.array(back, np.int8), np.array(rank, np.int16), np.array(effect, np.int8),
                      np.array(amount, np.int8), name)


def _count(name: str, key: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SUPPLY:
        raise ConfigError(f"expected an integer in [0, {MAX_SUPPLY}], got {value!r}", source=name, key=key)
    return value


def load_supplies(folder: DataFolder, goal_values: tuple[int, ...]) -> Supplies:
    """supplies.toml (spec §6.7): every key, counts in [0, 99], number tokens only of values in goal_values."""
    path, name = folder.file("supplies.toml")
    values = read_toml(path, name)
    unknown = [k for k in values if k not in SUPPLY_KEYS]
    if unknown:
        raise ConfigError(f"unknown key; known: {', '.join(SUPPLY_KEYS)}", source=name, key=unknown[0])
    missing = [k for k in SUPPLY_KEYS if k not in values]
    if missing:
        raise ConfigError(f"missing; {name} sets {', '.join(SUPPLY_KEYS)}", source=name, key=missing[0])
    numbers = values["number_tokens"]
    if not isinstance(numbers, dict):
        raise ConfigError(f"expected a table of goal value = count, got {numbers!r}", source=name,
                          key="number_tokens")
    number_tokens = {}
    for text, count in numbers.items():
        key = f"number_tokens.{text}"
        if not text.isdigit() or int(text) not in goal_values:
            raise ConfigError(f"a number token shows a goal value of goal_values ({', '.join(map(str, goal_values))})",
                              source=name, key=key)
        number_tokens[int(text)] = _count(name, key, count)
    supplies = Supplies(*(_count(name, k, values[k]) for k in SUPPLY_KEYS[:3]), number_tokens, name)
    total = supplies.splash_tokens + N_COLOURS * supplies.colour_tokens_per_colour + sum(number_tokens.values())
    if total > MAX_BONUS_TOKENS:
        raise ConfigError(f"at most {MAX_BONUS_TOKENS} bonus tokens in all are supported, got {total}", source=name)
    return supplies
