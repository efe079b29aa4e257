"""simkit replay: every results row replays exactly (checked against its recorded columns), the decision log and
the page hold the game, a changed record fails loudly, bad arguments exit 2, and run --keep-logs keeps the logs."""

import json

import numpy as np
import polars as pl
import pytest

from simkit.cli import main
from simkit.core.experiment import load_experiment, parse_experiment
from simkit.core.game import game_class, game_ids
from simkit.core.provenance import METADATA_KEY, RunRecord, read_run_record
from simkit.core.runner import play_games
from simkit.replay.locate import GameRef, check_replay, recorded_rows
from simkit.replay.play import replay_game
from simkit.replay.public import public_states

USER_POLICY = '''
class Uniform:
    def act(self, observation, legal_actions, rng):
        return legal_actions[int(rng.integers(len(legal_actions)))]
'''

EXPERIMENT = """
[experiment]
name = "replayed"
game = "canvas"
games = 6
seed = 41
seats = "rotate"
player_counts = [2, 3]

[rules]
scoring_cards = ["Composition", "Emphasis", "Repetition", "Variety"]
[[players]]
policy = "greedy"
[[players]]
policy = "search"
rollouts = 2
[[players]]
policy = "{policy_file}:Uniform"
label = "uniform"

[variants.grey3]
bonus_ribbon_points = 3
"""


def run_cli(args, capsys):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    """A small Canvas run: two variants at two player counts, a search, a greedy and a user Python policy."""
    folder = tmp_path_factory.mktemp("replay")
    (folder / "uniform.py").write_text(USER_POLICY)
    (folder / "exp.toml").write_text(EXPERIMENT.format(policy_file=folder / "uniform.py"))
    assert main(["run", str(folder / "exp.toml"), "--out", str(folder / "out"), "--keep-logs", "2",
                 "--keep-logs-of", "wins"]) == 0
    return folder


def test_the_results_file_records_the_run(run_dir):
    run = read_run_record(run_dir / "out" / "results.parquet")
    exp = load_experiment(run_dir / "exp.toml")
    assert run == RunRecord.from_experiment(exp, exp.seed)
    assert [(c.variant, c.n_players, c.rules["bonus_ribbon_points"]) for c in run.cells] == [
        ("baseline", 2, 2), ("baseline", 3, 2), ("grey3", 2, 3), ("grey3", 3, 3)]


def test_every_game_of_the_run_replays_exactly(run_dir):
    path = run_dir / "out" / "results.parquet"
    run = read_run_record(path)
    for cell in run.cells:
        for index in range(6):
            ref = GameRef(cell.variant, cell.n_players, index)
            replay = replay_game(run, cell.variant, cell.n_players, index)
            check_replay(replay.result, recorded_rows(path, ref), str(ref))
            assert replay.decisions[-1].scores == replay.result["score"].to_list()


def test_replay_of_a_row_prints_logs_and_pages_the_game(run_dir, capsys):
    path = run_dir / "out" / "results.parquet"
    row = 7  # game 3 of baseline at 2 players, seat 1
    code, out, err = run_cli(["replay", path, "--row", row, "--explain", "--out", run_dir / "r"], capsys)
    assert code == 0, err
    assert "game 3 (seed" in out and "step 1 · turn 0 · seat" in out
    assert "check: the replay reproduces the recorded rows" in out
    lines = [json.loads(line) for line in (run_dir / "r" / "baseline-2p-game3.jsonl").read_text().splitlines()]
    head, decisions, result = lines[0], lines[1:-1], lines[-1]
    assert head["kind"] == "game" and result["kind"] == "result" and {d["kind"] for d in decisions} == {"decision"}
    recorded = pl.read_parquet(path).filter((pl.col("variant") == "baseline") & (pl.col("n_players") == 2)
                                            & (pl.col("game_index") == 3))
    assert [r["score"] for r in result["rows"]] == recorded["score"].to_list() == decisions[-1]["scores"]
    assert head["seed"] == recorded["seed"][0]
    assert len(decisions) == recorded["turns"].sum()  # one decision per player turn in Canvas
    # the greedy and the search explain every decision with a choice; the user policy explains none
    for d in decisions:
        if d["policy"] == "uniform":
            assert "candidates" not in d
        elif d["weighed"] > 1:
            assert d["action"] in [c["action"] for c in d["candidates"]]
    page = (run_dir / "r" / "baseline-2p-game3.html").read_text()
    assert "src=" not in page and "href=" not in page and "https:" not in page  # nothing to fetch
    assert page.count("<script") == 2


