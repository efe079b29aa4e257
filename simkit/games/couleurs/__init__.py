"""Couleurs de Paris with house-rule variant J (rules in RULES.md, reconstructed component data in data/).

Modules: components (data files and loaders), rules (parameters and rulesets), state (the numpy record and the
action encoding), engine (the compiled rules), policies/dispatch (compiled policies), batch (the fast path),
game (`CouleursGame` / `CouleursState`, the core protocol).
"""
