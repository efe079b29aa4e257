"""Where Ink's component files come from and which `data_source` tag they carry (spec §1.1, §7.2 `data`).

A data folder holds the files of spec §6 (`FILES`) and `meta.toml` (`data_source = "..."`). The rule `data` names
the folder ('' = the shipped one). A relative path that is not a folder in the working directory but is one under
the shipped data folder names the shipped one (`data = "alternatives/NAME"`).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simkit.core.errors import ConfigError

PACKAGE_DATA = Path(__file__).resolve().parents[1] / "data"
PACKAGE_DATA_NAME = "simkit/games/ink/data"
FILES = ("tiles.csv", "start_tiles.csv", "palettes.csv", "x_tokens.csv", "bonus_tiles.csv", "supplies.toml")
META_FILE = "meta.toml"
META_KEYS = ("data_source", "description")


@dataclass(frozen=True)
class DataFolder:
    path: Path
    name: str  # the folder's name in messages and records
    data_source: str  # the tag of its meta.toml

    def file(self, file_name: str) -> tuple[Path, str]:
        """The path of one of the folder's files and its name in messages."""
        return self.path / file_name, f"{self.name}/{file_name}"


def read_toml(path: Path, name: str) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError("missing", source=name) from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"cannot read ({exc})", source=name) from None


def _locate(given: str) -> tuple[Path, str]:
    """The folder a `data` value names and how messages name it."""
    if given == "":
        return PACKAGE_DATA, PACKAGE_DATA_NAME
    local, packaged = Path(given), PACKAGE_DATA / given
    if not local.is_absolute() and not local.is_dir() and packaged.is_dir():
        return packaged, f"{PACKAGE_DATA_NAME}/{given}"
    return local, given


def data_folder(data: str) -> DataFolder:
    """The folder named by the rule `data`, with its tag; every file of spec §6 must be in it."""
    path, name = _locate(data)
    if not path.is_dir():
        raise ConfigError("no such data folder", source=name)
    meta_name = f"{name}/{META_FILE}"
    if not (path / META_FILE).is_file():
        raise ConfigError('missing: every data folder names its data in a meta.toml (data_source = "printed", '
                          'for example; spec §1.1)', source=meta_name)
    values = read_toml(path / META_FILE, meta_name)
    unknown = [k for k in values if k not in META_KEYS]
    if unknown:
        raise ConfigError(f"unknown key; known: {', '.join(META_KEYS)}", source=meta_name, key=unknown[0])
    tag = values.get("data_source")
    if not isinstance(tag, str) or not tag.strip():
        raise ConfigError(f"expected a non-empty string naming the data, got {tag!r}", source=meta_name,
                          key="data_source")
    for file_name in FILES:
        if not (path / file_name).is_file():
            raise ConfigError(f"missing: a data folder holds {', '.join(FILES)} and {META_FILE}",
                              source=f"{name}/{file_name}")
    return DataFolder(path, name, tag.strip())
