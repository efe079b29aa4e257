"""The perfect-information ceiling (`simkit.games.canvas.ceiling`, `simkit canvas ceiling`).

(1) The returned paintings are checked from the cards: disjoint, every painting re-scored with
    scoring.painting_ribbons, the total re-derived from the printed tracks.
(2) Exactness against an independent brute force on reduced decks: every triple (or pair) of disjoint card sets
    times every stacking order of each, scored from scratch, with the track caps binding (short tracks), a
    non-monotone track, another bonus value and the online Space rule.
(3) The rulebook scenarios: ceiling >= the best of 2000 random 3-painting samples, >= the designers' best 47
    for the 4-card scenarios, <= the trivial maximum.
"""

import csv
import json
from itertools import combinations, permutations
from pathlib import Path

import numba as nb
import numpy as np
import pytest

from simkit.cli import main
from simkit.games import canvas
from simkit.core.errors import ConfigError
from simkit.games.canvas.ceiling import ceiling
from simkit.games.canvas.rules.components import SCORING_CONDITIONS, load_art_cards
from simkit.games.canvas.engine.scoring import painting_ribbons

DATA = Path(canvas.__file__).parent / "data"
SPACE_MODES = ("max_matching", "bga_greedy")
SCENARIOS = {  # spec §7 (Relaxed deals 3 random cards and has no fixed ceiling)
    "Family": ["Composition", "Variety"],
    "Synergy": ["Proximity", "Space", "Variety"],
    "First Game": ["Composition", "Emphasis", "Repetition", "Variety"],
    "Balanced": ["Consistency", "Emphasis", "Hierarchy", "Proportion"],
    "No Elements": ["Composition", "Consistency", "Proportion", "Symmetry"],
    "Every Element": ["Emphasis", "Hierarchy", "Repetition", "Style"],
    "Spatial": ["Movement", "Proximity", "Space", "Symmetry"],
    "Bonus": ["Hierarchy", "Movement", "Proportion", "Style"],
}
DESIGNERS_BEST = 47


def printed_tracks():
    data = json.loads((DATA / "scoring_cards.json").read_text(encoding="utf-8"))
    return {c["name"]: c["track"] for c in data["cards"]}


def points(held, tracks):
    """Points for `held` ribbons on a printed track; ribbons beyond the track are lost."""
    n = min(held, len(tracks))
    return tracks[n - 1] if n > 0 else 0


def order_vectors(deck, index, names, space_mode):
    """Raw ribbons (scoring cards in `names`, then grey) of every stacking order of a card-index tuple."""
    cond = [SCORING_CONDITIONS.index(n) for n in names]
    out = np.zeros(13, np.int8)
    vecs = []
    for order in permutations(index):
        painting_ribbons(deck.masks, np.array(order, np.int64), len(order), SPACE_MODES.index(space_mode), out)
        vecs.append([int(out[c]) for c in cond] + [int(out[12])])
    return vecs


# ---- (1) the answer is what it claims --------------------------------------------------------------------

def verify(result, names, *, space_scoring="max_matching", tracks=None, bonus=2, paintings=3, allowed=None):
    deck = load_art_cards()
    tracks = tracks or printed_tracks()
    assert result.scoring == tuple(names)
    assert len(result.paintings) == paintings
    ids = [c for p in result.paintings for c in p]
    assert len(ids) == len(set(ids)) == 3 * paintings, "paintings must use disjoint cards"
    if allowed is not None:
        assert set(ids) <= set(allowed)
    held = {n: 0 for n in names}
    grey = 0
    out = np.zeros(13, np.int8)
    for cards, claimed in zip(result.paintings, result.painting_ribbons):
        stack = np.array([deck.index_of(c) for c in cards], np.int64)
        painting_ribbons(deck.masks, stack, 3, SPACE_MODES.index(space_scoring), out)
        got = {n: int(out[SCORING_CONDITIONS.index(n)]) for n in names} | {"bonus": int(out[12])}
        assert got == claimed
        for n in names:
            held[n] += got[n]
        grey += got["bonus"]
    assert result.grey == grey
    assert result.ribbons == {n: min(held[n], len(tracks[n])) for n in names}
    total = sum(points(held[n], tracks[n]) for n in names) + bonus * grey
    assert total == result.total == sum(result.points.values())
    assert result.total <= result.upper_bound
    assert 1 <= result.combinations_checked and result.combinations_above < result.combinations_checked
    assert (result.combinations_above == 0) == (result.total == result.upper_bound)


# ---- (2) exactness: brute force on a reduced deck ----------------------------------------------------------

