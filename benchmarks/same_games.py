"""Do two source trees play the same games? The batch output of seeded games, compared column by column (run by
hand after a change meant to be a pure speed-up):

    python benchmarks/same_games.py BASE_TREE NEW_TREE --game ink --players 1,2,3,4 --games 2000
    python benchmarks/same_games.py BASE_TREE NEW_TREE --save base.json   # then BASE_TREE may be base.json
    python benchmarks/same_games.py BASE_TREE NEW_TREE --game couleurs --rules '{"ruleset": "base"}'

For every player count and every shipped policy (or --policies a,b), each tree plays the same seeds with every seat
on that policy, and once more with the policies rotating through the seats (mixed tables); every result column
(scores, decisions per seat, the game's own counts) must be equal, element by element. Each tree runs in a process
of its own (its own compiled code); exit status 1 when any batch differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys

WORKER = r"""
import hashlib, json, sys
import numpy as np
from simkit.core.experiment import parse_experiment
from simkit.core.seating import seat_plan
game_id, players, games, rules = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), json.loads(sys.argv[4])
for line in sys.stdin:
    lineup, mode = json.loads(line)
    exp = parse_experiment({"experiment": {"game": game_id, "seats": mode}, "rules": {**rules, "n_players": players},
                            "players": [{"policy": name} for name in lineup]}, "<same_games>")
    seeds, seats = seat_plan(mode, players, len(lineup), 7, 0, games)
    out = exp.game.play_batch(seeds, exp.lineup, seats)
    digest = {name: hashlib.sha256(np.asarray(col).astype(str).tobytes() if np.asarray(col).dtype == object
                                   else np.ascontiguousarray(col).tobytes()).hexdigest()
              for name, col in sorted(out.items())}
    print(json.dumps(digest), flush=True)
"""


def batches(policies: list[str], players: int) -> list[tuple[list[str], str]]:
    """Every policy alone (fixed seats), then the policies rotating through the seats in tables of `players`."""
    runs = [([name] * players, "fixed") for name in policies]
    if players > 1 and len(policies) > 1:
        for i in range(0, len(policies), players):
            table = (policies[i:] + policies)[:players]
            runs.append((table, "rotate"))
    return runs


def saved_key(game: str, rules: str, players: int, games: int, run) -> str:
    """A batch's key in a --save file (the rule overrides only when there are some: older files stay readable)."""
    return json.dumps([game, players, games, run] if rules == "{}" else [game, rules, players, games, run])


def digests(tree: str, game: str, rules: str, players: int, games: int, runs) -> list[dict]:
    if tree.endswith(".json"):  # digests saved by an earlier run (--save)
        with open(tree) as f:
            saved = json.load(f)
        return [saved[saved_key(game, rules, players, games, run)] for run in runs]
    env = dict(os.environ, PYTHONPATH=tree)
    text = "".join(json.dumps(run) + "\n" for run in runs)
    done = subprocess.run([sys.executable, "-c", WORKER, game, str(players), str(games), rules], input=text,
                          capture_output=True, text=True, env=env, cwd=tree, check=False)
    if done.returncode:
        raise SystemExit(f"{tree}: the worker failed:\n{done.stderr}")
    return [json.loads(line) for line in done.stdout.splitlines()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs=2)
    parser.add_argument("--game", default="ink")
    parser.add_argument("--players", default="1,2,3,4", help="player counts, comma-separated")
    parser.add_argument("--policies", help="policies, comma-separated (default: every shipped policy)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rules", default="{}", help="rule overrides besides n_players, as a JSON object")
    parser.add_argument("--save", help="a JSON file to keep the first tree's digests in (pass it as a tree later)")
    args = parser.parse_args()
    rules = json.dumps(json.loads(args.rules), sort_keys=True)
    sys.path.insert(0, args.trees[1])
    from simkit.core.game import game_class
    policies = args.policies.split(",") if args.policies else list(game_class(args.game).policy_ids)
    differ = 0
    saved = {}
    for players in (int(n) for n in args.players.split(",")):
        runs = batches(policies, players)
        base, new = (digests(tree, args.game, rules, players, args.games, runs) for tree in args.trees)
        saved.update({saved_key(args.game, rules, players, args.games, run): a for run, a in zip(runs, base)})
        for (lineup, mode), a, b in zip(runs, base, new):
            bad = sorted(name for name in a.keys() | b.keys() if a.get(name) != b.get(name))
            differ += bool(bad)
            tag = hashlib.sha256(json.dumps(a, sort_keys=True).encode()).hexdigest()[:12]
            print(f"{players}p {mode:6s} {','.join(lineup):60s} {'DIFFER: ' + ', '.join(bad) if bad else 'same'}"
                  f" ({tag})", flush=True)
    if args.save:  # added to the file's earlier batches (other rules, player counts or policies)
        if os.path.exists(args.save):
            with open(args.save) as f:
                saved = {**json.load(f), **saved}
        with open(args.save, "w") as f:
            json.dump(saved, f)
    print(f"{differ} batch(es) differ" if differ else f"every batch the same ({args.games} games each)")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
