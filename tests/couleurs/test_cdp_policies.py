"""The shipped Couleurs de Paris policies: batch path == step path, determinism, legality in every stage, the
heuristic's parameters moving play in the intended direction, strength against random, and no round cap."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from cdp_helpers import check_invariants, game
from simkit.core.compiled import policy_vector
from simkit.core.errors import ConfigError
from simkit.core.policy import resolve_policy
from simkit.core.pyloop import play_with_step_api
from simkit.games.couleurs.policies import heuristics
from simkit.games.couleurs.engine.market import unfinished
from simkit.games.couleurs.policies.shipped import MAX_PARAMS, POLICY_IDS, POLICY_PARAMS, TIERS, UPGRADES, new_workspace
from simkit.games.couleurs.engine.state import EMPTY, STAGE_NAMES, STOP, TARGET, Stage

MODULES = [{}, {"module_painters": True}, {"module_bonus_cards": True},
           {"module_painters": True, "module_bonus_cards": True}]
BASE_CONFIGS = [*MODULES, {"module_painters": True, "module_bonus_cards": True, "bonus_card_option": "B"}]


def play(g, specs, seeds, rotate=True):
    """Batch results of `specs` (one per seat, seats rotating over the games when rotate)."""
    n = g.n_players
    lineup = [resolve_policy(g, spec) for spec in specs]
    seeds = np.asarray(seeds, np.uint64)
    seats = np.array([[(p + (i if rotate else 0)) % len(lineup) for p in range(n)] for i in range(len(seeds))])
    return g.play_batch(seeds, lineup, seats), seats


def by_policy(res, seats, column, k):
    return res[column][seats == k]


@pytest.mark.parametrize("name", sorted(POLICY_IDS))
@pytest.mark.parametrize("n, rules", [(2, {}), (3, MODULES[1]), (4, MODULES[3]), (2, MODULES[2])])
def test_batch_path_equals_step_path(name, n, rules):
    g = game(n_players=n, **rules)
    lineup = [resolve_policy(g, {"policy": name}), resolve_policy(g, {"policy": "random"})]
    seeds = np.arange(7 * n, 7 * n + (3 if name == "search" else 12), dtype=np.uint64)
    seats = np.array([[(p + i) % 2 for p in range(n)] for i in range(len(seeds))])
    fast = g.play_batch(seeds, lineup, seats)
    slow = play_with_step_api(g, seeds, lineup, seats, g.record_result)
    for column in fast:
        assert np.array_equal(fast[column], slow[column]), column


@pytest.mark.parametrize("name", sorted(POLICY_IDS))
def test_determinism(name):
    g = game(n_players=3, module_painters=True, module_bonus_cards=True)
    seeds = range(1, 5 if name == "search" else 41)
    a, _ = play(g, [{"policy": name}] * 3, seeds)
    b, _ = play(g, [{"policy": name}] * 3, seeds)
    for column in a:
        assert np.array_equal(a[column], b[column]), column


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st_.sampled_from([2, 3, 4]), seed=st_.integers(0, 2**40), modules=st_.sampled_from(MODULES),
       tier=st_.sampled_from(["cheap", "balanced", "expensive"]), tolerance=st_.integers(0, 3),
       unlimited=st_.booleans(), completion=st_.booleans())
def test_heuristic_plays_only_legal_actions(n, seed, modules, tier, tolerance, unlimited, completion):
    """Every action the heuristic picks is legal, in every stage and rule option, and the §13 invariants hold."""
    rules = {**modules, "unlimited_supply": unlimited,
             "return_coloured_on": "completion" if completion else "exhibit"}
    if completion and modules.get("module_painters"):
        rules["painter_pool"] = ["cezanne", "gauguin", "manet", "monet", "renoir", "toulouse_lautrec", "van_gogh",
                                 "valadon"]
    g = game(n_players=n, **rules)
    choice = resolve_policy(g, {"policy": "heuristic", "tier": tier, "white_tolerance": tolerance})
    state = g.new_initial_state(seed)
    while not state.is_terminal():
        action = state.compiled_action(choice)
        assert action in state.legal_actions(), (state.describe_action(action), state.record["stage"])
        prev = state.record.copy()
        state.apply_action(action)
        check_invariants(state, prev)
    assert state.end_reason != "round_cap"


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("modules", MODULES)
def test_heuristic_never_reaches_the_round_cap(n, modules):
    """Spec §13.9 for the heuristic, over 1,000 seeds per configuration."""
    g = game(n_players=n, **modules)
    seeds = np.arange(1, 1001)
    res, _ = play(g, [{"policy": "heuristic"}] * n, seeds)
    capped = seeds[res["end_reason"][:, 0] == "round_cap"]
    assert len(capped) == 0, f"seeds {capped.tolist()}"
    assert res["rounds"].max() < 25


@pytest.mark.parametrize("modules", [MODULES[0], MODULES[3]])
def test_heuristic_beats_random(modules):
    g = game(n_players=2, **modules)
    res, seats = play(g, [{"policy": "heuristic"}, {"policy": "random"}], range(1, 401))
    heuristic, rand = by_policy(res, seats, "score", 0), by_policy(res, seats, "score", 1)
    assert heuristic.mean() > rand.mean() + 15
    assert by_policy(res, seats, "win_share", 0).mean() > 0.95


def heuristic_games(spec, column, seeds=range(1, 601), **rules):
    g = game(n_players=3, **rules)
    res, _ = play(g, [{"policy": "heuristic", **spec}] * 3, seeds)
    return res[column]


def test_tier_expensive_exhibits_dearer_paintings_than_cheap():
    per_painting = {}
    for tier in ("cheap", "balanced", "expensive"):
        paintings = heuristic_games({"tier": tier}, "pp_paintings")
        exhibited = heuristic_games({"tier": tier}, "paintings_exhibited")
        per_painting[tier] = paintings.sum() / exhibited.sum()
    assert per_painting["cheap"] + 2 < per_painting["balanced"] <= per_painting["expensive"] + 0.5
    assert per_painting["cheap"] + 4 < per_painting["expensive"]


def test_white_tolerance_bounds_the_white_penalty():
    zero = heuristic_games({"white_tolerance": 0}, "pp_white_penalty")
    three = heuristic_games({"white_tolerance": 3}, "pp_white_penalty")
    assert (zero == 0).all()
    assert three.mean() < -1.0


def test_black_signatures_switch():
    assert (heuristic_games({"black_signatures": False}, "pp_signatures") == 0).all()
    assert heuristic_games({"black_signatures": True}, "pp_signatures").mean() > 0.5


HIRE_AND_BLACK = {"hire": "eager", "black_eagerness": "planned"}
OLD_HIRE_AND_BLACK = {"hire": "early", "black_eagerness": "spare"}  # the behaviour before the two parameters existed


@pytest.mark.parametrize("ruleset", ["variant_j", "base"])
def test_hire_and_black_settings_hire_and_sign(ruleset):
    """hire = eager makes hiring a strategy and black_eagerness = planned makes black one: per player, hires and
    black cubes rise far above the old behaviour's (3 players: hires 0.004 and 0.001, black 0.23 and 0.07 under
    variant J and the base game; measured 0.73 and 0.84 hires, 1.09 and 0.41 black)."""
    old_hires = heuristic_games(OLD_HIRE_AND_BLACK, "hires", ruleset=ruleset).mean()
    old_black = heuristic_games(OLD_HIRE_AND_BLACK, "black_cubes", ruleset=ruleset).mean()
    hires = heuristic_games({"hire": "eager"}, "hires", ruleset=ruleset).mean()
    black = heuristic_games({"black_eagerness": "planned"}, "black_cubes", ruleset=ruleset).mean()
    assert old_hires < 0.05 and hires > 0.5, (old_hires, hires)
    assert black > max(0.35, 3 * old_black), (old_black, black)


@pytest.mark.parametrize("ruleset", ["variant_j", "base"])
@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("modules", BASE_CONFIGS)
def test_hire_and_black_settings_never_reach_the_round_cap(ruleset, n, modules):
    """Spec §13.9 for the hire- and black-oriented heuristic, 300 seeds per ruleset, player count and module set."""
    g = game(ruleset=ruleset, n_players=n, **modules)
    seeds = np.arange(1, 301)
    res, _ = play(g, [{"policy": "heuristic", **HIRE_AND_BLACK}] * n, seeds)
    capped = seeds[res["end_reason"][:, 0] == "round_cap"]
    assert len(capped) == 0, f"seeds {capped.tolist()}"


@pytest.mark.parametrize("tool", ["tube", "palette", "brush"])
def test_upgrade_priority_moves_its_track(tool):
    mine = heuristic_games({"upgrades": tool}, f"{tool}_space").mean()
    even = heuristic_games({"upgrades": "even"}, f"{tool}_space").mean()
    assert mine > even + 0.3


def test_heuristic_uses_painter_powers_and_bonus_cards():
    """Free paints, Degas moves and bought cards show up in play: a painter's player places cubes for free and
    the bonus-card module changes the heuristic's games."""
    g = game(n_players=2, module_painters=True)
    choice = resolve_policy(g, {"policy": "heuristic"})
    used = set()
    for seed in range(1, 40):
        state = g.new_initial_state(seed)
        while not state.is_terminal():
            action = state.compiled_action(choice)
            text = state.describe_action(action)
            used.update(w for w in ("free paint", "Degas: move", "Cézanne: upgrade again", "Valadon") if w in text)
            state.apply_action(action)
    assert {"free paint", "Degas: move", "Cézanne: upgrade again", "Valadon"} <= used
    g = game(n_players=2, module_bonus_cards=True)
    choice = resolve_policy(g, {"policy": "heuristic"})
    bought = 0
    for seed in range(1, 40):
        state = g.new_initial_state(seed)
        while not state.is_terminal():
            action = state.compiled_action(choice)
            bought += state.describe_action(action).startswith("buy bonus card")
            state.apply_action(action)
    assert bought > 0


