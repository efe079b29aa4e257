"""Chunk store: each finished work unit is written to its own file as soon as it is done, so an interrupted run
loses nothing and `--resume` continues where it stopped. The files are Arrow IPC (uncompressed): written and read
back at memory speed, so keeping them costs the run little; the results file is the compressed copy."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polars as pl

import simkit
from simkit.core.errors import SimkitError
from simkit.core.results import atomic_path

SUFFIX = ".arrow"


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
            for partial in self.directory.glob(".*"):  # files a killed run was writing (see atomic_path)
                partial.unlink()
        elif self.directory.exists():
            shutil.rmtree(self.directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        manifest.write_text(json.dumps(identity, sort_keys=True))

    def _path(self, key: str) -> Path:
        return self.directory / f"{key}{SUFFIX}"

    def has(self, key: str) -> bool:
        return self._path(key).exists()

    def get(self, key: str) -> pl.DataFrame | None:
        path = self._path(key)
        return pl.read_ipc(path) if path.exists() else None

    def put(self, key: str, frame: pl.DataFrame) -> None:
        with atomic_path(self._path(key)) as tmp:
            frame.write_ipc(tmp)

    def remove(self) -> None:
        shutil.rmtree(self.directory, ignore_errors=True)
