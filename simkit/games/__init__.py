"""One sub-package per game: rules, component data, engine and policies."""
