"""Atelier's compiled policies (spec §8): `random` (random.py) and the heuristic families, behind one entry point
(dispatch.choose_action)."""
