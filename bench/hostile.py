#!/usr/bin/env python3
"""What hostile content costs: `.venv/bin/python bench/hostile.py [--library DIR] [--only NAME,...]`.

The costs an editor controls (see SECURITY.md's "hostile pull requests"): overlapping occurrences of a
passage in a repetitive seed, the "closest passage" hint for long passages that are not found, grounding
hints for long texts with many findings, the word diff of long repetitive texts, and content past its
budgets. Each case is a small project built from the example project of `explainer.core.codes` (or, for the
diff, two texts), run in a child process of its own: `explainer check --format json` (or `word_diff`).
For each it prints one JSON line: CPU seconds and peak RSS of the child, and what came out (the codes
reported, or the diff's operations), so that a run before a change and one after can be compared.

`--library DIR` imports the library from DIR (a checkout's `hooks/` folder, e.g. of an older revision made
with `git worktree add`) instead of this one; a case that runs past `--timeout` seconds is reported as such.
Figures, never pass/fail; not part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "hooks"))

from explainer.core import codes  # noqa: E402  (after the path above)

PEOPLE = "people:\n  - id: ann\n    name: Ann Example\n  - id: bob\n    name: Bob Example\n"


def project(root: Path, seed: str, claims: list[tuple[str, list[str]]], files: dict[str, str] | None = None) -> Path:
    """The example project with another seed, and these claims (text, quotes of the seed)."""
    written = {**codes.EXAMPLE_PROJECT, "seeds/article.txt": seed, "content/people.yaml": PEOPLE, **(files or {})}
    records = "".join(
        f"  - id: claim-{number}\n    topic: general\n    text: {json.dumps(text)}\n    about: [ann]\n    citations:\n"
        + "".join(f"      - source: article\n        quote: {json.dumps(quote)}\n" for quote in quotes)
        for number, (text, quotes) in enumerate(claims)
    )
    written["content/claims.yaml"] = "claims:\n" + records
    for path, text in written.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    return root


def prose_seed(sentences: int) -> str:
    """An article of distinct sentences: each 'part pNx.' is found once."""
    return "A Headline\n\n" + " ".join(f"Ann Example wrote part p{i}x and went on." for i in range(sentences)) + "\n"


# ---- the cases: each writes a project into a folder (or returns texts to diff) ---------------------------


def repeated_a(root: Path) -> Path:
    """'a' * 200,000 and 20 quotes of 4,000-4,019 a's: each occurs about 196,000 times, overlapping."""
    return project(root, "a" * 200_000, [("Ann greets.", ["a" * (4000 + i)]) for i in range(20)])


def repeated_ab(root: Path) -> Path:
    return project(root, "ab" * 100_000, [("Ann greets.", ["ab" * (2000 + i)]) for i in range(20)])


def repeated_the_end(root: Path) -> Path:
    """'the end. ' * 20,000, quoted 500 times over (quotes with spaces take the seed's index)."""
    return project(
        root, "the end. " * 20_000, [("Ann greets.", [("the end. " * (500 + i)).strip()]) for i in range(20)]
    )


def long_miss_repetitive(root: Path) -> Path:
    """20 quotes of 5,000 characters, not in a repetitive 400 kB seed: the closest-passage hint."""
    seed = "the end of it. " * 27_000
    return project(root, seed, [("Ann greets.", [("the end of it, " * 333)[: 4990 - i]]) for i in range(20)])


def long_miss_prose(root: Path) -> Path:
    """20 near misses of 5,000 characters in a 1 MB article of distinct sentences."""
    seed = prose_seed(25_000)
    words = seed.split()
    quotes = [
        " ".join(words[1000 + 50 * i : 1900 + 50 * i]).replace(words[1400 + 50 * i], "banana")[:5000] for i in range(20)
    ]
    return project(root, seed, [("Ann greets.", quotes)])


