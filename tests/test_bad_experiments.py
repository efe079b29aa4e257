"""A corpus of malformed experiment files: each must end with exit code 2 and one clear message naming the
file and the offending key or value (first line of each file: `# expect: TEXT`)."""

from pathlib import Path

import pytest

from simkit.cli import main

CORPUS = sorted((Path(__file__).parent / "bad_experiments").glob("*.toml"))


def test_corpus_is_large_enough():
    assert len(CORPUS) >= 30


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_malformed_experiment_is_rejected_clearly(path, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(path.parent)  # relative data/policy paths resolve beside the file
    expected = path.read_text().splitlines()[0].removeprefix("# expect: ")
    out_dir = tmp_path / "out"
    code = main(["run", str(path), "--out", str(out_dir)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("simkit: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert expected in err
    assert str(path) in err
    assert not out_dir.exists()
