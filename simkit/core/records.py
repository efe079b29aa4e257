"""Compiled helpers on numpy records, for every game's engine."""

from numba.core import cgutils, types
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
