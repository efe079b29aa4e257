"""Canvas rule parameters (spec §9), the immutable `CanvasRules` built from them and the component data, and the
rules record compiled code reads them from."""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass, field
from enum import IntEnum
from functools import lru_cache
from typing import Any, Mapping

import numpy as np

from simkit.core.errors import ConfigError, blamed_on_ruleset_key
from simkit.core.params import Param, resolve_params
from simkit.games.canvas.rules.components import (MAX_DECK, MAX_TRACK, SCORING_CONDITIONS, ArtDeck, ScoringCards,
                                            load_art_cards, load_scoring_cards)
from simkit.games.canvas.engine.scoring import (MAX_RIBBONS_PER_PAINTING, N_CONDITIONS, SPACE_SCORING_MODES,
                                               SpaceScoring, track_points)
from simkit.games.canvas.engine.tables import binomials, stacking_orders


class SoloMode(IntEnum):
    """Values of the rule `solo_mode` (spec §6)."""
    NONE = 0
    VINCENT = 1
    PUZZLE = 2


class TieBreak(IntEnum):
    """Values of the rule `tie_break` (spec §5)."""
    INSPIRATION = 0
    SHARED = 1


SOLO_MODES = tuple(m.name.lower() for m in SoloMode)
TIE_BREAKS = tuple(t.name.lower() for t in TieBreak)
FIRST_GAME = ["Composition", "Emphasis", "Repetition", "Variety"]
_RANDOM = re.compile(r"random\s+(\d+)$", re.IGNORECASE)

# Array bounds of the compiled state; the parameter ranges below keep every rule inside them.
MAX_PLAYERS, MAX_HAND, MAX_MARKET, MAX_PAINTINGS, MAX_K = 5, 8, 8, 5, 4
MAX_PAINT_ORDERS = math.perm(MAX_HAND, MAX_K)  # ordered choices of k hand positions out of h
MAX_HAND_SETS = max(math.comb(MAX_HAND, k - 1) for k in range(2, MAX_K + 1))  # (k-1)-subsets of a hand


def _check_scoring_cards(value: Any) -> str | None:
    if isinstance(value, str):
        m = _RANDOM.match(value.strip())
        if m and 1 <= int(m.group(1)) <= len(SCORING_CONDITIONS):
            return None
        return f"expected a list of scoring card names or 'random N' (N in 1..12), got {value!r}"
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        return f"expected a non-empty list of scoring card names or 'random N', got {value!r}"
    known = {n.lower() for n in SCORING_CONDITIONS}
    unknown = [v for v in value if v.lower() not in known]
    if unknown:
        return f"unknown scoring card {unknown[0]!r}; known: {', '.join(SCORING_CONDITIONS)}"
    if len({v.lower() for v in value}) != len(value):
        return f"scoring cards repeat: {value!r}"
    return None


PARAMS = (
    Param("scoring_cards", FIRST_GAME, "scoring cards in play: a list of names, or 'random N'",
          check=_check_scoring_cards, kind=object),
    Param("n_players", 4, "number of players", low=1, high=MAX_PLAYERS),
    Param("hand_limit", 5, "most Art cards a player may hold", low=2, high=MAX_HAND),
    Param("market_size", 5, "face-up market slots", low=1, high=MAX_MARKET),
    Param("start_tokens", 4, "Inspiration tokens per player at the start", low=0, high=20),
    Param("paintings_per_player", 3, "paintings each player completes", low=1, high=MAX_PAINTINGS),
    Param("cards_per_painting", 3, "Art cards in a painting", low=2, high=MAX_K),
    Param("bonus_ribbon_points", 2, "points per grey bonus ribbon", low=0, high=100),
    Param("cap_ribbons_at_track", True, "ribbons of a scoring card beyond its track are lost"),
    Param("space_scoring", "max_matching", "how Space pairs are counted", choices=SPACE_SCORING_MODES),
    Param("solo_mode", "none", "solo variant (1 player only)", choices=SOLO_MODES),
    Param("vincent_flip_p", 0.5, "chance that one of Vincent's tokens lands face up", low=0.0, high=1.0),
    Param("vincent_in_multiplayer", False, "Vincent also plays once per round in 2-3 player games"),
    Param("puzzle_reserve", 4, "tokens in the solo-puzzle reserve at the start", low=0, high=20),
    Param("tie_break", "inspiration", "tie-break after score: more tokens, or share the win", choices=TIE_BREAKS),
    Param("art_cards_file", "", "replacement Art card CSV ('' = the printed deck shipped with simkit)"),
    Param("scoring_cards_file", "", "replacement Scoring card JSON ('' = the printed cards shipped with simkit)"),
)


