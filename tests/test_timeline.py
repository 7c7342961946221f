"""The order and the dates a reader is shown, read off the built pages of the real site and checked
against the order and precision worked out by hand from the five articles.

The hand-worked case (each row names the articles' words it rests on):

Given in words by an article:
  rust-press-conference after rust-shooting          "just ten days after the incident on the set of the movie"
  people-interview-before-premiere before premiere   "Ahead of the first episode, Hilaria and Alec gushed to People"
  people-interview-before-premiere after wedding     "making their marriage work all these years"
  clip goes viral after the red-carpet interview
      "a clip of Hilaria snapping ... during a red carpet interview went viral"
  first Instagram video after the clip went viral    "After the clip went viral, Hilaria posted a video on Instagram"
  follow-up video after the first video              "in a follow-up Instagram post"
  Today interview after the red-carpet interview
      "days after she scolded Alec for interrupting her on the red carpet"
Given by dates (stated, or with the year inferred as 2025 from the red-carpet reasoning):
  August 2011 < April 2012 < June 2012 < 2021 < 2023 < June 2024 and 2024 < January 9, 2025 <
  February 23, 2025 < March 11, 2025 < March 19, 2025 (the first video).
Not given by any article (the page must not imply an order):
  the People interview against everything between the wedding and the premiere; the TLC announcement
  (June 2024) against the trial's dismissal (2024, no month); the Today interview (March 12-23) against
  the clip's spread (March 11-19) and both Instagram videos (March 19; March 19-23).
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from pagetree import events_in, page, read_list, reading

from conftest import make_project, run_mkdocs

# Worked out by hand from the articles (see the module's docstring).
TIMELINE = (
    "couple-began-dating",
    "couple-engaged",
    "couple-wedding",
    frozenset({
        "people-interview-before-premiere",
        (
            "rust-shooting",
            "rust-press-conference",
            "tlc-series-teaser-2023",
            frozenset({"tlc-series-announced", "manslaughter-trial-dismissed"}),
            "civil-lawsuit-filed",
        ),
    }),
    "tlc-series-premiere",
    "extra-red-carpet-interview",
    frozenset({
        ("red-carpet-clip-goes-viral", "instagram-manterrupting-video", "instagram-follow-up-video"),
        "today-interview",
    }),
)  # fmt: skip

# The orders the issue names, each to be read off the page.
MUST = [
    ("people-interview-before-premiere", "tlc-series-premiere"),  # "ahead of the premiere"
    ("instagram-manterrupting-video", "instagram-follow-up-video"),  # "follow-up"
    ("extra-red-carpet-interview", "red-carpet-clip-goes-viral"),
    ("extra-red-carpet-interview", "today-interview"),
    ("extra-red-carpet-interview", "instagram-follow-up-video"),
    ("rust-shooting", "rust-press-conference"),  # "ten days after"
]
OPEN = [
    ("today-interview", "red-carpet-clip-goes-viral"),
    ("today-interview", "instagram-manterrupting-video"),
    ("today-interview", "instagram-follow-up-video"),
    ("tlc-series-announced", "manslaughter-trial-dismissed"),
    ("people-interview-before-premiere", "civil-lawsuit-filed"),
    ("people-interview-before-premiere", "rust-shooting"),
]


@pytest.fixture(scope="module")
def timeline(built_site: Path) -> Any:
    return read_list(page(built_site, "timeline/index.html").find("ol", "ex-timeline"))


def test_the_timeline_shows_the_order_worked_out_from_the_articles(timeline: Any) -> None:
    assert timeline == TIMELINE


@pytest.mark.parametrize(("earlier", "later"), MUST)
def test_the_timeline_never_shows_an_event_before_one_it_follows(timeline: Any, earlier: str, later: str) -> None:
    shown, _ = reading(timeline)
    assert (earlier, later) in shown
    events = events_in(timeline)
    assert events.index(earlier) < events.index(later)


@pytest.mark.parametrize(("first", "second"), OPEN)
def test_the_timeline_implies_no_order_the_articles_do_not_give(timeline: Any, first: str, second: str) -> None:
    shown, unordered = reading(timeline)
    assert (first, second) not in shown and (second, first) not in shown
    assert frozenset((first, second)) in unordered


def test_a_person_page_lists_events_in_the_same_order(built_site: Path, timeline: Any) -> None:
    article = page(built_site, "people/hilaria-baldwin/index.html")
    heading = next(h for h in article.find_all("h2") if h.attrs.get("id") == "sec-events")
    listed = article.elements()[article.elements().index(heading) + 1]
    assert listed.tag == "ol" and "ex-events" in listed.classes
    mine = read_list(listed)
    events = set(events_in(mine))
    assert {
        "people-interview-before-premiere",
        "today-interview",
        "instagram-follow-up-video",
        "couple-wedding",
    } <= events
    shown, unordered = reading(mine)
    all_shown, all_unordered = reading(timeline)
    pairs = set(itertools.permutations(events, 2))
    assert shown == {p for p in all_shown if p in pairs}
    assert unordered == {p for p in all_unordered if p <= events}


# ---- what the page says about the dates ---------------------------------------------------------

# (date as shown, inferred-part badges): hand-worked from the articles' date words.
DATES = {
    "couple-began-dating": ("August 2011", []),
    "couple-engaged": ("April 2012", []),
    "couple-wedding": ("June 2012", []),
    "rust-shooting": ("2021", []),
    "rust-press-conference": ("2021", []),
    # "teased their reality show debut in 2023": the year could be the debut's; the announcement in June 2024
    # makes it the tease's, which is the site's reading, not the article's words.
    "tlc-series-teaser-2023": ("2023", ["year inferred"]),
    "tlc-series-announced": ("June 2024", []),
    "manslaughter-trial-dismissed": ("2024", ["year inferred"]),
    "civil-lawsuit-filed": ("January 9, 2025", ["year inferred"]),
    "people-interview-before-premiere": ("date not given", []),
    "tlc-series-premiere": ("February 23, 2025", ["year inferred"]),
    "extra-red-carpet-interview": ("March 11, 2025", ["year inferred"]),
    "red-carpet-clip-goes-viral": ("between March 11 and 19, 2025", ["day, month and year inferred"]),
    "today-interview": ("between March 12 and 23, 2025", ["day, month and year inferred"]),
    "instagram-manterrupting-video": ("March 19, 2025", ["year inferred"]),
    "instagram-follow-up-video": ("between March 19 and 23, 2025", ["day, month and year inferred"]),
}


def test_each_date_shows_exactly_which_parts_are_inferred(built_site: Path) -> None:
    article = page(built_site, "timeline/index.html")
    shown = {}
    anchors = {e.attrs.get("id") for e in article.find_all("div", "ex-inference")}
    for item in article.find_all("li", "ex-event"):
        date = item.find("p", "ex-event__date")
        badges = date.find_all("a", "ex-badge--inferred")
        shown[item.attrs["id"]] = (date.find("span", "ex-date").text(), [b.text() for b in badges])
        for badge in badges:
            assert (badge.attrs.get("href") or "").lstrip("#") in anchors  # each badge leads to its reasoning
    assert shown == DATES


def test_the_export_gives_each_date_part_by_part_and_the_order(built_site: Path) -> None:
    records = {
        r["id"]: r for r in json.loads((built_site / "data" / "explainer.json").read_text(encoding="utf-8"))["records"]
    }
    events = {i: r for i, r in records.items() if r["kind"] == "event"}
    assert set(events) == set(DATES)
    inferred = {"basis": "inferred", "inference": "red-carpet-year-inferred"}
    red_carpet = events["extra-red-carpet-interview"]["date"]
    assert {k: red_carpet[k] for k in ("year", "month", "day")} == {
        "year": {"value": 2025, **inferred},
        "month": {"value": 3, "basis": "stated"},
        "day": {"value": 11, "basis": "stated"},
    }
    assert events["rust-shooting"]["date"] == {"year": {"value": 2021, "basis": "stated"}, "as_written": "in 2021"}
    assert events["people-interview-before-premiere"]["date"] == {}
    clip = events["red-carpet-clip-goes-viral"]["date"]
    part = {"basis": "inferred", "inference": "clip-viral-dates-inferred"}
    assert clip["earliest"] == {
        "year": {"value": 2025, **part},
        "month": {"value": 3, **part},
        "day": {"value": 11, **part},
    }
    assert clip["latest"] == {
        "year": {"value": 2025, **part},
        "month": {"value": 3, **part},
        "day": {"value": 19, **part},
    }
    assert "year" not in clip and "month" not in clip
    after = {i: set(r["after"]) for i, r in events.items()}
    assert after["tlc-series-premiere"] == {"civil-lawsuit-filed", "people-interview-before-premiere"}
    assert after["people-interview-before-premiere"] == {"couple-wedding"}
    assert after["instagram-follow-up-video"] == {"instagram-manterrupting-video"}
    assert after["today-interview"] == {"extra-red-carpet-interview"}
    assert after["civil-lawsuit-filed"] == {"tlc-series-announced", "manslaughter-trial-dismissed"}
    orders = {i: (r["earlier"], r["later"]) for i, r in records.items() if r["kind"] == "order"}
    assert orders["follow-up-after-first-video"] == ("instagram-manterrupting-video", "instagram-follow-up-video")
    assert orders["people-interview-before-premiere-order"] == (
        "people-interview-before-premiere",
        "tlc-series-premiere",
    )


# ---- a partly ordered group, on a small real site -------------------------------------------------

N_EVENTS = """\
events:
  - id: a
    title: A
    text: A.
    participants: [ann]
    citations: [{source: tiny, quote: hello there}]
  - id: b
    title: B
    text: B.
    participants: [ann]
    after:
      - {id: b-after-a, event: a, citations: [{source: tiny, quote: "replied:"}]}
      - {id: b-after-c, event: c, citations: [{source: tiny, quote: "Hello, hello."}]}
    citations: [{source: tiny, quote: hello there}]
  - id: c
    title: C
    text: C.
    participants: [ann]
    citations: [{source: tiny, quote: hello there}]
  - id: d
    title: D
    text: D.
    participants: [ann]
    after:
      - {id: d-after-c, event: c, citations: [{source: tiny, quote: The end., suffix: The end.}]}
    citations: [{source: tiny, quote: hello there}]
