"""Review that a pull request cannot fool: `explainer diff` and `check --base` compare what they are told to.

Everything a pull request carries is hostile, the files it adds to the tree included. Each test here is an
attack from the red-team's description, on a real git repository made in a temporary folder: a folder
named like the base revision (its branch, its full or short commit id) holding a copy of the new content,
so that a comparison would read the pull request against itself; a `.gitattributes` in either revision
(export-ignore, export-subst, ident, eol, a filter) changing what `git archive` writes for it; links and
submodules in a revision's tree; a `docs_dir` moved away from `docs`; sides that look like options; and
the workflows, which must say which side is which and leave the pull request's code no token.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest
import yaml
from test_changes import FIRST, OTHER_SEED, SECOND, SEED, commit, explainer, git, write_content

from conftest import ROOT, make_project
from explainer.changes.revisions import SideError, materialize

REWORDED = "      text: Ann [-greets-]{+says hello there to+} Bob.\n"  # what the pull request changes, as text


def _project(path: Path) -> tuple[Path, str]:
    """A project whose first commit, on `main`, is the base; its working folder is left at the base."""
    make_project(path, FIRST)
    (path / "seeds" / "tiny.txt").write_text(SEED, encoding="utf-8")
    (path / "seeds" / "other.txt").write_text(OTHER_SEED, encoding="utf-8")
    git(path, "init", "-q", "-b", "main")
    return path, commit(path, "base")


def _copy(project: Path, into: Path) -> Path:
    """The project's working folder as a plain folder (what a checkout holds, without .git)."""
    shutil.copytree(project, into, ignore=shutil.ignore_patterns(".git"))
    return into


@pytest.fixture
def base(tmp_path: Path) -> tuple[Path, str]:
    return _project(tmp_path / "project")


# ---- a folder named like a revision ------------------------------------------------------------


@pytest.mark.parametrize("name", ["main", "full", "short", "HEAD"])
def test_a_folder_the_pull_request_names_like_the_base_does_not_stand_in_for_it(
    base: tuple[Path, str], name: str
) -> None:
    """The pull request rewords a statement and adds a folder named like the base revision holding a copy of
    its own content: read as the base, it would make the comparison 'no change a reader would see'."""
    path, sha = base
    spec = {"full": sha, "short": sha[:7]}.get(name, name)
    write_content(path, SECOND)  # the pull request, as the build reads it (HEAD and main are still the base)
    _copy(path, path.parent / "copy")
    shutil.move(path.parent / "copy", path / spec)
    assert explainer(path, "diff", f"dir:{spec}", "dir:.").returncode == 0  # the decoy: the new content again

    bare = explainer(path, "diff", spec, ".")
    assert bare.returncode == 2, bare.stdout + bare.stderr
    assert f"'{spec}' is ambiguous: it is both a folder" in bare.stderr
    assert f"a revision of the git repository at . (commit {sha[:10]})" in bare.stderr
    assert f"write rev:{spec} for the git revision or dir:{spec} for the folder" in bare.stderr
    assert bare.stdout == ""

    explicit = explainer(path, "diff", f"rev:{spec}", "dir:.")
    assert explicit.returncode == 1, explicit.stderr
    assert REWORDED in explicit.stdout

    check = explainer(path, "check", "--base", spec)
    assert check.returncode == 2
    assert "explainer check: --base: '" + spec + "' is ambiguous" in check.stderr
    logged = explainer(path, "check", "--base", f"rev:{spec}")
    assert "published statement 'ann-greets' changed since" in logged.stdout, logged.stderr


def test_a_bare_side_that_is_only_one_thing_is_read_as_it(base: tuple[Path, str], tmp_path: Path) -> None:
    path, sha = base
    write_content(path, SECOND)
    folder = _copy(path, tmp_path / "folder")
    assert REWORDED in explainer(path, "diff", sha, str(folder)).stdout  # a revision, then a folder
    assert REWORDED in explainer(path, "diff", "main").stdout  # NEW: the working folder
    elsewhere = explainer(tmp_path, "diff", "rev:main", "--root", str(path))
    assert elsewhere.returncode == 1, elsewhere.stderr  # NEW is the folder --root, as a folder
    assert REWORDED in elsewhere.stdout