def _load(loader, path: str, source: str | None, key: str):
    """Load a data file named by a rule; an error names both the ruleset key and the data file."""
    with blamed_on_ruleset_key(source, key):
        return loader(path or None)


# What compiled code reads besides the state: one scenario's rule values under their PARAMS names (a choice as its
# enum value; scoring_cards as the condition ids in play, the first n_scoring_cards), the component arrays, the
# action encoding (see CanvasRules) and the scenario's card qualities (tables.card_quality). One numpy record,
# passed to compiled code by reference like the state; arrays are sized by the bounds above and filled from the
# front.
RULES_DTYPE = np.dtype([
    ("n_players", "i1"), ("hand_limit", "i1"), ("market_size", "i1"), ("start_tokens", "i1"),
    ("paintings_per_player", "i1"), ("cards_per_painting", "i1"), ("bonus_ribbon_points", "i2"),
    ("cap_ribbons_at_track", "i1"), ("space_scoring", "i1"), ("solo_mode", "i1"), ("vincent_flip_p", "f8"),
    ("vincent_in_multiplayer", "i1"), ("puzzle_reserve", "i1"), ("tie_break", "i1"),
    ("n_scoring_cards", "i1"), ("scoring_cards", "i1", N_CONDITIONS),
    ("turn_cap", "i2"),  # CanvasRules.turn_cap()
    ("n_cards", "i2"), ("card_masks", "u1", (MAX_DECK, 5)),  # icon bits per Art card and swatch
    ("tracks", "i2", (N_CONDITIONS, MAX_TRACK)), ("track_len", "i1", N_CONDITIONS),
    # gain_points[c, h, n]: points of n more ribbons of card c when holding h <= its track length (CanvasRules.record)
    ("gain_points", "f8", (N_CONDITIONS, MAX_TRACK + 1, MAX_RIBBONS_PER_PAINTING + 1)),
    ("paint_orders", "i1", (MAX_PAINT_ORDERS, MAX_K)), ("paint_orders_upto", "i4", MAX_HAND + 1),
    ("paint_index", "i4", MAX_HAND**MAX_K),
    # the (k-1)-subsets of the places of a sorted hand, in colex order: those of a hand of h cards are the first
    # hand_sets_upto[h] (how the policies walk the paintings a hand can make)
    ("hand_sets", "i1", (MAX_HAND_SETS, MAX_K - 1)), ("hand_sets_upto", "i4", MAX_HAND + 1),
    # the policy tables' (engine.tables): binomials of the colex ranks of card sets, the k! stacking orders
    ("binom", "i8", (MAX_DECK + 1, MAX_K + 1)), ("orders", "i1", (math.factorial(MAX_K), MAX_K)),
    ("card_quality", "f8", MAX_DECK),
], align=True)


