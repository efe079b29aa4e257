"""The immutable Atelier rules record: validated rule values (params.py) plus the component data they name, checked
against each other (spec §2, §5.4)."""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Any, Mapping

from simkit.core.errors import ConfigError, blamed_on_ruleset_key
from simkit.core.params import resolve_params
from simkit.games.atelier.rules.components import (Paintings, Patrons, Powers, load_paintings, load_patrons,
                                                   load_powers)
from simkit.games.atelier.rules.datafiles import data_file
from simkit.games.atelier.rules.params import PARAMS


class AtelierDataWarning(UserWarning):
    """Data that is valid but may stall games (spec §5.4: warn, but accept)."""


@dataclass(frozen=True)
class AtelierRules:
    """Validated rule values plus the component data they name. Immutable: share it between games."""

    values: Mapping[str, Any]
    paintings: Paintings = field(repr=False)
    powers: Powers = field(repr=False)
    patrons: Patrons = field(repr=False)

    @classmethod
    def from_overrides(cls, overrides: Mapping[str, Any] | None = None, *, source: str | None = None,
                       prefix: str = "") -> "AtelierRules":
        values = resolve_params(PARAMS, dict(overrides or {}), source=source, prefix=prefix)

        def key(kind: str) -> str:  # the ruleset key that chose this file
            return f"{prefix}{kind}_file" if values[f"{kind}_file"] else f"{prefix}data"

        with blamed_on_ruleset_key(source, key("powers")):
            powers = load_powers(data_file(values["data"], values["powers_file"], "powers.csv"))
        with blamed_on_ruleset_key(source, key("paintings")):
            paintings = load_paintings(data_file(values["data"], values["paintings_file"], "paintings.csv"), powers)
        with blamed_on_ruleset_key(source, key("patrons")):
            patrons = load_patrons(data_file(values["data"], values["patrons_file"], "patrons.csv"))
        rules = cls(values, paintings, powers, patrons)
        rules._check_consistency(source, prefix)
        return rules

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    @property
    def n_players(self) -> int:
        return self.values["n_players"]

    def _check_consistency(self, source: str | None, prefix: str) -> None:
        v, n = self.values, self.n_players

        def fail(key: str, message: str):
            raise ConfigError(message, source=source, key=f"{prefix}{key}")

        if v["patron_keep"] > v["patron_deal"]:
            fail("patron_keep", f"a player keeps {v['patron_keep']} of the {v['patron_deal']} patrons dealt")
        if n * v["patron_deal"] > len(self.patrons):
            fail("patron_deal", f"{n} players x {v['patron_deal']} patrons need more than the "
                                f"{len(self.patrons)} in {self.patrons.file.name}")
        if len(self.paintings) < v["row_size"]:
            fail("row_size", f"a row of {v['row_size']} needs more than the {len(self.paintings)} paintings in "
                             f"{self.paintings.file.name}")
        if v["inspiration_supply_limited"] and v["inspiration_tokens"] < n * v["start_inspiration"]:
            fail("inspiration_tokens", f"{v['inspiration_tokens']} tokens cannot give {n} players "
                                       f"{v['start_inspiration']} each")
        if v["reroll_cost"] == 0 and v["max_rerolls_per_turn"] is None:
            fail("reroll_cost", "free rerolls need a max_rerolls_per_turn, or a turn could reroll forever")
        self._check_masterpieces(source, prefix)

    def _check_masterpieces(self, source: str | None, prefix: str) -> None:
        """spec §5.4: fewer than `masterpieces_to_trigger` masterpieces is an error (the game could never end);
        fewer than n × (trigger − 1) + 1 is a warning (painting every masterpiece may not trigger the end)."""
        trigger, n = self.values["masterpieces_to_trigger"], self.n_players
        count = int(self.paintings.masterpiece.sum())
        with blamed_on_ruleset_key(source, f"{prefix}masterpieces_to_trigger"):
            if count < trigger:
                raise ConfigError(f"{count} masterpieces, fewer than masterpieces_to_trigger = {trigger}: "
                                  "the game could never end (spec §5.4)", source=self.paintings.file.name,
                                  key="column masterpiece")
        if count < n * (trigger - 1) + 1:
            warnings.warn(f"{self.paintings.file.name}: {count} masterpieces with {n} players and "
                          f"masterpieces_to_trigger = {trigger}: the players may share them without anyone reaching "
                          f"{trigger}, and then only max_rounds ends the game (spec §5.4)", AtelierDataWarning,
                          stacklevel=4)

    @property
    def data_source(self) -> str:
        """The data tags (spec §1.1) of the three files, once each, in the order paintings, powers, patrons."""
        files = (self.paintings.file, self.powers.file, self.patrons.file)
        return " + ".join(dict.fromkeys(f.data_source for f in files))

    def data_sources(self) -> dict[str, str]:
        return {"data_source": self.data_source, "paintings": self.paintings.file.describe(),
                "powers": self.powers.file.describe(), "patrons": self.patrons.file.describe()}
