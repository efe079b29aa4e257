"""Chunk store: each finished work unit is written to its own Parquet file as soon as it is done, so an
interrupted run loses nothing and `--resume` continues where it stopped."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polars as pl

import simkit
from simkit.core.errors import SimkitError
from simkit.core.results import write_parquet


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
        elif self.directory.exists():
            shutil.rmtree(self.directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        manifest.write_text(json.dumps(identity, sort_keys=True))

    def _path(self, key: str) -> Path:
        return self.directory / f"{key}.parquet"

    def get(self, key: str) -> pl.DataFrame | None:
        path = self._path(key)
        return pl.read_parquet(path) if path.exists() else None

    def put(self, key: str, frame: pl.DataFrame) -> None:
        write_parquet(frame, self._path(key))

    def remove(self) -> None:
        shutil.rmtree(self.directory, ignore_errors=True)
