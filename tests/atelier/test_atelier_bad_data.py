"""A corpus of broken data folders, one per kind of error spec §5.4 lists (plus the file-format errors): each is the
shipped data with one change, and each error names the file, the row and the column, and is the error type the CLI
turns into exit status 2."""

import pytest
from broken_data import broken_folder, cell, check_names_the_place, drop_column, set_cell

from simkit.core.errors import ConfigError
from simkit.games.atelier.rules import AtelierRules
from simkit.games.atelier.rules.datafiles import PACKAGE_DATA


def add_colour_column(text: str) -> str:
    header, *rows = text.splitlines()
    return "\n".join([header + ",colour", *(row + ",blue" for row in rows)]) + "\n"


def masterpieces_off(text: str) -> str:
    return text.replace(",true,", ",false,")


# (case, file, change, row or None, column, words the message must contain)
CORPUS = [
    ("missing column", "paintings.csv", lambda t: drop_column(t, "vp"), None, "vp", "missing"),
    ("unknown column", "patrons.csv", add_colour_column, None, "'colour'", "unknown column"),
    ("short row", "paintings.csv", lambda t: t.replace("\n3,Impressionist,2,0,0,1,2,1,false,\n", "\n3,Impressionist\n"),
     3, None, "expected 10 fields"),
    ("duplicate card id", "paintings.csv", cell(5, "card_id", "4"), 5, "card_id", "duplicate id 4"),
    ("card id not an integer", "paintings.csv", cell(1, "card_id", "one"), 1, "card_id", "not an integer"),
    ("unknown category", "paintings.csv", cell(7, "category", "Cubist"), 7, "category", "'Cubist'"),
    ("negative cost", "paintings.csv", cell(2, "blue", "-1"), 2, "blue", "out of range"),
    ("cost not an integer", "paintings.csv", cell(2, "yellow", "1.5"), 2, "yellow", "not an integer"),
    ("total cost zero", "paintings.csv", lambda t: set_cell(set_cell(t, 1, "blue", "0"), 1, "green", "0"), 1,
     "blue, green, red, yellow", "at least 1 paint"),
    ("bad vp", "paintings.csv", cell(9, "vp", "six"), 9, "vp", "not an integer"),
    ("negative students returned", "paintings.csv", cell(10, "students_returned", "-2"), 10, "students_returned",
     "out of range"),
    ("masterpiece not boolean", "paintings.csv", cell(8, "masterpiece", "yes"), 8, "masterpiece", "not a boolean"),
    ("unknown power", "paintings.csv", cell(2, "power", "wp_gold_5"), 2, "power", "'wp_gold_5'"),
    ("too few masterpieces", "paintings.csv", masterpieces_off, None, "masterpiece", "0 masterpieces"),
    ("unknown effect kind", "powers.csv", cell(1, "effect", "steal_paint"), 1, "effect", "'steal_paint'"),
    ("unknown timing", "powers.csv", cell(3, "timing", "sometimes"), 3, "timing", "'sometimes'"),
    ("timing disagrees with the effect", "powers.csv", cell(1, "timing", "ongoing"), 1, "timing",
     "gain_inspiration is a when_painted power"),
    ("amount zero", "powers.csv", cell(2, "amount", "0"), 2, "amount", "out of range"),
    ("amount not an integer", "powers.csv", cell(4, "amount", "x"), 4, "amount", "not an integer"),
    ("duplicate power id", "powers.csv", cell(2, "power_id", "wp_inspiration_2"), 2, "power_id", "duplicate"),
    ("unknown condition kind", "patrons.csv", cell(13, "condition", "most_gold"), 13, "condition", "'most_gold'"),
    ("param missing", "patrons.csv", cell(1, "param", ""), 1, "param", "needs a category"),
    ("param not a category", "patrons.csv", cell(2, "param", "Baroque"), 2, "param", "'Baroque'"),
    ("param not a colour", "patrons.csv", cell(9, "param", "purple"), 9, "param", "'purple'"),
    ("param where none is taken", "patrons.csv", cell(5, "param", "blue"), 5, "param", "takes no param"),
    ("duplicate patron id", "patrons.csv", cell(16, "patron_id", "1"), 16, "patron_id", "duplicate id 1"),
    ("negative patron vp", "patrons.csv", cell(3, "vp", "-2"), 3, "vp", "out of range"),
    ("bad cap", "patrons.csv", cell(9, "cap", "five"), 9, "cap", "not an integer"),
]


