"""Replay one game of a run decision by decision (`simkit replay`): printed text, a JSON Lines decision log and a
self-contained HTML page; with `--explain`, the candidates each shipped policy weighed."""
