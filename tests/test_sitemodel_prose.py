"""A text's parts, where it names an article by its id (`SiteModel.prose_parts`), are kept from one site model to
the next while the articles are named the same, for `mkdocs serve`; a renamed or added article splits them anew."""

from __future__ import annotations

from pathlib import Path

from conftest import make_project
from explainer.api import Layout, SiteModel, Urls, check_or_raise

TEXT = "As tiny reports, Ann greets Bob. tiny again."


def _model(project: Path) -> SiteModel:
    verified, _ = check_or_raise(Layout(project))
    return SiteModel(verified, Urls())


def _rename(project: Path, old: str, new: str) -> None:
    sources = project / "content" / "sources.yaml"
    sources.write_text(sources.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def test_a_texts_parts_are_kept_while_the_articles_are_named_the_same(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    first = _model(project).prose_parts(TEXT)
    tiny = ("A Tiny Headline", "tiny")
    assert first == [("As ", None), tiny, (" reports, Ann greets Bob. ", None), tiny, (" again.", None)]
    assert _model(project).prose_parts(TEXT) is first  # kept
    _rename(project, "title_kind: headline\n", "title_kind: headline\n    label: the “tiny” article\n")
    relabelled = _model(project)
    assert relabelled.prose_parts(TEXT)[1] == ("the “tiny” article", "tiny")
    assert relabelled.prose_text(TEXT) == "As the “tiny” article reports, Ann greets Bob. The “tiny” article again."
    _rename(project, "A Tiny Headline", "A Small Headline")  # the title: the label still names it
    assert _model(project).prose_text(TEXT) == relabelled.prose_text(TEXT)
    _rename(project, "    label: the “tiny” article\n", "")
    assert _model(project).prose_parts(TEXT)[1] == ("A Small Headline", "tiny")
