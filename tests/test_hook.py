"""The MkDocs hook, exercised by building real small sites."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import TINY_CLAIM, make_project, run_mkdocs

pytestmark = pytest.mark.build  # every test here builds a small site with mkdocs


def test_small_site_builds_strict_with_every_page_type(tiny_project: Path) -> None:
    result = run_mkdocs(tiny_project, "build", "--strict")
    assert result.returncode == 0, result.stderr
    site = tiny_project / "site"
    for page in [
        "people/ann/index.html",
        "people/bob/index.html",
        "claims/general/index.html",
        "sources/tiny/index.html",
        "timeline/index.html",
    ]:
        assert (site / page).is_file(), page
    bob = (site / "people" / "bob" / "index.html").read_text(encoding="utf-8")
    assert '<a href="../ann/">Ann Example</a>' in bob  # the relation declared on Ann shows on Bob's page
    assert "Reported as 40." in bob
    exported = json.loads((site / "data" / "explainer.json").read_text(encoding="utf-8"))
    assert {r["id"] for r in exported["records"]} == {"ann-bob", "bob-age", "ann-greets"}
    assert list((tiny_project / "docs").rglob("*")) == [tiny_project / "docs" / "index.md"]


def test_quote_not_in_seed_stops_the_build_before_anything_is_written(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    assert run_mkdocs(project, "build").returncode == 0
    before = {p: p.read_bytes() for p in (project / "site").rglob("*") if p.is_file()}
    claims = (project / "content" / "claims.yaml").read_text(encoding="utf-8")
    (project / "content" / "claims.yaml").write_text(
        claims.replace('said "hello there" to Bob', "said goodbye to Bob"), encoding="utf-8"
    )
    result = run_mkdocs(project, "build")
    assert result.returncode == 1
    assert (
        'content/claims.yaml:8:16: error EX408 passage-not-found: passage not found in tiny.txt: "said goodbye to Bob"'
        in result.stderr
    )
    assert "Traceback" not in result.stderr
    after = {p: p.read_bytes() for p in (project / "site").rglob("*") if p.is_file()}
    assert after == before  # the last good site is untouched


def test_unknown_wiki_link_fails_the_build_with_its_place(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# Tiny\n\nSee [[annn]] here.\n")
    result = run_mkdocs(project, "build")
    assert result.returncode == 1
    assert "docs/index.md:3:5: error EX503 unknown-wiki-link: wiki-link [[annn]] names no record" in result.stderr
    assert "hint: did you mean 'ann'?" in result.stderr
    assert not (project / "site").exists()


def test_docs_page_may_not_shadow_a_generated_page(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    (project / "docs" / "timeline.md").write_text("# Mine\n", encoding="utf-8")
    result = run_mkdocs(project, "build")
    assert result.returncode == 1
    assert (
        "docs/timeline.md would be published at timeline/index.html, where the site's generated page timeline.md "
        "goes; rename or remove it" in result.stderr
    )
    assert not (project / "site").exists()  # nothing was written


def test_structured_data_and_meta_cannot_be_broken_out_of(tmp_path: Path) -> None:
    people = """\
        people:
          - id: ann
            name: "Ann </script><script>alert(1)</script> \\" onload=\\"x"
          - id: bob
            name: Bob Example
        """
    project = make_project(tmp_path / "p", {"people.yaml": people}, docs_index="# Tiny\n")
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode == 0, result.stderr
    page = (project / "site" / "people" / "ann" / "index.html").read_text(encoding="utf-8")
    assert "<script>alert(1)" not in page
    assert 'onload="x' not in page
    data = page.split('<script type="application/ld+json">', 1)[1].split("</script>", 1)[0]
    assert json.loads(data)["name"] == 'Ann </script><script>alert(1)</script> " onload="x'
    assert (
        '<meta property="og:title" content="Ann &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &#34; '
        'onload=&#34;x">' in page
    )


def test_text_is_plain_but_source_ids_become_links(tmp_path: Path) -> None:
    claims = TINY_CLAIM.replace("text: Ann greets Bob.", 'text: "Only tiny says <b>so</b>; tiny-ish is not an id."')
    project = make_project(tmp_path / "p", {"claims.yaml": claims}, docs_index="# Tiny\n")
    sources = project / "content" / "sources.yaml"
    sources.write_text(
        sources.read_text(encoding="utf-8").replace(
            "    title_kind: headline", "    title_kind: headline\n    label: the tiny article"
        ),
        encoding="utf-8",
    )
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode == 0, result.stderr
    page = (project / "site" / "claims" / "general" / "index.html").read_text(encoding="utf-8")
    assert (
        'Only <a class="ex-source-ref" href="../../sources/tiny/">the tiny article</a> says '
        "&lt;b&gt;so&lt;/b&gt;; tiny-ish is not an id." in page
    )


def test_config_named_by_a_relative_path_builds_with_edit_links_into_content(tiny_project: Path) -> None:
    # `mkdocs build -f mkdocs.yml` hands the hook a relative config path.
    config = tiny_project / "mkdocs.yml"
    config.write_text(
        config.read_text(encoding="utf-8").replace(
            "  font: false\n", "  font: false\n  features: [content.action.edit]\n"
        ),
        encoding="utf-8",
    )
    result = run_mkdocs(tiny_project, "build", "--strict", "-f", "mkdocs.yml")
    assert result.returncode == 0, result.stderr
    ann = (tiny_project / "site" / "people" / "ann" / "index.html").read_text(encoding="utf-8")
    assert (
        'href="https://github.com/example/tiny/edit/main/content/people.yaml"' in ann
    )  # the edit link points at the YAML beside docs/


def test_open_graph_title_of_a_hand_written_page_is_escaped_once(tmp_path: Path) -> None:
    # The first heading is the title, as HTML: read as text and escaped once, not "&amp;amp;".
    project = make_project(tmp_path / "p")
    (project / "docs" / "more.md").write_text('# Ann & Bob <3 "hi" &amp; `<b>`\n\nText.\n', encoding="utf-8")
    assert run_mkdocs(project, "build").returncode == 0
    html = (project / "site" / "more" / "index.html").read_text(encoding="utf-8")
    assert '<meta property="og:title" content="Ann &amp; Bob &lt;3 &#34;hi&#34; &amp; &lt;b&gt;">' in html
