"""simkit: Monte Carlo strategy analysis for board-game designers."""

from simkit import jit_cache

jit_cache.configure()  # before any compiled module is imported

from simkit.core.game import make  # noqa: E402

__all__ = ["make"]
__version__ = "0.1.0"
