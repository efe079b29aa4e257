"""simkit: Monte Carlo strategy analysis for board-game designers."""

from simkit.core.game import make

__all__ = ["make"]
__version__ = "0.1.0"
