"""Ink rules layer: `params` (spec §7.2), `vocabulary` (the closed kinds of spec §4.8, §6), `datafiles` (the data
folder and its tag), `table` (CSV cells with located errors), `components` (the files of spec §6 as arrays, validated
as §6.9 says) and `record` (`InkRules`, the validated whole)."""

from simkit.games.ink.rules.params import PARAMS
from simkit.games.ink.rules.record import InkRules

__all__ = ["PARAMS", "InkRules"]