def test_bad_heuristic_parameters_are_named():
    g = game(n_players=2)
    with pytest.raises(ConfigError, match="tier"):
        resolve_policy(g, {"policy": "heuristic", "tier": "pricey"})
    with pytest.raises(ConfigError, match="white_tolerance"):
        resolve_policy(g, {"policy": "heuristic", "white_tolerance": 4})
    with pytest.raises(ConfigError, match="upgrades"):
        resolve_policy(g, {"policy": "heuristic", "upgrades": "easel"})


def test_search_beats_the_heuristic():
    """Seats swapped on every deal; the full measurement (1,000 games, 95% intervals) is in the report."""
    g = game(n_players=2)
    seeds = np.repeat(np.arange(1, 21), 2)
    res, seats = play(g, [{"policy": "search"}, {"policy": "heuristic"}], seeds)
    diff = by_policy(res, seats, "score", 0) - by_policy(res, seats, "score", 1)
    assert diff.mean() > 5
    assert by_policy(res, seats, "win_share", 0).mean() > 0.75


def permute_hidden(rules, rec, p):
    """Change what player p may not see (spec §2.4): reverse the unseen order of the painting deck and the bonus
    deck, re-key both reshuffle streams, and swap the painter tiles the other players returned to the box with
    those never dealt. Returns how many hidden cards moved."""
    moved = 0
    for deck, lo, hi in (("deck", "deck_pos", "deck_size"), ("bonus_deck", None, "bonus_deck_n")):
        lo, hi = int(rec[lo]) if lo else 0, int(rec[hi])
        unseen = rec[deck][lo:hi]
        moved += int((unseen != unseen[::-1]).sum())
        rec[deck][lo:hi] = unseen[::-1].copy()
    for stream in ("paint_rng", "bonus_rng"):
        rec[stream][0] ^= np.uint64(0x5DEECE66D)
    if rules["module_painters"]:
        returned = [(o, k) for o in range(int(rules["n_players"])) for k in range(int(rules["painter_deal"]))
                    if o != p and rec["dealt"][o, k] != rec["painter"][o]]
        dealt = set(rec["dealt"][: int(rules["n_players"]), : int(rules["painter_deal"])].ravel().tolist())
        pool = rules["painter_pool"][: int(rules["n_painter_pool"])]
        hidden = [rec["dealt"][o, k] for o, k in returned] + [t for t in pool if t not in dealt]
        for (o, k), tile in zip(returned, hidden[::-1]):
            moved += int(rec["dealt"][o, k] != tile)
            rec["dealt"][o, k] = tile
    return moved


