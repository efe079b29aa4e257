"""Couleurs de Paris component data (spec §1.3-§1.4, §3.1-§3.2, §4, §5.2-§5.3): the shipped files, their check
values, and the loaders' validation (errors name the file and the line or key)."""

import re
from pathlib import Path

import numpy as np
import pytest

from simkit.core.errors import ConfigError
from simkit.games.couleurs.rules import components as C

PKG = Path(C.__file__).parent.parent  # the game package (C is rules/components.py)
RULES_MD = PKG / "RULES.md"


def test_rules_md_is_the_spec_copy():
    assert RULES_MD.read_text().startswith("# Couleurs de Paris, house-rule variant J")
    assert "## 13. Invariants for property tests" in RULES_MD.read_text()


def test_paintings_file_equals_the_spec_reference_csv():
    text = RULES_MD.read_text()
    block = re.search(r"Reference output of the rule.*?```\n(.*?)```", text, re.S).group(1)
    shipped = (PKG / "data" / "paintings.csv").read_text().splitlines()
    assert shipped[0] == "# source: reconstructed-v1"
    assert shipped[1:] == block.strip().splitlines()


def test_painting_check_values():
    deck = C.load_paintings()
    assert len(deck) == 32 and deck.source.endswith("(reconstructed-v1)")
    assert set(deck.colour_counts().values()) == {48}
    assert set(deck.colour_counts(tuple(f"T{i}" for i in range(1, 7))).values()) == {36}
    for t in deck.type_names:
        assert sorted(deck.colour_counts((t,)).values()) == [3, 3, 6, 6, 9, 9]
    for i in range(len(deck)):
        tier = int(deck.tiers[i])
        assert int((deck.grids[i] < 3).sum()) == 6 - tier
        assert deck.ids[i] == 4 * deck.type_index[i] + tier + 1
    assert deck.value_j[deck.tiers == 3].tolist() == [18] * 8
    assert deck.value_base[deck.tiers == 0].tolist() == [10] * 8


# spec §3.2 golden capacity table (4 players): rows = actions in wheel order, columns = R mod 6
CAPACITY_TABLE = {
    "get_red": [0, 1, 2, 3, 2, 1], "mix_orange": [1, 2, 3, 2, 1, 0], "get_yellow": [2, 3, 2, 1, 0, 1],
    "mix_green": [3, 2, 1, 0, 1, 2], "get_blue": [2, 1, 0, 1, 2, 3], "mix_purple": [1, 0, 1, 2, 3, 2],
    "mix_black": [0, 1, 2, 3, 2, 1], "upgrade_tube": [1, 2, 3, 2, 1, 0], "upgrade_palette": [2, 3, 2, 1, 0, 1],
    "upgrade_brush": [3, 2, 1, 0, 1, 2], "paint": [2, 1, 0, 1, 2, 3], "exhibit": [1, 0, 1, 2, 3, 2],
}


def test_capacity_golden_table():
    board = C.load_board()
    for name, row in CAPACITY_TABLE.items():
        a = C.LOWER_ACTIONS.index(name)
        for r in range(12):
            assert board.capacity(4, a, r) == row[r % 6], (name, r)


def test_board_shipped_values():
    board = C.load_board()
    assert board.n_sectors == 12
    assert [C.LOWER_ACTIONS[a] for a in board.wheel] == list(CAPACITY_TABLE)
    assert {n: int(board.caps[n].sum()) for n in (2, 3, 4)} == {2: 12, 3: 16, 4: 18}
    assert np.flatnonzero(board.printed_forbidden).tolist() == [0, 6]
    assert board.caps[2][[3, 9]].tolist() == [0, 0] and board.caps[3][[3, 9]].tolist() == [2, 2]
    base = C.load_board(wheel_default="wheel_base.csv")
    assert C.LOWER_ACTIONS[base.wheel[11]] == "take_painting"


def test_tracks_shipped_values():
    tracks = C.load_tracks()
    assert tracks.lengths.tolist() == [8, 8, 8]
    assert tracks.levels[0, :8].tolist() == [3, 4, 5, 5, 6, 6, 7, 8]  # Tube 3,4,5,5 printed/confirmed
    assert tracks.levels[1, :8].tolist() == [2, 2, 3, 3, 4, 4, 5, 6]
    assert tracks.levels[2, :8].tolist() == [2, 3, 3, 4, 4, 5, 5, 6]


def test_bonus_cards_and_painters():
    bonus = C.load_bonus_cards()
    assert bonus.copies.sum() == 15 and bonus.cost_white.tolist() == [4, 4, 4, 5, 6]
    painters = C.load_painters()
    assert painters.ids == C.PAINTERS and painters.promo == (False,) * 8 + (True,)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


WHEEL = "# source: printed\nsector,action\n" + "".join(f"{i},{a}\n" for i, a in enumerate(CAPACITY_TABLE))
SLOTS = ("# source: printed\nslot,cap_2p,cap_3p,cap_4p,printed_forbidden\n"
         + "".join(f"{j},1,1,1,false\n" for j in range(12)))


