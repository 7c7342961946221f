"""One side of a comparison: a project folder as it is, or a git revision written out to a temporary folder.

`explainer diff OLD NEW` and `explainer check --base REV` read both sides through the same pipeline
(load -> validate -> resolve -> verify), so a revision is materialized as a plain project folder.

A pull request is hostile, and so is every file it adds to the tree; what it adds must not change what is
compared. Hence:

- a side says what it is: `rev:REV` is always a git revision and `dir:PATH` always a folder. A bare spec is
  read only when it is one of them and not the other: a folder named like a revision (`main`, a commit id),
  which a pull request can add, makes it ambiguous, a usage error naming both ways to write it.
- a revision's files are the exact blobs of its tree (`git ls-tree` and `git cat-file --batch`), never what
  `git archive` or a checkout would write: those apply the tree's own `.gitattributes` (export-ignore,
  export-subst, filters, eol), which the revision being read controls.
- a revision's parts are where its own mkdocs.yml says (`docs_dir`, `extra.explainer`), as its build read them.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from explainer.content.options import CONFIG_FILE, Options, read_docs_dir, read_options
from explainer.core.diagnostics import Report
from explainer.evidence.lock import LOCK_FILE

GIT_TIMEOUT = 120
REV = "rev:"  # a side that is always a git revision
DIR = "dir:"  # a side that is always a folder
FILE_MODES = ("100644", "100755", "100664")  # regular files (100664: written by old versions of git)
MODE_NAMES = {"120000": "a symbolic link", "160000": "a submodule (a commit of another repository)"}


def project_parts(options: Options, docs_dir: str) -> tuple[str, ...]:
    """What the pipeline reads from a project; everything else in a commit is irrelevant to its content."""
    words = (options.words,) if options.words else ()
    return (options.content_dir, options.seeds_dir, docs_dir, LOCK_FILE, *words)


class SideError(Exception):
    """A side that cannot be read at all (a usage error): ambiguous, neither a folder nor a revision, or
    a revision without content or with files the comparison cannot read."""


@dataclass(frozen=True)
class Side:
    spec: str  # as the user wrote it: rev:REV, dir:PATH, or a bare folder, branch, tag or commit
    label: str  # how reports name it
    commit: str | None = None  # the full commit id, for a git revision
    folder: Path | None = None  # the folder, for a folder


def _git(repo: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """Run git on `repo` as plumbing: no pager, no replace refs (a revision is its own objects), and only
    commands that run no hooks and apply no attributes of the tree."""
    env = {**os.environ, "GIT_PAGER": "cat", "GIT_TERMINAL_PROMPT": "0"}
    command = ["git", "--no-pager", "--no-replace-objects", "-c", "core.quotePath=false", "-C", str(repo), *args]
    try:
        return subprocess.run(command, input=stdin, capture_output=True, timeout=GIT_TIMEOUT, check=False, env=env)
    except FileNotFoundError:
        raise SideError("git is not installed; a revision cannot be read without it") from None


def resolve_commit(repo: Path, spec: str) -> str | None:
    """The full commit id that `spec` names in `repo`, or None when it names none."""
    if not spec or spec.startswith("-") or "\0" in spec:
        return None  # never let a revision be read as an option of git
    result = _git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{spec}^{{commit}}")
    return result.stdout.decode().strip() if result.returncode == 0 else None


def _both_ways(name: str) -> str:
    return f"write {REV}{name} for the git revision or {DIR}{name} for the folder"


def _revision_side(spec: str, name: str, repo: Path, commit: str | None = None) -> Side:
    if not name:
        raise SideError(f"'{spec}' names no revision: write one after '{REV}', e.g. {REV}main or {REV}HEAD~1")
    if name.startswith("-"):
        raise SideError(f"'{spec}': a revision never starts with '-' (it would be read as an option of git)")
    commit = commit or resolve_commit(repo, name)
    if commit is None:
        if _git(repo, "rev-parse", "--git-dir").returncode != 0:
            raise SideError(f"'{spec}': {repo} is not a git repository, so no revision can be read from it")
        raise SideError(
            f"'{spec}': '{name}' is not a revision of the git repository at {repo} (a branch, a tag or a commit); "
            f"for a folder write {DIR}{name}"
        )
    label = commit[:10] if commit.startswith(name.lower()) else f"{name} ({commit[:10]})"
    return Side(spec, label, commit=commit)


def _folder_side(spec: str, name: str) -> Side:
    if not name:
        raise SideError(f"'{spec}' names no folder: write one after '{DIR}', e.g. {DIR}. or {DIR}../old")
    if name.startswith("-"):
        raise SideError(f"'{spec}': write a folder whose name starts with '-' as {DIR}./{name}")
    folder = Path(name)
    if not folder.is_dir():
        raise SideError(f"'{spec}': '{name}' is not a folder; for a git revision write {REV}{name}")
    return Side(spec, f"folder {name}", folder=folder)


def parse_side(spec: str, repo: Path) -> Side:
    """What `spec` names: `rev:REV` a revision of the git repository `repo`, `dir:PATH` a folder, and a
    bare spec whichever of the two it is, a usage error (SideError) when it is both or neither."""
    if spec.startswith(REV):
        return _revision_side(spec, spec.removeprefix(REV), repo)
    if spec.startswith(DIR):
        return _folder_side(spec, spec.removeprefix(DIR))
    if not spec:
        raise SideError(f"an empty side names nothing; {_both_ways('NAME')}")
    if spec.startswith("-"):
        raise SideError(
            f"'{spec}' looks like an option, so it is read as neither a revision (a revision never starts with '-') "
            f"nor a folder; for a folder write {DIR}./{spec}"
        )
    folder = Path(spec)
    commit = resolve_commit(repo, spec)
    if commit is not None and folder.is_dir():
        raise SideError(
            f"'{spec}' is ambiguous: it is both a folder ({folder.resolve()}) and a revision of the git repository "
            f"at {repo} (commit {commit[:10]}); {_both_ways(spec)}"
        )
    if commit is not None:
        return _revision_side(spec, spec, repo, commit)
    if folder.is_dir():
        return _folder_side(spec, spec)
    raise SideError(
        f"'{spec}' is neither a project folder nor a revision of the git repository at {repo}; {_both_ways(spec)}"
    )


def side_docs_dir(config: Path, side: Side) -> str:
    """The folder of hand-written pages that `side`'s build reads, from its mkdocs.yml."""
    docs_dir = read_docs_dir(config)
    if docs_dir is None:
        raise SideError(
            f"{side.label}: the docs_dir of its {CONFIG_FILE} is not a folder inside the project, or is set by "
            f"INHERIT from another file; a comparison reads the pages the build reads, so write docs_dir in "
            f"{CONFIG_FILE} itself, like 'docs'"
        )
    return docs_dir