"""


@pytest.mark.build
def test_events_only_partly_ordered_say_what_each_follows(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", {"events.yaml": N_EVENTS})
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode == 0, result.stderr[-3000:]
    # a < b > c < d: no series of groups can show this, so the page lists what each event follows.
    expected_shown = {("a", "b"), ("c", "b"), ("c", "d")}
    for path, ol_class in (("timeline/index.html", "ex-timeline"), ("people/ann/index.html", "ex-events")):
        shown, unordered = reading(read_list(page(project / "site", path).find("ol", ol_class)))
        assert shown == expected_shown, path
        assert unordered == {frozenset("ad"), frozenset("ac"), frozenset("bd")}, path


# The month the story happens in, worked out by hand from the dates above: March 2025 holds five dates of days or
# of ranges of days within it (the interview, March 11; the clip's spread, March 11-19; the first video, March 19;
# the follow-up, March 19-23; the Today interview, March 12-23); January and February 2025 hold one each. In the
# timeline's reading order, the four after the interview are one group whose order is not all known.
STORY_DAYS = (
    "extra-red-carpet-interview",
    "red-carpet-clip-goes-viral",
    "instagram-manterrupting-video",
    "instagram-follow-up-video",
    "today-interview",
)


@pytest.mark.parametrize(
    ("path", "link"), [("index.html", "timeline/#"), ("timeline/index.html", "#")], ids=["home", "timeline"]
)
def test_the_days_of_the_story_are_drawn_day_by_day(built_site: Path, path: str, link: str) -> None:
    picture = page(built_site, path).find("span", "ex-days")
    assert picture.attrs["role"] == "figure"
    svgs = picture.find_all("svg")
    assert [sorted(svg.classes & {"ex-picture--wide", "ex-picture--narrow"}) for svg in svgs] == [
        ["ex-picture--wide"],
        ["ex-picture--narrow"],
    ]
    for svg in svgs:
        assert svg.find("title").text() == "March 2025, day by day: 5 events"
        assert svg.find("text", "ex-axis__label").text() == "March 2025"
        rows = svg.find_all("a", "ex-chart__row")
        assert [row.attrs["href"] for row in rows] == [link + event for event in STORY_DAYS]
        (band,) = svg.find_all("g", "ex-band")
        assert band.find("text", "ex-band__note").text() == "not all in a known order"
        # The two dates of a single day: the interview (March 11) left of the first video (March 19).
        dots = {row.attrs["href"]: float(row.find("circle").attrs["cx"] or 0) for row in rows if row.find_all("circle")}
        assert list(dots) == [link + STORY_DAYS[0], link + STORY_DAYS[2]]
        assert dots[link + STORY_DAYS[0]] < dots[link + STORY_DAYS[2]]
    caption = picture.find("span", "ex-days__caption").text()
    assert caption.startswith("March 2025, day by day: the 5 events")
    if path == "index.html":
        assert picture.find("span", "ex-days__caption").find("a").attrs["href"] == "timeline/"
