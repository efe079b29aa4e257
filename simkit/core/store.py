"""Chunk store: each finished work unit is written to its own Parquet part file as soon as it is done, so an
interrupted run loses nothing and `--resume` continues where it stopped. The parts, named in results order, are
the run's results: `publish` moves them into a folder that polars and pandas read as one table."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Mapping

import polars as pl

import simkit
from simkit.core.errors import SimkitError
from simkit.core.results import write_parquet

SUFFIX = ".parquet"


class ChunkStore:
    def __init__(self, directory: Path, identity: dict, *, resume: bool):
        self.directory = Path(directory)
        manifest = self.directory / "manifest.json"
        identity = {**identity, "simkit": simkit.__version__}
        if resume and manifest.exists():
            found = json.loads(manifest.read_text())
            if found != identity:
                raise SimkitError(f"{self.directory} holds chunks of another run ({found}); remove it or run "
                                  f"without --resume")
            for partial in self.directory.glob(".*"):  # files a killed run was writing (see results.write_parquet)
                partial.unlink()
        elif self.directory.exists():
            shutil.rmtree(self.directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        manifest.write_text(json.dumps(identity, sort_keys=True))

    def path(self, key: str) -> Path:
        """Where the unit `key` is stored (a worker sharing this file system writes it there itself)."""
        return self.directory / f"{key}{SUFFIX}"

    def has(self, key: str) -> bool:
        return self.path(key).exists()

    def get(self, key: str) -> pl.DataFrame | None:
        path = self.path(key)
        return pl.read_parquet(path) if path.exists() else None

    def put(self, key: str, frame: pl.DataFrame) -> None:
        write_parquet(frame, self.path(key))

    def parts(self) -> list[Path]:
        """Every stored unit's file, in results order (the names sort so)."""
        return sorted(self.directory.glob(f"*{SUFFIX}"))

    def scan(self) -> pl.LazyFrame:
        """Every stored row, read lazily, in results order."""
        return pl.scan_parquet(self.parts())

    def publish(self, folder: Path, metadata: Mapping[str, str]) -> Path:
        """Move the parts into `folder` (created; it must not exist), the results as one table: a folder of Parquet
        files only, which `pl.read_parquet(folder)`, `pl.scan_parquet(folder)` and `pandas.read_parquet(folder)`
        read in file-name order. The first part is written again carrying `metadata` (the run's record,
        `core.provenance`), so the folder says what it holds."""
        folder.mkdir(parents=True)
        parts = self.parts()
        if parts:
            write_parquet(pl.read_parquet(parts[0]), folder / parts[0].name, metadata)
            parts[0].unlink()
        for part in parts[1:]:
            part.replace(folder / part.name)
        return folder

    def remove(self) -> None:
        shutil.rmtree(self.directory, ignore_errors=True)
