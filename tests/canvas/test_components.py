"""Canvas component data (spec RULES.md §1): the shipped Art and Scoring card files, the deck check values of
§1.1 (computed here from the CSV text, independently of the package, and through `ArtDeck.check_values`), the
icon bit layout, and the errors raised for malformed replacement data files."""

import csv
import itertools
import json
from collections import Counter
from importlib import resources

import numpy as np
import pytest

from simkit.core.errors import ConfigError
from simkit.games.canvas import score_painting
from simkit.games.canvas.rules.components import (
    ICONS,
    PRINTED_DECK_CHECKS,
    SCORING_CONDITIONS,
    load_art_cards,
    load_scoring_cards,
)

SWATCHES = ("red", "yellow", "green", "blue", "violet")
ELEMENTS = ("HUE", "SHAPE", "TEXTURE", "TONE")
BONUS = ("BONUS_HUE", "BONUS_SHAPE", "BONUS_TEXTURE", "BONUS_TONE")
# bit i of a swatch mask <=> this icon (documented layout, written out here rather than imported)
BIT_ORDER = ELEMENTS + BONUS

DATA = resources.files("simkit.games.canvas.data")


def shipped_rows():
    with DATA.joinpath("art_cards.csv").open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def shipped_scoring_json():
    return json.loads(DATA.joinpath("scoring_cards.json").read_text(encoding="utf-8"))


def icons_of(cell):
    return [i for i in (cell or "").split("+") if i]


# --------------------------------------------------------------------------------------------------------------
# §1.1 deck check values on the shipped data


def test_icon_layout_constant():
    assert tuple(ICONS) == BIT_ORDER


def test_deck_check_values_computed_from_csv():
    rows = shipped_rows()
    assert len(rows) == 60
    assert sorted(int(r["id"]) for r in rows) == list(range(1, 61))
    icon_count = Counter()
    per_swatch = Counter()
    per_pair = Counter()
    for r in rows:
        used = []
        for s in SWATCHES:
            icons = icons_of(r[s])
            assert len(icons) <= 2, (r["id"], s, icons)
            assert len(set(icons)) == len(icons), f"card {r['id']} swatch {s} has two identical icons"
            assert set(icons) <= set(BIT_ORDER), (r["id"], s, icons)
            icon_count.update(icons)
            if icons:
                used.append(s)
        assert len(used) == 2, f"card {r['id']} has icons in {used}"
        per_swatch.update(used)
        per_pair[tuple(used)] += 1
    for e in ELEMENTS:
        assert icon_count[e] == 34, e
    for b in BONUS:
        assert icon_count[b] == 4, b
    assert sum(icon_count.values()) == 4 * 34 + 4 * 4
    assert dict(per_swatch) == {s: 24 for s in SWATCHES}
    assert dict(per_pair) == {pair: 6 for pair in itertools.combinations(SWATCHES, 2)}


def test_check_values_method_on_shipped_deck():
    deck = load_art_cards()
    values = deck.check_values()
    expected = {"cards": 60, **{f"count_{e}": 34 for e in ELEMENTS}, **{f"count_{b}": 4 for b in BONUS},
                "cards_per_swatch_pair": 6, "cards_per_swatch": 24}
    assert values == expected
    assert PRINTED_DECK_CHECKS == expected
    assert deck.matches_printed_deck()


def test_masks_match_csv_text():
    deck = load_art_cards()
    rows = shipped_rows()
    assert deck.masks.dtype == np.uint8 and deck.masks.shape == (60, 5)
    assert len(deck) == 60
    for r in rows:
        k = deck.index_of(int(r["id"]))
        assert int(deck.ids[k]) == int(r["id"])
        for s, name in enumerate(SWATCHES):
            want = sum(1 << BIT_ORDER.index(i) for i in icons_of(r[name]))
            assert int(deck.masks[k, s]) == want, (r["id"], name)


