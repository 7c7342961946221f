"""The previews of internal links: data/previews.json, which the cards of links to records are drawn from
(site/previews.py), checked against records worked out by hand and against what the pages themselves say."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from explainer.site.previews import short
from explainer.site.urls import PREVIEWS

pytestmark = pytest.mark.build


@pytest.fixture(scope="module")
def previews(built_site: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((built_site / PREVIEWS).read_text(encoding="utf-8"))
    return data


def test_a_person_an_event_a_claim_a_quote_and_a_disagreement_as_worked_out_by_hand(
    previews: dict[str, Any],
) -> None:
    records = previews["records"]
    # content/people.yaml: her name and her summary; a person is no statement, so no support.
    assert records["people/hilaria-baldwin/"] == {
        "kind": "person",
        "label": "Hilaria Baldwin",
        "text": "Married to Alec Baldwin and mother of seven; described in the articles as a former yoga instructor; "
        "reported as 41 years old.",
    }
    # Cited by the two articles that copy each other (fireworks-banter, speak-for-her): one report. Its text
    # says who states it.
    claim = records["claims/reactions/#insider-calls-it-banter"]
    assert claim["kind"] == "claim"
    assert claim["label"].startswith("An unnamed insider told Daily Mail that the exchange was")
    assert claim["text"] == "(according to an insider quoted by Daily Mail)"
    assert claim["support"] == "2 articles, 1 independent report"
    assert "disputed" not in claim and "status" not in claim
    # Cited by all five articles, of which two copy each other.
    event = records["timeline/#extra-red-carpet-interview"]
    assert (event["kind"], event["label"]) == (
        "event",
        "Red-carpet interview with Extra at the Planet Hollywood reopening",
    )
    assert event["support"] == "5 articles, 4 independent reports"
    # A quote whose speaker the articles dispute: its words, who it is attributed to, and the question.
    quote = records["quotes/ig-correctile-dysfunction-alec/"]
    assert (quote["kind"], quote["label"]) == ("quote", "correctile dysfunction")
    assert quote["by"] == "— as attributed to Alec Baldwin or Hilaria Baldwin (speaker disputed)"
    assert quote["support"] == "3 articles, 2 independent reports"  # justify-snapping; the copying pair
    assert quote["status"] == "disputed"
    assert quote["disputed"] == [
        [
            'Who says "correctile dysfunction" in the Instagram video?',
            "disagreements/#who-says-correctile-dysfunction",
        ]
    ]
    # The disagreement itself: its question, its kind's badge and each side with its support.
    disagreement = records["disagreements/#who-says-correctile-dysfunction"]
    assert disagreement["label"] == 'Who says "correctile dysfunction" in the Instagram video?'
    assert (disagreement["difference"], disagreement["status"]) == ("substance", "disputed")
    sides = disagreement["sides"]
    assert [side[0].split(".")[0] for side in sides] == ["Alec Baldwin says it", "Hilaria Baldwin says it"]
    assert [side[1] for side in sides] == ["3 articles, 2 independent reports", "2 articles, 2 independent reports"]
    words = previews["words"]
    assert (words["colon"], words["between"], words["close"]) == (": ", "; ", "Close the preview")
    # What a touch sheet's link on to the record says: by the kind of a record with a page, else the same words.
    assert words["open_page"]["person"] == "Open the person’s page"
    assert words["open_page"]["quote"] == "Open the quote’s page"
    assert "event" not in words["open_page"]  # an event is a place on the timeline
    assert words["open_place"] == "Go to it on its page"


def test_every_preview_is_at_a_place_the_pages_have_and_is_short(built_site: Path, previews: dict[str, Any]) -> None:
    records = previews["records"]
    assert len(records) > 400
    pages: dict[Path, set[str]] = {}
    for url, record in records.items():
        page, _, anchor = url.partition("#")
        target = built_site / page / "index.html"
        assert target.is_file(), url
        if anchor:
            if target not in pages:
                found = re.findall(r'\sid="([^"]+)"', target.read_text(encoding="utf-8"))
                pages[target] = {html.unescape(i) for i in found}
            ids = pages[target]
            assert anchor in ids, url
        assert record["kind"] and record["label"], url
        assert len(record["label"]) <= 160 and len(record.get("text", "")) <= 240, url
    kinds = {record["kind"] for record in records.values()}
    assert {"person", "organization", "event", "quote", "claim", "disagreement"} <= kinds
    assert "correction" not in kinds  # reached by its pencil mark, which says what it is


def test_a_statements_support_is_what_its_chip_is_named(built_site: Path, previews: dict[str, Any]) -> None:
    # Each claim and event's chip, on its own page, is named exactly as its preview gives its support.
    checked = 0
    for url, record in previews["records"].items():
        if record["kind"] not in ("claim", "event") or "#" not in url:
            continue
        page, _, anchor = url.partition("#")
        text = (built_site / page / "index.html").read_text(encoding="utf-8")
        start = text.index(f'id="{anchor}"')
        chip = re.compile(r'<a class="ex-chip"[^>]*aria-label="([^"]*)"').search(text, start)
        assert chip, url
        assert html.unescape(chip.group(1)) == record["support"], url
        checked += 1
    assert checked > 100


def test_the_json_is_fetched_only_by_the_previews_script_and_is_put_in_the_page_as_text() -> None:
    script = (ROOT / "hooks" / "explainer" / "site" / "assets" / "previews.js").read_text(encoding="utf-8")
    assert f'"{PREVIEWS}"' in script  # the script names the file the build publishes
    assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\b", script)


def test_texts_are_cut_after_a_sentence_or_between_words() -> None:
    assert short("One two. Three four five six seven eight nine", 14) == "One two."
    assert short('One two three. Four "five." Six seven eight', 30) == 'One two three. Four "five."'
    assert short("One two three four five six seven eight nine ten", 20) == "One two three four…"
    assert len(short("word " * 100, 50)) <= 50
    assert short(" Short,\n  on one line. ", 40) == "Short, on one line."
