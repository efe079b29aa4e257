"""Reports on Atelier, one package each: play, analysis, document, figures."""