@nb.njit(cache=False)
def _brute(set_mask, vec_start, vecs, caps, pts, bonus, three):
    """Best total over every 2 or 3 pairwise-disjoint card sets and every order-vector of each."""
    n_sets = len(set_mask)
    D = vecs.shape[1]
    best = -1
    ab = np.zeros(D, np.int64)
    for a in range(n_sets):
        for b in range(a + 1, n_sets):
            if set_mask[a] & set_mask[b]:
                continue
            for va in range(vec_start[a], vec_start[a + 1]):
                for vb in range(vec_start[b], vec_start[b + 1]):
                    for d in range(D):
                        ab[d] = vecs[va, d] + vecs[vb, d]
                    if not three:
                        total = ab[D - 1] * bonus
                        for d in range(D - 1):
                            total += pts[d, min(ab[d], caps[d])]
                        best = max(best, total)
                        continue
                    for c in range(b + 1, n_sets):
                        if set_mask[c] & (set_mask[a] | set_mask[b]):
                            continue
                        for vc in range(vec_start[c], vec_start[c + 1]):
                            total = (ab[D - 1] + vecs[vc, D - 1]) * bonus
                            for d in range(D - 1):
                                total += pts[d, min(ab[d] + vecs[vc, d], caps[d])]
                            best = max(best, total)
    return best


def brute_force(card_ids, names, *, space_scoring="max_matching", tracks=None, bonus=2, paintings=3):
    deck = load_art_cards()
    tracks = tracks or printed_tracks()
    index = [deck.index_of(c) for c in card_ids]
    masks, starts, rows = [], [0], []
    for trio in combinations(index, 3):
        distinct = sorted({tuple(v) for v in order_vectors(deck, trio, names, space_scoring)})
        rows += distinct
        starts.append(len(rows))
        masks.append(sum(1 << card_ids.index(deck.ids[i]) for i in trio))
    caps = np.array([len(tracks[n]) for n in names], np.int64)
    pts = np.zeros((len(names), caps.max() + 1), np.int64)
    for d, n in enumerate(names):
        for x in range(1, len(tracks[n]) + 1):
            pts[d, x] = tracks[n][x - 1]
    return _brute(np.array(masks, np.int64), np.array(starts, np.int64), np.array(rows, np.int64), caps, pts,
                  bonus, paintings == 3)


def short_tracks_file(tmp_path):
    """Scoring cards whose tracks make the caps bind early, one of them not monotone."""
    data = json.loads((DATA / "scoring_cards.json").read_text(encoding="utf-8"))
    short = {"Variety": [4, 8], "Space": [5], "Symmetry": [1, 3], "Repetition": [6, 2, 9], "Proximity": [3, 4],
             "Movement": [2, 7], "Composition": [5]}
    for card in data["cards"]:
        card["track"] = short.get(card["name"], card["track"])
    path = tmp_path / "short_tracks.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, {c["name"]: c["track"] for c in data["cards"]}


FIRST_18 = list(range(1, 19))
OTHER_18 = sorted(np.random.default_rng(2021).choice(np.arange(1, 61), 18, replace=False).tolist())
CASES = [  # (deck, scoring cards, space rule, short tracks, bonus, paintings)
    (FIRST_18, ["Composition", "Emphasis", "Repetition", "Variety"], "max_matching", False, 2, 3),
    (FIRST_18, ["Variety", "Space", "Symmetry"], "max_matching", False, 2, 3),
    (OTHER_18, ["Movement", "Proximity", "Space", "Symmetry"], "max_matching", False, 2, 3),
    (OTHER_18, ["Hierarchy", "Movement", "Proportion", "Style"], "bga_greedy", False, 3, 3),
    (FIRST_18, ["Variety", "Space", "Symmetry", "Repetition"], "max_matching", True, 2, 3),
    (OTHER_18, ["Composition", "Variety", "Space", "Proximity", "Movement", "Repetition"], "max_matching", True, 0, 3),
    (OTHER_18, ["Variety", "Space", "Symmetry", "Emphasis"], "bga_greedy", True, 2, 2),
]


@pytest.mark.slow  # brute force over every play of a reduced deck (about a minute in all)
@pytest.mark.parametrize("deck_ids,names,space,short,bonus,paintings", CASES)
def test_ceiling_matches_brute_force_on_reduced_deck(tmp_path, deck_ids, names, space, short, bonus, paintings):
    scoring_file, tracks = short_tracks_file(tmp_path) if short else (None, printed_tracks())
    got = ceiling(names, space_scoring=space, scoring_cards_file=scoring_file and str(scoring_file),
                  bonus_ribbon_points=bonus, paintings=paintings, cards=deck_ids)
    verify(got, names, space_scoring=space, tracks=tracks, bonus=bonus, paintings=paintings, allowed=deck_ids)
    assert got.total == brute_force(deck_ids, names, space_scoring=space, tracks=tracks, bonus=bonus,
                                    paintings=paintings)


