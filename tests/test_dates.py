"""Event dates: how each kind of date reads, which parts its badges say are inferred, and every kind of
bad date or bad order reported at its file, line and column (library only, no MkDocs)."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest

from conftest import make_project
from explainer.content import model
from explainer.core.diagnostics import Pos
from explainer.evidence import dates
from explainer.evidence.pipeline import Layout, check

P = Pos("t.yaml")


def part(value: int, basis: str = "stated", inference: str | None = None) -> model.DatePart:
    return model.DatePart(P, value=value, basis=basis, inference=inference)


def point(y: Any = None, m: Any = None, d: Any = None) -> dict[str, model.DatePart | None]:
    """year, month, day: a number (stated) or (number, inference id) (inferred)."""

    def make(x: Any) -> model.DatePart | None:
        if x is None:
            return None
        return part(x[0], "inferred", x[1]) if isinstance(x, tuple) else part(x)

    return {"year": make(y), "month": make(m), "day": make(d)}


def single(y: Any = None, m: Any = None, d: Any = None) -> model.EventDate:
    return model.EventDate(P, **point(y, m, d))


def between(first: dict[str, Any], last: dict[str, Any]) -> model.EventDate:
    return model.EventDate(P, earliest=model.DatePoint(P, **first), latest=model.DatePoint(P, **last))


R = "red-carpet-year"
C = "clip-range"
DATES = [
    # (date, how it reads, precision badge, inferred badges)
    (single(2021), "2021", "year", []),
    (single(2011, 8), "August 2011", "month", []),
    (single(2012, 6, 30), "June 30, 2012", "day", []),
    (single((2024, "t")), "2024", "year", ["year inferred"]),
    (single((2025, R), 3, 11), "March 11, 2025", "day", ["year inferred"]),
    (single((2025, R), (3, R)), "March 2025", "month", ["month and year inferred"]),
    (single((2025, R), (3, R), (11, R)), "March 11, 2025", "day", ["day, month and year inferred"]),
    (single((2025, R), (3, "m"), 11), "March 11, 2025", "day", ["month inferred", "year inferred"]),
    (
        between(point((2025, C), (3, C), (11, C)), point((2025, C), (3, C), (19, C))),
        "between March 11 and 19, 2025",
        "range",
        ["day, month and year inferred"],
    ),
    (
        between(point((2025, R), 3, 11), point((2025, R), 3, 25)),
        "between March 11 and 25, 2025",
        "range",
        ["year inferred"],
    ),
    (between(point(2025, 2, 23), point(2025, 3, 11)), "between February 23 and March 11, 2025", "range", []),
    (between(point(2024, 12), point(2025, 1)), "between December 2024 and January 2025", "range", []),
    (between(point(2023), point(2024)), "between 2023 and 2024", "range", []),
    (between(point(2025, 2), point(2025, 3)), "between February and March 2025", "range", []),
    (
        between(point(2025, 3, (11, C)), point(2025, 3, 19)),
        "between March 11 and 19, 2025",
        "range",
        ["earliest day inferred"],
    ),
    (
        between(point((2025, R), 3, (11, C)), point((2025, R), 3, 19)),
        "between March 11 and 19, 2025",
        "range",
        ["earliest day inferred", "year inferred"],
    ),
]


@pytest.mark.parametrize(("date", "text", "precision", "badges"), DATES, ids=[t for _, t, _, _ in DATES])
def test_a_date_reads_as_precisely_as_its_evidence(
    date: model.EventDate, text: str, precision: str, badges: list[str]
) -> None:
    assert dates.date_text(date) == text
    assert date.precision == precision
    assert [b.text for b in dates.inferred_badges(date)] == badges


SPANS = [
    (single(2024), ("2024-01-01", "2024-12-31")),
    (single(2024, 2), ("2024-02-01", "2024-02-29")),
    (single(2025, 2), ("2025-02-01", "2025-02-28")),
    (single(2025, 3, 11), ("2025-03-11", "2025-03-11")),
    (between(point(2025, 3, 11), point(2025, 3)), ("2025-03-11", "2025-03-31")),
    (single(2025, 2, 30), None),  # not a calendar date
    (between(point(2025, 3, 19), point(2025, 3, 11)), None),  # ends before it begins
    (None, None),
]


@pytest.mark.parametrize(("date", "days"), SPANS)
def test_a_date_allows_the_days_of_its_precision(date: model.EventDate | None, days: tuple[str, str] | None) -> None:
    span = dates.span(date)
    shown = None if span is None else tuple(datetime.date.fromordinal(d).isoformat() for d in span)
    assert shown == days


# ---- bad input ----------------------------------------------------------------------------------

EVENTS = """\
events:
  - id: greet
    title: Ann greets Bob
    text: Ann greets Bob.
    date:
      year: {value: 2020, basis: stated}
      month: {value: 3, basis: stated}
      day: {value: 3, basis: stated}
    citations:
      - source: tiny
        quote: to Bob Example on March 3
  - id: reply
    title: Bob replies
    text: Bob replies.
    after:
      - id: reply-after-greet
        event: greet
        citations:
          - source: tiny
            quote: "replied:"
    citations:
      - source: tiny
        quote: Bob Example, 40, replied
