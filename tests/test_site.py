"""The real site, built with `mkdocs build --strict`: links, anchors, citations and the export."""

from __future__ import annotations

import functools
import html
import json
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar
from urllib.parse import unquote, urlsplit

from explainer.text.textmatch import normalize_passage

ROOT = Path(__file__).resolve().parent.parent


class _Page(HTMLParser):
    """Ids with the text each element contains, and every link."""

    VOID: ClassVar[set[str]] = {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    }

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: dict[str, list[str]] = {}
        self.links: list[str] = []
        self.classes: dict[str, list[str]] = {}
        self._open: list[tuple[str, str | None]] = []
        self._text: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"] or "")
        element_id = attributes.get("id")
        if tag in self.VOID:
            if element_id:
                self.ids.setdefault(element_id, [])
            return
        if element_id:
            self._text[element_id] = []
        self._open.append((tag, element_id))

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            open_tag, element_id = self._open.pop()
            if element_id:
                self.ids[element_id] = self._text.pop(element_id)
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, element_id in self._open:
            if element_id:
                self._text[element_id].append(data)

    def text_of(self, element_id: str) -> str:
        return "".join(self.ids[element_id])


_parsed: dict[Path, _Page] = {}


def parse(path: Path) -> _Page:
    if path not in _parsed:
        page = _Page()
        page.feed(path.read_text(encoding="utf-8"))
        page.close()
        _parsed[path] = page
    return _parsed[path]


def resolve(site: Path, page: Path, href: str) -> tuple[Path, str] | None:
    """The file and anchor an internal link points at; None for external links."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith("mailto:"):
        return None
    if not parts.path:
        return page, unquote(parts.fragment)
    # Worked out from the text (the built site has no symbolic links): a file system lookup per link was most of
    # the time of the tests that follow every link.
    target = posixpath.normpath(posixpath.join(page.parent.relative_to(site).as_posix(), unquote(parts.path)))
    if target in _folders(site) or parts.path.endswith("/"):
        target = posixpath.join(target, "index.html")
    return site / target, unquote(parts.fragment)


@functools.cache
def _folders(site: Path) -> frozenset[str]:
    return frozenset({".", *(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_dir())})


def html_pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if p.name != "404.html")


def test_every_page_type_is_built(built_site: Path) -> None:
    for page in [
        "index.html",
        "people/index.html",
        "people/alec-baldwin/index.html",
        "timeline/index.html",
        "quotes/index.html",
        "quotes/when-im-talking/index.html",
        "claims/index.html",
        "claims/red-carpet/index.html",
        "disagreements/index.html",
        "sources/index.html",
        "sources/justify-snapping/index.html",
        "data/explainer.json",
    ]:
        assert (built_site / page).is_file(), page


def test_every_internal_link_and_anchor_resolves(built_site: Path) -> None:
    broken = []
    for page in html_pages(built_site):
        for href in parse(page).links:
            resolved = resolve(built_site, page, href)
            if resolved is None:
                continue
            target, anchor = resolved
            if not target.is_file():
                broken.append(f"{page.relative_to(built_site)}: {href} (no such page)")
            elif anchor and target.suffix == ".html" and anchor not in parse(target).ids:
                broken.append(f"{page.relative_to(built_site)}: {href} (no such anchor)")
    assert broken == []


_CHIP = re.compile(
    r'<a class="ex-chip" id="cite-(\d+)" href="([^"]+)" data-note="(\d+)" aria-label="([^"]+)" '
    r"data-search-exclude>([^<]+)</a>"
)
_NOTE = re.compile(r'<li class="ex-note" id="note-(\d+)"><span class="ex-note__name">([^<]+)</span>.*?</ol></li>', re.S)
_CITED = re.compile(
    r"<li><cite>(?:<span class=\"ex-amark[^\"]*\" aria-hidden=\"true\">[A-Z]+</span>"  # its mark, then its name
    r"<span class=\"ex-amark__gap\"> </span>)?([^<]+)</cite>"
    r"(?: <span class=\"ex-note__via\">[^<]*</span>)? "  # a relay, where the article says one
    r"<q>(?:<span>([^<]*)</span>)?<mark>(.*?)</mark>(?:<span>([^<]*)</span>)?</q>.*?<a "
    r'href="([^"]+)">Read in ([^<]+)</a></li>',
    re.S,
)


def notes_of(text: str) -> dict[int, tuple[str, list[tuple[str, ...]]]]:
    """The page's citation notes by number: (name, [(article, before, passage, after, href, link article)])."""
    holder = re.search(r'<noscript class="ex-notes-source" data-search-exclude[^>]*>(.*?)</noscript>', text, re.S)
    if holder is None:
        return {}
    return {
        int(n): (name, _CITED.findall(body))
        for n, name, body in ((m.group(1), m.group(2), m.group(0)) for m in _NOTE.finditer(holder.group(1)))
    }


