"""Couleurs de Paris component data (spec §1.3-§1.4, §3-§5, §11): loaded from data files and validated.

Every reconstructed value lives in a data file under `data/`. A loader checks the file's schema and names the file
and the line (or key) of the first problem in a `ConfigError`. The engine assumes nothing the files do not say:
the number of wheel sectors, the track lengths and the painting grids all come from here.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from enum import IntEnum
from importlib import resources
from pathlib import Path

import numpy as np

from simkit.core.errors import ConfigError


class Colour(IntEnum):
    """Colour codes (spec §1.2); the value is the engine's colour index."""
    R = 0
    Y = 1
    B = 2
    O = 3  # noqa: E741
    G = 4
    P = 5
    W = 6
    K = 7


COLOURS = tuple(c.name for c in Colour)
R, Y, B, O, G, P, W, K = Colour  # noqa: E741
N_COLOURS = len(Colour)
PRIMARIES, SECONDARIES = (R, Y, B), (O, G, P)
GRID_COLOURS = "RYBOGP"  # a square requires one of these


class LowerAction(IntEnum):
    """Lower-board actions (spec §7.1); the value is the engine's action id, the lower-case name the data files'."""
    GET_RED = 0
    GET_YELLOW = 1
    GET_BLUE = 2
    MIX_ORANGE = 3
    MIX_GREEN = 4
    MIX_PURPLE = 5
    MIX_BLACK = 6
    UPGRADE_TUBE = 7
    UPGRADE_PALETTE = 8
    UPGRADE_BRUSH = 9
    PAINT = 10
    EXHIBIT = 11
    TAKE_PAINTING = 12


LOWER_ACTIONS = tuple(a.name.lower() for a in LowerAction)
(GET_RED, GET_YELLOW, GET_BLUE, MIX_ORANGE, MIX_GREEN, MIX_PURPLE, MIX_BLACK, UPGRADE_TUBE, UPGRADE_PALETTE,
 UPGRADE_BRUSH, PAINT, EXHIBIT, TAKE_PAINTING) = LowerAction
# upper-board spaces (spec §3.4)
UPPER_ACTIONS = ("first_player", "imitator", "rotate", "whites")


class Tool(IntEnum):
    TUBE = 0
    PALETTE = 1
    BRUSH = 2


TOOLS = tuple(t.name.lower() for t in Tool)
TUBE, PALETTE, BRUSH = Tool
BONUS_CARD_TYPES = ("painting", "imitation", "mixing", "colour_swap", "tool")


class Painter(IntEnum):
    """Painter tiles (spec §11.2); the lower-case name is the tile's id in painter_pool and painters.csv."""
    CEZANNE = 0
    DEGAS = 1
    GAUGUIN = 2
    MANET = 3
    MONET = 4
    RENOIR = 5
    TOULOUSE_LAUTREC = 6
    VAN_GOGH = 7
    VALADON = 8


PAINTERS = tuple(p.name.lower() for p in Painter)

MAX_SECTORS = 24  # array bounds of the compiled state
MAX_TRACK = 16
MAX_CARDS = 64
N_TIERS = 4  # painting tiers 0..3 (spec §5.1)

DATA_PACKAGE = "simkit.games.couleurs.data"
DATA_DIR = "simkit/games/couleurs/data"
SOURCE_TAGS = ("reconstructed-v1", "printed")
# prefix of the alternative data sets' tags (spec §1.5), e.g. sensitivity-flatter-tracks
SENSITIVITY_TAG = "sensitivity-"


@dataclass(frozen=True)
class Board:
    """Wheel and lower slots (spec §3.1): sector s performs wheel[s]; slot j has capacity caps[n][j]."""

    wheel: np.ndarray  # int8[S]: lower action id of each sector, clockwise from the top at setup
    caps: dict[int, np.ndarray]  # n_players -> int8[S]
    printed_forbidden: np.ndarray  # bool[S]
    source: str  # "file (tag)"

    @property
    def n_sectors(self) -> int:
        return len(self.wheel)

    def capacity(self, n_players: int, action: int, rotation: int) -> int:
        """This round's capacity of the sector performing `action` (spec §3.2)."""
        s = int(np.flatnonzero(self.wheel == action)[0])
        return int(self.caps[n_players][(s + rotation) % self.n_sectors])


@dataclass(frozen=True)
class Tracks:
    levels: np.ndarray  # int8[3, MAX_TRACK]: level printed on space i+1
    lengths: np.ndarray  # int8[3]
    source: str


