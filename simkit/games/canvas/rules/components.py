"""Canvas component data: Art cards and Scoring cards, loaded from data files and validated.

Cards become arrays the compiled engine reads: one icon bit mask per card and swatch.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Sequence

import numpy as np

from simkit.core.errors import ConfigError
from simkit.games.canvas.engine.scoring import Condition, Element

SWATCHES = ("red", "yellow", "green", "blue", "violet")
ELEMENTS = tuple(e.name for e in Element)
BONUS_ICONS = tuple(f"BONUS_{e}" for e in ELEMENTS)
ICONS = ELEMENTS + BONUS_ICONS  # bit i of a swatch mask <=> ICONS[i] is there
ICON_BIT = {name: 1 << i for i, name in enumerate(ICONS)}

# The scoring card names, in the order of their condition ids.
SCORING_CONDITIONS = tuple(c.name.capitalize() for c in Condition)
MAX_TRACK = 8
MAX_DECK = 120  # most Art cards a deck file may hold (the state record's deck array)


def scoring_condition_ids(names: Sequence[str]) -> tuple[int, ...]:
    """Condition ids of scoring card names (any case, spaces trimmed): each known, none twice."""
    folded = {n.lower(): i for i, n in enumerate(SCORING_CONDITIONS)}
    ids = []
    for name in names:
        c = folded.get(name.strip().lower())
        if c is None:
            raise ConfigError(f"unknown scoring card {name!r}; known: {', '.join(SCORING_CONDITIONS)}")
        if c in ids:
            raise ConfigError(f"scoring cards repeat: {name!r} appears twice in {list(names)}")
        ids.append(c)
    return tuple(ids)

# Check values of the printed deck (spec §1.1); a replacement deck is reported against them.
PRINTED_DECK_CHECKS = {
    "cards": 60,
    **{f"count_{e}": 34 for e in ELEMENTS},
    **{f"count_{b}": 4 for b in BONUS_ICONS},
    "cards_per_swatch_pair": 6,
    "cards_per_swatch": 24,
}

DATA_PACKAGE = "simkit.games.canvas.data"
DEFAULT_ART_CARDS = "art_cards.csv"
DEFAULT_SCORING_CARDS = "scoring_cards.json"


@dataclass(frozen=True)
class ArtDeck:
    ids: np.ndarray  # int16[n]: printed/BGA card id of each card index
    masks: np.ndarray  # uint8[n, 5]: icon bits per swatch
    source: str  # the file it came from

    def __len__(self) -> int:
        return len(self.ids)

    def index_of(self, card_id: int) -> int:
        hits = np.flatnonzero(self.ids == card_id)
        if len(hits) == 0:
            raise ConfigError(f"unknown Art card id {card_id}; ids run {self.ids.min()}..{self.ids.max()}",
                              source=self.source)
        return int(hits[0])

    def check_values(self) -> dict[str, int | None]:
        """The deck's counts in the form of spec §1.1 (None where the deck is not uniform)."""
        bits = np.unpackbits(self.masks[..., None], axis=-1, bitorder="little")  # [n, 5, 8]
        values: dict[str, int | None] = {"cards": len(self)}
        for i, icon in enumerate(ICONS):
            values[f"count_{icon}"] = int(bits[:, :, i].sum())
        used = self.masks > 0
        pair_counts = {int((used[:, a] & used[:, b]).sum()) for a in range(5) for b in range(a + 1, 5)}
        values["cards_per_swatch_pair"] = pair_counts.pop() if len(pair_counts) == 1 else None
        swatch_counts = set(used.sum(axis=0).tolist())
        values["cards_per_swatch"] = int(swatch_counts.pop()) if len(swatch_counts) == 1 else None
        return values

    def matches_printed_deck(self) -> bool:
        return self.check_values() == PRINTED_DECK_CHECKS


@dataclass(frozen=True)
class ScoringCards:
    names: tuple[str, ...]  # SCORING_CONDITIONS order
    tracks: np.ndarray  # int16[12, MAX_TRACK]: points for holding n ribbons at tracks[c, n-1]
    track_len: np.ndarray  # int8[12]
    source: str

    def index_of(self, name: str, *, source: str | None = None, key: str | None = None) -> int:
        folded = {n.lower(): i for i, n in enumerate(self.names)}
        if name.lower() not in folded:
            raise ConfigError(f"unknown scoring card {name!r}; known: {', '.join(self.names)}",
                              source=source, key=key)
        return folded[name.lower()]


def _open_data(path: str | Path | None, default: str):
    if path is None:
        return resources.files(DATA_PACKAGE).joinpath(default), f"simkit/games/canvas/data/{default}"
    return Path(path), str(path)