def test_every_citation_link_lands_on_its_passage(built_site: Path) -> None:
    checked = 0
    for page in html_pages(built_site):
        for _, passages in notes_of(page.read_text(encoding="utf-8")).values():
            for article, _, passage, _, href, link_article in passages:
                assert link_article == article, href  # "Read in <the article>": the link says where it leads
                target, anchor = resolve(built_site, page, html.unescape(href))  # type: ignore[misc]
                element_text = parse(target).text_of(anchor)
                assert normalize_passage(html.unescape(passage)) in normalize_passage(element_text), f"{page}: {href}"
                checked += 1
    assert checked > 1000


def test_each_chip_has_a_note_with_its_passages_in_their_sentences(built_site: Path) -> None:
    seeds = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "seeds").glob("*.txt")}
    chips = 0
    for page in html_pages(built_site):
        text = page.read_text(encoding="utf-8")
        notes = notes_of(text)
        found = _CHIP.findall(text)
        assert sorted(int(n) for n, *_ in found) == sorted(notes) == list(range(1, len(notes) + 1)), page
        for number, href, data_note, name, visible in found:
            assert number == data_note
            note_name, passages = notes[int(number)]
            assert html.unescape(name) == html.unescape(note_name) and name.startswith(visible), (page, name, visible)
            assert href == passages[0][4], "without JavaScript the chip leads to its first passage"
            articles = re.match(r"(\d+) articles?", name)
            assert articles and int(articles.group(1)) == len({p[0] for p in passages}), (page, name)
            for _, before, passage, after, _, _ in passages:
                context = html.unescape(before + passage + after).strip("…")
                assert any(context in seed for seed in seeds.values()), (
                    f"{page}: not the article's own words: {context!r}"
                )
        chips += len(found)
    assert chips > 500


def test_citation_notes_stay_out_of_the_search_index(built_site: Path) -> None:
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    texts = " ".join(doc["text"] for doc in index["docs"])
    assert "back to the text" not in texts  # the notes
    # The chips' own words: the person page has well over a hundred chips; its text counts articles only where
    # its prose does (a disputed speaker's sides, "by 3 articles (2 independent reports)").
    person = [doc for doc in index["docs"] if doc["location"].startswith("people/hilaria-baldwin/")]
    counts = sum(len(re.findall(r"\b\d+ articles?\b", doc["text"])) for doc in person)
    assert person and counts < 20, counts
    assert "Citations on this page" not in " ".join(doc["title"] for doc in index["docs"])
    # Nor an empty result under the page's title for the notes' heading.
    assert [doc["location"] for doc in index["docs"] if "#ex-notes" in doc["location"]] == []


def test_export_offsets_give_back_the_exact_passage(built_site: Path) -> None:
    records = json.loads((built_site / "data" / "explainer.json").read_text(encoding="utf-8"))["records"]
    assert records
    seeds = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "seeds").glob("*.txt")}
    for record in records:
        assert {"id", "kind", "text", "url", "citations"} <= record.keys()
        assert record["citations"], record["id"]
        for citation in record["citations"]:
            assert citation["exact"] == seeds[citation["seed"]][citation["start"] : citation["end"]], record["id"]
        page, _, anchor = record["url"].partition("#")
        target = built_site / page / "index.html"
        assert target.is_file(), record["url"]
        if anchor:
            assert anchor in parse(target).ids, record["url"]


