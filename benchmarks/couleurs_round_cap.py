"""Spec §13.9 (amended) at scale: how Couleurs de Paris games end, per policy, ruleset (variant J, base) and
configuration (2/3/4 players x modules off / painters / bonus cards / both / both with bonus option B). Not a unit
test: run it by hand.

    python benchmarks/couleurs_round_cap.py [--games 20000] [--search-games 50] [--rulesets base]
                                            [--policies heuristic search]

Strategy policies (the heuristic, each of its parameter values away from the default, the mixed tier lineup and
the search) must never end by the round cap: every capped game is listed with its seed and the exit code is 1. The
uniform random baseline may (spec §13.9): its capped share is reported, not failed.
"""

import argparse
import sys
import time

import numpy as np

from simkit.core.policy import resolve_policy
from simkit.games.couleurs.game import CouleursGame
from simkit.games.couleurs.policies.shipped import TIERS, UPGRADES

MODULES = {"off": {}, "painters": {"module_painters": True}, "bonus": {"module_bonus_cards": True},
           "both": {"module_painters": True, "module_bonus_cards": True},
           "optionB": {"module_painters": True, "module_bonus_cards": True, "bonus_card_option": "B"}}
HEURISTICS = {"heuristic": {}, **{f"tier={t}": {"tier": t} for t in TIERS if t != "balanced"},
              **{f"upgrades={u}": {"upgrades": u} for u in UPGRADES if u != "brush"},
              "white_tolerance=0": {"white_tolerance": 0}, "white_tolerance=3": {"white_tolerance": 3},
              "black_signatures=false": {"black_signatures": False}}


def lineups(policies: list[str], n: int) -> dict[str, list[dict]]:
    """Name -> one policy spec per lineup place (seats rotate over the games)."""
    out = {}
    if "random" in policies:
        out["random"] = [{"policy": "random"}] * n
    if "heuristic" in policies:
        out.update({name: [{"policy": "heuristic", **spec}] * n for name, spec in HEURISTICS.items()})
        out["mixed tiers"] = [{"policy": "heuristic", "tier": t} for t in TIERS]
    if "search" in policies:
        out["search"] = [{"policy": "search"}] * n
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20000, help="games per lineup and configuration")
    ap.add_argument("--search-games", type=int, default=50, help="games per configuration for the slow search")
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    ap.add_argument("--rulesets", nargs="*", default=["variant_j", "base"], choices=("variant_j", "base"))
    ap.add_argument("--policies", nargs="*", default=["random", "heuristic", "search"],
                    choices=("random", "heuristic", "search"))
    args = ap.parse_args()
    strategy_capped = 0
    for ruleset in args.rulesets:
        for n in args.players:
            for name, rules in MODULES.items():
                g = CouleursGame({"ruleset": ruleset, "n_players": n, **rules})
                for label, specs in lineups(args.policies, n).items():
                    lineup = [resolve_policy(g, spec) for spec in specs]
                    games = args.search_games if label == "search" else args.games
                    seeds = np.arange(1, games + 1, dtype=np.uint64)
                    seats = (np.arange(n)[None, :] + np.arange(games)[:, None]) % len(lineup)
                    start = time.perf_counter()
                    res = g.play_batch(seeds, lineup, seats)
                    rounds = res["rounds"][:, 0]
                    capped = seeds[res["end_reason"][:, 0] == "round_cap"]
                    reasons, counts = np.unique(res["end_reason"][:, 0], return_counts=True)
                    if label != "random":
                        strategy_capped += len(capped)
                    verdict = ("reported" if label == "random" else
                               "ok" if not len(capped) else f"FAIL seeds {capped.tolist()}")
                    print(f"{ruleset:9s} {n}p {name:8s} {label:22s} games={games} rounds mean={rounds.mean():.1f} "
                          f"max={rounds.max()} capped={len(capped)} ({len(capped) / games:.2%}) {verdict} "
                          f"ends={dict(zip(reasons.tolist(), counts.tolist()))} "
                          f"({time.perf_counter() - start:.0f}s)", flush=True)
    print(f"strategy-policy games ending at the round cap: {strategy_capped} (spec §13.9: must be 0)")
    return 1 if strategy_capped else 0


if __name__ == "__main__":
    sys.exit(main())