def test_new_defaults_to_the_folder_even_when_a_revision_is_named_like_it(base: tuple[Path, str]) -> None:
    """`--root project` names a folder; a branch called `project` in its repository does not replace it."""
    path, _ = base
    git(path, "branch", "project")
    write_content(path, SECOND)
    result = explainer(path.parent, "diff", "rev:main", "--root", "project")
    assert result.returncode == 1, result.stderr
    assert REWORDED in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rev:nope"], "'rev:nope': 'nope' is not a revision of the git repository at . (a branch, a tag or a "),
        (["rev:HEAD:content"], "'rev:HEAD:content': 'HEAD:content' is not a revision"),
        (["rev:"], "'rev:' names no revision: write one after 'rev:'"),
        (["dir:nowhere"], "'dir:nowhere': 'nowhere' is not a folder; for a git revision write rev:nowhere"),
        (["dir:mkdocs.yml"], "'dir:mkdocs.yml': 'mkdocs.yml' is not a folder"),
        (["dir:"], "'dir:' names no folder"),
        (["dir:seeds"], "'dir:seeds' is a folder but not an explainer project: it has no content/ folder"),
        (["nope"], "'nope' is neither a project folder nor a revision of the git repository at .; write rev:nope"),
        (["--", "--output=x"], "'--output=x' looks like an option"),
        (["--", "-n", "dir:."], "'-n' looks like an option"),
        (["rev:--output=x"], "'rev:--output=x': a revision never starts with '-'"),
        (["rev:-n"], "'rev:-n': a revision never starts with '-'"),
        (["dir:-n"], "write a folder whose name starts with '-' as dir:./-n"),
        (["--output=x", "dir:."], "unrecognized arguments: --output=x"),
    ],
)
def test_a_side_that_is_not_what_it_says_is_a_usage_error(
    base: tuple[Path, str], args: list[str], message: str
) -> None:
    path, _ = base
    (path / "-n").mkdir()  # an option-looking folder is still not read from a bare spec
    result = explainer(path, "diff", *args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert not (path / "x").exists() and not (path / "--output=x").exists()  # nothing reached git as an option


@pytest.mark.parametrize(
    ("base_arg", "message"),
    [
        ("--base=--output=x", "--base: '--output=x' looks like an option"),
        ("--base=rev:-n", "--base: 'rev:-n': a revision never starts with '-'"),
        ("--base=dir:nowhere", "--base: 'dir:nowhere': 'nowhere' is not a folder"),
        ("--base=rev:nope", "--base: 'rev:nope': 'nope' is not a revision"),
    ],
)
def test_check_base_takes_the_same_sides(base: tuple[Path, str], base_arg: str, message: str) -> None:
    path, _ = base
    result = explainer(path, "check", base_arg)
    assert result.returncode == 2, result.stdout + result.stderr
    assert message in result.stderr


def test_rev_in_a_folder_that_is_no_repository_says_so(tmp_path: Path) -> None:
    project = make_project(tmp_path / "plain")
    result = explainer(project, "diff", "rev:main", "dir:.")
    assert result.returncode == 2
    assert "'rev:main': . is not a git repository, so no revision can be read from it" in result.stderr


# ---- a revision is its tree's blobs, whatever its attributes say -------------------------------


EXTRA = """\
    claims:
      - id: bob-waves
        topic: general
        text: Bob waves.
        citations:
          - source: other
            quote: Ann Example waved to Bob Example.
    """


@pytest.mark.parametrize(
    "attributes",
    ["content/extra.yaml export-ignore", "content/** export-ignore", "/content export-ignore", "*.yaml export-ignore"],
)
def test_a_file_the_pull_request_hides_from_archives_is_compared(base: tuple[Path, str], attributes: str) -> None:
    """The pull request adds statements in a file of its own and marks it export-ignore: `git archive` of
    its revision leaves the file out, a checkout (what the build reads) does not."""
    path, sha = base
    write_content(path, {"extra.yaml": EXTRA})
    (path / ".gitattributes").write_text(attributes + "\n", encoding="utf-8")
    head = commit(path, "the pull request")
    assert "content/extra.yaml" not in _archived(path, head)  # the attack is real

    for new in (f"rev:{head}", "dir:.", head):
        result = explainer(path, "diff", f"rev:{sha}", new, "--format", "json")
        assert result.returncode == 1, result.stderr
        added = [r["id"] for r in yaml.safe_load(result.stdout)["records"] if r["status"] == "added"]
        assert added == ["bob-waves"], new


# Attributes the tree being read carries, each making `git archive` write a content file other than its blob.
ATTRIBUTES = {
    "export-subst": ("content/claims.yaml export-subst\n", "text: Ann greets Bob $Format:%H$."),
    "ident": ("content/* -text ident\n", "text: Ann greets Bob $Id$."),
    "eol": ("* text eol=crlf\n", "text: Ann greets Bob."),
    "filter": ("content/** filter=hostile\n", "text: Ann greets Bob."),
    "export-ignore": ("content/claims.yaml export-ignore\n", "text: Ann greets Bob."),
}


def _attributed(path: Path, kind: str) -> tuple[str, bytes]:
    """Commit the base's content with the attributes of `kind` and the text that shows them; the blob."""
    attributes, text = ATTRIBUTES[kind]
    git(path, "config", "filter.hostile.smudge", "sed s/greets/hugs/")  # a checkout or archive would apply it
    git(path, "config", "filter.hostile.clean", "cat")
    (path / ".gitattributes").write_text(attributes, encoding="utf-8")
    write_content(path, {"claims.yaml": FIRST["claims.yaml"].replace("text: Ann greets Bob.", text)})
    revision = commit(path, kind)
    blob = subprocess.run(
        ["git", "-C", str(path), "cat-file", "blob", f"{revision}:content/claims.yaml"],
        capture_output=True,
        check=True,
    ).stdout
    return revision, blob


def _archived(path: Path, revision: str) -> dict[str, bytes]:
    tar = subprocess.run(["git", "-C", str(path), "archive", "--format=tar", revision], capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(tar.stdout)) as archive:
        return {m.name: archive.extractfile(m).read() for m in archive.getmembers() if m.isfile()}


@pytest.mark.parametrize("kind", list(ATTRIBUTES))
def test_a_revision_is_read_as_the_exact_blobs_of_its_tree(base: tuple[Path, str], tmp_path: Path, kind: str) -> None:
    path, _ = base
    revision, blob = _attributed(path, kind)
    assert _archived(path, revision).get("content/claims.yaml") != blob  # the attack is real
    with materialize(f"rev:{revision}", path) as (_, root, docs_dir):
        assert (root / "content" / "claims.yaml").read_bytes() == blob
        assert docs_dir == "docs"
        for name in ("mkdocs.yml", "seeds/tiny.txt", "docs/index.md", "content/people.yaml"):
            assert (root / name).read_bytes() == (path / name).read_bytes(), name  # written with LF, stored so
        assert not (root / ".gitattributes").exists()  # only the parts the pipeline reads
    # The same bytes in a folder are the same records: nothing was added, expanded or converted.
    folder = _copy(path, tmp_path / "same-bytes")
    (folder / "content" / "claims.yaml").write_bytes(blob)
    same = explainer(path, "diff", f"rev:{revision}", f"dir:{folder}")
    assert same.returncode == 0, same.stdout + same.stderr
    assert "No change a reader would see." in same.stdout


@pytest.mark.parametrize("kind", ["export-subst", "ident"])
def test_the_diff_shows_a_revisions_text_as_committed(base: tuple[Path, str], kind: str) -> None:
    """Placeholders that `git archive` would expand are shown as the tree holds them, on either side."""
    path, sha = base
    revision, _ = _attributed(path, kind)
    placeholder = {"export-subst": "$Format:%H$", "ident": "$Id$"}[kind]
    forward = explainer(path, "diff", f"rev:{sha}", f"rev:{revision}")
    assert forward.returncode == 1, forward.stderr
    assert "      text: Ann greets Bob[-.-]{+ " + placeholder + ".+}\n" in forward.stdout
    backward = explainer(path, "diff", f"rev:{revision}", f"rev:{sha}")
    assert "  claim ann-greets: Ann greets Bob.\n" in backward.stdout
    assert placeholder in backward.stdout
    for expanded in (revision, "$Id:"):
        assert expanded not in forward.stdout + backward.stdout


def test_attributes_in_the_base_do_not_change_what_it_was(base: tuple[Path, str]) -> None:
    """The base carries export-ignore on a content file; the pull request changes nothing a reader sees.
    Read through `git archive`, the base would lack the file and the pull request would seem to add it."""
    path, _ = base
    revision, _ = _attributed(path, "export-ignore")
    result = explainer(path, "diff", f"rev:{revision}", "dir:.")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No change a reader would see." in result.stdout
    assert explainer(path, "check", "--base", f"rev:{revision}").returncode == 0


# ---- what a revision's tree holds that is not a file ---------------------------------------------


@pytest.mark.parametrize("where", ["content/linked.yaml", "seeds/linked.txt", "docs/linked.md", "mkdocs.yml"])
def test_a_symbolic_link_in_a_revision_is_refused_by_name(base: tuple[Path, str], where: str) -> None:
    path, _ = base
    target = path / where
    target.unlink(missing_ok=True)
    target.symlink_to("/etc/passwd")
    revision = commit(path, "a link")
    result = explainer(path, "diff", f"rev:{revision}", "dir:.")
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"revision {revision[:10]}: {where} is a symbolic link; a comparison reads only regular files" in (
        result.stderr
    )
    with pytest.raises(SideError, match="is a symbolic link"), materialize(f"rev:{revision}", path):
        pass


def test_a_link_outside_the_parts_the_pipeline_reads_is_not_read(base: tuple[Path, str]) -> None:
    path, sha = base
    (path / "elsewhere").symlink_to("/etc")
    revision = commit(path, "a link beside the project")
    assert explainer(path, "diff", f"rev:{sha}", f"rev:{revision}").returncode == 0


def test_a_submodule_in_a_revision_is_refused_by_name(base: tuple[Path, str]) -> None:
    path, sha = base
    git(path, "update-index", "--add", "--cacheinfo", f"160000,{sha},content/vendored")
    git(path, "commit", "-q", "-m", "a submodule")
    result = explainer(path, "diff", "rev:HEAD", "dir:.")
    assert result.returncode == 2
    assert "content/vendored is a submodule (a commit of another repository)" in result.stderr


# ---- the pages are where the side's mkdocs.yml says ----------------------------------------------


def test_pages_moved_to_another_docs_dir_are_compared(base: tuple[Path, str]) -> None:
    """The pull request keeps docs/ as it was and publishes other pages from a docs_dir of its own."""
    path, sha = base
    (path / "mkdocs.yml").write_text(
        (path / "mkdocs.yml").read_text(encoding="utf-8") + "docs_dir: published\n", encoding="utf-8"
    )
    (path / "published").mkdir()
    (path / "published" / "index.md").write_text("# Something else\n", encoding="utf-8")
    head = commit(path, "another docs_dir")
    for new in (f"rev:{head}", "dir:."):
        result = explainer(path, "diff", f"rev:{sha}", new, "--format", "json")
        assert result.returncode == 1, result.stderr
        assert yaml.safe_load(result.stdout)["pages"] == [
            {"path": "published/index.md", "status": "added"},
            {"path": "docs/index.md", "status": "removed"},
        ]


@pytest.mark.parametrize("setting", ["docs_dir: ../outside", "docs_dir: /tmp", "docs_dir: .", "INHERIT: base.yml"])
def test_a_docs_dir_the_comparison_cannot_follow_is_a_usage_error(base: tuple[Path, str], setting: str) -> None:
    path, _ = base
    config = path / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8") + setting + "\n", encoding="utf-8")
    revision = commit(path, setting)
    for side in (f"rev:{revision}", "dir:."):
        result = explainer(path, "diff", side, "dir:.")
        assert result.returncode == 2, result.stdout + result.stderr
        assert "the docs_dir of its mkdocs.yml is not a folder inside the project, or is set by INHERIT" in (
            result.stderr
        )


def test_a_project_in_a_folder_of_its_repository(tmp_path: Path) -> None:
    """The revision's files are those under the folder --root is in, as its working folder holds them."""
    repo = tmp_path / "repo"
    _project(repo / "site")
    (repo / "site" / ".git").rename(repo / ".git")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "moved into site/")
    write_content(repo / "site", SECOND)
    result = explainer(repo / "site", "diff", "rev:HEAD", "dir:.")
    assert result.returncode == 1, result.stderr
    assert REWORDED in result.stdout


