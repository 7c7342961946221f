"""The house shows the pipeline: the import contracts hold, a breach of them fails, and hosts use the public surface.

The contracts are pyproject.toml's [tool.importlinter]: each package imports only those below it
(core < text < content < evidence < site < changes | scaffold < api | cli), and the library never imports
MkDocs. `python3 dev.py test` runs `lint-imports`; these tests show it would catch a breach.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = str(Path(sys.executable).parent / "lint-imports")


def lint(hooks: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(hooks)}
    return subprocess.run(
        [LINT, "--no-cache", "--config", str(ROOT / "pyproject.toml")],
        cwd=hooks.parent,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_the_library_keeps_its_contracts() -> None:
    result = lint(ROOT / "hooks")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 2 kept, 0 broken." in result.stdout


LAYERS = "Each package imports only the packages below it"
NO_MKDOCS = "The library never imports MkDocs or its theme"


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        ("site/render.py", "from explainer.changes import diff", LAYERS),
        ("content/model.py", "import explainer.evidence.verify", LAYERS),
        (
            "core/diagnostics.py",
            "from explainer.text import textmatch",
            "Each package imports only the packages below it",
        ),
        ("evidence/verify.py", "import mkdocs.plugins", NO_MKDOCS),
        ("site/csp.py", "from material import templates", NO_MKDOCS),
    ],
    ids=["site imports changes", "content imports evidence", "core imports text", "mkdocs", "material"],
)
def test_a_breach_of_the_layers_fails(tmp_path: Path, module: str, line: str, broken: str) -> None:
    hooks = tmp_path / "hooks"
    shutil.copytree(ROOT / "hooks" / "explainer", hooks / "explainer", ignore=shutil.ignore_patterns("__pycache__"))
    target = hooks / "explainer" / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}  # noqa\n", encoding="utf-8")
    result = lint(hooks)
    assert result.returncode == 1, result.stdout
    assert f"{broken} BROKEN" in result.stdout


def _explainer_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    found |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    return {name for name in found if name == "explainer" or name.startswith("explainer.")}


def test_the_hook_imports_the_public_surface_only() -> None:
    # `explainer new` copies this hook into every new project: an internal path there would break on a move.
    assert _explainer_imports(ROOT / "hooks" / "explainer_hook.py") == {"explainer.api"}
    # What the hook needs of MkDocs beyond its events (rendering a save in part) is held to the same surface.
    for module in sorted((ROOT / "hooks" / "explainer_mkdocs").glob("*.py")):
        assert _explainer_imports(module) <= {"explainer.api"}, module.name


def test_the_public_surface_names_what_it_exports() -> None:
    import explainer.api as api

    assert sorted(api.__all__) == sorted(
        name for name in vars(api) if not name.startswith("_") and name != "annotations"
    )
    for name in api.__all__:
        assert getattr(api, name) is not None, name


def test_every_package_says_what_it_is_for_and_what_it_may_import() -> None:
    library = ROOT / "hooks" / "explainer"
    packages = sorted(p for p in library.iterdir() if (p / "__init__.py").exists())
    assert [p.name for p in packages] == ["changes", "cli", "content", "core", "evidence", "scaffold", "site", "text"]
    for package in packages:
        doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8")))
        assert doc, package.name
        assert package.name == "core" or "import" in doc, package.name
    assert not [p.name for p in library.glob("*.py") if p.name not in ("__init__.py", "api.py")]


def test_every_module_says_what_it_is_for() -> None:
    missing = [
        p.relative_to(ROOT).as_posix()
        for p in sorted((ROOT / "hooks" / "explainer").rglob("*.py"))
        if not ast.get_docstring(ast.parse(p.read_text(encoding="utf-8")))
    ]
    assert missing == []
