"""The explainer's options, read from `extra.explainer` in mkdocs.yml: declared once, validated, documented.

Both hosts read them the same way: the MkDocs hook and `explainer check --root DIR` call
`read_options(DIR / "mkdocs.yml")`, so the checker checks what the build builds. mkdocs.yml is
composed, never constructed: tags such as `!ENV` (resolved here, as MkDocs does) or Python names of
Markdown extensions are not run. Every problem comes back with its line and column in mkdocs.yml.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from explainer.core import codes
from explainer.core.diagnostics import Pos, Report
from explainer.text.clip import did_you_mean

CONFIG_FILE = "mkdocs.yml"
SECTION = ("extra", "explainer")


def _option(default: object, doc: str, within: tuple[int, int] | None = None, check: Any = None) -> Any:
    """An option: its default, what it does, and the whole numbers it may be (`within`) or a function
    saying why a text value is wrong (`check`, None when it is right)."""
    return field(default=default, metadata={"doc": doc, "within": within, "check": check})


def _folder(value: str) -> str | None:
    """Why `value` is not a plain relative folder name, or None when it is one."""
    pure = PurePosixPath(value)
    if not value or pure.is_absolute() or ".." in pure.parts or "\\" in value or value != pure.as_posix():
        return "must be a folder inside the project, written like 'content' or 'data/content'"
    return None


def _words_file(value: str) -> str | None:
    if value == "":
        return None
    if _folder(value) is not None or PurePosixPath(value).suffix not in (".yaml", ".yml"):
        return "must be a YAML file inside the project, written like 'words.yaml' or 'words/de.yaml'"
    return None


def _language(value: str) -> str | None:
    from babel.core import Locale, UnknownLocaleError  # only to check a language a site names

    try:
        Locale.parse(value, sep="-")
    except (UnknownLocaleError, ValueError):
        return "is not a language code that CLDR knows, such as 'en', 'de' or 'pt-BR'"
    return None


@dataclass(frozen=True)
class Options:
    """Every option, with its default (the values this project was built with) and what it does."""

    content_dir: str = _option("content", "folder of the YAML records, relative to the project root", check=_folder)
    seeds_dir: str = _option(
        "seeds",
        "folder of the seed articles, relative to the project root; sources name files directly inside it",
        check=_folder,
    )
    max_seed_bytes: int = _option(
        4 * 1024 * 1024,
        "largest seed article accepted, in bytes (a seed is one article as plain text)",
        (1, 64 * 1024 * 1024),
    )
    # The limits content files are read under (yamlload.py, schema.py): a hostile file can neither hang nor
    # exhaust the build. The largest real file is about 45 kB; PyYAML's own parser reads about 0.7 MB/s.
    max_file_bytes: int = _option(2 * 1024 * 1024, "largest content file accepted, in bytes", (1, 64 * 1024 * 1024))
    max_depth: int = _option(32, "deepest nesting of lists and mappings in a content file", (1, 100))
    max_key_chars: int = _option(100, "longest key in a content file, in characters", (1, 10_000))
    # Python refuses to convert a whole number of more than 4300 digits.
    max_number_chars: int = _option(100, "longest whole number in a content file, in characters", (1, 4300))
    max_text_chars: int = _option(
        20_000,
        "longest text of a key without a limit of its own (such as 'text' or 'summary'), in characters",
        (1, 64 * 1024 * 1024),
    )
    max_id_chars: int = _option(80, "longest id, in characters (ids become page addresses)", (1, 200))
    # Budgets of the content as a whole (load.py's Budgets): what a check reads and keeps in memory grows with
    # them. This site has 12 content files (0.3 MB), 5 seeds (0.2 MB) and 7 pages; bench/run.py's 10,000
    # statements are 22 files (4.8 MB) and about 30,000 records, read in under 2 s and 110 MB.
    max_content_files: int = _option(1_000, "most content files the content folder may hold", (1, 1_000_000))
    max_content_bytes: int = _option(
        32 * 1024 * 1024, "most bytes all content files together may hold", (1, 1024 * 1024 * 1024)
    )
    max_records: int = _option(
        250_000,
        "most records all content files together may hold, counting every nested record (a fact, a citation)",
        (1, 10_000_000),
    )
    max_seeds: int = _option(100, "most seeds read, one per source", (1, 100_000))
    max_seeds_bytes: int = _option(32 * 1024 * 1024, "most bytes all seeds together may hold", (1, 1024 * 1024 * 1024))
    max_docs_pages: int = _option(1_000, "most Markdown pages docs/ may hold", (1, 1_000_000))
    max_docs_bytes: int = _option(
        16 * 1024 * 1024, "most bytes all Markdown pages of docs/ together may hold", (1, 1024 * 1024 * 1024)
    )
    # The words readers see (catalogue.py): the language's plural rules and catalogue, and a site's own entries.
    language: str = _option(
        "en",
        "language of the words the engine shows (a BCP 47 code, as theme.language): its plural rules, and its "
        "catalogue where the engine has one",
        check=_language,
    )
    words: str = _option(
        "",
        "YAML file of the site's own words, replacing the engine's entries of the same key "
        "(see the Words and translations page)",
        check=_words_file,
    )


def _env(node: yaml.Node) -> object:
    """`!ENV NAME` or `!ENV [NAME, ..., default]`, as MkDocs resolves it."""
    names = [n.value for n in node.value] if isinstance(node, yaml.SequenceNode) else [node.value]
    default = names.pop() if len(names) > 1 else None
    for name in names:
        if name in os.environ:
            return os.environ[name]
    return default


def _scalar(node: yaml.Node) -> object:
    if node.tag == "!ENV":
        return _env(node)
    if isinstance(node, yaml.ScalarNode):
        return yaml.SafeLoader("").construct_object(node) if node.tag.startswith("tag:yaml.org,2002:") else node.value
    return node


def read_options(config_path: Path, report: Report, shown: str = CONFIG_FILE) -> Options:
    """The options in `config_path` (the defaults where it is missing or says nothing)."""
    if not config_path.is_file():
        return Options()
    try:
        root = yaml.compose(config_path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        mark = getattr(exc, "problem_mark", None)
        report.error(
            codes.OPTIONS_UNREADABLE,
            Pos(shown, mark.line + 1, mark.column + 1) if mark else Pos(shown),
            f"cannot read {shown}: {exc}",
        )
        return Options()
    if root is None:
        return Options()
    node: yaml.Node = root
    for key in SECTION:
        if not isinstance(node, yaml.MappingNode):
            return Options()
        found = next((v for k, v in node.value if k.value == key), None)
        if found is None:
            return Options()
        node = found
    where = f"{'.'.join(SECTION)}"
    if not isinstance(node, yaml.MappingNode):
        report.error(
            codes.OPTIONS_NOT_A_MAPPING,
            _pos(shown, node),
            f"{where} must be a mapping of options",
            f"write options under it, e.g. '{where}: {{content_dir: content}}'",
        )
        return Options()
    return _validate(shown, node, report)


def _settings(config_path: Path) -> dict[str, object]:
    """mkdocs.yml's top-level settings, with `!ENV` resolved; {} when it is missing or unreadable."""
    try:
        root = yaml.compose(config_path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except (OSError, yaml.YAMLError, UnicodeDecodeError):
        return {}
    pairs = root.value if isinstance(root, yaml.MappingNode) else []
    return {k.value: _scalar(v) for k, v in pairs if isinstance(k, yaml.ScalarNode)}


def read_site_address(config_path: Path) -> tuple[str, bool]:
    """`site_url` (with `!ENV` resolved; "" when unset or unreadable) and `use_directory_urls` of mkdocs.yml:
    where the site's pages are published, for links to them from what the checker writes."""
    values = _settings(config_path)
    site_url, directory_urls = values.get("site_url"), values.get("use_directory_urls", True)
    return site_url if isinstance(site_url, str) else "", directory_urls is not False


def read_docs_dir(config_path: Path) -> str | None:
    """mkdocs.yml's `docs_dir` ('docs' when unset), the folder the build reads hand-written pages from,
    as a plain folder inside the project; None when it cannot be told as one: an absolute path, a folder
    outside the project, or a value `INHERIT` may set from another file (MkDocs merges that file in)."""
    values = _settings(config_path)
    if "INHERIT" in values:
        return None
    value = values.get("docs_dir", "docs")
    if not isinstance(value, str):
        return None
    folder = PurePosixPath(value).as_posix()  # MkDocs accepts 'docs/' and './docs' for 'docs'
    return folder if _folder(folder) is None and folder != "." else None


def _pos(shown: str, node: yaml.Node) -> Pos:
    return Pos(shown, node.start_mark.line + 1, node.start_mark.column + 1)


def _validate(shown: str, section: yaml.MappingNode, report: Report) -> Options:
    declared = {f.name: f for f in fields(Options)}
    values: dict[str, object] = {}
    for key_node, value_node in section.value:
        name = str(key_node.value)
        if name not in declared:
            report.error(
                codes.UNKNOWN_OPTION,
                _pos(shown, key_node),
                f"'{name}' is not an option of {'.'.join(SECTION)}",
                did_you_mean(name, declared) or f"the options are: {', '.join(declared)}",
            )
            continue
        value = _scalar(value_node)
        default = declared[name].default
        if isinstance(default, int) and not isinstance(default, bool):
            if not isinstance(value, int) or isinstance(value, bool):
                report.error(
                    codes.OPTION_WRONG_TYPE,
                    _pos(shown, value_node),
                    f"{name} must be a whole number",
                    f"for example {name}: {default}",
                )
                continue
            low, high = declared[name].metadata["within"]
            if not low <= value <= high:
                report.error(
                    codes.OPTION_OUT_OF_RANGE,
                    _pos(shown, value_node),
                    f"{name} is {value}, outside {low} to {high}",
                    f"the default is {default}",
                )
                continue
        elif isinstance(default, str):
            if not isinstance(value, str):
                report.error(
                    codes.OPTION_WRONG_TYPE,
                    _pos(shown, value_node),
                    f"{name} must be text",
                    f"for example {name}: {default}",
                )
                continue
            check = declared[name].metadata["check"]
            problem = check(value) if check is not None else None
            if problem:
                code = codes.OPTION_NOT_A_FOLDER if check is _folder else codes.OPTION_INVALID_VALUE
                report.error(code, _pos(shown, value_node), f"{name} '{value}' {problem}")
                continue
        values[name] = value
    return Options(**values)  # type: ignore[arg-type]


def options_table() -> list[tuple[str, str, str]]:
    """(option, default, what it does) for the documentation page."""
    return [(f.name, str(f.default) if f.default != "" else "(none)", f.metadata["doc"]) for f in fields(Options)]