# ---- the workflows -------------------------------------------------------------------------------


WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def _steps(path: Path) -> list[dict[str, object]]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [step for job in data["jobs"].values() for step in job.get("steps", [])]


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda p: p.name)
def test_workflows_check_out_without_persisting_credentials(workflow: Path) -> None:
    checkouts = [s for s in _steps(workflow) if str(s.get("uses", "")).startswith("actions/checkout@")]
    assert checkouts
    for step in checkouts:
        assert step["with"]["persist-credentials"] is False


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda p: p.name)
def test_no_expression_is_interpolated_into_a_script(workflow: Path) -> None:
    """Values reach scripts through env:, quoted, never as `${{ }}` pasted into the shell's text."""
    for step in _steps(workflow):
        assert "${{" not in str(step.get("run", "")), step.get("name")


def test_the_pull_request_workflow_compares_the_base_revision_with_the_folder_it_built() -> None:
    steps = _steps(ROOT / ".github" / "workflows" / "pull-request.yml")
    runs = {str(s.get("name")): str(s.get("run", "")) for s in steps}
    build = next(name for name, run in runs.items() if run == "python3 dev.py build")
    diff = next(name for name, run in runs.items() if "explainer diff" in run)
    assert list(runs).index(build) < list(runs).index(diff)
    assert '.venv/bin/explainer diff "rev:$BASE_SHA" "dir:." ' in runs[diff]
    base_checks = [run for run in runs.values() if "--base" in run]
    assert base_checks and all(
        line.count('--base "rev:$BASE_SHA"') == 1
        for run in base_checks
        for line in run.splitlines()
        if "--base" in line
    )
    for step in steps:
        if "BASE_SHA" in str(step.get("run", "")):
            assert step["env"]["BASE_SHA"] == "${{ github.event.pull_request.base.sha }}"
