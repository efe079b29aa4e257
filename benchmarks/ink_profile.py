"""Where an Ink game's time goes, timed inside the compiled loop itself (run by hand):

    python benchmarks/ink_profile.py [--players 4] [--policy bonus_chaser] [--games 2000] [--repeat 5]

The batch loop (setup, then choose_action and apply_legal until the game ends, then scores and record_game) is
played with a cycle counter read around every call, so each part is timed on the live state, as hot in the cache as
in `simkit bench`: setup, the policy's decision and the transition split by stage, and the end of a game. Kernels
inside them are timed by calling them once more on the live state before the decision (they change no game state):
the full legal-action list, a full recompute of the current player's areas, and the placement scoring of a
PLACE_TILE decision (the heuristic's tables and every legal placement's value). Only the heuristic families can be
profiled (the random policy's extra calls would draw from its stream).

Cycles are converted to time with the counter's rate measured against the wall clock over the same runs. The
counter runs on while the process is descheduled, so a call that took longer than PREEMPTED is left out (on a loaded
machine a descheduled call costs milliseconds, a real one microseconds): each part is the mean of its other calls
times its calls per game, the least over `--repeat` runs. The plain loop's games/s (no counter reads) is the median
of the same runs, timed with time.process_time.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numba as nb
import numpy as np
from llvmlite import ir
from numba.core import cgutils, types
from numba.extending import intrinsic

from simkit.core import explain
from simkit.core.experiment import parse_experiment
from simkit.core.compiled import policy_vector
from simkit.core.seating import seat_plan
from simkit.games.ink.batch import record_game
from simkit.games.ink.engine.areas import compute_areas, touch
from simkit.games.ink.engine.layout import NONE, Stage
from simkit.games.ink.engine.legality import legal_actions
from simkit.games.ink.engine.scoring import final_scores, ranks_and_win_shares
from simkit.games.ink.engine.setup import setup
from simkit.games.ink.engine.transition import apply_legal
from simkit.games.ink.policies.dispatch import choose_action
from simkit.games.ink.policies.heuristic import placement_value, prepare_placements

N_STAGES = len(Stage)
# rows of the cycle table: per stage policy / transition / legal list / area recompute / placement scoring, then
# setup and the end of a game
POLICY, APPLY, LEGAL, AREAS, SCORING = (i * N_STAGES for i in range(5))
SETUP, END = 5 * N_STAGES, 5 * N_STAGES + 1
PREEMPTED = 200_000  # cycles (about 80 us): no call of a game is that long unless descheduled


@intrinsic
def _cycles(typingctx):
    """The processor's cycle counter (llvm.readcyclecounter)."""
    def codegen(context, builder, signature, args):
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.IntType(64), []),
                                            "llvm.readcyclecounter")
        return builder.call(fn, [])
    return types.uint64(), codegen


@nb.njit
def _cycles_now():
    return _cycles()


@nb.njit
def _score_placements(r, s, legal, n, family, params):
    p = s.current
    prepare_placements(r, s, p, family, params[0], params[1], params[2], params[3], params[4], params[5],
                       params[6], params[7])
    cell = NONE
    total = 0.0
    for i in range(n):
        v, cell = placement_value(r, s, p, family, legal[i], cell, params[0], params[1], params[2], params[3],
                                  params[4], params[5], params[6], params[7])
        total += v
    return total


@nb.njit
def _add(cycles, calls, row, t0, t1):
    """One call of part `row` took t1 - t0 cycles (left out when descheduled; calls counts the kept ones)."""
    if t1 - t0 < PREEMPTED:
        cycles[row] += t1 - t0
        calls[row] += 1


@nb.njit
def _play(r, s, seeds, policy, params, legal, notes, extra, ws, cycles, calls, decisions):
    """The batch loop with counter reads; with `extra`, the kernels timed once more before each decision."""
    n = r.n_players
    scores = np.zeros(n, np.int64)
    ranks = np.zeros(n, np.int64)
    shares = np.zeros(n, np.float64)
    out = ws
    for g in range(len(seeds)):
        t0 = _cycles()
        setup(r, s, seeds[g])
        _add(cycles, calls, SETUP, t0, _cycles())
        while not s.done:
            st = s.stage
            if extra:
                t0 = _cycles()
                m = legal_actions(r, s, legal)
                _add(cycles, calls, LEGAL + st, t0, _cycles())
                t0 = _cycles()
                touch(s, s.current)
                compute_areas(s, s.current)
                _add(cycles, calls, AREAS + st, t0, _cycles())
                if st == Stage.PLACE_TILE:
                    t0 = _cycles()
                    _score_placements(r, s, legal, m, policy - 1, params)
                    _add(cycles, calls, SCORING + st, t0, _cycles())
            t0 = _cycles()
            a = choose_action(r, s, policy, params, legal, notes, None)
            t1 = _cycles()
            apply_legal(r, s, a)
            t2 = _cycles()
            _add(cycles, calls, POLICY + st, t0, t1)
            _add(cycles, calls, APPLY + st, t1, t2)
            decisions[st] += 1
        t0 = _cycles()
        final_scores(r, s, scores)
        ranks_and_win_shares(r, s, scores, ranks, shares)
        record_game(r, s, scores, ranks, shares, out, g)
        _add(cycles, calls, END, t0, _cycles())


