"""The compiled-code cache is keyed by every source compiled code can reach (numba alone checks only the file of
the function it loads)."""

from pathlib import Path

import numba

import simkit
from simkit import jit_cache


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
