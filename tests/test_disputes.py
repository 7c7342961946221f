"""Disputes travel: a record a disagreement puts in question is marked, with a link, wherever it is shown."""

from __future__ import annotations

import html
import json
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_site import html_pages

from conftest import ROOT, make_project, run_mkdocs
from explainer.evidence.pipeline import Layout, check

DISAGREEMENT = """\
    disagreements:
      - id: who-greets
        question: Who greets whom?
        concerns: [bob-age]
        answers:
          - id: ann-greets-bob
            concerns: [ann-greets]
            text: Ann greets Bob.
            citations:
              - source: tiny
                quote: Ann Example said
          - id: bob-replies
            text: Bob replies.
            citations:
              - source: tiny
                quote: "replied:"
    """


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            ("concerns: [bob-age]", "concerns: [bob-agee]"),
            "content/disagreements.yaml:4:16: EX303 unknown-reference | did you mean 'bob-age'?",
        ),
        (
            ("concerns: [bob-age]", "concerns: [bob-replies]"),
            (
                "content/disagreements.yaml:4:16: EX310 concerns-an-answer | answers are disputed already; name the "
                "records that state a side"
            ),
        ),
        (
            ("concerns: [bob-age]", "concerns: [ann-greets]"),
            (
                "content/disagreements.yaml:7:20: EX312 concerns-named-twice | name each record once: on the answer "
                "whose side it states, or on the disagreement when it takes no side"
            ),
        ),
        (
            ("question: Who greets whom?", "question: Who greets whom?\n        kind: wording"),
            (
                "content/disagreements.yaml:5:15: EX309 concerns-in-wording | remove 'concerns', or make it kind: "
                "substance if the accounts cannot all be true"
            ),
        ),
        (
            ("question: Who greets whom?", "question: Who greets whom?\n        kind: detail"),
            (
                "content/disagreements.yaml:5:15: EX309 concerns-in-wording | remove 'concerns', or make it kind: "
                "substance if the accounts cannot all be true"
            ),
        ),
    ],
)
def test_concerns_are_checked(tmp_path: Path, change: tuple[str, str], expected: str) -> None:
    project = make_project(tmp_path / "p", {"disagreements.yaml": DISAGREEMENT.replace(*change)})
    _, diagnostics = check(Layout(project))
    assert expected in [f"{d.pos}: {d.code} | {d.hint}" for d in diagnostics]


@pytest.mark.build
def test_accounts_that_may_all_be_true_are_shown_apart_and_dispute_nothing(tmp_path: Path) -> None:
    """kind: detail: listed under its own heading on the disagreements page, between the disagreements of
    substance and the differences of wording; neither it nor its answers are marked disputed anywhere."""
    detail = DISAGREEMENT.replace("question: Who greets whom?", "question: Who greets whom?\n        kind: detail")
    detail = detail.replace("        concerns: [bob-age]\n", "").replace("            concerns: [ann-greets]\n", "")
    project = make_project(tmp_path / "p", {"disagreements.yaml": detail})
    verified, diagnostics = check(Layout(project))
    assert diagnostics == []
    assert verified.index.disputes.disputed_by == {}
    site = tmp_path / "site"
    assert run_mkdocs(project, "build", "--strict", "--site-dir", str(site)).returncode == 0
    page = (site / "disagreements" / "index.html").read_text(encoding="utf-8")
    section = page[page.index('<h2 id="sec-detail">') :]
    assert section.startswith('<h2 id="sec-detail">Told differently, in ways that may all be true</h2>')
    assert '<section class="ex-disagreement ex-disagreement--detail" id="who-greets">' in section
    assert '<h3 id="sec-q-who-greets">Who greets whom? ' in section
    assert "ex-disputed" not in page and "ex-badge--disputed" not in page


