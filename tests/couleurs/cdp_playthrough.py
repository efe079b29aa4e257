"""Golden playthrough record: a fixed-seed game of random policies written out action by action."""

from cdp_helpers import game, random_choice

GOLDEN_SEED = 2026
GOLDEN_RULES = {"n_players": 3}


def playthrough() -> dict:
    g = game(**GOLDEN_RULES)
    choice = random_choice(g)
    state = g.new_initial_state(GOLDEN_SEED)
    moves = []
    while not state.is_terminal():
        p = state.current_player
        action = state.compiled_action(choice)
        moves.append(f"{state.turn} r{int(state.record['round'])} p{p} {state.describe_action(action)}")
        state.apply_action(action)
    obs = state.observation(0)
    return {"seed": GOLDEN_SEED, "rules": GOLDEN_RULES, "lineup": ["random"] * 3, "moves": moves,
            "end_reason": state.end_reason, "rounds": int(state.record["round"]),
            "paintings": [[[c["card_id"], c["state"], c["cubes"]] for c in pl] for pl in obs.paintings],
            "tracks": list(obs.tracks), "tokens": list(obs.tokens),
            "components": [state.score_components(p) for p in range(3)],
            "scores": state.scores().tolist(), "ranks": state.ranks().tolist()}


# regenerate: python tests/couleurs/cdp_playthrough.py > tests/couleurs/golden/game_2026.json
if __name__ == "__main__":
    import json

    print(json.dumps(playthrough(), indent=1))
