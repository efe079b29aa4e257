"""The one registry of games: what `simkit.core`, the command line and the reports know about each game.

A game registers here once, with "module:attribute" paths (imported on first use, so listing the games compiles
nothing): its `Game` class, the module adding its own `simkit GAME ...` commands (a `register(subparsers)`
function), and its named reports (`simkit report NAME`, each a function(out_dir, quick=..., jobs=...) returning
the folder it wrote), and the function writing its observation as numbers for the RL environments (`simkit.envs`).
`docs/adding-a-game.md` says what else a new game needs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping


@dataclass(frozen=True)
class GameEntry:
    game_class: str  # "module:ClassName"
    commands: str | None = None  # module with register(subparsers), or None
    reports: Mapping[str, str] = field(default_factory=dict)  # report name -> "module:function"
    # "module:function" (game, observation, Features): the observation as numbers (simkit.envs.features)
    env_observation: str | None = None


REGISTRY: Mapping[str, GameEntry] = {
    "atelier": GameEntry("simkit.games.atelier.game:AtelierGame",
                         reports={"atelier-strategies": "simkit.games.atelier.reports.strategies:write_report"},
                         env_observation="simkit.games.atelier.env_observation:write"),
    "canvas": GameEntry("simkit.games.canvas.game:CanvasGame", commands="simkit.games.canvas.cli",
                        reports={"canvas-scenarios": "simkit.games.canvas.reports.scenarios:write_report"},
                        env_observation="simkit.games.canvas.env_observation:write"),
    "couleurs": GameEntry("simkit.games.couleurs.game:CouleursGame",
                          reports={"value-curves": "simkit.games.couleurs.reports.value_curves:write_report"},
                          env_observation="simkit.games.couleurs.env_observation:write"),
    "ink": GameEntry("simkit.games.ink.game:InkGame",
                     reports={"ink-strategies": "simkit.games.ink.reports.strategies:write_report"},
                     env_observation="simkit.games.ink.env_observation:write"),
}


def reports() -> dict[str, str]:
    """Every named report of every game: name -> "module:function"."""
    return {name: path for entry in REGISTRY.values() for name, path in entry.reports.items()}