@pytest.mark.parametrize("ruleset", ["variant_j", "base"])
@pytest.mark.parametrize("modules", MODULES)
def test_search_ignores_hidden_information(ruleset, modules):
    """Every placement the search makes in the first rounds is unchanged when what it may not see changes (the
    unseen order of every hidden deck, the reshuffle streams, the painter tiles returned to the box)."""
    g = game(ruleset=ruleset, n_players=3, **modules)
    search = resolve_policy(g, {"policy": "search"})
    heuristic = resolve_policy(g, {"policy": "heuristic"})
    checked = moved = 0
    for seed in range(1, 4):
        state = g.new_initial_state(seed)
        while not state.is_terminal() and state.record["round"] <= 4:
            if state.record["stage"] != Stage.PLACE or state.current_player != 0:
                state.apply_action(state.compiled_action(heuristic))
                continue
            before = state._arr.copy()
            chosen = state.compiled_action(search)
            after = state._arr.copy()
            state._arr[0] = before[0]
            moved += permute_hidden(state.rules, state._arr[0], 0)
            assert state.compiled_action(search) == chosen, (seed, state.turn)
            state._arr[0] = after[0]
            state.apply_action(chosen)
            checked += 1
    assert checked >= 20
    assert moved > 0


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("modules", BASE_CONFIGS)
def test_heuristic_never_reaches_the_round_cap_in_the_base_game(n, modules):
    """Spec §13.9 for the heuristic under the base ruleset (market, exhibit on completion), 300 seeds per
    configuration (benchmarks/couleurs_round_cap.py checks 20,000)."""
    g = game(ruleset="base", n_players=n, **modules)
    seeds = np.arange(1, 301)
    res, _ = play(g, [{"policy": "heuristic"}] * n, seeds)
    capped = seeds[res["end_reason"][:, 0] == "round_cap"]
    assert len(capped) == 0, f"seeds {capped.tolist()}"
    assert res["rounds"].max() < 25


