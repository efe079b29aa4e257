"""One entry point for Atelier's compiled policies, used by the batch loop and the step API alike."""

from simkit.core import explain
from simkit.core.jit import njit
from simkit.games.atelier.engine.layout import Stage
from simkit.games.atelier.policies.inspiration_hoarder import hoarder_action
from simkit.games.atelier.policies.majority import BLOCKING_WEIGHT, PILES_TO_HOLD, majority_action
from simkit.games.atelier.policies.masterpiece_rush import rush_action
from simkit.games.atelier.policies.painter import painter_action
from simkit.games.atelier.policies.patient_roller import roller_action
from simkit.games.atelier.policies.patron_chaser import chaser_action
from simkit.games.atelier.policies.random_policy import random_action
from simkit.games.atelier.policies.scratch import MAX_POLICY_PARAMS
from simkit.games.atelier.policies.search import search_action

RANDOM, PAINTER, MAJORITY, INSPIRATION_HOARDER, MASTERPIECE_RUSH, PATRON_CHASER, PATIENT_ROLLER, SEARCH = range(8)
POLICY_IDS = {"random": RANDOM, "painter": PAINTER, "majority": MAJORITY, "inspiration_hoarder": INSPIRATION_HOARDER,
              "masterpiece_rush": MASTERPIECE_RUSH, "patron_chaser": PATRON_CHASER, "patient_roller": PATIENT_ROLLER,
              "search": SEARCH}


@njit(inline="always")
def choose_action(r, s, policy, params, scratch, search_ws):
    """The action compiled policy `policy` (POLICY_IDS) takes for the current player; -1 when none is legal.
    `scratch` (scratch.new_policy_scratch, a one-record array) and `search_ws` are the scratch of
    `AtelierGame.policy_args`. The parameters are copied into the scratch record, so the policies take records
    and their fields only (no reference counting on their calls); inlined into the batch loop, so a decision
    pays no call with arrays either. search_ws is None when no seat searches: numba then prunes the search branch,
    so games without a search seat do not compile the search."""
    ws = scratch[0]
    for i in range(min(len(params), MAX_POLICY_PARAMS)):
        ws.params[i] = params[i]
    if policy == SEARCH:
        if search_ws is None:  # not reached: policy_args gives search_ws whenever a seat searches
            return -1
        return search_action(r, s, ws, search_ws)
    if s.stage != Stage.TURN:
        return family_action(r, s, policy, ws)
    # the families take a turn's head by fixed rules: what those ask of their valued helpers (the target, a pile,
    # a move) is no candidate of the decision (`core.explain`)
    noting = explain.pause(ws.explain)
    action = family_action(r, s, policy, ws)
    explain.resume(ws.explain, noting)
    return action


@njit(inline="always")
def family_action(r, s, policy, ws):
    """The action of heuristic family `policy` (or random), its parameters in ws.params."""
    if policy == PAINTER:
        return painter_action(r, s, ws)
    if policy == MAJORITY:
        return majority_action(r, s, ws.params[PILES_TO_HOLD], ws.params[BLOCKING_WEIGHT], ws)
    if policy == INSPIRATION_HOARDER:
        return hoarder_action(r, s, ws)
    if policy == MASTERPIECE_RUSH:
        return rush_action(r, s, ws)
    if policy == PATRON_CHASER:
        return chaser_action(r, s, ws)
    if policy == PATIENT_ROLLER:
        return roller_action(r, s, ws)
    return random_action(r, s, ws)
