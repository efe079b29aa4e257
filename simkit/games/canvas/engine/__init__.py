"""Canvas: the compiled engine: the state record, setup, legality, transitions, scoring."""
