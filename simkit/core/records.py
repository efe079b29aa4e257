"""Compiled helpers on numpy records, for every game's engine."""

from numba.core import cgutils, types
from numba.np.arrayobj import populate_array
from numba.extending import intrinsic


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


@intrinsic
def borrowed(typingctx, array):
    """A view of `array` that holds no reference to it: passing it on or keeping it in a variable costs no atomic
    reference count (numba counts one for each array argument of each call and each variable holding an array,
    tens per decision for a policy reading a few tables). The caller must keep `array` alive as long as the view is
    used, and must not return or store the view: take it at the top of a loop's function from that function's own
    argument."""
    if not isinstance(array, types.Array):
        return None

    def codegen(context, builder, signature, args):
        src = context.make_array(array)(context, builder, value=args[0])
        view = context.make_array(array)(context, builder)
        populate_array(view, data=src.data, shape=src.shape, strides=src.strides, itemsize=src.itemsize,
                       meminfo=None)
        return view._getvalue()
    return array(array), codegen
