"""A corpus of broken data folders, one per validation rule of spec §6.9 (plus the file-format errors): each is the
shipped data with one change, and each error names the file, the row, the column and the value, and is the error
type the CLI turns into exit status 2."""

import pytest
from broken_data import broken_folder, cell, check_names_the_place, drop_column, set_cell

from simkit.core.errors import ConfigError
from simkit.games.ink.rules import InkRules
from simkit.games.ink.rules.datafiles import PACKAGE_DATA


def keep_rows(n):
    return lambda text: "\n".join(text.splitlines()[: n + 1]) + "\n"


# (case, file, change, row or None, column, words the message must contain)
CORPUS = [
    ("missing column", "tiles.csv", lambda t: drop_column(t, "diagonal"), None, "diagonal", "missing"),
    ("short row", "palettes.csv", lambda t: t.replace("\n3,dark_blue,red\n", "\n3,dark_blue\n"), 3, None,
     "expected 3 fields"),
    ("duplicate tile id", "tiles.csv", cell(7, "tile_id", "3"), 7, "tile_id", "duplicate id 3"),
    ("tile id not an integer", "tiles.csv", cell(2, "tile_id", "two"), 2, "tile_id", "'two' is not an integer"),
    ("start tile id taken by a tile", "start_tiles.csv", cell(2, "tile_id", "12"), 2, "tile_id",
     "duplicate id 12 (first in the other tile file)"),
    ("unknown colour", "tiles.csv", cell(9, "br", "green"), 9, "br", "unknown value 'green'"),
    ("unknown colour on a start tile", "start_tiles.csv", cell(1, "tl", "black"), 1, "tl", "'black'"),
    ("unknown marking", "tiles.csv", cell(4, "tr_mark", "x"), 4, "tr_mark", "unknown marking 'x'"),
    ("goal value not in goal_values", "tiles.csv", cell(4, "tl_mark", "8"), 4, "tl_mark", "unknown marking '8'"),
    ("unknown diagonal", "tiles.csv", cell(16, "diagonal", "tl_tr"), 16, "diagonal", "unknown value 'tl_tr'"),
    ("diagonal joins two colours", "tiles.csv", cell(1, "diagonal", "tl_br"), 1, "diagonal",
     "tl_br joins tl (dark_blue) and br (light_blue)"),
    ("single-colour tile", "tiles.csv", lambda t: set_cell(set_cell(t, 1, "br", "dark_blue"), 1, "bl", "dark_blue"),
     1, "tl, tr, br, bl", "at least 2 colours, got only dark_blue"),
    ("start tile with a repeated colour", "start_tiles.csv", cell(3, "br", "purple"), 3, "tl, tr, br, bl",
     "4 different colours, got 3"),
    ("palette of one colour", "palettes.csv", cell(5, "colour_b", "light_blue"), 5, "colour_b",
     "two different colours, got light_blue twice"),
    ("palette unknown colour", "palettes.csv", cell(2, "colour_a", "blue"), 2, "colour_a", "'blue'"),
    ("duplicate palette id", "palettes.csv", cell(4, "palette_id", "1"), 4, "palette_id", "duplicate id '1'"),
    ("unknown token kind", "x_tokens.csv", cell(1, "kind", "XXX"), 1, "kind", "unknown value 'XXX'"),
    ("X token with two colours", "x_tokens.csv", cell(2, "colour_b", "red"), 2, "colour_b", "one colour"),
    ("XX token with one colour", "x_tokens.csv", cell(16, "colour_b", ""), 16, "colour_b", "unknown value ''"),
    ("XX token of one colour twice", "x_tokens.csv", cell(16, "colour_b", "dark_blue"), 16, "colour_b",
     "two different colours"),
    ("duplicate token id", "x_tokens.csv", cell(3, "token_id", "X1"), 3, "token_id", "duplicate id 'X1'"),
    ("unknown bonus effect", "bonus_tiles.csv", cell(3, "effect", "steal_bottle"), 3, "effect",
     "unknown value 'steal_bottle'"),
    ("bonus amount zero", "bonus_tiles.csv", cell(2, "amount", "0"), 2, "amount", "0 is out of range"),
    ("bonus amount not an integer", "bonus_tiles.csv", cell(2, "amount", "two"), 2, "amount", "'two'"),
    ("unknown bonus back", "bonus_tiles.csv", cell(6, "back", "green"), 6, "back", "unknown value 'green'"),
    ("bonus rank not an integer", "bonus_tiles.csv", cell(6, "rank", "first"), 6, "rank", "'first'"),
    ("empty bonus id", "bonus_tiles.csv", cell(6, "bonus_id", ""), 6, "bonus_id", "empty id"),
]


@pytest.mark.parametrize("case, file, change, row, column, words", CORPUS, ids=[c[0] for c in CORPUS])
def test_bad_data_names_file_row_column_and_value(tmp_path, case, file, change, row, column, words):
    folder = broken_folder(tmp_path, PACKAGE_DATA, file, change)
    with pytest.raises(ConfigError) as caught:
        InkRules.from_overrides({"data": str(folder)})
    check_names_the_place(caught.value, folder, file, row, column, words)


