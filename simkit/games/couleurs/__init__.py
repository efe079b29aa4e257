"""Couleurs de Paris with house-rule variant J (rules in RULES.md, reconstructed component data in data/).

Folders by role: rules/ (parameters and rulesets, component data, the rules record, sensitivity data sets), engine/
(the compiled rules: state record, transitions, scoring), policies/ (compiled policies and their dispatch), reports/;
batch.py and game.py are the two drivers' glue (`CouleursGame` / `CouleursState`, the core protocol).
"""
