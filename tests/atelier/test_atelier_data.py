"""Atelier's shipped data (spec §5): the files equal the spec's tables and generation rules, meet the check values
of §5.1, load into the arrays an engine reads, and every alternative data set loads with its own tag."""

import csv
import fnmatch
import tomllib
import warnings
from pathlib import Path

import numpy as np
import pytest

from simkit.games.atelier import alternatives, reconstruction
from simkit.games.atelier.rules import AtelierDataWarning, AtelierRules
from simkit.games.atelier.rules.components import NO_CAP, NO_PARAM, NO_POWER
from simkit.games.atelier.rules.vocabulary import CATEGORIES, Colour, Condition, Effect, Timing

PKG = Path(reconstruction.__file__).parent
DATA = PKG / "data"
ROOT = PKG.parents[2]
SPEC = Path("/work/shared/rules/atelier.md")


def spec_table(header: str) -> list[list[str]]:
    """The rows of the Markdown table of RULES.md whose header line is `header`."""
    lines = (PKG / "RULES.md").read_text(encoding="utf-8").splitlines()
    start = lines.index(header) + 2
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def shipped_rows(name: str) -> list[list[str]]:
    with (DATA / name).open(newline="", encoding="utf-8") as fh:
        return list(csv.reader(fh))[1:]


@pytest.fixture(scope="module")
def rules():
    return AtelierRules.from_overrides()


@pytest.mark.skipif(not SPEC.exists(), reason="the shared spec is not on this machine")
def test_rules_md_is_a_verbatim_copy_of_the_spec():
    assert (PKG / "RULES.md").read_bytes() == SPEC.read_bytes()


@pytest.mark.parametrize("name, header", [
    ("paintings.csv",
     "| card_id | category | blue | green | red | yellow | vp | students_returned | masterpiece | power |"),
    ("powers.csv", "| power_id | timing | effect | amount | text |"),
    ("patrons.csv", "| patron_id | condition | param | vp | cap |"),
])
def test_shipped_files_equal_the_spec_tables(name, header):
    assert shipped_rows(name) == spec_table(header)


def test_shipped_folders_equal_the_generator_output():
    folders = {DATA: reconstruction.reconstructed()}
    folders |= {DATA / "alternatives" / name: data for name, data in alternatives.ALTERNATIVES.items()}
    for folder, data in folders.items():
        for file_name, text in reconstruction.folder_texts(data).items():
            assert (folder / file_name).read_text(encoding="utf-8") == text, folder / file_name


def test_data_source_tag(rules):
    assert tomllib.loads((DATA / "meta.toml").read_text())["data_source"] == "reconstructed-v1"
    assert rules.data_source == "reconstructed-v1"
    sources = rules.data_sources()
    assert sources["paintings"] == "simkit/games/atelier/data/paintings.csv (reconstructed-v1)"
    assert all(v.endswith("(reconstructed-v1)") for k, v in sources.items() if k != "data_source")