def test_masks_structure_numerically():
    """Same §1.1 properties, straight from the bit masks."""
    masks = load_art_cards().masks.astype(np.int64)
    bits = (masks[..., None] >> np.arange(8)) & 1  # [60, 5, 8]
    assert bits.sum(axis=(0, 1)).tolist() == [34] * 4 + [4] * 4
    assert ((masks > 0).sum(axis=1) == 2).all()
    assert ((masks > 0).sum(axis=0) == 24).all()
    assert (bits.sum(axis=2) <= 2).all()


def test_check_values_report_a_modified_deck(tmp_path):
    rows = shipped_rows()
    rows[0] = {**rows[0], "red": "HUE+TEXTURE", "yellow": "", "green": "TONE"}  # card 1 moves yellow -> green
    path = tmp_path / "deck.csv"
    write_csv(path, rows)
    deck = load_art_cards(path)
    values = deck.check_values()
    assert values["cards"] == 60
    assert values["count_HUE"] == 35 and values["count_SHAPE"] == 33 and values["count_BONUS_TONE"] == 3
    assert values["count_TONE"] == 35 and values["count_TEXTURE"] == 34
    assert values["cards_per_swatch"] is None  # yellow 23, green 25
    assert values["cards_per_swatch_pair"] is None
    assert not deck.matches_printed_deck()


def test_score_painting_uses_a_replacement_deck(tmp_path):
    rows = shipped_rows()
    # card 18 (red HUE, violet HUE+TEXTURE) becomes red TONE, violet TONE
    rows = [{**r, "red": "TONE", "violet": "TONE"} if r["id"] == "18" else r for r in rows]
    path = tmp_path / "deck.csv"
    write_csv(path, rows)
    names = ["Emphasis", "Symmetry", "Hierarchy"]
    # shipped visible: red HUE, yellow SHAPE, green SHAPE+TEXTURE, blue HUE+SHAPE, violet HUE+TEXTURE
    assert score_painting([18, 41, 40], names) == {"Emphasis": 0, "Symmetry": 2, "Hierarchy": 0, "bonus": 0}
    # replaced visible: red TONE, yellow SHAPE, green SHAPE+TEXTURE, blue HUE+SHAPE, violet TONE
    replaced = score_painting([18, 41, 40], names, art_cards_file=str(path))
    assert replaced == {"Emphasis": 1, "Symmetry": 2, "Hierarchy": 0, "bonus": 0}
    replaced = score_painting([18, 41, 40], ["Style", "Emphasis", "Proximity"], art_cards_file=str(path))
    assert replaced == {"Style": 0, "Emphasis": 1, "Proximity": 0, "bonus": 0}


# --------------------------------------------------------------------------------------------------------------
# Scoring cards


def test_scoring_cards_shipped():
    sc = load_scoring_cards()
    data = shipped_scoring_json()
    assert tuple(sc.names) == SCORING_CONDITIONS
    assert SCORING_CONDITIONS == ("Composition", "Consistency", "Emphasis", "Hierarchy", "Movement", "Proximity",
                                  "Proportion", "Repetition", "Space", "Style", "Symmetry", "Variety")
    assert sc.tracks.shape == (12, 8) and sc.tracks.dtype == np.int16
    assert len(data["cards"]) == 12
    for card in data["cards"]:
        c = SCORING_CONDITIONS.index(card["name"])
        n = len(card["track"])
        assert int(sc.track_len[c]) == n
        assert sc.tracks[c, :n].tolist() == card["track"]
        assert (sc.tracks[c, n:] == 0).all()
    # the tracks of spec §3
    spec = {"Composition": [1, 3, 9], "Consistency": [3, 6, 10], "Emphasis": [1, 4, 11], "Hierarchy": [4, 9, 15],
            "Movement": [3, 7, 12], "Proximity": [2, 5, 8, 12], "Proportion": [2, 5, 10],
            "Repetition": [3, 7, 11, 16], "Space": [2, 4, 7, 11], "Style": [4, 10, 18],
            "Symmetry": [1, 3, 6, 11], "Variety": [4, 8, 13]}
    for name, track in spec.items():
        c = SCORING_CONDITIONS.index(name)
        assert sc.tracks[c, : sc.track_len[c]].tolist() == track, name
    assert data["bonus_ribbon_points"] == 2