def test_generated_pages_edit_the_yaml_they_come_from(built_site: Path) -> None:
    page = (built_site / "people" / "alec-baldwin" / "index.html").read_text(encoding="utf-8")
    edit = re.search(r'href="([^"]+)" title="Edit this page"', page)
    assert edit and edit.group(1).endswith("/content/people.yaml"), edit


def test_nav_lists_only_the_section_pages(built_site: Path) -> None:
    page = (built_site / "index.html").read_text(encoding="utf-8")
    nav = page[page.index('<nav class="md-nav md-nav--primary"') :]
    assert "people/alec-baldwin/" not in nav.split("</nav>")[0]


def test_home_page_wiki_links_and_markers_are_resolved(built_site: Path) -> None:
    page = (built_site / "index.html").read_text(encoding="utf-8")
    assert '<a class="wikilink" href="people/hilaria-baldwin/">Hilaria Baldwin</a>' in page
    assert "[[" not in page
    assert re.search(r'<a class="ex-chip" id="cite-1" href="sources/[^"]+\?for=[^"]+" data-note="1"', page)


def _jsonld(page: Path) -> dict:
    match = re.search(r'<script type="application/ld\+json">(.*?)</script>', page.read_text(encoding="utf-8"), re.S)
    assert match, page
    return json.loads(match.group(1))


def test_person_quote_and_source_pages_carry_schema_org_json_ld(built_site: Path) -> None:
    person = _jsonld(built_site / "people" / "alec-baldwin" / "index.html")
    assert (person["@type"], person["name"], person["spouse"]["name"]) == ("Person", "Alec Baldwin", "Hilaria Baldwin")
    assert len(person["children"]) >= 8
    quote = _jsonld(built_site / "quotes" / "when-im-talking" / "index.html")
    assert (
        quote["@type"] == "Quotation" and quote["creator"]["name"] == "Hilaria Baldwin" and len(quote["citation"]) == 5
    )
    source = _jsonld(built_site / "sources" / "justify-snapping" / "index.html")
    assert source["@type"] == "CreativeWork" and source["isBasedOn"]["headline"].startswith("Hilaria Baldwin attempts")


def test_every_page_has_a_description_and_open_graph_meta(built_site: Path) -> None:
    for page in html_pages(built_site):
        text = page.read_text(encoding="utf-8")
        for meta in (
            '<meta name="description" content="',
            '<meta property="og:title" content="',
            '<meta property="og:description" content="',
            '<meta property="og:url" content="',
        ):
            assert meta in text, f"{page.relative_to(built_site)}: {meta}"
        assert not re.search(r'<meta name="description" content="\s*"', text), page


def test_annotations_export_is_one_web_annotation_per_citation(built_site: Path) -> None:
    collection = json.loads((built_site / "data" / "annotations.jsonld").read_text(encoding="utf-8"))
    records = json.loads((built_site / "data" / "explainer.json").read_text(encoding="utf-8"))["records"]
    items = collection["first"]["items"]
    assert collection["@context"] == "http://www.w3.org/ns/anno.jsonld" and collection["type"] == "AnnotationCollection"
    assert collection["total"] == len(items) == sum(len(r["citations"]) for r in records)
    for item in items:
        seed = (built_site / "data" / "seeds" / item["target"]["source"]["id"].rsplit("/", 1)[1]).read_text(
            encoding="utf-8"
        )
        quote, position = item["target"]["selector"]
        assert (quote["type"], position["type"]) == ("TextQuoteSelector", "TextPositionSelector")
        assert seed[position["start"] : position["end"]] == quote["exact"]
        assert seed[: position["start"]].endswith(quote["prefix"]) and seed[position["end"] :].startswith(
            quote["suffix"]
        )
        # Unambiguous: a client re-anchoring by quote, prefix and suffix finds this place and no other.
        whole = quote["prefix"] + quote["exact"] + quote["suffix"]
        places = [i for i in range(len(seed)) if seed.startswith(whole, i)]
        assert places == [position["start"] - len(quote["prefix"])], (
            f"{item['id']}: the TextQuoteSelector matches {len(places)} places"
        )
    seeds = {p.name: p.read_bytes() for p in (ROOT / "seeds").glob("*.txt")}
    assert {p.name: p.read_bytes() for p in (built_site / "data" / "seeds").glob("*.txt")} == seeds


