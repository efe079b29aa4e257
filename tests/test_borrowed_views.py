"""simkit.core.records: compiled helpers on records and arrays."""

import numba as nb
import numpy as np

from simkit.core.records import borrowed


@nb.njit
def _write_through(values, rows):
    view = borrowed(values[rows])  # a strided slice: shape and strides must survive
    for i in range(view.shape[0]):
        for j in range(view.shape[1]):
            view[i, j] += 10 * i + j
    return view.shape[0], view.shape[1], view[view.shape[0] - 1, view.shape[1] - 1]


def test_a_borrowed_view_reads_and_writes_the_array_it_views():
    values = np.zeros((6, 3), np.int64)
    n_rows, n_cols, last = _write_through(values, slice(1, 6, 2))
    expected = np.zeros((6, 3), np.int64)
    expected[1::2] += 10 * np.arange(3)[:, None] + np.arange(3)[None, :]
    assert (n_rows, n_cols, last) == (3, 3, 22)
    assert np.array_equal(values, expected)
