"""Canvas policies: the compiled greedy policy against a pure-Python reference of its documented semantics,
the batch fast path against the step-by-step path, and user Python policies through the runner path."""

import itertools
import textwrap

import numpy as np
import pytest

import simkit
from simkit.core.errors import ConfigError, IllegalActionError
from simkit.core.policy import PolicyChoice, resolve_policy
from simkit.core.pyloop import play_one
from simkit.games.canvas.engine.scoring import BONUS, painting_ribbons
from canvas_helpers import game


def choice(g, name, **params):
    return resolve_policy(g, {"policy": name, **params})


# ------------------------------------------------------------------------------- greedy reference (pure Python)


class GreedyReference:
    """The greedy policy as documented: best marginal painting over 3-card subsets and their orders; paint it
    with a full hand or when worth >= paint_threshold; else take the affordable slot maximising (best marginal
    painting with hand + that card, 0 with fewer than 3 cards) - token_cost x tokens paid; ties to the lowest
    slot."""

    def __init__(self, g, paint_threshold=8.0, token_cost=1.0):
        self.g = g
        self.paint_threshold = paint_threshold
        self.token_cost = token_cost
        self.masks = g.rules.deck.masks
        self.space_mode = ("max_matching", "bga_greedy").index(g.rules["space_scoring"])
        self.tracks = g.rules.scoring.tracks
        self.lens = g.rules.scoring.track_len
        self._earned = {}

    def earned(self, stack):
        stack = tuple(int(c) for c in stack)
        if stack not in self._earned:
            out = np.zeros(BONUS + 1, np.int8)
            painting_ribbons(self.masks, np.array(stack, np.int64), len(stack), self.space_mode, out)
            self._earned[stack] = out.astype(int)
        return self._earned[stack]

    def points(self, cond, n):
        n = min(n, int(self.lens[cond]))
        return 0 if n <= 0 else int(self.tracks[cond, n - 1])

    def marginal(self, state, p, stack):
        """Points painting `stack` adds for player p: capped track gains plus bonus points per grey ribbon."""
        s = state.record
        earned = self.earned(stack)
        value = float(self.g.rules["bonus_ribbon_points"] * earned[BONUS])
        for cond in state.scoring:
            held = int(s["ribbons"][p, cond])
            after = held + int(earned[cond])
            if self.g.rules["cap_ribbons_at_track"]:
                after = min(after, int(self.lens[cond]))
            value += self.points(cond, after) - self.points(cond, held)
        return value

    def best(self, state, p, cards):
        k = self.g.rules["cards_per_painting"]
        if len(cards) < k:
            return 0.0
        return max(self.marginal(state, p, order) for subset in itertools.combinations(cards, k)
                   for order in itertools.permutations(subset))

    def decide(self, state):
        """('paint', value) or ('take', slot)."""
        s = state.record
        p = state.current_player
        hand = [int(c) for c in s["hand"][p, : s["hand_size"][p]]]
        if len(hand) >= self.g.rules["cards_per_painting"]:
            now = self.best(state, p, hand)
            if len(hand) >= self.g.rules["hand_limit"] or now >= self.paint_threshold:
                return "paint", now
        best_slot, best_score = None, None
        for slot in range(self.g.rules["market_size"]):
            card = int(s["market"][slot])
            if card < 0 or slot > int(s["tokens"][p]):
                continue
            score = self.best(state, p, hand + [card]) - self.token_cost * slot
            if best_score is None or score > best_score:
                best_slot, best_score = slot, score
        return "take", best_slot


GREEDY_CASES = [
    ({"n_players": 2}, {}),
    ({"n_players": 4}, {}),
    ({"n_players": 3, "scoring_cards": ["Proximity", "Space", "Symmetry", "Style"]}, {}),
    ({"n_players": 2, "scoring_cards": ["Consistency", "Hierarchy", "Movement", "Proportion"]}, {}),
    ({"n_players": 1, "solo_mode": "vincent", "scoring_cards": ["Composition", "Variety"]}, {}),
    ({"n_players": 1, "solo_mode": "puzzle", "scoring_cards": ["Emphasis", "Style", "Symmetry"]}, {}),
    ({"n_players": 3, "bonus_ribbon_points": 3, "scoring_cards": ["Movement", "Space", "Variety", "Hierarchy"]}, {}),
    ({"n_players": 2, "cap_ribbons_at_track": False}, {}),
    ({"n_players": 2, "space_scoring": "bga_greedy", "scoring_cards": ["Space", "Repetition"]},
     {"paint_threshold": 12.0, "token_cost": 0.5}),
    ({"n_players": 2, "cards_per_painting": 2, "hand_limit": 4}, {}),
    ({"n_players": 2, "cards_per_painting": 4}, {}),  # a 4-card painting can earn 6 grey ribbons
]


