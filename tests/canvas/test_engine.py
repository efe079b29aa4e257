"""Canvas forward model (spec RULES.md §4, §5, §9): setup, market payment, hand limit, painting, turn order,
end of game, final scores, tie-breaks, rule overrides and deck exhaustion, through the step-by-step API."""

import csv
import itertools
from importlib import resources

import numpy as np
import pytest

import simkit
from simkit.core.errors import ConfigError, GameAbortedError
from simkit.games.canvas import score_painting
from simkit.games.canvas.rules.components import SCORING_CONDITIONS
from simkit.games.canvas.engine.scoring import BONUS, painting_ribbons
from canvas_helpers import game, rec, give_hand

FIRST_GAME = ("Composition", "Emphasis", "Repetition", "Variety")
COND = {name: i for i, name in enumerate(SCORING_CONDITIONS)}
NO_CARD = -1


def paint_action(g, positions):
    """The action that paints hand positions `positions` (bottom first)."""
    orders = g.rules.paint_orders.tolist()
    return g.rules["market_size"] + orders.index(list(positions))


def ribbons_of(g, cards, space_mode=0):
    earned = np.zeros(BONUS + 1, np.int8)
    painting_ribbons(g.rules.deck.masks, np.array(cards, np.int64), len(cards), space_mode, earned)
    return earned


def track_points(g, cond, n):
    tracks, lens = g.rules.scoring.tracks, g.rules.scoring.track_len
    n = min(n, int(lens[cond]))
    return 0 if n <= 0 else int(tracks[cond, n - 1])


def find_painting(g, want):
    """First ordered triple of card indices whose earned ribbons satisfy want(earned)."""
    for combo in itertools.permutations(range(20), 3):
        if want(ribbons_of(g, combo)):
            return list(combo)
    raise AssertionError("no such painting among the first 20 cards")


# ---------------------------------------------------------------------------------------------- setup


@pytest.mark.parametrize("n_players", [1, 2, 3, 4, 5])
def test_setup(n_players):
    g = game(n_players=n_players)
    firsts = set()
    decks = set()
    for seed in range(40):
        st = g.new_initial_state(seed)
        deck = rec(st, "deck")[:60]
        assert sorted(deck.tolist()) == list(range(60)), "deck is a permutation of the 60 cards"
        assert int(st.record["deck_size"]) == 60
        assert int(st.record["deck_pos"]) == 5
        assert rec(st, "market")[:5].tolist() == deck[:5].tolist(), "market = first 5 cards of the shuffled deck"
        assert rec(st, "market_tokens")[:5].tolist() == [0] * 5
        assert rec(st, "tokens")[:n_players].tolist() == [4] * n_players
        assert rec(st, "hand_size")[:n_players].tolist() == [0] * n_players
        assert rec(st, "n_paintings")[:n_players].tolist() == [0] * n_players
        assert 0 <= st.current_player < n_players
        assert st.current_player == int(st.record["first_player"])
        assert st.turn == 0 and not st.is_terminal()
        assert int(st.record["vincent_tokens"]) == 0 and int(st.record["reserve"]) == 0
        assert int(st.record["removed"]) == 0
        obs = st.observation(st.current_player)
        assert obs.market == tuple(int(g.rules.deck.ids[c]) for c in deck[:5])
        assert obs.tokens == (4,) * n_players and obs.hand == ()
        assert st.legal_actions() == [0, 1, 2, 3, 4]
        firsts.add(st.current_player)
        decks.add(tuple(deck.tolist()))
    assert firsts == set(range(n_players)), "the first player is random"
    assert len(decks) == 40, "every seed shuffles differently"


def test_setup_is_a_function_of_the_seed():
    g = game(n_players=3)
    a, b = g.new_initial_state(123), g.new_initial_state(123)
    assert rec(a, "deck").tolist() == rec(b, "deck").tolist()
    assert a.current_player == b.current_player


def test_start_tokens_rule():
    g = game(n_players=2, start_tokens=2)
    st = g.new_initial_state(0)
    assert rec(st, "tokens")[:2].tolist() == [2, 2]
    assert st.legal_actions() == [0, 1, 2]
    g0 = game(n_players=2, start_tokens=0)
    assert g0.new_initial_state(0).legal_actions() == [0]


