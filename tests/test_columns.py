"""core.columns: result columns declared once, the batch output built from them and turned back into arrays."""

import numpy as np
import pytest

from simkit.core.columns import END_COLUMNS, SEAT_COLUMNS, BatchLayout, Column, end_names, frame_columns

COLUMNS = (
    Column("grey", "int16", "grey ribbons"),
    Column("ribbons", "int8", "ribbons per card", parts=("ribbons_a", "ribbons_b"), nullable=True),
    Column("rounds", "int16", "rounds played", per_game=True),
    Column("scenario", "str", "scenario name"),
)
LAYOUT = BatchLayout(COLUMNS, __name__)
BatchOutput = LAYOUT.output_type
REASONS = ("painted", "black", "cap")


def test_fields_carry_the_column_names_and_shapes():
    out = LAYOUT.new(3, 2)
    assert out._fields == ("score", "rank", "win_share", "turns", "first_player", "end_reason", "triggers", "grey",
                           "ribbons", "rounds")
    assert out.ribbons.shape == (3, 2, 2) and out.rounds.shape == (3,) and out.grey.dtype == np.int16


def test_arrays_expand_parts_repeat_per_game_values_and_mask_negatives():
    out = LAYOUT.new(2, 3)
    out.first_player[:] = [0, 2]
    out.rounds[:] = [7, 9]
    out.ribbons[0, 1] = [4, -1]
    out.end_reason[:] = [1, 4]
    out.triggers[:] = [3, 0]
    arrays = LAYOUT.arrays(out, REASONS, 3, {"scenario": np.array(["x", "y"], dtype=object)})
    assert [name for name, _, _ in frame_columns(COLUMNS)] == list(arrays)
    np.testing.assert_array_equal(arrays["turn_order"], [[1, 2, 3], [2, 3, 1]])
    assert arrays["turn_order"].dtype == np.int8  # the declared dtype
    np.testing.assert_array_equal(arrays["rounds"], [[7, 7, 7], [9, 9, 9]])
    assert arrays["ribbons_a"][0, 1] == 4 and arrays["ribbons_b"][0, 1] is np.ma.masked
    assert not np.ma.is_masked(arrays["ribbons_b"][1])
    assert arrays["end_reason"].tolist() == [["painted"] * 3, ["cap"] * 3]
    assert arrays["triggers"].tolist() == [["painted,black"] * 3, [""] * 3]
    assert arrays["scenario"].tolist() == [["x"] * 3, ["y"] * 3]


@pytest.mark.parametrize("reason, mask, expected", [(0, 0, ("", "")), (1, 1, ("painted", "painted")),
                                                    (2, 3, ("black", "black,painted")),
                                                    (4, 5, ("cap", "cap,painted"))])
def test_end_names_put_the_first_trigger_first(reason, mask, expected):
    assert end_names(reason, mask, REASONS) == expected


def test_frame_columns_are_the_common_ones_then_the_game_s():
    names = [name for name, _, _ in frame_columns(COLUMNS)]
    common = [c.name for c in (*SEAT_COLUMNS, *END_COLUMNS)]
    assert names == [*common, "grey", "ribbons_a", "ribbons_b", "rounds", "scenario"]


def test_an_unbound_output_type_is_refused():
    layout = BatchLayout(COLUMNS, __name__, name="NotBound")
    with pytest.raises(TypeError, match="NotBound"):
        layout.new(1, 2)
