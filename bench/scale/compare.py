"""Whether the hook build and the plain build made the same pages: the overhead ratio compares like with like
only if they did, so the benchmark checks it instead of assuming it.

Two sites have the same pages when they have the same HTML files and each page's article (what the reader
reads: Material's `<article class="md-content__inner md-typeset">`, edit link included) is the same, except
for white space between two tags and at the article's ends, which Python-Markdown adds or changes around the raw
HTML blocks of the plain build's pages (between blocks a browser draws it as nothing; the text, the marks, the
links and the attributes are compared as they are). What differs outside the article (the head: the explainer's
Content-Security-Policy and JSON-LD, which the plain build does not add) is counted, not compared."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*?)</article>', re.S)
BLANKS_BETWEEN_TAGS = re.compile(r">\s+<")


@dataclass(frozen=True)
class SamePages:
    pages: int
    only_in_hook_build: list[str]
    only_in_plain_build: list[str]
    other_article: list[str]  # pages whose article differs (the first few)
    other_article_count: int
    other_outside_article: int  # pages that differ outside the article only

    @property
    def same(self) -> bool:
        return not (self.only_in_hook_build or self.only_in_plain_build or self.other_article_count)


def _article(html: str) -> str | None:
    found = ARTICLE.search(html)
    return BLANKS_BETWEEN_TAGS.sub("><", found.group(1)).strip() if found else None


def same_pages(site: Path, plain: Path, *, shown: int = 5) -> SamePages:
    ours = {p.relative_to(site).as_posix() for p in site.rglob("*.html")}
    theirs = {p.relative_to(plain).as_posix() for p in plain.rglob("*.html")}
    other: list[str] = []
    outside = 0
    for name in sorted(ours & theirs):
        a, b = (site / name).read_text(encoding="utf-8"), (plain / name).read_text(encoding="utf-8")
        if a == b:
            continue
        if _article(a) != _article(b):
            other.append(name)
        else:
            outside += 1
    return SamePages(
        pages=len(ours),
        only_in_hook_build=sorted(ours - theirs)[:shown],
        only_in_plain_build=sorted(theirs - ours)[:shown],
        other_article=other[:shown],
        other_article_count=len(other),
        other_outside_article=outside,
    )