def test_every_statement_and_passage_has_a_copy_link(built_site: Path) -> None:
    for page in html_pages(built_site):
        text = page.read_text(encoding="utf-8")
        for statement_id in re.findall(r'<li class="ex-statement" id="([^"]+)"', text):
            assert f'class="ex-copylink" href="#{statement_id}"' in text, f"{page}: {statement_id}"
        for anchor in re.findall(r'<li id="by-(q-\d+-\d+)"', text):
            assert f'class="ex-copylink" href="#{anchor}"' in text, f"{page}: {anchor}"


def test_transcript_lines_show_speaker_sources_and_variant_wordings(built_site: Path) -> None:
    page = (built_site / "transcripts" / "extra-interview-transcript" / "index.html").read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    assert "Oh, my God. When I’m talking, you’re not talking." in text  # one article's wording
    assert "Oh my God. When I’m talking, you’re not talking." in text  # another's
    assert 'class="ex-variants"' in page and "compare the wordings side by side" in page


def _organizations() -> list[dict]:
    import yaml

    return yaml.safe_load((ROOT / "content" / "organizations.yaml").read_text(encoding="utf-8"))["organizations"]


def test_every_organization_has_a_page_with_its_cited_facts_and_organization_json_ld(built_site: Path) -> None:
    organizations = _organizations()
    assert {
        "extra",
        "page-six",
        "daily-mail",
        "tlc",
        "today",
        "people-outlet",
        "tiktok",
        "instagram",
        "planet-hollywood",
    } <= {o["id"] for o in organizations}
    index = parse(built_site / "organizations" / "index.html")
    for organization in organizations:
        page = built_site / "organizations" / organization["id"] / "index.html"
        data = _jsonld(page)
        assert (data["@type"], data["name"]) == ("Organization", organization["name"]), organization["id"]
        assert data["url"].endswith(f"/organizations/{organization['id']}/")
        for fact in organization.get("facts", []):
            assert fact["id"] in parse(page).ids, fact["id"]
        assert f"{organization['id']}/" in index.links


def test_statements_that_name_an_organization_link_to_it_and_its_page_lists_them(built_site: Path) -> None:
    # Declared with `organizations: [extra, tlc, planet-hollywood]` on the event (content/events.yaml).
    timeline = (built_site / "timeline" / "index.html").read_text(encoding="utf-8")
    event = timeline[timeline.index('id="extra-red-carpet-interview"') :]
    event = event[: event.index("</li>")]
    for organization in ("extra", "tlc", "planet-hollywood"):
        assert f'class="ex-org" href="../organizations/{organization}/"' in event, organization
    extra = parse(built_site / "organizations" / "extra" / "index.html")
    assert "../../timeline/#extra-red-carpet-interview" in extra.links
    assert "../../claims/red-carpet/#rc-interview-with-extra" in extra.links
    assert (
        "../../quotes/insider-true-reflection/"
        in parse(built_site / "organizations" / "daily-mail" / "index.html").links
    )


def test_content_reference_lists_every_kind_and_key_from_the_declarations(built_site: Path) -> None:
    from explainer.site.reference import reference_kinds

    page = parse(built_site / "reference" / "index.html")
    text = (built_site / "reference" / "index.html").read_text(encoding="utf-8")
    kinds = reference_kinds()
    assert {k.name for k in kinds} >= {"claim", "organization", "citation", "transcript line"}
    for kind in kinds:
        assert kind.anchor in page.ids, kind.name
        section = text[text.index(f'id="{kind.anchor}"') :]
        section = section[: section.index("</table>")]
        for key in kind.keys:
            assert f"<code>{key.name}</code>" in section, f"{kind.name}.{key.name}"
            assert html.escape(key.doc, quote=False) in section or key.doc in html.unescape(section), (
                f"{kind.name}.{key.name}"
            )
