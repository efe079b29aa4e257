"""Couleurs de Paris: the compiled engine: the state record, setup, legality, transitions, scoring."""
