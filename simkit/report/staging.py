"""Write a report folder whole: files are written into a staging folder and moved in only when all succeeded."""

from __future__ import annotations

import json
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


@contextmanager
def staged(out: Path) -> Iterator[Path]:
    """A temporary folder inside `out`; when the block succeeds its files (and folders) replace those in `out` one by
    one, so a failure leaves the previous report in place. The staging folder is always removed."""
    out.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".staging.", dir=out))
    try:
        yield staging
        for entry in list(staging.iterdir()):
            target = out / entry.name
            if target.exists() and (target.is_dir() or entry.is_dir()):  # a folder (results.parquet) or one it replaces
                target.replace(staging / f".replaced.{entry.name}")  # removed with the staging folder
            entry.replace(target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def write_json(path: Path, data: dict) -> Path:
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return path
