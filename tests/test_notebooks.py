"""Every notebook in notebooks/ runs top to bottom (nbclient) on small data: its report's quick run."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

from simkit.cli import main  # noqa: E402

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
# notebook -> (env var naming its data folder, the report whose quick run it reads)
DATA_ENV = {"atelier_strategies.ipynb": ("SIMKIT_ATELIER_STRATEGIES", "atelier-strategies"),
            "canvas_scenarios.ipynb": ("SIMKIT_CANVAS_SCENARIOS", "canvas-scenarios"),
            "couleurs_value_curves.ipynb": ("SIMKIT_COULEURS_VALUE_CURVES", "value-curves"),
            "ink_strategies.ipynb": ("SIMKIT_INK_STRATEGIES", "ink-strategies")}
# notebooks that run in the slow suite: Ink's quick report is itself there (tests/ink/test_ink_strategy_report.py),
# and the value-curves quick report (about 20 s) is run for its notebook only
SLOW = {"ink_strategies.ipynb", "couleurs_value_curves.ipynb"}


def quick_report(tmp_path_factory, name: str) -> Path:
    """A report's quick run, written once per session (canvas-scenarios is shared with
    tests/canvas/test_scenario_report.py, atelier-strategies with tests/atelier/test_strategy_report.py,
    ink-strategies with tests/ink/test_ink_strategy_report.py)."""
    out = tmp_path_factory.getbasetemp() / f"{name}-quick"
    if not (out / "index.html").exists():
        assert main(["report", name, "--quick", "--out", str(out), "--jobs", "2"]) == 0
    return out


def test_there_are_notebooks():
    assert NOTEBOOKS


@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.slow) if p.name in SLOW else p
                                  for p in NOTEBOOKS], ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(path, tmp_path_factory, monkeypatch):
    if path.name in DATA_ENV:
        env, report = DATA_ENV[path.name]
        monkeypatch.setenv(env, str(quick_report(tmp_path_factory, report)))
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()  # raises CellExecutionError naming the failing cell
    errors = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors
