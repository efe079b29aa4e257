"""Where a compiled game's time goes, per game, for one shipped policy (run by hand):

    python benchmarks/profile_game.py atelier --players 4 --policy majority [--games N] [--states-games K]

Any game on the compiled base (`simkit.core.compiled`) can be profiled: everything is timed through its declared
`Engine` functions, so the numbers are the ones the batch loop pays.

1. The whole batch (`play_batch`, Python side included) and the compiled loop alone (`engine.play_games` called
   directly): their difference is the Python side of a batch.
2. The decision states of K games (played through the batch path's own `choose_action` on the step API) are
   kept; each kernel is then timed on its own over all of them, in a small compiled loop that receives the engine
   function as an argument (numba compiles one such loop per function; it is not part of the game's cache):
   setup, the full legal-action list, the policy's decision (which includes any legal list it builds), the
   transition (`apply_action`, with its legality check), and the end of a game (scores, ranks, win shares,
   `record_game`). Each state is first copied into one record, as hot in the cache as the batch loop's own; the
   copies are timed apart and taken off. Calls per game times nanoseconds per
   call gives the per-game cost of each part; the sum is compared with the compiled loop.
3. The decision counts per game, and with `--by FIELD` (a state field such as Atelier's `stage`) the decisions,
   the policy's time and the transition's split by its value.

Times are CPU time of this process (time.process_time: a shared machine's other work is not counted, though it
still disturbs caches). The batch and the compiled loop are medians of `--repeat` interleaved timings, each kernel
the least of `--repeat`; compare ratios measured in one run.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

import numba as nb
import numpy as np

from simkit.core.compiled import policy_vector
from simkit.core.experiment import parse_experiment
from simkit.core.seating import seat_plan

# ---- compiled timing loops (the engine function is an argument: one compile per function, not cached) ----------


@nb.njit
def _time_setup(fn, r, s, seeds):
    for i in range(len(seeds)):
        fn(r, s, seeds[i])


@nb.njit
def _time_legal(fn, r, states, out, scratch):
    total = 0
    for i in range(len(states)):
        scratch[0] = states[i]
        total += fn(r, scratch[0], out)
    return total


@nb.njit
def _time_choose(fn, r, states, policy, params, ws, scratch):
    total = 0
    for i in range(len(states)):
        scratch[0] = states[i]
        total += fn(r, scratch[0], policy, params, *ws)
    return total


@nb.njit
def _time_copy(states, scratch):
    for i in range(len(states)):
        scratch[0] = states[i]


@nb.njit
def _time_apply(fn, r, states, actions, scratch):
    for i in range(len(states)):
        scratch[0] = states[i]
        fn(r, scratch[0], actions[i])


@nb.njit
def _time_end(scores_fn, ranks_fn, record_fn, r, finals, n, out):
    scores = np.zeros(n, np.int64)
    ranks = np.zeros(n, np.int64)
    shares = np.zeros(n, np.float64)
    for i in range(len(finals)):
        scores_fn(r, finals[i], scores)
        ranks_fn(r, finals[i], scores, ranks, shares)
        record_fn(r, finals[i], scores, ranks, shares, out, i)


def timed(fn, repeat: int) -> float:
    """Least seconds of fn() over `repeat` calls, after one call (compilation): the kernels are short, and on a
    shared machine the least disturbed run is the steadiest estimate of their cost."""
    fn()
    runs = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        runs.append(time.process_time() - start)
    return min(runs)


def interleaved(fns, repeat: int) -> list[float]:
    """Median seconds of each of fns, called in turn `repeat` times (after one call each): a slow spell of the
    shared machine falls on all of them."""
    for fn in fns:
        fn()
    runs = [[] for _ in fns]
    for _ in range(repeat):
        for fn, times in zip(fns, runs):
            start = time.process_time()
            fn()
            times.append(time.process_time() - start)
    return [statistics.median(times) for times in runs]


def workspaces(game, key, policy_id: int) -> tuple:
    """The policy's `policy_args` (the timing loop passes them on as a tuple)."""
    return tuple(game.policy_args(key, np.array([policy_id], np.int8)))


