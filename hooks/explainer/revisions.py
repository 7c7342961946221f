"""One side of a comparison: a project folder as it is, or a git revision written out to a temporary folder.

`explainer diff OLD NEW` and `explainer check --base REV` read both sides through the same pipeline
(load -> validate -> resolve -> verify), so a revision is materialized as a plain project folder:
the parts of the project the pipeline reads, taken from the commit with `git archive`.
"""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .diagnostics import Report
from .lock import LOCK_FILE
from .options import CONFIG_FILE, Options, read_options

GIT_TIMEOUT = 120


def project_parts(options: Options) -> tuple[str, ...]:
    """What the pipeline reads from a project; everything else in a commit is irrelevant to its content."""
    return (options.content_dir, options.seeds_dir, "docs", LOCK_FILE)


class SideError(Exception):
    """A side that cannot be read at all: neither a folder nor a revision, or a revision without content."""


@dataclass(frozen=True)
class Side:
    spec: str  # as the user wrote it: a folder, a branch, a tag, a commit
    label: str  # how reports name it
    commit: str | None = None  # the full commit id, for a git revision


def _git(repo: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, timeout=GIT_TIMEOUT, check=False)
    except FileNotFoundError:
        raise SideError("git is not installed; a revision cannot be read without it") from None


def resolve_commit(repo: Path, spec: str) -> str | None:
    """The full commit id that `spec` names in `repo`, or None when it names none."""
    if spec.startswith("-"):
        return None  # never let a revision be read as an option of git
    result = _git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{spec}^{{commit}}")
    return result.stdout.decode().strip() if result.returncode == 0 else None


@contextmanager
def materialize(spec: str, repo: Path) -> Iterator[tuple[Side, Path]]:
    """The side `spec` names and a project folder holding it: an existing folder is used as it is
    (it wins over a revision of the same name); otherwise `spec` is a revision of the git repository
    `repo`, written out to a temporary folder that is removed afterwards."""
    folder = Path(spec)
    if folder.is_dir():
        content_dir = read_options(folder / CONFIG_FILE, Report()).content_dir
        if not (folder / content_dir).is_dir():
            raise SideError(f"'{spec}' is a folder but not an explainer project: it has no {content_dir}/ folder")
        yield Side(spec, f"folder {spec}"), folder.resolve()
        return
    commit = resolve_commit(repo, spec)
    if commit is None:
        raise SideError(f"'{spec}' is neither a project folder nor a revision of the git repository at {repo}")
    label = commit[:10] if commit.startswith(spec.lower()) else f"{spec} ({commit[:10]})"
    with tempfile.TemporaryDirectory(prefix="explainer-side-") as tmp:
        root = Path(tmp)
        # mkdocs.yml first: its options say where the content and the seeds are.
        _extract(repo, commit, [CONFIG_FILE], root)
        options = read_options(root / CONFIG_FILE, Report())  # its problems are reported when the side is checked
        if not _exists(repo, commit, options.content_dir):
            raise SideError(f"revision {spec} ({commit[:10]}) has no {options.content_dir}/ folder")
        _extract(repo, commit, list(project_parts(options)), root)
        yield Side(spec, label, commit), root


def _exists(repo: Path, commit: str, path: str) -> bool:
    return _git(repo, "cat-file", "-e", f"{commit}:{path}").returncode == 0


def _extract(repo: Path, commit: str, paths: list[str], into: Path) -> None:
    present = [path for path in paths if _exists(repo, commit, path)]
    if not present:
        return
    archive = _git(repo, "archive", "--format=tar", commit, "--", *present)
    if archive.returncode != 0:
        raise SideError(f"git archive failed for {commit[:10]}: {archive.stderr.decode().strip()}")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")  # refuses links out of the folder, absolute paths, devices
