"""Atelier's compiled engine (spec §2–§4): the records (`layout`), setup, legality, transitions and scoring.

Every function here is compiled with `simkit.core.jit.njit` and reads the rules record `r` (rule values under their
TOML names, component arrays) and the state record `s` (what changes in a game). Modules, by job:
`layout` (records, actions, stages, codes), `supply` (paint, tokens, students, majorities, owned powers), `dice`,
`setup`, `flow` (turns and rounds, the end), `painting` (the Paint action and powers), `legality`, `transition`,
`scoring`.
"""
