"""The `simkit` command line."""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
import time
from pathlib import Path

from simkit.core.backends import BACKENDS
from simkit.core.errors import SimkitError
from simkit.core.game import game_class, game_ids, load, make
from simkit.core.params import params_to_toml
from simkit.games import REGISTRY, reports

# `simkit report NAME`: every registered game's named reports; out_dir None means the report's own folder
REPORTS = reports()
JOBS_HELP = ("games played side by side (default {default}): threads of this process when every policy is "
             "compiled, else worker processes")


def cmd_games(args) -> int:
    for game_id in game_ids():
        cls = game_class(game_id)
        print(f"{game_id}\t{cls.title}")
    return 0


def cmd_policies(args) -> int:
    cls = game_class(args.game)
    for name, params in cls.policy_params.items():
        print(f"{name}: {cls.policy_docs[name]}")
        for p in params:
            print(f"    {p.name} = {p.default!r}  ({p.allowed()}) {p.doc}")
    print("path/to/file.py:ClassName: your own Python policy (see README)")
    return 0


def cmd_rules(args) -> int:
    game = make(args.game)
    print(f"# {game.title}: default ruleset. Put overrides under [rules] in an experiment file.")
    print(params_to_toml(game.rule_params), end="")
    return 0


def cmd_run(args) -> int:
    from simkit.core.experiment import load_experiment
    import polars as pl

    from simkit.core.runner import DEFAULT_CHUNK, RunOptions, run_to_store
    from simkit.core.store import ChunkStore
    from simkit.report.run_report import running_totals, write_run_report

    exp = load_experiment(args.experiment)
    for name, value in (("--games", args.games), ("--jobs", args.jobs), ("--chunk-size", args.chunk_size),
                        ("--keep-logs", args.keep_logs)):
        if value is not None and value < 1:
            raise SimkitError(f"{name} must be at least 1, got {value}")
    options = RunOptions(games=args.games, seed=args.seed, jobs=args.jobs, chunk_size=args.chunk_size or DEFAULT_CHUNK,
                         backend=args.backend, scheduler=args.scheduler)
    seed = exp.seed if args.seed is None else args.seed
    out = Path(args.out or Path("out") / exp.name)
    # the chunk size names the stored units: a run resumed with another would store the same games again
    store = ChunkStore(out / "chunks", {"experiment": exp.fingerprint, "seed": seed, "games": args.games,
                                        "chunk_size": options.chunk_size}, resume=args.resume)
    start = time.perf_counter()
    totals = running_totals(exp)  # the report's tables, added up while the games are played
    try:
        run_to_store(exp, store, options, log=lambda line: print(line, file=sys.stderr),
                     reduce=totals.chunk_reducer(), on_reduced=totals.add_chunk)
    except KeyboardInterrupt:
        print(f"simkit: interrupted; finished chunks are kept in {store.directory}: rerun with --resume",
              file=sys.stderr)
        return 130
    elapsed = time.perf_counter() - start
    games = store.scan().select(pl.col("game_index").max()).collect().item() + 1  # each cell plays 0..games-1
    write_run_report(exp, store, out, seed=seed, elapsed=elapsed, jobs=args.jobs, totals=totals)
    if args.keep_logs:
        from simkit.core.provenance import RunRecord
        from simkit.replay.keep import keep_logs

        logs = keep_logs(RunRecord.from_experiment(exp, seed), pl.scan_parquet(out / "results.parquet"),
                         out / "logs", args.keep_logs, args.keep_logs_of)
        print(f"decision logs of {len(logs)} game(s): {out / 'logs'}")
    store.remove()
    print(f"{games:,} games per cell, "
          f"{len(exp.cells)} cell(s), in {elapsed:.1f} s; report: {out / 'report.html'} "
          f"(Markdown twin report.md, data results.parquet)")
    return 0


def cmd_replay(args) -> int:
    from simkit.replay.command import ReplayRequest, replay_command

    request = ReplayRequest(args.source, row=args.row, game_index=args.game_index, variant=args.variant,
                            players=args.players, seed=args.seed, explain=args.explain, top=args.top, out=args.out)
    replay_command(request, turns=not args.quiet)
    return 0


def cmd_bench(args) -> int:
    from simkit.bench import bench

    result = bench(args.game, players=args.players, policy=args.policy, games=args.games, repeat=args.repeat)
    print(f"warm-up (compile or cache load): {result['warmup_s']:.2f} s")
    for r in result["runs"]:
        print(f"  run: {r:,.0f} games/s")
    print(f"games/s: {result['median']:.0f}")
    return 0


def cmd_report(args) -> int:
    if args.jobs < 1:
        raise SimkitError(f"--jobs must be at least 1, got {args.jobs}")
    write = load(REPORTS[args.name])
    out = write(Path(args.out) if args.out else None, quick=args.quick, jobs=args.jobs)
    print(f"report: {Path(out) / 'index.html'} (Markdown twin index.md, figures and Parquet data in {out})")
    return 0