# ---------------------------------------------------------------------------------------- market payment


@pytest.mark.parametrize("slot", [0, 1, 2, 3, 4])
def test_take_slot_pays_one_token_per_skipped_card(slot):
    g = game(n_players=2)
    st = g.new_initial_state(7)
    p = st.current_player
    market = rec(st, "market")[:5].copy()
    deck = rec(st, "deck")
    st.apply_action(slot)
    assert rec(st, "tokens")[p] == 4 - slot
    assert rec(st, "tokens_paid")[p] == slot
    assert rec(st, "hand_size")[p] == 1 and rec(st, "hand")[p, 0] == market[slot]
    assert rec(st, "cards_taken")[p] == 1
    expected_market = [c for i, c in enumerate(market) if i != slot] + [deck[5]]
    assert rec(st, "market")[:5].tolist() == expected_market
    expected_tokens = [1] * slot + [0] * (4 - slot) + [0]
    assert rec(st, "market_tokens")[:5].tolist() == expected_tokens
    assert int(st.record["deck_pos"]) == 6
    assert st.current_player == 1 - p and st.turn == 1


def test_take_collects_tokens_on_card_and_slides_tokens_with_cards():
    g = game(n_players=2)
    st = g.new_initial_state(3)
    p = st.current_player
    st._arr["market_tokens"][0, :5] = [2, 0, 1, 3, 5]
    market = rec(st, "market")[:5].copy()
    nxt = rec(st, "deck")[5]
    st.apply_action(3)  # pay 3 (one on each of slots 1..3), collect the 3 on slot 4
    assert rec(st, "tokens")[p] == 4 - 3 + 3
    assert rec(st, "hand")[p, 0] == market[3]
    assert rec(st, "market")[:5].tolist() == [market[0], market[1], market[2], market[4], nxt]
    assert rec(st, "market_tokens")[:5].tolist() == [3, 1, 2, 5, 0]
    obs = st.observation(1 - p)
    assert obs.market_tokens == (3, 1, 2, 5, 0)
    assert obs.tokens[p] == 4


def test_take_slot_one_is_free_and_collects_its_tokens():
    g = game(n_players=3)
    st = g.new_initial_state(11)
    p = st.current_player
    st._arr["market_tokens"][0, :5] = [4, 1, 0, 0, 0]
    st.apply_action(0)
    assert rec(st, "tokens")[p] == 8
    assert rec(st, "tokens_paid")[p] == 0
    assert rec(st, "market_tokens")[:5].tolist() == [1, 0, 0, 0, 0]


@pytest.mark.parametrize("tokens", [0, 1, 2, 3])
def test_cannot_skip_with_too_few_tokens(tokens):
    g = game(n_players=2)
    st = g.new_initial_state(5)
    p = st.current_player
    st._arr["tokens"][0, p] = tokens
    assert st.legal_actions() == list(range(tokens + 1))
    for slot in range(tokens + 1, 5):
        with pytest.raises(ValueError):
            st.apply_action(slot)
    assert st.turn == 0 and rec(st, "tokens")[p] == tokens, "an illegal action leaves the state untouched"


def test_illegal_action_values_raise():
    st = game(n_players=2).new_initial_state(0)
    for a in (-1, 5, 10, 10_000):  # no paintings with an empty hand, nothing beyond the action space
        with pytest.raises(ValueError):
            st.apply_action(a)


# ------------------------------------------------------------------------------------------- hand limit


def test_full_hand_can_only_paint():
    g = game(n_players=2)
    st = g.new_initial_state(9)
    p = st.current_player
    give_hand(st, p, [10, 11, 12, 13, 14])
    legal = st.legal_actions()
    assert legal == list(range(5, 5 + 60)), "5P3 = 60 ordered paintings and no take"
    for slot in range(5):
        with pytest.raises(ValueError):
            st.apply_action(slot)
    assert all("paint" in d for d in st.observation(p).actions.values())


def test_hand_sizes_and_legal_painting_counts():
    g = game(n_players=2)
    st = g.new_initial_state(9)
    p = st.current_player
    for h, n_paint in [(0, 0), (1, 0), (2, 0), (3, 6), (4, 24)]:
        give_hand(st, p, list(range(20, 20 + h)))
        legal = st.legal_actions()
        assert [a for a in legal if a < 5] == [0, 1, 2, 3, 4]
        assert [a for a in legal if a >= 5] == list(range(5, 5 + n_paint))