def load_art_cards(path: str | Path | None = None) -> ArtDeck:
    """Load Art cards from a CSV with columns id, red, yellow, green, blue, violet (icons joined by '+')."""
    file, source = _open_data(path, DEFAULT_ART_CARDS)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read Art card file ({exc})", source=source) from None
    ids, masks = _art_cards(text, source)
    return ArtDeck(np.array(ids, np.int16), np.array(masks, np.uint8).reshape(-1, len(SWATCHES)), source)


@lru_cache(maxsize=16)
def _art_cards(text: str, source: str) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The card ids and swatch masks an Art card file's text holds, checked (parsed once per text: a report makes
    thousands of games)."""
    try:
        rows = list(csv.DictReader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise ConfigError(f"cannot read Art card file ({exc})", source=source) from None
    if not rows:
        raise ConfigError("no Art cards in file", source=source)
    missing = [c for c in ("id", *SWATCHES) if c not in rows[0]]
    if missing:
        raise ConfigError(f"missing column(s) {', '.join(missing)}; need id, {', '.join(SWATCHES)}", source=source)
    ids, masks = [], []
    for line, row in enumerate(rows, start=2):
        where = f"line {line}"
        try:
            card_id = int(row["id"])
        except (TypeError, ValueError):
            raise ConfigError(f"card id {row['id']!r} is not an integer", source=source, key=where) from None
        if card_id in ids:
            raise ConfigError(f"duplicate card id {card_id}", source=source, key=where)
        card = []
        for swatch in SWATCHES:
            icons = [i.strip() for i in (row[swatch] or "").split("+") if i.strip()]
            unknown = [i for i in icons if i not in ICON_BIT]
            if unknown:
                raise ConfigError(f"unknown icon {unknown[0]!r} in swatch {swatch} of card {card_id}; "
                                  f"allowed: {', '.join(ICONS)}", source=source, key=where)
            if len(set(icons)) != len(icons) or len(icons) > 2:
                raise ConfigError(f"swatch {swatch} of card {card_id} must hold 1 or 2 different icons, "
                                  f"got {icons}", source=source, key=where)
            card.append(sum(ICON_BIT[i] for i in icons))
        if sum(1 for m in card if m) != 2:
            raise ConfigError(f"card {card_id} must have icons in exactly 2 swatches", source=source, key=where)
        ids.append(card_id)
        masks.append(tuple(card))
    if len(ids) > MAX_DECK:
        raise ConfigError(f"at most {MAX_DECK} Art cards are supported, got {len(ids)}", source=source)
    return tuple(ids), tuple(masks)


def load_scoring_cards(path: str | Path | None = None) -> ScoringCards:
    """Load Scoring cards (name and points track) from JSON: {"cards": [{"name": ..., "track": [...]}, ...]}.

    A replacement file may change tracks; the conditions are the engine's, found by name.
    """
    file, source = _open_data(path, DEFAULT_SCORING_CARDS)
    try:
        cards = json.loads(file.read_text(encoding="utf-8"))["cards"]
        if not isinstance(cards, list):
            raise TypeError(f"'cards' is a {type(cards).__name__}, not a list")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ConfigError(f"cannot read Scoring card file ({exc!r}); expected a JSON object with a list 'cards'",
                          source=source) from None
    tracks = np.zeros((len(SCORING_CONDITIONS), MAX_TRACK), np.int16)
    track_len = np.zeros(len(SCORING_CONDITIONS), np.int8)
    seen = set()
    for i, card in enumerate(cards):
        key = f"cards[{i}]"
        name = card.get("name") if isinstance(card, dict) else None
        if name not in SCORING_CONDITIONS:
            raise ConfigError(f"unknown scoring card {name!r}; known: {', '.join(SCORING_CONDITIONS)}",
                              source=source, key=f"{key}.name")
        track = card.get("track")
        if (not isinstance(track, list) or not 1 <= len(track) <= MAX_TRACK
                or not all(isinstance(v, int) and 0 <= v < 1000 for v in track)):
            raise ConfigError(f"track must be a list of 1..{MAX_TRACK} integers in 0..999, got {track!r}",
                              source=source, key=f"{key}.track")
        if name in seen:
            raise ConfigError(f"scoring card {name!r} appears twice", source=source, key=f"{key}.name")
        c = SCORING_CONDITIONS.index(name)
        seen.add(name)
        tracks[c, : len(track)] = track
        track_len[c] = len(track)
    absent = [n for n in SCORING_CONDITIONS if n not in seen]
    if absent:
        raise ConfigError(f"scoring card(s) missing: {', '.join(absent)}", source=source)
    return ScoringCards(SCORING_CONDITIONS, tracks, track_len, source)
