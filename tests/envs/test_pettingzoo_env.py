"""The PettingZoo environments (simkit.envs): PettingZoo's own API and seed tests for every registered game, whole
games to the end, the observation holding no hidden information, and clear errors for bad input."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from pettingzoo.test import api_test, seed_test  # the RL extra (in the test extra): missing, this fails

from simkit.core.errors import ConfigError
from simkit.core.game import game_ids
from simkit.envs import pettingzoo_env
from simkit.envs.observation import encode, observation_writer
from simkit.games.atelier.engine.supply import recount_derived

# api_test's advice for the dict observation PettingZoo's own classic games use (it lists them by name)
pytestmark = pytest.mark.filterwarnings("ignore:Observation is not a NumPy array",
                                        "ignore:Observation space for each agent probably should be")
CYCLES = 12  # PettingZoo's api and seed tests: a few rounds of every game, well short of its end
LONG_GAMES = {"couleurs", "ink"}  # a whole random 2-player game takes over 4 s: slow suite


@pytest.mark.parametrize("game_id", game_ids())
def test_pettingzoo_api_test_passes(game_id):
    api_test(pettingzoo_env(game_id, render_mode="ansi"), num_cycles=CYCLES)


@pytest.mark.parametrize("game_id", game_ids())
def test_pettingzoo_seed_test_passes(game_id):
    seed_test(lambda: pettingzoo_env(game_id), num_cycles=CYCLES)


def random_game(env, seed: int) -> dict[str, float]:
    """Play one game with uniform random legal actions to the end; each agent's reward when it was done."""
    rng = np.random.default_rng([seed, 1])
    env.reset(seed=seed)
    final = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            assert not observation["action_mask"].any()  # a finished game has no legal action
            env.step(None)
        else:
            assert reward == 0.0  # nothing before the end
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return final


@pytest.mark.parametrize("game_id", [pytest.param(g, marks=pytest.mark.slow) if g in LONG_GAMES else g
                                     for g in game_ids()])
def test_a_whole_game_ends_with_every_agent_done_and_rewarded_its_win_share(game_id):
    env = pettingzoo_env(game_id, n_players=2)
    final = random_game(env, seed=3)
    shares = env.game_state.win_shares()
    assert env.agents == [] and env.game_state.is_terminal()
    assert final == {agent: pytest.approx(float(shares[p])) for p, agent in enumerate(env.possible_agents)}
    assert sum(final.values()) == pytest.approx(1.0)


def test_the_same_seed_replays_the_same_games_and_another_seed_other_games():
    env = pettingzoo_env("canvas")
    first = [random_game(env, seed) for seed in (4, 5)]
    scores = env.game_state.scores()
    assert [random_game(env, seed) for seed in (4, 5)] == first and (env.game_state.scores() == scores).all()
    env.reset(seed=4)
    seed_4 = env.game_state.seed
    env.reset()  # unseeded resets go on from the last seed: the next game is new, and reproducible
    after_4 = env.game_state.seed
    env.reset(seed=4)
    env.reset()
    assert env.game_state.seed == after_4 != seed_4


def test_only_the_acting_player_has_legal_actions_in_its_mask():
    env = pettingzoo_env("canvas")
    env.reset(seed=1)
    acting = env.agent_selection
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        expected = sorted(env.game_state.legal_actions()) if agent == acting else []
        assert np.flatnonzero(mask).tolist() == expected


def test_ansi_render_names_the_last_move_and_the_scores():
    env = pettingzoo_env("canvas", render_mode="ansi")
    env.reset(seed=2)
    action = env.game_state.legal_actions()[0]
    text = env.game_state.describe_action(action)
    env.step(action)
    assert env.render().startswith(f"player_{(env.game_state.current_player - 1) % env.num_agents}: {text}")
    assert "scores player_0=" in env.render()
    assert pettingzoo_env("canvas").render() is None


def test_an_illegal_action_is_refused_with_the_legal_ones():
    env = pettingzoo_env("canvas")
    env.reset(seed=1)
    illegal = next(a for a in range(env.game.num_distinct_actions) if not env.game_state.is_legal(a))
    with pytest.raises(ValueError, match=f"illegal action {illegal}"):
        env.step(illegal)


def test_bad_game_rule_and_render_mode_give_clear_config_errors():
    with pytest.raises(ConfigError, match="unknown game 'chess'; known: .*canvas"):
        pettingzoo_env("chess")
    with pytest.raises(ConfigError, match="n_playerz"):
        pettingzoo_env("canvas", n_playerz=3)
    with pytest.raises(ConfigError, match="n_players"):
        pettingzoo_env("canvas", n_players=9)
    with pytest.raises(ConfigError, match="render_mode.*'human'"):
        pettingzoo_env("canvas", render_mode="human")


