"""Couleurs de Paris rule parameters (spec §12.2), the two shipped rulesets (variant J and base, spec §10.1), and
the immutable `CouleursRules` built from them and the component data.

`ruleset` picks the defaults ("variant_j", the default, or "base"); every other key overrides one parameter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Mapping

import numpy as np

from simkit.core.errors import ConfigError, blamed_on_ruleset_key
from simkit.core.params import Param, resolve_params
from simkit.games.couleurs.rules.components import (BONUS_CARD_TYPES, COLOURS, GRID_COLOURS, MAX_CARDS, MAX_SECTORS,
                                                    MAX_TRACK, N_COLOURS, N_TIERS, PAINTERS, Board, BonusCards,
                                                    Painters, Paintings, Tracks, load_board, load_bonus_cards,
                                                    load_painters, load_paintings, load_tracks)

MAX_PLAYERS = 4
MAX_ASSISTANTS = 6
MAX_HAND = 8  # drafted cards per player
MAX_ROTATE_OPTIONS = 8
MAX_POOL = 16  # painter tiles
BOX_PAINTERS = PAINTERS[:8]
SUPPLY_BOX = {"R": 30, "Y": 30, "B": 30, "O": 25, "G": 25, "P": 25, "W": 40}
N_KEYS = ("2", "3", "4")


# The choices of the choice parameters: a record field holds the member's value, the TOML value is its lower-case
# name (the first member is the first choice).
class PaintingMode(IntEnum):
    DRAFT = 0
    MARKET = 1


class DraftMode(IntEnum):
    PICK_PASS = 0
    KEEP_DEALT = 1


class ExhibitMode(IntEnum):
    ACTION = 0
    ON_COMPLETION = 1


class ReturnColouredOn(IntEnum):
    EXHIBIT = 0
    COMPLETION = 1


class HalfTurnRule(IntEnum):
    LANDMARK = 0
    SINCE_REFRESH = 1


class BonusCardOption(IntEnum):
    A = 0
    B = 1


class TieBreak(IntEnum):
    BEST_PAINTING = 0
    MOST_BLACK = 1
    FEWEST_WHITES = 2


def choice_names(choices: type[IntEnum]) -> tuple[str, ...]:
    """The TOML values of a choice parameter, in the order of their codes."""
    return tuple(c.name if len(c.name) == 1 else c.name.lower() for c in choices)  # bonus_card_option: A, B


TIE_BREAKS = choice_names(TieBreak)


def _by_players(low: int, high: int, *, need_all: bool = True):
    """Check for an `n -> int` table (keys 2, 3, 4 as ints or strings)."""
    def check(value: Any) -> str | None:
        if not isinstance(value, Mapping):
            return f"expected a table {{2 = .., 3 = .., 4 = ..}}, got {value!r}"
        keys = {str(k) for k in value}
        if not keys <= set(N_KEYS) or (need_all and keys != set(N_KEYS)):
            return f"expected keys 2, 3 and 4, got {sorted(keys)}"
        for k, v in value.items():
            if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
                return f"value for {k} players must be an integer in [{low}, {high}], got {v!r}"
        return None
    return check


def _colour_table(allowed: str, high: int):
    def check(value: Any) -> str | None:
        if not isinstance(value, Mapping):
            return f"expected a table colour -> count, got {value!r}"
        for k, v in value.items():
            if k not in allowed:
                return f"unknown colour {k!r}; allowed: {', '.join(allowed)}"
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= high:
                return f"count for {k} must be an integer in [0, {high}], got {v!r}"
        return None
    return check


def _int_list(n: int | None, low: int, high: int):
    def check(value: Any) -> str | None:
        if not isinstance(value, (list, tuple)) or (n is not None and len(value) != n) or not value:
            return f"expected a list of {n if n is not None else 'one or more'} integers, got {value!r}"
        if not all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in value):
            return f"every value must be an integer in [{low}, {high}], got {value!r}"
        return None
    return check


def _types_in_play(value: Any) -> str | None:
    if value == "random":
        return None
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, str) for v in value):
        if len(set(value)) != len(value):
            return f"painting types repeat: {value!r}"
        return None
    return f"expected 'random' or a list of painting type names, got {value!r}"


def _tie_breaks(value: Any) -> str | None:
    if not isinstance(value, (list, tuple)) or not all(v in TIE_BREAKS for v in value) or len(set(value)) != len(value):
        return f"expected a list of distinct tie-breaks from {', '.join(TIE_BREAKS)}, got {value!r}"
    return None


def _painter_pool(value: Any) -> str | None:
    if (not isinstance(value, (list, tuple)) or not all(v in PAINTERS for v in value)
            or len(set(value)) != len(value)):
        return f"expected a list of distinct painter ids from {', '.join(PAINTERS)}, got {value!r}"
    return None


def _first_player(value: Any) -> str | None:
    if value == "random" or (isinstance(value, int) and not isinstance(value, bool) and 0 <= value < MAX_PLAYERS):
        return None
    return f"expected 'random' or a seat 0..{MAX_PLAYERS - 1}, got {value!r}"


PARAMS = (
    Param("ruleset", "variant_j", "the defaults the other keys override: variant J or the base game (spec §10.1)",
          choices=("variant_j", "base")),
    Param("n_players", 4, "number of players", low=2, high=MAX_PLAYERS),
    Param("painting_values", [9, 12, 15, 18], "points of a painting by tier 0..3", check=_int_list(4, 0, 999),
          kind=object),
    Param("unlimited_supply", True, "only black is limited (variant J); false: every colour limited to supply_counts"),
    Param("supply_counts", dict(SUPPLY_BOX), "box counts of the non-black colours (limited supply)",
          check=_colour_table("RYBOGPW", 999), kind=object),
    Param("black_cubes_by_players", {"2": 3, "3": 4, "4": 5}, "black cubes in play by player count",
          check=_by_players(1, 6), kind=object),
    Param("painting_types_by_players", {"2": 4, "3": 6, "4": 8}, "painting types in play by player count",
          check=_by_players(1, 16), kind=object),
    Param("painting_types_in_play", "random", "'random' or a list of type names", check=_types_in_play, kind=object),
    Param("painting_mode", "draft", "private draft (J) or a public market (base)",
          choices=choice_names(PaintingMode)),
    Param("painting_market_size", {"2": 3, "3": 4, "4": 4}, "market mode: face-up paintings by player count",
          check=_by_players(1, 8), kind=object),
    Param("painting_deck_reshuffle", True, "market mode: reshuffle discarded paintings when the deck runs out"),
    Param("draft_mode", "pick_pass", "pick one and pass left, or keep the dealt hand",
          choices=choice_names(DraftMode)),
    Param("draft_hand_size", 4, "cards dealt to each player", low=1, high=MAX_HAND),
    Param("active_painting_limit", 1, "active paintings at a time (0 = no limit)", low=0, high=MAX_HAND),
    Param("exhibit_mode", "action", "exhibit by the exhibit action (J) or on completion (base)",
          choices=choice_names(ExhibitMode)),
    Param("return_coloured_on", "exhibit", "when coloured cubes leave a completed painting",
          choices=choice_names(ReturnColouredOn)),
    Param("start_pigments", {"R": 1, "Y": 1, "B": 1}, "cubes each player starts with",
          check=_colour_table("RYBOGPW", 30), kind=object),
    Param("start_assistants", 3, "assistants available at the start", low=1, high=MAX_ASSISTANTS),
    Param("max_assistants", 6, "assistants a player can own", low=1, high=MAX_ASSISTANTS),
    Param("first_player", "random", "'random' or a seat", check=_first_player, kind=object),
    Param("rotation_per_round", 1, "wheel steps per round", low=0, high=23),
    Param("rotate_options", [0, 2], "rotations the Rotate taker chooses from", check=_int_list(None, 0, 23),
          kind=object),
    Param("half_turn_rule", "landmark", "how half-turns are detected (spec §3.5)",
          choices=choice_names(HalfTurnRule)),
    Param("pigment_limit", 12, "non-black cubes kept at the end of a round", low=0, high=99),
    Param("van_gogh_pigment_limit", 16, "Van Gogh's pigment limit", low=0, high=99),
    Param("upgrade_cost", 2, "cubes paid per upgrade", low=0, high=20),
    Param("track_bonus_space", 6, "track space whose entry gives hire-or-token", low=2, high=16),
    Param("track_bonus_points", 6, "face value of a track token", low=0, high=99),
    Param("track_end_points", 10, "face value of a token at the track end", low=0, high=99),
    Param("bonus_on_pass", True, "a 2-space move passing the bonus space triggers it"),
    Param("max_whites_per_painting", 3, "whites a painting may hold", low=0, high=9),
    Param("white_penalty", 2, "points lost per white on an exhibited painting", low=0, high=99),
    Param("max_blacks_per_painting", 1, "blacks a painting may hold", low=0, high=9),
    Param("black_signature_points", 6, "points per exhibited painting signed in black", low=0, high=99),
    Param("black_in_reserve_scores", False, "blacks not on exhibited paintings also score"),
    Param("end_paintings_exhibited", 2, "exhibited paintings that trigger the end", low=1, high=MAX_HAND),
    Param("end_on_last_black", True, "taking the last black cube triggers the end"),
    Param("end_on_track_end", True, "a marker reaching the last space triggers the end"),
    Param("identical_pair_bonus", 4, "points for two exhibited paintings of one type (flips a 6 token)",
          low=0, high=99),
    Param("identical_pair_match", "type", "what makes two paintings identical", choices=("type",)),
    Param("identical_pair_max", 1, "identical-pair flips per player", low=0, high=3),
    Param("score_completed_unexhibited", False, "completed but unexhibited paintings score as exhibited"),
    Param("tie_breaks", list(TIE_BREAKS), "tie-breaks after the total, in order", check=_tie_breaks, kind=object),
    Param("supply_shortfall", "take_available", "gains when a limited supply runs short",
          choices=("take_available",)),
    Param("round_cap", 30, "safety bound: the game ends after Phase 2 of this round", low=1, high=200),
    Param("module_bonus_cards", False, "Module 1: bonus cards"),
    Param("bonus_card_option", "A", "use a bought card at once (A) or keep it (B)",
          choices=choice_names(BonusCardOption)),
    Param("bonus_market_size", 4, "face-up bonus cards", low=1, high=15),
    Param("bonus_deck_reshuffle", True, "reshuffle discarded bonus cards when the deck runs out"),
    Param("bonus_b_immediate_counts", True, "Option B: using a card right after buying it counts"),
    Param("module_painters", False, "Module 2: painter tiles"),
    Param("painter_pool", list(PAINTERS), "painter tiles dealt from", check=_painter_pool, kind=object),
    Param("painter_deal", 2, "painter tiles dealt to each player", low=1, high=4),
    Param("painter_choice_before_draft", True, "painter tiles are chosen before the draft"),
    Param("painter_powers_on_copies", True, "painter powers apply to copied and bonus-card actions"),
    Param("free_paint_matching_only", True, "Manet/Monet/Renoir free squares take matching cubes only"),
    Param("degas_cubes", 3, "cubes Degas moves", low=0, high=9),
    Param("cezanne_on_tool_card", False, "Cézanne's power also follows the Tool card"),
    Param("observe_reserve_grids", "owner", "who sees reserve grids", choices=("owner", "all")),
    Param("wheel_file", "", "wheel CSV ('' = the ruleset's shipped file)"),
    Param("slots_file", "", "slots CSV ('' = shipped)"),
    Param("tracks_file", "", "tracks CSV ('' = shipped)"),
    Param("paintings_file", "", "paintings CSV ('' = shipped)"),
    Param("bonus_cards_file", "", "bonus cards CSV ('' = shipped)"),
    Param("painters_file", "", "painter tiles CSV ('' = shipped)"),
)
PARAM_NAMES = tuple(p.name for p in PARAMS)

# Spec §10.1: the base game's values of every parameter variant J changes.
RULESETS: dict[str, dict[str, Any]] = {
    "variant_j": {},
    "base": {
        "painting_values": [10, 12, 14, 16],
        "unlimited_supply": False,
        "painting_mode": "market",
        "exhibit_mode": "on_completion",
        "active_painting_limit": 0,
        "end_on_track_end": False,
        "identical_pair_bonus": 0,
        "painter_pool": list(BOX_PAINTERS),
    },
}
SHIPPED_WHEEL = {"variant_j": "wheel.csv", "base": "wheel_base.csv"}

def _load(loader, path: str, source: str | None, key: str, **kw):
    """Load a data file named by a rule; an error names both the ruleset key and the data file."""
    with blamed_on_ruleset_key(source, key):
        return loader(path or None, **kw)


def by_players(table: Mapping, n: int) -> int:
    return int(table[str(n)] if str(n) in table else table[n])


@dataclass(frozen=True)
class CouleursRules:
    """Validated rule values plus the component data they name. Immutable: share it between games."""

    values: Mapping[str, Any]
    board: Board = field(repr=False)
    tracks: Tracks = field(repr=False)
    paintings: Paintings = field(repr=False)
    bonus_cards: BonusCards = field(repr=False)
    painters: Painters = field(repr=False)

    @classmethod
    def from_overrides(cls, overrides: Mapping[str, Any] | None = None, *, source: str | None = None,
                       prefix: str = "") -> "CouleursRules":
        overrides = dict(overrides or {})
        ruleset = resolve_params(PARAMS[:1], {k: v for k, v in overrides.items() if k == "ruleset"},
                                 source=source, prefix=prefix)["ruleset"]
        merged = {**RULESETS[ruleset], **overrides}
        values = resolve_params(PARAMS, merged, source=source, prefix=prefix)
        # normalise n -> int tables to string keys
        for name in ("black_cubes_by_players", "painting_types_by_players", "painting_market_size"):
            values[name] = {str(k): int(v) for k, v in values[name].items()}
        board = _load(load_board, values["wheel_file"], source, f"{prefix}wheel_file",
                      slots_path=values["slots_file"] or None, wheel_default=SHIPPED_WHEEL[ruleset])
        tracks = _load(load_tracks, values["tracks_file"], source, f"{prefix}tracks_file")
        paintings = _load(load_paintings, values["paintings_file"], source, f"{prefix}paintings_file")
        bonus = _load(load_bonus_cards, values["bonus_cards_file"], source, f"{prefix}bonus_cards_file")
        painters = _load(load_painters, values["painters_file"], source, f"{prefix}painters_file")
        rules = cls(values, board, tracks, paintings, bonus, painters)
        rules._check_consistency(source, prefix)
        rules._check_supported(source, prefix)
        return rules

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    @property
    def n_players(self) -> int:
        return self.values["n_players"]

    def _check_consistency(self, source: str | None, prefix: str) -> None:
        v = self.values
        n = v["n_players"]

        def fail(key, message):
            raise ConfigError(message, source=source, key=f"{prefix}{key}")

        if v["start_assistants"] > v["max_assistants"]:
            fail("start_assistants", f"{v['start_assistants']} start assistants exceed max_assistants "
                                     f"{v['max_assistants']}")
        if v["max_assistants"] > v["start_assistants"] + 3:
            fail("max_assistants", "a player hires at most one assistant per track (3 in all)")
        if v["track_bonus_space"] > min(self.tracks.lengths):
            fail("track_bonus_space", f"space {v['track_bonus_space']} is beyond a track of "
                                      f"{min(self.tracks.lengths)} spaces")
        if isinstance(v["first_player"], int) and v["first_player"] >= n:
            fail("first_player", f"seat {v['first_player']} does not exist with {n} players")
        if v["van_gogh_pigment_limit"] < 0:
            fail("van_gogh_pigment_limit", "must be >= 0")
        if v["module_painters"] and len(v["painter_pool"]) < v["painter_deal"] * n:
            fail("painter_pool", f"{len(v['painter_pool'])} tiles cannot deal {v['painter_deal']} to {n} players")
        unknown = [p for p in v["painter_pool"] if p not in self.painters.ids]
        if unknown:
            fail("painter_pool", f"painter {unknown[0]!r} is not in {self.painters.source}")
        types = self.paintings.type_names
        n_types = by_players(v["painting_types_by_players"], n)
        if n_types > len(types):
            fail("painting_types_by_players", f"{n_types} types for {n} players but the deck has {len(types)}")
        tip = v["painting_types_in_play"]
        if tip != "random":
            bad = [t for t in tip if t not in types]
            if bad:
                fail("painting_types_in_play", f"unknown painting type {bad[0]!r}; known: {', '.join(types)}")
            if len(tip) != n_types:
                fail("painting_types_in_play", f"{len(tip)} types listed but {n} players use {n_types}")
        if v["painting_mode"] == "draft" and n * v["draft_hand_size"] > 4 * n_types:
            fail("draft_hand_size", f"{n} hands of {v['draft_hand_size']} need more than the {4 * n_types} cards "
                                    "in play")
        if v["painting_mode"] == "draft" and not 1 <= v["active_painting_limit"] <= v["draft_hand_size"]:
            fail("active_painting_limit", "in draft mode it must be between 1 and draft_hand_size")
        if v["exhibit_mode"] == "on_completion" and v["painting_mode"] != "market":
            fail("exhibit_mode", "'on_completion' is the base game's market mode (painting_mode = 'market')")
        if v["painting_mode"] == "market" and not any(a == 12 for a in self.board.wheel):
            fail("wheel_file", "market mode needs a take_painting sector")
        if v["painting_mode"] == "draft" and not any(a == 11 for a in self.board.wheel):
            fail("wheel_file", "draft mode needs an exhibit sector")
        if v["half_turn_rule"] == "landmark" and not self.board.printed_forbidden.any():
            fail("half_turn_rule", "'landmark' needs a printed forbidden slot in slots.csv")
        if v["module_bonus_cards"] and v["bonus_market_size"] > int(self.bonus_cards.copies.sum()):
            fail("bonus_market_size", "larger than the bonus deck")
        # the printed values documented in the data file must match the shipped rulesets (spec §5.3)
        for ruleset, column in (("variant_j", self.paintings.value_j), ("base", self.paintings.value_base)):
            expected = RULESETS[ruleset].get("painting_values", [9, 12, 15, 18])
            for tier in range(4):
                on_cards = set(column[self.paintings.tiers == tier].tolist())
                if on_cards != {expected[tier]}:
                    raise ConfigError(f"tier {tier} cards list {sorted(on_cards)} in the "
                                      f"{'value_variant_J' if ruleset == 'variant_j' else 'value_base'} column; "
                                      f"the {ruleset} ruleset has {expected[tier]}", source=self.paintings.source)

    def _check_supported(self, source: str | None, prefix: str) -> None:
        """Reject rule values the compiled engine does not implement yet."""
        if self.values["painting_mode"] == "market" and self.values["exhibit_mode"] == "action":
            raise ConfigError("the painting market with exhibit_mode = 'action' is not implemented by the engine "
                              "(the base game exhibits on completion)", source=source, key=f"{prefix}exhibit_mode")
        v = self.values
        if v["module_bonus_cards"]:
            if v["bonus_market_size"] > 8 or int(self.bonus_cards.copies.sum()) > 32:
                raise ConfigError("the engine supports a bonus market of at most 8 and at most 32 bonus cards",
                                  source=source, key=f"{prefix}bonus_market_size")

    def data_sources(self) -> dict[str, str]:
        return {"wheel_slots": self.board.source, "tracks": self.tracks.source, "paintings": self.paintings.source,
                "bonus_cards": self.bonus_cards.source, "painters": self.painters.source}

    def colour_vector(self, name: str) -> list[int]:
        table = self.values[name]
        return [int(table.get(c, 0)) for c in COLOURS]


BY_PLAYERS = MAX_PLAYERS + 1  # an `n -> int` table as an array indexed by the player count

# The rules record: every rule value the compiled engine reads, under its TOML name (a choice as its enum code, an
# `n -> int` table indexed by player count, a list padded to its bound), then the component data of the ruleset.
RULES_DTYPE = np.dtype([
    ("n_players", "i1"), ("painting_values", "i2", N_TIERS), ("unlimited_supply", "i1"),
    ("supply_counts", "i2", N_COLOURS), ("black_cubes_by_players", "i1", BY_PLAYERS),
    ("painting_types_by_players", "i1", BY_PLAYERS),
    ("painting_types_in_play", "i1", MAX_CARDS),  # type indices; all -1 for "random"
    ("painting_mode", "i1"), ("painting_market_size", "i1", BY_PLAYERS), ("painting_deck_reshuffle", "i1"),
    ("draft_mode", "i1"), ("draft_hand_size", "i1"), ("active_painting_limit", "i1"), ("exhibit_mode", "i1"),
    ("return_coloured_on", "i1"), ("start_pigments", "i1", N_COLOURS), ("start_assistants", "i1"),
    ("max_assistants", "i1"), ("first_player", "i1"),  # -1 for "random"
    ("rotation_per_round", "i1"), ("rotate_options", "i1", MAX_ROTATE_OPTIONS), ("n_rotate_options", "i1"),
    ("half_turn_rule", "i1"), ("pigment_limit", "i2"), ("van_gogh_pigment_limit", "i2"), ("upgrade_cost", "i1"),
    ("track_bonus_space", "i1"), ("track_bonus_points", "i2"), ("track_end_points", "i2"), ("bonus_on_pass", "i1"),
    ("max_whites_per_painting", "i1"), ("white_penalty", "i2"), ("max_blacks_per_painting", "i1"),
    ("black_signature_points", "i2"), ("black_in_reserve_scores", "i1"), ("end_paintings_exhibited", "i1"),
    ("end_on_last_black", "i1"), ("end_on_track_end", "i1"), ("identical_pair_bonus", "i2"),
    ("identical_pair_max", "i1"), ("score_completed_unexhibited", "i1"), ("tie_breaks", "i1", len(TieBreak)),
    ("n_tie_breaks", "i1"), ("round_cap", "i2"),
    ("module_bonus_cards", "i1"), ("bonus_card_option", "i1"), ("bonus_market_size", "i1"),
    ("bonus_deck_reshuffle", "i1"), ("bonus_b_immediate_counts", "i1"),
    ("module_painters", "i1"), ("painter_pool", "i1", MAX_POOL), ("n_painter_pool", "i1"), ("painter_deal", "i1"),
    ("painter_choice_before_draft", "i1"), ("painter_powers_on_copies", "i1"), ("free_paint_matching_only", "i1"),
    ("degas_cubes", "i1"), ("cezanne_on_tool_card", "i1"),
    # component data: the wheel and slot capacities for n_players (spec §3.1), tracks (§4), painting cards (§5),
    # bonus cards (§11.1)
    ("n_sectors", "i1"), ("wheel", "i1", MAX_SECTORS), ("cap", "i1", MAX_SECTORS), ("forbidden", "i1", MAX_SECTORS),
    ("red_sector", "i1"), ("track_len", "i1", 3), ("track_level", "i1", (3, MAX_TRACK)),
    ("n_cards", "i1"), ("card_grid", "i1", (MAX_CARDS, 9)), ("card_tier", "i1", MAX_CARDS),
    ("card_type", "i1", MAX_CARDS), ("n_types", "i1"),
    ("card_colours", "i1", (MAX_CARDS, len(GRID_COLOURS))),  # squares of each colour on a card (from card_grid)
    ("bonus_cost", "i1", len(BONUS_CARD_TYPES)), ("bonus_copies", "i1", len(BONUS_CARD_TYPES)), ("bonus_total", "i1"),
], align=True)


def _code(choices: type[IntEnum], value: str) -> int:
    return choice_names(choices).index(value)


def _players_table(table: Mapping) -> np.ndarray:
    out = np.zeros(BY_PLAYERS, np.int8)
    for k, v in table.items():
        out[int(k)] = v
    return out


def _padded(record: np.void, name: str, values: list[int], count: str | None = None) -> None:
    record[name][: len(values)] = values
    if count:
        record[count] = len(values)


def rules_record(rules: CouleursRules) -> np.ndarray:
    """The rules record of `rules` as a one-element array (the compiled functions take its element)."""
    v, arr = rules.values, np.zeros(1, RULES_DTYPE)
    r = arr[0]
    for name in RULES_DTYPE.names:  # plain values: integers and booleans
        if name in v and isinstance(v[name], (bool, int)):
            r[name] = v[name]
    for name, choices in (("painting_mode", PaintingMode), ("draft_mode", DraftMode), ("exhibit_mode", ExhibitMode),
                          ("return_coloured_on", ReturnColouredOn), ("half_turn_rule", HalfTurnRule),
                          ("bonus_card_option", BonusCardOption)):
        r[name] = _code(choices, v[name])
    for name in ("black_cubes_by_players", "painting_types_by_players", "painting_market_size"):
        r[name] = _players_table(v[name])
    r["painting_values"] = v["painting_values"]
    r["supply_counts"] = rules.colour_vector("supply_counts")
    r["start_pigments"] = rules.colour_vector("start_pigments")
    types = v["painting_types_in_play"]
    r["painting_types_in_play"] = -1
    if types != "random":
        _padded(r, "painting_types_in_play", [rules.paintings.type_names.index(t) for t in types])
    r["first_player"] = -1 if v["first_player"] == "random" else v["first_player"]
    if len(v["rotate_options"]) > MAX_ROTATE_OPTIONS:
        raise ConfigError(f"at most {MAX_ROTATE_OPTIONS} rotate options", key="rotate_options")
    _padded(r, "rotate_options", v["rotate_options"], "n_rotate_options")
    _padded(r, "tie_breaks", [_code(TieBreak, t) for t in v["tie_breaks"]], "n_tie_breaks")
    _padded(r, "painter_pool", [PAINTERS.index(x) for x in v["painter_pool"]], "n_painter_pool")
    _components(rules, r)
    return arr


def _components(rules: CouleursRules, r: np.void) -> None:
    board, cards, n_sectors = rules.board, rules.paintings, rules.board.n_sectors
    r["n_sectors"] = n_sectors
    r["wheel"][:n_sectors] = board.wheel
    r["cap"][:n_sectors] = board.caps[rules.n_players]
    r["forbidden"][:n_sectors] = board.printed_forbidden
    r["red_sector"] = int(np.flatnonzero(board.wheel == 0)[0])
    r["track_len"] = rules.tracks.lengths
    r["track_level"] = rules.tracks.levels
    r["n_cards"] = len(cards)
    r["card_grid"][: len(cards)] = cards.grids
    r["card_tier"][: len(cards)] = cards.tiers
    r["card_type"][: len(cards)] = cards.type_index
    r["card_colours"][: len(cards)] = np.stack([(cards.grids == c).sum(axis=1) for c in range(len(GRID_COLOURS))], 1)
    r["n_types"] = len(cards.type_names)
    r["bonus_cost"] = rules.bonus_cards.cost_white
    r["bonus_copies"] = rules.bonus_cards.copies
    r["bonus_total"] = int(rules.bonus_cards.copies.sum())


# Named rule overrides the conformance suite (tests/conformance) plays: every ruleset, module, solo mode and player
# count the game supports, each at least once.
CONFORMANCE_CONFIGS = {
    "variant_j-2p": {"n_players": 2},
    "variant_j-3p-bonus_A": {"n_players": 3, "module_bonus_cards": True},
    "variant_j-4p-both_modules_B": {"n_players": 4, "module_bonus_cards": True, "bonus_card_option": "B",
                                    "module_painters": True},
    "variant_j-3p-painters-keep_dealt-2_active": {"n_players": 3, "module_painters": True,
                                                  "draft_mode": "keep_dealt", "active_painting_limit": 2},
    "base-2p": {"ruleset": "base", "n_players": 2},
    "base-4p-both_modules": {"ruleset": "base", "n_players": 4, "module_bonus_cards": True,
                             "module_painters": True},
}
