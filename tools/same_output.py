#!/usr/bin/env python3
"""Does a change leave every output as it was? `.venv/bin/python tools/same_output.py OLD [NEW]`.

For each of two git revisions (NEW defaults to HEAD) it checks the revision out as a git worktree in a
temporary folder, always at the same path (so that paths printed in outputs are the same), and with that
revision's library (its `hooks/` first on PYTHONPATH) collects:

- the built site: `mkdocs build --strict`, every file of `site/` (the export `site/data/explainer.json`
  among them);
- `explainer check --format text|github|json|sarif|markdown` of the project, with its exit status;
- the same five formats for every diagnostic code's example project (the registry's `EXAMPLE_PROJECT`
  with the code's example applied, checked against its base where it has one), as tests/test_error_codes.py
  writes them: every code's message, hint, place and SARIF rule.

Then it compares the two collections file by file, byte for byte, and prints each file that differs or is
only on one side, and a last line with the counts. Both builds get the same SOURCE_DATE_EPOCH (the OLD
revision's commit time, unless `--source-date-epoch` says otherwise), so the build clock (a sitemap's
gzip header) is not a difference. Exit status 0 when nothing differs, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FORMATS = ("text", "github", "json", "sarif", "markdown")

# Run in a child process with the revision's library first on sys.path: writes each code's example project
# (as tests/test_error_codes.py does) and the outputs of `explainer check` in every format for it.
EXAMPLES = """
import contextlib, io, os, sys
from pathlib import Path
try:
    from explainer.core import codes
except ImportError:  # revisions before the library was a package of steps
    from explainer import codes
import explainer.cli as cli

work, out, formats = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3].split(",")

def write(root, files):
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))

for code in codes.CODES:
    example = code.example
    project, base = work / code.code / "current", work / code.code / "base"
    files = {**codes.EXAMPLE_PROJECT, **example.also}
    if example.link_to is None:
        data = example.text if isinstance(example.text, bytes) else example.text.encode("utf-8")
        if example.padding:
            line = b"# " + b"-" * 77 + b"\\n"
            data += line * ((example.padding - len(data)) // len(line) + 1)
        files[example.file] = data
    else:
        files.pop(example.file, None)
    write(project, files)
    if example.link_to is not None:
        (project / example.file).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(example.link_to, project / example.file)
    arguments = ["check", "--root", str(project)]
    if example.base is not None:
        write(base, {**codes.EXAMPLE_PROJECT, **example.base})
        arguments += ["--base", str(base)]
    for output_format in formats:
        stdout, stderr = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            status = cli.main([*arguments, "--format", output_format])
        shown = f"exit {status}\\n--- stdout\\n{stdout.getvalue()}--- stderr\\n{stderr.getvalue()}"
        (out / f"{code.code}-{code.name}.{output_format}.txt").write_text(shown, encoding="utf-8")
"""


def git(*args: str, cwd: Path = REPO) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def run(command: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)


def shown(result: subprocess.CompletedProcess[str]) -> str:
    """A command's exit status and output, as one file to compare."""
    return f"exit {result.returncode}\n--- stdout\n{result.stdout}--- stderr\n{result.stderr}"


def collect(revision: str, work: Path, out: Path, epoch: str, examples: bool) -> None:
    """Every output of `revision` into `out`; the worktree (always `work`/tree) is removed afterwards."""
    tree = work / "tree"
    git("worktree", "add", "--detach", str(tree), revision)
    try:
        env = {**os.environ, "PYTHONPATH": str(tree / "hooks"), "SOURCE_DATE_EPOCH": epoch, "NO_MKDOCS_2_WARNING": "1"}
        python = sys.executable
        built = run([python, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tree / "site")], tree, env)
        if built.returncode != 0:
            raise SystemExit(f"same_output: the build of {revision} failed:\n{built.stderr[-3000:]}")
        shutil.move(tree / "site", out / "site")
        (out / "check").mkdir(parents=True)
        for output_format in FORMATS:
            checked = run([python, "-m", "explainer.cli", "check", "--root", ".", "--format", output_format], tree, env)
            (out / "check" / f"project.{output_format}.txt").write_text(shown(checked), encoding="utf-8")
        if examples:
            (out / "examples").mkdir()
            scratch = work / "examples"
            child = run([python, "-c", EXAMPLES, str(scratch), str(out / "examples"), ",".join(FORMATS)], tree, env)
            shutil.rmtree(scratch, ignore_errors=True)
            if child.returncode != 0:
                raise SystemExit(f"same_output: the examples of {revision} failed:\n{child.stderr[-3000:]}")
    finally:
        git("worktree", "remove", "--force", str(tree))


def files_below(root: Path) -> dict[str, Path]:
    return {path.relative_to(root).as_posix(): path for path in sorted(root.rglob("*")) if not path.is_dir()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", metavar="OLD", help="the revision before the change")
    parser.add_argument("new", metavar="NEW", nargs="?", default="HEAD", help="the revision after it (default: HEAD)")
    parser.add_argument("--source-date-epoch", default=None, help="the build clock (default: OLD's commit time)")
    parser.add_argument("--no-examples", action="store_true", help="skip the example project of every code")
    parser.add_argument("--keep", type=Path, default=None, help="keep both collections in this folder")
    args = parser.parse_args(argv)
    old, new = (
        git("rev-parse", "--verify", f"{args.old}^{{commit}}"),
        git("rev-parse", "--verify", f"{args.new}^{{commit}}"),
    )
    epoch = args.source_date_epoch or git("show", "-s", "--format=%ct", old)
    with tempfile.TemporaryDirectory(prefix="same-output-") as temporary:
        work = Path(temporary)
        sides = {"old": work / "old", "new": work / "new"}
        for label, revision in (("old", old), ("new", new)):
            print(f"same_output: {label} = {revision[:12]}: building and checking", file=sys.stderr, flush=True)
            collect(revision, work, sides[label], epoch, not args.no_examples)
        before, after = files_below(sides["old"]), files_below(sides["new"])
        differing = [
            name
            for name in sorted(before.keys() & after.keys())
            if before[name].read_bytes() != after[name].read_bytes()
        ]
        only_old, only_new = sorted(before.keys() - after.keys()), sorted(after.keys() - before.keys())
        for name in differing:
            print(f"differs: {name}")
        for name in only_old:
            print(f"only in {args.old}: {name}")
        for name in only_new:
            print(f"only in {args.new}: {name}")
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
            for label, folder in sides.items():
                shutil.copytree(folder, args.keep / label, symlinks=True, dirs_exist_ok=True)
    compared = len(before.keys() & after.keys())
    print(
        f"{compared} files compared ({args.old} {old[:12]} against {args.new} {new[:12]}): {len(differing)} differ, "
        f"{len(only_old)} only in {args.old}, {len(only_new)} only in {args.new}"
    )
    return 1 if differing or only_old or only_new else 0


if __name__ == "__main__":
    sys.exit(main())