@pytest.mark.parametrize("case, file, change, row, column, words", CORPUS, ids=[c[0] for c in CORPUS])
def test_bad_data_names_file_row_and_column(tmp_path, case, file, change, row, column, words):
    folder = broken_folder(tmp_path, PACKAGE_DATA, file, change)
    with pytest.raises(ConfigError) as caught:
        AtelierRules.from_overrides({"data": str(folder)})
    check_names_the_place(caught.value, folder, file, row, column, words)


def test_errors_in_a_ruleset_name_the_ruleset_key_and_the_data_cell(tmp_path):
    folder = broken_folder(tmp_path, PACKAGE_DATA, "powers.csv", cell(1, "effect", "steal_paint"))
    with pytest.raises(ConfigError) as caught:
        AtelierRules.from_overrides({"data": str(folder)}, source="house.toml", prefix="rules.")
    message = str(caught.value)
    assert message.startswith("house.toml: rules.data: ") and "powers.csv: row 1 (line 2), column effect" in message
    with pytest.raises(ConfigError, match=r"^house.toml: rules.patrons_file: .*no such file"):
        AtelierRules.from_overrides({"patrons_file": str(tmp_path / "nope.csv")}, source="house.toml",
                                    prefix="rules.")


def test_a_replacement_file_needs_a_tagged_folder(tmp_path):
    (tmp_path / "paintings.csv").write_text((PACKAGE_DATA / "paintings.csv").read_text())
    with pytest.raises(ConfigError, match="meta.toml: missing"):
        AtelierRules.from_overrides({"paintings_file": str(tmp_path / "paintings.csv")})
    (tmp_path / "meta.toml").write_text('data_source = "printed"\n')
    rules = AtelierRules.from_overrides({"paintings_file": str(tmp_path / "paintings.csv")})
    assert rules.data_source == "printed + reconstructed-v1"


@pytest.mark.parametrize("meta, words", [
    ("", "data_source: expected a non-empty string"),
    ('data_source = ""\n', "data_source: expected a non-empty string"),
    ('data_source = "x"\nsource = "y"\n', "source: unknown key"),
    ("data_source = \n", "cannot read"),
])
def test_bad_meta_toml(tmp_path, meta, words):
    folder = broken_folder(tmp_path, PACKAGE_DATA, "patrons.csv", lambda t: t)
    (folder / "meta.toml").write_text(meta)
    with pytest.raises(ConfigError, match=words):
        AtelierRules.from_overrides({"data": str(folder)})


def test_missing_folder_and_file(tmp_path):
    with pytest.raises(ConfigError, match="no such data folder"):
        AtelierRules.from_overrides({"data": str(tmp_path / "none")})
    folder = broken_folder(tmp_path, PACKAGE_DATA, "patrons.csv", lambda t: t)
    (folder / "powers.csv").unlink()
    with pytest.raises(ConfigError, match=r"powers.csv: missing"):
        AtelierRules.from_overrides({"data": str(folder)})


def test_empty_files(tmp_path):
    folder = broken_folder(tmp_path, PACKAGE_DATA, "patrons.csv", lambda t: t.splitlines()[0] + "\n")
    with pytest.raises(ConfigError, match="patrons.csv: no data rows"):
        AtelierRules.from_overrides({"data": str(folder)})
    folder = broken_folder(tmp_path / "2", PACKAGE_DATA, "powers.csv", lambda t: "")
    with pytest.raises(ConfigError, match="powers.csv: header \\(line 1\\), column power_id, timing"):
        AtelierRules.from_overrides({"data": str(folder)})
