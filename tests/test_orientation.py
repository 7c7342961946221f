"""Orientation on the built site, read from its HTML and search index: contents, breadcrumbs, the menu,
link text, and what search indexes. (The same, as a reader sees it in Chromium: test_browser_orientation.py.)"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from test_site import html_pages

# A page of each kind of record, with the index page it belongs under.
RECORD_PAGES = {
    "people/alec-baldwin/": ("People", "people/", "Alec Baldwin"),
    "quotes/when-im-talking/": (
        "Quotes",
        "quotes/",
        "“Oh my God. When I’m talking, you’re not talking.” — Hilaria Baldwin",
    ),
    "claims/red-carpet/": ("Claims", "claims/", "The red-carpet interview"),
    "sources/justify-snapping/": (
        "Sources",
        "sources/",
        "Hilaria Baldwin attempts to justify snapping at Alec during viral red carpet interview",
    ),
    "transcripts/extra-interview-transcript/": (
        "Transcripts",
        "transcripts/",
        "The interview with Extra, line by line",
    ),
}
# Bytes. It was 788,306 with every marker's preview in it; about 340,000 without (see docs/benchmarks.md).
# Putting the previews back, or any other repeat of the passages on every page, would pass it at once. It was
# 400,000 until the security rules of 2 December (seven error codes, How to edit's "What is trusted") took the
# index from 390,719 to 402,829 bytes of documentation, not of repeats; loading the index only when a reader
# searches is the remedy for its weight, not a shorter error-codes page. It was 420,000 until the editorial
# rules of 3 December (three error codes, How to edit's kinds of disagreement, delivery and withdrawn
# phrasings, and eleven corrections entries) took it to 437,561 bytes, again of documentation and the log.
SEARCH_INDEX_BUDGET = 460_000


def _text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def _toc(page: str) -> list[str]:
    """The entries of the page's table of contents (the secondary sidebar)."""
    found = re.search(r'<nav class="md-nav md-nav--secondary"[^>]*>(.*?)</nav>\s*</div>', page, re.S)
    return (
        [_text(m) for m in re.findall(r'<a href="#[^"]*" class="md-nav__link">(.*?)</a>', found.group(1), re.S)]
        if found
        else []
    )


def test_every_page_has_a_table_of_contents(built_site: Path) -> None:
    missing = []
    for path in html_pages(built_site):
        page = path.read_text(encoding="utf-8")
        if not _toc(page):
            missing.append(str(path.relative_to(built_site)))
    assert missing == []


@pytest.mark.parametrize(
    ("path", "entries"),
    [
        (
            "people/alec-baldwin/",
            ["Facts (8)", "Family (10)", "Quotes by Alec Baldwin (20)", "Said to Alec Baldwin (13)"],
        ),
        ("people/", ["The family", "Everyone named"]),
        ("quotes/when-im-talking/", ["How each article prints it"]),
        ("compare/", ["Facts", "Quotations", "Questions they answer differently", "Measured copying"]),
        ("sources/", ["What the measures mean", "The articles"]),
    ],
)
def test_contents_list_the_sections_the_page_shows(built_site: Path, path: str, entries: list[str]) -> None:
    toc = _toc(_page(built_site, path))
    for want in entries:
        assert any(e == want or e.startswith(want + " (") for e in toc), (want, toc)


@pytest.mark.parametrize("path", sorted(RECORD_PAGES))
def test_a_records_page_says_where_it_is_and_highlights_its_section(built_site: Path, path: str) -> None:
    section, section_url, title = RECORD_PAGES[path]
    page = _page(built_site, path)
    trail = re.search(r'<nav class="md-path" aria-label="Breadcrumb"\s*>(.*?)</nav>', page, re.S)
    assert trail, path
    crumbs = re.findall(
        r'<a href="([^"]*)" class="md-path__link"( aria-current="page")?>(.*?)</a>', trail.group(1), re.S
    )
    assert [(_text(text), bool(current)) for _, current, text in crumbs] == [
        ("Home", False),
        (section, False),
        (title, True),
    ]
    # Each crumb links where it says: home, the section's index page, this page.
    folder = built_site / path
    assert [(folder / href).resolve() for href, _, _ in crumbs] == [
        built_site.resolve(),
        (built_site / section_url).resolve(),
        folder.resolve(),
    ]
    # In the menu, the section's item is the active one.
    active = re.findall(
        r'<li class="md-nav__item md-nav__item--active">\s*<a href="[^"]*" class="md-nav__link">(.*?)</a>', page, re.S
    )
    assert [_text(a) for a in active] == [section]


def test_the_reader_menu_holds_reader_pages_and_editor_pages_sit_under_about_this_site(built_site: Path) -> None:
    page = _page(built_site, "sources/justify-snapping/")
    menu = re.search(r'<nav class="md-nav md-nav--primary".*?</nav>\s*</div>', page, re.S).group(0)  # type: ignore[union-attr]
    top = [
        _text(t)
        for t in re.findall(
            r'<li class="md-nav__item[^"]*">\s*<a href="(?!#)[^"]*" class="md-nav__link[^"]*">(.*?)</a>', menu, re.S
        )
    ]
    assert top[:11] == [
        "Home",
        "People",
        "Organizations",
        "Timeline",
        "Quotes",
        "Transcripts",
        "Claims",
        "Disagreements",
        "Compare the articles",
        "Sources",
        "Corrections",
    ]
    about = menu[menu.index("About this site") :]
    for editor_page in ("How to edit", "Benchmarks", "Longevity"):
        assert editor_page in about and top.index(editor_page) > top.index("Corrections")