@dataclass(frozen=True)
class Paintings:
    ids: np.ndarray  # int16[n]
    types: tuple[str, ...]  # type name of each card
    type_index: np.ndarray  # int8[n]: index into type_names
    type_names: tuple[str, ...]  # in order of first appearance
    tiers: np.ndarray  # int8[n]
    value_base: np.ndarray  # int16[n]
    value_j: np.ndarray  # int16[n]
    grids: np.ndarray  # int8[n, 9]: colour index of each square, row-major
    source: str

    def __len__(self) -> int:
        return len(self.ids)

    def colour_counts(self, types: tuple[str, ...] | None = None) -> dict[str, int]:
        """Squares per colour over the cards of `types` (all when None), spec §5.2 check values."""
        rows = [i for i, t in enumerate(self.types) if types is None or t in types]
        return {GRID_COLOURS[c]: int((self.grids[rows] == c).sum()) for c in range(6)}


@dataclass(frozen=True)
class BonusCards:
    types: tuple[str, ...]
    copies: np.ndarray  # int8
    cost_white: np.ndarray  # int8
    source: str


@dataclass(frozen=True)
class Painters:
    ids: tuple[str, ...]
    names: tuple[str, ...]
    promo: tuple[bool, ...]
    source: str


# ---- reading --------------------------------------------------------------------------------------------------


def _open(path: str | Path | None, default: str):
    """The file to read and its name in messages. A relative path that is not a file here but is one under the
    package data folder (e.g. `alternatives/tracks-flatter.csv`) names the shipped package file."""
    if path is None or path == "":
        return resources.files(DATA_PACKAGE).joinpath(default), f"{DATA_DIR}/{default}"
    local = Path(path)
    packaged = resources.files(DATA_PACKAGE).joinpath(str(path))
    if not local.is_absolute() and not local.exists() and packaged.is_file():
        return packaged, f"{DATA_DIR}/{path}"
    return local, str(path)


def valid_source_tag(tag: str) -> bool:
    return tag in SOURCE_TAGS or (tag.startswith(SENSITIVITY_TAG) and len(tag) > len(SENSITIVITY_TAG))


def _read_rows(path, default: str, columns: tuple[str, ...]) -> tuple[list[tuple[int, dict]], str, str]:
    """Rows (with their file line numbers) of a CSV whose first line is `# source: TAG`; returns rows, name, tag."""
    file, name = _open(path, default)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read data file ({exc})", source=name) from None
    lines = text.splitlines()
    if not lines or not lines[0].startswith("#") or "source:" not in lines[0]:
        raise ConfigError(f"the first line must be '# source: TAG' with TAG one of {', '.join(SOURCE_TAGS)}",
                          source=name, key="line 1")
    tag = lines[0].split("source:", 1)[1].strip()
    if not valid_source_tag(tag):
        raise ConfigError(f"unknown source tag {tag!r}; expected one of {', '.join(SOURCE_TAGS)} or "
                          f"{SENSITIVITY_TAG}NAME", source=name, key="line 1")
    body = [(i + 1, ln) for i, ln in enumerate(lines) if i > 0 and ln.strip() and not ln.lstrip().startswith("#")]
    if not body:
        raise ConfigError("no header line", source=name)
    try:
        reader = list(csv.reader([ln for _, ln in body]))
    except csv.Error as exc:
        raise ConfigError(f"malformed CSV ({exc})", source=name) from None
    header = [h.strip() for h in reader[0]]
    missing = [c for c in columns if c not in header]
    if missing:
        raise ConfigError(f"missing column(s) {', '.join(missing)}; need {', '.join(columns)}", source=name,
                          key=f"line {body[0][0]}")
    extra = [c for c in header if c not in columns]
    if extra:
        raise ConfigError(f"unknown column(s) {', '.join(extra)}; expected {', '.join(columns)}", source=name,
                          key=f"line {body[0][0]}")
    rows = []
    for (line, _), values in zip(body[1:], reader[1:]):
        if len(values) != len(header):
            raise ConfigError(f"expected {len(header)} fields, got {len(values)}", source=name, key=f"line {line}")
        rows.append((line, {h: v.strip() for h, v in zip(header, values)}))
    if not rows:
        raise ConfigError("no data rows", source=name)
    return rows, name, tag


def _int(row: dict, col: str, name: str, line: int, low: int, high: int) -> int:
    try:
        value = int(row[col])
    except ValueError:
        raise ConfigError(f"{col} {row[col]!r} is not an integer", source=name, key=f"line {line}") from None
    if not low <= value <= high:
        raise ConfigError(f"{col} {value} is out of range [{low}, {high}]", source=name, key=f"line {line}")
    return value


