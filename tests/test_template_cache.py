"""Templates are compiled once per process (`mkdocs serve` builds again on every save), and an edited one again."""

from __future__ import annotations

from pathlib import Path

import jinja2

from explainer.content.catalogue import english
from explainer.site import render


def test_a_second_environment_reuses_the_compiled_templates_and_an_edited_one_is_compiled_again(
    tmp_path: Path,
) -> None:
    own = tmp_path / "templates"
    own.mkdir()
    (own / "claims_index.html").write_text("<p>first {{ 1 + 1 }}</p>", encoding="utf-8")
    compiled: list[str] = []
    cache = render._COMPILED
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
