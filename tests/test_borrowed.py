"""simkit.core.records.borrowed and lend: views a batch loop hands its hot calls, which count no references."""

from collections import namedtuple

import numba as nb
import numpy as np
import pytest
from numba.core.registry import cpu_target

from simkit.core.records import BorrowedArray, borrowed, lend

Pair = namedtuple("Pair", ["small", "wide"])


def _read(table, i):
    return table[i, 1]


def _write_and_sum(table, values):
    view, lent = borrowed(table), borrowed(values)
    view[0, 0] = 7
    total = 0.0
    for i in range(view.shape[0]):
        total += view[i, 1] + lent[i]
    return total


def test_a_view_reads_and_writes_the_array_it_views():
    table = np.arange(12, dtype=np.int64).reshape(6, 2)
    values = np.linspace(0.0, 1.0, 6)
    assert nb.njit(_write_and_sum)(table, values) == float(table[:, 1].sum() + values.sum())
    assert table[0, 0] == 7


def test_a_call_taking_views_counts_no_references():
    read = nb.njit(_read)

    def loop(table, n):
        view = borrowed(table)
        total = 0
        for i in range(n):
            total += read(view, i % view.shape[0])
        return total

    table = np.arange(12, dtype=np.int64).reshape(6, 2)
    assert nb.njit(loop)(table, 12) == 2 * table[:, 1].sum()
    (signature,) = read.signatures
    assert isinstance(signature[0], BorrowedArray)
    code = read.inspect_llvm(signature)
    assert "NRT_incref" not in code and "NRT_decref" not in code
    # what decides it: the view's data model holds no meminfo for numba's reference counting, an array's does
    models = cpu_target.target_context.data_model_manager
    assert not models[signature[0]].contains_nrt_meminfo()
    assert models[nb.typeof(table)].contains_nrt_meminfo()


def _first(pair):
    return pair.small[1] + pair.wide[0, 2]


def test_lend_gives_the_same_named_tuple_of_views():
    pair = Pair(np.arange(3, dtype=np.int16), np.arange(6.0).reshape(2, 3))
    first = nb.njit(_first)
    assert nb.njit(lambda p: first(lend(p)))(pair) == 1 + 2.0
    (signature,) = first.signatures
    assert signature[0].instance_class is Pair
    assert [type(t) for t in signature[0]] == [BorrowedArray, BorrowedArray]
    assert [(t.dtype, t.ndim) for t in signature[0]] == [(nb.int16, 1), (nb.float64, 2)]


def test_a_view_cannot_be_returned_to_python():
    with pytest.raises(Exception, match="cannot be returned to Python"):
        nb.njit(lambda a: borrowed(a))(np.arange(3.0))