def _bool(row: dict, col: str, name: str, line: int) -> bool:
    value = row[col].lower()
    if value in ("true", "yes", "1"):
        return True
    if value in ("false", "no", "0", ""):
        return False
    raise ConfigError(f"{col} {row[col]!r} is not a boolean (true/false)", source=name, key=f"line {line}")


def _index_column(rows, col: str, name: str) -> list[int]:
    """Check that column `col` numbers the rows 0..n-1 in order."""
    out = []
    for i, (line, row) in enumerate(rows):
        v = _int(row, col, name, line, 0, 10**6)
        if v != i:
            raise ConfigError(f"{col} must number the rows 0, 1, 2, ... in order; expected {i}, got {v}",
                              source=name, key=f"line {line}")
        out.append(v)
    return out


# ---- loaders --------------------------------------------------------------------------------------------------


def load_board(wheel_path=None, slots_path=None, *, wheel_default="wheel.csv") -> Board:
    """Wheel sectors and lower slots (spec §1.4): same count, every lower action at most once."""
    rows, wname, wtag = _read_rows(wheel_path, wheel_default, ("sector", "action"))
    if len(rows) > MAX_SECTORS:
        raise ConfigError(f"at most {MAX_SECTORS} sectors are supported, got {len(rows)}", source=wname)
    _index_column(rows, "sector", wname)
    wheel = []
    for line, row in rows:
        if row["action"] not in LOWER_ACTIONS:
            raise ConfigError(f"unknown action {row['action']!r}; known: {', '.join(LOWER_ACTIONS)}", source=wname,
                              key=f"line {line}")
        a = LOWER_ACTIONS.index(row["action"])
        if a in wheel:
            raise ConfigError(f"action {row['action']!r} appears twice", source=wname, key=f"line {line}")
        wheel.append(a)
    if GET_RED not in wheel:
        raise ConfigError("the wheel needs a get_red sector (the half-turn landmark)", source=wname)
    if (EXHIBIT in wheel) == (TAKE_PAINTING in wheel):
        raise ConfigError("the wheel needs exactly one of exhibit (variant J) and take_painting (base)", source=wname)
    srows, sname, stag = _read_rows(slots_path, "slots.csv", ("slot", "cap_2p", "cap_3p", "cap_4p",
                                                              "printed_forbidden"))
    _index_column(srows, "slot", sname)
    if len(srows) != len(rows):
        raise ConfigError(f"{len(srows)} slots but {len(rows)} wheel sectors in {wname}; the counts must be equal",
                          source=sname)
    caps = {n: np.zeros(len(srows), np.int8) for n in (2, 3, 4)}
    forbidden = np.zeros(len(srows), bool)
    for j, (line, row) in enumerate(srows):
        for n in (2, 3, 4):
            caps[n][j] = _int(row, f"cap_{n}p", sname, line, 0, 8)
        forbidden[j] = _bool(row, "printed_forbidden", sname, line)
        if forbidden[j] and any(caps[n][j] for n in (2, 3, 4)):
            raise ConfigError(f"slot {j} is printed forbidden but has a capacity > 0", source=sname,
                              key=f"line {line}")
    for n in (2, 3, 4):
        if caps[n].sum() == 0:
            raise ConfigError(f"no slot has a capacity for {n} players", source=sname, key=f"cap_{n}p")
    return Board(np.array(wheel, np.int8), caps, forbidden, f"{wname} ({wtag}), {sname} ({stag})")


def load_tracks(path=None) -> Tracks:
    """Tool tracks (spec §4): spaces 1..L per tool, levels non-decreasing and ≥ 0."""
    rows, name, tag = _read_rows(path, "tracks.csv", ("tool", "space", "level"))
    spaces: dict[str, list[tuple[int, int, int]]] = {t: [] for t in TOOLS}
    for line, row in rows:
        if row["tool"] not in TOOLS:
            raise ConfigError(f"unknown tool {row['tool']!r}; known: {', '.join(TOOLS)}", source=name,
                              key=f"line {line}")
        spaces[row["tool"]].append((_int(row, "space", name, line, 1, MAX_TRACK),
                                    _int(row, "level", name, line, 0, 99), line))
    levels = np.zeros((3, MAX_TRACK), np.int8)
    lengths = np.zeros(3, np.int8)
    for t, tool in enumerate(TOOLS):
        entries = spaces[tool]
        if len(entries) < 2:
            raise ConfigError(f"tool {tool!r} needs at least 2 spaces, got {len(entries)}", source=name)
        for i, (space, level, line) in enumerate(entries):
            if space != i + 1:
                raise ConfigError(f"{tool} spaces must run 1, 2, 3, ... in order; expected {i + 1}, got {space}",
                                  source=name, key=f"line {line}")
            if i and level < levels[t, i - 1]:
                raise ConfigError(f"{tool} level {level} on space {space} is below the previous space's",
                                  source=name, key=f"line {line}")
            levels[t, i] = level
        lengths[t] = len(entries)
    return Tracks(levels, lengths, f"{name} ({tag})")


