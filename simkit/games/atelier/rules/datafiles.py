"""Where Atelier's three data files come from and which `data_source` tag each carries (spec §1.1).

A data folder holds `paintings.csv`, `powers.csv`, `patrons.csv` and `meta.toml` (`data_source = "..."`). The rule
`data` names the folder ('' = the shipped one); `paintings_file`, `powers_file` and `patrons_file` replace one file,
whose tag is then the `data_source` of the `meta.toml` beside it. A relative path that is not a file or folder in the
working directory but is one under the shipped data folder names the shipped one, e.g.
`data = "alternatives/fewer-masterpieces"`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from simkit.core.errors import ConfigError

PACKAGE_DATA = Path(__file__).resolve().parents[1] / "data"
PACKAGE_DATA_NAME = "simkit/games/atelier/data"
META_FILE = "meta.toml"
META_KEYS = ("data_source", "description")


@dataclass(frozen=True)
class DataFile:
    path: Path
    name: str  # the file's name in messages and records
    data_source: str  # the tag of its folder's meta.toml

    def describe(self) -> str:
        return f"{self.name} ({self.data_source})"


def _locate(given: str, want_dir: bool) -> tuple[Path, str]:
    """The path a rule value names and how messages name it."""
    if given == "":
        return PACKAGE_DATA, PACKAGE_DATA_NAME
    local = Path(given)
    exists = local.is_dir() if want_dir else local.is_file()
    packaged = PACKAGE_DATA / given
    if not local.is_absolute() and not exists and (packaged.is_dir() if want_dir else packaged.is_file()):
        return packaged, f"{PACKAGE_DATA_NAME}/{given}"
    return local, given


def data_source_of(folder: Path, folder_name: str) -> str:
    """The `data_source` tag of a data folder's meta.toml."""
    meta, name = folder / META_FILE, f"{folder_name}/{META_FILE}"
    try:
        values = tomllib.loads(meta.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f'missing: every data folder names its data in a meta.toml (data_source = "printed", '
                          f'for example; spec §1.1)', source=name) from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"cannot read ({exc})", source=name) from None
    unknown = [k for k in values if k not in META_KEYS]
    if unknown:
        raise ConfigError(f"unknown key; known: {', '.join(META_KEYS)}", source=name, key=unknown[0])
    tag = values.get("data_source")
    if not isinstance(tag, str) or not tag.strip():
        raise ConfigError(f"expected a non-empty string naming the data, got {tag!r}", source=name,
                          key="data_source")
    return tag.strip()


def data_file(data: str, replacement: str, file_name: str) -> DataFile:
    """The file `file_name` of folder `data`, or `replacement` when it is not ''."""
    if replacement:
        path, name = _locate(replacement, want_dir=False)
        if not path.is_file():
            raise ConfigError("no such file", source=name)
        folder, folder_name = path.parent, Path(name).parent.as_posix()
    else:
        folder, folder_name = _locate(data, want_dir=True)
        if not folder.is_dir():
            raise ConfigError("no such data folder", source=folder_name)
        path, name = folder / file_name, f"{folder_name}/{file_name}"
        if not path.is_file():
            raise ConfigError(f"missing: a data folder holds paintings.csv, powers.csv, patrons.csv and {META_FILE}",
                              source=name)
    return DataFile(path, name, data_source_of(folder, folder_name))
