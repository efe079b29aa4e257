"""The immutable Ink rules: validated rule values (params.py) plus the component data of the folder they name,
checked against each other (spec §2.2, §6.5, §6.9)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from simkit.core.errors import ConfigError, blamed_on_ruleset_key
from simkit.core.params import resolve_params
from simkit.games.ink.rules.components import (BonusTiles, Palettes, Supplies, Tiles, XTokens, load_bonus_tiles,
                                               load_palettes, load_supplies, load_tiles, load_x_tokens)
from simkit.games.ink.rules.datafiles import data_folder
from simkit.games.ink.rules.params import PARAMS
from simkit.games.ink.rules.vocabulary import Back, TokenKind


@dataclass(frozen=True)
class InkRules:
    """Validated rule values plus the component data they name. Immutable: share it between games."""

    values: Mapping[str, Any]
    data_source: str  # the tag of the data folder's meta.toml (spec §1.1)
    tiles: Tiles = field(repr=False)
    start_tiles: Tiles = field(repr=False)
    palettes: Palettes = field(repr=False)
    x_tokens: XTokens = field(repr=False)
    bonus_tiles: BonusTiles = field(repr=False)
    supplies: Supplies = field(repr=False)

    @classmethod
    def from_overrides(cls, overrides: Mapping[str, Any] | None = None, *, source: str | None = None,
                       prefix: str = "") -> "InkRules":
        values = resolve_params(PARAMS, dict(overrides or {}), source=source, prefix=prefix)
        goals = tuple(values["goal_values"])
        with blamed_on_ruleset_key(source, f"{prefix}data"):
            folder = data_folder(values["data"])
            tiles = load_tiles(folder, "tiles.csv", goals, start=False)
            start_tiles = load_tiles(folder, "start_tiles.csv", goals, start=True, taken_ids=tiles.ids)
            rules = cls(values, folder.data_source, tiles, start_tiles, load_palettes(folder), load_x_tokens(folder),
                        load_bonus_tiles(folder), load_supplies(folder, goals))
        rules._check_consistency(source, prefix)
        return rules

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    @property
    def n_players(self) -> int:
        return self.values["n_players"]

    @property
    def black_bottles(self) -> int:
        """The black reserve: the rule `black_bottles` when set, else the data's supplies.toml (spec §6.7, §7.1 #12;
        RULING: the spec gives the value in both places, and the rule overrides the data)."""
        value = self.values["black_bottles"]
        return self.supplies.black_bottles if value is None else value

    def _check_consistency(self, source: str | None, prefix: str) -> None:
        """The rule values against each other and against the data (spec §6.5, §6.9, §7.1b A10)."""
        v, n = self.values, self.n_players

        def fail(key: str, message: str):
            raise ConfigError(message, source=source, key=f"{prefix}{key}")

        if not set(v["bonus_rows"]) <= set(v["goal_values"]):
            fail("bonus_rows", f"every bonus row is a goal value of goal_values {v['goal_values']}")
        if len(v["bonus_rows"]) != v["bonus_red"] + v["bonus_blue"]:
            fail("bonus_rows", f"{len(v['bonus_rows'])} rows for bonus_red + bonus_blue = "
                               f"{v['bonus_red'] + v['bonus_blue']} bonus tiles (spec §2.3 step 6)")
        for key, what, have in (("start_tiles", "starting tiles", len(self.start_tiles)),
                                ("palettes", "palette cards", len(self.palettes))):
            if have < n:
                fail("n_players", f"{n} players need {n} {what}; {getattr(self, key).source} holds {have} "
                                  "(spec §6.9)")
        for key, kind in (("x_tokens_per_player", TokenKind.X), ("xx_tokens_per_player", TokenKind.XX)):
            if v[key] * n > self.x_tokens.count(kind):
                fail(key, f"{n} players x {v[key]} = {v[key] * n} {kind.name} tokens, but {self.x_tokens.source} "
                          f"holds {self.x_tokens.count(kind)} (spec §6.5)")
        for key, back in (("bonus_red", Back.RED), ("bonus_blue", Back.BLUE)):
            if self.bonus_tiles.count(back) < v[key]:
                fail(key, f"{v[key]} {back.name.lower()}-backed bonus tiles per game, but "
                          f"{self.bonus_tiles.source} holds {self.bonus_tiles.count(back)} (spec §6.9)")
        needed = 1 + (0 if v["nib_sharing"] else n - 1) + (0 if v["allow_full_lap"] else 1)
        if v["nibs"] < needed:  # after a crossing some nib must take the main bottle (spec §4.1)
            fail("nibs", f"{v['nibs']} nibs leave a crossing player no nib to choose: {n} players with nib_sharing = "
                         f"{str(v['nib_sharing']).lower()} and allow_full_lap = {str(v['allow_full_lap']).lower()} "
                         f"need at least {needed}")
        if len(self.tiles) < v["nibs"] + 1:
            fail("nibs", f"the bag holds {len(self.tiles)} tiles in {self.tiles.source}; {v['nibs']} nibs need at "
                         f"least {v['nibs'] + 1} (spec §6.9, §7.1b A10)")

    def data_sources(self) -> dict[str, str]:
        return {"data_source": self.data_source, "data": self.values["data"] or "shipped"}
