"""When the content last changed: the `created` time of the exported annotations.

The same content must give the same files, so the time is never the clock's. It is, in this order:
1. SOURCE_DATE_EPOCH, the reproducible-builds convention (seconds since 1970, UTC), when it is set;
2. the commit time of the last git commit that changed the content or the seeds, read from the local
   repository (no network; a shallow clone must hold that commit, so the deploy fetches full history);
3. nothing, when neither is there (a copy of the project without its git history): the exports then
   carry no `created` time, and the build says so.
"""

from __future__ import annotations

import os
import subprocess
from datetime import UTC, datetime
from pathlib import Path

ENV = "SOURCE_DATE_EPOCH"


def content_time(root: Path, folders: tuple[str, ...], environ: dict[str, str] | None = None) -> datetime | None:
    """The time as described above; ValueError for a SOURCE_DATE_EPOCH that is no number of seconds."""
    environ = dict(os.environ) if environ is None else environ
    value = environ.get(ENV)
    if value is not None:
        if not value.strip().isdigit():
            raise ValueError(f"{ENV} must be a whole number of seconds since 1970-01-01 UTC, not {value!r}")
        return datetime.fromtimestamp(int(value), tz=UTC)
    return last_commit_time(root, folders)


def last_commit_time(root: Path, folders: tuple[str, ...]) -> datetime | None:
    """Commit time of the last commit touching `folders`, or None outside a git work tree (or without git)."""
    try:
        result = subprocess.run(
            ["git", "-C", str(root), "log", "-1", "--format=%ct", "--", *folders],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    stamp = result.stdout.strip()
    if result.returncode != 0 or not stamp.isdigit():
        return None
    return datetime.fromtimestamp(int(stamp), tz=UTC)