@pytest.mark.parametrize("rules, params", GREEDY_CASES, ids=[f"case{i}" for i in range(len(GREEDY_CASES))])
def test_compiled_greedy_matches_python_reference(rules, params):
    g = game(**rules)
    greedy = choice(g, "greedy", **params)
    ref = GreedyReference(g, **params)
    paints = takes = 0
    n_seeds = 2 if g.rules["cards_per_painting"] == 4 else 4 if g.n_players > 1 else 6
    for seed in range(n_seeds):
        state = g.new_initial_state(1000 + seed)
        while not state.is_terminal():
            p = state.current_player
            action = state.compiled_action(greedy)
            assert action in state.legal_actions()
            kind, value = ref.decide(state)
            where = f"seed {1000 + seed} turn {state.turn}"
            m = g.rules["market_size"]
            if kind == "take":
                assert action == value, f"{where}: compiled takes {action}, reference takes slot {value}"
                takes += 1
            else:
                assert action >= m, f"{where}: compiled takes slot {action}, reference paints (value {value})"
                positions = g.rules.paint_orders[action - m]
                stack = state.record["hand"][p][positions]
                assert len(set(positions.tolist())) == len(positions)
                assert ref.marginal(state, p, stack) == value, f"{where}: painting is not the best one"
                paints += 1
            state.apply_action(action)
    assert paints >= 3 and takes >= 9


def test_greedy_paints_a_full_hand_and_never_passes():
    g = game(n_players=2)
    greedy = choice(g, "greedy", paint_threshold=1000.0)
    state = g.new_initial_state(5)
    max_hand = 0
    while not state.is_terminal():
        action = state.compiled_action(greedy)
        if action >= 5:
            assert state.record["hand_size"][state.current_player] == 5
        state.apply_action(action)
        max_hand = max(max_hand, int(state.record["hand_size"][:2].max()))
    assert max_hand == 5, "with an unreachable threshold greedy paints only with a full hand"


# ----------------------------------------------------------------------------- fast path == step-by-step path


def step_results(g, seeds, lineup, seats):
    """The result arrays built from states played one action at a time through play_one."""
    n = g.n_players
    cols = {name: np.zeros((len(seeds), n)) for name in
            ("score", "rank", "win_share", "turns", "turn_order", "grey_ribbons", "tokens_left", "cards_taken",
             "tokens_paid")}
    ribbons = np.zeros((len(seeds), n, 12))
    for i, seed in enumerate(seeds):
        state = play_one(g, int(seed), lineup, seats[i], {})
        s = state.record
        cols["score"][i] = state.scores()
        cols["rank"][i] = state.ranks()
        cols["win_share"][i] = state.win_shares()
        cols["turns"][i] = s["turns"][:n]
        cols["turn_order"][i] = (np.arange(n) - int(s["first_player"])) % n + 1
        cols["grey_ribbons"][i] = s["grey"][:n]
        cols["tokens_left"][i] = s["tokens"][:n]
        cols["cards_taken"][i] = s["cards_taken"][:n]
        cols["tokens_paid"][i] = s["tokens_paid"][:n]
        ribbons[i] = s["ribbons"][:n]
    return cols, ribbons


EQUIVALENCE_RULES = [
    {"n_players": 2},
    {"n_players": 4},
    {"n_players": 5, "scoring_cards": ["Consistency", "Hierarchy", "Movement", "Proportion"]},
    {"n_players": 3, "vincent_in_multiplayer": True},
    {"n_players": 1, "solo_mode": "vincent"},
    {"n_players": 1, "solo_mode": "puzzle", "scoring_cards": ["Proximity", "Space", "Symmetry"]},
]
LINEUPS = [("random",), ("greedy",), ("planner",), ("random", "greedy", "planner")]


@pytest.mark.parametrize("rules", EQUIVALENCE_RULES, ids=["2p", "4p", "5p-other-cards", "3p-vincent", "solo-vincent",
                                                        "solo-puzzle"])
