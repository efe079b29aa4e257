"""Couleurs de Paris rules and data: parameters and rulesets, loading and validating the component data, the compiled
rules record, the sensitivity data sets."""