def test_replay_from_the_experiment_file_checks_against_the_batch_path(run_dir, capsys):
    code, out, err = run_cli(["replay", run_dir / "exp.toml", "--game-index", 4, "--variant", "grey3",
                              "--players", 3, "--quiet", "--out", run_dir / "r"], capsys)
    assert code == 0, err
    assert "the same game played by the batch path" in out and "step 1" not in out
    assert (run_dir / "r" / "grey3-3p-game4.html").exists()


def test_a_record_that_no_longer_matches_fails_loudly(run_dir, tmp_path, capsys):
    path = run_dir / "out" / "results.parquet"
    record = json.loads(read_run_record(path).to_json())  # from the results folder's first part
    record["seed"] += 1
    changed = tmp_path / "results.parquet"
    pl.read_parquet(path).write_parquet(changed, metadata={METADATA_KEY: json.dumps(record)})
    code, _, err = run_cli(["replay", changed, "--row", 0], capsys)
    assert code == 2 and "does not reproduce the recorded results (seed of seat 0: recorded" in err


@pytest.mark.parametrize("args, message", [
    (["--row", 10_000], "--row must be in 0..59"),
    (["--row", 1, "--game-index", 1], "give --row or --game-index, not both"),
    (["--game-index", 1], "give --variant (one of baseline, grey3)"),
    (["--game-index", 1, "--variant", "grey3"], "give --players (one of 2, 3)"),
    (["--game-index", 1, "--variant", "grey9", "--players", 2], "no cell grey9 at 2 players"),
    (["--game-index", 99, "--variant", "grey3", "--players", 2], "no rows for game 99"),
    ([], "give --row N"),
    (["--row", 0, "--seed", 3], "--seed is for an experiment file"),
])
def test_bad_replay_arguments_exit_2_with_one_message(run_dir, capsys, args, message):
    code, out, err = run_cli(["replay", run_dir / "out" / "results.parquet", *args], capsys)
    assert code == 2 and message in err, err


def test_a_results_file_without_a_run_record_says_how_to_replay(tmp_path, capsys):
    pl.DataFrame({"seat": [0]}).write_parquet(tmp_path / "old.parquet")
    code, _, err = run_cli(["replay", tmp_path / "old.parquet", "--row", 0], capsys)
    assert code == 2 and "records no run" in err and "--game-index" in err
    code, _, err = run_cli(["replay", tmp_path / "exp.toml", "--row", 0], capsys)
    assert code == 2 and "--row needs a results file" in err


def test_keep_logs_keeps_wins_of_each_policy(run_dir):
    df = pl.read_parquet(run_dir / "out" / "results.parquet")
    logs = sorted((run_dir / "out" / "logs").glob("*.jsonl"))
    kept = {}
    for log in logs:
        lines = [json.loads(line) for line in log.read_text().splitlines()]
        head, result = lines[0], lines[-1]
        assert all("candidates" in d for d in lines[1:-1] if d["policy"] != "uniform")  # kept logs are explained
        for r in result["rows"]:
            if r["win_share"] > 0:
                kept.setdefault((head["variant"], head["n_players"], r["policy"]), set()).add(head["game_index"])
    wins = (df.filter(pl.col("win_share") > 0).group_by("variant", "n_players", "policy")
            .agg(pl.col("game_index").n_unique().alias("games")))
    for variant, n, policy, games in wins.iter_rows():
        # each policy's kept wins: min(2, its wins) drawn for it, perhaps more kept for other policies' sake
        assert len(kept.get((variant, n, policy), ())) >= min(2, games)
    assert len(logs) <= 4 * 3 * 2


