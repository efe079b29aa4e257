"""Where an Atelier turn-stage decision's time goes, helper by helper (run by hand after profile_game.py, which
splits a game's time into setup, policy, transition and recording):

    python benchmarks/atelier_profile.py --players 4 [--policy majority] [--states-games K]

The decision states of K games of the policy in self-play are kept (profile_game.capture), and each helper the
turn's heads and the transition call is timed on its own over the states of one stage (the turn stage unless
--stage), in the order the policy asks them: ns per call, and µs per game if every decision of the stage made
the call. Each state is first copied into one record, as hot in the cache as the batch loop's own (read in place,
the kept states, some 70 MB, cost a memory miss per cache line a helper reads: 50 ns for target_inputs_seen,
which takes about 5 on a hot record); the copies are timed apart and taken off, so a helper of a few ns reads
about 0 ± 5. The helpers keep their scratch caches as in play (the states are visited in play order), except in
the split by the action taken, where each action's states are visited on their own (the caches of lacking and
move_worth_it then miss more than in play). CPU time of this process, the least of --repeat runs.
"""

from __future__ import annotations

import argparse

import numpy as np

from benchmarks.profile_game import _time_copy, capture, timed, workspaces
from simkit.core.experiment import parse_experiment
from simkit.core.jit import njit
from simkit.core.seating import seat_plan
from simkit.games.atelier.engine.layout import DIE, DRAW_PATRON, END_TURN, INSPIRE, INSPIRE_PAINT, REROLL, Stage
from simkit.games.atelier.engine.legality import fill_legal, is_legal, turn_action_legal
from simkit.games.atelier.engine.supply import any_affordable, collect_gives
from simkit.games.atelier.policies import majority, painter


@njit
def _time_kernel(fn, r, states, ws, scratch):
    total = 0
    for i in range(len(states)):
        scratch[0] = states[i]
        total += fn(r, scratch[0], ws[0])
    return total


# ---- the kernels: fn(r, s, ws) -> int, ws the policies' scratch record -----------------------------------------


@njit
def k_head_5(r, s, ws):
    return turn_action_legal(r, s, s.current, DIE + 4)


@njit
def k_head_4(r, s, ws):
    return turn_action_legal(r, s, s.current, DIE + 3)


@njit
def k_head_3(r, s, ws):
    return turn_action_legal(r, s, s.current, DIE + 2)


@njit
def k_head_inspire_paint(r, s, ws):
    return turn_action_legal(r, s, s.current, INSPIRE_PAINT)


@njit
def k_any_affordable(r, s, ws):
    return any_affordable(r, s, s.current)


@njit
def k_collect_gives(r, s, ws):
    return collect_gives(r, s, s.current)


@njit
def k_paint_head(r, s, ws):
    return painter.paint_head(r, s, s.current, np.float64(r.inspiration_paint_cost))


@njit
def k_best_pile(r, s, ws):
    return majority.best_pile_value(r, s, s.current, 2, ws)[1]


@njit
def k_move_worth_it(r, s, ws):
    return majority.move_worth_it(r, s, s.current, 1.0, ws)


@njit
def k_lacking(r, s, ws):
    painter.target_weights(ws, 1.0, 1.0, 1.0, 0.0)
    painter.lacking(r, s, s.current, ws)
    return ws.need[0]


@njit
def k_finish_head(r, s, ws):
    return painter.finish_head(r, s)


@njit
def k_end_turn_legal(r, s, ws):
    return turn_action_legal(r, s, s.current, END_TURN)


@njit
def k_majority(r, s, ws):
    return majority.majority_action(r, s, 2, 1.0, ws)


@njit
def k_fill_legal(r, s, ws):
    return fill_legal(r, s, ws.legal)


KERNELS = (
    ("majority_action (the whole decision)", k_majority),
    ("head legal: a 5 (any_affordable inside)", k_head_5),
    ("head legal: inspire_paint", k_head_inspire_paint),
    ("  any_affordable", k_any_affordable),
    ("head legal: a 4 (collect_gives inside)", k_head_4),
    ("  collect_gives", k_collect_gives),
    ("head legal: a 3", k_head_3),
    ("head legal: end_turn", k_end_turn_legal),
    ("paint_head", k_paint_head),
    ("best_pile_value (pile_table inside)", k_best_pile),
    ("move_worth_it", k_move_worth_it),
    ("lacking (target cache inside)", k_lacking),
    ("finish_head", k_finish_head),
    ("fill_legal (the full list)", k_fill_legal),
)


@njit
def _time_is_legal(r, states, actions, scratch):
    total = 0
    for i in range(len(states)):
        scratch[0] = states[i]
        total += is_legal(r, scratch[0], actions[i])
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--policy", default="majority")
    parser.add_argument("--states-games", type=int, default=200)
    parser.add_argument("--stage", default="TURN")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    n = args.players
    exp = parse_experiment({"experiment": {"game": "atelier", "seats": "fixed"}, "rules": {"n_players": n},
                            "players": [{"policy": args.policy}] * n}, "<atelier_profile>")
    game, lineup = exp.game, exp.lineup
    seeds, _ = seat_plan("fixed", n, n, 1, 0, args.states_games)
    seeds = np.asarray(seeds, np.uint64)
    key = game.rules_keys(seeds)[0]
    r = game.rules_record(key)[0]
    states, actions, _ = capture(game, lineup[0], seeds, None)
    rows = np.flatnonzero(states["stage"] == Stage[args.stage])
    sub, sub_actions = states[rows], actions[rows]
    per_game = len(rows) / len(seeds)
    scratch = game.new_state_record()
    ws = workspaces(game, key, game.policy_ids[args.policy])[0]
    t_copy = timed(lambda: _time_copy(sub, scratch), args.repeat) / len(rows)
    print(f"atelier {n}p, policy {args.policy}: {per_game:.1f} {args.stage} decisions per game "
          f"({args.states_games} games); ns per call over all of them, us per game if every decision made it")
    for name, fn in KERNELS:
        t = timed(lambda: _time_kernel(fn, r, sub, ws, scratch), args.repeat) / len(rows) - t_copy
        print(f"  {name:45s} {t * 1e9:7.0f} ns {per_game * t * 1e6:7.1f} us/game")
    t = timed(lambda: _time_is_legal(r, sub, sub_actions, scratch), args.repeat) / len(rows) - t_copy
    name = "is_legal of the action taken (apply checks it)"
    print(f"  {name:45s} {t * 1e9:7.0f} ns {per_game * t * 1e6:7.1f} us/game")
    print(f"  by the action taken: {'per game':>8s} {'policy ns':>9s} {'us/game':>8s}")
    for a in np.unique(sub_actions):
        mine = sub[sub_actions == a]
        t = timed(lambda: _time_kernel(KERNELS[0][1], r, mine, ws, scratch), args.repeat) / len(mine) - t_copy
        print(f"  {action_name(int(a)):>20s} {len(mine) / len(seeds):8.1f} {t * 1e9:9.0f} "
              f"{len(mine) / len(seeds) * t * 1e6:8.1f}")


def action_name(a: int) -> str:
    if a < INSPIRE:
        return f"die {a - DIE + 1}"
    if a < REROLL:
        return f"inspiration ({a - INSPIRE + 1})"
    return {REROLL: "reroll", INSPIRE_PAINT: "inspire_paint", DRAW_PATRON: "draw_patron", END_TURN: "end_turn"}.get(
        a, f"action {a}")


if __name__ == "__main__":
    main()
