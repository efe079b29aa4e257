"""Every notebook in notebooks/ runs top to bottom (nbclient) on small data: the quick scenario report."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

from simkit.cli import main  # noqa: E402

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
DATA_ENV = {"canvas_scenarios.ipynb": "SIMKIT_CANVAS_SCENARIOS"}  # notebook -> env var naming its data folder


@pytest.fixture(scope="module")
def quick_scenarios(tmp_path_factory) -> Path:
    """The quick canvas-scenarios report (shared with tests/canvas/test_scenario_report.py in one session)."""
    out = tmp_path_factory.getbasetemp() / "canvas-scenarios-quick"
    if not (out / "index.html").exists():
        assert main(["report", "canvas-scenarios", "--quick", "--out", str(out), "--jobs", "2"]) == 0
    return out


def test_there_are_notebooks():
    assert NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(path, quick_scenarios, monkeypatch):
    if path.name in DATA_ENV:
        monkeypatch.setenv(DATA_ENV[path.name], str(quick_scenarios))
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()  # raises CellExecutionError naming the failing cell
    errors = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors
