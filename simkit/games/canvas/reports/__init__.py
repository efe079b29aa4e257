"""Reports on Canvas, one package each: play, analysis, document, figures."""