def test_painting_needs_three_cards():
    g = game(n_players=2)
    st = g.new_initial_state(9)
    give_hand(st, st.current_player, [20, 21])
    with pytest.raises(ValueError):
        st.apply_action(5)


def test_hand_never_exceeds_limit_when_taking():
    g = game(n_players=1)
    st = g.new_initial_state(2)
    for _ in range(5):
        st.apply_action(0)
    assert rec(st, "hand_size")[0] == 5
    assert all(a >= 5 for a in st.legal_actions())


# --------------------------------------------------------------------------------------------- painting


def test_painting_removes_cards_records_it_and_adds_ribbons():
    g = game(n_players=2)
    st = g.new_initial_state(4)
    p = st.current_player
    hand = [30, 31, 32, 33]
    give_hand(st, p, hand)
    positions = (3, 0, 2)
    stack = [hand[i] for i in positions]
    st.apply_action(paint_action(g, positions))
    assert rec(st, "n_paintings")[p] == 1
    assert rec(st, "paintings")[p, 0, :3].tolist() == stack
    assert rec(st, "hand_size")[p] == 1 and rec(st, "hand")[p, 0] == hand[1]
    ids = [int(g.rules.deck.ids[c]) for c in stack]
    expected = score_painting(ids, FIRST_GAME)
    ribbons = rec(st, "ribbons")[p]
    for name in SCORING_CONDITIONS:
        assert ribbons[COND[name]] == expected.get(name, 0), name
    assert rec(st, "grey")[p] == expected["bonus"]
    assert st.observation(p).paintings[p] == (tuple(ids),)
    assert st.observation(p).hand == (int(g.rules.deck.ids[hand[1]]),)
    # the market is untouched by painting
    assert int(st.record["deck_pos"]) == 5
    assert st.current_player == 1 - p


def test_painting_keeps_order_of_remaining_cards():
    g = game(n_players=2)
    st = g.new_initial_state(4)
    p = st.current_player
    hand = [40, 41, 42, 43, 44]
    give_hand(st, p, hand)
    st.apply_action(paint_action(g, (4, 1, 2)))
    assert rec(st, "hand")[p, :2].tolist() == [40, 43]


