"""Shared helpers for the Couleurs de Paris tests: games, positions set up by hand, invariant checks."""

import numpy as np

from simkit.core.policy import resolve_policy
from simkit.games.couleurs.engine import transitions as engine
from simkit.games.couleurs.rules.components import LOWER_ACTIONS
from simkit.games.couleurs.game import CouleursGame
from simkit.games.couleurs.engine.state import Stage

_GAMES = {}
# the fields the engine keeps as others change (state.py)
DERIVED = ("slot_action", "occupants", "slot_up", "standing_at", "lower_at", "filled", "n_whites", "n_blacks",
           "to_fill")


def game(**rules) -> CouleursGame:
    key = repr(sorted(rules.items()))
    if key not in _GAMES:
        _GAMES[key] = CouleursGame(rules)
    return _GAMES[key]


def random_choice(g):
    return resolve_policy(g, {"policy": "random"})


def field(state, name):
    """A writable view of one record field (arrays), for setting up positions."""
    return state._arr[name][0]


def setf(state, name, value):
    state._arr[name][0] = value


def recount(state):
    """After the board, the paintings or the rotation were written by hand: the fields the engine keeps as those
    change (state.py) follow."""
    engine.recount_derived(state.rules, state._arr[0])


def after_setup(n=2, seed=1, **rules):
    """A state at the first placement of round 1 (draft and active choices made by taking the first option)."""
    st = game(n_players=n, **rules).new_initial_state(seed)
    while st.record["stage"] != Stage.PLACE:
        st.apply_action(st.legal_actions()[0])
    return st


def slot_of(state, action_name):
    """The lower slot facing `action_name` this round."""
    rec = state.record
    rules = state.rules
    for j in range(int(rules["n_sectors"])):
        if LOWER_ACTIONS[engine.action_of_slot(rules, rec, j)] == action_name:
            return j
    raise AssertionError(action_name)


def turn_position(state, p=0, slots=(), extra_whites=1):
    """Phase 2, player p to act, with standing assistants of p on `slots` (and `extra_whites` on whites so the
    turn comes back to p); nobody else has anything on the board."""
    for name in ("lower", "lower_standing"):
        field(state, name)[:] = 0
    field(state, "upper_owner")[:] = -1
    field(state, "upper_standing")[:] = 0
    field(state, "whites_on")[:] = 0
    field(state, "whites_standing")[:] = 0
    field(state, "to_place")[:] = 0
    for j in slots:
        field(state, "lower")[p, j] += 1
        field(state, "lower_standing")[p, j] += 1
    field(state, "whites_on")[p] = extra_whites
    field(state, "whites_standing")[p] = extra_whites
    setf(state, "stage", Stage.TURN)
    setf(state, "current", p)
    setf(state, "b_phase", 0)  # a fresh turn (option B)
    recount(state)
    sync_gained(state)


def sync_gained(state):
    """After cubes were set by hand: count them as gained (keeps the conservation invariant meaningful)."""
    rec = state._arr[0]
    rules = state.rules
    n = int(rules["n_players"])
    rec["gained"][:] = rec["returned"] + held(rec, n)
    rec["supply"][7] = state.game.rules.values["black_cubes_by_players"][str(n)] - held(rec, n)[7]
    if not rules["unlimited_supply"]:  # limited supply: the box holds what the players do not
        rec["supply"][:7] = np.array(state.game.rules.colour_vector("supply_counts"))[:7] - held(rec, n)[:7]


def held(rec, n):
    """Cubes per colour held by all players: reserves plus every painting."""
    out = rec["reserve"][:n].sum(axis=0).astype(np.int64)
    for p in range(n):
        if rec["gauguin_colour"][p] >= 0:  # his marker cube
            out[rec["gauguin_colour"][p]] += 1
        for i in range(int(rec["n_kept"][p])):
            for c in rec["squares"][p, i]:
                if c >= 0:
                    out[c] += 1
    return out