# Rules of §6.9 that compare a file with the rule values: (case, file, change, overrides, key, words)
COUNTS = [
    ("fewer starting tiles than players", "start_tiles.csv", keep_rows(2), {"n_players": 3}, "n_players",
     "3 players need 3 starting tiles"),
    ("fewer palettes than players", "palettes.csv", keep_rows(3), {"n_players": 4}, "n_players",
     "4 players need 4 palette cards"),
    ("too few red bonus tiles", "bonus_tiles.csv", lambda t: t.replace("R2,red", "R2,blue").replace("R3,red", "R3,blue")
     .replace("R4,red", "R4,blue").replace("R5,red", "R5,blue"), {}, "bonus_red", "holds 1 (spec §6.9)"),
    ("too few blue bonus tiles", "bonus_tiles.csv", keep_rows(6), {}, "bonus_blue", "holds 1 (spec §6.9)"),
    ("bag too small for the nibs", "tiles.csv", keep_rows(6), {}, "nibs", "6 nibs need at least 7"),
    ("more X tokens than the file holds", "x_tokens.csv", lambda t: t.replace("X15,X,yellow,\n", ""),
     {"n_players": 4, "x_tokens_per_player": 4}, "x_tokens_per_player", "16 X tokens, but"),
]


@pytest.mark.parametrize("case, file, change, overrides, key, words", COUNTS, ids=[c[0] for c in COUNTS])
def test_data_too_small_for_the_rules_names_the_key(tmp_path, case, file, change, overrides, key, words):
    folder = broken_folder(tmp_path, PACKAGE_DATA, file, change)
    with pytest.raises(ConfigError) as caught:
        InkRules.from_overrides({"data": str(folder), **overrides}, source="house.toml", prefix="rules.")
    assert str(caught.value).startswith(f"house.toml: rules.{key}: "), str(caught.value)
    assert words in str(caught.value)


@pytest.mark.parametrize("supplies, key, words", [
    ("black_bottles = 20\nsplash_tokens = 10\ncolour_tokens_per_colour = 2\n", "number_tokens", "missing"),
    ("black_bottles = -1\nsplash_tokens = 10\ncolour_tokens_per_colour = 2\nnumber_tokens = {}\n", "black_bottles",
     "got -1"),
    ("black_bottles = 20\nsplash_tokens = 10\ncolour_tokens_per_colour = 2\nnumber_tokens = {9 = 2}\n",
     "number_tokens.9", "goal value"),
    ("black_bottles = 20\nsplash_tokens = 10\ncolour_tokens_per_colour = 2\nnumber_tokens = {3 = 2}\nwhite = 1\n",
     "white", "unknown key"),
    ("black_bottles = 20\nsplash_tokens = 99\ncolour_tokens_per_colour = 2\nnumber_tokens = {3 = 2}\n", None,
     "at most 64 bonus tokens"),
])
def test_bad_supplies(tmp_path, supplies, key, words):
    folder = broken_folder(tmp_path, PACKAGE_DATA, "supplies.toml", lambda t: supplies)
    with pytest.raises(ConfigError) as caught:
        InkRules.from_overrides({"data": str(folder)})
    assert str(caught.value).startswith(f"{folder}/supplies.toml: " + (f"{key}: " if key else ""))
    assert words in str(caught.value)


def test_errors_in_a_ruleset_name_the_ruleset_key_and_the_data_cell(tmp_path):
    folder = broken_folder(tmp_path, PACKAGE_DATA, "bonus_tiles.csv", cell(1, "effect", "steal_bottle"))
    with pytest.raises(ConfigError) as caught:
        InkRules.from_overrides({"data": str(folder)}, source="house.toml", prefix="rules.")
    message = str(caught.value)
    assert message.startswith("house.toml: rules.data: ")
    assert "bonus_tiles.csv: row 1 (line 2), column effect" in message


@pytest.mark.parametrize("meta, words", [
    ("", "data_source: expected a non-empty string"),
    ('data_source = "x"\nsource = "y"\n', "source: unknown key"),
    ("data_source = \n", "cannot read"),
])
def test_bad_meta_toml(tmp_path, meta, words):
    folder = broken_folder(tmp_path, PACKAGE_DATA, "meta.toml", lambda t: meta)
    with pytest.raises(ConfigError, match=words):
        InkRules.from_overrides({"data": str(folder)})


def test_missing_folder_and_files(tmp_path):
    with pytest.raises(ConfigError, match="no such data folder"):
        InkRules.from_overrides({"data": str(tmp_path / "none")})
    folder = broken_folder(tmp_path, PACKAGE_DATA, "tiles.csv", lambda t: t)
    (folder / "x_tokens.csv").unlink()
    with pytest.raises(ConfigError, match=r"x_tokens.csv: missing"):
        InkRules.from_overrides({"data": str(folder)})
    (folder / "meta.toml").unlink()
    with pytest.raises(ConfigError, match=r"meta.toml: missing"):
        InkRules.from_overrides({"data": str(folder)})


def test_a_tagged_copy_is_accepted_with_its_tag(tmp_path):
    folder = broken_folder(tmp_path, PACKAGE_DATA, "meta.toml", lambda t: 'data_source = "printed"\n')
    assert InkRules.from_overrides({"data": str(folder)}).data_source == "printed"
