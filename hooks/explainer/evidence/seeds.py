"""Read seed articles safely: only regular UTF-8 files inside the seeds folder.

A source record names its seed as `seeds/<name>`, written exactly so: no other spelling of the same
path (`./seeds/x`, `seeds//x`), nothing outside the folder, no links (neither the file nor the folder),
no pipes or devices, nothing larger than the site's `max_seed_bytes`, no byte-order mark, nothing but UTF-8.

A seed's own name is published (the site serves each article as `data/seeds/<name>`), and a server decides
from a name's extension how to serve a file: so a name is one of SAFE_SEED_NAME, lower-case letters, digits,
`-` and `_`, ending in `.txt`, which every server serves as plain text, on every file system the same.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from explainer.content.options import Options
from explainer.core import codes
from explainer.core.diagnostics import Code, visible
from explainer.text.textmatch import NormalizedText, normalize

# One dot only, before `txt`: servers that read every extension of a name (Apache's "x.html.txt") see text too.
SAFE_SEED_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,79}\.txt")
SAFE_SEED_NAME_RULE = "lower-case letters, digits, '-' and '_' (at most 80), then '.txt'"


def safe_seed_name(name: str) -> str:
    """A name of the safe pattern close to `name`, to suggest when `name` is not one."""
    stem = name[:-4] if name.lower().endswith(".txt") else name
    stem = re.sub(r"[^a-z0-9_-]+", "-", stem.lower()).strip("-_")[:80] or "article"
    return f"{stem}.txt"


def seed_name_problem(name: str) -> str | None:
    """Why `name` cannot be a seed's file name, or None when it can."""
    if SAFE_SEED_NAME.fullmatch(name):
        return None
    return f"seed file name '{visible(name)}' is not safe to publish: use {SAFE_SEED_NAME_RULE}"


@dataclass(frozen=True)
class Seed:
    file: str  # as written in the source record, e.g. seeds/000_x.txt
    name: str  # the file's name, e.g. 000_x.txt
    text: str
    sha256: str
    normalized: NormalizedText


class SeedError(Exception):
    def __init__(self, code: Code, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.hint = hint


def read_seed(root: Path, file: str, seeds_dir: str = "seeds", max_bytes: int | None = None) -> Seed:
    """Refuse anything that is not a regular UTF-8 file directly inside `seeds_dir`."""
    if not file.isprintable():
        raise SeedError(
            codes.BAD_SEED_PATH,
            f"'{visible(file)}' contains control characters",
            f"write it as '{seeds_dir}/<name>.txt'",
        )
    pure = PurePosixPath(file)
    if pure.is_absolute() or ".." in pure.parts or "\\" in file:
        raise SeedError(
            codes.BAD_SEED_PATH, f"'{file}' is not a path inside {seeds_dir}/", f"write it as '{seeds_dir}/<name>.txt'"
        )
    if len(pure.parts) != 2 or pure.parts[0] != seeds_dir:
        raise SeedError(
            codes.BAD_SEED_PATH,
            f"'{file}' is not a file directly inside {seeds_dir}/",
            f"write it as '{seeds_dir}/<name>.txt'",
        )
    if str(pure) != file:
        raise SeedError(codes.BAD_SEED_PATH, f"'{file}' is not written as {seeds_dir}/<name>", f"write it as '{pure}'")
    if (problem := seed_name_problem(pure.name)) is not None:
        raise SeedError(
            codes.UNSAFE_SEED_NAME, problem, f"rename the file and its `file:`, e.g. to '{safe_seed_name(pure.name)}'"
        )
    try:
        return _read(root, file, pure, seeds_dir, Options().max_seed_bytes if max_bytes is None else max_bytes)
    except OSError as exc:
        raise SeedError(
            codes.UNREADABLE_SEED,
            f"cannot read seed file '{file}': {exc.strerror or exc}",
            f"check the file name and that {seeds_dir}/{pure.name} is readable",
        ) from None


def _read(root: Path, file: str, pure: PurePosixPath, seeds_dir: str, max_bytes: int) -> Seed:
    folder = root / seeds_dir
    if folder.is_symlink() or (folder.is_dir() and folder.resolve() != root.resolve() / seeds_dir):
        raise SeedError(
            codes.UNREADABLE_SEED,
            f"the folder {seeds_dir}/ is a symbolic link or lies outside the project",
            f"make {seeds_dir}/ a real folder holding the articles",
        )
    path = root / pure
    if path.is_symlink():
        raise SeedError(
            codes.UNREADABLE_SEED, f"'{file}' is a symbolic link", "seed files must be regular files, not links"
        )
    if not path.exists():
        names = sorted(p.name for p in folder.glob("*")) if folder.is_dir() else []
        hint = "existing seeds: " + ", ".join(names) if names else f"put the article into {seeds_dir}/"
        raise SeedError(codes.SEED_MISSING, f"seed file '{file}' does not exist", hint)
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode) or path.resolve().parent != folder.resolve():
        raise SeedError(
            codes.UNREADABLE_SEED,
            f"'{file}' is not a regular file inside {seeds_dir}/",
            "seed files must be regular files",
        )
    if info.st_size > max_bytes:
        raise SeedError(
            codes.SEED_TOO_LARGE,
            f"seed file '{file}' is {info.st_size} bytes, more than the limit of {max_bytes}",
            "a seed is one article as plain text",
        )
    with open(path, "rb") as handle:
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise SeedError(
            codes.SEED_TOO_LARGE,
            f"seed file '{file}' is more than {max_bytes} bytes, the limit",
            "a seed is one article as plain text",
        )
    if data.startswith(b"\xef\xbb\xbf"):
        raise SeedError(
            codes.SEED_ENCODING, f"seed file '{file}' starts with a byte-order mark", "save it as UTF-8 without BOM"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SeedError(
            codes.SEED_ENCODING,
            f"seed file '{file}' is not valid UTF-8 (at byte {exc.start})",
            "convert the article to UTF-8",
        ) from None
    return Seed(file, pure.name, text, hashlib.sha256(data).hexdigest(), normalize(text))