def grounding_findings(root: Path) -> Path:
    """A 20,000-character claim resting on 50 passages, each sentence quoting, naming, numbering and dating
    what no passage has: 1,600 findings."""
    sentence = 'Bob Example said "zq{i} yes" in {year} on Monday. '
    text = "".join(sentence.format(i=i, year=1000 + i) for i in range(20_000 // len(sentence)))[:19_990]
    quotes = [f"part p{i}x and went on" for i in range(50)]
    return project(root, prose_seed(2_000), [(text, quotes)])


def many_files(root: Path) -> Path:
    """3,000 content files (past max_content_files, 1,000)."""
    project(root, codes.EXAMPLE_SEED, [("Ann greets Bob.", ["said “hello there” to Bob"])])
    for number in range(3_000):
        (root / "content" / f"more-{number:04}.yaml").write_text("claims: []\n", encoding="utf-8")
    return root


def diff_the_end() -> tuple[str, str]:
    """A text of 2,200 'the end.' changed to 'the end,' throughout: the word diff."""
    return "the end. " * 2_200, "the end, " * 2_200


def diff_swapped() -> tuple[str, str]:
    return "a b " * 5_000, "b a " * 5_000


def diff_prose() -> tuple[str, str]:
    """A long text of ordinary sentences (3,000 words, 18,000 characters) with ten words changed."""

    def text(words: list[str]) -> str:
        return " ".join(" ".join(words[i : i + 12]) + "." for i in range(0, len(words), 12))

    words = [f"w{i % 700}" for i in range(3_000)]
    return text(words), text([("X" if i % 300 == 7 else w) for i, w in enumerate(words)])


CHECKS: dict[str, Callable[[Path], Path]] = {
    f.__name__: f
    for f in (
        repeated_a,
        repeated_ab,
        repeated_the_end,
        long_miss_repetitive,
        long_miss_prose,
        grounding_findings,
        many_files,
    )
}
DIFFS: dict[str, Callable[[], tuple[str, str]]] = {f.__name__: f for f in (diff_the_end, diff_swapped, diff_prose)}

CHILD = """
import json, resource, sys
sys.path.insert(0, sys.argv[1])
if sys.argv[2] == "check":
    import contextlib, io
    import explainer.cli as cli
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        cli.main(["check", "--root", sys.argv[3], "--format", "json"])
    found = json.loads(out.getvalue())["diagnostics"]
    codes = {}
    for d in found:
        codes[d["code"]] = codes.get(d["code"], 0) + 1
    shown = {"codes": codes, "first": found[0]["message"][:100] if found else ""}
else:
    from explainer.changes.diff import word_diff
    old, new = json.loads(open(sys.argv[3]).read())
    ops = word_diff(old, new)
    shown = {"ops": [o.op for o in ops][:8], "count": len(ops)}
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"cpu_s": round(usage.ru_utime + usage.ru_stime, 2), "peak_rss_mb": usage.ru_maxrss // 1024, **shown}))
"""


def run(library: Path, kind: str, argument: str, timeout: float) -> dict[str, object]:
    """CPU seconds (the whole child: imports too) and peak RSS of the child, as it measured them itself."""
    try:
        child = subprocess.run(
            [sys.executable, "-c", CHILD, str(library), kind, argument], capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return {"timeout_s": timeout}
    if not child.stdout.strip():
        return {"error": child.stderr.strip().splitlines()[-1:] or child.returncode}
    result: dict[str, object] = json.loads(child.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--library", type=Path, default=ROOT / "hooks", help="folder holding the explainer package")
    parser.add_argument("--only", default="", help="comma-separated case names")
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args(argv)
    only = set(filter(None, args.only.split(",")))
    with tempfile.TemporaryDirectory() as work:
        for name, build in CHECKS.items():
            if not only or name in only:
                folder = build(Path(work) / name)
                print(json.dumps({"case": name, **run(args.library, "check", str(folder), args.timeout)}), flush=True)
        for name, texts in DIFFS.items():
            if not only or name in only:
                sides = Path(work) / f"{name}.json"
                sides.write_text(json.dumps(texts()), encoding="utf-8")
                print(json.dumps({"case": name, **run(args.library, "diff", str(sides), args.timeout)}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
