"""Atelier: The Painter's Studio (AEG, 2019): dice worker placement, area majority and set collection (RULES.md).

`rules/` (parameters, data-file loading and validation, the rules record), `data/` (the reconstructed component data
of spec §5 and its sensitivity alternatives), `engine/` (the compiled rules), `policies/` (compiled policies),
`batch.py` and `game.py` (the two drivers' glue on `simkit.core.compiled`).
"""