def test_painting_check_values(rules):
    """spec §5.1 "Check values"."""
    p = rules.paintings
    assert len(p) == 40 and list(p.ids) == list(range(1, 41))
    assert np.bincount(p.category).tolist() == [10] * 4
    totals = p.cost.sum(axis=1)
    for c in range(4):
        assert sorted(totals[p.category == c].tolist()) == [2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
        assert int(p.vp[p.category == c].sum()) == 31
        assert sorted(totals[(p.category == c) & p.masterpiece].tolist()) == [5, 6, 6]
    assert p.cost.sum(axis=0).tolist() == [40] * 4
    theme = {CATEGORIES.index("Impressionist"): Colour.BLUE, CATEGORIES.index("Post Impressionist"): Colour.YELLOW,
             CATEGORIES.index("Realist"): Colour.GREEN, CATEGORIES.index("Romantic"): Colour.RED}
    for c, colour in theme.items():
        in_category = p.cost[p.category == c]
        assert in_category[:, colour].sum() == 16
        assert all(in_category[:, other].sum() == 8 for other in Colour if other != colour)
    assert int(p.masterpiece.sum()) == 12
    assert int(p.vp.sum()) == 124
    assert int(p.cost.max()) <= 3
    powered = p.power != NO_POWER
    assert int(powered.sum()) == 12
    assert int((p.power_timing == Timing.WHEN_PAINTED).sum()) == 8
    assert int((p.power_timing == Timing.ONGOING).sum()) == 4
    assert (p.power_timing[~powered] == NO_POWER).all() and (p.power_amount[~powered] == 0).all()
    cheap_pairs = {frozenset(np.flatnonzero(row).tolist()) for row in p.cost[totals == 2]}
    assert len(cheap_pairs) == 6  # every colour pair is the whole cost of a cost-2 card
    for card in (2, 32):  # blue + red, for the golden example round (spec §7.3)
        i = list(p.ids).index(card)
        assert p.cost[i].tolist() == [1, 0, 1, 0]
    assert list(p.ids).index(2) == 1 and p.power_effect[1] == Effect.GAIN_INSPIRATION and p.power_amount[1] == 2


def test_generation_rules_3_and_4(rules):
    """spec §5.1 rules 3 and 4: vp = max(1, total − 1 + [masterpiece] − [power]);
    students_returned = ⌊(total − 1) / 2⌋."""
    p = rules.paintings
    total = p.cost.sum(axis=1)
    expected_vp = np.maximum(1, total - 1 + p.masterpiece.astype(int) - (p.power != NO_POWER).astype(int))
    assert p.vp.tolist() == expected_vp.tolist()
    assert p.students_returned.tolist() == ((total - 1) // 2).tolist()


def test_powers_as_arrays(rules):
    w = rules.powers
    assert w.ids == tuple(r[0] for r in reconstruction.POWERS)
    assert [Effect(e) for e in w.effect] == list(Effect)  # the reconstructed set has one power per kind
    assert w.amount.tolist() == [2, 2, 2, 1, 1, 1, 0, 1]
    ongoing = rules.paintings.power_effect[rules.paintings.power_timing == Timing.ONGOING]
    assert sorted(ongoing.tolist()) == [Effect.DIE_ADJUST, Effect.WILD_PAINT, Effect.COLLECT_TIES,
                                        Effect.EXTRA_INSPIRATION]


def test_patrons_as_arrays(rules):
    t = rules.patrons
    assert len(t) == 16 and list(t.ids) == list(range(1, 17))
    counts = np.bincount(t.condition, minlength=len(Condition))
    assert counts[Condition.CATEGORY_COUNT] == 4 and counts[Condition.PAINT_LEFT] == 4
    assert counts[Condition.MASTERPIECE_COUNT] == 2 and counts[Condition.CATEGORY_SET] == 2
    assert all(counts[k] == 1 for k in (Condition.MAJORITY_COUNT, Condition.POWER_COUNT, Condition.PAINTING_COUNT,
                                        Condition.INSPIRATION_LEFT))
    assert t.param[t.condition == Condition.CATEGORY_COUNT].tolist() == [0, 1, 2, 3]
    assert t.param[t.condition == Condition.PAINT_LEFT].tolist() == [int(c) for c in Colour]
    without_param = (t.condition != Condition.CATEGORY_COUNT) & (t.condition != Condition.PAINT_LEFT)
    assert (t.param[without_param] == NO_PARAM).all()
    capped = t.cap != NO_CAP
    assert t.cap[capped].tolist() == [5] * 5 and t.vp.tolist()[:8] == [2, 2, 2, 2, 2, 2, 4, 4]


@pytest.mark.parametrize("name", sorted(alternatives.ALTERNATIVES))
def test_every_alternative_loads_with_its_own_tag(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AtelierDataWarning)  # fewer-masterpieces warns at 4 players (spec §5.4)
        rules = AtelierRules.from_overrides({"data": f"alternatives/{name}", "n_players": 2})
    assert rules.data_source == f"sensitivity-{name}"
    assert rules.data_sources()["paintings"] == (f"simkit/games/atelier/data/alternatives/{name}/paintings.csv "
                                                f"(sensitivity-{name})")
    assert len(rules.paintings) == 40 and len(rules.patrons) == 16


def test_alternatives_change_what_they_say():
    def load(name, **extra):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AtelierDataWarning)
            return AtelierRules.from_overrides({"data": f"alternatives/{name}", **extra})
    base = AtelierRules.from_overrides()
    assert int(load("more-masterpieces").paintings.masterpiece.sum()) == 16
    assert int(load("fewer-masterpieces", n_players=3).paintings.masterpiece.sum()) == 8
    steep, flat = load("steeper-vp").paintings, load("flatter-vp").paintings
    for deck in (steep, flat):
        assert (deck.cost == base.paintings.cost).all() and (deck.masterpiece == base.paintings.masterpiece).all()
    slope = lambda deck: np.polyfit(deck.cost.sum(axis=1), deck.vp, 1)[0]
    assert slope(steep) > slope(base.paintings) > slope(flat)
    stronger = load("stronger-powers")
    assert (stronger.paintings.power_effect == base.paintings.power_effect).all()
    with_amount = (base.paintings.power != NO_POWER) & (base.paintings.power_effect != Effect.COLLECT_TIES)
    assert (stronger.paintings.power_amount[with_amount] == base.paintings.power_amount[with_amount] + 1).all()
    none = load("no-powers")
    assert len(none.powers) == 0 and (none.paintings.power == NO_POWER).all()


def test_fewer_masterpieces_warns_at_four_players_only():
    with pytest.warns(AtelierDataWarning, match="8 masterpieces with 4 players"):
        AtelierRules.from_overrides({"data": "alternatives/fewer-masterpieces", "n_players": 4})
    with warnings.catch_warnings():
        warnings.simplefilter("error", AtelierDataWarning)
        AtelierRules.from_overrides({"data": "alternatives/fewer-masterpieces", "n_players": 3})
        AtelierRules.from_overrides({"n_players": 4})


def test_one_file_replaced_carries_its_folder_tag():
    rules = AtelierRules.from_overrides({"paintings_file": "alternatives/steeper-vp/paintings.csv"})
    assert rules.data_source == "sensitivity-steeper-vp + reconstructed-v1"
    assert rules.data_sources()["powers"].endswith("data/powers.csv (reconstructed-v1)")


def test_pyproject_ships_every_data_file():
    """A non-editable install copies the files that the package-data patterns of the atelier package match."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"][
        "simkit.games.atelier"]
    shipped = [p.relative_to(PKG).as_posix() for p in PKG.rglob("*")
               if p.is_file() and p.suffix in (".csv", ".toml", ".md")]
    assert len(shipped) == 1 + 5 + 1 + 4 * len(alternatives.ALTERNATIVES)  # RULES.md, data/, alternatives/
    assert all(any(fnmatch.fnmatch(f, pat) and f.count("/") == pat.count("/") for pat in patterns) for f in shipped)
