"""Spec §13.9 check at scale: the longest game a shipped Couleurs de Paris policy plays, over many seeds per
configuration (2/3/4 players x modules off / painters / bonus cards / both). Not a unit test: run it by hand.

    python benchmarks/couleurs_round_cap.py [--policy random] [--games 20000] [--ruleset base]

The "optionB" configuration is both modules with bonus cards kept (bonus_card_option = "B").
"""

import argparse
import time

import numpy as np

from simkit.core.policy import resolve_policy
from simkit.games.couleurs.game import CouleursGame

MODULES = {"off": {}, "painters": {"module_painters": True}, "bonus": {"module_bonus_cards": True},
           "both": {"module_painters": True, "module_bonus_cards": True},
           "optionB": {"module_painters": True, "module_bonus_cards": True, "bonus_card_option": "B"}}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--policy", default="random")
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    ap.add_argument("--ruleset", default="variant_j", choices=("variant_j", "base"))
    args = ap.parse_args()
    worst = 0
    for n in args.players:
        for name, rules in MODULES.items():
            g = CouleursGame({"ruleset": args.ruleset, "n_players": n, **rules})
            choice = resolve_policy(g, {"policy": args.policy})
            seeds = np.arange(1, args.games + 1, dtype=np.uint64)
            start = time.perf_counter()
            res = g.play_batch(seeds, [choice] * n, np.tile(np.arange(n), (len(seeds), 1)))
            rounds = res["rounds"][:, 0]
            capped = seeds[res["end_reason"][:, 0] == "round_cap"]
            worst = max(worst, int(rounds.max()))
            reasons, counts = np.unique(res["end_reason"][:, 0], return_counts=True)
            # how fast the policy finishes paintings: the base ruleset ends only by exhibits or the last black
            exhibit_rate = res["paintings_exhibited"].sum() / (rounds.sum() * n)
            print(f"{n}p {name:8s} games={len(seeds)} rounds mean={rounds.mean():.1f} max={rounds.max()} "
                  f"exhibits/player-round={exhibit_rate:.4f} "
                  f"p99.9={np.percentile(rounds, 99.9):.0f} capped={len(capped)} {capped[:5].tolist()} "
                  f"ends={dict(zip(reasons.tolist(), counts.tolist()))} ({time.perf_counter() - start:.0f}s)",
                  flush=True)
    print(f"maximum rounds over all configurations: {worst}")


if __name__ == "__main__":
    main()