@pytest.mark.parametrize("names", LINEUPS, ids="+".join)
def test_batch_fast_path_equals_step_path(rules, names):
    g = game(**rules)
    n = g.n_players
    lineup = [choice(g, name) for name in names]
    n_games = 200
    rng = np.random.default_rng(len(names) * 10 + n)
    seeds = rng.integers(0, 2**63 - 1, n_games, dtype=np.int64).astype(np.uint64)
    seats = rng.integers(0, len(lineup), (n_games, n))
    fast = g.play_batch(seeds, lineup, seats)
    slow, ribbons = step_results(g, seeds, lineup, seats)
    for name, expected in slow.items():
        got = np.asarray(fast[name])
        assert got.shape == (n_games, n), name
        differs = ~np.isclose(got, expected, rtol=0, atol=1e-6) if name == "win_share" else got != expected
        bad = np.flatnonzero(differs.any(axis=1))
        assert not len(bad), (f"{name} differs for seed {int(seeds[bad[0]])}: "
                              f"batch {got[bad[0]]} vs step {expected[bad[0]]}")
    for c, col in enumerate(name for name in fast if name.startswith("ribbons_")):
        in_play = ~np.ma.getmaskarray(fast[col])
        assert (np.ma.getdata(fast[col])[in_play] == ribbons[:, :, c][in_play]).all(), col
    assert np.allclose(fast["win_share"].sum(axis=1), 1.0)


@pytest.mark.parametrize("k", [2, 4])
def test_batch_fast_path_equals_step_path_other_painting_sizes(k):
    """cards_per_painting is a rule parameter (2..4): the shipped policies must play such games too."""
    g = game(n_players=3, cards_per_painting=k)
    lineup = [choice(g, "random"), choice(g, "greedy"), choice(g, "planner")]
    rng = np.random.default_rng(k)
    seeds = rng.integers(0, 2**63 - 1, 50, dtype=np.int64).astype(np.uint64)
    seats = rng.integers(0, 3, (50, 3))
    fast = g.play_batch(seeds, lineup, seats)
    slow, _ = step_results(g, seeds, lineup, seats)
    for name, expected in slow.items():
        assert np.allclose(np.asarray(fast[name]), expected, rtol=0, atol=1e-6), name


def test_batch_is_deterministic_and_order_independent():
    g = game(n_players=3)
    lineup = [choice(g, "random"), choice(g, "greedy")]
    seeds = np.arange(60, dtype=np.uint64)
    seats = np.random.default_rng(0).integers(0, 2, (60, 3))
    a = g.play_batch(seeds, lineup, seats)
    b = g.play_batch(seeds[::-1], lineup, seats[::-1])
    for name in ("score", "rank", "turns", "tokens_left"):
        assert (np.asarray(a[name]) == np.asarray(b[name])[::-1]).all(), name


def test_batch_with_random_scoring_cards_equals_step_path():
    """'random N' scoring cards: each seed draws its own scenario; the batch groups games by scenario and
    must put every result back in its row."""
    g = simkit.make("canvas", {"n_players": 3, "scoring_cards": "random 4"})
    lineup = [choice(g, "random"), choice(g, "greedy"), choice(g, "planner")]
    # 4 scenarios (painting tables are built per scenario), 15 games each, interleaved
    by_scenario = {}
    for seed in range(20_000):
        sc = g.scoring_of(seed)
        if sc in by_scenario or len(by_scenario) < 4:
            by_scenario.setdefault(sc, []).append(seed)
        if len(by_scenario) == 4 and min(len(v) for v in by_scenario.values()) >= 15:
            break
    seeds = np.array(sorted(s for v in by_scenario.values() for s in v[:15]), np.uint64)
    seats = np.random.default_rng(4).integers(0, 3, (len(seeds), 3))
    fast = g.play_batch(seeds, lineup, seats)
    slow, ribbons = step_results(g, seeds, lineup, seats)
    assert len({g.scoring_of(int(s)) for s in seeds}) == 4
    for name, expected in slow.items():
        assert np.allclose(np.asarray(fast[name]), expected, rtol=0, atol=1e-6), name
    for i, seed in enumerate(seeds):
        names = fast["scoring_cards"][i, 0].split(",")
        assert len(names) == 4
        assert names == list(g.new_initial_state(int(seed)).observation(0).scoring_cards)
    b = g.play_batch(seeds[::-1], lineup, seats[::-1])
    assert (np.asarray(b["score"])[::-1] == np.asarray(fast["score"])).all()


# --------------------------------------------------------------------------------------- user Python policies


