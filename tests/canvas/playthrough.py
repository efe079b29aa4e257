"""Golden playthrough records: a fixed-seed game written out action by action."""

import simkit
from simkit.core.policy import resolve_policy

GOLDEN_SEED = 2026
GOLDEN_RULES = {"n_players": 3, "scoring_cards": ["Composition", "Emphasis", "Repetition", "Variety"]}
GOLDEN_LINEUP = ("planner", "greedy", "random")


def playthrough() -> dict:
    game = simkit.make("canvas", GOLDEN_RULES)
    lineup = [resolve_policy(game, {"policy": name}) for name in GOLDEN_LINEUP]
    state = game.new_initial_state(GOLDEN_SEED)
    moves = []
    while not state.is_terminal():
        p = state.current_player
        action = state.compiled_action(lineup[p])
        moves.append(f"{state.turn} p{p} {state.describe_action(action)}")
        state.apply_action(action)
    obs = state.observation(0)
    return {"seed": GOLDEN_SEED, "rules": GOLDEN_RULES, "lineup": list(GOLDEN_LINEUP), "moves": moves,
            "paintings": [list(map(list, p)) for p in obs.paintings], "ribbons": list(obs.ribbons),
            "grey_ribbons": list(obs.grey_ribbons), "tokens": list(obs.tokens),
            "scores": state.scores().tolist(), "ranks": state.ranks().tolist()}


if __name__ == "__main__":  # regenerate: python tests/canvas/playthrough.py > tests/canvas/golden/game_2026.json
    import json

    print(json.dumps(playthrough(), indent=1))
