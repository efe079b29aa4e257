"""Where numba keeps simkit's compiled code: one directory per version of the sources that compiled code uses.

numba checks only the source file of a function it loads from its cache. After an edit to a function it calls in
another module (a `git pull`, a local change in an editable install) it would run stale machine code, silently. So
the cache directory is keyed by a hash of every module that compiled code can reach: the modules compiling with
numba and, recursively, the simkit modules they import (constants are compiled in too). Editing a report or statistics
module keeps the cache; editing an engine, a policy or their constants starts a fresh one.

`configure()` must run before the first compiled module is imported; `simkit/__init__.py` does it.
"""

import hashlib
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

import numba

PACKAGE_DIR = Path(__file__).resolve().parent
PREFIX = "simkit-"
# `from simkit.a import b, c`, `from .a import (b,\n c)`, `from .. import b`, `import simkit.a`: the names stay on
# their line unless parenthesised (else they would swallow the next line's `from`, and it would go unseen)
_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+(simkit(?:\.\w+)*|\.+(?:\w+(?:\.\w+)*)?)[ \t]+import[ \t]+"
                     r"(?:\(([^)]*)\)|([\w \t,]*))|import[ \t]+(simkit(?:\.\w+)*))", re.MULTILINE)
# compiled code: modules using numba directly or through the package's decorator (simkit/core/jit.py)
_COMPILES = re.compile(r"^\s*(?:import numba|from numba|from simkit\.core\.jit import)", re.MULTILINE)


def _module_file(name: str, package_dir: Path) -> Path | None:
    """The source file of module `name` (dotted, starting at the package), if it exists."""
    parts = name.split(".")[1:]
    base = package_dir.joinpath(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _absolute(source: str, file: Path, package_dir: Path) -> str:
    """The dotted name `source` means in `file`: itself, or a relative import resolved against file's package."""
    dots = len(source) - len(source.lstrip("."))
    if not dots:
        return source
    package = [package_dir.name, *file.parent.relative_to(package_dir).parts]
    package = package[: len(package) - (dots - 1)]
    return ".".join(package + ([source[dots:]] if source[dots:] else []))


def _imported_files(file: Path, text: str, package_dir: Path) -> set[Path]:
    """The package files a module's source imports (`from a.b import c` may name module a.b.c or a name in a.b)."""
    found = set()
    for source, grouped, names, plain in _IMPORT.findall(text):
        source = _absolute(source, file, package_dir)
        modules = [plain] if plain else [source] + [f"{source}.{n}" for n in re.findall(r"\w+", grouped + names)]
        found.update(f for f in (_module_file(m, package_dir) for m in modules) if f is not None)
    return found


def _compiled_texts(package_dir: Path) -> dict[Path, str]:
    """The sources of the modules holding compiled code and of every package module they import (recursively),
    each file read once."""
    texts = {f: f.read_text() for f in package_dir.rglob("*.py")}
    pending = [f for f, text in texts.items() if _COMPILES.search(text)]
    seen = set()
    while pending:
        f = pending.pop()
        if f not in seen:
            seen.add(f)
            pending.extend(_imported_files(f, texts[f], package_dir) - seen)
    return {f: texts[f] for f in sorted(seen)}


def compiled_sources(package_dir: Path = PACKAGE_DIR) -> list[Path]:
    """The modules holding compiled code, and every package module they import (recursively)."""
    return list(_compiled_texts(package_dir))


def source_key(package_dir: Path = PACKAGE_DIR) -> str:
    digest = hashlib.blake2b(digest_size=8)
    for f, text in _compiled_texts(package_dir).items():
        digest.update(f.relative_to(package_dir).as_posix().encode())
        digest.update(text.encode())
    return digest.hexdigest()


def _cache_base() -> tuple[Path, bool]:
    """The directory holding the versioned caches, and whether it belongs to this copy of the package alone."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"]), False
    own = PACKAGE_DIR / "__pycache__" / "numba"
    try:
        own.mkdir(parents=True, exist_ok=True)
        if os.access(own, os.W_OK):
            return own, True
    except OSError:
        pass  # a read-only installation
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "simkit" / "numba", False


def _stat_signature(package_dir: Path) -> str:
    """A digest of every module's path, size and modification time: what `source_key` reads, known without reading."""
    digest = hashlib.blake2b(digest_size=8)
    for f in sorted(package_dir.rglob("*.py")):
        stat = f.stat()
        digest.update(f"{f}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    return digest.hexdigest()


def remembered_source_key(base: Path, package_dir: Path = PACKAGE_DIR) -> str:
    """`source_key`, remembered in `base` for the modules' current sizes and modification times: every process of a
    run (each worker) starts with this, and reading and parsing every module took about 0.1 s of each."""
    memo = base / f"source-key-{hashlib.blake2b(str(package_dir).encode(), digest_size=6).hexdigest()}.json"
    signature = _stat_signature(package_dir)
    try:
        found = json.loads(memo.read_text())
        if found["signature"] == signature:
            return found["key"]
    except (OSError, ValueError, KeyError, TypeError):
        pass  # none yet, or unreadable: compute it
    key = source_key(package_dir)
    try:
        base.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=base, prefix=".source-key.")  # atomic: workers start side by side
        with os.fdopen(fd, "w") as f:
            json.dump({"signature": signature, "key": key}, f)
        os.replace(tmp, memo)
    except OSError:
        pass  # a read-only cache: computed again next time
    return key


def configure() -> Path:
    """Point numba's cache at this version's directory; in the package's own cache, remove other versions'."""
    base, own = _cache_base()
    path = base / f"{PREFIX}{numba.__version__}-{remembered_source_key(base)}"
    numba.config.CACHE_DIR = str(path)
    if own:
        for old in base.glob(f"{PREFIX}*"):
            if old != path:
                shutil.rmtree(old, ignore_errors=True)
    return path