def continued(tracks, length=12):
    """Tracks continued past their end by their last step (at least 1 point a ribbon): no cap."""
    out = {}
    for name, track in tracks.items():
        step = max(1, track[-1] - (track[-2] if len(track) > 1 else 0))
        out[name] = track + [track[-1] + step * i for i in range(1, length - len(track) + 1)]
    return out


@pytest.mark.parametrize("short", [pytest.param(False, marks=pytest.mark.slow), True])  # the brute force takes ~20 s
def test_the_caps_change_the_answer(tmp_path, short):
    """Two reduced-deck cases above test the caps: without them their best total would be higher."""
    tracks = short_tracks_file(tmp_path)[1] if short else printed_tracks()
    names = ["Variety", "Space", "Symmetry", "Repetition"] if short else ["Variety", "Space", "Symmetry"]
    capped = ceiling(names, scoring_cards_file=str(short_tracks_file(tmp_path)[0]) if short else None, cards=FIRST_18)
    assert brute_force(FIRST_18, names, tracks=continued(tracks)) > capped.total  # = brute force, capped (above)


def test_art_cards_file_subset_equals_cards_parameter(tmp_path):
    path = tmp_path / "art_cards.csv"
    with open(DATA / "art_cards.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(r for r in rows if int(r["id"]) in OTHER_18)
    names = ["Movement", "Proximity", "Space", "Symmetry"]
    assert (ceiling(names, art_cards_file=str(path)).total == ceiling(names, cards=OTHER_18).total)


def test_bad_input():
    with pytest.raises(ConfigError, match="unknown scoring card"):
        ceiling(["Variety", "Spaghetti"])
    with pytest.raises(ConfigError, match="repeat"):
        ceiling(["Variety", "variety"])
    with pytest.raises(ConfigError, match="need 9 cards"):
        ceiling(["Variety"], cards=[1, 2, 3, 4, 5, 6, 7, 8])
    with pytest.raises(ConfigError, match="unknown Art card id"):
        ceiling(["Variety"], cards=list(range(1, 10)) + [99])


# ---- (3) the rulebook scenarios -------------------------------------------------------------------------

def best_random_sample(names, n_samples=2000, seed=7):
    """Best total of random 3-painting samples (9 random cards in 3 paintings), each sample in its best orders."""
    deck = load_art_cards()
    tracks = printed_tracks()
    rng = np.random.default_rng(seed)
    best = 0
    for _ in range(n_samples):
        cards = rng.choice(len(deck), 9, replace=False)
        per = [np.array(order_vectors(deck, tuple(cards[3 * i: 3 * i + 3]), names, "max_matching"))
               for i in range(3)]
        sums = (per[0][:, None, None, :] + per[1][None, :, None, :] + per[2][None, None, :, :]).reshape(-1,
                                                                                                       len(names) + 1)
        totals = 2 * sums[:, -1]
        for d, n in enumerate(names):
            table = np.array([0] + tracks[n])
            totals = totals + table[np.minimum(sums[:, d], len(tracks[n]))]
        best = max(best, int(totals.max()))
    return best


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_rulebook_scenarios(scenario):
    names = SCENARIOS[scenario]
    result = ceiling(names)
    verify(result, names)
    assert result.seconds < 10
    tracks = printed_tracks()
    trivial = sum(tracks[n][-1] for n in names) + 2 * 3 * 4  # every track full, 4 grey ribbons a painting
    assert result.total <= trivial
    if len(names) == 4:
        assert result.total >= DESIGNERS_BEST
    assert result.total >= best_random_sample(names)


def test_more_scoring_cards_and_paintings():
    names = list(SCORING_CONDITIONS[4:])  # 8 scoring cards
    verify(ceiling(names), names)
    verify(ceiling(["Composition", "Variety"], paintings=2), ["Composition", "Variety"], paintings=2)


def test_cli(capsys):
    assert main(["canvas", "ceiling", "--scoring", "Composition,Emphasis,Repetition,Variety"]) == 0
    text = capsys.readouterr().out
    result = ceiling(["Composition", "Emphasis", "Repetition", "Variety"])
    assert f": {result.total} points" in text and "proof:" in text and text.count("painting ") == 3
    assert main(["canvas", "ceiling", "--scoring", "Composition, Variety", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["scoring"] == ["Composition", "Variety"] and len(data["paintings"]) == 3
    assert data["total"] == ceiling(["Composition", "Variety"]).total
    assert main(["canvas", "ceiling", "--scoring", "Space,Spaghetti"]) == 2
    assert "unknown scoring card" in capsys.readouterr().err
