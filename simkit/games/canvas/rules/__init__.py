"""Canvas rules and data: parameters and rulesets, loading and validating the component data, the compiled rules
record."""