@contextmanager
def materialize(spec: str, repo: Path) -> Iterator[tuple[Side, Path, str]]:
    """The side `spec` names (see parse_side), a project folder holding it, and its docs_dir: a folder is
    used as it is; a revision of the git repository `repo` is written out to a temporary folder, removed
    afterwards."""
    side = parse_side(spec, repo)
    if side.folder is not None:
        content_dir = read_options(side.folder / CONFIG_FILE, Report()).content_dir
        if not (side.folder / content_dir).is_dir():
            raise SideError(f"'{spec}' is a folder but not an explainer project: it has no {content_dir}/ folder")
        yield side, side.folder.resolve(), side_docs_dir(side.folder / CONFIG_FILE, side)
        return
    assert side.commit is not None
    tree = _tree(repo, side)
    with tempfile.TemporaryDirectory(prefix="explainer-side-") as tmp:
        root = Path(tmp)
        # mkdocs.yml first: its options say where the content, the seeds and the pages are.
        _write(repo, side, tree, [CONFIG_FILE], root)
        options = read_options(root / CONFIG_FILE, Report())  # its problems are reported when the side is checked
        docs_dir = side_docs_dir(root / CONFIG_FILE, side)
        if not any(_within(path, options.content_dir) for path in tree):
            raise SideError(f"revision {side.label} has no {options.content_dir}/ folder")
        _write(repo, side, tree, list(project_parts(options, docs_dir)), root)
        yield side, root, docs_dir


