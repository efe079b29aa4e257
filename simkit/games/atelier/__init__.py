"""Atelier: The Painter's Studio (AEG, 2019): dice worker placement, area majority and set collection (RULES.md).

So far the rules-and-data layer only: `rules/` (parameters, data-file loading and validation, the rules record) and
`data/` (the reconstructed component data of spec §5 and its sensitivity alternatives). No engine yet, and the game
is not in the registry.
"""