@nb.njit
def _plain(r, s, seeds, policy, params, legal, notes):
    """The batch loop without counter reads (games/s)."""
    for g in range(len(seeds)):
        setup(r, s, seeds[g])
        while not s.done:
            apply_legal(r, s, choose_action(r, s, policy, params, legal, notes, None))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--policy", default="bonus_chaser")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    n = args.players
    exp = parse_experiment({"experiment": {"game": "ink", "seats": "fixed"}, "rules": {"n_players": n},
                            "players": [{"policy": args.policy}] * n}, "<ink_profile>")
    game = exp.game
    seeds, _ = seat_plan("fixed", n, n, 1, 0, args.games)
    seeds = np.asarray(seeds, np.uint64)
    r = game.rules_record(game.rules_keys(seeds[:1])[0])[0]
    pid = game.policy_ids[args.policy]
    if not 1 <= pid <= 6:
        raise SystemExit(f"--policy {args.policy}: only the heuristic families can be profiled")
    params = policy_vector(exp.lineup[0], game.policy_params, game.max_policy_params)
    state = game.new_state_record()
    legal = np.zeros(game.num_distinct_actions, np.int64)
    notes = explain.new_buffer()
    out = game.layout.new(len(seeds), n)
    size = 5 * N_STAGES + 2

    def profiled(extra: bool):
        """Per part: mean seconds per kept call (cycles at the rate of the run), and decisions per stage."""
        cycles, calls = np.zeros(size, np.uint64), np.zeros(size, np.int64)
        decisions = np.zeros(N_STAGES, np.int64)
        start, c0 = time.perf_counter(), _cycles_now()
        _play(r, state[0], seeds, pid, params, legal, notes, extra, out, cycles, calls, decisions)
        rate = (_cycles_now() - c0) / (time.perf_counter() - start)
        return cycles.astype(float) / np.maximum(calls, 1) / rate, decisions, rate

    profiled(True)  # compile
    _plain(r, state[0], seeds[:2], pid, params, legal, notes)
    plain, base, extra = [], [], []
    for _ in range(args.repeat):
        start = time.process_time()
        _plain(r, state[0], seeds, pid, params, legal, notes)
        plain.append(time.process_time() - start)
        base.append(profiled(False))
        extra.append(profiled(True))
    mean = np.min([m for m, _, _ in base], axis=0)  # seconds per call
    mean_x = np.min([m for m, _, _ in extra], axis=0)
    g = len(seeds)
    per_game = base[0][1] / g  # decisions per game by stage
    rate = statistics.median(rt for _, _, rt in base)
    parts = np.concatenate([mean[POLICY:POLICY + N_STAGES] * per_game, mean[APPLY:APPLY + N_STAGES] * per_game,
                            mean[[SETUP, END]]])
    loop = parts.sum()
    us = 1e6
    print(f"ink {n}p, {args.policy}, {g} games x {args.repeat} runs; counter {rate / 1e9:.2f} GHz")
    print(f"  plain loop: {g / statistics.median(plain):,.0f} games/s (median CPU time; runs "
          f"{', '.join(f'{g / t:,.0f}' for t in plain)})")
    print(f"  profiled loop (sum of the parts): {loop * us:.1f} us/game = {1 / loop:,.0f} games/s, "
          f"{per_game.sum():.1f} decisions/game")
    print()
    print(f"  {'part':12s} {'calls/game':>10s} {'policy ns':>10s} {'us/game':>8s} {'apply ns':>9s} {'us/game':>8s}"
          f" {'share':>6s} | {'legal ns':>8s} {'areas ns':>8s} {'scoring ns':>10s}")
    for st in Stage:
        k = per_game[st]
        if k == 0:
            continue
        tp, ta = mean[POLICY + st], mean[APPLY + st]
        scoring = f"{mean_x[SCORING + st] * 1e9:10.0f}" if st == Stage.PLACE_TILE else f"{'':10s}"
        print(f"  {st.name:12s} {k:10.1f} {tp * 1e9:10.0f} {k * tp * us:8.1f} {ta * 1e9:9.0f} {k * ta * us:8.1f}"
              f" {k * (tp + ta) / loop:6.0%} | {mean_x[LEGAL + st] * 1e9:8.0f} {mean_x[AREAS + st] * 1e9:8.0f}"
              f" {scoring}")
    for name, row in (("setup", SETUP), ("end", END)):
        print(f"  {name:12s} {1:10.1f} {'':10s} {'':8s} {mean[row] * 1e9:9.0f} {mean[row] * us:8.1f} "
              f"{mean[row] / loop:6.0%}")
    print(f"  {'all stages':12s} {'':10s} {'':10s} {(mean[POLICY:POLICY + N_STAGES] * per_game).sum() * us:8.1f}"
          f" {'':9s} {(mean[APPLY:APPLY + N_STAGES] * per_game).sum() * us:8.1f}")
    print("  (legal / areas / scoring: one extra full legal list, full area recompute of the current player, and the "
          "heuristic's\n   placement tables + scoring of every legal placement, timed per decision of the stage)")

if __name__ == "__main__":
    main()
