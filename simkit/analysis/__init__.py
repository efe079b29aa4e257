"""Analysis of finished-game records: pure functions of results frames (game-agnostic)."""