@dataclass(frozen=True)
class _Entry:
    mode: str
    kind: str
    oid: str


def _tree(repo: Path, side: Side) -> dict[str, _Entry]:
    """Every entry of the revision's tree under the project's folder (the folder `repo` is in the work
    tree), by its path relative to the project: no pathspec, no attribute, no quoting (-z)."""
    assert side.commit is not None
    prefix = _git(repo, "rev-parse", "--show-prefix").stdout.decode().strip()
    listing = _git(repo, "ls-tree", "-r", "-z", "--full-tree", "--end-of-options", side.commit)
    if listing.returncode != 0:
        raise SideError(f"git ls-tree failed for {side.label}: {listing.stderr.decode(errors='replace').strip()}")
    entries = {}
    for record in listing.stdout.split(b"\0"):
        if not record:
            continue
        meta, _, raw_path = record.partition(b"\t")
        mode, kind, oid = meta.decode().split(" ")
        path = raw_path.decode("utf-8", errors="surrogateescape")
        if path.startswith(prefix):
            entries[path.removeprefix(prefix)] = _Entry(mode, kind, oid)
    return entries


def _within(path: str, part: str) -> bool:
    return path == part or path.startswith(part + "/")


def _write(repo: Path, side: Side, tree: dict[str, _Entry], parts: list[str], into: Path) -> None:
    """Write the blobs of `tree` under `parts` into `into`, byte for byte as the tree holds them."""
    chosen = {path: entry for path, entry in tree.items() if any(_within(path, part) for part in parts)}
    for path, entry in chosen.items():
        pure = PurePosixPath(path)
        if pure.is_absolute() or any(p in ("", ".", "..") for p in path.split("/")):
            raise SideError(f"revision {side.label}: its tree holds a path that cannot be a file: {path!r}")
        if entry.kind != "blob" or entry.mode not in FILE_MODES:
            what = MODE_NAMES.get(entry.mode, f"not a regular file (mode {entry.mode})")
            raise SideError(
                f"revision {side.label}: {path} is {what}; a comparison reads only regular files, and the build "
                f"does not read it as one: replace it by the file itself"
            )
    blobs = _blobs(repo, side, sorted({entry.oid for entry in chosen.values()}))
    for path, entry in chosen.items():
        target = into.joinpath(*path.split("/"))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(blobs[entry.oid])


def _blobs(repo: Path, side: Side, oids: list[str]) -> dict[str, bytes]:
    """The contents of the blobs `oids`, exactly as stored: `cat-file --batch` without --filters or
    --textconv applies no attribute."""
    if not oids:
        return {}
    result = _git(repo, "cat-file", "--batch", stdin="".join(f"{oid}\n" for oid in oids).encode())
    if result.returncode != 0:
        raise SideError(f"git cat-file failed for {side.label}: {result.stderr.decode(errors='replace').strip()}")
    data, at, blobs = result.stdout, 0, {}
    for oid in oids:
        end = data.index(b"\n", at)
        header = data[at:end].decode().split(" ")
        if len(header) != 3 or header[:2] != [oid, "blob"]:
            raise SideError(f"revision {side.label}: object {oid} cannot be read ({' '.join(header[1:])})")
        size = int(header[2])
        blobs[oid] = data[end + 1 : end + 1 + size]
        at = end + 1 + size + 1  # the contents are followed by a newline
    return blobs