def capture(game, choice, seeds, by: str | None):
    """Every decision state of the games (before its action), the actions, the final states and the game seeds."""
    proto = game.new_state_record()
    states, actions, finals = [], [], []
    for seed in seeds:
        state = game.new_initial_state(int(seed))
        while not state.is_terminal():
            states.append(state.record.copy())
            action = state.compiled_action(choice)
            actions.append(action)
            state.apply_action(action)
        finals.append(state.record.copy())
    arr = np.zeros(len(states), proto.dtype)
    arr[:] = states
    fin = np.zeros(len(finals), proto.dtype)
    fin[:] = finals
    return arr, np.array(actions, np.int64), fin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--policy", default=None, help="shipped policy (default: the game's bench_policy)")
    parser.add_argument("--games", type=int, default=20_000, help="games of the batch timings")
    parser.add_argument("--states-games", type=int, default=200, help="games whose decision states are kept")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--by", default=None, help="a state field to split decisions and policy time by")
    args = parser.parse_args()

    from simkit.core.game import game_class
    policy = args.policy or game_class(args.game).bench_policy
    exp = parse_experiment({"experiment": {"game": args.game, "seats": "fixed"}, "rules": {"n_players": args.players},
                            "players": [{"policy": policy}] * args.players}, "<profile>")
    game, lineup = exp.game, exp.lineup
    eng = game.engine
    n = args.players
    seeds, seats = seat_plan("fixed", n, n, 1, 0, args.games)
    seeds = np.asarray(seeds, np.uint64)

    # 1. whole batch and the compiled loop alone
    keys = game.rules_keys(seeds)
    if len(set(keys)) != 1:
        raise SystemExit("profile_game times games sharing one rules record (no per-seed rules keys)")
    key = keys[0]
    r = game.rules_record(key)[0]
    pid = game.policy_ids[policy]
    ids = np.full((len(seeds), n), pid, np.int8)
    vec = policy_vector(lineup[0], game.policy_params, game.max_policy_params)
    params = np.repeat(vec[None, None, :], len(seeds), axis=0).repeat(n, axis=1)
    raw_ws = tuple(game.policy_args(key, ids))
    ws = workspaces(game, key, pid)
    state = game.new_state_record()
    out = game.layout.new(len(seeds), n)

    def loop():
        eng.play_games(r, state[0], seeds, ids, params, out, *raw_ws)

    def batch():
        game.play_batch(seeds, lineup, seats)

    t_batch, t_loop = interleaved((batch, loop), args.repeat)
    t_batch, t_loop = t_batch / len(seeds), t_loop / len(seeds)

    # 2. decision states of K games; the kernels one by one
    kseeds = seeds[: args.states_games]
    states, actions, finals = capture(game, lineup[0], kseeds, args.by)
    k = len(kseeds)
    per_game = len(states) / k
    legal_buf = np.zeros(game.num_distinct_actions, np.int64)
    scratch = game.new_state_record()
    kout = game.layout.new(len(finals), n)

    t_setup = timed(lambda: _time_setup(eng.setup, r, scratch[0], kseeds), args.repeat) / k
    n_legal = _time_legal(eng.legal_actions, r, states, legal_buf, scratch)
    t_copy = timed(lambda: _time_copy(states, scratch), args.repeat) / len(states)
    t_legal = timed(lambda: _time_legal(eng.legal_actions, r, states, legal_buf, scratch), args.repeat) / len(states)
    t_legal -= t_copy
    t_choose = timed(lambda: _time_choose(eng.choose_action, r, states, pid, vec, ws, scratch),
                     args.repeat) / len(states)
    t_choose -= t_copy
    t_apply = timed(lambda: _time_apply(eng.apply_action, r, states, actions, scratch), args.repeat) / len(states)
    t_apply -= t_copy
    t_end = timed(lambda: _time_end(eng.final_scores, eng.ranks_and_win_shares, eng.record_game, r, finals, n, kout),
                  args.repeat) / k

    us = 1e6
    rows = [
        ("setup and shuffles", 1, t_setup),
        ("policy decision (incl. any legal list it builds)", per_game, t_choose),
        ("transition (apply_action, with its legality check)", per_game, t_apply),
        ("end: scores, ranks, record_game", 1, t_end),
    ]
    parts = sum(c * t for _, c, t in rows)
    print(f"{args.game} {n}p, policy {policy}: {per_game:.1f} decisions per game ({k} games), "
          f"{n_legal / len(states):.2f} legal actions per decision")
    print(f"  batch (play_batch):          {t_batch * us:9.1f} us/game = {1 / t_batch:9,.0f} games/s")
    print(f"  compiled loop (play_games):  {t_loop * us:9.1f} us/game = {1 / t_loop:9,.0f} games/s")
    print(f"  Python side of a batch:      {(t_batch - t_loop) * us:9.1f} us/game")
    print()
    print(f"  {'part':52s} {'calls/game':>10s} {'ns/call':>9s} {'us/game':>9s} {'share':>6s}")
    for name, calls, t in rows:
        print(f"  {name:52s} {calls:10.1f} {t * 1e9:9.0f} {calls * t * us:9.1f} {calls * t / t_loop:6.0%}")
    print(f"  {'sum of the parts':52s} {'':10s} {'':9s} {parts * us:9.1f} {parts / t_loop:6.0%}")
    print(f"  {'(not in the loop) full legal-action list':52s} {per_game:10.1f} {t_legal * 1e9:9.0f} "
          f"{per_game * t_legal * us:9.1f} {per_game * t_legal / t_loop:6.0%}")

    # 3. by a state field
    if args.by:
        values = states[args.by]
        counts = Counter(values.tolist())
        print()
        print(f"  by {args.by}: {'decisions/game':>14s} {'policy ns':>10s} {'us/game':>9s} {'legal/decision':>14s} "
              f"{'list ns':>8s} {'apply ns':>9s} {'us/game':>8s}")
        for value, count in sorted(counts.items()):
            rows_v = np.flatnonzero(values == value)
            sub = states[rows_v]
            tc = timed(lambda: _time_copy(sub, scratch), args.repeat) / len(rows_v)
            t = timed(lambda: _time_choose(eng.choose_action, r, sub, pid, vec, ws, scratch), args.repeat)
            t = t / len(rows_v) - tc
            nl = _time_legal(eng.legal_actions, r, sub, legal_buf, scratch) / len(rows_v)
            tl = timed(lambda: _time_legal(eng.legal_actions, r, sub, legal_buf, scratch), args.repeat) / len(rows_v)
            tl -= tc
            sub_actions = actions[rows_v]
            ta = timed(lambda: _time_apply(eng.apply_action, r, sub, sub_actions, scratch), args.repeat)
            ta = ta / len(rows_v) - tc
            label = _label(game, args.by, value)
            print(f"  {label:>18s} {count / k:14.1f} {t * 1e9:10.0f} {count / k * t * us:9.1f} {nl:14.2f} "
                  f"{tl * 1e9:8.0f} {ta * 1e9:9.0f} {count / k * ta * us:8.1f}")


def _label(game, field: str, value) -> str:
    """An enum name for a field's value when the game's state layout module (engine.layout, or engine.state) has an
    IntEnum of that name (Stage)."""
    import importlib
    package = type(game).__module__.rsplit(".", 1)[0]
    enum = None
    for name in ("layout", "state"):
        try:
            module = importlib.import_module(f"{package}.engine.{name}")
        except ModuleNotFoundError:
            continue
        enum = getattr(module, field.capitalize(), None)
        break
    try:
        return enum(value).name if enum is not None else str(value)
    except ValueError:
        return str(value)


if __name__ == "__main__":
    main()
