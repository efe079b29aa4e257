"""Writing the reports' matplotlib figures (PNG). The run report draws its own figure without matplotlib
(`simkit.report.run_figure`): importing it costs seconds."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def save_figure(fig, path: Path, dpi: int = 110) -> Path:
    """Write a report figure as PNG (tight bounding box) and free it."""
    fig.savefig(path, dpi=dpi, bbox_inches="tight")
    plt.close(fig)
    return path
