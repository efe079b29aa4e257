"""Atelier rules layer: `params` (spec §6.2), `vocabulary` (the closed kinds of spec §5.2–§5.3), `datafiles` (data
folders and their tags), `table` (CSV cells with located errors), `components` (the three files as arrays, spec §5.4)
and `record` (`AtelierRules`, the validated whole)."""

from simkit.games.atelier.rules.params import PARAMS
from simkit.games.atelier.rules.record import AtelierDataWarning, AtelierRules

__all__ = ["PARAMS", "AtelierDataWarning", "AtelierRules"]
