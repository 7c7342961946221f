"""The scale benchmark reports a ratio between the hook build and a plain Material build only when both made the
same pages (bench/scale/compare.py): a table of sites that are and are not the same."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from scale.compare import same_pages

HEAD = '<html><head><meta charset="utf-8">{head}</head><body>'
ARTICLE = '<article class="md-content__inner md-typeset">{body}</article></body></html>'
PAGE = HEAD + ARTICLE
CHIPS = '<h1>Claims</h1><p>Said. <a class="ex-chip" href="#n1">2</a></p>\n<ul><li>One</li></ul>'


def _site(root: Path, pages: dict[str, str]) -> Path:
    for name, html in pages.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(html, encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("plain_pages", "same", "other_article", "outside"),
    [
        ({"index.html": PAGE.format(head="", body=CHIPS)}, True, [], 0),
        # Python-Markdown's line breaks between the raw HTML blocks, and around the article, are not in the article.
        (
            {"index.html": PAGE.format(head="", body="\n" + CHIPS.replace("</p>\n<ul>", "</p>\n\n<ul>") + "\n  ")},
            True,
            [],
            1,  # the page differs, outside its article only
        ),
        # The head differs (the plain build has no CSP or JSON-LD): counted, not compared.
        ({"index.html": PAGE.format(head="<title>x</title>", body=CHIPS)}, True, [], 1),
        # Another chip count, another word, another link: not the same pages.
        ({"index.html": PAGE.format(head="", body=CHIPS.replace(">2<", ">3<"))}, False, ["index.html"], 0),
        ({"index.html": PAGE.format(head="", body=CHIPS.replace("Said.", "Told."))}, False, ["index.html"], 0),
        ({"index.html": PAGE.format(head="", body=CHIPS.replace("#n1", "#n2"))}, False, ["index.html"], 0),
    ],
)
def test_two_builds_make_the_same_pages_only_if_every_article_is_the_same(
    tmp_path: Path, plain_pages: dict[str, str], same: bool, other_article: list[str], outside: int
) -> None:
    site = _site(tmp_path / "site", {"index.html": PAGE.format(head="", body=CHIPS)})
    compared = same_pages(site, _site(tmp_path / "plain", plain_pages))
    assert (compared.same, compared.other_article, compared.other_outside_article) == (same, other_article, outside)


def test_pages_only_one_build_made_are_named(tmp_path: Path) -> None:
    page = PAGE.format(head="", body=CHIPS)
    site = _site(tmp_path / "site", {"index.html": page, "people/ann/index.html": page})
    plain = _site(tmp_path / "plain", {"index.html": page, "people/bob/index.html": page})
    compared = same_pages(site, plain)
    assert not compared.same
    assert (compared.only_in_hook_build, compared.only_in_plain_build) == (
        ["people/ann/index.html"],
        ["people/bob/index.html"],
    )