def cmd_tune(args) -> int:
    from simkit.tune import load_tune, quick_spec, run_tune

    for name, value in (("--jobs", args.jobs), ("--trials", args.trials)):
        if value is not None and value < 1:
            raise SimkitError(f"{name} must be at least 1, got {value}")
    spec = load_tune(args.tune)
    if args.quick:
        spec = quick_spec(spec)
    out = Path(args.out or Path("out") / f"tune-{spec.name}")
    run_tune(spec, out, jobs=args.jobs, trials=args.trials, log=lambda line: print(line, file=sys.stderr))
    print(f"report: {out / 'report.html'} (Markdown twin report.md; trials.parquet, finalists.json, best.toml)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="simkit", description="Monte Carlo strategy analysis for board games.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games").set_defaults(func=cmd_games)
    p = sub.add_parser("policies", help="list a game's policies and their parameters")
    p.add_argument("game")
    p.set_defaults(func=cmd_policies)
    p = sub.add_parser("rules", help="print a game's default ruleset as TOML")
    p.add_argument("game")
    p.set_defaults(func=cmd_rules)
    p = sub.add_parser("run", help="run an experiment file and write its report")
    p.add_argument("experiment", help="experiment TOML file")
    p.add_argument("--games", type=int, help="number of games (overrides the file)")
    p.add_argument("--seed", type=int, help="master seed (overrides the file)")
    p.add_argument("--jobs", type=int, default=1, help=JOBS_HELP.format(default=1))
    p.add_argument("--chunk-size", type=int,
                   help="games per work unit (default 16384; results do not depend on it)")
    p.add_argument("--backend", default="local", choices=BACKENDS,
                   help="local (this machine: threads, or joblib processes for Python policies), dask (a running "
                        "cluster: --scheduler), dask-local (a LocalCluster)")
    p.add_argument("--scheduler", help="Dask scheduler address for --backend dask")
    p.add_argument("--resume", action="store_true", help="continue an interrupted run from its finished chunks")
    p.add_argument("--out", help="output folder (default out/EXPERIMENT_NAME)")
    p.add_argument("--keep-logs", type=int, metavar="K",
                   help="write the decision logs (with the policies' candidates) of K games per cell into OUT/logs")
    p.add_argument("--keep-logs-of", default="first", choices=("first", "wins"),
                   help="which games: the first K (default), or up to K wins of each policy drawn at random")
    p.set_defaults(func=cmd_run)
    p = sub.add_parser("replay", help="replay one game of a run: printed turn by turn, a JSON Lines decision log "
                                      "and a self-contained HTML page")
    p.add_argument("source", help="a run's results.parquet, or an experiment TOML file (with --game-index)")
    p.add_argument("--row", type=int, help="the results file's row (0-based) whose game to replay")
    p.add_argument("--game-index", type=int, help="the game's index in its cell (the results' game_index)")
    p.add_argument("--variant", help="the cell's variant, when the run has several")
    p.add_argument("--players", type=int, help="the cell's player count, when the run has several")
    p.add_argument("--seed", type=int, help="with an experiment file: the master seed (default: the file's)")
    p.add_argument("--explain", action="store_true",
                   help="list the candidate actions each shipped policy weighed, with their values")
    p.add_argument("--top", type=int, default=5, help="candidates listed per decision with --explain (default 5)")
    p.add_argument("--out", help="folder of the log and the page (default: replays/ beside the results)")
    p.add_argument("--quiet", action="store_true", help="print the check and the files written, not the turns")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("bench", help="games per second on one core")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--policy", help="shipped policy to time (default: the game's benchmark policy)")
    p.add_argument("--games", type=int, default=100_000)
    p.add_argument("--repeat", type=int, default=5, help="timed runs; the median is printed")
    p.set_defaults(func=cmd_bench)
    p = sub.add_parser("report", help="play and write a named report: " + ", ".join(REPORTS))
    p.add_argument("name", choices=sorted(REPORTS), help="which report")
    p.add_argument("--out", help="output folder (default: the report's folder under reports/)")
    p.add_argument("--quick", action="store_true", help="small samples (about a minute); the report says so")
    p.add_argument("--jobs", type=int, default=2, help=JOBS_HELP.format(default=2))
    p.set_defaults(func=cmd_report)
    p = sub.add_parser("tune", help="search rule values for a balance objective (needs Optuna: simkit[tune])")
    p.add_argument("tune", help="tune TOML file")
    p.add_argument("--out", help="output folder (default out/tune-NAME)")
    p.add_argument("--jobs", type=int, default=1, help=JOBS_HELP.format(default=1))
    p.add_argument("--trials", type=int, help="number of trials (overrides the file)")
    p.add_argument("--quick", action="store_true", help="a smoke-test budget (at most 12 trials, a quarter of the "
                                                       "games); the report's set-up shows the budget")
    p.set_defaults(func=cmd_tune)
    for entry in REGISTRY.values():  # games with commands of their own
        if entry.commands:
            importlib.import_module(entry.commands).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except SimkitError as exc:
        print(f"simkit: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("simkit: interrupted", file=sys.stderr)
        return 130


def command(argv: list[str] | None = None) -> int:
    """The `simkit` program: `main`, then every object frozen (gc.freeze) for the process's exit. The interpreter's
    last collections would otherwise walk every object numba and polars made, a fifth of a second per command; what
    the command wrote is closed by then (standard output and error are flushed at exit all the same)."""
    code = main(argv)
    gc.freeze()
    return code


if __name__ == "__main__":
    sys.exit(command())
