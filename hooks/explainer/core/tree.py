"""Walk a project's folders as they are on disk: never through a link, and never past anything but files and folders.

A pull request can add symbolic links: one among the hand-written pages' pictures that points at the build
machine's `.git/config` (which holds the job's token while CI runs) or at `/proc/self/environ` would be
published with the site; a link as the content folder would make the build read records from anywhere. So
the folders the engine reads (content, seeds, docs) are walked without following links, and every link,
pipe, socket or device found in them, or a folder that is itself a link or lies outside the project, is
reported, never read, skipped or published.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Irregular:
    """Something in a folder that is neither a regular file nor a real folder."""

    shown: str  # the path relative to the project root, with forward slashes
    what: str  # "a symbolic link", "a named pipe", ...


def _what(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def folder_problem(root: Path, folder: str) -> str | None:
    """Why the project's `folder` may not be read (a link, or a place outside the project), or None; a folder
    that does not exist is no problem here."""
    path = root / folder
    if (link := linked_on_the_way(root, path)) is not None:
        return f"{link}/ is a symbolic link"
    if path.exists() and not path.resolve().is_relative_to(root.resolve()):
        return f"{folder}/ lies outside the project"
    return None


def walk(root: Path, folder: str) -> tuple[list[str], list[Irregular]]:
    """The regular files under `root/folder` (paths relative to `root`, sorted) and everything else found there.

    Links are reported, not followed, whether they point at a file, a folder or nothing. The folder itself
    must exist and be no link (see `folder_problem`); a folder that cannot be listed is reported too.
    """
    files: list[str] = []
    irregular: list[Irregular] = []
    pending = [root / folder]
    while pending:
        current = pending.pop()
        try:
            entries = list(os.scandir(current))
        except OSError as exc:
            irregular.append(
                Irregular(current.relative_to(root).as_posix(), f"a folder that cannot be read ({exc.strerror})")
            )
            continue
        for entry in entries:
            shown = Path(entry.path).relative_to(root).as_posix()
            try:
                mode = entry.stat(follow_symlinks=False).st_mode
            except OSError as exc:
                irregular.append(Irregular(shown, f"unreadable ({exc.strerror})"))
                continue
            if stat.S_ISDIR(mode):
                pending.append(Path(entry.path))
            elif stat.S_ISREG(mode):
                files.append(shown)
            else:
                irregular.append(Irregular(shown, _what(mode)))
    return sorted(files), sorted(irregular, key=lambda item: item.shown)


def linked_on_the_way(root: Path, path: Path) -> str | None:
    """The first part of `path` below `root` (a folder, or the file itself) that is a symbolic link, or None."""
    step = root
    for part in path.relative_to(root).parts:
        step = step / part
        if step.is_symlink():
            return step.relative_to(root).as_posix()
    return None


def regular_inside(root: Path, path: Path) -> str | None:
    """Why `path` (inside `root`) may not be read or published, or None when it is a regular file reached
    through real folders only, inside `root`."""
    try:
        relative = path.relative_to(root)
    except ValueError:
        return "it lies outside the project"
    step = root
    for part in relative.parts:
        step = step / part
        try:
            mode = os.lstat(step).st_mode
        except OSError as exc:
            return f"it cannot be read ({exc.strerror})"
        if stat.S_ISLNK(mode):
            return f"{step.relative_to(root).as_posix()} is a symbolic link"
    if not stat.S_ISREG(mode):
        return f"it is {_what(mode)}"
    return None
