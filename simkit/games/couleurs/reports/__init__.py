"""Reports on Couleurs de Paris, one package each: play, analysis, document, figures."""
