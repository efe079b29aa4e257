"""Canvas (Road To Infamy Games, 2021): rules in RULES.md, component data in data/."""

from simkit.games.canvas.public import score_painting

__all__ = ["score_painting"]
