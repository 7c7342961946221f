"""Write files and folders so that a failure, at any moment, leaves what was there before.

A file is written to a temporary file beside it and renamed over it (a rename within one folder is atomic
on POSIX and Windows file systems), so a reader sees the old file or the new one, never half of one. A
built site is made in a fresh folder beside its target and swapped in only once the whole build succeeded:
an error at any stage of the build leaves the last good site where it was.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: str | bytes) -> None:
    """Replace `path` by `data` (text as UTF-8), or leave it as it was if anything fails."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        if path.exists():
            shutil.copymode(path, temporary)
        else:
            os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def fresh_folder_beside(target: Path) -> Path:
    """An empty new folder next to `target` (on the same file system, so that it can be renamed into place)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=f".{target.name}.building-", dir=target.parent))
    folder.chmod(0o777 & ~_umask())  # as a folder made the usual way, not mkdtemp's private 0o700
    return folder


def swap_in(built: Path, target: Path) -> None:
    """Put the folder `built` where `target` is, and remove the old `target`.

    Hidden entries of the old folder (a `.git` of a publishing checkout, say) are kept, as MkDocs keeps them
    when it cleans a site folder. Two renames, so readers of `target` see the old site or the new one; where
    the folder cannot be renamed (a mount point), its entries are replaced one by one instead.
    """
    if target.is_dir() and not target.is_symlink():
        for entry in target.iterdir():
            if entry.name.startswith(".") and not (built / entry.name).exists():
                os.replace(entry, built / entry.name)
    old = target.with_name(f".{target.name}.old-{os.getpid()}")
    try:
        if target.exists() or target.is_symlink():
            os.replace(target, old)
        os.replace(built, target)
    except OSError:
        if old.exists() and not target.exists():
            os.replace(old, target)
        _replace_entries(built, target)
        shutil.rmtree(built, ignore_errors=True)
    shutil.rmtree(old, ignore_errors=True)


def _replace_entries(built: Path, target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for entry in target.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    for entry in built.iterdir():
        shutil.move(str(entry), str(target / entry.name))