def test_scoring_cards_replacement_track(tmp_path):
    data = shipped_scoring_json()
    data["cards"][0]["track"] = [2, 5]  # Composition
    data["cards"][11]["track"] = [1, 2, 3, 4, 5, 6, 7, 8]  # Variety, the longest allowed
    path = tmp_path / "sc.json"
    path.write_text(json.dumps(data))
    sc = load_scoring_cards(path)
    assert int(sc.track_len[0]) == 2 and sc.tracks[0].tolist() == [2, 5, 0, 0, 0, 0, 0, 0]
    assert int(sc.track_len[11]) == 8 and sc.tracks[11].tolist() == [1, 2, 3, 4, 5, 6, 7, 8]


def test_scoring_index_of_is_case_insensitive_and_rejects_unknown():
    sc = load_scoring_cards()
    assert sc.index_of("space") == SCORING_CONDITIONS.index("Space")
    with pytest.raises(ConfigError, match="Spacious"):
        sc.index_of("Spacious")


# --------------------------------------------------------------------------------------------------------------
# Malformed Art card files


def write_csv(path, rows, fields=("id", "title_word", "title_word_side", *SWATCHES)):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(fields), extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow(r)


def _set(idx, **changes):
    """Rows of the shipped deck with data row `idx` (0-based; file line idx + 2) changed."""
    def make():
        rows = shipped_rows()
        rows[idx] = {**rows[idx], **changes}
        return rows
    return make


# (case, rows factory, file line that must be named, words that must appear)
BAD_CSV = [
    ("unknown icon", _set(4, red="SHAPE+COLOUR"), 6, ["COLOUR"]),
    ("lower-case icon", _set(9, blue="shape"), 11, ["shape"]),
    ("three swatches used", _set(4, blue="HUE"), 6, ["2 swatches"]),
    ("one swatch used", _set(4, green=""), 6, ["2 swatches"]),
    ("no swatch used", _set(59, blue="", violet=""), 61, ["2 swatches"]),
    ("duplicate icon in a swatch", _set(1, yellow="HUE+HUE"), 3, ["yellow"]),
    ("three icons in a swatch", _set(1, yellow="HUE+TONE+SHAPE"), 3, ["yellow"]),
    ("non-integer id", _set(7, id="eight"), 9, ["eight"]),
]


@pytest.mark.parametrize("case,make_rows,line,words", BAD_CSV, ids=[c[0] for c in BAD_CSV])
def test_malformed_art_csv(tmp_path, case, make_rows, line, words):
    path = tmp_path / "bad_cards.csv"
    write_csv(path, make_rows())
    with pytest.raises(ConfigError) as info:
        load_art_cards(path)
    msg = str(info.value)
    assert "bad_cards.csv" in msg
    assert f"line {line}" in msg
    for w in words:
        assert w in msg
    assert info.value.key == f"line {line}"


def test_duplicate_card_id_names_file_and_line(tmp_path):
    rows = shipped_rows()
    rows[4] = {**rows[4], "id": "4"}  # line 6 repeats the id of line 5
    path = tmp_path / "dup_ids.csv"
    write_csv(path, rows)
    with pytest.raises(ConfigError) as info:
        load_art_cards(path)
    msg = str(info.value)
    assert "dup_ids.csv" in msg
    assert "duplicate" in msg.lower()
    # the message must say where: the line of the repeated id (or of its first occurrence)
    assert "line 6" in msg or "line 5" in msg, msg


def test_missing_column(tmp_path):
    path = tmp_path / "no_violet.csv"
    write_csv(path, shipped_rows(), fields=("id", "red", "yellow", "green", "blue"))
    with pytest.raises(ConfigError) as info:
        load_art_cards(path)
    assert "no_violet.csv" in str(info.value)
    assert "violet" in str(info.value)


