"""Templates are compiled once per process (`mkdocs serve` builds again on every save), and an edited one again."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import jinja2
import pytest

from explainer.content.catalogue import english
from explainer.core import compiled_templates
from explainer.site import render

ROOT = Path(__file__).resolve().parent.parent


def test_a_second_environment_reuses_the_compiled_templates_and_an_edited_one_is_compiled_again(
    tmp_path: Path,
) -> None:
    own = tmp_path / "templates"
    own.mkdir()
    (own / "claims_index.html").write_text("<p>first {{ 1 + 1 }}</p>", encoding="utf-8")
    compiled: list[str] = []
    cache = compiled_templates.COMPILED
    dump = cache.dump_bytecode

    def counting(bucket: object) -> None:
        compiled.append(getattr(bucket, "key", ""))
        dump(bucket)  # type: ignore[arg-type]

    cache.dump_bytecode = counting  # type: ignore[method-assign]
    try:
        first = render.template_env(english(), [str(own)]).get_template("claims_index.html").render()
        again = render.template_env(english(), [str(own)]).get_template("claims_index.html").render()
        assert (first, again) == ("<p>first 2</p>", "<p>first 2</p>")
        assert len(compiled) == 1  # the first environment compiled it; the second took the compiled template
        (own / "claims_index.html").write_text("<p>edited {{ 2 + 2 }}</p>", encoding="utf-8")
        edited = render.template_env(english(), [str(own)]).get_template("claims_index.html").render()
        assert edited == "<p>edited 4</p>"
        assert len(compiled) == 2  # compiled again: the cache checks each entry against its template's source
    finally:
        cache.dump_bytecode = dump  # type: ignore[method-assign]


def test_a_template_compiled_without_a_filter_is_compiled_again_for_an_environment_that_has_it(
    tmp_path: Path,
) -> None:
    """The compiled code of `{{ x | prose }}` calls a filter that takes the context differently from one that
    did not exist when it was compiled: an environment with other filters gets its own compiled template."""
    own = tmp_path / "templates"
    own.mkdir()
    (own / "claims_index.html").write_text("<p>{{ 'Ann' | shout }}</p>", encoding="utf-8")
    bare = render.template_env(english(), [str(own)])
    bare.filters["shout"] = lambda text: text.upper() + "!"
    assert bare.get_template("claims_index.html").render() == "<p>ANN!</p>"

    @jinja2.pass_context
    def shout(context: jinja2.runtime.Context, text: str) -> str:
        return f"{text.upper()} ({context.get('who', 'someone')})"

    other = render.template_env(english(), [str(own)])
    other.filters["shout"] = shout
    assert other.get_template("claims_index.html").render(who="Bob") == "<p>ANN (Bob)</p>"


def _counting_compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates Jinja compiles from source from now on."""
    compiled: list[str] = []
    compile_source = jinja2.Environment.compile

    def counting(self: jinja2.Environment, source: Any, name: str | None = None, *args: Any, **kwargs: Any) -> Any:
        compiled.append(name or "")
        return compile_source(self, source, name, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    return compiled


def _environment(cache: jinja2.BytecodeCache, own: Path, **options: Any) -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(own)), bytecode_cache=cache, **options)


def test_a_later_process_takes_the_compiled_templates_from_the_users_cache_and_an_edited_one_is_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each `mkdocs build` is a new process: one compiles, the next (a new cache in memory over the same folder)
    compiles nothing, and a template edited since is compiled again."""
    own, folder = tmp_path / "templates", tmp_path / "cache"
    own.mkdir()
    folder.mkdir(mode=0o700)
    (own / "page.html").write_text("<p>{{ 6 * 7 }}</p>", encoding="utf-8")
    compiled = _counting_compiles(monkeypatch)

    def process() -> str:
        cache = compiled_templates.CompiledTemplates(lambda: jinja2.FileSystemBytecodeCache(str(folder)))
        return _environment(cache, own).get_template("page.html").render()

    assert process() == "<p>42</p>"
    assert compiled == ["page.html"]
    assert len(list(folder.iterdir())) == 1  # one entry written whole (no temporary file left)
    assert process() == "<p>42</p>"
    assert compiled == ["page.html"]  # the second process compiled nothing
    (own / "page.html").write_text("<p>{{ 6 * 8 }}</p>", encoding="utf-8")
    assert process() == "<p>48</p>"
    assert compiled == ["page.html", "page.html"]


def test_an_environment_whose_options_change_the_code_gets_its_own_compiled_template(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whitespace control and autoescaping are compiled into the code: a template compiled without them must not be
    run by an environment with them."""
    own = tmp_path / "templates"
    own.mkdir()
    (own / "list.html").write_text("{% for x in ['<a>'] %}\n{{ x }}\n{% endfor %}\n", encoding="utf-8")
    cache = compiled_templates.CompiledTemplates(lambda: None)
    plain = _environment(cache, own).get_template("list.html").render()
    trimmed = _environment(cache, own, trim_blocks=True).get_template("list.html").render()
    escaped = _environment(cache, own, trim_blocks=True, autoescape=True).get_template("list.html").render()
    assert (plain, trimmed, escaped) == ("\n<a>\n", "<a>\n", "&lt;a&gt;\n")


def test_the_users_cache_is_jinjas_private_folder_outside_the_project() -> None:
    """Compiled code runs as it is loaded: it is never read from a folder a pull request could carry."""
    cache = compiled_templates.users_cache()
    assert isinstance(cache, jinja2.FileSystemBytecodeCache)
    folder = Path(cache.directory).resolve()
    assert not folder.is_relative_to(ROOT)
    assert folder.stat().st_uid == os.getuid() and stat.S_IMODE(folder.stat().st_mode) == 0o700