def load_paintings(path=None) -> Paintings:
    """Painting cards (spec §5.3): 4 cards per type, one per tier 0..3, grids of R/Y/B/O/G/P."""
    cols = ("card_id", "type", "tier", "value_base", "value_variant_J", *(f"sq{i}" for i in range(1, 10)))
    rows, name, tag = _read_rows(path, "paintings.csv", cols)
    if len(rows) > MAX_CARDS:
        raise ConfigError(f"at most {MAX_CARDS} cards are supported, got {len(rows)}", source=name)
    ids, types, tiers, vb, vj, grids = [], [], [], [], [], []
    for line, row in rows:
        where = f"line {line}"
        cid = _int(row, "card_id", name, line, 1, 10**6)
        if cid in ids:
            raise ConfigError(f"duplicate card_id {cid}", source=name, key=where)
        if not row["type"]:
            raise ConfigError("empty type", source=name, key=where)
        tier = _int(row, "tier", name, line, 0, N_TIERS - 1)
        grid = []
        for i in range(1, 10):
            c = row[f"sq{i}"]
            if c not in GRID_COLOURS or len(c) != 1:
                raise ConfigError(f"sq{i} {c!r} is not a square colour; expected one of {', '.join(GRID_COLOURS)}",
                                  source=name, key=where)
            grid.append(GRID_COLOURS.index(c))
        ids.append(cid)
        types.append(row["type"])
        tiers.append(tier)
        vb.append(_int(row, "value_base", name, line, 0, 999))
        vj.append(_int(row, "value_variant_J", name, line, 0, 999))
        grids.append(grid)
    type_names = tuple(dict.fromkeys(types))
    for t in type_names:
        t_tiers = sorted(tier for tier, ty in zip(tiers, types) if ty == t)
        if t_tiers != list(range(N_TIERS)):
            raise ConfigError(f"type {t!r} must have exactly one card per tier 0..3, got tiers {t_tiers}",
                              source=name, key=f"type {t}")
    return Paintings(np.array(ids, np.int16), tuple(types), np.array([type_names.index(t) for t in types], np.int8),
                     type_names, np.array(tiers, np.int8), np.array(vb, np.int16), np.array(vj, np.int16),
                     np.array(grids, np.int8), f"{name} ({tag})")


def load_bonus_cards(path=None) -> BonusCards:
    """Bonus cards (spec §11.1): one row per type, every known type exactly once."""
    rows, name, tag = _read_rows(path, "bonus_cards.csv", ("type", "copies", "cost_white"))
    seen, copies, costs = [], [], []
    for line, row in rows:
        if row["type"] not in BONUS_CARD_TYPES:
            raise ConfigError(f"unknown bonus card type {row['type']!r}; known: {', '.join(BONUS_CARD_TYPES)}",
                              source=name, key=f"line {line}")
        if row["type"] in seen:
            raise ConfigError(f"bonus card type {row['type']!r} appears twice", source=name, key=f"line {line}")
        seen.append(row["type"])
        copies.append(_int(row, "copies", name, line, 0, 20))
        costs.append(_int(row, "cost_white", name, line, 0, 99))
    missing = [t for t in BONUS_CARD_TYPES if t not in seen]
    if missing:
        raise ConfigError(f"bonus card type(s) missing: {', '.join(missing)}", source=name)
    order = [seen.index(t) for t in BONUS_CARD_TYPES]
    return BonusCards(BONUS_CARD_TYPES, np.array(copies, np.int8)[order], np.array(costs, np.int8)[order],
                      f"{name} ({tag})")


def load_painters(path=None) -> Painters:
    """Painter tiles (spec §11.2): known ids only, each once."""
    rows, name, tag = _read_rows(path, "painters.csv", ("painter", "name", "promo"))
    ids, names, promo = [], [], []
    for line, row in rows:
        if row["painter"] not in PAINTERS:
            raise ConfigError(f"unknown painter {row['painter']!r}; known: {', '.join(PAINTERS)}", source=name,
                              key=f"line {line}")
        if row["painter"] in ids:
            raise ConfigError(f"painter {row['painter']!r} appears twice", source=name, key=f"line {line}")
        ids.append(row["painter"])
        names.append(row["name"])
        promo.append(_bool(row, "promo", name, line))
    return Painters(tuple(ids), tuple(names), tuple(promo), f"{name} ({tag})")