def test_missing_id_column(tmp_path):
    path = tmp_path / "no_id.csv"
    write_csv(path, shipped_rows(), fields=("title_word", *SWATCHES))
    with pytest.raises(ConfigError) as info:
        load_art_cards(path)
    assert "no_id.csv" in str(info.value) and "id" in str(info.value)


def test_empty_and_missing_art_files(tmp_path):
    path = tmp_path / "empty.csv"
    path.write_text("id,red,yellow,green,blue,violet\n")
    with pytest.raises(ConfigError, match="empty.csv"):
        load_art_cards(path)
    with pytest.raises(ConfigError, match="absent.csv"):
        load_art_cards(tmp_path / "absent.csv")


def test_minimal_valid_csv(tmp_path):
    """Extra columns are optional; whitespace around icons is tolerated; bonus icons load to bits 4..7."""
    path = tmp_path / "mini.csv"
    path.write_text("id,red,yellow,green,blue,violet\n"
                    "7,HUE + BONUS_TONE,,,,TEXTURE\n"
                    "3,,SHAPE+TONE,BONUS_HUE,,\n")
    deck = load_art_cards(path)
    assert deck.ids.tolist() == [7, 3]
    assert deck.masks.tolist() == [[1 | 128, 0, 0, 0, 4], [0, 2 | 8, 16, 0, 0]]
    assert deck.index_of(3) == 1
    with pytest.raises(ConfigError, match="mini.csv"):
        deck.index_of(5)


# --------------------------------------------------------------------------------------------------------------
# Malformed Scoring card files


def _card(i, **changes):
    def make():
        data = shipped_scoring_json()
        data["cards"][i].update(changes)
        return data
    return make


def _drop_track(i):
    def make():
        data = shipped_scoring_json()
        del data["cards"][i]["track"]
        return data
    return make


BAD_JSON = [
    ("unknown name", _card(3, name="Hierarchie"), "cards[3].name", ["Hierarchie"]),
    ("missing name", _card(2, name=None), "cards[2].name", []),
    ("empty track", _card(5, track=[]), "cards[5].track", []),
    ("track too long", _card(5, track=list(range(9))), "cards[5].track", []),
    ("negative value", _card(0, track=[-1, 3, 9]), "cards[0].track", []),
    ("float value", _card(0, track=[1.5, 3, 9]), "cards[0].track", []),
    ("string track", _card(7, track="3,7,11,16"), "cards[7].track", []),
    ("huge value", _card(7, track=[3, 7, 1000]), "cards[7].track", []),
    ("no track", _drop_track(11), "cards[11].track", []),
]


@pytest.mark.parametrize("case,make_data,key,words", BAD_JSON, ids=[c[0] for c in BAD_JSON])
def test_malformed_scoring_json(tmp_path, case, make_data, key, words):
    path = tmp_path / "bad_scoring.json"
    path.write_text(json.dumps(make_data()))
    with pytest.raises(ConfigError) as info:
        load_scoring_cards(path)
    msg = str(info.value)
    assert "bad_scoring.json" in msg
    assert key in msg
    for w in words:
        assert w in msg


def test_scoring_json_missing_card(tmp_path):
    data = shipped_scoring_json()
    data["cards"] = [c for c in data["cards"] if c["name"] != "Proximity"]
    path = tmp_path / "eleven.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ConfigError) as info:
        load_scoring_cards(path)
    assert "eleven.json" in str(info.value) and "Proximity" in str(info.value)


@pytest.mark.parametrize("text", ["{not json", "[]", '{"tracks": []}', '{"cards": 5}'])
def test_scoring_json_unreadable(tmp_path, text):
    path = tmp_path / "broken.json"
    path.write_text(text)
    with pytest.raises(ConfigError, match="broken.json"):
        load_scoring_cards(path)