def test_public_state_leaves_out_what_depends_on_the_observer():
    steps = [
        [{"turn": 0, "hand": [], "grid": None}, {"turn": 0, "hand": [], "grid": None}],
        [{"turn": 1, "hand": [4], "grid": "RYB"}, {"turn": 1, "hand": [], "grid": None}],  # hidden to seat 1
        [{"turn": 2, "hand": [4], "grid": "RYB"}, {"turn": 2, "hand": [7], "grid": "RYB"}],  # shown to all
    ]
    assert public_states(steps) == [{"turn": 0, "grid": None}, {"turn": 1}, {"turn": 2, "grid": "RYB"}]


# Per game: its rules, the policies explained (seats in turn), their parameters, and whether the chosen action is
# the best noted whenever any is noted (Canvas's greedy and planner note their best painting though they may take a
# card, and Couleurs's search may keep its heuristic's placement against a later end: checked on the cards and the
# heuristic's decisions only).
EXPLAINED = {
    "canvas": ({"n_players": 3}, ("greedy", "planner", "search"), {"rollouts": 2}, False),
    "couleurs": ({"n_players": 2}, ("heuristic", "search"), {"rollouts": 2}, False),
    "atelier": ({"n_players": 3}, ("painter", "majority", "search"), {"rollouts": 1, "candidates": 3}, True),
    "ink": ({"n_players": 2}, ("bonus_chaser", "search"), {"rollouts": 2}, True),
}


@pytest.mark.parametrize("game_id", EXPLAINED)
def test_explained_actions_are_the_policies_own_choices(game_id):
    """explained_action takes the compiled policy's action (the batch path's), and explained or not the game is the
    same; the chosen candidate has the best noted value (see EXPLAINED), heuristics and searches noting some."""
    from simkit.core.game import make
    from simkit.core.policy import resolve_policy

    rules, policies, search, always_best = EXPLAINED[game_id]
    game = make(game_id, rules)
    lineup = [resolve_policy(game, {"policy": p, **(search if p == "search" else {})}) for p in policies]
    explained, plain = game.new_initial_state(5), game.new_initial_state(5)
    noted = dict.fromkeys(policies, 0)
    while not plain.is_terminal():
        choice = lineup[plain.current_player % len(lineup)]
        action, pairs, weighed = explained.explained_action(choice)
        assert action == plain.compiled_action(choice)
        assert weighed == len(pairs)
        values = dict(pairs)
        if always_best and pairs:
            assert values.get(action) == max(values.values()), (choice.name, action, pairs)
        takes = {a: v for a, v in pairs if game_id != "canvas" or a < game.rules["market_size"]}
        if choice.name != "search" and action in takes:
            assert values[action] == max(takes.values())
        noted[choice.name] += len(pairs) > 1
        explained.apply_action(action)
        plain.apply_action(action)
    assert min(noted.values()) > 5, noted
    assert np.array_equal(explained.scores(), plain.scores())


@pytest.mark.parametrize("game_id", game_ids())
def test_every_registered_game_replays_a_game_as_the_batch_path_plays_it(game_id):
    cls = game_class(game_id)
    exp = parse_experiment({"experiment": {"game": game_id, "games": 2, "seed": 3}, "rules": {"n_players": 2},
                            "players": [{"policy": cls.bench_policy}, {"policy": "random"}]}, "every-game.toml")
    replay = replay_game(RunRecord.from_experiment(exp, exp.seed), "baseline", 2, 1, explain=True)
    check_replay(replay.result, play_games(exp, 0, exp.seed, np.array([1])), game_id)
    assert replay.initial and all(d.text for d in replay.decisions)
    weighed = [d for d in replay.decisions if d.policy == cls.bench_policy and d.candidates]
    assert len(weighed) > 5
    if EXPLAINED[game_id][3]:  # the best candidate is listed first, and is the one taken
        assert all(d.candidates[0].action == d.action for d in weighed)
