"""Atelier's compiled policies (spec §8): `random` (random_policy.py), the heuristic families (one module each) and
`search` (search.py), behind one entry point (dispatch.choose_action)."""