@lru_cache(maxsize=16)
def _painting_encoding(k: int, hand_limit: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """What the painting actions and the policies' hand walks are, for k cards per painting and a hand limit:
    CanvasRules.paint_orders, paint_index, paint_orders_upto and hand_sets (worked out once per pair of values,
    shared read-only: a report makes thousands of rulesets)."""
    orders = np.array(sorted(itertools.permutations(range(hand_limit), k), key=lambda p: (max(p), p)),
                      np.int8).reshape(-1, k)
    index = np.full(hand_limit**k, -1, np.int32)
    for i, order in enumerate(orders.tolist()):
        index[sum(pos * hand_limit**j for j, pos in enumerate(order))] = i
    maxima = orders.max(axis=1)
    upto = np.array([(maxima < h).sum() for h in range(MAX_HAND + 1)], np.int32)
    sets = np.array(sorted(itertools.combinations(range(hand_limit), k - 1), key=lambda c: c[::-1]),
                    np.int8).reshape(-1, k - 1)
    for array in (orders, index, upto, sets):
        array.flags.writeable = False
    return orders, index, upto, sets


@dataclass(frozen=True)
class CanvasRules:
    """Validated rule values plus the component data they name. Immutable: share it between games."""

    values: Mapping[str, Any]
    deck: ArtDeck = field(repr=False)
    scoring: ScoringCards = field(repr=False)

    @classmethod
    def from_overrides(cls, overrides: Mapping[str, Any] | None = None, *, source: str | None = None,
                       prefix: str = "") -> "CanvasRules":
        values = resolve_params(PARAMS, dict(overrides or {}), source=source, prefix=prefix)
        deck = _load(load_art_cards, values["art_cards_file"], source, f"{prefix}art_cards_file")
        scoring = _load(load_scoring_cards, values["scoring_cards_file"], source, f"{prefix}scoring_cards_file")
        rules = cls(values, deck, scoring)
        rules._check_consistency(source, prefix)
        return rules

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def _check_consistency(self, source: str | None, prefix: str) -> None:
        v = self.values
        def fail(key, message):
            raise ConfigError(message, source=source, key=f"{prefix}{key}")
        if v["cards_per_painting"] > v["hand_limit"]:
            fail("cards_per_painting", f"{v['cards_per_painting']} cards per painting exceed the hand limit "
                                       f"{v['hand_limit']}")
        if v["solo_mode"] != "none" and v["n_players"] != 1:
            fail("solo_mode", f"solo mode {v['solo_mode']!r} needs n_players = 1, got {v['n_players']}")
        if v["vincent_in_multiplayer"] and not 2 <= v["n_players"] <= 3:
            fail("vincent_in_multiplayer", f"Vincent joins 2-3 player games only, got n_players = {v['n_players']}")
        needed = self.most_cards_used()
        if needed > len(self.deck):
            fail("n_players", f"these rules can use up to {needed} Art cards (market, every card a player can "
                              f"take, Vincent's and the puzzle's removals) but the deck has {len(self.deck)}")

    # ---- derived values the engine needs -------------------------------------------------------------

    @property
    def random_scoring_count(self) -> int:
        """N for 'random N' scoring cards, 0 for a fixed list."""
        sc = self.values["scoring_cards"]
        return int(_RANDOM.match(sc.strip()).group(1)) if isinstance(sc, str) else 0

    @property
    def fixed_scoring(self) -> tuple[int, ...]:
        """Condition ids of a fixed scoring-card list (empty when they are drawn at random)."""
        sc = self.values["scoring_cards"]
        return () if isinstance(sc, str) else tuple(self.scoring.index_of(n) for n in sc)

    @property
    def _encoding(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        return _painting_encoding(self.values["cards_per_painting"], self.values["hand_limit"])

    @property
    def paint_orders(self) -> np.ndarray:
        """All ordered choices of hand positions for a painting, sorted so that those using only the
        first h positions come first: the legal paintings with h cards in hand are a prefix."""
        return self._encoding[0]

    @property
    def paint_index(self) -> np.ndarray:
        """paint_index[code] = the row of paint_orders for hand positions (p0, p1, ...), code = sum p_j h^j."""
        return self._encoding[1]

    @property
    def paint_orders_upto(self) -> np.ndarray:
        """paint_orders_upto[h] = how many of paint_orders use only hand positions < h."""
        return self._encoding[2]

    @property
    def hand_sets(self) -> np.ndarray:
        """The (k-1)-subsets of range(hand_limit), in colex order (those of range(h) come first)."""
        return self._encoding[3]

    def most_cards_used(self) -> int:
        """An upper bound on the Art cards a game can draw, so that a valid ruleset never runs the deck out."""
        v = self.values
        k = v["cards_per_painting"]
        taken = v["paintings_per_player"] * k + v["hand_limit"] - k
        removed = 0
        if v["solo_mode"] == "vincent" or v["vincent_in_multiplayer"]:
            removed = self.turn_cap() // v["n_players"]  # one card a round (in solo: a turn)
        if v["solo_mode"] == "puzzle":  # each discard costs a token; tokens come back at most once a turn
            removed = v["start_tokens"] + self.turn_cap()
        return v["market_size"] + v["n_players"] * taken + removed

    def turn_cap(self) -> int:
        """The most player turns a game can take (spec §10, for the general rule values)."""
        v = self.values
        k, paintings = v["cards_per_painting"], v["paintings_per_player"]
        return v["n_players"] * (paintings * (k + 1) + v["hand_limit"] - k)

    def record(self, scoring: tuple[int, ...], card_quality: np.ndarray) -> np.ndarray:
        """The one-record rules array of the scenario with these scoring cards and card qualities."""
        v = self.values
        arr = np.zeros(1, RULES_DTYPE)
        r = arr[0]
        for name in ("n_players", "hand_limit", "market_size", "start_tokens", "paintings_per_player",
                     "cards_per_painting", "bonus_ribbon_points", "cap_ribbons_at_track", "vincent_flip_p",
                     "vincent_in_multiplayer", "puzzle_reserve"):
            r[name] = v[name]
        r["space_scoring"] = SpaceScoring[v["space_scoring"].upper()]
        r["solo_mode"] = SoloMode[v["solo_mode"].upper()]
        r["tie_break"] = TieBreak[v["tie_break"].upper()]
        r["n_scoring_cards"] = len(scoring)
        r["scoring_cards"][: len(scoring)] = scoring
        r["turn_cap"] = self.turn_cap()
        n_cards = len(self.deck)
        r["n_cards"] = n_cards
        r["card_masks"][:n_cards] = self.deck.masks
        r["tracks"][:, : self.scoring.tracks.shape[1]] = self.scoring.tracks
        r["track_len"] = self.scoring.track_len
        tracks, track_len, gain_points = r["tracks"], r["track_len"], r["gain_points"]  # views of the record
        for c in range(N_CONDITIONS):
            for held in range(track_len[c] + 1):
                before = track_points(tracks, track_len, c, held)
                for n in range(MAX_RIBBONS_PER_PAINTING + 1):
                    gain_points[c, held, n] = track_points(tracks, track_len, c, held + n) - before
        orders = self.paint_orders
        r["paint_orders"][: len(orders), : orders.shape[1]] = orders
        r["paint_orders_upto"] = self.paint_orders_upto
        r["paint_index"][: len(self.paint_index)] = self.paint_index
        sets, k = self.hand_sets, v["cards_per_painting"]
        r["hand_sets"][: len(sets), : sets.shape[1]] = sets
        r["hand_sets_upto"] = [math.comb(h, k - 1) for h in range(MAX_HAND + 1)]
        r["binom"][: n_cards + 1, : k + 1] = binomials(n_cards, k)
        r["orders"][: math.factorial(k), :k] = stacking_orders(k)
        r["card_quality"][:n_cards] = card_quality
        return arr

    def data_sources(self) -> dict[str, str]:
        return {"art_cards": self.deck.source, "scoring_cards": self.scoring.source,
                "art_cards_match_printed_deck": str(self.deck.matches_printed_deck())}


# Named rule overrides the conformance suite (tests/conformance) plays: every ruleset, module, solo mode and player
# count the game supports, each at least once.
CONFORMANCE_CONFIGS = {
    "2p": {"n_players": 2},
    "3p-vincent": {"n_players": 3, "vincent_in_multiplayer": True},
    "4p-shared-ties": {"n_players": 4, "tie_break": "shared", "space_scoring": "bga_greedy"},
    "5p-random-scoring": {"n_players": 5, "scoring_cards": "random 3"},
    "solo": {"n_players": 1},
    "solo-vincent": {"n_players": 1, "solo_mode": "vincent"},
    "solo-puzzle": {"n_players": 1, "solo_mode": "puzzle"},
    "2-card-paintings": {"n_players": 2, "cards_per_painting": 2, "hand_limit": 4, "paintings_per_player": 4,
                         "cap_ribbons_at_track": False},
}
