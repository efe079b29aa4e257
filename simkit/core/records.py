"""Compiled helpers on numpy records, for every game's engine."""

from numba.core import cgutils, types
from numba.core.datamodel import models
from numba.extending import box, intrinsic, lower_cast, register_model
from numba.np.arrayobj import populate_array


@intrinsic
def clear_record(typingctx, record):
    """Set every byte of a record to zero (numba passes a record by pointer): a game's `setup` starts from a blank
    state, so nothing of a previous game survives."""
    if not isinstance(record, types.Record):
        return None

    def codegen(context, builder, signature, args):
        start = builder.bitcast(args[0], cgutils.voidptr_t)
        cgutils.memset(builder, start, context.get_constant(types.intp, record.size), 0)
        return context.get_dummy_value()
    return types.void(record), codegen


class BorrowedArray(types.Array):
    """The type of a `borrowed` view: an array numba keeps no reference count of. Its data model is an array's with
    the meminfo member typed as a plain pointer, so compiled code neither counts references to it when it is
    passed on or kept nor frees anything when it goes; everything else is an array's (indexing, shape, loops).
    An expression that makes a new array of it (a slice) gives an ordinary array."""

    def __init__(self, dtype, ndim, layout, readonly=False, aligned=True):
        super().__init__(dtype, ndim, layout, readonly=readonly, aligned=aligned,
                         name=f"borrowed array({dtype}, {ndim}d, {layout})")

    @property
    def key(self):
        return "borrowed", *super().key


@register_model(BorrowedArray)
class BorrowedArrayModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        members = [
            ("meminfo", types.voidptr),  # not types.MemInfoPointer: nothing to count
            ("parent", types.pyobject),
            ("nitems", types.intp),
            ("itemsize", types.intp),
            ("data", types.CPointer(fe_type.dtype)),
            ("shape", types.UniTuple(types.intp, fe_type.ndim)),
            ("strides", types.UniTuple(types.intp, fe_type.ndim)),
        ]
        super().__init__(dmm, fe_type, members)


@box(BorrowedArray)
def _no_boxing(typ, val, c):
    """A view cannot be handed back to Python: the array object made of it would outlive what it views."""
    raise TypeError("a borrowed array view cannot be returned to Python (it holds no reference to its array)")


@lower_cast(BorrowedArray, types.Array)
def _borrowed_to_array(context, builder, fromty, toty, val):
    """Where an ordinary array is wanted (a helper typed for any layout), the view passes as one: the same
    struct, whose null meminfo makes every reference count a no-op."""
    return val


def _view_type(array: types.Array) -> BorrowedArray:
    return BorrowedArray(array.dtype, array.ndim, array.layout, readonly=not array.mutable, aligned=array.aligned)


def _view(context, builder, array_type, view_type, value):
    source = context.make_array(array_type)(context, builder, value=value)
    view = context.make_array(view_type)(context, builder)
    populate_array(view, data=source.data, shape=source.shape, strides=source.strides, itemsize=source.itemsize,
                   meminfo=None)
    return view._getvalue()


@intrinsic
def borrowed(typingctx, array):
    """A view of `array` that holds no reference to it (a BorrowedArray). numba counts a reference (two calls, and
    an atomic add and subtract) for every array argument of every call: a batch loop that hands a policy a few
    tables on each decision pays tens of them per decision, where the view pays none. The caller must keep
    `array` alive as long as the view is used and must not return or store the view: take it at the top of a
    loop's function from that function's own argument, which its caller keeps alive."""
    if not isinstance(array, types.Array):
        return None
    view_type = _view_type(array)

    def codegen(context, builder, signature, args):
        return _view(context, builder, array, view_type, args[0])
    return view_type(array), codegen


@intrinsic
def lend(typingctx, arrays):
    """`borrowed` views of every array of a tuple or named tuple of arrays (the same kind of tuple)."""
    if not isinstance(arrays, types.BaseTuple) or not all(isinstance(t, types.Array) for t in arrays):
        return None
    views = [_view_type(t) for t in arrays]
    if isinstance(arrays, (types.NamedTuple, types.NamedUniTuple)):
        same = len(set(views)) == 1
        out = (types.NamedUniTuple(views[0], len(views), arrays.instance_class) if same
               else types.NamedTuple(views, arrays.instance_class))
    else:
        out = types.Tuple(views)

    def codegen(context, builder, signature, args):
        items = [_view(context, builder, t, v, builder.extract_value(args[0], i))
                 for i, (t, v) in enumerate(zip(arrays, views))]
        return context.make_tuple(builder, out, items)
    return out(arrays), codegen
