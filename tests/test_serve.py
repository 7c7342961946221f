"""`mkdocs serve` rebuilds when content/ or seeds/ change, and keeps the last good site on errors."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import make_project

pytestmark = pytest.mark.build  # every test here runs `mkdocs serve`


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, project: Path) -> None:
        self.port = _free_port()
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{self.port}"],
            cwd=project,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)

    def wait_for(self, text: str, after: int = 0, timeout: float = 60) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for i, line in enumerate(self.lines[after:], start=after):
                if text in line:
                    return i
            time.sleep(0.1)
        raise AssertionError(f"{text!r} not seen; output:\n{''.join(self.lines)}")

    def wait_until(self, condition: Callable[[], bool], timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            assert time.monotonic() < deadline, "".join(self.lines)
            time.sleep(0.2)

    def get(self, path: str) -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/{path}", timeout=10) as response:
            return response.read().decode("utf-8")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)


def test_serve_rebuilds_on_content_change_and_keeps_last_good_site(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    server = Server(project)
    try:
        mark = server.wait_for("Serving on")
        assert "Ann greets Bob." in server.get("claims/general/")
        claims = project / "content" / "claims.yaml"
        claims.write_text(
            claims.read_text(encoding="utf-8").replace("Ann greets Bob.", "Ann says hello to Bob."), encoding="utf-8"
        )
        mark = server.wait_for("Reloading browsers", after=mark + 1)
        server.wait_until(lambda: "Ann says hello to Bob." in server.get("claims/general/"))
        # A broken edit: the error shows in the terminal, the last good site keeps being served.
        claims.write_text(
            claims.read_text(encoding="utf-8").replace('said "hello there"', "said farewell"), encoding="utf-8"
        )
        server.wait_for(
            'content/claims.yaml:8:16: error EX408 passage-not-found: passage not found in tiny.txt: "said farewell to '
            'Bob"',
            after=mark + 1,
        )
        assert "Ann says hello to Bob." in server.get("claims/general/")
        assert "Traceback" not in "".join(server.lines)
    finally:
        server.stop()


def test_serve_keeps_serving_the_last_good_site_whatever_stage_fails(tmp_path: Path) -> None:
    # A page collision is found after MkDocs cleaned the site folder: the build wrote into a fresh folder, so
    # the last good site is still there, and the server reports the error and keeps serving it.
    project = make_project(tmp_path / "p")
    server = Server(project)
    try:
        mark = server.wait_for("Serving on")
        assert "Ann greets Bob." in server.get("claims/general/")
        (project / "docs" / "timeline.md").write_text("# Mine\n", encoding="utf-8")
        mark = server.wait_for("docs/timeline.md would be published at timeline/index.html", mark + 1)
        server.wait_for("The build failed; still serving the last good build. Fix it and save to rebuild.", mark)
        assert "Ann greets Bob." in server.get("claims/general/")
        assert "Timeline" in server.get("timeline/")  # the generated page, not the hand-written one
        (project / "docs" / "timeline.md").unlink()
        claims = project / "content" / "claims.yaml"
        claims.write_text(claims.read_text(encoding="utf-8").replace("Ann greets Bob.", "Ann hails Bob."), "utf-8")
        server.wait_until(lambda: "Ann hails Bob." in server.get("claims/general/"))
        assert "Traceback" not in "".join(server.lines)
    finally:
        server.stop()