USER_POLICIES = textwrap.dedent('''
    class Mine:
        """Takes the cheapest card, paints the first legal painting; checks what it is shown."""

        def __init__(self, prefer_paint=True):
            self.prefer_paint = prefer_paint
            self.calls = 0

        def act(self, observation, legal_actions, rng):
            self.calls += 1
            assert sorted(observation.actions) == sorted(legal_actions)
            assert len(observation.hand) == observation.hand_sizes[observation.player]
            assert len(observation.market) == 5
            paints = [a for a in legal_actions if a >= 5]
            if paints and (self.prefer_paint or len(observation.hand) == 5):
                return paints[int(rng.integers(len(paints)))]
            return min(legal_actions)


    class Bad:
        """Plays legally twice, then answers an action that is never legal."""

        def __init__(self):
            self.calls = 0

        def act(self, observation, legal_actions, rng):
            self.calls += 1
            if self.calls >= 3:
                return 999
            return legal_actions[0]


    class NoAct:
        pass
''')


@pytest.fixture()
def policy_file(tmp_path):
    path = tmp_path / "my_policies.py"
    path.write_text(USER_POLICIES)
    return path


def test_user_python_policy_plays_through_play_batch(policy_file):
    g = game(n_players=3)
    mine = PolicyChoice(name=f"{policy_file}:Mine", params={}, label="mine")
    lineup = [mine, choice(g, "greedy")]
    seeds = np.arange(20, dtype=np.uint64)
    seats = np.tile([0, 1, 1], (20, 1))
    out = g.play_batch(seeds, lineup, seats)
    for name in ("score", "rank", "win_share", "turns", "turn_order", "tokens_left"):
        assert np.asarray(out[name]).shape == (20, 3), name
    assert np.allclose(out["win_share"].sum(axis=1), 1.0)
    assert (np.asarray(out["turns"]) >= 4).all()
    # the same games again: user policies get seeded generators, so the run repeats exactly
    again = g.play_batch(seeds, lineup, seats)
    assert (np.asarray(again["score"]) == np.asarray(out["score"])).all()
    # and they are the games play_one plays
    policies = {0: mine.make_python_policy()}
    for i, seed in enumerate(seeds[:5]):
        state = play_one(g, int(seed), lineup, seats[i], policies)
        assert state.scores().tolist() == np.asarray(out["score"][i]).tolist()


def test_user_python_policy_with_params_and_resolve_policy(policy_file):
    g = game(n_players=2)
    mine = resolve_policy(g, {"policy": f"{policy_file}:Mine", "prefer_paint": False, "label": "mine2"})
    assert mine.is_python and mine.label == "mine2"
    out = g.play_batch(np.arange(5, dtype=np.uint64), [mine], np.zeros((5, 2), np.int64))
    assert np.asarray(out["score"]).shape == (5, 2)


def test_user_policy_illegal_action_names_label_seed_and_turn(policy_file):
    g = game(n_players=2)
    bad = PolicyChoice(name=f"{policy_file}:Bad", params={}, label="mine")
    lineup = [bad, choice(g, "greedy")]
    seed = 424242
    first = g.new_initial_state(seed).current_player
    expected_turn = 4 if first == 0 else 5  # Bad sits in seat 0 and fails on its third turn
    with pytest.raises(IllegalActionError) as err:
        g.play_batch(np.array([seed], np.uint64), lineup, np.array([[0, 1]]))
    assert err.value.policy == "mine"
    assert err.value.seed == seed
    assert err.value.turn == expected_turn
    assert err.value.action == 999
    message = str(err.value)
    assert "'mine'" in message and str(seed) in message and f"turn {expected_turn}" in message


@pytest.mark.parametrize("name, match", [("NoAct", "act"), ("Missing", "Missing")])
def test_user_policy_without_act_is_a_config_error(policy_file, name, match):
    g = game(n_players=2)
    lineup = [PolicyChoice(name=f"{policy_file}:{name}", params={}, label="x")]
    with pytest.raises(ConfigError, match=match):
        g.play_batch(np.arange(2, dtype=np.uint64), lineup, np.zeros((2, 2), np.int64))


def test_unknown_shipped_policy_is_a_config_error():
    with pytest.raises(ConfigError):
        resolve_policy(game(n_players=2), {"policy": "clairvoyant"})
    with pytest.raises(ConfigError):
        resolve_policy(game(n_players=2), {"policy": "greedy", "paint_threshold": -1})
