"""Ink's compiled engine (spec §2–§5): the records (`layout`), setup, legality, transitions and scoring.

Every function here is compiled with `simkit.core.jit.njit` and reads the rules record `r` (rule values under their
TOML names, component arrays) and the state record `s` (what changes in a game). Modules, by job: `layout` (records,
actions, stages, codes), `orientation` (tile orientations, plain Python), `rules_record` (built in Python),
`lattice` (cells, squares, placement), `areas` (areas and growth marks), `bottles` (reserves, black ink, triggers),
`goals` (completions), `xtokens` (X and XX tokens), `bonus` (bonus actions), `flow` (turns, rounds, the end),
`setup`, `legality`, `transition`, `scoring`.
"""
