"""Tune files (TOML): an experiment whose rule values are searched for a balance objective.

    [tune]
    name = "couleurs-value-curve"     # optional; defaults to the file name
    seed = 2040                       # the sampler's seed and the search games' master seed
    trials = 60                       # candidates tried (--trials overrides)
    start_games = 60                  # games per cell at the first rung; each rung doubles them
    rungs = 3                         # 60, 120, 240 games per cell: a candidate is pruned between rungs
    pruner = "halving"                # halving (successive halving) | median | none
    mode = "sum"                      # sum: minimise the weighted sum | pareto: the front of the objectives
    finalists = 3                     # best candidates re-played on fresh seeds
    final_games = 1200                # games per cell of that re-evaluation
    resamples = 2000                  # bootstrap resamples of deals for its intervals
    confidence = 0.95

    [experiment]                      # as in an experiment file, without games and seed
    game = "couleurs"
    seats = "rotate"
    player_counts = [2, 3, 4]

    [rules]                           # the fixed rules (and the reference values of the searched ones)
    [variants.NAME]                   # optional cells with other fixed rules
    [[players]]                       # the lineup; `label` names a policy for the objectives

    [space.painting_values]           # a searched rule key (see `simkit rules GAME`)
    low = 4                           # integers when low and high are integers
    high = 30
    length = 4                        # a vector...
    constraint = "increasing"         # ...searched as its first value and steps of at least min_step
    # choices = ["a", "b"]            # or a choice; log = true for a log scale

    [thresholds.target]               # a searched number that is not a rule: an objective's threshold,
    low = 10                          # evaluated on the same games (nothing is replayed for it)
    high = 40
    reference = 25                    # optional: the value in use, re-evaluated beside the finalists

    [[objectives]]                    # win_share_spread | reach | seat_advantage | game_length
    kind = "win_share_spread"
    policies = ["expensive", "cheap"] # labels of [[players]]
    target = 0.0
    weight = 1.0
    combine = "mean"                  # over the cells it reads: mean | max
    variants = ["baseline"]           # optional: only these cells (players = [2, 3] likewise)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping

from simkit.core.columns import frame_columns
from simkit.core.errors import ConfigError
from simkit.core.experiment import Experiment, check_sections, load_toml, parse_experiment, table_of, typed_keys
from simkit.core.game import make
from simkit.tune.objectives import COMBINE, KINDS, Objective
from simkit.tune.space import CONSTRAINTS, Dimension

TOP_LEVEL = ("tune", "experiment", "rules", "variants", "players", "space", "thresholds", "objectives")
TUNE_KEYS = {"name": str, "description": str, "seed": int, "trials": int, "start_games": int, "rungs": int,
             "pruner": str, "mode": str, "finalists": int, "final_games": int, "resamples": int, "confidence": float}
DIMENSION_KEYS = {"low": float, "high": float, "log": bool, "choices": list, "length": int, "constraint": str,
                  "min_step": float, "max_step": float, "reference": float}
OBJECTIVE_KEYS = {"kind": str, "name": str, "weight": float, "combine": str, "variants": list, "players": list,
                  "policies": list, "policy": str, "target": float, "column": str, "threshold": object,
                  "range": list}
PRUNERS = ("halving", "median", "none")
MODES = ("sum", "pareto")


@dataclass(frozen=True)
class Budget:
    trials: int = 40
    start_games: int = 60
    rungs: int = 3
    pruner: str = "halving"
    mode: str = "sum"
    finalists: int = 3
    final_games: int = 1000
    resamples: int = 2000
    confidence: float = 0.95
    quick: bool = False  # a smoke-test budget (--quick): the report says so


@dataclass(frozen=True)
class TuneSpec:
    name: str
    description: str
    source: str
    seed: int
    budget: Budget
    experiment_data: Mapping[str, Any]  # the experiment sections, as read
    dimensions: tuple[Dimension, ...]
    objectives: tuple[Objective, ...]
    reference: tuple[dict[str, Any], dict[str, Any]] | None  # (rules, thresholds) in use, when all are known
    base: Experiment  # the experiment with the reference (or default) rules

    @property
    def deal_size(self) -> int:
        """Games that share a seed: a whole number of deals per rung keeps every policy in every seat."""
        return len(self.base.lineup) if self.base.seats == "rotate" else 1

    def games(self, wanted: int) -> int:
        return -(-wanted // self.deal_size) * self.deal_size

    @property
    def rung_games(self) -> list[int]:
        return [self.games(self.budget.start_games * 2 ** r) for r in range(self.budget.rungs)]

    def experiment(self, rules: Mapping[str, Any]) -> Experiment:
        """The experiment with a candidate's rule values over the fixed rules (its variants' overrides on top)."""
        data = dict(self.experiment_data)
        data["rules"] = {**data.get("rules", {}), **rules}
        return parse_experiment(data, self.source)


def _number(value, key: str, source: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ConfigError(f"expected a number, got {value!r}", source=source, key=key)
    return value


def _dimension(name: str, table: Any, *, rule: bool, section: str, source: str) -> Dimension:
    key = f"{section}.{name}"
    if not isinstance(table, dict):
        raise ConfigError(f"expected a table [{key}] with low and high, or choices", source=source, key=key)
    typed_keys(table, DIMENSION_KEYS, key, source)
    if "reference" in table and rule:
        raise ConfigError("a rule's reference value is its [rules] value (or the game's default)", source=source,
                          key=f"{key}.reference")
    if "choices" in table:
        choices = table["choices"]
        if not choices or set(table) - {"choices"}:
            raise ConfigError("choices: a non-empty list, without low, high or length", source=source, key=key)
        return Dimension(name, rule, choices=tuple(choices))
    if "low" not in table or "high" not in table:
        raise ConfigError("missing low and high (or choices)", source=source, key=key)
    low, high = table["low"], table["high"]
    if not low < high:
        raise ConfigError(f"low ({low}) must be below high ({high})", source=source, key=f"{key}.low")
    integer = all(isinstance(v, int) for v in (low, high))
    length, constraint = table.get("length"), table.get("constraint", "none")
    if constraint not in CONSTRAINTS:
        raise ConfigError(f"{constraint!r} is not allowed; expected one of {', '.join(CONSTRAINTS)}", source=source,
                          key=f"{key}.constraint")
    if length is None and ("constraint" in table or "min_step" in table or "max_step" in table):
        raise ConfigError("constraint, min_step and max_step need a vector (length = N)", source=source, key=key)
    if length is not None and length < 2:
        raise ConfigError(f"a vector needs length >= 2, got {length}", source=source, key=f"{key}.length")
    if table.get("log") and (length is not None or low <= 0):
        raise ConfigError("log needs a scalar with low > 0", source=source, key=f"{key}.log")
    min_step = table.get("min_step", 1 if integer else 0.0)
    if integer and not isinstance(min_step, int) or min_step < 0 or (constraint == "increasing" and min_step == 0):
        raise ConfigError(f"must be a positive {'integer' if integer else 'number'}, got {min_step!r}", source=source,
                          key=f"{key}.min_step")
    dim = Dimension(name, rule, low, high, integer, bool(table.get("log", False)), None, length, constraint, min_step,
                    table.get("max_step"))
    if length is not None and constraint == "increasing":
        if high - low < (length - 1) * min_step:
            raise ConfigError(f"[{low}, {high}] has no room for {length} values {min_step} apart", source=source,
                              key=key)
        if not min_step <= dim.step_high:
            raise ConfigError(f"max_step must be at least min_step ({min_step})", source=source, key=f"{key}.max_step")
    if "reference" in table and not low <= table["reference"] <= high:
        raise ConfigError(f"{table['reference']} is outside [{low}, {high}]", source=source, key=f"{key}.reference")
    return dim


def _objective(i: int, table: Any, spec: dict, source: str) -> Objective:
    key = f"objectives[{i}]"
    if not isinstance(table, dict):
        raise ConfigError("expected [[objectives]] tables", source=source, key=key)
    typed_keys(table, OBJECTIVE_KEYS, key, source)
    kind = table.get("kind")
    if kind not in KINDS:
        raise ConfigError(f"kind {kind!r} is not allowed; expected one of {', '.join(KINDS)}", source=source,
                          key=f"{key}.kind")
    exp: Experiment = spec["base"]
    labels = {c.label for c in exp.lineup}
    fields: dict[str, Any] = {"kind": kind, "name": table.get("name", f"{kind} {i + 1}"),
                              "weight": float(table.get("weight", 1.0)), "combine": table.get("combine", "mean")}
    if not fields["weight"] > 0:
        raise ConfigError(f"must be positive, got {fields['weight']}", source=source, key=f"{key}.weight")
    if fields["combine"] not in COMBINE:
        raise ConfigError(f"expected one of {', '.join(COMBINE)}", source=source, key=f"{key}.combine")
    if "variants" in table:
        unknown = [v for v in table["variants"] if v not in exp.variants]
        if unknown or not table["variants"]:
            raise ConfigError(f"unknown variant {unknown[0] if unknown else None!r}; known: {', '.join(exp.variants)}",
                              source=source, key=f"{key}.variants")
        fields["variants"] = tuple(table["variants"])
    if "players" in table:
        counts = sorted({c.n_players for c in exp.cells})
        if not table["players"] or any(n not in counts for n in table["players"]):
            raise ConfigError(f"expected player counts among {counts}", source=source, key=f"{key}.players")
        fields["players"] = tuple(table["players"])
    wanted = {"win_share_spread": {"policies", "target"}, "reach": {"policy", "target", "column", "threshold"},
              "seat_advantage": set(), "game_length": {"column", "range"}}[kind]
    extra = sorted(set(table) - wanted - {"kind", "name", "weight", "combine", "variants", "players"})
    if extra:
        raise ConfigError(f"{kind} takes no key {extra[0]!r}", source=source, key=f"{key}.{extra[0]}")
    policies = table.get("policies", [table["policy"]] if "policy" in table else [])
    for label in policies:
        if label not in labels:
            raise ConfigError(f"unknown policy label {label!r}; the lineup's: {', '.join(sorted(labels))}",
                              source=source, key=f"{key}.{'policies' if 'policies' in table else 'policy'}")
    fields["policies"] = tuple(policies)
    if kind == "win_share_spread" and len(set(policies)) < 2:
        raise ConfigError("name two or more distinct policy labels", source=source, key=f"{key}.policies")
    if kind == "reach":
        for needed in ("policy", "target", "threshold"):
            if needed not in table:
                raise ConfigError(f"reach needs {needed}", source=source, key=f"{key}.{needed}")
        threshold = table["threshold"]
        if isinstance(threshold, str):
            if threshold not in spec["thresholds"]:
                raise ConfigError(f"{threshold!r} is not a [thresholds] name; known: "
                                  f"{', '.join(spec['thresholds']) or 'none'}", source=source, key=f"{key}.threshold")
        else:
            _number(threshold, f"{key}.threshold", source)
        fields["threshold"] = threshold
        if not 0 <= table["target"] <= 1:
            raise ConfigError(f"a probability in [0, 1], got {table['target']}", source=source, key=f"{key}.target")
        fields["column"] = table.get("column", "score")
    if "target" in table:
        fields["target"] = float(table["target"])
    if kind == "game_length":
        bounds = table.get("range")
        if not isinstance(bounds, list) or len(bounds) != 2 or not bounds[0] <= bounds[1]:
            raise ConfigError(f"expected [low, high] with low <= high, got {bounds!r}", source=source,
                              key=f"{key}.range")
        fields["low"], fields["high"] = (_number(b, f"{key}.range", source) for b in bounds)
        if "column" not in table:
            raise ConfigError("game_length needs column (e.g. turns or rounds)", source=source, key=f"{key}.column")
        fields["column"] = table["column"]
    if fields.get("column"):
        known = [name for name, _, _ in frame_columns(exp.game.result_columns)]
        if fields["column"] not in known:
            raise ConfigError(f"unknown results column {fields['column']!r}; known: {', '.join(known)}",
                              source=source, key=f"{key}.column")
    return Objective(**fields)


def _budget(head: Mapping, source: str) -> Budget:
    budget = Budget(**{k: head[k] for k in TUNE_KEYS if k in Budget.__dataclass_fields__ and k in head})
    budget = replace(budget, confidence=float(budget.confidence))
    for name, least in (("trials", 1), ("start_games", 1), ("rungs", 1), ("finalists", 2), ("final_games", 2),
                        ("resamples", 100)):
        if getattr(budget, name) < least:
            raise ConfigError(f"must be at least {least}, got {getattr(budget, name)}", source=source,
                              key=f"tune.{name}")
    if budget.pruner not in PRUNERS:
        raise ConfigError(f"expected one of {', '.join(PRUNERS)}", source=source, key="tune.pruner")
    if budget.mode not in MODES:
        raise ConfigError(f"expected one of {', '.join(MODES)}", source=source, key="tune.mode")
    if not 0 < budget.confidence < 1:
        raise ConfigError(f"must be in (0, 1), got {budget.confidence}", source=source, key="tune.confidence")
    return budget


def parse_tune(data: Mapping[str, Any], source: str) -> TuneSpec:
    check_sections(data, TOP_LEVEL, source)
    head = table_of(data, "tune", source)
    typed_keys(head, TUNE_KEYS, "tune", source)
    budget = _budget(head, source)
    seed = head.get("seed", 0)
    if not 0 <= seed < 2**63:
        raise ConfigError(f"must be in 0..2**63-1, got {seed}", source=source, key="tune.seed")
    exp_head = table_of(data, "experiment", source)
    for key in ("games", "seed"):
        if key in exp_head:
            raise ConfigError("set by [tune] (start_games, final_games, seed), not here", source=source,
                              key=f"experiment.{key}")
    experiment_data = {k: data[k] for k in ("experiment", "rules", "variants", "players") if k in data}
    experiment_data["experiment"] = {**exp_head, "seed": seed}
    base = parse_experiment(experiment_data, source)
    rule_params = {p.name: p for p in base.game.rule_params}
    dims = []
    for name, table in table_of(data, "space", source).items():
        if name not in rule_params or name == "n_players":
            raise ConfigError(f"unknown rule key {name!r} (n_players: use experiment.player_counts); see `simkit "
                              f"rules {base.game_id}`", source=source, key=f"space.{name}")
        dim = _dimension(name, table, rule=True, section="space", source=source)
        for variant, overrides in experiment_data.get("variants", {}).items():
            if name in overrides:  # the variant's value would hide the candidate's in its cells
                raise ConfigError(f"searched under [space.{name}]: a variant cannot set it", source=source,
                                  key=f"variants.{variant}.{name}")
        for corner in dim.corners():  # the game's own checks on the extreme values
            make(base.game_id, {**experiment_data.get("rules", {}), name: corner}, source=source, prefix="space.")
        dims.append(dim)
    thresholds = {}
    for name, table in table_of(data, "thresholds", source).items():
        if name in rule_params:
            raise ConfigError("a rule key: search it under [space]", source=source, key=f"thresholds.{name}")
        dim = _dimension(name, table, rule=False, section="thresholds", source=source)
        if dim.choices is not None or dim.length is not None:
            raise ConfigError("a threshold is one number (low, high)", source=source, key=f"thresholds.{name}")
        thresholds[name] = (dim, table.get("reference"))
        dims.append(dim)
    if not dims:
        raise ConfigError("nothing to search: add [space.RULE_KEY] or [thresholds.NAME] tables", source=source,
                          key="space")
    raw = data.get("objectives")
    if not isinstance(raw, list) or not raw:
        raise ConfigError("expected one or more [[objectives]] tables", source=source, key="objectives")
    context = {"base": base, "thresholds": thresholds}
    objectives = tuple(_objective(i, t, context, source) for i, t in enumerate(raw))
    names = [o.name for o in objectives]
    if len(set(names)) != len(names):
        raise ConfigError("objective names must differ", source=source, key="objectives")
    reference = None
    if all(ref is not None for _, ref in thresholds.values()):
        rules = {d.name: base.game.rule_values[d.name] for d in dims if d.rule}
        reference = (rules, {name: ref for name, (_, ref) in thresholds.items()})
    return TuneSpec(head.get("name") or Path(source).stem, head.get("description", ""), source, seed, budget,
                    experiment_data, tuple(dims), objectives, reference, base)


def load_tune(path: str | Path) -> TuneSpec:
    return parse_tune(load_toml(path), str(path))