def test_ribbons_accumulate_over_paintings_and_match_scoring():
    g = game(n_players=1)
    st = g.new_initial_state(1)
    stacks = [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    total = np.zeros(BONUS + 1, int)
    for stack in stacks:
        give_hand(st, 0, stack)
        st.apply_action(paint_action(g, (0, 1, 2)))
        total += ribbons_of(g, stack)
    ribbons = rec(st, "ribbons")[0]
    lens = g.rules.scoring.track_len
    for name in FIRST_GAME:
        c = COND[name]
        assert ribbons[c] == min(total[c], lens[c])
    assert rec(st, "grey")[0] == total[BONUS]
    assert st.is_terminal()


def test_ribbons_are_capped_at_track_length_and_excess_is_lost():
    g = game(n_players=2)
    rep = COND["Repetition"]
    stack = find_painting(g, lambda e: e[rep] == 2)
    st = g.new_initial_state(4)
    p = st.current_player
    st._arr["ribbons"][0, p, rep] = 3  # Repetition track 3, 7, 11, 16 (length 4)
    give_hand(st, p, stack)
    st.apply_action(paint_action(g, (0, 1, 2)))
    assert rec(st, "ribbons")[p, rep] == 4
    assert rec(st, "painting_ribbons")[p, 0, rep] == 2, "the painting record keeps the ribbons as earned"
    assert st.scores()[p] >= 16


def test_best_painting_ribbons_counts_ribbons_obtained_after_the_cap():
    """The achievement '7+ ribbons from one painting' (spec §8) counts ribbons obtained: those lost to a full
    track (spec §3) do not count."""
    g = game(n_players=1, paintings_per_player=1, scoring_cards=["Movement", "Proximity", "Space", "Symmetry"])
    stack = [g.rules.deck.index_of(c) for c in (9, 24, 54)]  # bottom to top
    earned = ribbons_of(g, stack)
    space, length = COND["Space"], int(g.rules.scoring.track_len[COND["Space"]])
    in_play = [COND[n] for n in ("Movement", "Proximity", "Space", "Symmetry")]
    uncapped = int(earned[in_play].sum() + earned[BONUS])
    assert uncapped >= 7 and earned[space] == length, "the painting alone fills the Space track"
    st = g.new_initial_state(4)
    st._arr["ribbons"][0, 0, space] = length - 2  # two Space ribbons left to gain
    give_hand(st, 0, stack)
    st.apply_action(paint_action(g, (0, 1, 2)))
    assert st.is_terminal()
    assert rec(st, "ribbons")[0, space] == length
    obtained = uncapped - (length - 2)
    assert obtained < 7
    assert g.record_result(st)["best_painting_ribbons"][0, 0] == obtained


def test_grey_ribbons_are_not_capped():
    g = game(n_players=2)
    stack = find_painting(g, lambda e: e[BONUS] >= 2)
    st = g.new_initial_state(4)
    p = st.current_player
    st._arr["grey"][0, p] = 50
    give_hand(st, p, stack)
    st.apply_action(paint_action(g, (0, 1, 2)))
    assert rec(st, "grey")[p] == 50 + ribbons_of(g, stack)[BONUS]


def test_cap_ribbons_at_track_false_keeps_excess_but_points_stop_at_track_end():
    g = game(n_players=2, cap_ribbons_at_track=False)
    rep = COND["Repetition"]
    stack = find_painting(g, lambda e: e[rep] == 2 and e[BONUS] == 0)
    st = g.new_initial_state(4)
    p = st.current_player
    st._arr["ribbons"][0, p, rep] = 3
    give_hand(st, p, stack)
    st.apply_action(paint_action(g, (0, 1, 2)))
    assert rec(st, "ribbons")[p, rep] == 5
    earned = ribbons_of(g, stack)
    expected = sum(track_points(g, COND[n], earned[COND[n]] + (3 if n == "Repetition" else 0)) for n in FIRST_GAME)
    assert st.scores()[p] == expected


# ---------------------------------------------------------------------------------- turn order and the end


def test_turns_go_clockwise_from_first_player():
    g = game(n_players=4)
    st = g.new_initial_state(17)
    fp = st.current_player
    for i in range(8):
        assert st.current_player == (fp + i) % 4
        st.apply_action(0)
    assert rec(st, "turns")[:4].tolist() == [2, 2, 2, 2]


def test_player_with_all_paintings_is_skipped():
    g = game(n_players=3)
    st = g.new_initial_state(21)
    fp = st.current_player
    done = (fp + 1) % 3
    st._arr["n_paintings"][0, done] = 3
    for i in range(6):
        assert st.current_player != done
        st.apply_action(0)
    assert rec(st, "turns")[done] == 0
    assert rec(st, "turns")[fp] == 3 and rec(st, "turns")[(fp + 2) % 3] == 3


def test_a_player_alone_keeps_playing_until_done():
    g = game(n_players=2)
    st = g.new_initial_state(21)
    p = st.current_player
    st._arr["n_paintings"][0, 1 - p] = 3
    for _ in range(4):
        st.apply_action(0)
        assert st.current_player == p and not st.is_terminal()


def test_game_ends_when_everyone_has_three_paintings():
    g = game(n_players=2)
    st = g.new_initial_state(8)
    p = st.current_player
    st._arr["n_paintings"][0, p] = 2
    st._arr["n_paintings"][0, 1 - p] = 2
    give_hand(st, p, [1, 2, 3])
    st.apply_action(5)
    assert not st.is_terminal(), "the other player still paints"
    assert st.current_player == 1 - p
    give_hand(st, 1 - p, [4, 5, 6])
    st.apply_action(5)
    assert st.is_terminal()
    assert st.legal_actions() == []
    with pytest.raises(ValueError):
        st.apply_action(0)


@pytest.mark.parametrize("n_players", [1, 2, 3, 4, 5])
def test_random_games_end_with_three_paintings_each(n_players):
    g = game(n_players=n_players)
    rng = np.random.default_rng(n_players)
    for seed in range(5):
        st = g.new_initial_state(seed)
        while not st.is_terminal():
            assert rec(st, "n_paintings")[st.current_player] < 3
            st.apply_action(int(rng.choice(st.legal_actions())))
        assert rec(st, "n_paintings")[:n_players].tolist() == [3] * n_players
        assert st.turn == rec(st, "turns")[:n_players].sum() <= n_players * 14


# ------------------------------------------------------------------------------------------ final score


def test_rulebook_scoring_example():
    # spec §3.2: Variety 2, Repetition 3, Emphasis 1, Composition 2 and 3 grey = 8 + 11 + 1 + 3 + 6 = 29
    g = game(n_players=2)
    st = g.new_initial_state(0)
    for name, n in [("Variety", 2), ("Repetition", 3), ("Emphasis", 1), ("Composition", 2)]:
        st._arr["ribbons"][0, 0, COND[name]] = n
    st._arr["grey"][0, 0] = 3
    assert st.scores().tolist() == [29, 0]


def test_final_score_is_track_points_plus_two_per_grey():
    g = game(n_players=3, scoring_cards=["Proximity", "Space", "Symmetry", "Style"])
    rng = np.random.default_rng(0)
    lens = g.rules.scoring.track_len
    for _ in range(20):
        st = g.new_initial_state(int(rng.integers(1000)))
        expected = []
        for p in range(3):
            total = 0
            for name in ["Proximity", "Space", "Symmetry", "Style"]:
                n = int(rng.integers(0, lens[COND[name]] + 1))
                st._arr["ribbons"][0, p, COND[name]] = n
                total += track_points(g, COND[name], n)
            # ribbons of cards not in play do not score
            st._arr["ribbons"][0, p, COND["Variety"]] = 2
            grey = int(rng.integers(0, 9))
            st._arr["grey"][0, p] = grey
            expected.append(total + 2 * grey)
        assert st.scores().tolist() == expected


def test_scores_of_finished_random_game_follow_the_formula():
    g = game(n_players=4)
    rng = np.random.default_rng(1)
    st = g.new_initial_state(99)
    while not st.is_terminal():
        st.apply_action(int(rng.choice(st.legal_actions())))
    for p in range(4):
        expected = 2 * int(rec(st, "grey")[p]) + sum(track_points(g, COND[n], int(rec(st, "ribbons")[p, COND[n]]))
                                                     for n in FIRST_GAME)
        assert st.scores()[p] == expected


# ------------------------------------------------------------------------------------------- tie-breaks


def _tied_state(g, tokens):
    st = g.new_initial_state(0)
    n = g.n_players
    for p in range(n):
        st._arr["ribbons"][0, p, COND["Variety"]] = 2
    st._arr["tokens"][0, :n] = tokens
    return st


def test_tie_broken_by_more_tokens():
    st = _tied_state(game(n_players=2), [1, 3])
    assert st.scores()[0] == st.scores()[1]
    assert st.ranks().tolist() == [2, 1]
    assert st.win_shares().tolist() == [0.0, 1.0]


def test_tie_with_equal_tokens_is_a_shared_win():
    st = _tied_state(game(n_players=2), [2, 2])
    assert st.ranks().tolist() == [1, 1]
    assert st.win_shares().tolist() == [0.5, 0.5]


def test_three_way_ranks_with_partial_tie():
    g = game(n_players=3)
    st = _tied_state(g, [2, 2, 5])
    st._arr["ribbons"][0, 2, COND["Variety"]] = 1  # lower score, tokens don't matter
    assert st.ranks().tolist() == [1, 1, 3]
    assert st.win_shares().tolist() == [0.5, 0.5, 0.0]
    st._arr["tokens"][0, :3] = [0, 3, 9]
    assert st.ranks().tolist() == [2, 1, 3]
    assert st.win_shares().tolist() == [0.0, 1.0, 0.0]


def test_higher_score_beats_more_tokens():
    st = _tied_state(game(n_players=2), [0, 9])
    st._arr["grey"][0, 0] = 1
    assert st.ranks().tolist() == [1, 2]
    assert st.win_shares().tolist() == [1.0, 0.0]


def test_tie_break_shared_ignores_tokens():
    st = _tied_state(game(n_players=3, tie_break="shared"), [0, 3, 4])
    assert st.ranks().tolist() == [1, 1, 1]
    assert np.allclose(st.win_shares(), [1 / 3] * 3)


# -------------------------------------------------------------------------------------------- overrides


def test_bonus_ribbon_points_override():
    g = game(n_players=2, bonus_ribbon_points=3)
    st = g.new_initial_state(0)
    st._arr["grey"][0, :2] = [3, 1]
    st._arr["ribbons"][0, 1, COND["Composition"]] = 3
    assert st.scores().tolist() == [9, 3 + 9]


def test_hand_limit_override():
    g = game(n_players=2, hand_limit=4)
    st = g.new_initial_state(0)
    p = st.current_player
    give_hand(st, p, [1, 2, 3, 4])
    assert st.legal_actions() == list(range(5, 5 + 24))
    g6 = game(n_players=2, hand_limit=6)
    st = g6.new_initial_state(0)
    p = st.current_player
    give_hand(st, p, [1, 2, 3, 4, 5])
    assert st.legal_actions()[:5] == [0, 1, 2, 3, 4] and len(st.legal_actions()) == 5 + 60
    st.apply_action(0)
    assert rec(st, "hand_size")[p] == 6
    give_hand(st, p, [1, 2, 3, 4, 5, 6])
    st._arr["current"][0] = p
    assert st.legal_actions() == list(range(5, 5 + 120))


def test_market_size_override():
    g = game(n_players=2, market_size=3)
    st = g.new_initial_state(6)
    p = st.current_player
    deck = rec(st, "deck")
    assert rec(st, "market")[:3].tolist() == deck[:3].tolist()
    assert int(st.record["deck_pos"]) == 3
    assert st.legal_actions() == [0, 1, 2]
    assert len(st.observation(p).market) == 3
    st.apply_action(2)
    assert rec(st, "tokens")[p] == 2
    assert rec(st, "market")[:3].tolist() == [deck[0], deck[1], deck[3]]
    assert rec(st, "market_tokens")[:3].tolist() == [1, 1, 0]
    q = st.current_player
    give_hand(st, q, [40, 41, 42])
    assert st.legal_actions() == [0, 1, 2, 3, 4, 5, 6, 7, 8]
    st.apply_action(3)  # first painting order: positions 0, 1, 2
    assert rec(st, "paintings")[q, 0, :3].tolist() == [40, 41, 42]


def test_paintings_per_player_override():
    g = game(n_players=3, paintings_per_player=2)
    rng = np.random.default_rng(2)
    for seed in range(5):
        st = g.new_initial_state(seed)
        while not st.is_terminal():
            st.apply_action(int(rng.choice(st.legal_actions())))
        assert rec(st, "n_paintings")[:3].tolist() == [2, 2, 2]
        assert st.turn <= 3 * (2 * 4 + 2)


def test_cards_per_painting_override():
    g = game(n_players=2, cards_per_painting=4)
    st = g.new_initial_state(0)
    p = st.current_player
    give_hand(st, p, [1, 2, 3])
    assert st.legal_actions() == [0, 1, 2, 3, 4]
    give_hand(st, p, [1, 2, 3, 4])
    assert len(st.legal_actions()) == 5 + 24
    st.apply_action(5)
    assert rec(st, "hand_size")[p] == 0
    assert rec(st, "paintings")[p, 0, :4].tolist() == [1, 2, 3, 4]


@pytest.mark.parametrize("count", [1, 3, 4, 12])
def test_random_scoring_cards_rule(count):
    """spec §7: a scenario may use N scoring cards drawn at random ('random N', as in the shipped scenario files
    scenarios/canvas/relaxed.toml and standard-random.toml)."""
    g = simkit.make("canvas", {"n_players": 2, "scoring_cards": f"random {count}"})
    drawn = set()
    for seed in range(30):
        st = g.new_initial_state(seed)
        assert len(st.scoring) == count == len(set(st.scoring))
        assert list(st.scoring) == sorted(st.scoring)
        assert st.scoring == g.scoring_of(seed), "the scoring cards are a function of the seed"
        assert st.observation(0).scoring_cards == tuple(SCORING_CONDITIONS[c] for c in st.scoring)
        drawn.add(st.scoring)
    if count == 12:
        assert drawn == {tuple(range(12))}
    else:
        assert len(drawn) > 1, "different seeds draw different scoring cards"


@pytest.mark.parametrize("key, value", [
    ("n_players", 0), ("n_players", 6), ("hand_limit", 1), ("market_size", 0), ("solo_mode", "bogus"),
    ("tie_break", "coin"), ("vincent_flip_p", 1.5), ("space_scoring", "x"), ("scoring_cards", ["Nope"]),
    ("scoring_cards", "random 13"), ("n_players", "two"), ("cap_ribbons_at_track", 1), ("no_such_rule", 1),
])
def test_invalid_rule_values_name_the_key(key, value):
    with pytest.raises(ConfigError) as err:
        simkit.make("canvas", {key: value})
    assert err.value.key == key
    assert key in str(err.value)


def test_cards_per_painting_above_hand_limit_is_rejected():
    with pytest.raises(ConfigError) as err:
        simkit.make("canvas", {"hand_limit": 3, "cards_per_painting": 4})
    assert err.value.key == "cards_per_painting"


# ------------------------------------------------------------------------------------------ deck exhaustion


def test_exhausted_deck_fails_loudly_when_forced():
    g = game(n_players=2)
    st = g.new_initial_state(0)
    st._arr["deck_pos"][0] = 60
    with pytest.raises(GameAbortedError, match="deck"):
        st.apply_action(0)
    assert st.is_terminal()
    assert st.legal_actions() == []


def test_last_card_of_deck_can_still_be_drawn():
    g = game(n_players=2)
    st = g.new_initial_state(0)
    st._arr["deck_pos"][0] = 59
    last = rec(st, "deck")[59]
    st.apply_action(0)
    assert rec(st, "market")[4] == last and not st.is_terminal()
    with pytest.raises(GameAbortedError):
        st.apply_action(0)


@pytest.fixture(scope="module")
def small_deck(tmp_path_factory):
    src = resources.files("simkit.games.canvas.data").joinpath("art_cards.csv")
    with src.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    path = tmp_path_factory.mktemp("deck") / "ten_cards.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows[:11])
    return str(path)


@pytest.fixture
def unchecked_rules(monkeypatch):
    """Skip the ruleset's deck-size check, to reach the engine's own guard."""
    from simkit.games.canvas.rules.ruleset import CanvasRules
    monkeypatch.setattr(CanvasRules, "_check_consistency", lambda self, source, prefix: None)


def test_small_replacement_deck_runs_out_loudly(small_deck, unchecked_rules):
    g = simkit.make("canvas", {"n_players": 1, "art_cards_file": small_deck})
    assert len(g.rules.deck) == 10
    st = g.new_initial_state(0)
    assert sorted(rec(st, "deck")[:10].tolist()) == list(range(10))
    with pytest.raises(GameAbortedError, match=r"seed 0 .*deck"):
        while True:
            st.apply_action(st.legal_actions()[0])
    assert st.is_terminal()


@pytest.mark.slow  # compiles the batch loop for a deck of another size (about 45 s)
def test_small_replacement_deck_runs_out_loudly_in_batch(small_deck, unchecked_rules):
    from simkit.core.policy import resolve_policy
    g = simkit.make("canvas", {"n_players": 1, "art_cards_file": small_deck})
    choice = resolve_policy(g, {"policy": "random"})
    with pytest.raises(GameAbortedError, match="deck"):
        g.play_batch(np.arange(3, dtype=np.uint64), [choice], np.zeros((3, 1), np.int64))


def test_rules_that_could_run_the_deck_out_are_rejected(small_deck):
    with pytest.raises(ConfigError, match="up to 16 Art cards"):
        simkit.make("canvas", {"n_players": 1, "art_cards_file": small_deck})
    with pytest.raises(ConfigError, match="up to 73 Art cards"):
        simkit.make("canvas", {"n_players": 4, "paintings_per_player": 5})
    assert simkit.make("canvas", {"n_players": 5}).rules.most_cards_used() == 60  # the rulebook's bound


def test_deck_too_small_for_market_and_hands_is_a_config_error(small_deck):
    with pytest.raises(ConfigError) as err:
        simkit.make("canvas", {"n_players": 2, "art_cards_file": small_deck})
    assert err.value.key == "n_players"