VAGUE = re.compile(r">\s*(the disagreement|the inference|see it in the article|here|click here|more|link)\s*</a>", re.I)


def test_link_text_makes_sense_out_of_context(built_site: Path) -> None:
    vague = []
    for path in html_pages(built_site):
        article = path.read_text(encoding="utf-8").split("<article", 1)[-1].split("</article>", 1)[0]
        vague += [f"{path.relative_to(built_site)}: {m.group(1)}" for m in VAGUE.finditer(article)]
    assert vague == []
    # The articles' own voice is not announced on every claim.
    topic = _page(built_site, "claims/red-carpet/")
    assert "according to the article" not in _text(topic)


# --- search ----------------------------------------------------------------------------------------------------------


def _index(site: Path) -> dict:  # type: ignore[type-arg]
    return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))


def test_the_search_index_stays_within_its_budget(built_site: Path) -> None:
    size = (built_site / "search" / "search_index.json").stat().st_size
    assert size <= SEARCH_INDEX_BUDGET, f"search index is {size:,} bytes"


def test_search_indexes_statements_not_their_markers_or_previews(built_site: Path) -> None:
    docs = _index(built_site)["docs"]
    assert not [d["location"] for d in docs if re.search(r"\[\d+\]", d["text"])]
    assert not [d["location"] for d in docs if re.search(r"\b\d+ articles, \d+ independent report", d["text"])]
    facts = next(d for d in docs if d["location"] == "people/alec-baldwin/#sec-facts")
    assert "Reported as 66 years old" in facts["text"]
    assert "The actor, 66," not in facts["text"]  # a passage, shown only in the marker's preview
    # A source page's list of cited passages repeats its full text; only the full text is indexed.
    cited = [d for d in docs if d["location"] == "sources/justify-snapping/#sec-cited"]
    assert len(cited) == 1 and cited[0]["text"] == ""
    text = next(d for d in docs if d["location"] == "sources/justify-snapping/#sec-text")
    assert (
        "Just days after footage of Hilaria Baldwin snapping at her husband Alec on the red carpet went viral"
        in text["text"]
    )


def test_search_finds_each_claim_once_on_its_topic_page(built_site: Path) -> None:
    """A person's page lists the claims about them, each indexed already on its topic's page: a search for a
    claim's words lists the topic page, not also every person it is about. The editor-facing benchmarks are
    left out of search altogether."""
    docs = _index(built_site)["docs"]
    claim = 'An unnamed insider told Daily Mail that the exchange was "a true reflection of their relationship"'
    found = {d["location"].split("#")[0] for d in docs if claim in d["text"]}
    assert "claims/reactions/" in found and not [page for page in found if page.startswith("people/")]
    person = [d for d in docs if d["location"].startswith("people/hilaria-baldwin/")]
    assert {"people/hilaria-baldwin/#sec-facts", "people/hilaria-baldwin/#sec-said"} <= {d["location"] for d in person}
    assert not [d["location"] for d in docs if d["location"].startswith(("benchmarks/", "test-suite/", "page-weight/"))]


def test_search_finds_a_corrected_statement_on_its_page_and_the_correction_by_its_reasons(built_site: Path) -> None:
    """The corrections page lists the full text of every statement it corrects: those lists are left out of
    search (each statement is indexed where it is shown), while what was wrong, what it says now and why
    stay searchable on the corrections page."""
    docs = _index(built_site)["docs"]
    statement = "At the red-carpet interview, with the first episode having aired"
    found = {d["location"].split("#")[0] for d in docs if statement in d["text"]}
    assert "claims/the-baldwins/" in found and "corrections/" not in found
    reason = "which takes one for granted"
    assert {d["location"].split("#")[0] for d in docs if reason in d["text"]} == {"corrections/"}


def test_search_titles_tell_quote_pages_apart_and_disagreements_rank_first(built_site: Path) -> None:
    docs = _index(built_site)["docs"]
    quote_pages = [d for d in docs if re.fullmatch(r"quotes/[a-z0-9-]+/", d["location"])]
    titles = [d["title"] for d in quote_pages]
    assert len(quote_pages) >= 50 and not any(t.startswith("Quote by") for t in titles)
    assert len(set(titles)) == len(titles)  # every quote page's result is told apart by its title
    assert (
        next(d["title"] for d in quote_pages if d["location"] == "quotes/when-im-talking/")
        == "Oh my God. When I’m talking, you’re not talking. — Hilaria Baldwin"
    )
    boosts = {d["location"].split("#")[0]: d.get("boost") for d in docs}
    assert boosts["disagreements/"] > boosts["claims/red-carpet/"] > 1 and boosts.get("quotes/when-im-talking/") is None


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("who says “correctile dysfunction”", ["who", "says", "correctile", "dysfunction"]),
        ('"manterrupting" — the video', ["manterrupting", "the", "video"]),
        ("‘When I’m Talking, You’re Not’", ["When", "I’m", "Talking", "You’re", "Not"]),
        ("'Edu' and Alec's", ["Edu", "and", "Alec's"]),
        ("in 2012. The", ["in", "2012", "The"]),
    ],
)
def test_search_splits_words_at_quotation_marks_and_dashes(built_site: Path, text: str, words: list[str]) -> None:
    separator = re.compile(_index(built_site)["config"]["separator"])
    assert [w for w in separator.split(text) if w] == words