def check_invariants(state, prev=None):
    """Spec §13 invariants 1-6 and 8 on the current record (prev: the record before the last transition)."""
    rec = state.record
    rules = state.rules
    g = state.game
    n = g.n_players
    v = g.rules.values
    # 1. pigment conservation
    h = held(rec, n)
    assert np.array_equal(rec["gained"] - rec["returned"], h), (rec["gained"] - rec["returned"], h)
    assert rec["reserve"][:n].min() >= 0
    black_total = int(v["black_cubes_by_players"][str(n)])
    assert rec["supply"][7] + h[7] == black_total and rec["supply"][7] >= 0
    if not v["unlimited_supply"]:
        counts = g.rules.colour_vector("supply_counts")
        for c in range(7):
            assert rec["supply"][c] + h[c] == counts[c] and rec["supply"][c] >= 0
    # 2. assistants
    owned = rec["owned"][:n]
    assert np.array_equal(owned, v["start_assistants"] + rec["hires"][:n])
    assert (owned >= v["start_assistants"]).all() and (owned <= v["max_assistants"]).all()
    assert np.array_equal(rec["hires"][:n], (rec["token_kind"][:n] == 2).sum(axis=1))
    S = int(rules["n_sectors"])
    on_board = (rec["lower"][:n, :S].sum(axis=1) + rec["whites_on"][:n]
                + np.array([(rec["upper_owner"][:3] == p).sum() for p in range(n)]))
    assert (on_board + rec["to_place"][:n] <= owned).all()
    if prev is not None:  # hand-made test positions may put assistants anywhere; played games may not
        occ = rec["lower"][:n, :S].sum(axis=0)
        assert (occ <= rules["cap"][:S]).all()
    assert (rec["lower_standing"][:n, :S] <= rec["lower"][:n, :S]).all()
    if rec["upper_owner"][0] >= 0 and rec["stage"] == Stage.PLACE:
        assert rec["upper_owner"][0] != rec["first_player"]
    # 3. paintings
    for p in range(n):
        kept = int(rec["n_kept"][p])
        states = rec["card_state"][p, :kept]
        if rec["setup_done"] and v["painting_mode"] == "draft":
            assert kept == v["draft_hand_size"]
            assert (states == 1).sum() <= v["active_painting_limit"]
        if v["painting_mode"] == "market" and v["active_painting_limit"] > 0:
            assert ((states == 1) & (rec["complete"][p, :kept] == 0)).sum() <= v["active_painting_limit"]
        for i in range(kept):
            sq = rec["squares"][p, i]
            card = rec["cards"][p, i]
            assert (sq == 6).sum() <= v["max_whites_per_painting"] and (sq == 7).sum() <= v["max_blacks_per_painting"]
            wrong = sum(1 for q in range(9) if 0 <= sq[q] < 6 and sq[q] != rules["card_grid"][card, q])
            assert wrong <= (2 if rec["painter"][p] == 6 else 0)  # Toulouse-Lautrec
            degas_pending = (rec["stage"] in (Stage.DEGAS, Stage.NEW_ACTIVE, Stage.PAINT_TARGET)
                             and rec["degas_src"] == i)
            if states[i] == 2 and not (degas_pending and p == rec["current"]):
                assert rec["complete"][p, i] and not ((sq >= 0) & (sq < 6)).any()
    if v["painting_mode"] == "market":
        check_painting_cards(rules, rec, n)
    # 5. tracks and tokens
    assert (rec["space"][:n] >= 1).all() and (rec["space"][:n] <= rules["track_len"][None, :]).all()
    for p in range(n):
        for t in range(3):
            last = rec["space"][p, t] == rules["track_len"][t]
            assert (rec["token"][p, t] == v["track_end_points"]) == bool(last)
            assert rec["token"][p, t] in (0, v["track_bonus_points"], v["track_end_points"])
    if prev is not None:
        assert (rec["space"] >= prev["space"]).all()
        # 4. reserve limit after Phase 3
        if rec["round"] > prev["round"]:
            limits = [v["van_gogh_pigment_limit"] if rec["painter"][p] == 7 else v["pigment_limit"] for p in range(n)]
            assert (rec["reserve"][:n, :7].sum(axis=1) <= limits).all()
            # between rounds: at most one assistant per player on the board, on the lower board
            assert (rec["lower"][:n, :S].sum(axis=1) <= 1).all() and (rec["whites_on"][:n] == 0).all()
            assert (rec["upper_owner"] == -1).all()
        # 6. wheel
        assert rec["rotation"] >= prev["rotation"]
        assert rec["round"] >= prev["round"]
        if rec["round"] > prev["round"]:
            step = rec["rotation"] - prev["rotation"]
            assert step == v["rotation_per_round"] or step in v["rotate_options"]
    if v["half_turn_rule"] == "landmark" and not v["wheel_file"] and not v["slots_file"]:
        assert rec["half_turns"] == rec["rotation"] // 6
    # 7. bonus cards (Option A: never held, except the card being resolved; option B: one use per round)
    if v["module_bonus_cards"]:
        market = rec["bonus_market"][: v["bonus_market_size"]]
        pending = 1 if rec["pend_bonus"] >= 0 else 0
        held_cards = int(rec["held_n"][:n].sum())
        assert (rec["bonus_deck_n"] + (market >= 0).sum() + rec["bonus_discard_n"] + pending + held_cards
                == rules["bonus_total"] == 15)
        assert pending == 0 or rec["stage"] == Stage.BONUS_CARD
        if v["bonus_card_option"] == "A":
            assert held_cards == 0
        elif prev is not None and rec["stage"] == Stage.BONUS_CARD and prev["stage"] in (Stage.TURN, Stage.USE_HELD):
            uses = state.__dict__.setdefault("held_uses", {})
            key = (int(rec["round"]), int(rec["current"]))
            uses[key] = uses.get(key, 0) + 1
            if v["bonus_b_immediate_counts"]:
                assert uses[key] <= 1, f"player {key[1]} used {uses[key]} held cards in round {key[0]}"
            else:  # a card bought this turn may be used on top of the round's one use
                assert uses[key] <= 1 + int(rec["bought"][key[1]])
    # 8. end
    if rec["done"]:
        assert state.legal_actions() == []
        assert rec["end_reason"] != 0
    # (bookkeeping, not a spec invariant) the fields the engine keeps as others change equal a recount
    recounted = state._arr.copy()
    engine.recount_derived(rules, recounted[0])
    for name in DERIVED:
        assert np.array_equal(rec[name], recounted[0][name]), name


def check_painting_cards(rules, rec, n):
    """Market mode: every in-play card is in exactly one place: the deck (undrawn), the market, the discards or a
    player's paintings."""
    places = list(rec["deck"][rec["deck_pos"]:rec["deck_size"]]) + [c for c in rec["market"] if c >= 0]
    places += list(rec["paint_discard"][: rec["paint_discard_n"]])
    for p in range(n):
        places += list(rec["cards"][p, : rec["n_kept"][p]])
    in_play = [c for c in range(int(rules["n_cards"])) if rec["in_play_types"][rules["card_type"][c]]]
    assert sorted(int(c) for c in places) == in_play
