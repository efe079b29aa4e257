"""Golden fixed-seed game: any change to rules, chance streams or policies shows up here as a diff."""

import json
from pathlib import Path

from playthrough import playthrough

GOLDEN = Path(__file__).parent / "golden" / "game_2026.json"


def test_fixed_seed_game_matches_golden_record():
    expected = json.loads(GOLDEN.read_text())
    got = playthrough()
    assert got["moves"] == expected["moves"]
    assert got == expected


def test_golden_record_is_a_complete_game():
    record = json.loads(GOLDEN.read_text())
    assert all(len(p) == 3 for p in record["paintings"])  # 3 paintings per player
    assert all(len(set(cards)) == 3 for player in record["paintings"] for cards in player)
    assert record["ranks"].count(1) >= 1


def test_golden_scores_follow_from_ribbons_and_tracks():
    """Rulebook arithmetic on the recorded ribbons: track[n-1] per card plus 2 per grey ribbon."""
    record = json.loads(GOLDEN.read_text())
    tracks = {"Composition": [1, 3, 9], "Emphasis": [1, 4, 11], "Repetition": [3, 7, 11, 16], "Variety": [4, 8, 13]}
    for ribbons, grey, score in zip(record["ribbons"], record["grey_ribbons"], record["scores"]):
        assert score == sum(tracks[c][n - 1] for c, n in ribbons.items() if n) + 2 * grey
