"""What every strategy report shares (Atelier's and Ink's): mixed lineups of strategy families with seats rotated
on the shipped data and on alternative data sets (`study`), the tables over deals (`tables`), headlines and their
sensitivity (`headlines`), text (`display`), figures (`figures`) and the staged write (`write`). A game's report
module says what is its own: its families, data sets, outcome measures, headlines and sections."""