# ---- hidden information ------------------------------------------------------------------------------------------
# For each game: rules that deal hidden information, and a change of a copy of the state's record to another state
# the acting player cannot tell apart (the order of undrawn cards, other players' private cards). It returns
# whether it changed anything (not every state has something to change).

def roll(values) -> bool:
    """Rotate a stretch of distinct components by one place (so at least two change place)."""
    if len(values) < 2:
        return False
    values[:] = np.roll(values.copy(), 1)
    return True


def swap_rows(array, p: int, q: int) -> bool:
    if (array[p] == array[q]).all():
        return False
    array[[p, q]] = array[[q, p]]
    return True


def others(s, player: int, n: int) -> list[int]:
    return [q for q in range(n) if q != player]


def canvas_unseen(state, player) -> bool:
    s = state.record
    return roll(s["deck"][s["deck_pos"]: s["deck_size"]])


def couleurs_unseen(state, player) -> bool:
    s = state.record
    changed = roll(s["deck"][s["deck_pos"]: s["deck_size"]]) | roll(s["bonus_deck"][: s["bonus_deck_n"]])
    a, b = others(s, player, state.game.n_players)[:2]
    if s["hand_n"][a] == s["hand_n"][b]:  # the other players' draft hands
        changed |= swap_rows(s["hand"], a, b)
    return changed | swap_rows(s["dealt"], a, b)  # their dealt painter tiles


def atelier_unseen(state, player) -> bool:
    s, r = state.record, state.rules
    changed = roll(s["order"][s["deck_pos"]: r["n_paintings"]])
    a, b = others(s, player, state.game.n_players)[:2]
    changed |= swap_rows(s["dealt"], a, b)
    held = np.flatnonzero(s["patron_owner"] == a)
    if len(held) and s["patron_top"] < s["patron_end"]:  # another player's patron and the top of the patron deck
        top = s["patron_order"][s["patron_top"]]
        s["patron_owner"][held[0]], s["patron_owner"][top] = -1, a
        s["patron_order"][s["patron_top"]] = held[0]
        recount_derived(r, s)  # the owners' derived holdings follow
        changed = True
    return changed


def ink_unseen(state, player) -> bool:
    s, r = state.record, state.rules
    return roll(s["bag_order"][s["bag_pos"]: r["n_tiles"]]) | roll(s["x_bag"][s["x_bag_pos"]: s["x_bag_n"]])


HIDDEN = {
    "canvas": ({"n_players": 3}, canvas_unseen),
    "couleurs": ({"n_players": 4, "module_bonus_cards": True, "module_painters": True}, couleurs_unseen),
    "atelier": ({"n_players": 3}, atelier_unseen),
    "ink": ({"n_players": 3}, ink_unseen),
}


def copy_of(state):
    twin = state.game.new_initial_state(state.seed)
    for name in state.record.dtype.names:
        twin.record[name] = state.record[name]
    return twin


@pytest.mark.parametrize("game_id", game_ids())
def test_the_observation_is_the_same_whatever_the_hidden_information(game_id):
    assert game_id in HIDDEN, f"say above how {game_id}'s hidden information can change (HIDDEN)"
    rules, vary = HIDDEN[game_id]
    env = pettingzoo_env(game_id, **rules)
    write = observation_writer(env.game)
    rng = np.random.default_rng(7)
    env.reset(seed=7)
    varied = 0
    for _ in range(80):
        state, player = env.game_state, env.game_state.current_player
        twin = copy_of(state)
        if vary(twin, player):
            assert twin.record.tobytes() != state.record.tobytes()
            assert np.array_equal(encode(env.game, write, twin, player), env.observe(env.agent_selection)
                                  ["observation"])
            varied += 1
        env.step(int(rng.choice(state.legal_actions())))
        if state.is_terminal():
            break
    assert varied >= 20


def test_the_observation_changes_with_what_the_player_sees():
    """The counterpart of the test above: a public change (a card taken from the market) changes the vector."""
    env = pettingzoo_env("canvas")
    env.reset(seed=1)
    player = env.agent_selection
    before = env.observe(player)["observation"]
    env.step(0)  # take the first market card
    assert not np.array_equal(env.observe(player)["observation"], before)


def test_without_pettingzoo_the_error_says_which_extra_to_install(monkeypatch):
    monkeypatch.delitem(sys.modules, "simkit.envs.aec", raising=False)
    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # import pettingzoo now fails
    with pytest.raises(ImportError, match=r"pip install 'simkit\[rl\]'"):
        pettingzoo_env("canvas")
