"""Read seed articles safely: only regular UTF-8 files inside the seeds folder."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from .textmatch import NormalizedText, normalize


@dataclass(frozen=True)
class Seed:
    file: str  # as written in the source record, e.g. seeds/000_x.txt
    name: str  # the file's name, e.g. 000_x.txt
    text: str
    sha256: str
    normalized: NormalizedText


class SeedError(Exception):
    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


def read_seed(root: Path, file: str, seeds_dir: str = "seeds") -> Seed:
    """Refuse anything that is not a regular UTF-8 file directly inside `seeds_dir`."""
    pure = PurePosixPath(file)
    if pure.is_absolute() or ".." in pure.parts or "\\" in file:
        raise SeedError(f"'{file}' is not a path inside {seeds_dir}/", f"write it as '{seeds_dir}/<name>.txt'")
    if len(pure.parts) != 2 or pure.parts[0] != seeds_dir:
        raise SeedError(f"'{file}' is not a file directly inside {seeds_dir}/", f"write it as '{seeds_dir}/<name>.txt'")
    folder = (root / seeds_dir).resolve()
    path = root / pure
    if path.is_symlink():
        raise SeedError(f"'{file}' is a symbolic link", "seed files must be regular files, not links")
    if not path.exists():
        names = sorted(p.name for p in folder.glob("*")) if folder.is_dir() else []
        hint = "existing seeds: " + ", ".join(names) if names else f"put the article into {seeds_dir}/"
        raise SeedError(f"seed file '{file}' does not exist", hint)
    if path.resolve().parent != folder or not path.is_file():
        raise SeedError(f"'{file}' is not a regular file inside {seeds_dir}/")
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SeedError(f"seed file '{file}' is not valid UTF-8 (at byte {exc.start})", "convert the article to UTF-8") from None
    if text.startswith("\ufeff"):
        raise SeedError(f"seed file '{file}' starts with a byte-order mark", "save it as UTF-8 without BOM")
    return Seed(file, pure.name, text, hashlib.sha256(data).hexdigest(), normalize(text))