"""
GREET_DATE = """\
      year: {value: 2020, basis: stated}
      month: {value: 3, basis: stated}
      day: {value: 3, basis: stated}
"""
REPLY_ORDER = """\
    after:
      - id: reply-after-greet
        event: greet
        citations:
          - source: tiny
            quote: "replied:"
"""
GREET_CITATIONS = """\
    citations:
      - source: tiny
        quote: to Bob Example on March 3
"""
GREET_BEFORE_REPLY = """\
    before:
      - id: greet-before-reply
        event: reply
        citations:
          - source: tiny
            quote: "replied:"
"""
REPLY_BEFORE_THIRD = """\
    before:
      - id: reply-before-third
        event: third
        citations:
          - source: tiny
            quote: The end.
            occurrence: 2
"""
THIRD_BEFORE_GREET = """\
  - id: third
    title: Third
    text: Third.
    before:
      - id: third-before-greet
        event: greet
        citations:
          - source: tiny
            quote: Hello, hello.
    citations:
      - source: tiny
        quote: A Tiny Headline
"""
INFERENCE = """\
      inferences:
        - id: greet-year
          text: Reasoned.
          citations:
            - source: tiny
              quote: on March 3
"""


def with_date(lines: str) -> str:
    return EVENTS.replace(GREET_DATE, lines)


def problems(project: Path) -> list[str]:
    _, diagnostics = check(Layout(project))
    return [f"{d.pos}: {d.code}" + (f" | {d.hint}" if d.hint else "") for d in diagnostics]


BAD = [
    (
        "a part written as a bare number (the old shape)",
        with_date("      year: 2020\n"),
        (
            "content/events.yaml:6:13: EX204 wrong-type | write 'year: {value: N, basis: stated}', or 'basis: "
            "inferred' with 'inference: <id>'"
        ),
    ),
    (
        "the old year_basis key",
        with_date("      year: {value: 2020, basis: stated}\n      year_basis: stated\n"),
        (
            "content/events.yaml:7:7: EX212 unknown-key | allowed keys: year, month, day, earliest, latest, "
            "inferences, as_written"
        ),
    ),
    (
        "a part without its basis",
        with_date("      year: {value: 2020}\n"),
        (
            "content/events.yaml:6:13: EX213 missing-key | add 'basis:' ('stated' when an article gives the "
            "year, 'inferred' when we reasoned it)"
        ),
    ),
    (
        "an inferred part without reasoning",
        with_date("      year: {value: 2020, basis: inferred}\n"),
        (
            "content/events.yaml:6:34: EX323 inferred-without-inference | write the reasoning, with its "
            "citations, under the date's 'inferences:' and name its id here"
        ),
    ),
    (
        "a stated part with reasoning",
        with_date("      year: {value: 2020, basis: stated, inference: greet-year}\n" + INFERENCE),
        (
            "content/events.yaml:6:53: EX324 stated-with-inference | remove 'inference:', or set 'basis: "
            "inferred' if no article gives this part"
        ),
    ),
    (
        "an inference no part names",
        with_date("      year: {value: 2020, basis: stated}\n" + INFERENCE),
        (
            "content/events.yaml:8:15: EX317 unused-inference | name it from the part it gives ('inference: "
            "greet-year'), or remove it"
        ),
    ),
    (
        "a part naming an unknown inference",
        with_date("      year: {value: 2020, basis: inferred, inference: greet-yr}\n" + INFERENCE),
        "content/events.yaml:6:55: EX303 unknown-reference | did you mean 'greet-year'?",
    ),
    (
        "a day without a month",
        with_date("      year: {value: 2020, basis: stated}\n      day: {value: 3, basis: stated}\n"),
        "content/events.yaml:7:12: EX321 day-without-month | add 'month:' or remove 'day:'",
    ),
    (
        "a month without a year",
        with_date("      month: {value: 3, basis: stated}\n"),
        (
            "content/events.yaml:6:7: EX320 date-without-year | omit 'date' when the articles do not say when; "
            "if only the year is missing, infer it with reasoning (basis: inferred)"
        ),
    ),
    (
        "February 30",
        with_date(
            "      year: {value: 2020, basis: stated}\n      month: {value: 2, basis: stated}\n      day: "
            "{value: 30, basis: stated}\n"
        ),
        "content/events.yaml:8:12: EX322 not-a-calendar-day | February 2020 has 29 days; check the day and the month",
    ),
    (
        "February 29 in a common year",
        with_date(
            "      year: {value: 2021, basis: stated}\n      month: {value: 2, basis: stated}\n      day: "
            "{value: 29, basis: stated}\n"
        ),
        "content/events.yaml:8:12: EX322 not-a-calendar-day | February 2021 has 28 days; check the day and the month",
    ),
    (
        "a month out of range",
        with_date("      year: {value: 2020, basis: stated}\n      month: {value: 13, basis: stated}\n"),
        "content/events.yaml:7:22: EX208 out-of-range | use a number from 1 to 12",
    ),
    (
        "a range that ends before it begins",
        with_date(
            "      earliest: {year: {value: 2020, basis: stated}, month: {value: 3, basis: stated}, day: "
            "{value: 19, basis: stated}}\n"
            "      latest: {year: {value: 2020, basis: stated}, month: {value: 3, basis: stated}, day: {value: "
            "11, basis: stated}}\n"
        ),
        "content/events.yaml:7:15: EX325 range-reversed | swap 'earliest' and 'latest', or check both",
    ),
    (
        "a range whose ends are the same",
        with_date(
            "      earliest: {year: {value: 2020, basis: stated}}\n      latest: {year: {value: 2020, basis: stated}}\n"
        ),
        "content/events.yaml:7:15: EX326 range-of-one-date | write it as a single date (year, month, day)",
    ),
    (
        "a range with one end",
        with_date("      earliest: {year: {value: 2020, basis: stated}}\n"),
        (
            "content/events.yaml:6:7: EX319 incomplete-range | give the widest bound the evidence allows; an "
            "order with no date goes in the event's 'after:' or 'before:'"
        ),
    ),
    (
        "a range and a single date at once",
        with_date(
            "      year: {value: 2020, basis: stated}\n      earliest: {year: {value: 2019, basis: stated}}\n  "
            "    latest: {year: {value: 2020, basis: stated}}\n"
        ),
        (
            "content/events.yaml:6:13: EX318 range-with-point | move the parts into 'earliest:' and 'latest:', "
            "or remove the range"
        ),
    ),
    (
        "a range end without a year",
        with_date(
            "      earliest: {month: {value: 3, basis: stated}}\n      latest: {year: {value: 2020, basis: stated}}\n"
        ),
        "content/events.yaml:6:17: EX213 missing-key | add 'year:' (the year of this end)",
    ),
    (
        "an order naming an unknown event",
        EVENTS.replace("        event: greet\n", "        event: gret\n"),
        "content/events.yaml:17:16: EX303 unknown-reference | did you mean 'greet'?",
    ),
    (
        "an order of an event against itself",
        EVENTS.replace("        event: greet\n", "        event: reply\n"),
        "content/events.yaml:17:16: EX327 order-against-itself | name another event",
    ),
    (
        "an order against the dates",
        EVENTS.replace("    after:\n", "    date:\n      year: {value: 2019, basis: stated}\n    after:\n"),
        (
            "content/events.yaml:19:16: EX329 order-contradicts-dates | 'reply' is dated 2019-01-01 to "
            "2019-12-31, 'greet' 2020-03-03; check both dates and the relation"
        ),
    ),
    (
        "an order declared on both events",
        EVENTS.replace(GREET_CITATIONS, GREET_BEFORE_REPLY + GREET_CITATIONS),
        (
            "content/events.yaml:23:16: EX328 order-declared-twice | see content/events.yaml:11:16; declare each "
            "order once, on either event"
        ),
    ),
    (
        "orders that go round in a circle",
        EVENTS.replace("  - id: reply\n", "  - id: reply\n" + REPLY_BEFORE_THIRD) + THIRD_BEFORE_GREET,
        (
            "content/events.yaml:15:16: EX330 order-cycle | one of these relations (or dates) is wrong; an event "
            "cannot come before itself"
        ),
    ),
    (
        "a sequence against the dates",
        EVENTS.replace("    title: Ann greets Bob\n", "    title: Ann greets Bob\n    sequence: 2\n").replace(
            REPLY_ORDER, "    sequence: 1\n    date:\n      year: {value: 2021, basis: stated}\n"
        ),
        (
            "content/events.yaml:4:15: EX331 sequence-contradicts-order | sequence only orders events the "
            "evidence leaves unordered; renumber so that it agrees with the dates and relations"
        ),
    ),
]


def test_the_base_events_are_valid(tmp_path: Path) -> None:
    assert problems(make_project(tmp_path / "p", {"events.yaml": EVENTS}, docs_index="# Tiny\n")) == []


@pytest.mark.parametrize(("name", "events_yaml", "expected"), BAD, ids=[c[0] for c in BAD])
def test_a_bad_date_or_order_is_reported_with_its_place(
    tmp_path: Path, name: str, events_yaml: str, expected: str
) -> None:
    project = make_project(tmp_path / "p", {"events.yaml": events_yaml}, docs_index="# Tiny\n")
    found = problems(project)
    assert any(line.startswith(expected) for line in found), "\n".join(found)
