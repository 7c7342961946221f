"""`explainer new`: the files of a new, buildable explainer made from a few seed articles.

`project_files` is pure (seeds in, file contents out); the command line writes them. The files come
from the Jinja templates in scaffold/ (YAML values quoted as JSON strings, which YAML reads as they are),
plus the generated JSON Schema, the MkDocs hook and byte-identical copies of the seeds.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import PurePosixPath

import jinja2

from explainer.content.schema import MAX_ID
from explainer.evidence.seeds import safe_seed_name, seed_name_problem
from explainer.site.pages import generated_nav
from explainer.site.render import markdown_text

SCAFFOLD = "files"
# Template in scaffold/ -> path in the new project (no dot folders in the package: globs skip them).
TEMPLATES = {
    "mkdocs.yml.jinja": "mkdocs.yml",
    "docs/index.md.jinja": "docs/index.md",
    "content/sources.yaml.jinja": "content/sources.yaml",
    "content/topics.yaml.jinja": "content/topics.yaml",
    "content/people.yaml.jinja": "content/people.yaml",
    "content/claims.yaml.jinja": "content/claims.yaml",
    "content/corrections.yaml.jinja": "content/corrections.yaml",
    "requirements.txt.jinja": "requirements.txt",
    "gitignore.jinja": ".gitignore",
    "README.md.jinja": "README.md",
    "github/workflows/pull-request.yml.jinja": ".github/workflows/pull-request.yml",
    "github/workflows/deploy.yml.jinja": ".github/workflows/deploy.yml",
}
_WORDS_IN_ID = 6


class ScaffoldError(ValueError):
    """A seed that cannot start an explainer (not UTF-8 text, no text, a clashing name)."""


@dataclass(frozen=True)
class SeedFile:
    name: str  # file name, kept as it is under seeds/
    data: bytes


@dataclass(frozen=True)
class NewSource:
    id: str
    file: str
    sha256: str
    title: str


def source_id(title: str, taken: set[str]) -> str:
    """A slug of the headline's first words, made unique with -2, -3 ... among `taken`."""
    words = re.sub(r"[^a-z0-9]+", " ", re.sub(r"['’]", "", title.lower())).split()[:_WORDS_IN_ID]
    base = "-".join(words)[: MAX_ID - 4].strip("-") or "source"
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    taken.add(candidate)
    return candidate


def new_sources(seeds: list[SeedFile]) -> list[NewSource]:
    sources: list[NewSource] = []
    taken: set[str] = set()
    names: set[str] = set()
    for seed in seeds:
        if seed.name in names:
            raise ScaffoldError(f"two seeds are named {seed.name}; seed file names must be unique")
        names.add(seed.name)
        if (problem := seed_name_problem(seed.name)) is not None:
            raise ScaffoldError(f"{problem}; rename it, e.g. to {safe_seed_name(seed.name)}")
        try:
            text = seed.data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ScaffoldError(f"{seed.name} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
        title = next((line.strip() for line in text.splitlines() if line.strip()), "")
        if not title:
            raise ScaffoldError(f"{seed.name} has no text")
        file = str(PurePosixPath("seeds") / seed.name)
        sources.append(NewSource(source_id(title, taken), file, hashlib.sha256(seed.data).hexdigest(), title))
    return sources


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("explainer.scaffold", SCAFFOLD),
        autoescape=False,  # YAML, Markdown and text, not HTML: values go through the `yaml`/`markdown` filters
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["yaml"] = lambda value: json.dumps(str(value), ensure_ascii=False)
    env.filters["markdown"] = markdown_text
    return env


def project_files(
    seeds: list[SeedFile], *, title: str, engine: str, pins: list[str], schema: str, hook: str
) -> dict[str, bytes]:
    """Every file of the new project by its path, ready to write."""
    if not seeds:
        raise ScaffoldError("give at least one seed article (--seed FILE)")
    sources = new_sources(seeds)
    count = len(sources)
    description = (
        f"A citation-verified explainer of {count} article{'s' if count != 1 else ''}: every "
        f"statement cites its passages."
    )
    env = _environment()
    context = {
        "title": title,
        "description": description,
        "sources": sources,
        "engine": engine,
        "pins": pins,
        "nav": generated_nav(),
    }
    result = {path: env.get_template(name).render(context).encode("utf-8") for name, path in TEMPLATES.items()}
    result["schemas/content.schema.json"] = schema.encode("utf-8")
    result["hooks/explainer_hook.py"] = hook.encode("utf-8")
    for seed in seeds:
        result[f"seeds/{seed.name}"] = seed.data
    return result