def test_declared_concerns_index_the_disputed_records(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", {"disagreements.yaml": DISAGREEMENT})
    verified, diagnostics = check(Layout(project))
    assert diagnostics == []
    disputes = verified.index.disputes
    assert {r: [d.id for d in ds] for r, ds in disputes.disputed_by.items()} == {
        "ann-greets-bob": ["who-greets"],
        "bob-replies": ["who-greets"],
        "bob-age": ["who-greets"],
        "ann-greets": ["who-greets"],
    }
    assert disputes.of("ann-bob") == []


# ---- on the built site -------------------------------------------------------------------------


class _Items(HTMLParser):
    """Every <li>, table header cell (a comparison's row) and element with an id: its text, and its links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[tuple[str | None, str, list[str]]] = []  # (id, text, hrefs)
        self._open: list[tuple[str, str | None, list[str], list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            for _, _, _, hrefs in self._open:
                hrefs.append(a["href"] or "")
        if tag in ("li", "h1", "dd", "th") or a.get("id"):
            self._open.append((tag, a.get("id"), [], []))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i][0] == tag:
                _, element_id, text, hrefs = self._open.pop(i)
                self.items.append((element_id, " ".join("".join(text).split()), hrefs))
                break

    def handle_data(self, data: str) -> None:
        for _, _, text, _ in self._open:
            text.append(data)


def _items(page: Path) -> list[tuple[str | None, str, list[str]]]:
    parser = _Items()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.items


@pytest.fixture(scope="module")
def disputes() -> dict[str, list[str]]:
    verified, _ = check(Layout(ROOT))
    return {r: [d.id for d in ds] for r, ds in verified.index.disputes.disputed_by.items()}


CORRECTILE_ALEC = (
    "attributed to Alec Baldwin by 3 articles (2 independent reports) and to Hilaria Baldwin by "
    "2 articles (2 independent reports) — disputed"
)


def test_a_quote_with_a_disputed_speaker_is_never_listed_as_plainly_one_persons_words(built_site: Path) -> None:
    index = {
        text
        for _, text, hrefs in _items(built_site / "quotes" / "index.html")
        if "ig-correctile-dysfunction-alec/" in hrefs
    }
    assert index == {f"correctile dysfunction — {CORRECTILE_ALEC} (3 wordings)"}
    alec = [
        text
        for _, text, hrefs in _items(built_site / "people" / "alec-baldwin" / "index.html")
        if any(h.endswith("quotes/ig-correctile-dysfunction-alec/") for h in hrefs)
    ]
    assert alec and all(CORRECTILE_ALEC in text for text in alec)
    heading = next(
        text
        for element_id, text, _ in _items(built_site / "quotes" / "ig-correctile-dysfunction-alec" / "index.html")
        if element_id == "ig-correctile-dysfunction-alec"
    )
    assert heading == "correctile dysfunction — as attributed to Alec Baldwin (speaker disputed)"


def test_disputed_records_are_marked_wherever_they_are_shown(built_site: Path, disputes: dict[str, list[str]]) -> None:
    """Each disputed statement, where it is shown (its element) and in every list item that links to its page."""
    quote_pages = {f"quotes/{r}/": r for r in disputes if (built_site / "quotes" / r).is_dir()}
    unmarked = []
    shown = 0
    for page in html_pages(built_site):
        if page.parent.name == "disagreements":
            continue  # the disagreements themselves, with the records they concern
        for element_id, text, hrefs in _items(page):
            linked = [r for href in hrefs for path, r in quote_pages.items() if href.split("#")[0].endswith(path)]
            record = element_id if element_id in disputes else None
            if record and page.parent.name == record and page.parent.parent.name == "quotes":
                # A quote's own page: the heading names the speaker; the facts under it list the disputes.
                facts = page.read_text(encoding="utf-8").split("<dt>Disputed</dt>", 1)[-1].split("</dd>", 1)[0]
                shown += 1
                if not all(f'href="../../disagreements/#{d}"' in facts for d in disputes[record]):
                    unmarked.append(f"{page.relative_to(built_site)}: the Disputed fact")
                continue
            if record:
                shown += 1
                if "disputed" not in text:
                    unmarked.append(f"{page.relative_to(built_site)}#{record}")
            for r in linked:
                shown += 1
                if "disputed" not in text:
                    unmarked.append(f"{page.relative_to(built_site)}: a link to {r} in “{text[:80]}”")
    assert unmarked == []
    assert shown >= 15  # enough of the site's disputed records (those of the one dispute of substance) were found


def test_each_mark_links_to_its_disagreement(built_site: Path) -> None:
    def item(page: str, marker: str) -> str:
        """The list item of `page` that holds `marker` (an element's id or a link)."""
        html = (built_site / page / "index.html").read_text(encoding="utf-8")
        start = html.rindex("<li", 0, html.index(marker))
        return html[start : html.index("</li>", start)]

    marked = item("quotes", 'href="ig-manterrupting-positive-negative/"')
    assert 'class="ex-disputed__link" href="../disagreements/#who-says-correctile-dysfunction"' in marked
    # Accounts that may all be true mark nothing: the child's interruption is told two ways, undisputed, and so
    # is the walk-out threat (the reopening, in one article's paraphrase; the interview, in another's quotation).
    assert "ex-disputed" not in item("claims/instagram-videos", 'id="ig-child-interrupts"')
    assert "ex-disputed" not in item("claims/red-carpet", 'id="rc-walk-out-threat"')
    assert "ex-disputed" not in item("quotes", 'href="walk-out-of-this-interview/"')


def test_search_carries_the_dispute(built_site: Path) -> None:
    docs = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    quote = next(d for d in docs if d["location"] == "quotes/ig-correctile-dysfunction-alec/")
    assert "disputed" in quote["title"] and CORRECTILE_ALEC in re.sub(r"<[^>]+>", "", quote["text"])
    event = next(d for d in docs if d["location"] == "timeline/#sec-e-instagram-manterrupting-video")
    assert "Who says" in event["text"] and "correctile dysfunction" in event["text"]  # the disagreement that remains
    assert "disputed" in event["text"]


def test_json_ld_names_no_single_speaker_for_a_disputed_quote(built_site: Path) -> None:
    text = (built_site / "quotes" / "ig-correctile-dysfunction-alec" / "index.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r'<script type="application/ld\+json">(.*?)</script>', text, re.S).group(1))  # type: ignore[union-attr]
    assert "creator" not in data
    (question,) = data["subjectOf"]
    assert question["@type"] == "Question" and question["url"].endswith(
        "disagreements/#who-says-correctile-dysfunction"
    )
    assert [a["url"].rsplit("#", 1)[1] for a in question["suggestedAnswer"]] == [
        "correctile-said-by-alec",
        "correctile-said-by-hilaria",
    ]


def test_the_exports_carry_support_and_disputes(built_site: Path, disputes: dict[str, list[str]]) -> None:
    exported = json.loads((built_site / "data" / "explainer.json").read_text(encoding="utf-8"))
    disagreements = {d["id"] for d in exported["disagreements"]}
    for record in exported["records"]:
        support = record["support"]
        sources = {c["source"] for c in record["citations"]}
        assert support["articles"] == len(sources) and sorted(s for g in support["groups"] for s in g) == sorted(
            sources
        ), record["id"]
        assert support["independent_reports"] == len(support["groups"]) <= support["articles"]
        assert record["disputed_by"] == disputes.get(record["id"], []) and set(record["disputed_by"]) <= disagreements
    by_id = {r["id"]: r for r in exported["records"]}
    assert by_id["family-children-ages"]["support"] == {
        "articles": 3,
        "independent_reports": 3,
        "groups": [["justify-snapping"], ["snaps-awkward-interview"], ["forces-apologize"]],
    }
    assert by_id["ig-correctile-dysfunction-alec"]["disputed_by"] == ["who-says-correctile-dysfunction"]
    assert by_id["family-children-ages"]["disputed_by"] == []
    annotations = json.loads((built_site / "data" / "annotations.jsonld").read_text(encoding="utf-8"))["first"]["items"]
    tagged = {
        a["id"].rsplit("#", 1)[1].rsplit("-", 1)[0]
        for a in annotations
        if any(b.get("purpose") == "tagging" and b.get("value") == "disputed" for b in a["body"])
    }
    assert tagged == {r for r in disputes if r in by_id and by_id[r]["citations"]}


def test_the_home_page_counts_reports_and_shows_each_side_where_the_articles_part_ways(built_site: Path) -> None:
    source = (built_site / "index.html").read_text(encoding="utf-8")
    page = html.unescape(re.sub(r"<[^>]+>", "", source))
    text = " ".join(page[page.index("she told him") : page.index("each article's wording")].split())
    assert 'aria-label="5 articles, 4 independent reports" data-search-exclude>5</a>' in source  # a chip: 5, named
    # Every article that reports the line has it said in the interview: nothing marks it as disputed.
    assert "disputed" not in text
    # Where they do differ, the home page shows the question with each side and its own count, and takes none.
    card = source[source.index('<p class="ex-dispute-card">') :]
    card = card[: card.index("</p>")]
    card_text = " ".join(html.unescape(re.sub(r"<[^>]+>", "", card)).split())
    assert card_text.startswith('Who says "correctile dysfunction" in the Instagram video? Alec Baldwin, in three')
    assert "Alec Baldwin, in three articles (two independent reports)" in card_text
    assert "Hilaria Baldwin, in two articles (two independent reports)" in card_text
    assert 'aria-label="3 articles, 2 independent reports" data-search-exclude>3</a>' in card
    assert "The site takes no side" in card_text
    assert 'href="disagreements/#who-says-correctile-dysfunction">the question, article by article</a>' in card
    # Her own answers are on the home page with the articles' loaded words on both sides.
    assert "The whole point is that we interrupt each other all the time" in page
    assert "Since I met Alec a lot of people have spoken for me" in page
    assert '"a patronizing back-and-forth"' in page and '"snapped"' in page


def _row_records(page: Path, table_id: str) -> list[tuple[str, str]]:
    """(record id, text) of each row of a comparison table: the record its row header links to first."""
    html = page.read_text(encoding="utf-8")
    table = html[html.index(f'<table class="ex-compare" id="{table_id}"') :]
    table = table[: table.index("</table>")]
    rows = []
    for header in re.findall(r'<th scope="row">(.*?)</th>', table, re.S):
        href = re.search(r'href="([^"]+)"', header).group(1)  # type: ignore[union-attr]
        record = href.rstrip("/").rsplit("#", 1)[-1].rsplit("/", 1)[-1]
        rows.append((record, " ".join(re.sub(r"<[^>]+>", " ", header).split())))
    return rows


def test_the_comparison_marks_every_disputed_row_and_never_shows_one_side_alone(
    built_site: Path, disputes: dict[str, list[str]]
) -> None:
    page = built_site / "compare" / "index.html"
    verified, _ = check(Layout(ROOT))
    for table in ("cmp-facts", "cmp-quotes"):
        rows = dict(_row_records(page, table))
        for record, text in rows.items():
            assert ("disputed" in text) == (record in disputes), (table, record, text)
            # One side shown, every side shown: the records stating each answer of its disputes are rows too.
            for disagreement in verified.index.disputes.of(record):
                for answer in disagreement.answers:
                    for other in answer.concerns:
                        kind = verified.index.statement_by_id[other].kind
                        if (kind == "quote") == (table == "cmp-quotes"):
                            assert other in rows, (table, record, other)
    quotes = _row_records(page, "cmp-quotes")
    # Worked out by hand from the articles: three print "correctile dysfunction" as Alec Baldwin's (two of them
    # sharing text), two as Hilaria Baldwin's; the second falls under the table's three-article threshold but
    # is shown, with its own count, right after the first.
    ids = [record for record, _ in quotes]
    alec = ids.index("ig-correctile-dysfunction-alec")
    assert ids[alec + 1] == "ig-correctile-dysfunction-hilaria"
    assert "3 of 5" in quotes[alec][1] and "2 of 5" in quotes[alec + 1][1]
    html = page.read_text(encoding="utf-8")
    questions = html[html.index('id="cmp-questions"') :]
    assert questions.count('<span class="ex-badge ex-badge--disputed">disputed</span>') == 1  # the one dispute
    assert questions.count('<span class="ex-badge">told differently</span>') == 12
    assert questions.count('<span class="ex-badge">wording differs</span>') == 8


DELIVERY_LABELS = {
    "written": "written",
    "mouthed": "mouthed, not said aloud",
    "reported": "the article’s reported speech",
}


def test_words_not_simply_said_are_listed_as_what_they_are(built_site: Path) -> None:
    """A caption, a comment, a mouthed word or the article's reported speech is never listed as a thing said."""
    verified, _ = check(Layout(ROOT))
    given = {q.id: q.delivery for q in verified.index.content.quotes if q.delivery != "said"}
    assert {"fu-caption-silent-auction", "mouthed-about-beauty", "accused-of-distracting-her"} <= set(given)
    unlabelled: list[str] = []
    shown: set[str] = set()
    quote_folders = {f"quotes/{q}": q for q in given}
    for page in html_pages(built_site):
        source = page.read_text(encoding="utf-8")
        if not any(f"{q}/" in source for q in given):
            continue  # the page links none of them: nothing to parse
        # Where each link leads, as a folder of the site (worked out from the text: the site has no symbolic links).
        folder = page.parent.relative_to(built_site).as_posix()
        for element_id, text, hrefs in _items(page):
            targets = {
                posixpath.normpath(posixpath.join(folder, href.split("#")[0]))
                for href in hrefs
                if "://" not in href and href[:1] != "#"
            } - {posixpath.normpath(folder)}  # not the page's own links to its parts
            listed = {q for target, q in quote_folders.items() if target in targets}
            if len(listed) != 1 or element_id is not None:
                continue  # an item that lists one quote; not a whole section, not the quote's own heading
            (quote,) = listed
            shown.add(quote)
            if DELIVERY_LABELS[given[quote]] not in text:
                unlabelled.append(f"{page.relative_to(built_site)}: “{text[:80]}”")
    assert unlabelled == []
    assert shown == set(given)  # each is listed somewhere: the quotes index at least
    page = (built_site / "quotes" / "mouthed-about-beauty" / "index.html").read_text(encoding="utf-8")
    assert "Mouthed, not said aloud, by" in page and "Said by" not in page


def test_a_passage_an_article_relays_from_another_outlet_says_so_where_it_is_shown(built_site: Path) -> None:
    """The "attempts to justify" article's account of who says "correctile dysfunction" ends "reports Page Six"."""
    page = (built_site / "disagreements" / "index.html").read_text(encoding="utf-8")
    notes = page[page.index('class="ex-notes-source"') :]
    relayed = [n for n in re.findall(r'<li class="ex-note".*?</ol></li>', notes, re.S) if "relaying Page Six" in n]
    assert relayed and all("correctile dysfunction" in n for n in relayed)
    assert '<span class="ex-note__via">(relaying Page Six, as it says)</span>' in relayed[0]
    exported = json.loads((built_site / "data" / "explainer.json").read_text(encoding="utf-8"))
    answer = next(r for r in exported["records"] if r["id"] == "correctile-said-by-alec")
    assert [c.get("via") for c in answer["citations"]] == ["page-six", None, None]


def test_the_timeline_picture_marks_a_disputed_event_and_says_so_in_its_name(
    built_site: Path, disputes: dict[str, list[str]]
) -> None:
    page = (built_site / "timeline" / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r'<a class="(ex-chart__row[^"]*)" href="#([^"]+)" aria-label="([^"]*)"', page)
    assert rows
    for classes, event, label in rows:
        disputed = event in disputes
        assert ("ex-chart__row--disputed" in classes) == disputed, event
        assert ("disputed (" in html.unescape(label)) == disputed, event
    assert ("ex-chart__row ex-chart__row--disputed", "instagram-manterrupting-video") in {(c, e) for c, e, _ in rows}
    assert "disputed: the list below links the disagreement" in page  # the legend says what the mark means


def test_a_quotation_an_article_splits_counts_as_one_wording(built_site: Path) -> None:
    """'Let me go back,' she told the reporter. 'It's all about routine…' is one article's one wording, in two
    parts; 'captivated by' her 'beauty' likewise, beside the other article's 'captivated by [her] beauty'."""
    items = {
        text
        for _, text, hrefs in _items(built_site / "quotes" / "index.html")
        if hrefs and hrefs[0] in ("let-me-go-back/", "captivated-by-beauty/")
    }
    assert any(t.startswith("Let me go back,") and t.endswith("(1 wording)") for t in items), items
    assert any(t.startswith("captivated by [her] beauty,") and "(2 wordings)" in t for t in items), items


def test_the_corrections_feed_marks_a_disputed_record_it_links(
    built_site: Path, disputes: dict[str, list[str]]
) -> None:
    """As the site marks it wherever it is shown; an answer of the disagreement is a side, not marked."""
    verified, _ = check(Layout(ROOT))
    feed = (built_site / "corrections.atom").read_text(encoding="utf-8")
    links = re.findall(r'<link rel="related" type="text/html" href="([^"]*)" title="([^"]*)"', feed)
    assert links
    marked = 0
    for href, title in links:
        record = href.rstrip("/").rsplit("#", 1)[-1].rsplit("/", 1)[-1]
        statement = verified.index.statement_by_id.get(record)
        expected = record in disputes and (statement is None or statement.kind != "answer")
        assert ("(disputed: " in html.unescape(title)) == expected, (record, title)
        marked += expected
    assert marked >= 2  # the Page Six fact and the quote as attributed to Alec Baldwin, at least
