"""The compiled-code cache is keyed by every source compiled code can reach (numba alone checks only the file of
the function it loads)."""

from pathlib import Path

import numba
import numpy as np

import simkit
from simkit import jit_cache
from simkit.core.jit import cached_tables


def write_package(root: Path) -> Path:
    pkg = root / "simkit"
    (pkg / "games").mkdir(parents=True)
    (pkg / "games" / "engine.py").write_text("import numba as nb\nfrom simkit.games.rules import (LIMIT,\n    SIZE)\n"
                                             "from simkit.games import helpers\n")
    (pkg / "games" / "rules.py").write_text("LIMIT = 3\nSIZE = 4\n")
    (pkg / "games" / "helpers.py").write_text("from simkit.core.constants import K\n")
    (pkg / "games" / "policy.py").write_text("from simkit.core.jit import njit\n")
    (pkg / "core").mkdir()
    (pkg / "core" / "jit.py").write_text("import numba\n")
    (pkg / "core" / "constants.py").write_text("K = 1\n")
    (pkg / "report.py").write_text("from simkit.games.rules import LIMIT\n")
    return pkg


def test_the_key_covers_compiled_modules_and_what_they_import_recursively(tmp_path):
    pkg = write_package(tmp_path)
    names = [f.relative_to(pkg).as_posix() for f in jit_cache.compiled_sources(pkg)]
    assert names == ["core/constants.py", "core/jit.py", "games/engine.py", "games/helpers.py", "games/policy.py",
                     "games/rules.py"]


def test_editing_a_constant_compiled_code_uses_changes_the_key_and_editing_a_report_does_not(tmp_path):
    pkg = write_package(tmp_path)
    key = jit_cache.source_key(pkg)
    (pkg / "report.py").write_text("from simkit.games.rules import LIMIT\nprint(LIMIT)\n")
    assert jit_cache.source_key(pkg) == key
    (pkg / "core" / "constants.py").write_text("K = 2\n")
    assert jit_cache.source_key(pkg) != key


def test_the_installed_package_points_numba_at_its_versioned_cache():
    path = Path(numba.config.CACHE_DIR)
    assert path.name == f"{jit_cache.PREFIX}{numba.__version__}-{jit_cache.source_key()}"
    engine = Path(simkit.__file__).resolve().parent / "games" / "couleurs" / "engine" / "transitions.py"
    assert engine in jit_cache.compiled_sources()


def test_the_key_follows_relative_imports(tmp_path):
    pkg = write_package(tmp_path)
    (pkg / "games" / "engine.py").write_text("import numba as nb\nfrom .rules import LIMIT\nfrom . import helpers\n"
                                             "from ..core.tables import T\n")
    (pkg / "core" / "tables.py").write_text("T = 1\n")
    names = [f.relative_to(pkg).as_posix() for f in jit_cache.compiled_sources(pkg)]
    assert names == ["core/constants.py", "core/jit.py", "core/tables.py", "games/engine.py", "games/helpers.py",
                     "games/policy.py", "games/rules.py"]
    key = jit_cache.source_key(pkg)
    (pkg / "core" / "tables.py").write_text("T = 2\n")
    assert jit_cache.source_key(pkg) != key


def test_the_key_follows_every_line_of_consecutive_imports(tmp_path):
    pkg = write_package(tmp_path)  # an import's names once swallowed the next line's `from`, hiding that import
    (pkg / "games" / "engine.py").write_text("import numba as nb\nfrom simkit.games.rules import LIMIT\n"
                                             "from simkit.games.helpers import x\nfrom simkit.core import tables\n")
    (pkg / "core" / "tables.py").write_text("T = 1\n")
    names = {f.relative_to(pkg).as_posix() for f in jit_cache.compiled_sources(pkg)}
    assert {"games/rules.py", "games/helpers.py", "core/tables.py"} <= names


def test_the_remembered_key_follows_an_edit(tmp_path):
    pkg = write_package(tmp_path)
    key = jit_cache.remembered_source_key(tmp_path / "cache", pkg)
    assert key == jit_cache.source_key(pkg) == jit_cache.remembered_source_key(tmp_path / "cache", pkg)
    (pkg / "core" / "constants.py").write_text("K = 22\n")  # another size, so another signature
    assert jit_cache.remembered_source_key(tmp_path / "cache", pkg) == jit_cache.source_key(pkg) != key


def test_tables_computed_at_import_are_computed_once_and_read_back_equal(tmp_path, monkeypatch):
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path))
    calls = []

    def tables(n):
        calls.append(n)
        return np.arange(n, dtype=np.int16), np.ones((2, n), np.uint8)

    first, second = cached_tables(tables, 3), cached_tables(tables, 3)
    assert calls == [3]  # the second came from the file
    for a, b in zip(first, second, strict=True):
        assert a.dtype == b.dtype and np.array_equal(a, b)
    assert np.array_equal(cached_tables(tables, 4)[0], np.arange(4)) and calls == [3, 4]  # other arguments, other file
