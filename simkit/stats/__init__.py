"""Game-agnostic statistics for Monte Carlo game simulations."""

from .clusters import clustered_mean
from .crossing import Crossing, crossing_point
from .balance import LengthSummary, closeness, game_length_summary, tie_rate, win_bias
from .intervals import Interval, mean_interval, quantile_interval, t_interval, wilson_interval, z_value
from .paired import PairedResult, holm, paired_difference
from .ratings import bradley_terry, plackett_luce
from .seats import seat_advantage
from .sequential import (
    DEFAULT_MIN_PAIRS,
    MIN_CHANGED_PAIRS,
    MIN_PAIRS,
    SPRTResult,
    batches_needed,
    halfwidth_stop,
    paired_halfwidth,
    precision_reached,
    required_n_mean,
    required_n_proportion,
    sprt_bernoulli,
    sprt_mean,
    sprt_paired,
    sprt_stop,
    sprt_thresholds,
)

__all__ = [
    "DEFAULT_MIN_PAIRS",
    "MIN_CHANGED_PAIRS",
    "MIN_PAIRS",
    "Crossing",
    "Interval",
    "LengthSummary",
    "PairedResult",
    "SPRTResult",
    "batches_needed",
    "bradley_terry",
    "closeness",
    "clustered_mean",
    "crossing_point",
    "game_length_summary",
    "halfwidth_stop",
    "holm",
    "mean_interval",
    "paired_difference",
    "paired_halfwidth",
    "plackett_luce",
    "precision_reached",
    "quantile_interval",
    "t_interval",
    "required_n_mean",
    "required_n_proportion",
    "seat_advantage",
    "sprt_bernoulli",
    "sprt_mean",
    "sprt_paired",
    "sprt_stop",
    "sprt_thresholds",
    "tie_rate",
    "wilson_interval",
    "win_bias",
    "z_value",
]