# spec §13.9 (amended): no strategy policy (every shipped policy but random) may end by the round cap, in either
# ruleset, with any module set, at 2, 3 and 4 players
RULESETS = ["variant_j", "base"]
HEURISTIC_VARIANTS = [*({"tier": t} for t in TIERS if t != "balanced"),
                      *({"upgrades": u} for u in UPGRADES if u != "brush"),
                      {"white_tolerance": 0}, {"white_tolerance": 3}, {"black_signatures": False}]


def assert_never_capped(g, specs, seeds):
    res, _ = play(g, specs, seeds)
    capped = np.asarray(seeds)[res["end_reason"][:, 0] == "round_cap"]
    v = g.rule_values
    assert len(capped) == 0, (f"{g.title}, {g.n_players} players, painters {v['module_painters']}, bonus cards "
                              f"{v['module_bonus_cards']}: {specs} reached the round cap on seeds {capped.tolist()}")


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("modules", MODULES)
def test_heuristic_variants_never_reach_the_round_cap(ruleset, n, modules):
    """Every heuristic parameter value away from the default in every seat, and the value-curve report's mixed
    lineup of the three tiers (seats rotating), over 400 seeds each (the default heuristic: the tests above)."""
    g = game(ruleset=ruleset, n_players=n, **modules)
    seeds = np.arange(1, 401)
    for spec in HEURISTIC_VARIANTS:
        assert_never_capped(g, [{"policy": "heuristic", **spec}] * n, seeds)
    assert_never_capped(g, [{"policy": "heuristic", "tier": t} for t in TIERS], seeds)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_search_never_reaches_the_round_cap(ruleset, n):
    """The search policy in every seat, 5 seeds per module set (it is slow; benchmarks/couleurs_round_cap.py plays
    more)."""
    for modules in MODULES:
        assert_never_capped(game(ruleset=ruleset, n_players=n, **modules), [{"policy": "search"}] * n,
                            np.arange(1, 6))


BASE_STAGES = ("take_painting", "paint_target", "exhibit_which", "use_held")


@pytest.mark.parametrize("n, modules", [(2, BASE_CONFIGS[0]), (3, BASE_CONFIGS[3]), (4, BASE_CONFIGS[4])])
def test_heuristic_decides_the_base_game_stages_itself(n, modules):
    """In the base game's stages the heuristic's own choice is legal (never the first-legal fallback); it holds
    at most two unfinished paintings (unless an imitator copy forces a take); its paint_target is the painting
    closest to completion among those that can take a matching cube."""
    g = game(ruleset="base", n_players=n, **modules)
    choice = resolve_policy(g, {"policy": "heuristic"})
    seen, ws = set(), new_workspace()[0]
    ws["params"] = policy_vector(choice, POLICY_PARAMS, MAX_PARAMS)
    for seed in range(1, 9):
        state, previous = g.new_initial_state(seed), ""
        while not state.is_terminal():
            s, p = state._arr[0], state.current_player
            stage = STAGE_NAMES[int(s["stage"])]
            if stage in BASE_STAGES:
                seen.add(stage)
                action = heuristics.heuristic_choice(state.rules, s, p, ws)
                assert action in state.legal_actions(), (stage, action, state.legal_actions())
                if stage == "paint_target":  # every painting in progress may be offered, even one no cube fits
                    targets = [a - TARGET for a in state.legal_actions() if a >= TARGET]
                    matching = [i for i in targets if heuristics.matching_square(state.rules, s, p, i)] or targets
                    empty = {i: int((s["squares"][p, i] == EMPTY).sum()) for i in matching}
                    assert (action == STOP if not targets else
                            action - TARGET in matching and empty[action - TARGET] == min(empty.values()))
                if stage == "take_painting":  # only a forced copy (imitator) takes a third painting
                    assert unfinished(state.rules, s, p) <= 1 or previous == "copy"
            previous = stage
            state.apply_action(state.compiled_action(choice))
        assert state.end_reason != "round_cap"
    assert {"take_painting", "paint_target"} <= seen
    if modules.get("bonus_card_option") == "B":
        assert "use_held" in seen
