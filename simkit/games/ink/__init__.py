"""Ink (Final Score Games, 2025): tile drafting on the nib wheel and tile laying into a personal painting; the
first player to place every ink bottle wins. RULES.md is the specification the code cites as `spec §x.y`."""
