"""The `explainer` command: check the content without building the site.

`explainer check` exit codes: 0 no errors (warnings may be printed); 1 errors found; 2 usage error.
Its --format is text (the default), github (workflow annotations), json, sarif (for code scanning) or
markdown (a table for a job summary); see formats.py and the site's error-codes page.
`explainer diff OLD NEW` compares two sides, each `rev:REV` (a git revision), `dir:PATH` (a folder) or a bare
name that is one of them and not both. Exit codes: 0 no change a reader would see; 1 changes; 2 usage error
(a side is neither a folder nor a revision, or is both); 3 a side's content has errors (listed;
--allow-errors compares anyway). `check --base` takes a side written the same way.
`explainer schema --output schemas/content.schema.json` regenerates the editors' JSON Schema.
`explainer new DIR --seed FILE ...` starts a new explainer (exit 0 written; 2 usage error or unusable seed).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

from explainer.content.model import Content
from explainer.content.options import CONFIG_FILE, read_docs_dir, read_site_address
from explainer.content.schema import json_schema
from explainer.core.atomic import fresh_folder_beside, write_atomically
from explainer.core.diagnostics import Diagnostic, Report, Severity, visible
from explainer.evidence.lock import LOCK_FILE, lock_text
from explainer.evidence.pipeline import Layout, check
from explainer.site import urls
from explainer.site.urls import Urls

DIFF_FORMATS = ("text", "markdown", "json")
CHECK_FORMATS = ("text", "github", "json", "sarif", "markdown")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="explainer", description="Check the explainer's cited YAML against its seed articles."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    check_cmd = sub.add_parser("check", help="validate content/ and docs/ against seeds/ without building the site")
    check_cmd.add_argument("--root", type=Path, default=Path("."), help="project folder (default: the current one)")
    check_cmd.add_argument(
        "--format",
        choices=CHECK_FORMATS,
        default="text",
        help=(
            "'github' prints workflow annotations, 'json' one document for tools, 'sarif' SARIF 2.1.0 for code "
            "scanning, 'markdown' a table for a job summary"
        ),
    )
    check_cmd.add_argument(
        "--base",
        default=None,
        metavar="SIDE",
        help=(
            "also hold the corrections log to what changed since SIDE: rev:REV (a git revision, e.g. rev:main), "
            "dir:PATH (a project folder), or a bare name that is one of them and not both"
        ),
    )
    diff_cmd = sub.add_parser(
        "diff", help="compare two versions of the content as records: what a reader would see change"
    )
    diff_cmd.add_argument(
        "old",
        metavar="OLD",
        help=(
            "rev:REV, a git revision (rev:main, rev:HEAD~3, a commit), or dir:PATH, a project folder; a bare name "
            "is read as whichever of the two it is, and is a usage error when it is both"
        ),
    )
    diff_cmd.add_argument(
        "new", metavar="NEW", nargs="?", default=None, help="the same; default: the project folder --root"
    )
    diff_cmd.add_argument(
        "--root",
        type=Path,
        default=Path("."),
        help="the git repository that revisions are read from (default: the current folder)",
    )
    diff_cmd.add_argument(
        "--format", choices=DIFF_FORMATS, default="text", help="'markdown' for a pull request, 'json' for tools"
    )
    diff_cmd.add_argument(
        "--site-url", default=None, help="link each changed record to its page under this address (a published preview)"
    )
    diff_cmd.add_argument(
        "--artifact-url",
        default=None,
        help="link each changed record to this uploaded site artifact, naming the page's file inside it",
    )
    diff_cmd.add_argument(
        "--limit",
        type=int,
        default=None,
        metavar="BYTES",
        help=(
            "leave entries out (and say how many) to keep text or Markdown within BYTES bytes of UTF-8, which "
            "is never fewer than its characters (GitHub: 65536 characters a comment, 1 MiB a job summary)"
        ),
    )
    diff_cmd.add_argument(
        "--allow-errors",
        action="store_true",
        help="compare a side whose content has errors, as far as it could be read",
    )
    coverage_cmd = sub.add_parser(
        "coverage", help="print, per article, the share of sentences and text the content cites"
    )
    coverage_cmd.add_argument("--root", type=Path, default=Path("."), help="project folder (default: the current one)")
    coverage_cmd.add_argument("--uncited", action="store_true", help="also list the sentences no record cites")
    lock_cmd = sub.add_parser(
        "lock", help=f"record where every citation is found ({LOCK_FILE}), so that a changed seed can be diagnosed"
    )
    lock_cmd.add_argument("--root", type=Path, default=Path("."), help="project folder (default: the current one)")
    lock_cmd.add_argument(
        "--check", action="store_true", help="exit 1 if the lock file is not up to date, without writing it"
    )
    schema_cmd = sub.add_parser(
        "schema", help="write the JSON Schema of content files (draft-07), generated from the code's model"
    )
    schema_cmd.add_argument("--output", type=Path, default=None, help="file to write (default: print it)")
    schema_cmd.add_argument(
        "--check", type=Path, default=None, metavar="FILE", help="exit 1 if FILE differs from the generated schema"
    )
    new_cmd = sub.add_parser(
        "new", help="start a new explainer in DIR from seed articles: it builds at once with mkdocs build --strict"
    )
    new_cmd.add_argument("directory", type=Path, metavar="DIR", help="folder to create (must not exist, or be empty)")
    new_cmd.add_argument(
        "--seed",
        type=Path,
        action="append",
        required=True,
        metavar="FILE",
        help="a seed article (UTF-8 text; its first line is taken as the headline); repeat for each article",
    )
    new_cmd.add_argument("--title", default="An explainer, cited", help="the site's name")
    new_cmd.add_argument(
        "--engine",
        default=None,
        metavar="REQUIREMENT",
        help="pip requirement for this engine in the new project's requirements.txt (default: explainer==VERSION)",
    )
    args = parser.parse_args(argv)
    if args.command == "new":
        return run_new(args.directory, args.seed, args.title, args.engine)
    if args.command == "check":
        return run_check(args.root, args.format, args.base)
    if args.command == "diff":
        if args.new is None:
            from explainer.changes.revisions import DIR

            args.new = DIR + str(args.root)  # the working folder, never a revision named like it
        return run_diff(args)
    if args.command == "lock":
        return run_lock(args.root, args.check)
    if args.command == "coverage":
        return run_coverage(args.root, args.uncited)
    if args.command == "schema":
        text = schema_text()
        if args.check is not None:
            current = args.check.read_text(encoding="utf-8") if args.check.exists() else ""
            if current != text:
                print(
                    f"{args.check} is out of date; regenerate it: explainer schema --output {args.check}",
                    file=sys.stderr,
                )
                return 1
            return 0
        if args.output is None:
            sys.stdout.write(text)
        else:
            write_atomically(args.output, text)
        return 0
    return 2


def project_layout(root: Path) -> Layout:
    """The project's layout as the build reads it: its pages from mkdocs.yml's `docs_dir` (the options, with
    the content and seed folders, are read by the check from the same file)."""
    docs_dir = read_docs_dir(root / CONFIG_FILE)
    if docs_dir is None:
        print(
            f"explainer: {CONFIG_FILE}'s docs_dir is not a folder inside the project (or comes from INHERIT), so the "
            "pages the build reads cannot be told; write it like 'docs'",
            file=sys.stderr,
        )
        raise SystemExit(2)  # a usage error
    return Layout(root, docs_dir)


def schema_text() -> str:
    return json.dumps(json_schema(Content), indent=2, ensure_ascii=False) + "\n"


def run_lock(root: Path, check_only: bool) -> int:
    root = root.resolve()
    verified, diagnostics = check(project_layout(root))
    if any(d.severity is Severity.ERROR for d in diagnostics):
        print("fix the errors that `explainer check` reports first", file=sys.stderr)
        return 1
    text = lock_text(verified)
    path = root / LOCK_FILE
    current = path.read_text(encoding="utf-8") if path.is_file() else ""
    if check_only:
        if current != text:
            print(f"{LOCK_FILE} is out of date; run: explainer lock", file=sys.stderr)
            return 1
        return 0
    if current != text:
        write_atomically(path, text)
        print(f"wrote {LOCK_FILE}", file=sys.stderr)
    return 0


def run_coverage(root: Path, uncited: bool) -> int:
    from explainer.evidence.measure import format_measures, measure_sources  # only this command needs it

    verified, diagnostics = check(project_layout(root.resolve()))
    if any(d.severity is Severity.ERROR for d in diagnostics):
        print("fix the errors that `explainer check` reports first", file=sys.stderr)
        return 1
    measures = measure_sources(verified)
    for line, m in zip(format_measures(measures), measures.values(), strict=True):
        print(line)
        if uncited:
            for sentence in m.sentences.uncited:
                print(f"    uncited: {visible(' '.join(sentence.text.split()))}")  # an article's words, shown inert
    return 0


def run_new(directory: Path, seed_paths: list[Path], title: str, engine: str | None) -> int:
    import importlib.metadata
    import importlib.util

    from explainer.scaffold import ScaffoldError, SeedFile, project_files

    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        print(f"explainer new: {directory} exists and is not an empty folder; choose a new one", file=sys.stderr)
        return 2
    seeds = []
    for path in seed_paths:
        if not path.is_file():
            print(f"explainer new: seed {path} is not a file", file=sys.stderr)
            return 2
        seeds.append(SeedFile(path.name, path.read_bytes()))
    hook = importlib.util.find_spec("explainer_hook")
    if hook is None or hook.origin is None:
        print("explainer new: the MkDocs hook (explainer_hook) is not installed with this engine", file=sys.stderr)
        return 2
    version = importlib.metadata.version("explainer")
    pins = sorted(importlib.metadata.requires("explainer") or [])
    try:
        planned = project_files(
            seeds,
            title=title,
            engine=engine or f"explainer=={version}",
            pins=pins,
            schema=schema_text(),
            hook=Path(hook.origin).read_text(encoding="utf-8"),
        )
    except ScaffoldError as exc:
        print(f"explainer new: {exc}", file=sys.stderr)
        return 2
    # Written whole into a fresh folder beside DIR, then renamed to DIR: a failure leaves no half project.
    building = fresh_folder_beside(directory.resolve())
    try:
        for relative, data in planned.items():
            target = building / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        if directory.exists():
            directory.rmdir()  # empty, as checked above
        building.rename(directory)
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    print(f"wrote {len(planned)} files to {directory}; next: cd {directory} && mkdocs serve", file=sys.stderr)
    return 0


def run_check(root: Path, output_format: str, base: str | None = None) -> int:
    verified, diagnostics = check(project_layout(root.resolve()))
    if base is not None and not any(d.severity is Severity.ERROR for d in diagnostics):
        from explainer.changes.revisions import SideError  # reading revisions (git, tar) only for --base
        from explainer.changes.snapshot import load_snapshot

        try:
            base_side = load_snapshot(base, root)
        except SideError as exc:
            print(f"explainer check: --base: {exc}", file=sys.stderr)
            return 2
        if base_side.site is None:
            print(
                f"explainer check: --base {base}: its content has {len(base_side.errors)} error(s), so the "
                f"corrections log cannot be checked against it",
                file=sys.stderr,
            )
            return 2
        from explainer.changes.basecheck import check_against_base  # only these commands need the site model
        from explainer.site.sitemodel import SiteModel
        from explainer.site.urls import Urls

        report = Report()
        check_against_base(base_side.site, SiteModel(verified, Urls()), base_side.side.label, report)
        diagnostics = sorted([*diagnostics, *report.items], key=lambda d: (d.pos, d.message))
    write_check(diagnostics, output_format, root, "explainer check" + (f" --base {base}" if base else ""))
    return 1 if any(d.severity is Severity.ERROR for d in diagnostics) else 0


def write_check(diagnostics: list[Diagnostic], output_format: str, root: Path, title: str = "explainer check") -> None:
    """The diagnostics on stdout in `output_format`; the counts on stderr. `title` heads the Markdown table."""
    from explainer.cli import formats

    if output_format in ("text", "github"):
        for diagnostic in diagnostics:
            print(diagnostic.format_github() if output_format == "github" else diagnostic.format_text())
    elif output_format == "json":
        sys.stdout.write(formats.to_json(diagnostics))
    else:
        from explainer.site.publish import site_address_problem

        site_url, directory_urls = read_site_address(root / CONFIG_FILE)
        page = (
            None
            if site_address_problem(site_url)
            else site_url.rstrip("/") + "/" + Urls(directory_urls).page_url(urls.ERROR_CODES)
        )
        if output_format == "sarif":
            sys.stdout.write(
                formats.to_sarif(
                    diagnostics, version=_version(), help_page=page, uri_prefix=formats.repository_prefix(root)
                )
            )
        else:
            sys.stdout.write(formats.to_markdown(diagnostics, page, title))
    summary = formats.summary_text(diagnostics)
    print(f"::notice::explainer check: {summary}" if output_format == "github" else summary, file=sys.stderr)


def _version() -> str:
    import importlib.metadata

    try:
        return importlib.metadata.version("explainer")
    except importlib.metadata.PackageNotFoundError:
        return "0"


def run_diff(args: argparse.Namespace) -> int:
    from explainer.changes.diff import compare  # only this command needs them
    from explainer.changes.diffview import Links, build_view, diff_json, render_view
    from explainer.changes.revisions import SideError
    from explainer.changes.snapshot import load_snapshot

    sides = []
    for spec in (args.old, args.new):
        try:
            sides.append(load_snapshot(spec, args.root, args.allow_errors))
        except SideError as exc:
            print(f"explainer diff: {exc}", file=sys.stderr)
            return 2
    failed = False
    for name, snapshot in zip(("OLD", "NEW"), sides, strict=True):
        if snapshot.errors:
            print(
                f"explainer diff: {name} ({snapshot.side.label}) has {len(snapshot.errors)} content error(s):",
                file=sys.stderr,
            )
            for diagnostic in snapshot.errors[:20]:
                print("  " + diagnostic.format_text().replace("\n", "\n  "), file=sys.stderr)
            if len(snapshot.errors) > 20:
                print(f"  ... and {len(snapshot.errors) - 20} more (run `explainer check` on it)", file=sys.stderr)
            failed = failed or snapshot.site is None
    if failed:
        print(
            "explainer diff: nothing compared; fix the errors, or compare as far as it can be read with --allow-errors",
            file=sys.stderr,
        )
        return 3
    old, new = sides
    assert old.site is not None and new.site is not None
    diff = compare(old.site, new.site, old.pages, new.pages)
    if args.format == "json":
        described = {
            key: {
                "spec": s.side.spec,
                "label": s.side.label,
                "commit": s.side.commit,
                "errors": [d.format_text() for d in s.errors],
            }
            for key, s in (("old", old), ("new", new))
        }
        sys.stdout.write(diff_json(diff, described))
    else:
        view = build_view(
            diff, old.site, new.site, old.side.label, new.side.label, Links(args.site_url, args.artifact_url)
        )
        if any(s.errors for s in sides):
            view.notes.insert(
                0,
                "Warning: a side has content errors; records with errors are missing from it and may show as "
                "added or removed.",
            )
        try:
            sys.stdout.write(render_view(view, args.format, args.limit))
        except ValueError as exc:  # a --limit too small for even the counts
            print(f"explainer diff: --limit: {exc}", file=sys.stderr)
            return 2
    return 1 if diff.changed else 0


if __name__ == "__main__":
    sys.exit(main())