@pytest.mark.parametrize("text, fragment, where", [
    ("sector,action\n0,get_red\n", "first line must be '# source", "line 1"),
    ("# source: guess\nsector,action\n0,get_red\n", "unknown source tag", "line 1"),
    ("# source: printed\nsector,act\n0,get_red\n", "missing column", "line 2"),
    ("# source: printed\nsector,action\n0,get_red\n1,juggle\n", "unknown action 'juggle'", "line 4"),
    ("# source: printed\nsector,action\n0,get_red\n1,get_red\n", "appears twice", "line 4"),
    ("# source: printed\nsector,action\n0,get_red\n2,exhibit\n", "expected 1, got 2", "line 4"),
    ("# source: printed\nsector,action\n0,paint\n1,exhibit\n", "needs a get_red", None),
])
def test_wheel_errors_name_file_and_line(tmp_path, text, fragment, where):
    path = write(tmp_path, "wheel.csv", text)
    with pytest.raises(ConfigError) as err:
        C.load_board(path, write(tmp_path, "slots.csv", SLOTS))
    assert fragment in str(err.value) and str(path) in str(err.value)
    if where:
        assert where in str(err.value)


def test_slot_errors(tmp_path):
    wheel = write(tmp_path, "wheel.csv", WHEEL)
    short = write(tmp_path, "s1.csv", SLOTS.rsplit("\n", 2)[0] + "\n")
    with pytest.raises(ConfigError, match="11 slots but 12 wheel sectors"):
        C.load_board(wheel, short)
    bad = write(tmp_path, "s2.csv", SLOTS.replace("3,1,1,1,false", "3,1,x,1,false"))
    with pytest.raises(ConfigError, match=r"s2.csv: line 6: cap_3p 'x' is not an integer"):
        C.load_board(wheel, bad)
    forb = write(tmp_path, "s3.csv", SLOTS.replace("0,1,1,1,false", "0,1,1,1,true"))
    with pytest.raises(ConfigError, match="printed forbidden but has a capacity"):
        C.load_board(wheel, forb)
    ok = C.load_board(wheel, write(tmp_path, "s4.csv", SLOTS))
    assert ok.source.endswith("(printed)")


def test_a_non_12_sector_board_loads(tmp_path):
    actions = list(CAPACITY_TABLE)[:-1] + ["exhibit"]
    actions.remove("mix_black")
    wheel = write(tmp_path, "w.csv", "# source: printed\nsector,action\n"
                  + "".join(f"{i},{a}\n" for i, a in enumerate(actions)))
    slots = write(tmp_path, "s.csv", "# source: printed\nslot,cap_2p,cap_3p,cap_4p,printed_forbidden\n"
                  + "".join(f"{j},1,2,2,{'true' if j == 0 else 'false'}\n".replace("1,2,2,true", "0,0,0,true")
                            for j in range(11)))
    board = C.load_board(wheel, slots)
    assert board.n_sectors == 11


def test_track_errors(tmp_path):
    base = "# source: printed\ntool,space,level\n"
    rows = "".join(f"{t},{i},{i + 1}\n" for t in C.TOOLS for i in range(1, 6))
    assert C.load_tracks(write(tmp_path, "t.csv", base + rows)).lengths.tolist() == [5, 5, 5]
    with pytest.raises(ConfigError, match=r"t1.csv: line 4: tube spaces must run"):
        C.load_tracks(write(tmp_path, "t1.csv", base + rows.replace("tube,2,3", "tube,3,3")))
    with pytest.raises(ConfigError, match="below the previous space"):
        C.load_tracks(write(tmp_path, "t2.csv", base + rows.replace("brush,3,4", "brush,3,1")))
    with pytest.raises(ConfigError, match="unknown tool 'pen'"):
        C.load_tracks(write(tmp_path, "t3.csv", base + rows + "pen,1,1\n"))


def test_painting_errors(tmp_path):
    text = (PKG / "data" / "paintings.csv").read_text()
    with pytest.raises(ConfigError, match=r"p1.csv: line 3: sq1 'W' is not a square colour"):
        C.load_paintings(write(tmp_path, "p1.csv", text.replace("1,T1,0,10,9,R,", "1,T1,0,10,9,W,")))
    with pytest.raises(ConfigError, match="duplicate card_id 1"):
        C.load_paintings(write(tmp_path, "p2.csv", text.replace("\n2,T1,1", "\n1,T1,1")))
    with pytest.raises(ConfigError, match=r"type 'T1' must have exactly one card per tier"):
        C.load_paintings(write(tmp_path, "p3.csv", text.replace("2,T1,1,", "2,T1,0,")))
    with pytest.raises(ConfigError, match="tier 7 is out of range"):
        C.load_paintings(write(tmp_path, "p4.csv", text.replace("2,T1,1,", "2,T1,7,")))


def test_bonus_and_painter_errors(tmp_path):
    with pytest.raises(ConfigError, match="bonus card type.*missing: tool"):
        C.load_bonus_cards(write(tmp_path, "b.csv", "# source: printed\ntype,copies,cost_white\npainting,3,4\n"
                                 "imitation,3,4\nmixing,3,4\ncolour_swap,3,5\n"))
    with pytest.raises(ConfigError, match=r"line 3: unknown painter 'picasso'"):
        C.load_painters(write(tmp_path, "pp.csv", "# source: printed\npainter,name,promo\npicasso,P,false\n"))
