"""Golden playthroughs (like OpenSpiel's): one file per registered game and conformance configuration, a uniformly
random game through the step-by-step API, with every step's player, legal actions, chosen action and its
description, and the final scores, ranks and win shares. test_conformance checks the engine still plays them.

Regenerate after an intended rule change (and review the diff):
    PYTHONPATH=. python tests/conformance/conformance_playthrough.py --regenerate
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # run as a script too

from conformance_cases import configs, make, play, random_chooser  # noqa: E402

from simkit.core.game import game_class  # noqa: E402

GOLDEN = Path(__file__).parent / "golden"
SEED = 2026


def path(game_id: str, name: str) -> Path:
    return GOLDEN / f"{game_id}-{name}.json"


def record(game_id: str, name: str, seed: int = SEED) -> dict:
    """The playthrough of the game with `seed` in this configuration, as the current engine plays it."""
    game = make(game_id, name)
    pick = random_chooser(seed)
    steps = []

    def choose(state):
        action = pick(state)
        steps.append({"player": state.current_player, "legal": state.legal_actions(), "action": action,
                      "description": state.describe_action(action)})
        return action

    state, _ = play(game, seed, choose)
    return {"game": game_id, "config": name, "rules": dict(game_class(game_id).conformance_configs[name]), "seed": seed,
            "scores": state.scores().tolist(), "ranks": state.ranks().tolist(),
            "win_shares": state.win_shares().tolist(), "steps": steps}


def dumps(rec: dict) -> str:
    """JSON with one step per line (reviewable diffs, no line per integer)."""
    head = [f' "{k}": {json.dumps(v, ensure_ascii=False)}' for k, v in rec.items() if k != "steps"]
    steps = ",\n".join("  " + json.dumps(s, ensure_ascii=False) for s in rec["steps"])
    return "{\n" + ",\n".join([*head, f' "steps": [\n{steps}\n ]']) + "\n}\n"


def regenerate() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for old in GOLDEN.glob("*.json"):
        old.unlink()  # a removed configuration leaves no stale file
    for game_id, name in configs():
        path(game_id, name).write_text(dumps(record(game_id, name)), encoding="utf-8")
        print(path(game_id, name))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--regenerate", action="store_true", help="rewrite every golden file from the engine")
    if parser.parse_args().regenerate:
        regenerate()
    else:
        parser.print_help()
